-- A conversation reported by one of its two people: administrators may then read it (read-only). One report per
-- person and conversation; reporting again keeps the first.
create table chat_reports (
    id text primary key not null,
    booking_id text not null references mentorship_enrollments (id) on delete cascade,
    reporter_id text not null references users (id) on delete cascade,
    reason text not null default '',
    created_at bigint not null
);
create unique index chat_reports_booking_reporter_key on chat_reports (booking_id, reporter_id);
create index chat_reports_created_idx on chat_reports (created_at);
