//! The schedule's use cases: a teacher's availability, a mentor's open session times, and booking, cancelling
//! and moving a session. Every booking runs in a transaction that first locks the teacher's schedule, then
//! checks the wanted time with the shared rule against the sessions booked so far; a unique index on a
//! teacher's booked start times is the last guard (two students racing for one time: one wins).

use academy_shared::{
    mentorship::plan::period_at,
    schedule::{self, Availability, DateOverride, RANGE_MAX_MS, SlotRefusal, validate_availability},
};
use sqlx::AnyConnection;

use super::{
    ScheduleError,
    repo::{self, AvailabilityRow, NewSession, SessionListRow, SessionRow, SessionStatus},
};
use crate::{
    mentorship::bookings::{self, SessionBooking},
    platform::db::Pool,
};

const MINUTE_MS: i64 = 60_000;
const DAY_MS: i64 = 24 * 60 * MINUTE_MS;
/// A mentor looking at their own open times sees sessions of this length unless they ask for another.
pub const MENTOR_VIEW_MINUTES: u32 = 60;

/// A teacher's availability and dated exceptions; the default (Ho Chi Minh City, no hours) when never saved.
#[derive(Debug, Clone, Default)]
pub struct Week {
    pub availability: Availability,
    pub overrides: Vec<DateOverride>,
    /// When it was last saved; `None` when never.
    pub updated_at: Option<i64>,
}

impl Week {
    fn of(row: Option<AvailabilityRow>) -> Week {
        let Some(row) = row else { return Week::default() };
        let availability = Availability {
            zone: row.zone,
            weekly: serde_json::from_str(&row.weekly).unwrap_or_default(),
            buffer_minutes: u32::try_from(row.buffer_minutes).unwrap_or(0),
            notice_minutes: u32::try_from(row.notice_minutes).unwrap_or(schedule::DEFAULT_NOTICE_MINUTES),
        };
        let overrides = serde_json::from_str(&row.overrides).unwrap_or_default();
        Week { availability, overrides, updated_at: Some(row.updated_at) }
    }
}

async fn week_in(conn: &mut AnyConnection, teacher_id: &str) -> Result<Week, sqlx::Error> {
    Ok(Week::of(repo::availability(conn, teacher_id).await?))
}

/// A teacher's week.
pub async fn week(pool: &Pool, teacher_id: &str) -> Result<Week, ScheduleError> {
    let mut conn = pool.acquire().await?;
    Ok(week_in(&mut conn, teacher_id).await?)
}

/// Saves a teacher's week, checked by the shared rule.
pub async fn save_week(
    pool: &Pool,
    teacher_id: &str,
    availability: Availability,
    overrides: Vec<DateOverride>,
    now_ms: i64,
) -> Result<Week, ScheduleError> {
    validate_availability(&availability, &overrides).map_err(ScheduleError::Invalid)?;
    let row = AvailabilityRow {
        zone: availability.zone.clone(),
        weekly: serde_json::to_string(&availability.weekly).unwrap_or_else(|_| "[]".into()),
        overrides: serde_json::to_string(&overrides).unwrap_or_else(|_| "[]".into()),
        buffer_minutes: i64::from(availability.buffer_minutes),
        notice_minutes: i64::from(availability.notice_minutes),
        updated_at: now_ms,
    };
    repo::save_availability(pool, teacher_id, &row).await?;
    Ok(Week { availability, overrides, updated_at: Some(now_ms) })
}

/// A mentor's open session times over a range, and what the browser needs to compute them itself.
#[derive(Debug, Clone)]
pub struct OpenSlots {
    pub week: Week,
    /// The mentor's booked sessions around the range (start, end).
    pub busy: Vec<(i64, i64)>,
    pub session_minutes: u32,
    /// The booking the student books against (none for the mentor).
    pub enrollment_id: Option<String>,
    pub from_ms: i64,
    pub to_ms: i64,
    pub slots: Vec<(i64, i64)>,
}

/// Who asks for a mentor's open times and for which session length.
#[derive(Debug, Clone, Copy)]
pub struct SlotsQuery<'a> {
    pub viewer_id: &'a str,
    pub mentor_id: &'a str,
    pub from_ms: i64,
    pub to_ms: i64,
    /// The student's booking to book against (else their latest active booking of the mentor).
    pub enrollment_id: Option<&'a str>,
    /// The session length the mentor looks at (the mentor only).
    pub minutes: Option<u32>,
}

