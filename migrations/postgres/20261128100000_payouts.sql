-- Paying teachers. A teacher keeps payout accounts (a bank account each, one the default; a new or changed one
-- can receive a payout only from ready_at on) and asks for payouts; an administrator pays, rejects or marks
-- a paid one failed. Balances are never stored: they are sums of the ledger, where a request moves its amount
-- from the teacher's earnings to `payout:reserved:<teacher>`, paying it moves it out through the payout
-- method's clearing account (less the tax withheld, `tax:withheld:<teacher>`, and the method's fee,
-- `platform:payout_fees`), and a rejection or a failure gives it back.
create table payout_accounts (
    id text primary key not null,
    user_id text not null references users (id),
    bank_bin text not null,
    account_number text not null,
    holder_name text not null,
    is_default integer not null default 0,
    ready_at bigint not null,
    created_at bigint not null,
    updated_at bigint not null,
    removed_at bigint
);
create index payout_accounts_user_idx on payout_accounts (user_id, removed_at);

-- status: pending | paid | rejected | failed. The account is copied as it was when asked (accounts change).
-- idempotency_key: the client's key: the same key of one teacher gives the same request.
create table payout_requests (
    id text primary key not null,
    teacher_id text not null references users (id),
    account_id text not null references payout_accounts (id),
    bank_bin text not null,
    account_number text not null,
    holder_name text not null,
    method text not null,
    amount bigint not null,
    fee bigint not null,
    tax bigint not null,
    net bigint not null,
    currency text not null,
    status text not null check (status in ('pending', 'paid', 'rejected', 'failed')),
    idempotency_key text not null,
    reason text,
    note text not null default '',
    bank_reference text,
    paid_on text,
    decided_by text references users (id),
    decided_at bigint,
    created_at bigint not null,
    updated_at bigint not null
);
create unique index payout_requests_teacher_key on payout_requests (teacher_id, idempotency_key);
create index payout_requests_status_idx on payout_requests (status, created_at);
create index payout_requests_teacher_idx on payout_requests (teacher_id, created_at);

-- What happened to a request, with who: asked, paid, rejected, failed.
create table payout_request_events (
    id text primary key not null,
    request_id text not null references payout_requests (id),
    kind text not null,
    actor_id text references users (id),
    note text not null default '',
    created_at bigint not null
);
create index payout_request_events_request_idx on payout_request_events (request_id, created_at);

-- A teacher's commitment (form 08/CK-TNCN) for a year: no tax is withheld from their payouts of that year.
create table tax_commitments (
    teacher_id text not null references users (id),
    year bigint not null,
    declared_on text not null,
    recorded_by text references users (id),
    created_at bigint not null,
    primary key (teacher_id, year)
);

-- A statement reads a teacher's entries by time.
create index ledger_entries_account_time_idx on ledger_entries (account_code, created_at);
create index ledger_transactions_order_kind_idx on ledger_transactions (order_id, kind);

-- The ledger's accounts of payouts: what requests reserve and the tax withheld (per teacher).
alter table ledger_accounts drop constraint ledger_accounts_kind_check;
alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in ('platform_revenue', 'teacher_earnings', 'payment_clearing', 'customer_funds', 'refunds', 'payout_reserved', 'tax_withheld'));
