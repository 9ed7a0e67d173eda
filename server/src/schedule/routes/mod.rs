//! Schedules over HTTP: a teacher's (or administrator's) own week (`/api/dashboard/schedule/availability`), a
//! mentor's open session times (`GET /api/mentorship/mentors/{mentorId}/slots`, for the mentor and the students
//! holding an active booking of their plans), and sessions: list mine, book, cancel, move
//! (`/api/mentorship/sessions`). A teacher's calendar and its subscription are in [`calendar`].

pub mod calendar;

use axum::extract::State;
use serde::Deserialize;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    ScheduleError,
    notify::{self, Change},
    service::{self, SlotsQuery},
    views::{BookBody, RescheduleBody, SessionView, SlotsView, Unreadable, WeekBody, WeekView},
};
use crate::{
    http::{
        ApiError, ApiResult, CurrentUser, Json, Path, Query, Text,
        current_user::{Allowed, Teachers},
        error::ErrorEnvelope,
        ok,
    },
    platform::db::now_ms,
    state::AppState,
};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_availability, save_availability))
        .routes(routes!(list_slots))
        .routes(routes!(list_sessions, book_session))
        .routes(routes!(cancel_session))
        .routes(routes!(reschedule_session))
}

impl From<ScheduleError> for ApiError {
    fn from(error: ScheduleError) -> ApiError {
        let text = error.text();
        match (error, text) {
            (ScheduleError::Database(e), _) => e.into(),
            (ScheduleError::Invalid(errors), _) => ApiError::from(&errors),
            (ScheduleError::Range, Some(text)) => ApiError::invalid_field("to", text),
            (ScheduleError::NoBooking | ScheduleError::NotYours | ScheduleError::NotYourCalendar, Some(text)) => {
                ApiError::Forbidden(text)
            }
            (ScheduleError::BookingNotFound | ScheduleError::SessionNotFound, Some(text)) => ApiError::NotFound(text),
            (ScheduleError::TeacherNotFound, _) => ApiError::not_found(),
            (_, Some(text)) => ApiError::Conflict(text),
            (error, None) => ApiError::internal(error),
        }
    }
}

/// An instant of a request (RFC 3339), or 422 naming `field`.
pub(super) fn instant(field: &str, text: &str) -> Result<i64, ApiError> {
    chrono::DateTime::parse_from_rfc3339(text.trim()).map(|at| at.timestamp_millis()).map_err(|_| {
        ApiError::invalid_field(
            field,
            Text::new("Nhập ngày giờ theo định dạng ISO 8601.", "Enter a date and time in ISO 8601 form."),
        )
    })
}

/// The caller's week (the default, Ho Chi Minh City with no hours, until first saved).
#[utoipa::path(
    get,
    path = "/api/dashboard/schedule/availability",
    tag = "schedule",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    responses(
        (status = 200, description = "The week", body = crate::http::Envelope<WeekView>),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
    )
)]
pub async fn get_availability(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<Teachers>,
) -> ApiResult<WeekView> {
    Ok(ok(WeekView::of(&service::week(&state.pool, &user.id).await?)))
}

/// Saves the caller's week, checked by the shared rule (intervals in order on quarter hours, a known zone,
/// buffer 0-120 minutes, notice 0 minutes to 14 days).
#[utoipa::path(
    put,
    path = "/api/dashboard/schedule/availability",
    tag = "schedule",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    request_body = WeekBody,
    responses(
        (status = 200, description = "The week", body = crate::http::Envelope<WeekView>),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
        (status = 422, description = "A field breaks a rule (`result.fields`)", body = ErrorEnvelope),
    )
)]
pub async fn save_availability(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<Teachers>,
    Json(body): Json<WeekBody>,
) -> ApiResult<WeekView> {
    let (availability, overrides) = body.parse().map_err(|unreadable| match unreadable {
        Unreadable::Weekly => ApiError::invalid_field(
            "weekly",
            Text::new("Cần đúng 7 ngày, bắt đầu từ thứ Hai.", "Exactly seven days are needed, Monday first."),
        ),
        Unreadable::Overrides => ApiError::invalid_field(
            "overrides",
            Text::new("Ngày phải theo dạng YYYY-MM-DD.", "Dates must be in YYYY-MM-DD form."),
        ),
    })?;
    let week = service::save_week(&state.pool, &user.id, availability, overrides, now_ms()).await?;
    Ok(ok(WeekView::of(&week)))
}

#[derive(Debug, Clone, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SlotsParams {
    /// The range's start (RFC 3339); absent: now.
    pub from: Option<String>,
    /// The range's end (RFC 3339), at most 62 days after its start; absent: 14 days after it.
    pub to: Option<String>,
    /// The student's booking to book against; absent: their latest active booking of the mentor.
    pub enrollment_id: Option<String>,
    /// The session length the mentor looks at their own times with (15-240; the mentor only).
    pub minutes: Option<u32>,
}

