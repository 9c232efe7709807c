-- Recurring events (issue 18): an occurrence of a `[[tournaments.recurring]]` entry carries its
-- series key (`name@starts_at`), unique, so it is created once however many nodes look and
-- however often the server restarts. Events made by hand have none.
ALTER TABLE tournaments ADD COLUMN series TEXT;
CREATE UNIQUE INDEX tournaments_series ON tournaments (series);
