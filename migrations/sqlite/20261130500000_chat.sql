-- Messages between a mentee and the mentor of a booking: the booking is the conversation. Text only; read_at is
-- set when the recipient opens the conversation; mailed_at when the recipient was mailed about it (a message
-- left unread for 15 minutes), so one mail covers a run of unread messages.
create table chat_messages (
    id text primary key not null,
    booking_id text not null references mentorship_enrollments (id) on delete cascade,
    sender_id text not null references users (id) on delete cascade,
    recipient_id text not null references users (id) on delete cascade,
    body text not null,
    created_at bigint not null,
    read_at bigint,
    mailed_at bigint
);
create index chat_messages_booking_idx on chat_messages (booking_id, created_at);
create index chat_messages_unread_idx on chat_messages (recipient_id, read_at);
