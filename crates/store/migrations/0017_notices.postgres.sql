-- Stored notices (issue 19): each private notice a player is sent (ladder challenges,
-- deadlines, places, league matches) is also kept here, newest 200 per player, so a player who
-- was not connected reads them later. `body` is the notice's WebSocket message (JSON).
CREATE TABLE notices (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL,
    at BIGINT NOT NULL,
    body TEXT NOT NULL,
    seen BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX notices_user ON notices (user_id, id);
