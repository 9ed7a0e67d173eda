//! Online rooms over HTTP: a room (`GET /api/meeting/{id}`), a ticket to its signalling socket
//! (`POST /api/meeting/{id}/ticket`), and the socket itself (`GET /api/meeting/{id}/signal?ticket=`).

use academy_shared::meeting::Refusal;
use axum::{
    extract::{
        State,
        ws::{WebSocketUpgrade, rejection::WebSocketUpgradeRejection},
    },
    response::{IntoResponse as _, Response},
};
use serde::Deserialize;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    MeetingError, engine, service, socket,
    tickets::TicketError,
    views::{RoomView, TicketView, display_name},
};
use crate::{
    catalogue::routes::courses::iso,
    http::{ApiError, ApiResult, CurrentUser, Language, Path, Query, Text, error::ErrorEnvelope, ok},
    platform::db::now_ms,
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_room)).routes(routes!(create_ticket)).routes(routes!(signal))
}

impl From<MeetingError> for ApiError {
    fn from(error: MeetingError) -> ApiError {
        let text = error.text();
        match (error, text) {
            (MeetingError::Database(e), _) => e.into(),
            (MeetingError::NotFound, Some(text)) => ApiError::NotFound(text),
            (MeetingError::Refused(Refusal::NotParticipant), Some(text)) => ApiError::Forbidden(text),
            (MeetingError::Refused(_), Some(text)) => ApiError::Conflict(text),
            (MeetingError::Ticket(TicketError::OtherRoom), Some(text)) => ApiError::Forbidden(text),
            (MeetingError::Ticket(_), Some(text)) => ApiError::Unauthenticated(text),
            (error, None) => ApiError::internal(error),
        }
    }
}

/// A room: the session or class, its time, its people, whether the caller may join now, and what carries it
/// (peer-to-peer video with its STUN/TURN servers, or the large-room engine with the caller's token). Only its
/// teacher, its student(s) and administrators see it.
#[utoipa::path(
    get,
    path = "/api/meeting/{id}",
    tag = "meeting",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "A mentorship session's or a live class's id")),
    responses(
        (status = 200, description = "The room", body = crate::http::Envelope<RoomView>),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not a participant", body = ErrorEnvelope),
        (status = 404, description = "No such session or class", body = ErrorEnvelope),
    )
)]
pub async fn get_room(
    State(state): State<AppState>,
    user: CurrentUser,
    Language(lang): Language,
    Path(id): Path<String>,
) -> ApiResult<RoomView> {
    let now = now_ms();
    let (room, viewer) = service::room_for(&state.pool, id.trim(), &user.id, user.role).await?;
    let now_secs = now.div_euclid(1000);
    let ice = engine::ice_servers(&state.config, &user.id, now_secs);
    let large = (!room.peer_to_peer()).then(|| {
        let name = display_name(&viewer.person);
        let joiner = engine::Joiner { user_id: &user.id, name: &name, moderator: room.moderates(&viewer) };
        engine::large_room(&state.config, &room.row.id, joiner, now_secs)
    });
    Ok(ok(RoomView::of(&room, &viewer, now, lang, ice, large)))
}

/// A ticket to the room's signalling socket: valid 60 seconds, for this room and the caller only. Refused like
/// joining: not a participant 403; too early (the text says when it opens), ended or cancelled 409.
#[utoipa::path(
    post,
    path = "/api/meeting/{id}/ticket",
    tag = "meeting",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "A mentorship session's or a live class's id")),
    responses(
        (status = 200, description = "The ticket", body = crate::http::Envelope<TicketView>),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not a participant", body = ErrorEnvelope),
        (status = 404, description = "No such session or class", body = ErrorEnvelope),
        (status = 409, description = "Not open yet, ended, or cancelled (the reason in `message`)", body = ErrorEnvelope),
    )
)]
pub async fn create_ticket(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<TicketView> {
    let now = now_ms();
    let (room, _) = service::joinable(&state.pool, id.trim(), &user.id, user.role, now).await?;
    let (ticket, exp) =
        state.meetings.tickets.issue(&room.row.id, &user.id, now.div_euclid(1000)).map_err(MeetingError::from)?;
    Ok(ok(TicketView { ticket, expires_at: iso(exp * 1000) }))
}

#[derive(Debug, Clone, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SignalParams {
    /// A ticket from `POST /api/meeting/{id}/ticket`.
    pub ticket: String,
}

/// The room's signalling WebSocket. JSON messages in both directions: the server sends `welcome` (you and the
/// people already there), `join` and `leave` of others, `refused` (the room is full: at most 4 people) and
/// `ended`; a browser sends `offer`, `answer`, `candidate`, `media` and `leave` (with `to`, a user id, to address
/// one person), relayed to the others tagged with `from` (user id) and `fromName`.
#[utoipa::path(
    get,
    path = "/api/meeting/{id}/signal",
    tag = "meeting",
    params(("id" = String, Path, description = "A mentorship session's or a live class's id"), SignalParams),
    responses(
        (status = 101, description = "Switching to the WebSocket protocol"),
        (status = 400, description = "Not a WebSocket request", body = ErrorEnvelope),
        (status = 401, description = "A missing, invalid, expired or already used ticket (a ticket opens one socket)", body = ErrorEnvelope),
        (status = 403, description = "A ticket for another room, or not a participant", body = ErrorEnvelope),
        (status = 409, description = "Not open, ended or cancelled", body = ErrorEnvelope),
    )
)]
pub async fn signal(
    State(state): State<AppState>,
    Language(lang): Language,
    Path(id): Path<String>,
    Query(params): Query<SignalParams>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let now = now_ms();
    let now_secs = now.div_euclid(1000);
    let admission = state.meetings.tickets.check(&params.ticket, &id, now_secs).map_err(MeetingError::from)?;
    let user_id = admission.user_id.as_str();
    let role = service::active_role(&state.pool, user_id).await?.ok_or(MeetingError::Ticket(TicketError::Invalid))?;
    let (room, viewer) = service::joinable(&state.pool, &id, user_id, role, now).await?;
    let upgrade = upgrade.map_err(|_| {
        ApiError::bad_request(Text::new("Cần kết nối WebSocket.", "A WebSocket connection is required."))
    })?;
    if !service::use_ticket(&state.pool, &admission, now_secs).await? {
        return Err(MeetingError::Ticket(TicketError::Used).into());
    }
    Ok(upgrade.on_upgrade(move |ws| socket::run(ws, state, room, viewer, lang)).into_response())
}
