-- The ledger: where every amount of money is, in double entry. Each money event (a payment received, a sale, a
-- refund) is one ledger_transactions row with its entries, which sum to zero in each currency; it is written in
-- the same transaction as the change it records, once (its idempotency key is unique), and neither it nor its
-- entries are ever updated or deleted: a correction is a new event.

-- code: `platform:revenue`, `teacher:<user id>` (a teacher's earnings), `clearing:<payment method>` (money
-- received through that method), `customer:funds` (received but not yet applied to a sale: partial payments,
-- overpayments), `refunds` (owed back to students). owner_id: the teacher of a teacher's account.
create table ledger_accounts (
    code text primary key not null,
    kind text not null check (kind in ('platform_revenue', 'teacher_earnings', 'payment_clearing', 'customer_funds', 'refunds')),
    owner_id text,
    created_at bigint not null
);
create index ledger_accounts_owner_idx on ledger_accounts (owner_id);

-- kind: payment_received | sale | refund | ...; order_id: the order it concerns, if any.
create table ledger_transactions (
    id text primary key not null,
    idempotency_key text not null,
    kind text not null,
    order_id text,
    memo text not null default '',
    created_at bigint not null
);
create unique index ledger_transactions_idempotency_key_key on ledger_transactions (idempotency_key);
create index ledger_transactions_order_idx on ledger_transactions (order_id);

-- amount: signed minor units seen from the account holder: positive credits the account (a teacher's earnings
-- grow), negative debits it (money arrives through a payment method's clearing account as a negative entry).
create table ledger_entries (
    id text primary key not null,
    transaction_id text not null references ledger_transactions (id),
    account_code text not null references ledger_accounts (code),
    amount bigint not null,
    currency text not null,
    created_at bigint not null
);
create index ledger_entries_account_idx on ledger_entries (account_code, currency);
create index ledger_entries_transaction_idx on ledger_entries (transaction_id);

create trigger ledger_entries_never_updated before update on ledger_entries begin
    select raise(abort, 'ledger entries are never changed');
end;
create trigger ledger_entries_never_deleted before delete on ledger_entries begin
    select raise(abort, 'ledger entries are never deleted');
end;
create trigger ledger_transactions_never_updated before update on ledger_transactions begin
    select raise(abort, 'ledger transactions are never changed');
end;
create trigger ledger_transactions_never_deleted before delete on ledger_transactions begin
    select raise(abort, 'ledger transactions are never deleted');
end;
