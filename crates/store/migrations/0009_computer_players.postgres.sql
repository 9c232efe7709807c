-- The computer's levels as rated players (issue 17): one users row per level 1..10, found by
-- this column (NULL for people). The server creates the missing rows at start-up with the
-- rating profile's anchored ladder (platform::rating::computer); they have no password, so
-- nobody can log in as one.
ALTER TABLE users ADD COLUMN computer_level BIGINT;
CREATE UNIQUE INDEX users_computer_level ON users(computer_level);
