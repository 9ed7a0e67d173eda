//! The reports' day sums checked against the ledger they summarise.

use std::collections::BTreeMap;

use academy_server::{platform::db::Pool, reports::day_sums::month_of};
use sqlx::Row as _;

/// The lines of sales (every item of the order) and item refunds (`refund:<item id>`) the ledger holds.
const LINES: &str = "from ledger_transactions t \
    join order_items i on i.order_id = t.order_id and (t.kind = 'sale' or t.idempotency_key = 'refund:' || i.id) \
    join orders o on o.id = t.order_id where t.kind in ('sale', 'refund')";

async fn rows<T>(pool: &Pool, sql: &str) -> Vec<T>
where
    T: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> + Send + Unpin,
{
    sqlx::query_as(sql).fetch_all(pool).await.unwrap_or_else(|e| panic!("{e}: {sql}"))
}

/// The reports' day sums are the ledger's sales and refunds: for every kind of item, currency, day in Vietnam,
/// course or plan and teacher the amounts, units, renewals and orders of its lines, and no other row; orders
/// counted once per order, kind, teacher and course or plan however the rows are added up; each student's first
/// purchases are their earliest sales; and the rows' sales and refunds are the money the ledger moved for them.
pub async fn assert_report_sums_are_the_ledger(pool: &Pool) {
    type Row = (String, i64, i64, i64, i64, i64, i64, i64, i64, i64);
    let kept: Vec<Row> = rows(
        pool,
        "select item_kind || ' ' || currency || ' ' || cast(day as text) || ' ' || product_id || ' ' || teacher_id, gross, discounts, refunds, teacher_share, \
         commission, units, refunded_units, product_orders, renewals from report_day_sums \
         order by item_kind, currency, day, product_id, teacher_id",
    )
    .await;
    let sale = |v: &str| format!("cast(sum(case when t.kind = 'sale' then {v} else 0 end) as bigint)");
    let signed = |v: &str| format!("cast(sum(case when t.kind = 'sale' then {v} else -{v} end) as bigint)");
    let summed: Vec<Row> = rows(
        pool,
        &format!(
            "select i.kind || ' ' || i.currency || ' ' || cast((t.created_at + 25200000) / 86400000 as text) || ' ' || \
             i.course_id || ' ' || i.teacher_id, {gross}, {discount}, cast(sum(case when t.kind = 'refund' then i.paid else 0 end) as bigint), \
             {teacher}, {platform}, {units}, cast(sum(case when t.kind = 'refund' then 1 else 0 end) as bigint), \
             count(distinct case when t.kind = 'sale' then o.id end), \
             cast(sum(case when t.kind = 'sale' and i.kind = 'mentorship_plan' and exists (\
             select 1 from ledger_transactions t2 join order_items i2 on i2.order_id = t2.order_id \
             join orders o2 on o2.id = t2.order_id where t2.kind = 'sale' and o2.user_id = o.user_id \
             and i2.kind = i.kind and i2.course_id = i.course_id and i2.teacher_id = i.teacher_id \
             and t2.created_at < t.created_at) then 1 else 0 end) as bigint) \
             {LINES} group by i.kind, i.currency, (t.created_at + 25200000) / 86400000, i.course_id, i.teacher_id \
             order by i.kind, i.currency, (t.created_at + 25200000) / 86400000, i.course_id, i.teacher_id",
            gross = sale("i.price"),
            discount = sale("i.discount"),
            teacher = signed("i.teacher_share"),
            platform = signed("i.platform_share"),
            units = sale("1"),
        ),
    )
    .await;
    assert_eq!(kept, summed, "the report's day sums are the ledger's lines");

    for (columns, counted) in [
        ("item_kind, currency, day, teacher_id", "teacher_orders"),
        ("item_kind, currency, day", "kind_orders"),
        ("currency, day", "orders"),
    ] {
        let kept: Vec<(i64,)> = rows(
            pool,
            &format!(
                "select cast(sum({counted}) as bigint) from report_day_sums group by {columns} order by {columns}"
            ),
        )
        .await;
        let lines = columns
            .replace("item_kind", "i.kind")
            .replace("currency", "i.currency")
            .replace("teacher_id", "i.teacher_id")
            .replace("day", "(t.created_at + 25200000) / 86400000");
        let summed: Vec<(i64,)> = rows(
            pool,
            &format!(
                "select count(distinct case when t.kind = 'sale' then o.id end) {LINES} group by {lines} \
                 order by {lines}"
            ),
        )
        .await;
        assert_eq!(kept, summed, "{counted}: each order once per {columns}");
    }

    // Orders once per order, kind and category (of the course; empty for plans and courses without one).
    let kept: Vec<(i64,)> = rows(
        pool,
        "select cast(sum(s.category_orders) as bigint) from report_day_sums s \
         left join courses c on c.id = s.product_id and s.item_kind = 'course' \
         group by s.item_kind, s.currency, s.day, coalesce(c.category_id, '') \
         order by s.item_kind, s.currency, s.day, coalesce(c.category_id, '')",
    )
    .await;
    let summed: Vec<(i64,)> = rows(
        pool,
        "select count(distinct case when t.kind = 'sale' then o.id end) from ledger_transactions t \
         join order_items i on i.order_id = t.order_id and (t.kind = 'sale' or t.idempotency_key = 'refund:' || i.id) \
         join orders o on o.id = t.order_id left join courses c on c.id = i.course_id and i.kind = 'course' \
         where t.kind in ('sale', 'refund') \
         group by i.kind, i.currency, (t.created_at + 25200000) / 86400000, coalesce(c.category_id, '') \
         order by i.kind, i.currency, (t.created_at + 25200000) / 86400000, coalesce(c.category_id, '')",
    )
    .await;
    assert_eq!(kept, summed, "category_orders: each order once per kind, day and category");

    assert_month_sums_are_the_day_sums(pool).await;
    assert_teacher_sums_are_the_day_sums(pool).await;

    type First = (String, String, String, String, i64);
    let kept: Vec<First> = rows(
        pool,
        "select user_id, item_kind, teacher_id, product_id, first_at from report_first_purchases \
         order by user_id, item_kind, teacher_id, product_id",
    )
    .await;
    let sales = "from ledger_transactions t join order_items i on i.order_id = t.order_id \
        join orders o on o.id = t.order_id where t.kind = 'sale'";
    let firsts: Vec<First> = rows(
        pool,
        &format!(
            "select * from (\
             select o.user_id, i.kind, '' as teacher_id, '' as product_id, min(t.created_at) as first_at {sales} \
             group by o.user_id, i.kind \
             union all select o.user_id, i.kind, i.teacher_id, '', min(t.created_at) {sales} \
             group by o.user_id, i.kind, i.teacher_id \
             union all select o.user_id, i.kind, i.teacher_id, i.course_id, min(t.created_at) {sales} \
             group by o.user_id, i.kind, i.teacher_id, i.course_id) f \
             order by user_id, kind, teacher_id, product_id"
        ),
    )
    .await;
    assert_eq!(kept, firsts, "a student's first purchases are their earliest sales");

    // The money: what the customers' funds paid for sales, and what the refunds account owes for item refunds.
    let kept: Vec<(i64, i64, i64)> = rows(
        pool,
        "select day, cast(sum(gross - discounts) as bigint), cast(sum(refunds) as bigint) from report_day_sums \
         where currency = 'VND' group by day having sum(gross - discounts) <> 0 or sum(refunds) <> 0 order by day",
    )
    .await;
    let moved: Vec<(i64, i64, i64)> = rows(
        pool,
        "select (e.created_at + 25200000) / 86400000 as day, \
         cast(sum(case when t.kind = 'sale' and e.account_code = 'customer:funds' then -e.amount else 0 end) as bigint), \
         cast(sum(case when t.kind = 'refund' and e.account_code = 'refunds' then e.amount else 0 end) as bigint) \
         from ledger_entries e join ledger_transactions t on t.id = e.transaction_id \
         where e.currency = 'VND' and (t.kind = 'sale' or t.idempotency_key like 'refund:%') \
         group by (e.created_at + 25200000) / 86400000 \
         having sum(case when t.kind = 'sale' and e.account_code = 'customer:funds' then e.amount else 0 end) <> 0 \
         or sum(case when t.kind = 'refund' and e.account_code = 'refunds' then e.amount else 0 end) <> 0 \
         order by day",
    )
    .await;
    assert_eq!(kept, moved, "the report's sales and refunds per day are the money the ledger moved");
}

