//! The finance domain's SQL: payout accounts, payout requests and their events, tax commitments, and the sums of
//! the ledger that balances and statements are made of (the ledger itself is written by `commerce::ledger`).

use academy_shared::{money::Currency, roles::Role};
use sqlx::{AnyConnection, FromRow, Row as _};

use crate::{
    commerce::ledger::{EventKind, local_day, local_day_start},
    platform::db::{Flag, Pool, new_id, stored_name},
};

/// A stored payout account.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct AccountRow {
    pub id: String,
    pub user_id: String,
    pub bank_bin: String,
    pub account_number: String,
    pub holder_name: String,
    #[sqlx(try_from = "i64")]
    pub is_default: Flag,
    pub ready_at: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

const ACCOUNT_COLUMNS: &str =
    "id, user_id, bank_bin, account_number, holder_name, is_default, ready_at, created_at, updated_at";

pub async fn accounts_of(conn: &mut AnyConnection, user_id: &str) -> Result<Vec<AccountRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select {ACCOUNT_COLUMNS} from payout_accounts where user_id = $1 and removed_at is null \
         order by is_default desc, created_at"
    ))
    .bind(user_id)
    .fetch_all(conn)
    .await
}

pub async fn account(conn: &mut AnyConnection, id: &str) -> Result<Option<AccountRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {ACCOUNT_COLUMNS} from payout_accounts where id = $1 and removed_at is null"))
        .bind(id)
        .fetch_optional(conn)
        .await
}

pub async fn insert_account(conn: &mut AnyConnection, row: &AccountRow) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into payout_accounts (id, user_id, bank_bin, account_number, holder_name, is_default, ready_at, \
         created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(&row.id)
    .bind(&row.user_id)
    .bind(&row.bank_bin)
    .bind(&row.account_number)
    .bind(&row.holder_name)
    .bind(i64::from(row.is_default.get()))
    .bind(row.ready_at)
    .bind(row.created_at)
    .bind(row.updated_at)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn update_account(conn: &mut AnyConnection, row: &AccountRow) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update payout_accounts set bank_bin = $2, account_number = $3, holder_name = $4, ready_at = $5, \
         updated_at = $6 where id = $1",
    )
    .bind(&row.id)
    .bind(&row.bank_bin)
    .bind(&row.account_number)
    .bind(&row.holder_name)
    .bind(row.ready_at)
    .bind(row.updated_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Makes `id` the user's one default account.
pub async fn set_default(conn: &mut AnyConnection, user_id: &str, id: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update payout_accounts set is_default = case when id = $2 then 1 else 0 end, updated_at = $3 \
         where user_id = $1 and removed_at is null",
    )
    .bind(user_id)
    .bind(id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn remove_account(conn: &mut AnyConnection, id: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("update payout_accounts set removed_at = $2, is_default = 0, updated_at = $2 where id = $1")
        .bind(id)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(())
}

academy_shared::stored_names! {
    /// Where a payout request stands: asked for, paid, rejected, or failed (the transfer did not arrive).
    pub enum RequestStatus("payout request status") {
        Pending = "pending",
        Paid = "paid",
        Rejected = "rejected",
        Failed = "failed",
    }
}

academy_shared::stored_names! {
    /// What happened to a payout request (a request event's kind).
    pub enum RequestEventKind("payout request event kind") {
        Requested = "requested",
        Paid = "paid",
        Rejected = "rejected",
        Failed = "failed",
    }
}

impl From<RequestStatus> for RequestEventKind {
    /// The event of a request entering `status`.
    fn from(status: RequestStatus) -> RequestEventKind {
        match status {
            RequestStatus::Pending => Self::Requested,
            RequestStatus::Paid => Self::Paid,
            RequestStatus::Rejected => Self::Rejected,
            RequestStatus::Failed => Self::Failed,
        }
    }
}

academy_shared::stored_names! {
    /// How a payout leaves: by the academy's own bank transfer or through payOS.
    pub enum PayoutMethod("payout method") {
        BankManual = "bank_manual",
        Payos = "payos",
    }
}

/// A stored payout request.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct RequestRow {
    pub id: String,
    pub teacher_id: String,
    pub account_id: String,
    pub bank_bin: String,
    pub account_number: String,
    pub holder_name: String,
    #[sqlx(try_from = "String")]
    pub method: PayoutMethod,
    pub amount: i64,
    pub fee: i64,
    pub tax: i64,
    pub net: i64,
    #[sqlx(try_from = "String")]
    pub currency: Currency,
    #[sqlx(try_from = "String")]
    pub status: RequestStatus,
    pub reason: Option<String>,
    pub note: String,
    pub bank_reference: Option<String>,
    pub paid_on: Option<String>,
    pub decided_by: Option<String>,
    pub decided_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    /// The teacher's name and username (joined).
    pub teacher_username: String,
    pub teacher_first_name: Option<String>,
    pub teacher_last_name: Option<String>,
    /// The state of its payOS transfer, when it was sent through payOS (joined).
    pub payos_state: Option<String>,
}

const REQUEST_SELECT: &str = "select r.id, r.teacher_id, r.account_id, r.bank_bin, r.account_number, r.holder_name, \
    r.method, r.amount, r.fee, r.tax, r.net, r.currency, r.status, r.reason, r.note, r.bank_reference, r.paid_on, \
    r.decided_by, r.decided_at, r.created_at, r.updated_at, u.username as teacher_username, \
    u.first_name as teacher_first_name, u.last_name as teacher_last_name, p.state as payos_state \
    from payout_requests r join users u on u.id = r.teacher_id left join payos_transfers p on p.request_id = r.id";

pub async fn request(conn: &mut AnyConnection, id: &str) -> Result<Option<RequestRow>, sqlx::Error> {
    sqlx::query_as(&format!("{REQUEST_SELECT} where r.id = $1")).bind(id).fetch_optional(conn).await
}

pub async fn request_by_key(
    conn: &mut AnyConnection,
    teacher_id: &str,
    key: &str,
) -> Result<Option<RequestRow>, sqlx::Error> {
    sqlx::query_as(&format!("{REQUEST_SELECT} where r.teacher_id = $1 and r.idempotency_key = $2"))
        .bind(teacher_id)
        .bind(key)
        .fetch_optional(conn)
        .await
}

/// A payout request to insert.
#[derive(Debug)]
pub struct NewRequest<'a> {
    pub id: &'a str,
    pub teacher_id: &'a str,
    pub account: &'a AccountRow,
    pub method: PayoutMethod,
    pub amount: i64,
    pub fee: i64,
    pub tax: i64,
    pub net: i64,
    pub currency: Currency,
    pub key: &'a str,
}

