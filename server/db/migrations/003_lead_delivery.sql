-- Lead delivery outbox. Runs unchanged on PGlite and on PostgreSQL.

-- One row per (stored lead, valuation, reservation or service booking) x destination, written
-- in the same transaction as the record: a crash can lose neither without the other. The
-- delivery_id is sent with every attempt so a receiver can drop a duplicate (at-least-once).
-- A worker leases a due row (lease_owner, lease_until) before sending, so two servers never
-- send one row at the same time; an expired lease (a killed server) makes the row due again.
CREATE TABLE deliveries (
  id              bigserial   PRIMARY KEY,
  delivery_id     text        NOT NULL UNIQUE,
  website_slug    text        NOT NULL,
  subject_kind    text        NOT NULL,
  subject_id      integer     NOT NULL,
  destination     jsonb       NOT NULL,
  status          text        NOT NULL DEFAULT 'pending',
  attempts        integer     NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  give_up_at      timestamptz NOT NULL,
  lease_owner     text,
  lease_until     timestamptz,
  last_error      text,
  sent_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deliveries_due ON deliveries (status, next_attempt_at);
CREATE INDEX deliveries_subject ON deliveries (subject_kind, subject_id);
CREATE INDEX deliveries_website ON deliveries (website_slug, id);
