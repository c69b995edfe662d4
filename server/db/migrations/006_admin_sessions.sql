-- Inbox sessions. Runs unchanged on PGlite and on PostgreSQL.

-- A signed-in inbox session, kept here so a restart of serve keeps it. The key is the SHA-256
-- of the cookie's random id (the id itself is never stored); the user's dealers are read from
-- the operator's users at each request, so removing a user ends their sessions.
CREATE TABLE IF NOT EXISTS admin_sessions (
  id_hash    text        PRIMARY KEY,
  user_name  text        NOT NULL,
  csrf       text        NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS admin_sessions_expires ON admin_sessions (expires_at);
