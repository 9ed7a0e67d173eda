//! The SQL of schedules: teachers' availability and booked sessions.

use sqlx::{AnyConnection, FromRow};

use crate::platform::db::{Pool, new_id};

academy_shared::stored_names! {
    /// Where a booked session stands.
    pub enum SessionStatus("session status") {
        Booked = "booked",
        Cancelled = "cancelled",
    }
}

/// An availability as stored (weekly and overrides as JSON).
#[derive(Debug, Clone, FromRow)]
pub struct AvailabilityRow {
    pub zone: String,
    pub weekly: String,
    pub overrides: String,
    pub buffer_minutes: i64,
    pub notice_minutes: i64,
    pub updated_at: i64,
}

pub async fn availability(conn: &mut AnyConnection, teacher_id: &str) -> Result<Option<AvailabilityRow>, sqlx::Error> {
    sqlx::query_as(
        "select zone, weekly, overrides, buffer_minutes, notice_minutes, updated_at from teacher_availability \
         where teacher_id = $1",
    )
    .bind(teacher_id)
    .fetch_optional(conn)
    .await
}

/// Writes a teacher's availability (a first one or a new version).
pub async fn save_availability(pool: &Pool, teacher_id: &str, row: &AvailabilityRow) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into teacher_availability \
         (teacher_id, zone, weekly, overrides, buffer_minutes, notice_minutes, updated_at) \
         values ($1, $2, $3, $4, $5, $6, $7) \
         on conflict (teacher_id) do update set zone = excluded.zone, weekly = excluded.weekly, \
         overrides = excluded.overrides, buffer_minutes = excluded.buffer_minutes, \
         notice_minutes = excluded.notice_minutes, updated_at = excluded.updated_at",
    )
    .bind(teacher_id)
    .bind(&row.zone)
    .bind(&row.weekly)
    .bind(&row.overrides)
    .bind(row.buffer_minutes)
    .bind(row.notice_minutes)
    .bind(row.updated_at)
    .execute(pool)
    .await?;
    Ok(())
}

/// Takes the write lock on a teacher's schedule for the rest of the transaction (the first statement of every
/// booking transaction), so two bookings of one teacher are checked one after the other.
pub async fn lock_teacher(conn: &mut AnyConnection, teacher_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("update teacher_availability set updated_at = updated_at where teacher_id = $1")
        .bind(teacher_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The booked sessions of a teacher overlapping [from_ms, to_ms), but `except` (a session being moved).
pub async fn busy(
    conn: &mut AnyConnection,
    teacher_id: &str,
    from_ms: i64,
    to_ms: i64,
    except: Option<&str>,
) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "select start_at, end_at from mentorship_sessions where teacher_id = $1 and status = 'booked' \
         and start_at < $3 and end_at > $2 and id <> $4 order by start_at",
    )
    .bind(teacher_id)
    .bind(from_ms)
    .bind(to_ms)
    .bind(except.unwrap_or(""))
    .fetch_all(conn)
    .await
}

/// How many booked sessions of a booking start in [from_ms, to_ms), but `except`.
pub async fn count_booked(
    conn: &mut AnyConnection,
    enrollment_id: &str,
    from_ms: i64,
    to_ms: i64,
    except: Option<&str>,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "select count(*) from mentorship_sessions where enrollment_id = $1 and status = 'booked' \
         and start_at >= $2 and start_at < $3 and id <> $4",
    )
    .bind(enrollment_id)
    .bind(from_ms)
    .bind(to_ms)
    .bind(except.unwrap_or(""))
    .fetch_one(conn)
    .await
}

/// A session to record.
#[derive(Debug, Clone)]
pub struct NewSession<'a> {
    pub enrollment_id: &'a str,
    pub teacher_id: &'a str,
    pub student_id: &'a str,
    pub start_at: i64,
    pub end_at: i64,
}

