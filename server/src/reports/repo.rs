//! The reports' SQL: the day sums of sales and refunds the ledger keeps (see [`super::day_sums`]), summed per day,
//! course or plan, teacher or category, and the students' first purchases.
//!
//! What each report reads: without a course or category filter, its days from the teacher's (or every teacher's)
//! day rows, one a day; otherwise from the course or plan day rows. The rankings read the months the range covers
//! whole from the month rows, and the days before and after them from the day rows.

use academy_shared::{commerce::ItemKind, roles::Role};
use sqlx::{Row as _, any::AnyRow};

use super::day_sums::month_of;
use crate::platform::db::{Pool, stored_name};

/// Which lines a report covers.
#[derive(Debug, Clone, Default)]
pub struct Scope {
    /// What the order items sell; `None`: both.
    pub item_kind: Option<ItemKind>,
    pub product_id: Option<String>,
    pub teacher_id: Option<String>,
    pub category_id: Option<String>,
}

/// What lines are summed by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum By {
    /// The day in Vietnam (days since 1970-01-01).
    Day,
    /// The course or plan with its teacher and category (`<id>|<teacher>|<category or empty>`): one pass gives the
    /// three rankings.
    Product,
}

impl By {
    fn key(self) -> &'static str {
        match self {
            Self::Day => "cast(s.day as text)",
            Self::Product => "s.product_id || '|' || s.teacher_id || '|' || coalesce(c.category_id, '')",
        }
    }
}

/// The sums of a group of lines.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sums {
    pub key: String,
    /// What the items sold for before coupons.
    pub gross: i64,
    /// The coupons' share of them.
    pub discounts: i64,
    /// What was paid for the items refunded.
    pub refunds: i64,
    /// The teachers' shares of sales less those of refunds.
    pub teacher_share: i64,
    /// The platform's shares of sales less those of refunds.
    pub commission: i64,
    /// Items sold.
    pub units: i64,
    /// Items refunded.
    pub refunded_units: i64,
    /// Orders with a sale in the group (by product: orders of the course or plan).
    pub orders: i64,
    /// By product: the orders counted once per teacher, so a teacher's rows add up to their orders.
    pub teacher_orders: i64,
    /// By product: the orders counted once per category, so a category's rows add up to its orders.
    pub category_orders: i64,
    /// Plans sold to someone who had bought the same plan before.
    pub renewals: i64,
    /// The title of the course or plan (by product), as sold last.
    pub title_vi: String,
    pub title_en: String,
}

impl Sums {
    pub fn add(&mut self, other: &Sums) {
        self.gross += other.gross;
        self.discounts += other.discounts;
        self.refunds += other.refunds;
        self.teacher_share += other.teacher_share;
        self.commission += other.commission;
        self.units += other.units;
        self.refunded_units += other.refunded_units;
        self.orders += other.orders;
        self.teacher_orders += other.teacher_orders;
        self.category_orders += other.category_orders;
        self.renewals += other.renewals;
    }
}

/// The scope's conditions on the day sums `s` (and courses `c`), with their values, numbered from `$first`.
fn conditions(scope: &Scope, first: usize) -> (String, Vec<String>) {
    let mut sql = String::new();
    let mut values: Vec<String> = Vec::new();
    let kind = scope.item_kind.map(|kind| kind.as_str().to_owned());
    for (column, value) in [
        ("s.item_kind", &kind),
        ("s.product_id", &scope.product_id),
        ("s.teacher_id", &scope.teacher_id),
        ("c.category_id", &scope.category_id),
    ] {
        if let Some(value) = value {
            values.push(value.clone());
            sql.push_str(&format!(" and {column} = ${}", first + values.len() - 1));
        }
    }
    (sql, values)
}

/// The column that counts a scope's orders once each: per course or plan when one is named, per category, per
/// teacher, per kind, or per order.
fn orders_column(scope: &Scope) -> &'static str {
    if scope.product_id.is_some() {
        "s.product_orders"
    } else if scope.category_id.is_some() {
        "s.category_orders"
    } else if scope.teacher_id.is_some() {
        "s.teacher_orders"
    } else if scope.item_kind.is_some() {
        "s.kind_orders"
    } else {
        "s.orders"
    }
}

