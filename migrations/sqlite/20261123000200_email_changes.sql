-- Changes of a person's own e-mail address waiting for confirmation from the new address. The change takes
-- effect only when the link mailed there is opened. id = sha-256 hex of the token in the link: the token itself
-- is never stored. A link works once and until expires_at; asking for another change voids the older ones, and
-- a password reset voids them all. session_id is the session that asked: it stays open when the change is
-- confirmed, the user's other sessions end (sessions.revoked_reason 'email_change', like those ended when an
-- administrator changes the address).
-- The PostgreSQL file is the same schema statement for statement.
create table email_changes (
    id text primary key not null,
    user_id text not null references users (id) on delete cascade,
    new_email text not null,
    session_id text,
    created_at bigint not null,
    expires_at bigint not null,
    used_at bigint
);
create index email_changes_user_id_idx on email_changes (user_id);