pub async fn insert_request(conn: &mut AnyConnection, new: &NewRequest<'_>, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into payout_requests (id, teacher_id, account_id, bank_bin, account_number, holder_name, method, \
         amount, fee, tax, net, currency, status, idempotency_key, created_at, updated_at) values ($1, $2, $3, $4, \
         $5, $6, $7, $8, $9, $10, $11, $12, 'pending', $13, $14, $14)",
    )
    .bind(new.id)
    .bind(new.teacher_id)
    .bind(&new.account.id)
    .bind(&new.account.bank_bin)
    .bind(&new.account.account_number)
    .bind(&new.account.holder_name)
    .bind(new.method.as_str())
    .bind(new.amount)
    .bind(new.fee)
    .bind(new.tax)
    .bind(new.net)
    .bind(new.currency.code())
    .bind(new.key)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// A decision on a request.
#[derive(Debug)]
pub struct Decision<'a> {
    pub id: &'a str,
    pub from: RequestStatus,
    pub to: RequestStatus,
    pub actor_id: &'a str,
    pub reason: Option<&'a str>,
    pub note: &'a str,
    pub bank_reference: Option<&'a str>,
    pub paid_on: Option<&'a str>,
}

/// Moves a request from one status to another; whether it was in `from` (a second decision finds it moved).
pub async fn decide(conn: &mut AnyConnection, decision: &Decision<'_>, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update payout_requests set status = $3, decided_by = $4, decided_at = $5, updated_at = $5, \
         reason = coalesce($6, reason), note = $7, bank_reference = coalesce($8, bank_reference), \
         paid_on = coalesce($9, paid_on) where id = $1 and status = $2",
    )
    .bind(decision.id)
    .bind(decision.from.as_str())
    .bind(decision.to.as_str())
    .bind(decision.actor_id)
    .bind(now)
    .bind(decision.reason)
    .bind(decision.note)
    .bind(decision.bank_reference)
    .bind(decision.paid_on)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn insert_event(
    conn: &mut AnyConnection,
    request_id: &str,
    kind: RequestEventKind,
    actor_id: Option<&str>,
    note: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into payout_request_events (id, request_id, kind, actor_id, note, created_at) \
         values ($1, $2, $3, $4, $5, $6)",
    )
    .bind(new_id())
    .bind(request_id)
    .bind(kind.as_str())
    .bind(actor_id)
    .bind(note)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Which requests a list shows.
