-- Uploads may be the pictures of the catalogue (course thumbnails, banners, category images) as well as avatars
-- and lesson videos. SQLite cannot change a check constraint in place: the table
-- is built again with the new one, its rows and indexes kept.
create table files_new (
    id text primary key not null,
    owner_id text not null references users (id) on delete cascade,
    purpose text not null check (purpose in ('avatar', 'picture', 'video')),
    client_name text not null,
    storage_key text not null,
    -- Known once the bytes arrived and were sniffed.
    content_type text,
    size_bytes bigint,
    created_at bigint not null,
    uploaded_at bigint
);
insert into files_new (id, owner_id, purpose, client_name, storage_key, content_type, size_bytes, created_at, uploaded_at)
    select id, owner_id, purpose, client_name, storage_key, content_type, size_bytes, created_at, uploaded_at from files;
drop table files;
alter table files_new rename to files;
create unique index files_storage_key_key on files (storage_key);
create index files_owner_id_client_name_idx on files (owner_id, client_name);
