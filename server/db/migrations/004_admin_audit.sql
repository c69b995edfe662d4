-- Admin audit trail. Runs unchanged on PGlite and on PostgreSQL.

-- Every change made through the dealer's inbox (/admin) or `forecourt leads --erase`: who
-- (the signed-in user, or 'forecourt leads'), from where, when, what, on which website. The
-- detail never holds a shopper's contact details (an erasure is recorded by its counts).
CREATE TABLE admin_audit (
  id           bigserial   PRIMARY KEY,
  at           timestamptz NOT NULL DEFAULT now(),
  actor        text        NOT NULL,
  address      text,
  action       text        NOT NULL,
  website_slug text        NOT NULL,
  detail       jsonb       NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX admin_audit_website ON admin_audit (website_slug, id);