/// The open times of a mentor, for the mentor or a student holding an active booking of the mentor's plans
/// (sessions of that plan's length).
pub async fn open_slots(pool: &Pool, query: SlotsQuery<'_>, now_ms: i64) -> Result<OpenSlots, ScheduleError> {
    if query.to_ms <= query.from_ms || query.to_ms - query.from_ms > RANGE_MAX_MS {
        return Err(ScheduleError::Range);
    }
    let mut conn = pool.acquire().await?;
    let (session_minutes, enrollment_id, ends_at) = if query.viewer_id == query.mentor_id {
        (query.minutes.unwrap_or(MENTOR_VIEW_MINUTES).clamp(15, 240), None, i64::MAX)
    } else {
        let bookings = bookings::active_bookings_with(&mut conn, query.viewer_id, query.mentor_id, now_ms).await?;
        let booking = match query.enrollment_id {
            Some(id) => bookings.into_iter().find(|b| b.id == id),
            None => bookings.into_iter().next(),
        }
        .ok_or(ScheduleError::NoBooking)?;
        (minutes_of(&booking), Some(booking.id), booking.end_at)
    };
    // A student is offered the times their booking covers: none starting after it ends.
    let to_ms = query.to_ms.min(ends_at).max(query.from_ms);
    let week = week_in(&mut conn, query.mentor_id).await?;
    let busy = repo::busy(&mut conn, query.mentor_id, query.from_ms - DAY_MS, query.to_ms + DAY_MS, None).await?;
    let slots =
        schedule::open_slots(&week.availability, &week.overrides, &busy, query.from_ms, to_ms, now_ms, session_minutes);
    Ok(OpenSlots { week, busy, session_minutes, enrollment_id, from_ms: query.from_ms, to_ms, slots })
}

fn minutes_of(booking: &SessionBooking) -> u32 {
    u32::try_from(booking.session_minutes).unwrap_or(60)
}

/// Checks a wanted time for a booking inside the transaction `conn` (the teacher locked): the shared rule
/// against the teacher's other booked sessions, the booking's end, and the sessions left in the period the time
/// falls in. The session's (start, end).
async fn check_time(
    conn: &mut AnyConnection,
    booking: &SessionBooking,
    start_ms: i64,
    except: Option<&str>,
    now_ms: i64,
) -> Result<(i64, i64), ScheduleError> {
    let minutes = minutes_of(booking);
    let week = week_in(conn, &booking.mentor_id).await?;
    let busy = repo::busy(conn, &booking.mentor_id, start_ms - DAY_MS, start_ms + DAY_MS, except).await?;
    schedule::check_slot(&week.availability, &week.overrides, &busy, start_ms, now_ms, minutes)
        .map_err(ScheduleError::Refused)?;
    if start_ms >= booking.end_at {
        return Err(ScheduleError::AfterBooking);
    }
    let (from, to) = period_at(booking.start_at, booking.duration, start_ms);
    if repo::count_booked(conn, &booking.id, from, to, except).await? >= booking.sessions_per_period {
        return Err(ScheduleError::LimitReached { max: booking.sessions_per_period });
    }
    Ok((start_ms, start_ms + i64::from(minutes) * MINUTE_MS))
}

/// A unique violation on a teacher's start time: another booking won the race.
fn taken(error: sqlx::Error) -> ScheduleError {
    match &error {
        sqlx::Error::Database(db) if db.is_unique_violation() => ScheduleError::Refused(SlotRefusal::Taken),
        _ => ScheduleError::Database(error),
    }
}

/// Books a session at `start_ms` for the student holding the booking `enrollment_id`.
pub async fn book(
    pool: &Pool,
    student_id: &str,
    enrollment_id: &str,
    start_ms: i64,
    now_ms: i64,
) -> Result<SessionRow, ScheduleError> {
    let mut conn = pool.acquire().await?;
    let booking = bookings::session_booking(&mut conn, enrollment_id)
        .await?
        .filter(|b| b.user_id == student_id)
        .ok_or(ScheduleError::BookingNotFound)?;
    drop(conn);
    let mut tx = crate::platform::db::begin_write(pool).await?;
    repo::lock_teacher(&mut tx, &booking.mentor_id).await?;
    if !booking.is_active(now_ms) {
        return Err(ScheduleError::BookingInactive);
    }
    let (start_at, end_at) = check_time(&mut tx, &booking, start_ms, None, now_ms).await?;
    let session =
        NewSession { enrollment_id: &booking.id, teacher_id: &booking.mentor_id, student_id, start_at, end_at };
    let id = repo::insert_session(&mut tx, &session, now_ms).await.map_err(taken)?;
    let row = repo::find_session(&mut tx, &id).await?.ok_or(ScheduleError::SessionNotFound)?;
    tx.commit().await.map_err(taken)?;
    Ok(row)
}

