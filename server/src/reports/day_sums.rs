//! The reports' day sums: what sold and was refunded per day in Vietnam, kind of item, course or plan, teacher and
//! currency, and when each student first bought (of a kind, of a teacher, a course or plan). The ledger adds a sale
//! or refund to them in the transaction that posts it, so they always equal its entries; the reports read them
//! instead of every entry. The same lines are also added to coarser rows: per month and course or plan (the
//! rankings of a long range), and per day and teacher or every teacher (the series and totals without a course or
//! category filter).

use std::collections::{BTreeMap, BTreeSet};

use academy_shared::{
    commerce::ItemKind,
    reports::{Grouping, LocalDate},
};
use sqlx::{AnyConnection, Row as _};

use crate::platform::db::{Pool, stored_name};

const DAY_MS: i64 = 86_400_000;
const VIETNAM_OFFSET_MS: i64 = 7 * 3_600_000;

/// The row a line is added to: (kind of item, currency, day or month, course or plan, teacher).
type Key = (ItemKind, String, i64, String, String);

/// A day's row of a teacher or every teacher (empty): (kind of item, currency, teacher, day).
type TeacherKey = (ItemKind, String, String, i64);

/// The first day of the month of `day` (days since 1970-01-01 in Vietnam).
pub fn month_of(day: i64) -> i64 {
    LocalDate(day).group_start(Grouping::Month).0
}

/// What a sale or refund adds to a row.
#[derive(Debug, Default)]
struct Added {
    title_vi: String,
    title_en: String,
    gross: i64,
    discounts: i64,
    refunds: i64,
    teacher_share: i64,
    commission: i64,
    units: i64,
    refunded_units: i64,
    renewals: i64,
    orders: i64,
    kind_orders: i64,
    teacher_orders: i64,
    product_orders: i64,
    category_orders: i64,
}

impl Added {
    fn add(&mut self, other: &Added) {
        self.title_vi.clone_from(&other.title_vi);
        self.title_en.clone_from(&other.title_en);
        self.gross += other.gross;
        self.discounts += other.discounts;
        self.refunds += other.refunds;
        self.teacher_share += other.teacher_share;
        self.commission += other.commission;
        self.units += other.units;
        self.refunded_units += other.refunded_units;
        self.renewals += other.renewals;
        self.orders += other.orders;
        self.kind_orders += other.kind_orders;
        self.teacher_orders += other.teacher_orders;
        self.product_orders += other.product_orders;
        self.category_orders += other.category_orders;
    }
}

/// An order item as the day sums need it.
struct Item {
    kind: ItemKind,
    product_id: String,
    teacher_id: String,
    currency: String,
    title_vi: String,
    title_en: String,
    price: i64,
    discount: i64,
    paid: i64,
    teacher_share: i64,
    platform_share: i64,
    user_id: String,
    /// The course's category when it sold (empty: plans and courses without one).
    category_id: String,
}

const ITEM_COLUMNS: &str = "i.kind, i.course_id, i.teacher_id, i.currency, i.title_vi, i.title_en, i.price, \
    i.discount, i.paid, i.teacher_share, i.platform_share, o.user_id, coalesce(c.category_id, '')";

/// Where [`ITEM_COLUMNS`] come from: `order_items i` of `orders o`, with the course `c`.
const ITEM_TABLES: &str = "order_items i join orders o on o.id = i.order_id \
    left join courses c on c.id = i.course_id and i.kind = 'course'";

fn item_of(row: &sqlx::any::AnyRow) -> Result<Item, sqlx::Error> {
    Ok(Item {
        kind: stored_name(row.try_get(0)?)?,
        product_id: row.try_get(1)?,
        teacher_id: row.try_get(2)?,
        currency: row.try_get(3)?,
        title_vi: row.try_get(4)?,
        title_en: row.try_get(5)?,
        price: row.try_get(6)?,
        discount: row.try_get(7)?,
        paid: row.try_get(8)?,
        teacher_share: row.try_get(9)?,
        platform_share: row.try_get(10)?,
        user_id: row.try_get(11)?,
        category_id: row.try_get(12)?,
    })
}

