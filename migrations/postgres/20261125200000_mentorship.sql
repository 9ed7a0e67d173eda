-- Mentorship plans as teachers sell them, and bookings bought through checkout.
-- A plan's duration is duration_value days or months (duration_days keeps its length in days, a month counted as
-- 30, for lists); each period includes sessions_per_period sessions of session_minutes; at most max_mentees
-- people hold an active booking (or an unpaid order) of it at a time.
alter table mentorship_plans add column duration_value bigint not null default 30;
alter table mentorship_plans add column duration_unit text not null default 'days';
alter table mentorship_plans add column sessions_per_period bigint not null default 4;
alter table mentorship_plans add column session_minutes bigint not null default 60;
alter table mentorship_plans add column max_mentees bigint not null default 10;
update mentorship_plans set duration_value = duration_days;
create index mentorship_plans_owner_idx on mentorship_plans (owner_id, created_at);

-- A booking keeps what was paid for it (a plan's later price changes never touch it) and the order that paid
-- it last; a renewal updates its period, price and order.
alter table mentorship_enrollments add column price bigint not null default 0;
alter table mentorship_enrollments add column currency text not null default 'VND';
alter table mentorship_enrollments add column order_id text;
alter table mentorship_enrollments add column updated_at bigint not null default 0;
update mentorship_enrollments set price = (select p.price from mentorship_plans p where p.id = mentorship_enrollments.plan_id),
    currency = (select p.currency from mentorship_plans p where p.id = mentorship_enrollments.plan_id),
    updated_at = created_at;
create index mentorship_enrollments_plan_idx on mentorship_enrollments (plan_id, end_at);

-- kind: course (course_id is the course) or mentorship_plan (course_id is the plan, and the plan's duration at
-- checkout is kept: plan_duration_value plan_duration_unit).
alter table order_items add column kind text not null default 'course';
alter table order_items add column plan_duration_value bigint;
alter table order_items add column plan_duration_unit text;
