-- A user's settings of the web client (issue 36): board theme, pieces, sounds, notation, …
-- as one small JSON object, validated and capped by the server before it is stored.
CREATE TABLE user_settings (
    user_id BIGINT PRIMARY KEY REFERENCES users(id),
    body TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id);