#[derive(Debug, Default)]
pub struct RequestFilter<'a> {
    pub teacher_id: Option<&'a str>,
    pub status: Option<RequestStatus>,
    pub from_ms: Option<i64>,
    pub to_ms: Option<i64>,
    /// Part of the teacher's username or name (already in lower case).
    pub search: Option<&'a str>,
}

fn request_where(filter: &RequestFilter<'_>) -> (String, Vec<String>) {
    let mut clauses = Vec::new();
    let mut binds: Vec<String> = Vec::new();
    if let Some(teacher) = filter.teacher_id {
        binds.push(teacher.to_owned());
        clauses.push(format!("r.teacher_id = ${}", binds.len()));
    }
    if let Some(status) = filter.status {
        binds.push(status.as_str().to_owned());
        clauses.push(format!("r.status = ${}", binds.len()));
    }
    if let Some(search) = filter.search {
        binds.push(format!("%{search}%"));
        let n = binds.len();
        clauses.push(format!(
            "(lower(u.username) like ${n} or lower(coalesce(u.last_name, '') || ' ' || coalesce(u.first_name, '')) \
             like ${n} or lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) like ${n})"
        ));
    }
    let clause = if clauses.is_empty() { String::new() } else { format!(" where {}", clauses.join(" and ")) };
    (clause, binds)
}

/// A page of requests, newest first, with the total count; times filter on `created_at`.
pub async fn requests(
    pool: &Pool,
    filter: &RequestFilter<'_>,
    limit: i64,
    offset: i64,
) -> Result<(Vec<RequestRow>, i64), sqlx::Error> {
    let (mut clause, binds) = request_where(filter);
    let mut times = Vec::new();
    for (bound, op) in [(filter.from_ms, ">="), (filter.to_ms, "<")] {
        if let Some(ms) = bound {
            times.push(ms);
            let n = binds.len() + times.len();
            clause.push_str(&format!("{} r.created_at {op} ${n}", if clause.is_empty() { " where" } else { " and" }));
        }
    }
    let n = binds.len() + times.len();
    let sql = format!("{REQUEST_SELECT}{clause} order by r.created_at desc, r.id limit ${} offset ${}", n + 1, n + 2);
    let mut query = sqlx::query_as::<_, RequestRow>(&sql);
    for value in &binds {
        query = query.bind(value);
    }
    for ms in &times {
        query = query.bind(*ms);
    }
    let rows = query.bind(limit).bind(offset).fetch_all(pool).await?;
    let count_sql = format!("select count(*) from payout_requests r join users u on u.id = r.teacher_id{clause}");
    let mut count = sqlx::query_scalar::<_, i64>(&count_sql);
    for value in &binds {
        count = count.bind(value);
    }
    for ms in &times {
        count = count.bind(*ms);
    }
    Ok((rows, count.fetch_one(pool).await?))
}

/// How many requests are in each status (of one teacher, or everyone's).
pub async fn status_counts(pool: &Pool, teacher_id: Option<&str>) -> Result<Vec<(RequestStatus, i64)>, sqlx::Error> {
    let rows = sqlx::query(
        "select status, count(*) from payout_requests where ($1 is null or teacher_id = $1) group by status",
    )
    .bind(teacher_id)
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|row| {
            let status = RequestStatus::try_from(row.try_get::<String, _>(0)?)
                .map_err(|e| sqlx::Error::ColumnDecode { index: "status".into(), source: Box::new(e) })?;
            Ok((status, row.try_get(1)?))
        })
        .collect()
}