/// The day sums of the local days `[from_day, to_day)` (days since 1970-01-01 in Vietnam) summed by `by`.
pub async fn sums(pool: &Pool, scope: &Scope, from_day: i64, to_day: i64, by: By) -> Result<Vec<Sums>, sqlx::Error> {
    match (by, scope.item_kind) {
        (By::Day, Some(kind)) if scope.product_id.is_none() && scope.category_id.is_none() => {
            teacher_day_sums(pool, kind, scope.teacher_id.as_deref().unwrap_or_default(), from_day, to_day).await
        }
        (By::Day, _) => period_sums(pool, scope, "report_day_sums", "day", from_day, to_day, by).await,
        (By::Product, _) => {
            // The months the range covers whole, and the days before and after them.
            let first_month = if month_of(from_day) == from_day { from_day } else { month_of(month_of(from_day) + 31) };
            let last_month = month_of(to_day);
            if first_month >= last_month {
                return period_sums(pool, scope, "report_day_sums", "day", from_day, to_day, by).await;
            }
            let mut rows = period_sums(pool, scope, "report_month_sums", "month", first_month, last_month, by).await?;
            for (from, to) in [(from_day, first_month), (last_month, to_day)] {
                if from < to {
                    rows.extend(period_sums(pool, scope, "report_day_sums", "day", from, to, by).await?);
                }
            }
            Ok(rows)
        }
    }
}

/// The rows of `table` (`report_day_sums` by `day`, `report_month_sums` by `month`) of `[from, to)` in the scope,
/// summed by `by`.
async fn period_sums(
    pool: &Pool,
    scope: &Scope,
    table: &str,
    period: &str,
    from: i64,
    to: i64,
    by: By,
) -> Result<Vec<Sums>, sqlx::Error> {
    let (filter, values) = conditions(scope, 3);
    let courses = if by == By::Product || scope.category_id.is_some() {
        " left join courses c on c.id = s.product_id and s.item_kind = 'course'"
    } else {
        ""
    };
    let orders = if by == By::Product { "s.product_orders" } else { orders_column(scope) };
    let sum = |v: &str| format!("cast(coalesce(sum({v}), 0) as bigint)");
    let sql = format!(
        "select {key}, {gross}, {discounts}, {refunds}, {teacher}, {commission}, {units}, {refunded}, {orders}, \
         {teacher_orders}, {renewals}, max(s.title_vi), max(s.title_en), {category_orders} \
         from {table} s{courses} where s.currency = 'VND' and s.{period} >= $1 and s.{period} < $2{filter} \
         group by {key}",
        key = by.key(),
        gross = sum("s.gross"),
        discounts = sum("s.discounts"),
        refunds = sum("s.refunds"),
        teacher = sum("s.teacher_share"),
        commission = sum("s.commission"),
        units = sum("s.units"),
        refunded = sum("s.refunded_units"),
        orders = sum(orders),
        teacher_orders = sum("s.teacher_orders"),
        renewals = sum("s.renewals"),
        category_orders = sum("s.category_orders"),
    );
    let mut query = sqlx::query(&sql).bind(from).bind(to);
    for value in &values {
        query = query.bind(value);
    }
    query.fetch_all(pool).await?.iter().map(sums_of).collect()
}

/// The day rows of a teacher (`teacher_id`; empty: every teacher) of `[from_day, to_day)`, one a day.
async fn teacher_day_sums(
    pool: &Pool,
    kind: ItemKind,
    teacher_id: &str,
    from_day: i64,
    to_day: i64,
) -> Result<Vec<Sums>, sqlx::Error> {
    sqlx::query(
        "select cast(day as text), gross, discounts, refunds, teacher_share, commission, units, refunded_units, \
         orders, orders, renewals, '', '', orders from report_day_teacher_sums \
         where item_kind = $1 and currency = 'VND' and teacher_id = $2 and day >= $3 and day < $4",
    )
    .bind(kind.as_str())
    .bind(teacher_id)
    .bind(from_day)
    .bind(to_day)
    .fetch_all(pool)
    .await?
    .iter()
    .map(sums_of)
    .collect()
}

fn sums_of(row: &AnyRow) -> Result<Sums, sqlx::Error> {
    Ok(Sums {
        key: row.try_get(0)?,
        gross: row.try_get(1)?,
        discounts: row.try_get(2)?,
        refunds: row.try_get(3)?,
        teacher_share: row.try_get(4)?,
        commission: row.try_get(5)?,
        units: row.try_get(6)?,
        refunded_units: row.try_get(7)?,
        orders: row.try_get(8)?,
        teacher_orders: row.try_get(9)?,
        renewals: row.try_get(10)?,
        title_vi: row.try_get::<Option<String>, _>(11)?.unwrap_or_default(),
        title_en: row.try_get::<Option<String>, _>(12)?.unwrap_or_default(),
        category_orders: row.try_get(13)?,
    })
}

