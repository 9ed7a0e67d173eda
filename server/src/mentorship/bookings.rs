//! Booking a plan, as commerce's checkout and payments call it in their transaction: whether a person may book
//! a plan and whether it has a seat left (at most the plan's max active mentees), then, once paid, the booking's
//! period (a renewal of an active booking extends it from its end, an expired one starts again now). And the
//! lists of bookings the profile and the dashboard show.
//!
//! A seat is taken by a paid booking. An unpaid order holds one only briefly ([`SEAT_HOLD_MS`] from the
//! person's first checkout of the plan in [`SEAT_HOLD_RENEWAL_MS`]): long enough to pay by transfer or card,
//! too short, and not renewable by cancelling and checking out again, for unpaid checkouts to keep a plan
//! "full". A payment that arrives after its hold lapsed and the plan filled is still booked (the money is in;
//! the mentor has one mentee more than planned): the short hold keeps that rare, refusing a paid buyer would
//! not be fair.

use academy_shared::mentorship::plan::{Duration, booked_period, refunded_end};
use sqlx::AnyConnection;

use super::{
    MentorshipError,
    repo::{self, BookingFilter, BookingRow, BookingWrite, PlanRow, PlanStatus},
};
use crate::platform::db::Pool;

/// A plan open for booking by a person: what checkout prices and snapshots.
#[derive(Debug, Clone)]
pub struct Bookable {
    pub plan: PlanRow,
    pub duration: Duration,
}

/// The plan `plan_id` if `user_id` may book it: it exists, is active, and is not their own.
pub async fn bookable(conn: &mut AnyConnection, user_id: &str, plan_id: &str) -> Result<Bookable, MentorshipError> {
    let plan = repo::find_plan(conn, plan_id.trim()).await?.ok_or(MentorshipError::PlanNotFound)?;
    if plan.status != PlanStatus::Active {
        return Err(MentorshipError::PlanPaused);
    }
    if plan.owner_id == user_id {
        return Err(MentorshipError::OwnPlan);
    }
    Ok(Bookable { duration: Duration { value: plan.duration_value, unit: plan.duration_unit }, plan })
}

/// How long an unpaid order holds a seat of its plan: 10 minutes.
pub const SEAT_HOLD_MS: i64 = 10 * 60 * 1000;

/// The window in which a person's checkouts of a plan share one hold: 1 hour.
pub const SEAT_HOLD_RENEWAL_MS: i64 = 60 * 60 * 1000;

/// Holds a seat of the plan for `user_id` in `conn` (the checkout's transaction): refused when the plan's
/// active mentees and brief holds already fill it, unless the person holds a seat already (a renewal).
pub async fn hold_seat(
    conn: &mut AnyConnection,
    plan_id: &str,
    user_id: &str,
    now_ms: i64,
) -> Result<(), MentorshipError> {
    repo::lock_plan(conn, plan_id).await?;
    let plan = repo::find_plan(conn, plan_id).await?.ok_or(MentorshipError::PlanNotFound)?;
    let holders =
        repo::seat_holders(conn, plan_id, now_ms, now_ms - SEAT_HOLD_MS, now_ms - SEAT_HOLD_RENEWAL_MS).await?;
    if holders.iter().any(|holder| holder == user_id) {
        return Ok(());
    }
    if i64::try_from(holders.len()).unwrap_or(i64::MAX) >= plan.max_mentees {
        return Err(MentorshipError::PlanFull);
    }
    Ok(())
}

/// A paid booking to record.
#[derive(Debug, Clone)]
pub struct Paid<'a> {
    pub user_id: &'a str,
    pub plan_id: &'a str,
    pub mentor_id: &'a str,
    pub duration: Duration,
    pub price: i64,
    pub currency: &'a str,
    pub order_id: &'a str,
}

