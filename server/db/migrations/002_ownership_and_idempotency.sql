-- Ownership and idempotency hardening. Runs unchanged on PGlite and on PostgreSQL.

-- Only the creator of a lead or valuation may update it: it holds the update token answered
-- with the id, and the row keeps the token's SHA-256 (hex). Rows from before have none and
-- can no longer be updated.
ALTER TABLE leads ADD COLUMN update_token_hash text;
ALTER TABLE valuations ADD COLUMN update_token_hash text;

-- An Idempotency-Key answers only the request it was first used for: the SHA-256 of that
-- request's body is kept, and another body with the same key is refused (422).
ALTER TABLE idempotency ADD COLUMN request_hash text;

-- Car ids are the stock feed's, any positive safe integer: wider than int4.
ALTER TABLE phone_reveals ALTER COLUMN car_id TYPE bigint;

-- Reservations (reserve with a deposit). Servers before this migration created the table on
-- first use, hence IF NOT EXISTS; either way it ends up the same.
CREATE TABLE IF NOT EXISTS reservations (
  id                 serial PRIMARY KEY,
  reference          text        NOT NULL UNIQUE,
  website_slug       text        NOT NULL,
  car_id             integer     NOT NULL,
  lead_id            integer     NOT NULL,
  amount             numeric(12, 2) NOT NULL,
  currency           text        NOT NULL,
  provider           text        NOT NULL,
  provider_reference text,
  status             text        NOT NULL DEFAULT 'pending',
  return_path        text        NOT NULL,
  description        text        NOT NULL DEFAULT '',
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE reservations ALTER COLUMN car_id TYPE bigint;
CREATE UNIQUE INDEX IF NOT EXISTS reservations_one_paid_per_car ON reservations (website_slug, car_id) WHERE status = 'paid';