pub async fn insert_session(
    conn: &mut AnyConnection,
    session: &NewSession<'_>,
    now_ms: i64,
) -> Result<String, sqlx::Error> {
    let id = new_id();
    sqlx::query(
        "insert into mentorship_sessions \
         (id, enrollment_id, teacher_id, student_id, start_at, end_at, status, created_at, updated_at) \
         values ($1, $2, $3, $4, $5, $6, 'booked', $7, $7)",
    )
    .bind(&id)
    .bind(session.enrollment_id)
    .bind(session.teacher_id)
    .bind(session.student_id)
    .bind(session.start_at)
    .bind(session.end_at)
    .bind(now_ms)
    .execute(conn)
    .await?;
    Ok(id)
}

/// A session as stored.
#[derive(Debug, Clone, FromRow)]
pub struct SessionRow {
    pub id: String,
    pub enrollment_id: String,
    pub teacher_id: String,
    pub student_id: String,
    pub start_at: i64,
    pub end_at: i64,
    #[sqlx(try_from = "String")]
    pub status: SessionStatus,
    pub created_at: i64,
    pub updated_at: i64,
}

const SESSION_COLUMNS: &str =
    "s.id, s.enrollment_id, s.teacher_id, s.student_id, s.start_at, s.end_at, s.status, s.created_at, s.updated_at";

pub async fn find_session(conn: &mut AnyConnection, id: &str) -> Result<Option<SessionRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {SESSION_COLUMNS} from mentorship_sessions s where s.id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await
}

pub async fn cancel_session(conn: &mut AnyConnection, id: &str, now_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query("update mentorship_sessions set status = $3, updated_at = $2 where id = $1")
        .bind(id)
        .bind(now_ms)
        .bind(SessionStatus::Cancelled.as_str())
        .execute(conn)
        .await?;
    Ok(())
}

/// Cancels the booked sessions of a booking that end after `after_ms`; how many.
pub async fn cancel_sessions_after(
    conn: &mut AnyConnection,
    enrollment_id: &str,
    after_ms: i64,
    now_ms: i64,
) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(
        "update mentorship_sessions set status = 'cancelled', updated_at = $3 \
         where enrollment_id = $1 and status = 'booked' and end_at > $2",
    )
    .bind(enrollment_id)
    .bind(after_ms)
    .bind(now_ms)
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}

pub async fn move_session(
    conn: &mut AnyConnection,
    id: &str,
    start_at: i64,
    end_at: i64,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("update mentorship_sessions set start_at = $2, end_at = $3, updated_at = $4 where id = $1")
        .bind(id)
        .bind(start_at)
        .bind(end_at)
        .bind(now_ms)
        .execute(conn)
        .await?;
    Ok(())
}

/// A session with the names of its teacher and student, as lists show it.
#[derive(Debug, Clone, FromRow)]
pub struct SessionListRow {
    pub id: String,
    pub enrollment_id: String,
    pub teacher_id: String,
    pub student_id: String,
    pub start_at: i64,
    pub end_at: i64,
    #[sqlx(try_from = "String")]
    pub status: SessionStatus,
    pub created_at: i64,
    pub updated_at: i64,
    pub teacher_username: String,
    pub teacher_first_name: Option<String>,
    pub teacher_last_name: Option<String>,
    pub student_username: String,
    pub student_first_name: Option<String>,
    pub student_last_name: Option<String>,
}

/// The sessions a person takes or teaches, in time order (at most 500, the latest kept).
pub async fn sessions_of(pool: &Pool, user_id: &str) -> Result<Vec<SessionListRow>, sqlx::Error> {
    let mut rows: Vec<SessionListRow> = sqlx::query_as(&format!(
        "select {SESSION_COLUMNS}, t.username as teacher_username, t.first_name as teacher_first_name, \
         t.last_name as teacher_last_name, u.username as student_username, u.first_name as student_first_name, \
         u.last_name as student_last_name from mentorship_sessions s \
         join users t on t.id = s.teacher_id join users u on u.id = s.student_id \
         where s.student_id = $1 or s.teacher_id = $1 order by s.start_at desc, s.id limit 500"
    ))
    .bind(user_id)
    .fetch_all(pool)
    .await?;
    rows.reverse();
    Ok(rows)
}

