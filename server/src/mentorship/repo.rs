//! The SQL of mentorship: plans as their teachers manage them, the seats a plan has taken, and bookings.

use academy_shared::{mentorship::plan::DurationUnit, money::Currency};
use sqlx::{AnyConnection, FromRow};

use crate::{
    platform::db::{Pool, new_id},
    platform::localized::{Localized, to_json},
};

academy_shared::stored_names! {
    /// Whether a plan takes new bookings.
    pub enum PlanStatus("plan status") {
        Active = "active",
        Inactive = "inactive",
    }
}

/// A plan as stored.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct PlanRow {
    pub id: String,
    pub owner_id: String,
    pub slug: String,
    pub title_vi: String,
    pub title_en: String,
    pub price: i64,
    #[sqlx(try_from = "String")]
    pub currency: Currency,
    pub short_description_vi: String,
    pub short_description_en: String,
    pub services: String,
    pub duration_value: i64,
    #[sqlx(try_from = "String")]
    pub duration_unit: DurationUnit,
    pub sessions_per_period: i64,
    pub session_minutes: i64,
    pub max_mentees: i64,
    #[sqlx(try_from = "String")]
    pub status: PlanStatus,
    pub created_at: i64,
    pub updated_at: i64,
}

const PLAN_COLUMNS: &str = "p.id, p.owner_id, p.slug, p.title_vi, p.title_en, p.price, p.currency, \
    p.short_description_vi, p.short_description_en, p.services, p.duration_value, p.duration_unit, \
    p.sessions_per_period, p.session_minutes, p.max_mentees, p.status, p.created_at, p.updated_at";

/// A plan's fields as written.
#[derive(Debug, Clone)]
pub struct PlanInput {
    pub title: Localized,
    pub short_description: Localized,
    pub services: Vec<Localized>,
    pub price: i64,
    pub currency: String,
    pub duration_value: i64,
    pub duration_unit: DurationUnit,
    /// The duration in days (a month counted as 30), for lists that sort or show days.
    pub duration_days: i64,
    pub sessions_per_period: i64,
    pub session_minutes: i64,
    pub max_mentees: i64,
    pub active: bool,
}

fn status_of(active: bool) -> &'static str {
    if active { PlanStatus::Active } else { PlanStatus::Inactive }.as_str()
}

pub async fn find_plan(conn: &mut AnyConnection, id: &str) -> Result<Option<PlanRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {PLAN_COLUMNS} from mentorship_plans p where p.id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await
}

/// Plans of one owner (`owner_id`) or of everyone, newest first, with their active mentees.
pub async fn list_plans(pool: &Pool, owner_id: Option<&str>, now_ms: i64) -> Result<Vec<(PlanRow, i64)>, sqlx::Error> {
    #[derive(FromRow)]
    struct Counted {
        #[sqlx(flatten)]
        plan: PlanRow,
        active_mentees: i64,
    }
    let rows: Vec<Counted> = sqlx::query_as(&format!(
        "select {PLAN_COLUMNS}, (select count(*) from mentorship_enrollments e where e.plan_id = p.id \
         and e.end_at > $2) as active_mentees from mentorship_plans p where ($1 is null or p.owner_id = $1) \
         order by p.created_at desc, p.id"
    ))
    .bind(owner_id)
    .bind(now_ms)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.plan, r.active_mentees)).collect())
}

pub async fn insert_plan(
    conn: &mut AnyConnection,
    id: &str,
    owner_id: &str,
    slug: &str,
    input: &PlanInput,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into mentorship_plans (id, owner_id, slug, title_vi, title_en, price, currency, \
         short_description_vi, short_description_en, services, duration_days, duration_value, duration_unit, \
         sessions_per_period, session_minutes, max_mentees, status, created_at, updated_at) \
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $18)",
    )
    .bind(id)
    .bind(owner_id)
    .bind(slug)
    .bind(&input.title.vi)
    .bind(&input.title.en)
    .bind(input.price)
    .bind(&input.currency)
    .bind(&input.short_description.vi)
    .bind(&input.short_description.en)
    .bind(to_json(&input.services))
    .bind(input.duration_days)
    .bind(input.duration_value)
    .bind(input.duration_unit.as_str())
    .bind(input.sessions_per_period)
    .bind(input.session_minutes)
    .bind(input.max_mentees)
    .bind(status_of(input.active))
    .bind(now_ms)
    .execute(conn)
    .await?;
    Ok(())
}

/// Rewrites a plan's fields (never the bookings made of it: they keep what was paid).
pub async fn update_plan(
    conn: &mut AnyConnection,
    id: &str,
    input: &PlanInput,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update mentorship_plans set title_vi = $1, title_en = $2, price = $3, currency = $4, \
         short_description_vi = $5, short_description_en = $6, services = $7, duration_days = $8, \
         duration_value = $9, duration_unit = $10, sessions_per_period = $11, session_minutes = $12, \
         max_mentees = $13, status = $14, updated_at = $15 where id = $16",
    )
    .bind(&input.title.vi)
    .bind(&input.title.en)
    .bind(input.price)
    .bind(&input.currency)
    .bind(&input.short_description.vi)
    .bind(&input.short_description.en)
    .bind(to_json(&input.services))
    .bind(input.duration_days)
    .bind(input.duration_value)
    .bind(input.duration_unit.as_str())
    .bind(input.sessions_per_period)
    .bind(input.session_minutes)
    .bind(input.max_mentees)
    .bind(status_of(input.active))
    .bind(now_ms)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Whether any booking or order was ever made of the plan (such a plan is paused, never deleted).
