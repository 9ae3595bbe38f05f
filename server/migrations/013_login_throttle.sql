-- Login throttling a stranger cannot turn against the owner (server/src/features/accounts/login-limit.ts):
-- failures now lock an (account, address) pair, so the pair is what the lock reads most.
CREATE INDEX login_failures_pair_idx ON login_failures (account, address, at);

-- Calls of valitedRegister per client address (4 x RATE_LIMIT_REGISTER an hour), so its 409 for
-- a taken e-mail cannot be used to test a list of addresses: one row per counted call.
CREATE TABLE register_check_log (
  address text NOT NULL,
  at timestamp(3) NOT NULL DEFAULT now()
);
CREATE INDEX register_check_log_address_at ON register_check_log (address, at);
