-- Server-wide key/value settings.
create table settings (
    name text primary key not null,
    value text not null,
    updated_at bigint not null
);
