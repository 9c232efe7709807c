-- Teams (issue 19): a named group of players with a captain, for team leagues (docs/teams.md).
-- `name_key` is the case-folded name (platform::team::TeamName), unique over all teams.
-- `open_join` = 1: anyone may join (up to 16 members); the captain may close the team (0), then
-- nobody joins. `version` rises with every change; a change updates it first, which locks the
-- team's row for the rest of its transaction (so two joins never pass the size limit together).
-- `team_members.seq` is the join order, the default board order of a league match.
CREATE TABLE teams (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    captain INTEGER NOT NULL,
    open_join INTEGER NOT NULL DEFAULT 1,
    version INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
);
CREATE TABLE team_members (
    team_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    joined_at INTEGER NOT NULL,
    PRIMARY KEY (team_id, user_id)
);
CREATE INDEX team_members_user ON team_members (user_id, team_id);
