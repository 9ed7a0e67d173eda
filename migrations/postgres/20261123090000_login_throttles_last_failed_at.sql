-- The time of a counter's latest failure (epoch milliseconds): failed addresses of an account with many
-- failures wait a delay counted from the account's latest one. Null for counters that are not of failures
-- (password reset requests). The SQLite file is the same statement.
alter table login_throttles add column last_failed_at bigint;