/// Whether the teacher declared the commitment form for `year`.
pub async fn committed(conn: &mut AnyConnection, teacher_id: &str, year: i64) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar("select year from tax_commitments where teacher_id = $1 and year = $2")
        .bind(teacher_id)
        .bind(year)
        .fetch_optional(conn)
        .await?;
    Ok(found.is_some())
}

pub async fn record_commitment(
    pool: &Pool,
    teacher_id: &str,
    year: i64,
    declared_on: &str,
    recorded_by: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into tax_commitments (teacher_id, year, declared_on, recorded_by, created_at) values ($1, $2, $3, \
         $4, $5) on conflict (teacher_id, year) do update set declared_on = excluded.declared_on, \
         recorded_by = excluded.recorded_by, created_at = excluded.created_at",
    )
    .bind(teacher_id)
    .bind(year)
    .bind(declared_on)
    .bind(recorded_by)
    .bind(now)
    .execute(pool)
    .await?;
    Ok(())
}

pub async fn remove_commitment(pool: &Pool, teacher_id: &str, year: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("delete from tax_commitments where teacher_id = $1 and year = $2")
        .bind(teacher_id)
        .bind(year)
        .execute(pool)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// The years a teacher declared the commitment for, with the date declared.
pub async fn commitments_of(pool: &Pool, teacher_id: &str) -> Result<Vec<(i64, String)>, sqlx::Error> {
    let rows = sqlx::query("select year, declared_on from tax_commitments where teacher_id = $1 order by year desc")
        .bind(teacher_id)
        .fetch_all(pool)
        .await?;
    rows.iter().map(|row| Ok((row.try_get(0)?, row.try_get(1)?))).collect()
}

/// Holds a ledger account's row until the transaction ends, so that the sums read next stay true until the
/// commit (two payout requests of one teacher wait for each other; SQLite's writer lock already serialises).
/// Whether the account exists.
pub async fn lock_ledger_account(conn: &mut AnyConnection, code: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("update ledger_accounts set created_at = created_at where code = $1")
        .bind(code)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// The sums of one account's entries by transaction kind and currency: (kind, currency, sum), from its day sums
/// (kept for accounts with an owner).
pub async fn sums_by_kind(
    conn: &mut AnyConnection,
    account: &str,
) -> Result<Vec<(EventKind, Currency, i64)>, sqlx::Error> {
    let rows = sqlx::query(
        "select kind, currency, cast(sum(amount) as bigint) from ledger_day_sums where account_code = $1 \
         group by kind, currency",
    )
    .bind(account)
    .fetch_all(conn)
    .await?;
    rows.iter().map(|row| Ok((stored_name(row.try_get(0)?)?, stored_name(row.try_get(1)?)?, row.try_get(2)?))).collect()
}

/// Which entries of an account (one with an owner: its day sums are kept) a [`range_sums`] adds up.
#[derive(Debug, Clone, Copy)]
pub struct Range<'a> {
    pub account: &'a str,
    /// One currency, or all.
    pub currency: Option<&'a str>,
    /// Transaction kinds (all when empty).
    pub kinds: &'a [&'a str],
    pub from_ms: i64,
    pub to_ms: i64,
}

/// Instants later than any entry (the year 10000), so that day arithmetic never overflows.
const FAR_FUTURE_MS: i64 = 253_402_300_800_000;

