-- The job queue: work that must survive a restart and run once across server instances (mail, webhooks,
-- broadcasts, housekeeping). status: queued | running | done | failed. A running job's claim lasts until
-- locked_until; after that another worker may take it again.
create table jobs (
    id text primary key,
    kind text not null,
    payload text not null,
    dedupe_key text,
    status text not null,
    run_at bigint not null,
    attempts integer not null,
    max_attempts integer not null,
    locked_by text,
    locked_until bigint,
    last_error text,
    created_at bigint not null,
    finished_at bigint
);
create unique index jobs_dedupe_key_key on jobs (dedupe_key);
create index jobs_due_idx on jobs (status, run_at);
