-- What sold and was refunded per day, so a sales report reads a few rows a day instead of every ledger entry. A
-- row holds the sale and refund lines of one local day in Vietnam (UTC+7 all year: days since 1970-01-01 of the
-- ledger transaction's `created_at` + 7 h), one kind of item (`course`, `mentorship_plan`), one course or plan,
-- one teacher and one currency. Orders are counted once per order (`orders`), once per order and kind
-- (`kind_orders`), once per order, kind and teacher (`teacher_orders`) and once per order, kind and course or plan
-- (`product_orders`), each on the row of the order's first such item, so an order count stays exact however the
-- rows are grouped. The ledger posts a sale or refund and adds it to these rows in one transaction.
create table report_day_sums (
    item_kind text not null,
    currency text not null,
    day bigint not null,
    product_id text not null,
    teacher_id text not null,
    title_vi text not null,
    title_en text not null,
    gross bigint not null,
    discounts bigint not null,
    refunds bigint not null,
    teacher_share bigint not null,
    commission bigint not null,
    units bigint not null,
    refunded_units bigint not null,
    renewals bigint not null,
    orders bigint not null,
    kind_orders bigint not null,
    teacher_orders bigint not null,
    product_orders bigint not null,
    primary key (item_kind, currency, day, product_id, teacher_id)
);
create index report_day_sums_teacher_idx on report_day_sums (teacher_id, item_kind, currency, day);

-- When a student first bought an item of a kind (`teacher_id` and `product_id` empty), first bought one of a
-- teacher's (`product_id` empty), and first bought a course or plan: new students are exact for any range.
create table report_first_purchases (
    user_id text not null,
    item_kind text not null,
    teacher_id text not null,
    product_id text not null,
    first_at bigint not null,
    primary key (user_id, item_kind, teacher_id, product_id)
);
create index report_first_purchases_time_idx on report_first_purchases (item_kind, teacher_id, product_id, first_at);

insert into report_day_sums (item_kind, currency, day, product_id, teacher_id, title_vi, title_en, gross, discounts,
    refunds, teacher_share, commission, units, refunded_units, renewals, orders, kind_orders, teacher_orders,
    product_orders)
select kind, currency, day, course_id, teacher_id, max(title_vi), max(title_en), sum(gross), sum(discounts),
    sum(refunds), sum(teacher_share), sum(commission), sum(units), sum(refunded_units), sum(renewals), sum(orders),
    sum(kind_orders), sum(teacher_orders), sum(product_orders)
from (
    select i.kind, i.currency, (t.created_at + 25200000) / 86400000 as day, i.course_id, i.teacher_id, i.title_vi,
        i.title_en, i.price as gross, i.discount as discounts, 0 as refunds, i.teacher_share,
        i.platform_share as commission, 1 as units, 0 as refunded_units,
        case when i.kind = 'mentorship_plan' and exists (
            select 1 from ledger_transactions t2 join order_items i2 on i2.order_id = t2.order_id
            join orders o2 on o2.id = t2.order_id
            where t2.kind = 'sale' and o2.user_id = o.user_id and i2.kind = i.kind and i2.course_id = i.course_id
                and i2.teacher_id = i.teacher_id and t2.created_at < t.created_at
        ) then 1 else 0 end as renewals,
        case when row_number() over (partition by i.order_id order by i.position, i.id) = 1 then 1 else 0 end
            as orders,
        case when row_number() over (partition by i.order_id, i.kind order by i.position, i.id) = 1 then 1 else 0 end
            as kind_orders,
        case when row_number() over (partition by i.order_id, i.kind, i.teacher_id order by i.position, i.id) = 1
            then 1 else 0 end as teacher_orders,
        case when row_number() over (partition by i.order_id, i.kind, i.course_id order by i.position, i.id) = 1
            then 1 else 0 end as product_orders
    from ledger_transactions t
    join order_items i on i.order_id = t.order_id
    join orders o on o.id = t.order_id
    where t.kind = 'sale'
    union all
    select i.kind, i.currency, (t.created_at + 25200000) / 86400000, i.course_id, i.teacher_id, i.title_vi,
        i.title_en, 0, 0, i.paid, -i.teacher_share, -i.platform_share, 0, 1, 0, 0, 0, 0, 0
    from ledger_transactions t
    join order_items i on i.order_id = t.order_id and t.idempotency_key = 'refund:' || i.id
    where t.kind = 'refund'
) lines
group by kind, currency, day, course_id, teacher_id;

insert into report_first_purchases (user_id, item_kind, teacher_id, product_id, first_at)
select o.user_id, i.kind, '', '', min(t.created_at)
from ledger_transactions t join order_items i on i.order_id = t.order_id join orders o on o.id = t.order_id
where t.kind = 'sale'
group by o.user_id, i.kind
union all
select o.user_id, i.kind, i.teacher_id, '', min(t.created_at)
from ledger_transactions t join order_items i on i.order_id = t.order_id join orders o on o.id = t.order_id
where t.kind = 'sale'
group by o.user_id, i.kind, i.teacher_id
union all
select o.user_id, i.kind, i.teacher_id, i.course_id, min(t.created_at)
from ledger_transactions t join order_items i on i.order_id = t.order_id join orders o on o.id = t.order_id
where t.kind = 'sale'
group by o.user_id, i.kind, i.teacher_id, i.course_id;