/// A mentor's open session times, for the mentor and for students holding an active booking of their plans.
#[utoipa::path(
    get,
    path = "/api/mentorship/mentors/{mentorId}/slots",
    tag = "schedule",
    security(("bearer" = [])),
    params(("mentorId" = String, Path, description = "The mentor's user id"), SlotsParams),
    responses(
        (status = 200, description = "The open times", body = crate::http::Envelope<SlotsView>),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "No active booking of this mentor", body = ErrorEnvelope),
        (status = 422, description = "An unreadable or too long range", body = ErrorEnvelope),
    )
)]
pub async fn list_slots(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(mentor_id): Path<String>,
    Query(params): Query<SlotsParams>,
) -> ApiResult<SlotsView> {
    let now = now_ms();
    let from = params.from.as_deref().map(|t| instant("from", t)).transpose()?.unwrap_or(now);
    let to = params.to.as_deref().map(|t| instant("to", t)).transpose()?.unwrap_or(from + 14 * DAY_MS);
    let query = SlotsQuery {
        viewer_id: &user.id,
        mentor_id: &mentor_id,
        from_ms: from,
        to_ms: to,
        enrollment_id: params.enrollment_id.as_deref(),
        minutes: params.minutes,
    };
    let open = service::open_slots(&state.pool, query, now).await?;
    Ok(ok(SlotsView::of(&mentor_id, &open)))
}

/// The sessions the caller takes or teaches, in time order (booked and cancelled).
#[utoipa::path(
    get,
    path = "/api/mentorship/sessions",
    tag = "schedule",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The sessions", body = crate::http::Envelope<Vec<SessionView>>),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
    )
)]
pub async fn list_sessions(State(state): State<AppState>, user: CurrentUser) -> ApiResult<Vec<SessionView>> {
    let rows = service::sessions_of(&state.pool, &user.id).await?;
    Ok(ok(rows.iter().map(SessionView::listed).collect()))
}

/// Books a session of the caller's mentorship booking: the time is checked again with the shared rule (one of
/// the mentor's open times, the notice, free of other sessions and their buffer), at most the plan's sessions
/// in the booking's period. Two students asking for one time: one gets it, the other 409.
#[utoipa::path(
    post,
    path = "/api/mentorship/sessions",
    tag = "schedule",
    security(("bearer" = [])),
    request_body = BookBody,
    responses(
        (status = 200, description = "The booked session", body = crate::http::Envelope<SessionView>),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 404, description = "No such booking of the caller", body = ErrorEnvelope),
        (status = 409, description = "The time cannot be booked (the reason in `message`)", body = ErrorEnvelope),
        (status = 422, description = "An unreadable start", body = ErrorEnvelope),
    )
)]
pub async fn book_session(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(body): Json<BookBody>,
) -> ApiResult<SessionView> {
    let start = instant("startAt", &body.start_at)?;
    let row = service::book(&state.pool, &user.id, body.enrollment_id.trim(), start, now_ms()).await?;
    notify::tell(&state, &row.id, &user.id, Change::Booked).await;
    Ok(ok(SessionView::of(&row)))
}

/// Cancels a session (its student or teacher), up to the teacher's notice before it starts.
#[utoipa::path(
    post,
    path = "/api/mentorship/sessions/{id}/cancel",
    tag = "schedule",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The session's id")),
    responses(
        (status = 200, description = "The cancelled session", body = crate::http::Envelope<SessionView>),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not the session's student or teacher", body = ErrorEnvelope),
        (status = 404, description = "No such session", body = ErrorEnvelope),
        (status = 409, description = "Too late, or already cancelled", body = ErrorEnvelope),
    )
)]
pub async fn cancel_session(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<SessionView> {
    let row = service::cancel(&state.pool, &user.id, &id, now_ms()).await?;
    notify::tell(&state, &row.id, &user.id, Change::Cancelled).await;
    Ok(ok(SessionView::of(&row)))
}

/// Moves a session (its student or teacher), up to the teacher's notice before it starts, to another open time.
#[utoipa::path(
    post,
    path = "/api/mentorship/sessions/{id}/reschedule",
    tag = "schedule",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The session's id")),
    request_body = RescheduleBody,
    responses(
        (status = 200, description = "The moved session", body = crate::http::Envelope<SessionView>),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not the session's student or teacher", body = ErrorEnvelope),
        (status = 404, description = "No such session", body = ErrorEnvelope),
        (status = 409, description = "Too late, cancelled, or the new time cannot be booked", body = ErrorEnvelope),
        (status = 422, description = "An unreadable start", body = ErrorEnvelope),
    )
)]
pub async fn reschedule_session(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<RescheduleBody>,
) -> ApiResult<SessionView> {
    let start = instant("startAt", &body.start_at)?;
    let row = service::reschedule(&state.pool, &user.id, &id, start, now_ms()).await?;
    notify::tell(&state, &row.id, &user.id, Change::Moved).await;
    Ok(ok(SessionView::of(&row)))
}
