-- A teacher's weekly availability in their own IANA zone: weekly is seven JSON arrays of local intervals
-- ({"start","end"} minutes after midnight), Monday first; overrides a JSON array of dated exceptions
-- ({"date":"YYYY-MM-DD","intervals":[...]}, none: a day off); buffer_minutes kept free around every session;
-- notice_minutes the least time between booking (or cancelling, or moving) a session and its start.
create table teacher_availability (
    teacher_id text primary key not null references users (id) on delete cascade,
    zone text not null,
    weekly text not null,
    overrides text not null,
    buffer_minutes bigint not null,
    notice_minutes bigint not null,
    updated_at bigint not null
);

-- A session a student booked within a mentorship booking (enrollment_id). status: booked or cancelled. A teacher
-- has at most one booked session starting at one instant (two students racing for a time: one wins).
create table mentorship_sessions (
    id text primary key not null,
    enrollment_id text not null references mentorship_enrollments (id) on delete cascade,
    teacher_id text not null references users (id) on delete cascade,
    student_id text not null references users (id) on delete cascade,
    start_at bigint not null,
    end_at bigint not null,
    status text not null default 'booked',
    created_at bigint not null,
    updated_at bigint not null
);
create unique index mentorship_sessions_teacher_start_idx on mentorship_sessions (teacher_id, start_at)
    where status = 'booked';
create index mentorship_sessions_teacher_idx on mentorship_sessions (teacher_id, status, end_at);
create index mentorship_sessions_student_idx on mentorship_sessions (student_id, start_at);
create index mentorship_sessions_enrollment_idx on mentorship_sessions (enrollment_id, status, start_at);
