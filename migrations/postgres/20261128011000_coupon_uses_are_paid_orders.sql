-- A coupon's uses are its paid orders: unpaid orders no longer hold one. Counts taken by orders still waiting for
-- their payment are given back.
update coupons set used_count = (
    select count(*) from orders where orders.coupon_id = coupons.id and orders.paid_at is not null
);
update coupon_user_uses set uses = (
    select count(*) from orders
    where orders.coupon_id = coupon_user_uses.coupon_id and orders.user_id = coupon_user_uses.user_id
      and orders.paid_at is not null
);
