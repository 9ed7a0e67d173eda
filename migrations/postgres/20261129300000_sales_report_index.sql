-- Sales reports read the ledger's sales and refunds by when they were posted.
create index ledger_transactions_kind_time_idx on ledger_transactions (kind, created_at);
