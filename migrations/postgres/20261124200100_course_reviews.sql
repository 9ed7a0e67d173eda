-- Reviews of courses: one per learner and course (editable), the teacher's reply, and hiding by an
-- administrator. courses.rating_avg and .rating_count are recomputed from the visible reviews in the
-- transaction of every change. The SQLite file is the same statements.
create table course_reviews (
    id text primary key not null,
    course_id text not null references courses (id) on delete cascade,
    user_id text not null references users (id) on delete cascade,
    rating bigint not null check (rating between 1 and 5),
    -- Plain text, trimmed; null when the learner only gave stars.
    body text,
    reply text,
    replied_at bigint,
    replied_by text references users (id) on delete set null,
    -- 1: hidden by an administrator (not listed, not counted in the course's rating).
    hidden integer not null default 0,
    hidden_at bigint,
    hidden_by text references users (id) on delete set null,
    created_at bigint not null,
    updated_at bigint not null
);
create unique index course_reviews_course_user_key on course_reviews (course_id, user_id);
-- The course page lists its visible reviews, newest first.
create index course_reviews_course_idx on course_reviews (course_id, hidden, created_at desc);
