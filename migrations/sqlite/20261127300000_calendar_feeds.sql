-- A teacher's calendar subscription: the SHA-256 (hex) of the secret token in its address `/calendar/{token}.ics`
-- (a leaked database hands out no working address). One per teacher: a new token replaces the old one, and
-- deleting the row revokes the address.
create table calendar_feeds (
    teacher_id text primary key not null references users (id) on delete cascade,
    token_hash text not null,
    created_at bigint not null
);
create unique index calendar_feeds_token_hash_key on calendar_feeds (token_hash);