/// Records a paid booking in `conn`: a new one starts now; renewing an active one extends it from its end; an
/// expired one starts again now. The booking's id, start and end.
pub async fn record_paid(
    conn: &mut AnyConnection,
    paid: &Paid<'_>,
    now_ms: i64,
) -> Result<(String, i64, i64), sqlx::Error> {
    let current = repo::booking_of(conn, paid.user_id, paid.plan_id).await?;
    let (start_at, end_at) = booked_period(current.as_ref().map(|(_, s, e)| (*s, *e)), paid.duration, now_ms);
    let write = BookingWrite {
        user_id: paid.user_id,
        plan_id: paid.plan_id,
        mentor_id: paid.mentor_id,
        start_at,
        end_at,
        price: paid.price,
        currency: paid.currency,
        order_id: Some(paid.order_id),
    };
    let id = match current {
        Some((id, _, _)) => {
            repo::update_booking(conn, &id, &write, now_ms).await?;
            id
        }
        None => repo::insert_booking(conn, &write, now_ms).await?,
    };
    Ok((id, start_at, end_at))
}

/// Takes back the period a refunded payment bought (`duration`, off the end of the person's booking of the plan;
/// a first booking refunded ends where it began). The booking's id and new end; `None` when there is none.
pub async fn refund_paid(
    conn: &mut AnyConnection,
    user_id: &str,
    plan_id: &str,
    duration: Duration,
    now_ms: i64,
) -> Result<Option<(String, i64)>, sqlx::Error> {
    let Some((id, start_at, end_at)) = repo::booking_of(conn, user_id, plan_id).await? else { return Ok(None) };
    let end_at = refunded_end(start_at, end_at, duration);
    repo::set_booking_end(conn, &id, end_at, now_ms).await?;
    Ok(Some((id, end_at)))
}

/// The latest booking of a plan by a person: (id, start, end).
pub async fn current(
    conn: &mut AnyConnection,
    user_id: &str,
    plan_id: &str,
) -> Result<Option<(String, i64, i64)>, sqlx::Error> {
    repo::booking_of(conn, user_id, plan_id).await
}

/// A page of bookings with the total count.
pub async fn list(
    pool: &Pool,
    filter: &BookingFilter<'_>,
    now_ms: i64,
    limit: i64,
    offset: i64,
) -> Result<(Vec<BookingRow>, i64), MentorshipError> {
    Ok(repo::list_bookings(pool, filter, now_ms, limit, offset).await?)
}

/// A booking as its sessions are booked against it: who holds it, with which mentor, its period, and its plan's
/// sessions per period, session length and duration.
#[derive(Debug, Clone)]
pub struct SessionBooking {
    pub id: String,
    pub user_id: String,
    pub mentor_id: String,
    pub start_at: i64,
    pub end_at: i64,
    pub sessions_per_period: i64,
    pub session_minutes: i64,
    pub duration: Duration,
}

impl From<repo::SessionBookingRow> for SessionBooking {
    fn from(row: repo::SessionBookingRow) -> SessionBooking {
        SessionBooking {
            id: row.id,
            user_id: row.user_id,
            mentor_id: row.mentor_id,
            start_at: row.start_at,
            end_at: row.end_at,
            sessions_per_period: row.sessions_per_period,
            session_minutes: row.session_minutes,
            duration: Duration { value: row.duration_value, unit: row.duration_unit },
        }
    }
}

impl SessionBooking {
    /// Whether the booking is running at `now_ms`.
    pub fn is_active(&self, now_ms: i64) -> bool {
        self.start_at <= now_ms && now_ms < self.end_at
    }
}

/// One booking by its id.
pub async fn session_booking(conn: &mut AnyConnection, id: &str) -> Result<Option<SessionBooking>, sqlx::Error> {
    Ok(repo::session_booking(conn, id).await?.map(Into::into))
}

/// The bookings of a mentor's plans a person holds at `now_ms`, the latest first.
pub async fn active_bookings_with(
    conn: &mut AnyConnection,
    user_id: &str,
    mentor_id: &str,
    now_ms: i64,
) -> Result<Vec<SessionBooking>, sqlx::Error> {
    Ok(repo::active_bookings_with(conn, user_id, mentor_id, now_ms).await?.into_iter().map(Into::into).collect())
}
