-- Coarser sums for the sales reports, kept by the ledger in the transaction that posts a sale or refund, as the day
-- sums are: an administrator's year by day reads one row a day instead of one per course and day, and the rankings
-- read one row per course and month for the months the range covers whole.
--
-- `category_orders`: orders counted once per order, kind and category (the course's category when it sold; plans and
-- courses without one: empty), on the row of the order's first item of that category, so a category's orders count
-- an order of two of its courses once.
alter table report_day_sums add column category_orders bigint not null default 0;

-- The day sums of a month: the same rows and columns, `month` the first day of the month in Vietnam (days since
-- 1970-01-01).
create table report_month_sums (
    item_kind text not null,
    currency text not null,
    month bigint not null,
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
    category_orders bigint not null,
    primary key (item_kind, currency, month, product_id, teacher_id)
) without rowid;

create index report_month_sums_teacher_idx on report_month_sums (teacher_id, item_kind, currency, month);

-- The day sums of a teacher (`teacher_id`) or of every teacher (`teacher_id` empty) per kind of item, currency and
-- day; `orders` counts an order once per kind and teacher, or once per kind.
create table report_day_teacher_sums (
    item_kind text not null,
    currency text not null,
    day bigint not null,
    teacher_id text not null,
    gross bigint not null,
    discounts bigint not null,
    refunds bigint not null,
    teacher_share bigint not null,
    commission bigint not null,
    units bigint not null,
    refunded_units bigint not null,
    renewals bigint not null,
    orders bigint not null,
    primary key (item_kind, currency, teacher_id, day)
) without rowid;

-- The day sums again from the ledger, now with the orders per category.
delete from report_day_sums;
insert into report_day_sums (item_kind, currency, day, product_id, teacher_id, title_vi, title_en, gross, discounts,
    refunds, teacher_share, commission, units, refunded_units, renewals, orders, kind_orders, teacher_orders,
    product_orders, category_orders)
select kind, currency, day, course_id, teacher_id, max(title_vi), max(title_en), sum(gross), sum(discounts),
    sum(refunds), sum(teacher_share), sum(commission), sum(units), sum(refunded_units), sum(renewals), sum(orders),
    sum(kind_orders), sum(teacher_orders), sum(product_orders), sum(category_orders)
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
            then 1 else 0 end as product_orders,
        case when row_number() over (partition by i.order_id, i.kind, coalesce(c.category_id, '')
            order by i.position, i.id) = 1 then 1 else 0 end as category_orders
    from ledger_transactions t
    join order_items i on i.order_id = t.order_id
    join orders o on o.id = t.order_id
    left join courses c on c.id = i.course_id and i.kind = 'course'
    where t.kind = 'sale'
    union all
    select i.kind, i.currency, (t.created_at + 25200000) / 86400000, i.course_id, i.teacher_id, i.title_vi,
        i.title_en, 0, 0, i.paid, -i.teacher_share, -i.platform_share, 0, 1, 0, 0, 0, 0, 0, 0
    from ledger_transactions t
    join order_items i on i.order_id = t.order_id and t.idempotency_key = 'refund:' || i.id
    where t.kind = 'refund'
) lines
group by kind, currency, day, course_id, teacher_id;

insert into report_month_sums (item_kind, currency, month, product_id, teacher_id, title_vi, title_en, gross,
    discounts, refunds, teacher_share, commission, units, refunded_units, renewals, orders, kind_orders,
    teacher_orders, product_orders, category_orders)
select item_kind, currency, cast(julianday(date(day * 86400, 'unixepoch', 'start of month')) - 2440587.5 as integer), product_id, teacher_id, max(title_vi), max(title_en), sum(gross),
    sum(discounts), sum(refunds), sum(teacher_share), sum(commission), sum(units), sum(refunded_units), sum(renewals),
    sum(orders), sum(kind_orders), sum(teacher_orders), sum(product_orders), sum(category_orders)
from report_day_sums
group by item_kind, currency, cast(julianday(date(day * 86400, 'unixepoch', 'start of month')) - 2440587.5 as integer), product_id, teacher_id;

insert into report_day_teacher_sums (item_kind, currency, day, teacher_id, gross, discounts, refunds, teacher_share,
    commission, units, refunded_units, renewals, orders)
select item_kind, currency, day, teacher_id, sum(gross), sum(discounts), sum(refunds), sum(teacher_share),
    sum(commission), sum(units), sum(refunded_units), sum(renewals), sum(teacher_orders)
from report_day_sums
group by item_kind, currency, day, teacher_id
union all
select item_kind, currency, day, '', sum(gross), sum(discounts), sum(refunds), sum(teacher_share),
    sum(commission), sum(units), sum(refunded_units), sum(renewals), sum(kind_orders)
from report_day_sums
group by item_kind, currency, day;