/// The sum and the number of the entries of `range` posted in `[from_ms, to_ms)`: the whole days in Vietnam from
/// the account's day sums, the parts of days at either end from the entries themselves. The cost does not grow
/// with the account's entries, only with the days of the range and the entries of its two end days.
pub async fn range_sums(conn: &mut AnyConnection, range: &Range<'_>) -> Result<(i64, i64), sqlx::Error> {
    let from_ms = range.from_ms.clamp(0, FAR_FUTURE_MS);
    let to_ms = range.to_ms.clamp(0, FAR_FUTURE_MS);
    if from_ms >= to_ms {
        return Ok((0, 0));
    }
    let mut first_day = local_day(from_ms);
    if local_day_start(first_day) < from_ms {
        first_day += 1;
    }
    let end_day = local_day(to_ms);
    if first_day >= end_day {
        return entry_sums(conn, range, from_ms, to_ms).await;
    }
    let (before, before_count) = entry_sums(conn, range, from_ms, local_day_start(first_day)).await?;
    let (after, after_count) = entry_sums(conn, range, local_day_start(end_day), to_ms).await?;
    let mut sql = String::from(
        "select cast(coalesce(sum(amount), 0) as bigint), cast(coalesce(sum(entries), 0) as bigint) \
         from ledger_day_sums where account_code = $1 and day >= $2 and day < $3",
    );
    if range.currency.is_some() {
        sql.push_str(" and currency = $4");
    }
    if !range.kinds.is_empty() {
        sql.push_str(&format!(" and kind in ({})", quoted(range.kinds)));
    }
    let mut query = sqlx::query(&sql).bind(range.account).bind(first_day).bind(end_day);
    if let Some(currency) = range.currency {
        query = query.bind(currency);
    }
    let row = query.fetch_one(&mut *conn).await?;
    let (days, days_count): (i64, i64) = (row.try_get(0)?, row.try_get(1)?);
    Ok((before + days + after, before_count + days_count + after_count))
}

/// The sum and number of the entries of `range` posted in `[from_ms, to_ms)`, read from the entries.
async fn entry_sums(
    conn: &mut AnyConnection,
    range: &Range<'_>,
    from_ms: i64,
    to_ms: i64,
) -> Result<(i64, i64), sqlx::Error> {
    if from_ms >= to_ms {
        return Ok((0, 0));
    }
    let mut sql = String::from("select cast(coalesce(sum(e.amount), 0) as bigint), count(*) from ledger_entries e");
    if !range.kinds.is_empty() {
        sql.push_str(" join ledger_transactions t on t.id = e.transaction_id");
    }
    sql.push_str(" where e.account_code = $1 and e.created_at >= $2 and e.created_at < $3");
    if range.currency.is_some() {
        sql.push_str(" and e.currency = $4");
    }
    if !range.kinds.is_empty() {
        sql.push_str(&format!(" and t.kind in ({})", quoted(range.kinds)));
    }
    let mut query = sqlx::query(&sql).bind(range.account).bind(from_ms).bind(to_ms);
    if let Some(currency) = range.currency {
        query = query.bind(currency);
    }
    let row = query.fetch_one(conn).await?;
    Ok((row.try_get(0)?, row.try_get(1)?))
}

/// Names the code chose (transaction kinds), as SQL literals.
fn quoted(names: &[&str]) -> String {
    names.iter().map(|k| format!("'{k}'")).collect::<Vec<_>>().join(", ")
}

/// What the sales of the last holding period left on a teacher's account, per currency: the sale entries posted
/// since `since_ms` and the refunds of those same orders (their earnings are not available yet). The orders are
/// found among the account's own recent entries, so the cost is that of the holding period's entries.
pub async fn maturing(
    conn: &mut AnyConnection,
    account: &str,
    since_ms: i64,
) -> Result<Vec<(Currency, i64)>, sqlx::Error> {
    let rows = sqlx::query(
        "select e.currency, cast(sum(e.amount) as bigint) from ledger_entries e \
         join ledger_transactions t on t.id = e.transaction_id \
         where e.account_code = $1 and e.created_at >= $2 and t.kind in ('sale', 'refund') \
         and t.order_id in (select s.order_id from ledger_entries se \
         join ledger_transactions s on s.id = se.transaction_id \
         where se.account_code = $1 and se.created_at >= $2 and s.kind = 'sale') group by e.currency",
    )
    .bind(account)
    .bind(since_ms)
    .fetch_all(conn)
    .await?;
    rows.iter().map(|row| Ok((stored_name(row.try_get(0)?)?, row.try_get(1)?))).collect()
}

/// An entry of a teacher's statement: the entry, its transaction, and the order item it concerns, if any.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct StatementRow {
    pub entry_id: String,
    pub created_at: i64,
    #[sqlx(try_from = "String")]
    pub kind: EventKind,
    pub amount: i64,
    pub currency: String,
    pub order_id: Option<String>,
    pub memo: String,
    pub key: String,
}