/// The local day in Vietnam of an instant (days since 1970-01-01).
fn day_of(now_ms: i64) -> i64 {
    (now_ms + VIETNAM_OFFSET_MS).div_euclid(DAY_MS)
}

/// Adds a sale of every item of `order_id`, posted by the ledger at `now_ms`, to the day sums, through `conn` (the
/// posting's transaction).
pub async fn record_sale(conn: &mut AnyConnection, order_id: &str, now_ms: i64) -> Result<(), sqlx::Error> {
    let day = day_of(now_ms);
    let sql = format!(
        "select {ITEM_COLUMNS} from {ITEM_TABLES} where i.order_id = $1 \
         order by i.position, i.id"
    );
    let items: Vec<Item> =
        sqlx::query(&sql).bind(order_id).fetch_all(&mut *conn).await?.iter().map(item_of).collect::<Result<_, _>>()?;
    let Some(user_id) = items.first().map(|i| i.user_id.clone()) else { return Ok(()) };
    // First purchases, in key order so two sales of one student wait for each other instead of locking crosswise.
    // A key already there with an earlier or equal time was bought before; one there with a later time (a sale
    // stamped later but committed first) takes this sale's time.
    let mut firsts: BTreeSet<(ItemKind, String, String)> = BTreeSet::new();
    for item in &items {
        firsts.insert((item.kind, String::new(), String::new()));
        firsts.insert((item.kind, item.teacher_id.clone(), String::new()));
        firsts.insert((item.kind, item.teacher_id.clone(), item.product_id.clone()));
    }
    let mut bought_before: BTreeSet<(ItemKind, String, String)> = BTreeSet::new();
    for first in &firsts {
        let done = sqlx::query(
            "insert into report_first_purchases (user_id, item_kind, teacher_id, product_id, first_at) \
             values ($1, $2, $3, $4, $5) on conflict (user_id, item_kind, teacher_id, product_id) do update \
             set first_at = excluded.first_at where excluded.first_at < report_first_purchases.first_at",
        )
        .bind(&user_id)
        .bind(first.0.as_str())
        .bind(&first.1)
        .bind(&first.2)
        .bind(now_ms)
        .execute(&mut *conn)
        .await?;
        if done.rows_affected() == 0 {
            bought_before.insert(first.clone());
        }
    }
    let mut rows: BTreeMap<Key, Added> = BTreeMap::new();
    let (mut order_seen, mut kinds, mut teachers, mut products, mut categories) =
        (false, BTreeSet::new(), BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
    for item in &items {
        let row = rows
            .entry((item.kind, item.currency.clone(), day, item.product_id.clone(), item.teacher_id.clone()))
            .or_default();
        row.title_vi.clone_from(&item.title_vi);
        row.title_en.clone_from(&item.title_en);
        row.gross += item.price;
        row.discounts += item.discount;
        row.teacher_share += item.teacher_share;
        row.commission += item.platform_share;
        row.units += 1;
        let product = (item.kind, item.teacher_id.clone(), item.product_id.clone());
        if item.kind == ItemKind::MentorshipPlan && bought_before.contains(&product) {
            row.renewals += 1;
        }
        row.orders += i64::from(!std::mem::replace(&mut order_seen, true));
        row.kind_orders += i64::from(kinds.insert(item.kind));
        row.teacher_orders += i64::from(teachers.insert((item.kind, item.teacher_id.clone())));
        row.product_orders += i64::from(products.insert((item.kind, item.product_id.clone())));
        row.category_orders += i64::from(categories.insert((item.kind, item.category_id.clone())));
    }
    add_all(conn, &rows).await
}

/// Adds the day rows `rows` to the day sums, and to their month's and the teachers' rows; each table's rows in key
/// order, the tables always in the same order, so two postings wait for each other instead of locking crosswise.
async fn add_all(conn: &mut AnyConnection, rows: &BTreeMap<Key, Added>) -> Result<(), sqlx::Error> {
    let mut months: BTreeMap<Key, Added> = BTreeMap::new();
    let mut teachers: BTreeMap<TeacherKey, Added> = BTreeMap::new();
    for (key, added) in rows {
        months.entry((key.0, key.1.clone(), month_of(key.2), key.3.clone(), key.4.clone())).or_default().add(added);
        let teacher = teachers.entry((key.0, key.1.clone(), key.4.clone(), key.2)).or_default();
        teacher.add(added);
        teacher.orders = teacher.teacher_orders;
        let every = teachers.entry((key.0, key.1.clone(), String::new(), key.2)).or_default();
        every.add(added);
        every.orders = every.kind_orders;
    }
    for (key, added) in rows {
        add(conn, "report_day_sums", "day", key, added).await?;
    }
    for (key, added) in &months {
        add(conn, "report_month_sums", "month", key, added).await?;
    }
    for (key, added) in &teachers {
        add_teacher(conn, key, added).await?;
    }
    Ok(())
}

/// Adds the refund of the item `item_id` of `order_id`, posted by the ledger at `now_ms`, to the day sums, through
/// `conn` (the posting's transaction).
pub async fn record_refund(
    conn: &mut AnyConnection,
    order_id: &str,
    item_id: &str,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    let day = day_of(now_ms);
    let sql = format!("select {ITEM_COLUMNS} from {ITEM_TABLES} where i.id = $1 and i.order_id = $2");
    let Some(row) = sqlx::query(&sql).bind(item_id).bind(order_id).fetch_optional(&mut *conn).await? else {
        return Ok(());
    };
    let item = item_of(&row)?;
    let added = Added {
        title_vi: item.title_vi,
        title_en: item.title_en,
        refunds: item.paid,
        teacher_share: -item.teacher_share,
        commission: -item.platform_share,
        refunded_units: 1,
        ..Added::default()
    };
    let rows = BTreeMap::from([((item.kind, item.currency, day, item.product_id, item.teacher_id), added)]);
    add_all(conn, &rows).await
}

/// The figures every summary row adds up, in the order they are written.
const FIGURES: [&str; 9] =
    ["gross", "discounts", "refunds", "teacher_share", "commission", "units", "refunded_units", "renewals", "orders"];

/// The order counts only the rows of a course or plan keep (see [`Added`]), written after [`FIGURES`].
const ORDER_COUNTS: [&str; 4] = ["kind_orders", "teacher_orders", "product_orders", "category_orders"];

/// `c = table.c + excluded.c, …`: what an upsert adds to the row already there.
fn added_to(table: &str, columns: &[&str]) -> String {
    columns.iter().map(|c| format!("{c} = {table}.{c} + excluded.{c}")).collect::<Vec<_>>().join(", ")
}

/// Adds `added` to the row `key` of `table` (`report_day_sums` by `day`, `report_month_sums` by `month`).
async fn add(conn: &mut AnyConnection, table: &str, period: &str, key: &Key, added: &Added) -> Result<(), sqlx::Error> {
    let columns = [FIGURES.as_slice(), ORDER_COUNTS.as_slice()].concat();
    let sql = format!(
        "insert into {table} (item_kind, currency, {period}, product_id, teacher_id, title_vi, title_en, {}) \
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20) \
         on conflict (item_kind, currency, {period}, product_id, teacher_id) do update set \
         title_vi = excluded.title_vi, title_en = excluded.title_en, {}",
        columns.join(", "),
        added_to(table, &columns),
    );
    sqlx::query(&sql)
        .bind(key.0.as_str())
        .bind(&key.1)
        .bind(key.2)
        .bind(&key.3)
        .bind(&key.4)
        .bind(&added.title_vi)
        .bind(&added.title_en)
        .bind(added.gross)
        .bind(added.discounts)
        .bind(added.refunds)
        .bind(added.teacher_share)
        .bind(added.commission)
        .bind(added.units)
        .bind(added.refunded_units)
        .bind(added.renewals)
        .bind(added.orders)
        .bind(added.kind_orders)
        .bind(added.teacher_orders)
        .bind(added.product_orders)
        .bind(added.category_orders)
        .execute(conn)
        .await?;
    Ok(())
}

/// Adds `added` (its `orders` counted once per order of the teacher, or of every teacher) to a teacher's day row.
async fn add_teacher(conn: &mut AnyConnection, key: &TeacherKey, added: &Added) -> Result<(), sqlx::Error> {
    let table = "report_day_teacher_sums";
    let sql = format!(
        "insert into {table} (item_kind, currency, teacher_id, day, {}) \
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) \
         on conflict (item_kind, currency, teacher_id, day) do update set {}",
        FIGURES.join(", "),
        added_to(table, &FIGURES),
    );
    sqlx::query(&sql)
        .bind(key.0.as_str())
        .bind(&key.1)
        .bind(&key.2)
        .bind(key.3)
        .bind(added.gross)
        .bind(added.discounts)
        .bind(added.refunds)
        .bind(added.teacher_share)
        .bind(added.commission)
        .bind(added.units)
        .bind(added.refunded_units)
        .bind(added.renewals)
        .bind(added.orders)
        .execute(conn)
        .await?;
    Ok(())
}

/// Writes the day sums, their month and teacher rows, and the first purchases again from the ledger's sales and
/// refunds (the migrations' fill): for entries written around the ledger (a benchmark's fixture, a restore of
/// entries alone).
pub async fn rebuild(pool: &Pool) -> Result<(), sqlx::Error> {
    let mut tx = pool.begin().await?;
    for sql in [
        "delete from report_day_sums",
        "delete from report_month_sums",
        "delete from report_day_teacher_sums",
        "delete from report_first_purchases",
        FILL_DAY_SUMS,
        FILL_TEACHER_SUMS,
        FILL_FIRST_PURCHASES,
    ] {
        sqlx::query(sql).execute(&mut *tx).await?;
    }
    // Month by month: the databases name a day's month each their own way.
    let (first, last): (Option<i64>, Option<i64>) =
        sqlx::query_as("select min(day), max(day) from report_day_sums").fetch_one(&mut *tx).await?;
    if let (Some(first), Some(last)) = (first, last) {
        let mut month = month_of(first);
        while month <= last {
            let next = month_of(LocalDate(month).add_days(31).0);
            sqlx::query(FILL_MONTH_SUMS).bind(month).bind(month).bind(next).execute(&mut *tx).await?;
            month = next;
        }
    }
    tx.commit().await
}

/// The day sums of the days `[$2, $3)` as the month `$1`'s rows.
const FILL_MONTH_SUMS: &str = "insert into report_month_sums (item_kind, currency, month, product_id, teacher_id, \
    title_vi, title_en, gross, discounts, refunds, teacher_share, commission, units, refunded_units, renewals, \
    orders, kind_orders, teacher_orders, product_orders, category_orders) \
    select item_kind, currency, cast($1 as bigint), product_id, teacher_id, max(title_vi), max(title_en), sum(gross), \
    sum(discounts), sum(refunds), sum(teacher_share), sum(commission), sum(units), sum(refunded_units), \
    sum(renewals), sum(orders), sum(kind_orders), sum(teacher_orders), sum(product_orders), sum(category_orders) \
    from report_day_sums where day >= $2 and day < $3 \
    group by item_kind, currency, product_id, teacher_id";

const FILL_TEACHER_SUMS: &str = "insert into report_day_teacher_sums (item_kind, currency, day, teacher_id, gross, \
    discounts, refunds, teacher_share, commission, units, refunded_units, renewals, orders) \
    select item_kind, currency, day, teacher_id, sum(gross), sum(discounts), sum(refunds), sum(teacher_share), \
    sum(commission), sum(units), sum(refunded_units), sum(renewals), sum(teacher_orders) \
    from report_day_sums group by item_kind, currency, day, teacher_id \
    union all \
    select item_kind, currency, day, '', sum(gross), sum(discounts), sum(refunds), sum(teacher_share), \
    sum(commission), sum(units), sum(refunded_units), sum(renewals), sum(kind_orders) \
    from report_day_sums group by item_kind, currency, day";

const FILL_DAY_SUMS: &str = "insert into report_day_sums (item_kind, currency, day, product_id, teacher_id, \
    title_vi, title_en, gross, discounts, refunds, teacher_share, commission, units, refunded_units, renewals, \
    orders, kind_orders, teacher_orders, product_orders, category_orders) \
    select kind, currency, day, course_id, teacher_id, max(title_vi), max(title_en), sum(gross), sum(discounts), \
    sum(refunds), sum(teacher_share), sum(commission), sum(units), sum(refunded_units), sum(renewals), sum(orders), \
    sum(kind_orders), sum(teacher_orders), sum(product_orders), sum(category_orders) \
    from ( \
    select i.kind, i.currency, (t.created_at + 25200000) / 86400000 as day, i.course_id, i.teacher_id, i.title_vi, \
    i.title_en, i.price as gross, i.discount as discounts, 0 as refunds, i.teacher_share, \
    i.platform_share as commission, 1 as units, 0 as refunded_units, \
    case when i.kind = 'mentorship_plan' and exists ( \
    select 1 from ledger_transactions t2 join order_items i2 on i2.order_id = t2.order_id \
    join orders o2 on o2.id = t2.order_id \
    where t2.kind = 'sale' and o2.user_id = o.user_id and i2.kind = i.kind and i2.course_id = i.course_id \
    and i2.teacher_id = i.teacher_id and t2.created_at < t.created_at \
    ) then 1 else 0 end as renewals, \
    case when row_number() over (partition by i.order_id order by i.position, i.id) = 1 then 1 else 0 end as orders, \
    case when row_number() over (partition by i.order_id, i.kind order by i.position, i.id) = 1 then 1 else 0 end \
    as kind_orders, \
    case when row_number() over (partition by i.order_id, i.kind, i.teacher_id order by i.position, i.id) = 1 \
    then 1 else 0 end as teacher_orders, \
    case when row_number() over (partition by i.order_id, i.kind, i.course_id order by i.position, i.id) = 1 \
    then 1 else 0 end as product_orders, \
    case when row_number() over (partition by i.order_id, i.kind, coalesce(c.category_id, '') \
    order by i.position, i.id) = 1 then 1 else 0 end as category_orders \
    from ledger_transactions t \
    join order_items i on i.order_id = t.order_id \
    join orders o on o.id = t.order_id \
    left join courses c on c.id = i.course_id and i.kind = 'course' \
    where t.kind = 'sale' \
    union all \
    select i.kind, i.currency, (t.created_at + 25200000) / 86400000, i.course_id, i.teacher_id, i.title_vi, \
    i.title_en, 0, 0, i.paid, -i.teacher_share, -i.platform_share, 0, 1, 0, 0, 0, 0, 0, 0 \
    from ledger_transactions t \
    join order_items i on i.order_id = t.order_id and t.idempotency_key = 'refund:' || i.id \
    where t.kind = 'refund' \
    ) lines \
    group by kind, currency, day, course_id, teacher_id";

const FILL_FIRST_PURCHASES: &str = "insert into report_first_purchases (user_id, item_kind, teacher_id, product_id, \
    first_at) \
    select o.user_id, i.kind, '', '', min(t.created_at) \
    from ledger_transactions t join order_items i on i.order_id = t.order_id join orders o on o.id = t.order_id \
    where t.kind = 'sale' group by o.user_id, i.kind \
    union all \
    select o.user_id, i.kind, i.teacher_id, '', min(t.created_at) \
    from ledger_transactions t join order_items i on i.order_id = t.order_id join orders o on o.id = t.order_id \
    where t.kind = 'sale' group by o.user_id, i.kind, i.teacher_id \
    union all \
    select o.user_id, i.kind, i.teacher_id, i.course_id, min(t.created_at) \
    from ledger_transactions t join order_items i on i.order_id = t.order_id join orders o on o.id = t.order_id \
    where t.kind = 'sale' group by o.user_id, i.kind, i.teacher_id, i.course_id";