pub async fn plan_was_sold(conn: &mut AnyConnection, id: &str) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar(
        "select 1 from mentorship_enrollments where plan_id = $1 union all \
         select 1 from order_items where kind = 'mentorship_plan' and course_id = $1 limit 1",
    )
    .bind(id)
    .fetch_optional(conn)
    .await?;
    Ok(found.is_some())
}

pub async fn delete_plan(conn: &mut AnyConnection, id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("delete from mentorship_plans where id = $1").bind(id).execute(conn).await?;
    Ok(done.rows_affected() == 1)
}

/// Whether a plan slug is taken by another plan of the owner.
pub async fn slug_taken(conn: &mut AnyConnection, owner_id: &str, slug: &str) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar("select 1 from mentorship_plans where owner_id = $1 and slug = $2")
        .bind(owner_id)
        .bind(slug)
        .fetch_optional(conn)
        .await?;
    Ok(found.is_some())
}

/// Takes the plan's row lock for the rest of the transaction, so that seats are counted by one booking at a
/// time (SQLite's writer lock already is one).
pub async fn lock_plan(conn: &mut AnyConnection, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("update mentorship_plans set updated_at = updated_at where id = $1").bind(id).execute(conn).await?;
    Ok(())
}

/// The people holding a seat of the plan at `now_ms`: an active booking, or a brief hold. A person's unpaid
/// order of the plan holds a seat while their first order of it since `counted_since` is younger than
/// `held_since`, so cancelling and checking out again does not start a new hold.
pub async fn seat_holders(
    conn: &mut AnyConnection,
    plan_id: &str,
    now_ms: i64,
    held_since: i64,
    counted_since: i64,
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "select user_id from mentorship_enrollments where plan_id = $1 and end_at > $2 \
         union select o.user_id from order_items i join orders o on o.id = i.order_id \
         where i.kind = 'mentorship_plan' and i.course_id = $1 and o.created_at > $4 \
         group by o.user_id \
         having min(o.created_at) > $3 and sum(case when o.status = 'pending' then 1 else 0 end) > 0",
    )
    .bind(plan_id)
    .bind(now_ms)
    .bind(held_since)
    .bind(counted_since)
    .fetch_all(conn)
    .await
}

/// The latest booking of a plan by a person: (id, start, end).
pub async fn booking_of(
    conn: &mut AnyConnection,
    user_id: &str,
    plan_id: &str,
) -> Result<Option<(String, i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "select id, start_at, end_at from mentorship_enrollments where user_id = $1 and plan_id = $2 \
         order by end_at desc, id limit 1",
    )
    .bind(user_id)
    .bind(plan_id)
    .fetch_optional(conn)
    .await
}

/// A booking's period and what was paid for it.
#[derive(Debug, Clone)]
pub struct BookingWrite<'a> {
    pub user_id: &'a str,
    pub plan_id: &'a str,
    pub mentor_id: &'a str,
    pub start_at: i64,
    pub end_at: i64,
    pub price: i64,
    pub currency: &'a str,
    pub order_id: Option<&'a str>,
}

pub async fn insert_booking(
    conn: &mut AnyConnection,
    b: &BookingWrite<'_>,
    now_ms: i64,
) -> Result<String, sqlx::Error> {
    let id = new_id();
    sqlx::query(
        "insert into mentorship_enrollments (id, user_id, plan_id, mentor_id, start_at, end_at, price, currency, \
         order_id, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)",
    )
    .bind(&id)
    .bind(b.user_id)
    .bind(b.plan_id)
    .bind(b.mentor_id)
    .bind(b.start_at)
    .bind(b.end_at)
    .bind(b.price)
    .bind(b.currency)
    .bind(b.order_id)
    .bind(now_ms)
    .execute(conn)
    .await?;
    Ok(id)
}

