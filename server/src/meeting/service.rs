//! A room: the session or class it is, the people allowed in it, and whether one of them may join now.

use academy_shared::{
    meeting::{self, Refusal},
    roles::Role,
};

use super::{
    MeetingError,
    repo::{self, PersonRow, RoomRow, RoomStatus},
    tickets::Admission,
};
use crate::platform::db::Pool;

/// A room and its participants (the teacher first).
#[derive(Debug, Clone)]
pub struct Room {
    pub row: RoomRow,
    pub people: Vec<PersonRow>,
}

/// Someone looking at or joining a room.
#[derive(Debug, Clone)]
pub struct Viewer {
    pub person: PersonRow,
    pub role: Role,
}

impl Room {
    pub fn cancelled(&self) -> bool {
        self.row.status == RoomStatus::Cancelled
    }

    /// Whether the room runs peer to peer (at most four people can be in it).
    pub fn peer_to_peer(&self) -> bool {
        meeting::is_peer_to_peer(self.row.capacity)
    }

    /// Whether `user_id` is the room's teacher or one of its students.
    pub fn is_participant(&self, user_id: &str) -> bool {
        self.people.iter().any(|p| p.id == user_id)
    }

    /// Why `viewer` cannot join at `now_ms` (administrators may join every room).
    pub fn refusal(&self, viewer: &Viewer, now_ms: i64) -> Option<Refusal> {
        let allowed = self.is_participant(&viewer.person.id) || viewer.role == Role::Admin;
        meeting::join_refusal(now_ms, self.row.start_at, self.row.end_at, allowed, self.cancelled())
    }

    /// Whether `viewer` moderates the room (its teacher or an administrator).
    pub fn moderates(&self, viewer: &Viewer) -> bool {
        viewer.person.id == self.row.teacher_id || viewer.role == Role::Admin
    }
}

/// The room `id` (a session or a class id).
pub async fn room(pool: &Pool, id: &str) -> Result<Room, MeetingError> {
    let row = repo::find_room(pool, id).await?.ok_or(MeetingError::NotFound)?;
    let people = repo::participants(pool, &row).await?;
    Ok(Room { row, people })
}

/// The room `id` as `user_id` (with `role`) may see it: a participant's or administrator's, else refused.
pub async fn room_for(pool: &Pool, id: &str, user_id: &str, role: Role) -> Result<(Room, Viewer), MeetingError> {
    let room = room(pool, id).await?;
    let person = match room.people.iter().find(|p| p.id == user_id) {
        Some(person) => person.clone(),
        None if role == Role::Admin => repo::person(pool, user_id).await?.ok_or(MeetingError::NotFound)?,
        None => return Err(MeetingError::Refused(Refusal::NotParticipant)),
    };
    Ok((room, Viewer { person, role }))
}

/// Like [`room_for`], refused unless the person may join at `now_ms`.
pub async fn joinable(
    pool: &Pool,
    id: &str,
    user_id: &str,
    role: Role,
    now_ms: i64,
) -> Result<(Room, Viewer), MeetingError> {
    let (room, viewer) = room_for(pool, id, user_id, role).await?;
    match room.refusal(&viewer, now_ms) {
        Some(refusal) => Err(MeetingError::Refused(refusal)),
        None => Ok((room, viewer)),
    }
}

/// The role of an active account (`None` for a locked or missing one, or an unknown role).
pub async fn active_role(pool: &Pool, user_id: &str) -> Result<Option<Role>, MeetingError> {
    Ok(repo::active_role(pool, user_id).await?)
}

/// Records that `admission`'s ticket opened a socket: `false` when it had opened one already (a ticket is
/// single-use, across instances).
pub async fn use_ticket(pool: &Pool, admission: &Admission, now_secs: i64) -> Result<bool, MeetingError> {
    Ok(repo::use_ticket(pool, &admission.ticket_id, admission.expires_at, now_secs).await?)
}

/// A connection that has not refreshed its place for this long no longer counts (its instance died).
pub const STALE_AFTER_MS: i64 = 60_000;

/// Takes a place for `connection_id` of `user_id` in room `room_id`, unless [`meeting::P2P_MAX_PEOPLE`] other
/// people are connected; the person's earlier connections are replaced (returned). `None`: the room is full.
pub async fn take_place(
    pool: &Pool,
    backend: crate::platform::db::Backend,
    room_id: &str,
    connection_id: &str,
    user_id: &str,
    now_ms: i64,
) -> Result<Option<Vec<String>>, MeetingError> {
    let place = repo::Place {
        room_id,
        connection_id,
        user_id,
        max: meeting::P2P_MAX_PEOPLE,
        now_ms,
        alive_after: now_ms - STALE_AFTER_MS,
    };
    Ok(repo::take_place(pool, backend, place).await?)
}

/// The people connected to room `room_id` now (user ids, earliest first).
pub async fn present(pool: &Pool, room_id: &str, now_ms: i64) -> Result<Vec<String>, MeetingError> {
    Ok(repo::present(pool, room_id, now_ms - STALE_AFTER_MS).await?)
}

/// Keeps a connection's place.
pub async fn still_here(pool: &Pool, connection_id: &str, now_ms: i64) -> Result<(), MeetingError> {
    Ok(repo::touch(pool, connection_id, now_ms).await?)
}

/// Gives up a connection's place.
pub async fn leave(pool: &Pool, connection_id: &str) -> Result<(), MeetingError> {
    Ok(repo::leave(pool, connection_id).await?)
}

/// The person `user_id` as the room shows them (a participant, or an administrator looking in).
pub async fn person_in(pool: &Pool, room: &Room, user_id: &str) -> Result<Option<PersonRow>, MeetingError> {
    match room.people.iter().find(|p| p.id == user_id) {
        Some(person) => Ok(Some(person.clone())),
        None => Ok(repo::person(pool, user_id).await?),
    }
}
