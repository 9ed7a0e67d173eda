-- Where a session was opened, so its person can tell their sessions apart and end one they do not know: the
-- browser's User-Agent (cut to 400 characters) and the client's address at sign-in.
alter table sessions add column user_agent text not null default '';
alter table sessions add column client_ip text not null default '';
