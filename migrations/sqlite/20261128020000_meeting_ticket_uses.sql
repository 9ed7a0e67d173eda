-- The room tickets already used to open a signalling socket, across server instances: a ticket opens one
-- socket only. A row is kept until its ticket's expiry (`expires_at`, epoch seconds) has passed, after which the
-- ticket is refused as expired anyway.
create table meeting_ticket_uses (
    ticket_id text primary key not null,
    expires_at bigint not null
);
create index meeting_ticket_uses_expiry_idx on meeting_ticket_uses (expires_at);