/// Which entries a statement shows.
#[derive(Debug)]
pub struct StatementFilter<'a> {
    pub account: &'a str,
    pub from_ms: i64,
    pub to_ms: i64,
    /// Transaction kinds (all when empty).
    pub kinds: &'a [&'a str],
    /// Only entries of orders holding this course or plan.
    pub course_id: Option<&'a str>,
}

fn statement_where(filter: &StatementFilter<'_>) -> String {
    let mut sql = String::from("e.account_code = $1 and e.created_at >= $2 and e.created_at < $3");
    if !filter.kinds.is_empty() {
        let names: Vec<String> = filter.kinds.iter().map(|k| format!("'{k}'")).collect();
        sql.push_str(&format!(" and t.kind in ({})", names.join(", ")));
    }
    if filter.course_id.is_some() {
        sql.push_str(" and exists (select 1 from order_items i where i.order_id = t.order_id and i.course_id = $4)");
    }
    sql
}

/// A page of a statement, newest first, with the number of entries.
pub async fn statement(
    conn: &mut AnyConnection,
    filter: &StatementFilter<'_>,
    limit: i64,
    offset: i64,
) -> Result<(Vec<StatementRow>, i64), sqlx::Error> {
    let clause = statement_where(filter);
    let next = if filter.course_id.is_some() { 5 } else { 4 };
    let sql = format!(
        "select e.id as entry_id, e.created_at, t.kind, e.amount, e.currency, t.order_id, t.memo, \
         t.idempotency_key as key from ledger_entries e join ledger_transactions t on t.id = e.transaction_id \
         where {clause} order by e.created_at desc, e.id desc limit ${next} offset ${}",
        next + 1
    );
    let mut query =
        sqlx::query_as::<_, StatementRow>(&sql).bind(filter.account).bind(filter.from_ms).bind(filter.to_ms);
    if let Some(course) = filter.course_id {
        query = query.bind(course);
    }
    let rows = query.bind(limit).bind(offset).fetch_all(&mut *conn).await?;
    let Some(course) = filter.course_id else {
        // Without a course, the day sums count the entries of whole days.
        let range = Range {
            account: filter.account,
            currency: None,
            kinds: filter.kinds,
            from_ms: filter.from_ms,
            to_ms: filter.to_ms,
        };
        let (_, count) = range_sums(conn, &range).await?;
        return Ok((rows, count));
    };
    let count_sql = format!(
        "select count(*) from ledger_entries e join ledger_transactions t on t.id = e.transaction_id where {clause}"
    );
    let count = sqlx::query_scalar::<_, i64>(&count_sql)
        .bind(filter.account)
        .bind(filter.from_ms)
        .bind(filter.to_ms)
        .bind(course)
        .fetch_one(&mut *conn)
        .await?;
    Ok((rows, count))
}

/// The account's balance in `currency` just after the entry `(created_at, id)`: the account's balance less what
/// came after the entry (from the day sums but for the entry's own day). The newest line of a statement page shows
/// it as "balance after"; the older lines are worked out from it.
pub async fn balance_after(
    conn: &mut AnyConnection,
    account: &str,
    currency: &str,
    created_at: i64,
    entry_id: &str,
) -> Result<i64, sqlx::Error> {
    let total: Option<i64> = sqlx::query_scalar(
        "select cast(coalesce(sum(amount), 0) as bigint) from ledger_day_sums where account_code = $1 \
         and currency = $2",
    )
    .bind(account)
    .bind(currency)
    .fetch_one(&mut *conn)
    .await?;
    let later = Range { account, currency: Some(currency), kinds: &[], from_ms: created_at + 1, to_ms: i64::MAX };
    let (later, _) = range_sums(conn, &later).await?;
    let same_instant: Option<i64> = sqlx::query_scalar(
        "select cast(coalesce(sum(amount), 0) as bigint) from ledger_entries where account_code = $1 \
         and currency = $2 and created_at = $3 and id > $4",
    )
    .bind(account)
    .bind(currency)
    .bind(created_at)
    .bind(entry_id)
    .fetch_one(conn)
    .await?;
    Ok(total.unwrap_or(0) - later - same_instant.unwrap_or(0))
}

