//! The shapes the rooms answer with.

use academy_shared::{Lang, Message as _, meeting};
use serde::Serialize;
use utoipa::ToSchema;

use super::{
    engine::{EngineJoin, IceServer},
    repo::PersonRow,
    service::{Room, Viewer},
};
use crate::catalogue::routes::courses::iso;

/// A person of a room.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonView {
    pub id: String,
    pub name: String,
    /// `teacher`, `student`, or `admin` (an administrator looking in).
    pub role: String,
}

impl PersonView {
    pub fn of(person: &PersonRow) -> PersonView {
        PersonView { id: person.id.clone(), name: display_name(person), role: person.part.clone() }
    }
}

/// The name shown to the others: family name first, or the username when there is none.
pub fn display_name(person: &PersonRow) -> String {
    academy_shared::names::full_name(person.first_name.as_deref(), person.last_name.as_deref(), &person.username)
}

/// A room as its participant sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoomView {
    pub id: String,
    /// `session` (a mentorship session) or `class` (a live class).
    pub kind: String,
    /// The class's topic or the session's plan, in the request's language.
    pub title: String,
    pub start: String,
    pub end: String,
    /// When the room opens (10 minutes before the start) and closes (15 minutes after the end).
    pub opens_at: String,
    pub closes_at: String,
    /// `booked`/`scheduled` or `cancelled`.
    pub status: String,
    /// Whether the caller may join now.
    pub open: bool,
    /// Why not (`notYetOpen`, `ended`, `cancelled`), with its text.
    pub refusal: Option<String>,
    pub refusal_message: Option<String>,
    /// The people allowed in, the teacher first.
    pub participants: Vec<PersonView>,
    pub you: PersonView,
    /// Whether the caller moderates the room (its teacher, or an administrator).
    pub moderator: bool,
    /// At most this many people connect to a peer-to-peer room at once.
    pub max_peers: i64,
    /// `p2p` (peer-to-peer video, at most 4 people can be in the room), else the large-room engine
    /// (`jitsi`, `livekit`, or `none` when none is configured).
    pub engine: String,
    /// STUN/TURN servers for the peer connections.
    pub ice_servers: Vec<IceServer>,
    /// How to enter a large room (absent for peer to peer).
    pub large: Option<EngineJoin>,
}

impl RoomView {
    pub fn of(
        room: &Room,
        viewer: &Viewer,
        now_ms: i64,
        lang: Lang,
        ice_servers: Vec<IceServer>,
        large: Option<EngineJoin>,
    ) -> RoomView {
        let row = &room.row;
        let refusal = room.refusal(viewer, now_ms);
        let refusal_kind = refusal.map(|r| {
            serde_json::to_value(r).ok().and_then(|v| v["kind"].as_str().map(str::to_owned)).unwrap_or_default()
        });
        RoomView {
            id: row.id.clone(),
            kind: row.kind.as_str().to_owned(),
            title: match lang {
                Lang::Vi => row.title_vi.clone(),
                Lang::En => row.title_en.clone(),
            },
            start: iso(row.start_at),
            end: iso(row.end_at),
            opens_at: iso(meeting::opens_at(row.start_at)),
            closes_at: iso(meeting::closes_at(row.end_at)),
            status: row.status.as_str().to_owned(),
            open: refusal.is_none(),
            refusal: refusal_kind,
            refusal_message: refusal.map(|r| r.message(lang)),
            participants: room.people.iter().map(PersonView::of).collect(),
            you: PersonView::of(&viewer.person),
            moderator: room.moderates(viewer),
            max_peers: meeting::P2P_MAX_PEOPLE,
            engine: match &large {
                None => "p2p".into(),
                Some(join) => join.engine.clone(),
            },
            ice_servers,
            large,
        }
    }
}

/// A ticket to the room's signalling socket.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketView {
    /// Pass as `?ticket=` to `GET /api/meeting/{id}/signal`.
    pub ticket: String,
    pub expires_at: String,
}