/// How many students bought in the scope for the first time in each of two periods `[from, to)` (instants), read
/// from their first purchases: of the kind, of the teacher, or of the courses or plans named (by id or category).
pub async fn new_students(
    pool: &Pool,
    scope: &Scope,
    (from, to): (i64, i64),
    (before_from, before_to): (i64, i64),
) -> Result<(i64, i64), sqlx::Error> {
    let counted = "cast(coalesce(sum(case when first_at >= $1 and first_at < $2 then 1 else 0 end), 0) as bigint), \
         cast(coalesce(sum(case when first_at >= $3 and first_at < $4 then 1 else 0 end), 0) as bigint)";
    let by_products = scope.product_id.is_some() || scope.category_id.is_some();
    let (sql, values) = if by_products {
        // A student's first purchase among several courses or plans: the earliest of theirs.
        let (filter, values) = conditions(scope, 5);
        let sql = format!(
            "select {counted} from (select f.user_id, min(f.first_at) as first_at from report_first_purchases f \
             left join courses c on c.id = f.product_id and f.item_kind = 'course' \
             where f.product_id <> ''{filter} group by f.user_id) firsts",
            filter = filter.replace("s.", "f.").replace("f.category_id", "c.category_id"),
        );
        (sql, values)
    } else {
        // One row a student: their first purchase of the kind, or of the teacher.
        let (filter, values) = conditions(scope, 7);
        let teacher = if scope.teacher_id.is_some() { "" } else { " and f.teacher_id = ''" };
        let sql = format!(
            "select {counted} from report_first_purchases f where f.product_id = ''{teacher}{filter} \
             and f.first_at >= $5 and f.first_at < $6",
            filter = filter.replace("s.", "f."),
        );
        (sql, values)
    };
    let mut query = sqlx::query(&sql).bind(from).bind(to).bind(before_from).bind(before_to);
    if !by_products {
        query = query.bind(from.min(before_from)).bind(to.max(before_to));
    }
    for value in &values {
        query = query.bind(value);
    }
    let row = query.fetch_one(pool).await?;
    Ok((row.try_get(0)?, row.try_get(1)?))
}

/// The teacher of a course or owner of a plan, if it exists.
pub async fn owner_of(pool: &Pool, item_kind: ItemKind, id: &str) -> Result<Option<String>, sqlx::Error> {
    let sql = match item_kind {
        ItemKind::Course => "select instructor_id from courses where id = $1",
        ItemKind::MentorshipPlan => "select owner_id from mentorship_plans where id = $1",
    };
    sqlx::query_scalar(sql).bind(id).fetch_optional(pool).await
}

/// The role of a user, if they exist.
pub async fn role_of(pool: &Pool, user_id: &str) -> Result<Option<Role>, sqlx::Error> {
    let role = sqlx::query_scalar("select role from users where id = $1").bind(user_id).fetch_optional(pool).await?;
    role.map(stored_name).transpose()
}

/// The display names of users: (id, name) where name is "first last" or the username.
pub async fn user_names(pool: &Pool, ids: &[String]) -> Result<Vec<(String, String)>, sqlx::Error> {
    let mut names = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(200) {
        let marks: Vec<String> = (1..=chunk.len()).map(|n| format!("${n}")).collect();
        let sql = format!(
            "select id, trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), username from users \
             where id in ({})",
            marks.join(", ")
        );
        let mut query = sqlx::query(&sql);
        for id in chunk {
            query = query.bind(id);
        }
        for row in query.fetch_all(pool).await? {
            let full: String = row.try_get(1)?;
            let username: String = row.try_get(2)?;
            names.push((row.try_get(0)?, if full.is_empty() { username } else { full }));
        }
    }
    Ok(names)
}

/// The names of categories: (id, name vi, name en).
pub async fn category_names(pool: &Pool, ids: &[String]) -> Result<Vec<(String, String, String)>, sqlx::Error> {
    let mut names = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(200) {
        let marks: Vec<String> = (1..=chunk.len()).map(|n| format!("${n}")).collect();
        let sql = format!("select id, name_vi, name_en from categories where id in ({})", marks.join(", "));
        let mut query = sqlx::query(&sql);
        for id in chunk {
            query = query.bind(id);
        }
        for row in query.fetch_all(pool).await? {
            names.push((row.try_get(0)?, row.try_get(1)?, row.try_get(2)?));
        }
    }
    Ok(names)
}
