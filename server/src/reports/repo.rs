//! The reports' SQL: the lines of sales and refunds posted in the ledger, joined to the order items they are made
//! of, summed per day, course or plan, teacher or category.

use sqlx::{Row as _, any::AnyRow};

use crate::platform::db::Pool;

/// Which lines a report covers.
#[derive(Debug, Clone, Default)]
pub struct Scope {
    /// `course` or `mentorship_plan` (the order items' kind); `None`: both.
    pub item_kind: Option<&'static str>,
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
            // Vietnam is UTC+7 all year: the local day of an instant is (ms + 7 h) / 1 day.
            Self::Day => "cast((t.created_at + 25200000) / 86400000 as text)",
            Self::Product => "i.course_id || '|' || i.teacher_id || '|' || coalesce(c.category_id, '')",
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
    /// Orders with a sale.
    pub orders: i64,
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
        self.renewals += other.renewals;
    }
}

/// The lines of sales and refunds: each sale transaction with every item of its order, each item refund
/// (`refund:<item id>`) with its item. Refunds of unapplied money (`payment-refund:`) are no sales refunds.
const LINES: &str = "from ledger_transactions t \
    join order_items i on i.order_id = t.order_id and (t.kind = 'sale' or t.idempotency_key = 'refund:' || i.id) \
    join orders o on o.id = t.order_id \
    left join courses c on c.id = i.course_id and i.kind = 'course' \
    where t.kind in ('sale', 'refund') and i.currency = 'VND'";

/// The scope's conditions after [`LINES`], with their values, numbered from `$first`.
fn conditions(scope: &Scope, first: usize) -> (String, Vec<String>) {
    let mut sql = String::new();
    let mut values: Vec<String> = Vec::new();
    let kind = scope.item_kind.map(str::to_owned);
    for (column, value) in [
        ("i.kind", &kind),
        ("i.course_id", &scope.product_id),
        ("i.teacher_id", &scope.teacher_id),
        ("c.category_id", &scope.category_id),
    ] {
        if let Some(value) = value {
            values.push(value.clone());
            sql.push_str(&format!(" and {column} = ${}", first + values.len() - 1));
        }
    }
    (sql, values)
}

/// The lines posted in `[from_ms, to_ms)` summed by `by`.
pub async fn sums(pool: &Pool, scope: &Scope, from_ms: i64, to_ms: i64, by: By) -> Result<Vec<Sums>, sqlx::Error> {
    let (filter, values) = conditions(scope, 3);
    let renewal = if scope.item_kind != Some("mentorship_plan") {
        "0"
    } else {
        "case when t.kind = 'sale' and exists (select 1 from order_items i2 join orders o2 on o2.id = i2.order_id \
         where o2.user_id = o.user_id and i2.course_id = i.course_id and i2.kind = i.kind and o2.paid_at < o.paid_at) \
         then 1 else 0 end"
    };
    let sale = |v: &str| format!("cast(coalesce(sum(case when t.kind = 'sale' then {v} else 0 end), 0) as bigint)");
    let signed =
        |v: &str| format!("cast(coalesce(sum(case when t.kind = 'sale' then {v} else -{v} end), 0) as bigint)");
    let sql = format!(
        "select {key}, {gross}, {discounts}, \
         cast(coalesce(sum(case when t.kind = 'refund' then i.paid else 0 end), 0) as bigint), \
         {teacher}, {platform}, {units}, \
         cast(coalesce(sum(case when t.kind = 'refund' then 1 else 0 end), 0) as bigint), \
         count(distinct case when t.kind = 'sale' then o.id end), \
         cast(coalesce(sum({renewal}), 0) as bigint), max(i.title_vi), max(i.title_en) \
         {LINES} and t.created_at >= $1 and t.created_at < $2{filter} group by {key}",
        key = by.key(),
        gross = sale("i.price"),
        discounts = sale("i.discount"),
        teacher = signed("i.teacher_share"),
        platform = signed("i.platform_share"),
        units = sale("1"),
    );
    let mut query = sqlx::query(&sql).bind(from_ms).bind(to_ms);
    for value in &values {
        query = query.bind(value);
    }
    query.fetch_all(pool).await?.iter().map(sums_of).collect()
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
        renewals: row.try_get(9)?,
        title_vi: row.try_get::<Option<String>, _>(10)?.unwrap_or_default(),
        title_en: row.try_get::<Option<String>, _>(11)?.unwrap_or_default(),
    })
}

/// How many students bought in the scope for the first time in each of two periods `[from, to)`.
pub async fn new_students(
    pool: &Pool,
    scope: &Scope,
    (from, to): (i64, i64),
    (before_from, before_to): (i64, i64),
) -> Result<(i64, i64), sqlx::Error> {
    let (filter, values) = conditions(scope, 5);
    let sql = format!(
        "select cast(coalesce(sum(case when f.first_at >= $1 and f.first_at < $2 then 1 else 0 end), 0) as bigint), \
         cast(coalesce(sum(case when f.first_at >= $3 and f.first_at < $4 then 1 else 0 end), 0) as bigint) \
         from (select o.user_id, min(t.created_at) as first_at {LINES} and t.kind = 'sale'{filter} \
         group by o.user_id) f"
    );
    let mut query = sqlx::query(&sql).bind(from).bind(to).bind(before_from).bind(before_to);
    for value in &values {
        query = query.bind(value);
    }
    let row = query.fetch_one(pool).await?;
    Ok((row.try_get(0)?, row.try_get(1)?))
}

/// The teacher of a course (`course`) or owner of a plan (`mentorship_plan`), if it exists.
pub async fn owner_of(pool: &Pool, item_kind: &str, id: &str) -> Result<Option<String>, sqlx::Error> {
    let sql = if item_kind == "course" {
        "select instructor_id from courses where id = $1"
    } else {
        "select owner_id from mentorship_plans where id = $1"
    };
    sqlx::query_scalar(sql).bind(id).fetch_optional(pool).await
}

/// The role of a user, if they exist.
pub async fn role_of(pool: &Pool, user_id: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("select role from users where id = $1").bind(user_id).fetch_optional(pool).await
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
