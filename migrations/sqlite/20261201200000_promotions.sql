-- Promotions: a coupon shown on the site with its picture, texts in both languages, period and priority.
-- views and clicks are counted from the visitors' pages; redemptions are the paid orders that used the coupon
-- while the promotion was on (one row each in promotion_redemptions, so a retried payment counts once).
create table promotions (
    id text primary key not null,
    coupon_id text not null references coupons (id) on delete cascade,
    picture_url text,
    title_vi text not null,
    title_en text not null,
    text_vi text not null default '',
    text_en text not null default '',
    starts_at bigint,
    ends_at bigint,
    priority bigint not null default 0,
    active integer not null default 1,
    views bigint not null default 0,
    clicks bigint not null default 0,
    redemptions bigint not null default 0,
    created_by text,
    created_at bigint not null,
    updated_at bigint not null
);
create index promotions_coupon_idx on promotions (coupon_id);

-- Where each promotion shows: home, courses, cart.
create table promotion_placements (
    promotion_id text not null references promotions (id) on delete cascade,
    placement text not null check (placement in ('home', 'courses', 'cart')),
    primary key (promotion_id, placement)
);
create index promotion_placements_placement_idx on promotion_placements (placement, promotion_id);

create table promotion_redemptions (
    promotion_id text not null references promotions (id) on delete cascade,
    order_id text not null references orders (id),
    redeemed_at bigint not null,
    primary key (promotion_id, order_id)
);
