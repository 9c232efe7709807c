-- Casual games (issue 17): a game a pair of unrated seeks made is played unrated by choice. The
-- flag is stored when the game starts, so a game restored after a restart stays casual; such a
-- game is never rated (`rated` stays 0) and pays no winner's reward.
ALTER TABLE games ADD COLUMN casual BIGINT NOT NULL DEFAULT 0;
