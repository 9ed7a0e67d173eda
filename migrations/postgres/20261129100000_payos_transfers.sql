-- A payout request sent through payOS: one transfer per request, asked for with one idempotency key (asking
-- again with the same key answers the same transfer, never a second one). state: SENDING until payOS answers,
-- then payOS's state of the transfer (RECEIVED, PROCESSING, ON_HOLD, SUCCEEDED, FAILED, CANCELLED, REVERSED),
-- polled until it is final; settled_at: when its final state decided the request (paid or failed). While a
-- transfer is not settled, nobody decides the request by hand.
create table payos_transfers (
    request_id text primary key not null references payout_requests (id),
    idempotency_key text not null,
    payos_id text,
    state text not null,
    sent_by text not null references users (id),
    checks bigint not null default 0,
    created_at bigint not null,
    updated_at bigint not null,
    settled_at bigint
);
create unique index payos_transfers_key on payos_transfers (idempotency_key);
