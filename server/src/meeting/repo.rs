//! The SQL of online rooms: the session or class a room is, its participants, and who is connected now.

use academy_shared::roles::Role;
use sqlx::{AnyConnection, FromRow};

use crate::platform::db::{Backend, Pool, stored_name};

academy_shared::stored_names! {
    /// What a room is: a mentorship session or a live class.
    pub enum RoomKind("room kind") {
        Session = "session",
        Class = "class",
    }
}

academy_shared::stored_names! {
    /// Where a room's session (booked) or class (scheduled) stands.
    pub enum RoomStatus("room status") {
        Booked = "booked",
        Scheduled = "scheduled",
        Cancelled = "cancelled",
    }
}

/// A room as stored: a mentorship session or a live class.
#[derive(Debug, Clone, FromRow)]
pub struct RoomRow {
    pub id: String,
    #[sqlx(try_from = "String")]
    pub kind: RoomKind,
    pub teacher_id: String,
    /// The class's topic, or the session's plan title, in Vietnamese and English.
    pub title_vi: String,
    pub title_en: String,
    pub start_at: i64,
    pub end_at: i64,
    #[sqlx(try_from = "String")]
    pub status: RoomStatus,
    /// How many people can be in it: the teacher and the session's student, or the teacher and the seats.
    pub capacity: i64,
}

/// A person of a room.
#[derive(Debug, Clone, FromRow)]
pub struct PersonRow {
    pub id: String,
    pub username: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    /// `teacher` or `student`.
    pub part: String,
}

/// The session or class with id `id` (ids are unique across both).
pub async fn find_room(pool: &Pool, id: &str) -> Result<Option<RoomRow>, sqlx::Error> {
    let session = sqlx::query_as(
        "select s.id, 'session' as kind, s.teacher_id, coalesce(p.title_vi, '') as title_vi, \
         coalesce(p.title_en, '') as title_en, s.start_at, s.end_at, s.status, cast(2 as bigint) as capacity from mentorship_sessions s \
         join mentorship_enrollments e on e.id = s.enrollment_id \
         left join mentorship_plans p on p.id = e.plan_id where s.id = $1",
    )
    .bind(id)
    .fetch_optional(pool)
    .await?;
    if session.is_some() {
        return Ok(session);
    }
    sqlx::query_as(
        "select id, 'class' as kind, teacher_id, topic as title_vi, topic as title_en, \
         starts_at as start_at, ends_at as end_at, status, \
         seats + 1 as capacity from classes where id = $1",
    )
    .bind(id)
    .fetch_optional(pool)
    .await
}

/// The people allowed in a room: its teacher first, then its student(s).
pub async fn participants(pool: &Pool, room: &RoomRow) -> Result<Vec<PersonRow>, sqlx::Error> {
    let students = if room.kind == RoomKind::Session {
        "select u.id, u.username, u.first_name, u.last_name, 'student' as part from mentorship_sessions s \
         join users u on u.id = s.student_id where s.id = $1"
    } else {
        "select u.id, u.username, u.first_name, u.last_name, 'student' as part from class_registrations r \
         join users u on u.id = r.student_id where r.class_id = $1 order by r.created_at, u.id"
    };
    let mut people: Vec<PersonRow> =
        sqlx::query_as("select id, username, first_name, last_name, 'teacher' as part from users where id = $1")
            .bind(&room.teacher_id)
            .fetch_all(pool)
            .await?;
    people.extend(sqlx::query_as::<_, PersonRow>(students).bind(&room.id).fetch_all(pool).await?);
    Ok(people)
}

/// A person by id (an administrator joining a room), as an observer.
pub async fn person(pool: &Pool, user_id: &str) -> Result<Option<PersonRow>, sqlx::Error> {
    sqlx::query_as("select id, username, first_name, last_name, 'admin' as part from users where id = $1")
        .bind(user_id)
        .fetch_optional(pool)
        .await
}

/// Someone connected to a room.
#[derive(Debug, Clone, FromRow)]
pub struct PresentRow {
    pub connection_id: String,
    pub user_id: String,
}

/// A connection asking for a place in a room.
#[derive(Debug, Clone, Copy)]
pub struct Place<'a> {
    pub room_id: &'a str,
    pub connection_id: &'a str,
    pub user_id: &'a str,
    /// At most this many other people's live connections.
    pub max: i64,
    pub now_ms: i64,
    /// Connections seen at or before this instant no longer count.
    pub alive_after: i64,
}

