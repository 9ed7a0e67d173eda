-- Notifications: what the academy tells one person (a purchase receipt, a booking, a payout decision, an
-- administrator's broadcast), shown in the header's dropdown and on /notification.
--
-- An administrator's broadcast is written once in notification_broadcasts; each recipient's row in
-- notifications points at it and leaves its own texts null (a broadcast to 100,000 people stores its texts
-- once). `cursor` is the last recipient (users.id) written: the job queue writes recipients in batches of
-- increasing user id and resumes after it.
create table notification_broadcasts (
    id text primary key not null,
    sender_id text references users (id) on delete set null,
    -- all | role | users
    audience text not null check (audience in ('all', 'role', 'users')),
    -- The role of a role broadcast (ADMIN, STAFF, TEACHER, STUDENT).
    role text,
    -- JSON list of the chosen users' ids of a users broadcast.
    user_ids text,
    title_vi text not null,
    title_en text not null,
    message_vi text not null,
    message_en text not null,
    image_url text,
    action_link text,
    -- queued | sending | sent
    status text not null check (status in ('queued', 'sending', 'sent')),
    -- Recipients counted when the broadcast was sent.
    total bigint not null,
    -- Recipients written so far.
    sent bigint not null default 0,
    cursor text,
    created_at bigint not null,
    finished_at bigint
);
create index notification_broadcasts_created_idx on notification_broadcasts (created_at);

create table notifications (
    id text primary key not null,
    user_id text not null references users (id) on delete cascade,
    -- CoursePurchase, BookMentorShip, Referral, AdminNotification, Broadcast, WithdrawalRequest, PaymentRequest,
    -- Other.
    kind text not null,
    -- Null on a broadcast's rows: the texts are the broadcast's.
    title_vi text,
    title_en text,
    message_vi text,
    message_en text,
    image_url text,
    action_link text,
    broadcast_id text references notification_broadcasts (id) on delete cascade,
    is_read integer not null default 0,
    read_at bigint,
    -- 1 when the notification also goes by mail; mailed_at is set once the mail went out.
    mail integer not null default 0,
    mailed_at bigint,
    created_at bigint not null
);
-- A person's list, newest first, and their unread count.
create index notifications_user_created_idx on notifications (user_id, created_at);
create index notifications_user_read_idx on notifications (user_id, is_read);
-- A broadcast reaches each recipient once, however often a batch is retried; and its read count.
create unique index notifications_broadcast_user_key on notifications (broadcast_id, user_id);
create index notifications_broadcast_read_idx on notifications (broadcast_id, is_read);