/// One session with its teacher's and student's names.
pub async fn listed_session(pool: &Pool, id: &str) -> Result<Option<SessionListRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select {SESSION_COLUMNS}, t.username as teacher_username, t.first_name as teacher_first_name, \
         t.last_name as teacher_last_name, u.username as student_username, u.first_name as student_first_name, \
         u.last_name as student_last_name from mentorship_sessions s \
         join users t on t.id = s.teacher_id join users u on u.id = s.student_id where s.id = $1"
    ))
    .bind(id)
    .fetch_optional(pool)
    .await
}

/// A session as a teacher's calendar shows it: the student's name and the plan's titles.
#[derive(Debug, Clone, FromRow)]
pub struct CalendarSessionRow {
    pub id: String,
    pub start_at: i64,
    pub end_at: i64,
    #[sqlx(try_from = "String")]
    pub status: SessionStatus,
    pub updated_at: i64,
    pub student_username: String,
    pub student_first_name: Option<String>,
    pub student_last_name: Option<String>,
    pub plan_title_vi: String,
    pub plan_title_en: String,
}

/// The sessions (booked and cancelled) a teacher teaches overlapping [from_ms, to_ms), in time order (at most
/// 1000).
pub async fn teaching_between(
    pool: &Pool,
    teacher_id: &str,
    from_ms: i64,
    to_ms: i64,
) -> Result<Vec<CalendarSessionRow>, sqlx::Error> {
    sqlx::query_as(
        "select s.id, s.start_at, s.end_at, s.status, s.updated_at, u.username as student_username, \
         u.first_name as student_first_name, u.last_name as student_last_name, p.title_vi as plan_title_vi, \
         p.title_en as plan_title_en from mentorship_sessions s join users u on u.id = s.student_id \
         join mentorship_enrollments e on e.id = s.enrollment_id join mentorship_plans p on p.id = e.plan_id \
         where s.teacher_id = $1 and s.start_at < $3 and s.end_at > $2 order by s.start_at, s.id limit 1000",
    )
    .bind(teacher_id)
    .bind(from_ms)
    .bind(to_ms)
    .fetch_all(pool)
    .await
}

/// A person's name parts: (username, first name, last name); `None` when there is no such person.
pub async fn person_name(
    pool: &Pool,
    user_id: &str,
) -> Result<Option<(String, Option<String>, Option<String>)>, sqlx::Error> {
    sqlx::query_as("select username, first_name, last_name from users where id = $1")
        .bind(user_id)
        .fetch_optional(pool)
        .await
}

/// Records a teacher's calendar token (its hash), replacing the one before.
pub async fn save_feed(pool: &Pool, teacher_id: &str, token_hash: &str, now_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into calendar_feeds (teacher_id, token_hash, created_at) values ($1, $2, $3) \
         on conflict (teacher_id) do update set token_hash = excluded.token_hash, created_at = excluded.created_at",
    )
    .bind(teacher_id)
    .bind(token_hash)
    .bind(now_ms)
    .execute(pool)
    .await?;
    Ok(())
}

/// Forgets a teacher's calendar token; whether there was one.
pub async fn delete_feed(pool: &Pool, teacher_id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("delete from calendar_feeds where teacher_id = $1").bind(teacher_id).execute(pool).await?;
    Ok(done.rows_affected() > 0)
}

/// When the teacher's current calendar token was made.
pub async fn feed_created_at(pool: &Pool, teacher_id: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("select created_at from calendar_feeds where teacher_id = $1")
        .bind(teacher_id)
        .fetch_optional(pool)
        .await
}

/// The teacher whose calendar token has this hash.
pub async fn feed_teacher(pool: &Pool, token_hash: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("select teacher_id from calendar_feeds where token_hash = $1")
        .bind(token_hash)
        .fetch_optional(pool)
        .await
}
