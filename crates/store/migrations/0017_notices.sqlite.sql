-- Stored notices (issue 19): each private notice a player is sent (ladder challenges,
-- deadlines, places, league matches) is also kept here, newest 200 per player, so a player who
-- was not connected reads them later. `body` is the notice's WebSocket message (JSON).
CREATE TABLE notices (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL,
    at INTEGER NOT NULL,
    body TEXT NOT NULL,
    seen INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX notices_user ON notices (user_id, id);
