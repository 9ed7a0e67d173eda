-- Coupons, orders and what happened to them. Money: bigint minor units with a currency code; times: bigint
-- epoch ms.

-- kind percent: value is the percentage (1-100); kind fixed: value is an amount of `currency`. course_id: the one
-- course it applies to (null: every course). max_uses / max_uses_per_user: null is unlimited. used_count is raised
-- by a conditional update that never passes max_uses, and lowered when an order holding a use is cancelled or
-- expires.
create table coupons (
    id text primary key not null,
    code text not null,
    kind text not null check (kind in ('percent', 'fixed')),
    value bigint not null check (value > 0),
    currency text,
    course_id text references courses (id) on delete cascade,
    starts_at bigint,
    ends_at bigint,
    min_order bigint not null default 0 check (min_order >= 0),
    max_uses bigint check (max_uses is null or max_uses > 0),
    max_uses_per_user bigint check (max_uses_per_user is null or max_uses_per_user > 0),
    used_count bigint not null default 0 check (used_count >= 0),
    active integer not null default 1,
    description_vi text not null default '',
    description_en text not null default '',
    created_by text,
    created_at bigint not null,
    updated_at bigint not null
);
create unique index coupons_code_key on coupons (code);

-- A person's uses of a coupon, raised by a conditional upsert that never passes the coupon's per-person limit.
create table coupon_user_uses (
    coupon_id text not null references coupons (id) on delete cascade,
    user_id text not null references users (id) on delete cascade,
    uses bigint not null check (uses >= 0),
    primary key (coupon_id, user_id)
);

-- status: pending | paid | cancelled | expired | refunded. total is what is due (subtotal - discount_total);
-- amount_received adds up the transfers that arrived for it; commission_percent is the platform's share at
-- checkout. idempotency_key: the client's key of the checkout that made it (one order per key and person).
create table orders (
    id text primary key not null,
    code text not null,
    user_id text not null references users (id),
    status text not null check (status in ('pending', 'paid', 'cancelled', 'expired', 'refunded')),
    currency text not null,
    subtotal bigint not null check (subtotal >= 0),
    discount_total bigint not null check (discount_total >= 0),
    total bigint not null check (total >= 0),
    amount_received bigint not null default 0,
    amount_refunded bigint not null default 0,
    coupon_id text references coupons (id),
    coupon_code text,
    commission_percent bigint not null check (commission_percent between 0 and 100),
    payment_method text not null default 'bank_transfer',
    idempotency_key text,
    expires_at bigint not null,
    paid_at bigint,
    closed_at bigint,
    refunded_at bigint,
    created_at bigint not null,
    updated_at bigint not null
);
create unique index orders_code_key on orders (code);
create unique index orders_user_idempotency_key on orders (user_id, idempotency_key);
create index orders_user_idx on orders (user_id, created_at desc);
create index orders_status_idx on orders (status, created_at desc);
create index orders_created_idx on orders (created_at desc);

-- One course of an order, as it was sold: its prices at checkout, its share of the coupon (discount), what was
-- paid for it (price - discount) and that amount's split between its teacher and the platform. The course and
-- teacher are kept as ids without references: an order outlives a course taken off the catalogue.
create table order_items (
    id text primary key not null,
    order_id text not null references orders (id),
    course_id text not null,
    teacher_id text not null,
    title_vi text not null,
    title_en text not null,
    thumbnail text,
    list_price bigint not null,
    price bigint not null,
    discount bigint not null,
    paid bigint not null,
    teacher_share bigint not null,
    platform_share bigint not null,
    currency text not null,
    status text not null default 'active' check (status in ('active', 'refunded')),
    refunded_at bigint,
    position bigint not null
);
create index order_items_order_idx on order_items (order_id, position);
create index order_items_course_idx on order_items (course_id);
create index order_items_teacher_idx on order_items (teacher_id);

-- What happened to an order and who did it (actor_id null: the system, the bank feed or a payment gateway),
-- with an administrator's note.
create table order_events (
    id text primary key not null,
    order_id text not null references orders (id),
    kind text not null,
    actor_id text,
    note text not null default '',
    amount bigint,
    created_at bigint not null
);
create index order_events_order_idx on order_events (order_id, created_at);