/// A teacher's course or plan lines of an order (what a statement line names).
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct OrderLine {
    pub order_id: String,
    pub course_id: String,
    pub title_vi: String,
    pub title_en: String,
    #[sqlx(try_from = "String")]
    pub kind: academy_shared::commerce::ItemKind,
    pub paid: i64,
    pub teacher_share: i64,
    pub platform_share: i64,
    pub teacher_id: String,
    pub code: String,
    /// The teacher whose referral link brought the buyer.
    #[sqlx(default)]
    pub referrer_id: Option<String>,
}

pub async fn order_lines(
    conn: &mut AnyConnection,
    order_ids: &[String],
    teacher_id: &str,
) -> Result<Vec<OrderLine>, sqlx::Error> {
    if order_ids.is_empty() {
        return Ok(Vec::new());
    }
    let placeholders: Vec<String> = (0..order_ids.len()).map(|i| format!("${}", i + 2)).collect();
    let sql = format!(
        "select i.order_id, i.course_id, i.title_vi, i.title_en, i.kind, i.paid, i.teacher_share, i.platform_share, \
         i.teacher_id, o.code, i.referrer_id from order_items i join orders o on o.id = i.order_id \
         where i.teacher_id = $1 and i.order_id in ({}) order by i.position",
        placeholders.join(", ")
    );
    let mut query = sqlx::query_as::<_, OrderLine>(&sql).bind(teacher_id);
    for id in order_ids {
        query = query.bind(id);
    }
    query.fetch_all(conn).await
}

/// A teacher with ledger accounts, with the sums the administrators' table needs.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct TeacherBalanceRow {
    pub teacher_id: String,
    pub username: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub balance: i64,
    pub reserved: i64,
    pub tax_withheld: i64,
}

pub async fn teacher_balances(pool: &Pool, currency: &str) -> Result<Vec<TeacherBalanceRow>, sqlx::Error> {
    sqlx::query_as(
        "select u.id as teacher_id, u.username, u.first_name, u.last_name, \
         cast(coalesce(sum(case when a.kind = 'teacher_earnings' then d.amount else 0 end), 0) as bigint) as balance, \
         cast(coalesce(sum(case when a.kind = 'payout_reserved' then d.amount else 0 end), 0) as bigint) as reserved, \
         cast(coalesce(sum(case when a.kind = 'tax_withheld' then d.amount else 0 end), 0) as bigint) as tax_withheld \
         from ledger_accounts a join users u on u.id = a.owner_id \
         left join ledger_day_sums d on d.account_code = a.code and d.currency = $1 \
         where a.kind in ('teacher_earnings', 'payout_reserved', 'tax_withheld') \
         group by u.id, u.username, u.first_name, u.last_name",
    )
    .bind(currency)
    .fetch_all(pool)
    .await
}

/// The sum of every account of these kinds (e.g. all teachers' earnings) in `currency`.
pub async fn kind_total(pool: &Pool, kinds: &[&str], currency: &str) -> Result<i64, sqlx::Error> {
    let names: Vec<String> = kinds.iter().map(|k| format!("'{k}'")).collect();
    let sum: Option<i64> = sqlx::query_scalar(&format!(
        "select cast(coalesce(sum(e.amount), 0) as bigint) from ledger_entries e \
         join ledger_accounts a on a.code = e.account_code where a.kind in ({}) and e.currency = $1",
        names.join(", ")
    ))
    .bind(currency)
    .fetch_one(pool)
    .await?;
    Ok(sum.unwrap_or(0))
}

/// The role of a user, if they exist.
pub async fn user_role(pool: &Pool, id: &str) -> Result<Option<Role>, sqlx::Error> {
    let role = sqlx::query_scalar("select role from users where id = $1").bind(id).fetch_optional(pool).await?;
    role.map(stored_name).transpose()
}

/// A payout request's payOS transfer.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct TransferRow {
    pub request_id: String,
    pub idempotency_key: String,
    pub payos_id: Option<String>,
    pub state: String,
    pub sent_by: String,
    pub checks: i64,
    pub settled_at: Option<i64>,
}

