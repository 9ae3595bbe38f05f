-- Own your data (docs/export-format.md, docs/api.md "Export, import and archive"): export tickets
-- and the origin keys that make an import idempotent.

-- One row per prepared export. The ticket itself (a random 256-bit secret in the download URL) is
-- stored only as its sha256, so any API process can serve it and a database leak reveals none.
-- The two generated files (data.json, index.html) and the list of pictures are fixed at prepare
-- time, so the ZIP's size is known in advance and equals the download's Content-Length.
CREATE TABLE export_tickets (
  ticket_hash bytea PRIMARY KEY,
  uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  created_at timestamp(3) NOT NULL DEFAULT now(),
  expires_at timestamp(3) NOT NULL,
  -- The entries' modification time in the ZIP (also data.json's exportedAt).
  exported_at timestamp(3) NOT NULL,
  size bigint NOT NULL CHECK (size > 0),
  data_json bytea NOT NULL,
  index_html bytea NOT NULL,
  -- [{name, source: 'storage' | 'inline', key, size, data?}] in ZIP order (inline: the emoji, base64).
  files jsonb NOT NULL,
  -- A newer prepare of the same user replaces an unused ticket.
  cancelled_at timestamp(3),
  -- The one-time download: set when it starts; progress written at most every ~250 KB / 250 ms.
  used_at timestamp(3),
  sent bigint NOT NULL DEFAULT 0,
  progress_at timestamp(3),
  done boolean NOT NULL DEFAULT false,
  failed boolean NOT NULL DEFAULT false
);
-- The per-hour limit and "one export at a time" both read a user's recent tickets.
CREATE INDEX export_tickets_uid_idx ON export_tickets (uid, created_at);

-- Which site an export came from: a random id made once per database. An import from the same
-- site recognises rows that still exist by their ids; a reset database gets a new id.
INSERT INTO app_secrets (name, value) VALUES ('instance_id', gen_random_uuid()::text)
ON CONFLICT (name) DO NOTHING;

-- Origin keys: '<instance id>:<original id>' of an imported row, unique per table, so importing the
-- same ZIP twice creates nothing twice. NULL for rows written on this site.
ALTER TABLE yy ADD COLUMN origin text;
CREATE UNIQUE INDEX yy_origin_idx ON yy (origin) WHERE origin IS NOT NULL;
ALTER TABLE yy_comments ADD COLUMN origin text;
CREATE UNIQUE INDEX yy_comments_origin_idx ON yy_comments (origin) WHERE origin IS NOT NULL;
ALTER TABLE leaves ADD COLUMN origin text;
CREATE UNIQUE INDEX leaves_origin_idx ON leaves (origin) WHERE origin IS NOT NULL;
ALTER TABLE leave_replies ADD COLUMN origin text;
CREATE UNIQUE INDEX leave_replies_origin_idx ON leave_replies (origin) WHERE origin IS NOT NULL;
