-- Limits shared by every API process (docs/security.md "Limits").
--
-- The general /api limit: each process counts requests per key (`u:<uid>` for a signed-in user,
-- `a:<address>` for anonymous calls) in memory and adds its counts here about once a second,
-- reading back the totals of all processes. `window_start` is the minute (Unix time / 60).
-- UNLOGGED: no WAL for counters that matter for a minute; a crash of PostgreSQL empties them,
-- which only forgives the current minute.
CREATE UNLOGGED TABLE rate_limit_counts (
  bucket text NOT NULL,
  window_start bigint NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (bucket, window_start)
);

-- Registrations per client address (RATE_LIMIT_REGISTER an hour): one row per created account.
CREATE TABLE registration_log (
  address text NOT NULL,
  at timestamp(3) NOT NULL DEFAULT now()
);
CREATE INDEX registration_log_address_at ON registration_log (address, at);
