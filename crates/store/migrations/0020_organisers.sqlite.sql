-- Organisers (issue 18): users an administrator granted the organiser role at run time
-- (`chuhe admin organiser grant`). They create events over HTTP and act on the events they
-- created; the organisers of the configuration (`[tournaments] organisers`) act on every event.
CREATE TABLE organisers (
    user_id INTEGER PRIMARY KEY,
    granted_by TEXT NOT NULL,
    granted_at INTEGER NOT NULL
);