/// Takes a place unless `max` live connections of other people are already there; an earlier connection of the
/// same person is replaced. Returns the connections replaced, or `None` when the room is full.
pub async fn take_place(pool: &Pool, backend: Backend, place: Place<'_>) -> Result<Option<Vec<String>>, sqlx::Error> {
    let Place { room_id, connection_id, user_id, max, now_ms, alive_after } = place;
    let mut tx = crate::platform::db::begin_write(pool).await?;
    lock_room(&mut tx, backend, room_id).await?;
    let present: Vec<PresentRow> =
        sqlx::query_as("select connection_id, user_id from meeting_presence where room_id = $1 and seen_at > $2")
            .bind(room_id)
            .bind(alive_after)
            .fetch_all(&mut *tx)
            .await?;
    let (mine, others): (Vec<_>, Vec<_>) = present.into_iter().partition(|p| p.user_id == user_id);
    if i64::try_from(others.len()).unwrap_or(i64::MAX) >= max {
        return Ok(None);
    }
    sqlx::query("delete from meeting_presence where room_id = $1 and (user_id = $2 or seen_at <= $3)")
        .bind(room_id)
        .bind(user_id)
        .bind(alive_after)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "insert into meeting_presence (connection_id, room_id, user_id, joined_at, seen_at) values ($1, $2, $3, $4, $4)",
    )
    .bind(connection_id)
    .bind(room_id)
    .bind(user_id)
    .bind(now_ms)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Some(mine.into_iter().map(|p| p.connection_id).collect()))
}

/// Serialises the places of one room for the rest of the transaction (PostgreSQL: an advisory lock on the room;
/// SQLite: the write lock, taken by a write first).
async fn lock_room(conn: &mut AnyConnection, backend: Backend, room_id: &str) -> Result<(), sqlx::Error> {
    match backend {
        Backend::Postgres => {
            sqlx::query("select pg_advisory_xact_lock(hashtext($1))::text").bind(room_id).execute(conn).await?;
        }
        Backend::Sqlite => {
            sqlx::query("delete from meeting_presence where connection_id = ''").execute(conn).await?;
        }
    }
    Ok(())
}

/// The people connected to a room now (user ids, earliest first).
pub async fn present(pool: &Pool, room_id: &str, alive_after: i64) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "select user_id from meeting_presence where room_id = $1 and seen_at > $2 order by joined_at, user_id",
    )
    .bind(room_id)
    .bind(alive_after)
    .fetch_all(pool)
    .await
}

/// Marks a connection as still alive.
pub async fn touch(pool: &Pool, connection_id: &str, now_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query("update meeting_presence set seen_at = $2 where connection_id = $1")
        .bind(connection_id)
        .bind(now_ms)
        .execute(pool)
        .await?;
    Ok(())
}

/// Gives up a connection's place.
pub async fn leave(pool: &Pool, connection_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("delete from meeting_presence where connection_id = $1").bind(connection_id).execute(pool).await?;
    Ok(())
}

/// The role of an active account (`None` for a locked or missing one).
pub async fn active_role(pool: &Pool, user_id: &str) -> Result<Option<Role>, sqlx::Error> {
    let role = sqlx::query_scalar("select role from users where id = $1 and status = 'active'")
        .bind(user_id)
        .fetch_optional(pool)
        .await?;
    role.map(stored_name).transpose()
}

/// Records the use of ticket `ticket_id` (valid until `expires_at`, epoch seconds): `false` when it was used
/// already, here or on another instance. Uses of tickets expired before `now_secs` are forgotten on the way.
pub async fn use_ticket(pool: &Pool, ticket_id: &str, expires_at: i64, now_secs: i64) -> Result<bool, sqlx::Error> {
    sqlx::query("delete from meeting_ticket_uses where expires_at < $1").bind(now_secs).execute(pool).await?;
    let recorded = sqlx::query(
        "insert into meeting_ticket_uses (ticket_id, expires_at) values ($1, $2) on conflict (ticket_id) do nothing",
    )
    .bind(ticket_id)
    .bind(expires_at)
    .execute(pool)
    .await?;
    Ok(recorded.rows_affected() == 1)
}
