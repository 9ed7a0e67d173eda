-- Learning a course: the text of reading lessons, what each learner completed and where they resume.
-- The PostgreSQL file is the same statements.

-- A lesson's text in both languages: the whole lesson when it has no video, notes beside the video otherwise.
alter table course_lessons add column body_vi text not null default '';
alter table course_lessons add column body_en text not null default '';

-- The lesson the learner opened last, where the learning page resumes. No foreign key: a curriculum is saved by
-- replacing its lessons (each keeping its id), and a lesson that left the course is simply not resumed.
alter table course_enrollments add column last_lesson_id text;

-- The lessons each learner completed. lesson_id has no foreign key for the same reason: progress counts only
-- the completions of lessons the course still has, and a lesson saved again keeps its completions.
-- course_enrollments.progress and .completed keep the figures as of the learner's latest change.
create table lesson_completions (
    user_id text not null references users (id) on delete cascade,
    course_id text not null references courses (id) on delete cascade,
    lesson_id text not null,
    completed_at bigint not null,
    primary key (user_id, course_id, lesson_id)
);