/// A booked session its student or teacher may still change at `now_ms` (inside the transaction `conn`, the
/// teacher locked): more than the teacher's notice before it starts.
async fn changeable(
    conn: &mut AnyConnection,
    user_id: &str,
    session_id: &str,
    now_ms: i64,
) -> Result<SessionRow, ScheduleError> {
    let session = repo::find_session(conn, session_id).await?.ok_or(ScheduleError::SessionNotFound)?;
    if session.student_id != user_id && session.teacher_id != user_id {
        return Err(ScheduleError::NotYours);
    }
    if session.status != SessionStatus::Booked {
        return Err(ScheduleError::Cancelled);
    }
    let notice_minutes = week_in(conn, &session.teacher_id).await?.availability.notice_minutes;
    if now_ms > session.start_at - i64::from(notice_minutes) * MINUTE_MS {
        return Err(ScheduleError::TooLate { notice_minutes });
    }
    Ok(session)
}

async fn teacher_of(pool: &Pool, session_id: &str) -> Result<String, ScheduleError> {
    let mut conn = pool.acquire().await?;
    Ok(repo::find_session(&mut conn, session_id).await?.ok_or(ScheduleError::SessionNotFound)?.teacher_id)
}

/// Cancels a session (its student or teacher, up to the teacher's notice before it).
pub async fn cancel(pool: &Pool, user_id: &str, session_id: &str, now_ms: i64) -> Result<SessionRow, ScheduleError> {
    let teacher_id = teacher_of(pool, session_id).await?;
    let mut tx = crate::platform::db::begin_write(pool).await?;
    repo::lock_teacher(&mut tx, &teacher_id).await?;
    changeable(&mut tx, user_id, session_id, now_ms).await?;
    repo::cancel_session(&mut tx, session_id, now_ms).await?;
    let row = repo::find_session(&mut tx, session_id).await?.ok_or(ScheduleError::SessionNotFound)?;
    tx.commit().await?;
    Ok(row)
}

/// Moves a session to `start_ms` (its student or teacher, up to the teacher's notice before it): the new time
/// is checked like a new booking, the session itself left out.
pub async fn reschedule(
    pool: &Pool,
    user_id: &str,
    session_id: &str,
    start_ms: i64,
    now_ms: i64,
) -> Result<SessionRow, ScheduleError> {
    let teacher_id = teacher_of(pool, session_id).await?;
    let mut tx = crate::platform::db::begin_write(pool).await?;
    repo::lock_teacher(&mut tx, &teacher_id).await?;
    let session = changeable(&mut tx, user_id, session_id, now_ms).await?;
    let booking =
        bookings::session_booking(&mut tx, &session.enrollment_id).await?.ok_or(ScheduleError::BookingNotFound)?;
    let (start_at, end_at) = check_time(&mut tx, &booking, start_ms, Some(session_id), now_ms).await?;
    repo::move_session(&mut tx, session_id, start_at, end_at, now_ms).await.map_err(taken)?;
    let row = repo::find_session(&mut tx, session_id).await?.ok_or(ScheduleError::SessionNotFound)?;
    tx.commit().await.map_err(taken)?;
    Ok(row)
}

/// A booking was cut short (a refund): its sessions after its new end are cancelled, in the caller's
/// transaction. How many.
pub async fn cancel_sessions_after(
    conn: &mut AnyConnection,
    enrollment_id: &str,
    end_ms: i64,
    now_ms: i64,
) -> Result<u64, sqlx::Error> {
    repo::cancel_sessions_after(conn, enrollment_id, end_ms, now_ms).await
}

/// The sessions a person takes or teaches, in time order.
pub async fn sessions_of(pool: &Pool, user_id: &str) -> Result<Vec<SessionListRow>, ScheduleError> {
    Ok(repo::sessions_of(pool, user_id).await?)
}