pub async fn transfer(conn: &mut AnyConnection, request_id: &str) -> Result<Option<TransferRow>, sqlx::Error> {
    sqlx::query_as(
        "select request_id, idempotency_key, payos_id, state, sent_by, checks, settled_at from payos_transfers \
         where request_id = $1",
    )
    .bind(request_id)
    .fetch_optional(conn)
    .await
}

/// Holds a pending request's row until the transaction ends; whether it is still pending.
pub async fn lock_pending_request(conn: &mut AnyConnection, id: &str, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("update payout_requests set updated_at = $2 where id = $1 and status = 'pending'")
        .bind(id)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn insert_transfer(
    conn: &mut AnyConnection,
    request_id: &str,
    key: &str,
    sent_by: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into payos_transfers (request_id, idempotency_key, state, sent_by, created_at, updated_at) \
         values ($1, $2, 'SENDING', $3, $4, $4)",
    )
    .bind(request_id)
    .bind(key)
    .bind(sent_by)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Records what payOS said of a transfer (its id and state); `checked` counts a look at its state.
pub async fn record_transfer(
    pool: &Pool,
    request_id: &str,
    payos_id: &str,
    state: &str,
    checked: bool,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update payos_transfers set payos_id = $2, state = $3, checks = checks + $4, updated_at = $5 \
         where request_id = $1 and settled_at is null",
    )
    .bind(request_id)
    .bind(payos_id)
    .bind(state)
    .bind(i64::from(checked))
    .bind(now)
    .execute(pool)
    .await?;
    Ok(())
}

/// Forgets a transfer payOS refused to make (the request can be paid another way).
pub async fn forget_transfer(pool: &Pool, request_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("delete from payos_transfers where request_id = $1 and payos_id is null")
        .bind(request_id)
        .execute(pool)
        .await?;
    Ok(())
}

/// Marks a transfer settled (its final state decided the request), in the decision's transaction.
pub async fn settle_transfer(conn: &mut AnyConnection, request_id: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("update payos_transfers set settled_at = $2, updated_at = $2 where request_id = $1")
        .bind(request_id)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(())
}

/// The pending requests a bank batch file holds, oldest first: those among `ids` (all when `None`), less those
/// whose payOS transfer is under way.
pub async fn pending_for_batch(pool: &Pool, ids: Option<&[String]>) -> Result<Vec<RequestRow>, sqlx::Error> {
    let chosen = match ids {
        Some([]) => return Ok(Vec::new()),
        Some(ids) => {
            let placeholders: Vec<String> = (1..=ids.len()).map(|i| format!("${i}")).collect();
            format!(" and r.id in ({})", placeholders.join(", "))
        }
        None => String::new(),
    };
    let sql = format!(
        "{REQUEST_SELECT} where r.status = 'pending' and p.request_id is null{chosen} order by r.created_at, r.id"
    );
    let mut query = sqlx::query_as::<_, RequestRow>(&sql);
    for id in ids.unwrap_or_default() {
        query = query.bind(id);
    }
    query.fetch_all(pool).await
}

/// A teacher's paid requests whose money was sent in `year` (by the day paid), oldest first.
pub async fn paid_in_year(pool: &Pool, teacher_id: &str, year: i64) -> Result<Vec<RequestRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{REQUEST_SELECT} where r.teacher_id = $1 and r.status = 'paid' and r.paid_on >= $2 and r.paid_on < $3 \
         order by r.paid_on, r.decided_at, r.id"
    ))
    .bind(teacher_id)
    .bind(format!("{year:04}-01-01"))
    .bind(format!("{:04}-01-01", year + 1))
    .fetch_all(pool)
    .await
}

/// A person's username and name: (username, first name, last name).
pub async fn person(pool: &Pool, id: &str) -> Result<Option<(String, Option<String>, Option<String>)>, sqlx::Error> {
    let row = sqlx::query("select username, first_name, last_name from users where id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await?;
    row.map(|row| Ok((row.try_get(0)?, row.try_get(1)?, row.try_get(2)?))).transpose()
}

/// The day a teacher declared the commitment form for `year`, if they did.
pub async fn commitment(pool: &Pool, teacher_id: &str, year: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("select declared_on from tax_commitments where teacher_id = $1 and year = $2")
        .bind(teacher_id)
        .bind(year)
        .fetch_optional(pool)
        .await
}
