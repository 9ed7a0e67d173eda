-- Money movements reported by banks and gateways, stored as they arrived and applied once: a provider's
-- transaction id appears here at most once, whatever its retries. outcome: paid | partial | overpaid |
-- unmatched (no order found) | order_closed (expired, cancelled or refunded order) | already_paid | ignored (an
-- outgoing transfer). review_status: none | open (an administrator must look at it) | resolved.
create table payment_transactions (
    id text primary key not null,
    provider text not null,
    provider_id text not null,
    raw text not null,
    transfer_type text not null,
    amount bigint not null,
    currency text not null,
    content text not null default '',
    order_code text,
    order_id text references orders (id),
    outcome text not null,
    review_status text not null default 'none' check (review_status in ('none', 'open', 'resolved')),
    reviewed_by text,
    review_note text not null default '',
    reviewed_at bigint,
    received_at bigint not null
);
create unique index payment_transactions_provider_key on payment_transactions (provider, provider_id);
create index payment_transactions_review_idx on payment_transactions (review_status, received_at desc);
create index payment_transactions_order_idx on payment_transactions (order_id);
