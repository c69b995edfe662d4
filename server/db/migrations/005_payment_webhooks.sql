-- Live deposits. Runs unchanged on PGlite and on PostgreSQL.

-- Every payment provider event acted on, once per website: a provider sends an event again
-- until it is answered 2xx (and sometimes after), so the event id decides whether it was
-- already applied. One account may notify several websites' endpoints of the same event.
CREATE TABLE IF NOT EXISTS payment_events (
  website_slug text        NOT NULL,
  provider     text        NOT NULL,
  event_id     text        NOT NULL,
  type         text        NOT NULL,
  received_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (website_slug, provider, event_id)
);

-- When the provider's hosted payment page stops taking the payment (a pending reservation
-- past it is released), and the provider's id of the payment itself (a refund names it).
ALTER TABLE reservations ADD COLUMN IF NOT EXISTS expires_at timestamptz;
ALTER TABLE reservations ADD COLUMN IF NOT EXISTS payment_reference text;
CREATE INDEX IF NOT EXISTS reservations_payment_reference ON reservations (payment_reference);

-- A valuation filed for the dealer to price (valuation: lead) has no offer until the dealer makes one.
ALTER TABLE valuations ALTER COLUMN offer_price DROP NOT NULL;
