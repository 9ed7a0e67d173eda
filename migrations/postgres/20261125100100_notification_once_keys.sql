-- A notification told at most once per event (a purchase, a booking): its key, unique per person. Null for
-- notifications that may repeat.
alter table notifications add column once_key text;
create unique index notifications_user_once_key on notifications (user_id, once_key);