pub async fn set_booking_end(conn: &mut AnyConnection, id: &str, end_at: i64, now_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query("update mentorship_enrollments set end_at = $1, updated_at = $2 where id = $3")
        .bind(end_at)
        .bind(now_ms)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn update_booking(
    conn: &mut AnyConnection,
    id: &str,
    b: &BookingWrite<'_>,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update mentorship_enrollments set start_at = $1, end_at = $2, price = $3, currency = $4, order_id = $5, \
         updated_at = $6 where id = $7",
    )
    .bind(b.start_at)
    .bind(b.end_at)
    .bind(b.price)
    .bind(b.currency)
    .bind(b.order_id)
    .bind(now_ms)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

/// A booking with its plan, mentor and mentee, as cards and lists show it.
#[derive(Debug, Clone, FromRow)]
pub struct BookingRow {
    pub id: String,
    pub plan_id: String,
    pub mentor_id: String,
    pub mentor_first_name: Option<String>,
    pub mentor_last_name: Option<String>,
    pub mentor_avatar: Option<String>,
    pub mentee_id: String,
    pub mentee_username: String,
    pub mentee_first_name: Option<String>,
    pub mentee_last_name: Option<String>,
    pub mentee_avatar: Option<String>,
    pub title_vi: String,
    pub title_en: String,
    pub price: i64,
    pub currency: String,
    pub short_description_vi: String,
    pub short_description_en: String,
    pub services: String,
    pub start_at: i64,
    pub end_at: i64,
}

/// Which bookings to list.
#[derive(Debug, Clone, Default)]
pub struct BookingFilter<'a> {
    pub mentee_id: Option<&'a str>,
    pub mentor_id: Option<&'a str>,
    /// `Some(true)`: active at `now_ms` only; `Some(false)`: expired only.
    pub active: Option<bool>,
    /// Words found in the plan title or the mentee's or mentor's names (lowercase).
    pub search: Option<&'a str>,
}

/// Bookings matching `filter`, latest start first, at most `limit` from `offset`, with the total.
pub async fn list_bookings(
    pool: &Pool,
    filter: &BookingFilter<'_>,
    now_ms: i64,
    limit: i64,
    offset: i64,
) -> Result<(Vec<BookingRow>, i64), sqlx::Error> {
    let pattern = filter.search.map(|s| format!("%{}%", s.replace(['%', '_', '\\'], "")));
    let from = "from mentorship_enrollments e join mentorship_plans p on p.id = e.plan_id \
         join users m on m.id = e.mentor_id join users s on s.id = e.user_id \
         where ($1 is null or e.user_id = $1) and ($2 is null or e.mentor_id = $2) \
         and ($3 is null or ($3 = 1 and e.end_at > $4) or ($3 = 0 and e.end_at <= $4)) \
         and ($5 is null or lower(p.title_vi) like $5 or lower(p.title_en) like $5 \
             or lower(s.username) like $5 or lower(coalesce(s.first_name, '') || ' ' || coalesce(s.last_name, '')) like $5 \
             or lower(coalesce(m.first_name, '') || ' ' || coalesce(m.last_name, '')) like $5)";
    let active = filter.active.map(i64::from);
    let total: i64 = sqlx::query_scalar(&format!("select count(*) {from}"))
        .bind(filter.mentee_id)
        .bind(filter.mentor_id)
        .bind(active)
        .bind(now_ms)
        .bind(pattern.as_deref())
        .fetch_one(pool)
        .await?;
    let rows = sqlx::query_as(&format!(
        "select e.id, e.plan_id, e.mentor_id, m.first_name as mentor_first_name, m.last_name as mentor_last_name, \
         m.avatar as mentor_avatar, e.user_id as mentee_id, s.username as mentee_username, \
         s.first_name as mentee_first_name, s.last_name as mentee_last_name, s.avatar as mentee_avatar, \
         p.title_vi, p.title_en, e.price, e.currency, p.short_description_vi, p.short_description_en, p.services, \
         e.start_at, e.end_at {from} order by e.start_at desc, e.id limit $6 offset $7"
    ))
    .bind(filter.mentee_id)
    .bind(filter.mentor_id)
    .bind(active)
    .bind(now_ms)
    .bind(pattern.as_deref())
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await?;
    Ok((rows, total))
}

/// A booking with what its sessions need from its plan.
#[derive(Debug, Clone, FromRow)]
pub struct SessionBookingRow {
    pub id: String,
    pub user_id: String,
    pub mentor_id: String,
    pub start_at: i64,
    pub end_at: i64,
    pub sessions_per_period: i64,
    pub session_minutes: i64,
    pub duration_value: i64,
    #[sqlx(try_from = "String")]
    pub duration_unit: DurationUnit,
}

const SESSION_BOOKING_COLUMNS: &str = "e.id, e.user_id, e.mentor_id, e.start_at, e.end_at, p.sessions_per_period, \
    p.session_minutes, p.duration_value, p.duration_unit";

/// One booking by its id, with its plan's session facts.
pub async fn session_booking(conn: &mut AnyConnection, id: &str) -> Result<Option<SessionBookingRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select {SESSION_BOOKING_COLUMNS} from mentorship_enrollments e \
         join mentorship_plans p on p.id = e.plan_id where e.id = $1"
    ))
    .bind(id)
    .fetch_optional(conn)
    .await
}

/// The bookings of a mentor's plans a person holds at `now_ms`, the latest first.
pub async fn active_bookings_with(
    conn: &mut AnyConnection,
    user_id: &str,
    mentor_id: &str,
    now_ms: i64,
) -> Result<Vec<SessionBookingRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select {SESSION_BOOKING_COLUMNS} from mentorship_enrollments e \
         join mentorship_plans p on p.id = e.plan_id \
         where e.user_id = $1 and e.mentor_id = $2 and e.start_at <= $3 and e.end_at > $3 \
         order by e.start_at desc, e.id"
    ))
    .bind(user_id)
    .bind(mentor_id)
    .bind(now_ms)
    .fetch_all(conn)
    .await
}
