-- Who is connected to an online room now, across server instances: one row per open connection, refreshed
-- while it lives (`seen_at`, epoch ms) and deleted when it closes; a row not refreshed for a minute belongs to
-- a connection that died with its instance and no longer counts.
create table meeting_presence (
    connection_id text primary key not null,
    room_id text not null,
    user_id text not null references users (id) on delete cascade,
    joined_at bigint not null,
    seen_at bigint not null
);
create index meeting_presence_room_idx on meeting_presence (room_id, seen_at);