/// The number columns of the day and month sums, in order.
const SUMMED: [&str; 13] = [
    "gross",
    "discounts",
    "refunds",
    "teacher_share",
    "commission",
    "units",
    "refunded_units",
    "renewals",
    "orders",
    "kind_orders",
    "teacher_orders",
    "product_orders",
    "category_orders",
];

/// Rows of `table` (by `period`) as (kind, currency, period, product, teacher) → the [`SUMMED`] columns, with the
/// period mapped through `to_period`.
async fn summed_rows(
    pool: &Pool,
    table: &str,
    period: &str,
    to_period: fn(i64) -> i64,
) -> BTreeMap<(String, String, i64, String, String), Vec<i64>> {
    let sql =
        format!("select item_kind, currency, {period}, product_id, teacher_id, {} from {table}", SUMMED.join(", "));
    let mut summed: BTreeMap<(String, String, i64, String, String), Vec<i64>> = BTreeMap::new();
    for row in sqlx::query(&sql).fetch_all(pool).await.unwrap_or_else(|e| panic!("{e}: {sql}")) {
        let key = (
            row.get::<String, _>(0),
            row.get::<String, _>(1),
            to_period(row.get::<i64, _>(2)),
            row.get::<String, _>(3),
            row.get::<String, _>(4),
        );
        let sums = summed.entry(key).or_insert_with(|| vec![0; SUMMED.len()]);
        for (n, sum) in sums.iter_mut().enumerate() {
            *sum += row.get::<i64, _>(5 + n);
        }
    }
    summed
}

