-- Live classes: a teacher's session for the students of one of their courses or the mentees of one of their
-- plans. `taken` counts the registrations and never passes `seats`: a registration raises it with a conditional
-- update, so concurrent students cannot overfill a class.
create table classes (
    id text primary key not null,
    teacher_id text not null references users (id) on delete cascade,
    topic text not null,
    description text not null default '',
    course_id text references courses (id) on delete cascade,
    plan_id text references mentorship_plans (id) on delete cascade,
    starts_at bigint not null,
    ends_at bigint not null,
    seats bigint not null check (seats > 0),
    taken bigint not null default 0 check (taken >= 0 and taken <= seats),
    status text not null default 'scheduled' check (status in ('scheduled', 'cancelled')),
    created_at bigint not null,
    updated_at bigint not null,
    check ((course_id is null) <> (plan_id is null)),
    check (ends_at > starts_at)
);
create index classes_teacher_idx on classes (teacher_id, starts_at);
create index classes_course_idx on classes (course_id, starts_at);
create index classes_plan_idx on classes (plan_id, starts_at);

create table class_registrations (
    id text primary key not null,
    class_id text not null references classes (id) on delete cascade,
    student_id text not null references users (id) on delete cascade,
    created_at bigint not null
);
create unique index class_registrations_class_student_key on class_registrations (class_id, student_id);
create index class_registrations_student_idx on class_registrations (student_id);
