-- Every change an administrator makes to the academy's settings (its details, payments, payouts): who, when,
-- which setting, the value before and after (secrets already masked). Rows are never updated or deleted.
create table settings_changes (
    id text primary key not null,
    changed_at bigint not null,
    user_id text not null,
    setting text not null,
    old_value text not null,
    new_value text not null
);
create index settings_changes_changed_at on settings_changes (changed_at);
create index settings_changes_setting on settings_changes (setting, changed_at);
create index settings_changes_user on settings_changes (user_id, changed_at);