/// The month rows are the day rows of each month added up, and no other row.
async fn assert_month_sums_are_the_day_sums(pool: &Pool) {
    let kept = summed_rows(pool, "report_month_sums", "month", |month| month).await;
    let days = summed_rows(pool, "report_day_sums", "day", month_of).await;
    assert_eq!(kept, days, "the month sums are their days' sums");
}

/// The teachers' day rows are the day rows of each teacher (orders once per order and teacher) and of every
/// teacher (orders once per order and kind) added up, and no other row.
async fn assert_teacher_sums_are_the_day_sums(pool: &Pool) {
    type Row = (String, i64, i64, i64, i64, i64, i64, i64, i64, i64);
    let kept: Vec<Row> = rows(
        pool,
        "select item_kind || ' ' || currency || ' ' || teacher_id || ' ' || cast(day as text), gross, discounts, refunds, \
         teacher_share, commission, units, refunded_units, renewals, orders from report_day_teacher_sums \
         order by item_kind, currency, teacher_id, day",
    )
    .await;
    let sum = |column: &str| format!("cast(sum({column}) as bigint)");
    let columns = [
        ("gross", "g"),
        ("discounts", "d"),
        ("refunds", "r"),
        ("teacher_share", "ts"),
        ("commission", "c"),
        ("units", "u"),
        ("refunded_units", "ru"),
        ("renewals", "rn"),
    ]
    .map(|(column, name)| format!("{} as {name}", sum(column)))
    .join(", ");
    let summed: Vec<Row> = rows(
        pool,
        &format!(
            "select item_kind || ' ' || currency || ' ' || teacher_id || ' ' || cast(day as text), g, d, r, ts, c, u, \
             ru, rn, o from (\
             select item_kind, currency, teacher_id, day, {columns}, {teacher_orders} as o from report_day_sums \
             group by item_kind, currency, teacher_id, day \
             union all select item_kind, currency, '', day, {columns}, {kind_orders} from report_day_sums \
             group by item_kind, currency, day) t order by item_kind, currency, teacher_id, day",
            teacher_orders = sum("teacher_orders"),
            kind_orders = sum("kind_orders"),
        ),
    )
    .await;
    assert_eq!(kept, summed, "the teachers' day sums are their day sums");
}
