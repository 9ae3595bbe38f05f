-- Independent delivery of the remotes (docs/api.md "Publishing a remote", ADR 0010).
--
-- Deploy keys: one remote each, created and revoked by the operator (npm run deploy-key); only the
-- SHA-256 of a key is kept, the key itself is printed once.
CREATE TABLE deploy_keys (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  remote text NOT NULL,
  key_hash bytea NOT NULL UNIQUE,
  created_at timestamp(3) NOT NULL DEFAULT now(),
  last_used_at timestamp(3),
  revoked_at timestamp(3)
);

-- A published build of a remote: immutable, its files in the uploads storage under
-- remotes/<remote>/<version>/. version is a short hash of the files' paths and contents, so the same
-- build published twice is one version. files: {"<path>": {"size", "sha256", "key"}}.
-- last_active_at: when it stopped being the active one (its hashed files are served for
-- REMOTE_RETAIN_DAYS after that, for pages still open).
CREATE TABLE remote_versions (
  remote text NOT NULL,
  version text NOT NULL,
  created_at timestamp(3) NOT NULL DEFAULT now(),
  commit text,
  files jsonb NOT NULL,
  contract jsonb,
  bytes bigint NOT NULL,
  key_id bigint REFERENCES deploy_keys (id) ON DELETE SET NULL,
  last_active_at timestamp(3),
  PRIMARY KEY (remote, version)
);

-- The version each published remote serves; switching is one UPDATE (atomic for every process).
CREATE TABLE remote_active (
  remote text PRIMARY KEY,
  version text NOT NULL,
  activated_at timestamp(3) NOT NULL DEFAULT now(),
  FOREIGN KEY (remote, version) REFERENCES remote_versions (remote, version)
);
