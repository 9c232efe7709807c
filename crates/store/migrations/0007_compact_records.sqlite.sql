-- How games.moves and games.clocks are encoded (store/game_record.rs): 0 = two bytes per move
-- and four per clock reading, 1 = xiangqi::record::compact. Existing rows start as 0; the
-- server converts them in place after the migrations (Db::compact_old_games).
ALTER TABLE games ADD COLUMN record_format BIGINT NOT NULL DEFAULT 0;
-- The rows still to convert (and games in progress), found without scanning every game.
CREATE INDEX games_legacy_record ON games(id) WHERE record_format = 0;
