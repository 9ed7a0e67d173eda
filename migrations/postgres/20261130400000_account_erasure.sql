-- An account its owner deleted: when. Its personal details are erased in the same transaction (the row stays so
-- the records the law keeps — orders, payments, payouts, the ledger — keep pointing at an anonymous account).
alter table users add column deleted_at bigint;
