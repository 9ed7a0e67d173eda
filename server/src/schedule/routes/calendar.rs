//! A teacher's calendar over HTTP: their sessions and classes between two instants
//! (`GET /api/dashboard/schedule/calendar`), the same as an iCalendar download
//! (`GET /api/dashboard/schedule/calendar.ics`), and a secret subscription address calendar applications poll
//! without signing in (`/api/dashboard/schedule/feed` makes, rotates and revokes it; `GET /calendar/{token}.ics`).

use axum::{
    extract::State,
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use serde::Deserialize;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::instant;
use crate::{
    catalogue::routes::courses::iso,
    http::{
        ApiError, ApiResult, Language, Path, Query,
        current_user::{Allowed, Teachers},
        error::ErrorEnvelope,
        ok,
    },
    platform::db::now_ms,
    schedule::{
        calendar,
        views::{CalendarView, FeedView},
    },
    state::AppState,
};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;
const ICS: &str = "text/calendar; charset=utf-8";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_calendar))
        .routes(routes!(download_calendar))
        .routes(routes!(get_feed, create_feed, revoke_feed))
        .routes(routes!(subscription_feed))
}

#[derive(Debug, Clone, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CalendarParams {
    /// The range's start (RFC 3339); absent: now.
    pub from: Option<String>,
    /// The range's end (RFC 3339), at most 62 days after its start; absent: 7 days after it.
    pub to: Option<String>,
    /// Whose calendar (administrators only; absent: the caller's).
    pub teacher_id: Option<String>,
}

/// A teacher's mentorship sessions (student, plan, status) and classes (topic, seats taken of seats, status)
/// between two instants, in time order, with the teacher's zone. A teacher sees their own; an administrator
/// anyone's (`teacherId`).
#[utoipa::path(
    get,
    path = "/api/dashboard/schedule/calendar",
    tag = "schedule",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(CalendarParams),
    responses(
        (status = 200, description = "The calendar", body = crate::http::Envelope<CalendarView>),
        (status = 403, description = "Not a teacher or administrator, or another teacher's calendar", body = ErrorEnvelope),
        (status = 404, description = "No such teacher", body = ErrorEnvelope),
        (status = 422, description = "An unreadable, empty or too long range", body = ErrorEnvelope),
    )
)]
pub async fn get_calendar(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    Query(params): Query<CalendarParams>,
) -> ApiResult<CalendarView> {
    let teacher_id = calendar::whose(&state.pool, &user.id, user.role, params.teacher_id.as_deref()).await?;
    let from = params.from.as_deref().map(|t| instant("from", t)).transpose()?.unwrap_or_else(now_ms);
    let to = params.to.as_deref().map(|t| instant("to", t)).transpose()?.unwrap_or(from + 7 * DAY_MS);
    let events = calendar::between(&state.pool, &teacher_id, from, to).await?;
    Ok(ok(CalendarView::of(&teacher_id, from, to, &events, lang)))
}

/// An iCalendar answer; `attachment` asks the browser to save it.
fn ics_response(text: String, attachment: bool) -> Response {
    let mut response = text.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(ICS));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if attachment {
        headers.insert(
            header::CONTENT_DISPOSITION,
            HeaderValue::from_static("attachment; filename=\"academy-schedule.ics\""),
        );
    }
    response
}

/// The caller's past four weeks and coming six months as an iCalendar file, to import once.
#[utoipa::path(
    get,
    path = "/api/dashboard/schedule/calendar.ics",
    tag = "schedule",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    responses(
        (status = 200, description = "The calendar (RFC 5545)", body = String, content_type = "text/calendar"),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
    )
)]
pub async fn download_calendar(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
) -> Result<Response, ApiError> {
    let origin = state.config.public_origin();
    let text = calendar::teacher_ics(&state.pool, &user.id, lang, &origin, now_ms()).await?;
    Ok(ics_response(text, true))
}

/// Whether the caller has a subscription address, and since when.
#[utoipa::path(
    get,
    path = "/api/dashboard/schedule/feed",
    tag = "schedule",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    responses(
        (status = 200, description = "The subscription", body = crate::http::Envelope<FeedView>),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
    )
)]
pub async fn get_feed(State(state): State<AppState>, Allowed(user, _): Allowed<Teachers>) -> ApiResult<FeedView> {
    let created = calendar::feed_created_at(&state.pool, &user.id).await?;
    Ok(ok(FeedView { active: created.is_some(), created_at: created.map(iso), path: None, url: None }))
}

/// Makes the caller's secret subscription address, or a new one in place of the old, which stops working.
#[utoipa::path(
    post,
    path = "/api/dashboard/schedule/feed",
    tag = "schedule",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    responses(
        (status = 200, description = "The new address", body = crate::http::Envelope<FeedView>),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
    )
)]
pub async fn create_feed(State(state): State<AppState>, Allowed(user, _): Allowed<Teachers>) -> ApiResult<FeedView> {
    let now = now_ms();
    let token = calendar::create_feed(&state.pool, &user.id, now).await?;
    let path = format!("/calendar/{token}.ics");
    let url = format!("{}{path}", state.config.public_origin());
    Ok(ok(FeedView { active: true, created_at: Some(iso(now)), path: Some(path), url: Some(url) }))
}

/// Revokes the caller's subscription address (no address: nothing changes).
#[utoipa::path(
    delete,
    path = "/api/dashboard/schedule/feed",
    tag = "schedule",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    responses(
        (status = 200, description = "No subscription any more", body = crate::http::Envelope<FeedView>),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
    )
)]
pub async fn revoke_feed(State(state): State<AppState>, Allowed(user, _): Allowed<Teachers>) -> ApiResult<FeedView> {
    calendar::revoke_feed(&state.pool, &user.id).await?;
    Ok(ok(FeedView { active: false, created_at: None, path: None, url: None }))
}

/// A teacher's calendar for calendar applications, by its secret address (no sign-in): the past four weeks and
/// the coming six months. An unknown, replaced or revoked address answers 404.
#[utoipa::path(
    get,
    path = "/calendar/{file}",
    tag = "schedule",
    params(("file" = String, Path, description = "`{token}.ics`")),
    responses(
        (status = 200, description = "The calendar (RFC 5545)", body = String, content_type = "text/calendar"),
        (status = 404, description = "No such subscription", body = ErrorEnvelope),
    )
)]
pub async fn subscription_feed(
    State(state): State<AppState>,
    Language(lang): Language,
    Path(file): Path<String>,
) -> Result<Response, ApiError> {
    let token = file.strip_suffix(".ics").ok_or_else(ApiError::not_found)?;
    let origin = state.config.public_origin();
    match calendar::feed_ics(&state.pool, token, lang, &origin, now_ms()).await? {
        Some(text) => Ok(ics_response(text, false)),
        None => Err(ApiError::not_found()),
    }
}
