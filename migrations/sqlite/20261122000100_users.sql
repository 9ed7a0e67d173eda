-- Accounts: every person who signs in (students, teachers, staff, admins).
-- Types follow what sqlx's Any driver can read: ids text, times bigint epoch milliseconds, flags integer 0/1.

create table users (
    id text primary key not null,
    username text not null,
    -- As typed, shown back to the user.
    email text not null,
    -- trim + Unicode lower case, computed by the server (SQLite's lower() only folds ASCII); unique.
    email_lower text not null,
    -- argon2id PHC string.
    password_hash text not null,
    first_name text,
    last_name text,
    phone_number text,
    address text,
    -- YYYY-MM-DD.
    dob text,
    -- Public URL of the avatar.
    avatar text,
    role text not null check (role in ('ADMIN', 'STAFF', 'TEACHER', 'STUDENT')),
    status text not null default 'active' check (status in ('active', 'locked')),
    -- Every token carries the version it was issued at; raising it kills all of the user's tokens
    -- (lock, password change or reset, "log out everywhere").
    token_version bigint not null default 0,
    created_at bigint not null,
    updated_at bigint not null
);
create unique index users_username_key on users (username);
create unique index users_email_lower_key on users (email_lower);
create index users_role_idx on users (role);

