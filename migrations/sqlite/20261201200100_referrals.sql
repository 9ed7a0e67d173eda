-- Referral links: each teacher's share code; the teachers whose link a signed-in person arrived through, and
-- when (a purchase of that teacher's course within 7 days is theirs); the teacher an order item is referred by.
create table referral_codes (
    code text primary key not null,
    teacher_id text not null references users (id) on delete cascade,
    created_at bigint not null
);
create unique index referral_codes_teacher_key on referral_codes (teacher_id);

create table referral_visits (
    user_id text not null references users (id) on delete cascade,
    teacher_id text not null references users (id) on delete cascade,
    visited_at bigint not null,
    primary key (user_id, teacher_id)
);

alter table order_items add column referrer_id text;
