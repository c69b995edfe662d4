-- Lead server schema. Runs unchanged on PGlite and on PostgreSQL.

CREATE TABLE leads (
  id              serial PRIMARY KEY,
  dealership_slug text        NOT NULL,
  website_slug    text        NOT NULL,
  category        text,
  subcategory     text,
  lead_status     text,
  form_completed  boolean     NOT NULL DEFAULT true,
  payload         jsonb       NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX leads_website_slug ON leads (website_slug, id);
CREATE INDEX leads_dealership_slug ON leads (dealership_slug, id);

-- A repeated POST with the same Idempotency-Key gets the first answer. status is NULL while the
-- first request is still being handled.
CREATE TABLE idempotency (
  key        text        NOT NULL,
  dealer     text        NOT NULL,
  route      text        NOT NULL,
  status     integer,
  response   jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (dealer, key)
);

CREATE TABLE valuations (
  id                 serial PRIMARY KEY,
  dealership_slug    text        NOT NULL,
  website_slug       text        NOT NULL,
  rego               text,
  rego_state         text,
  offer_price        integer     NOT NULL,
  adjustment_answers jsonb,
  payload            jsonb       NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE events (
  id           serial PRIMARY KEY,
  website_slug text        NOT NULL,
  type         text        NOT NULL,
  payload      jsonb       NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE phone_reveals (
  id            serial PRIMARY KEY,
  website_slug  text        NOT NULL,
  car_id        integer,
  dealership_id integer,
  website_id    integer,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE uploads (
  id          serial PRIMARY KEY,
  lead_id     integer     NOT NULL REFERENCES leads (id),
  field       text        NOT NULL,
  filename    text        NOT NULL,
  stored_path text        NOT NULL,
  mimetype    text        NOT NULL,
  size        integer     NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
