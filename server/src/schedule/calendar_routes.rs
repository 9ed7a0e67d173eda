//! A teacher's calendar over HTTP: their sessions and classes between two instants
//! (`GET /api/dashboard/schedule/calendar`), the same as an iCalendar download
//! (`GET /api/dashboard/schedule/calendar.ics`), and a secret subscription address calendar applications poll
//! without signing in (`/api/dashboard/schedule/feed` makes, rotates and revokes it; `GET /calendar/{token}.ics`).

use academy_shared::roles::Role;
use axum::{
    extract::State,
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::calendar::{self, Item, TeacherCalendar, display_name};
use crate::{
    catalogue::routes::courses::iso,
    http::{
        ApiError, ApiResult, Language, Path, Query, Text,
        current_user::{Allowed, Teachers},
        error::ErrorEnvelope,
        ok,
    },
    platform::db::now_ms,
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

/// One item of a teacher's calendar: a mentorship session or a live class.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalendarEventView {
    /// `session` or `class`.
    pub kind: String,
    pub id: String,
    pub start_at: String,
    pub end_at: String,
    /// A session: `booked` or `cancelled`; a class: `scheduled` or `cancelled`.
    pub status: String,
    /// A session's student.
    pub student_name: Option<String>,
    /// A session's mentorship plan, in the request's language.
    pub plan_title: Option<String>,
    /// A class's topic.
    pub topic: Option<String>,
    /// A class's course or plan, in the request's language.
    pub audience_title: Option<String>,
    /// A class's seats and how many are taken.
    pub seats: Option<i64>,
    pub seats_taken: Option<i64>,
}

/// A teacher's sessions and classes over a range, in time order, and the zone of their week.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalendarView {
    pub teacher_id: String,
    /// The IANA zone the teacher's week is kept in, e.g. `Asia/Ho_Chi_Minh`.
    pub zone: String,
    pub from: String,
    pub to: String,
    pub events: Vec<CalendarEventView>,
}

impl CalendarView {
    fn of(teacher_id: &str, from: i64, to: i64, calendar: &TeacherCalendar, lang: academy_shared::Lang) -> Self {
        let en = lang == academy_shared::Lang::En;
        let events = calendar
            .items()
            .into_iter()
            .map(|item| match item {
                Item::Session(s) => CalendarEventView {
                    kind: "session".into(),
                    id: s.id.clone(),
                    start_at: iso(s.start_at),
                    end_at: iso(s.end_at),
                    status: s.status.as_str().to_owned(),
                    student_name: Some(display_name(
                        &s.student_username,
                        s.student_first_name.as_deref(),
                        s.student_last_name.as_deref(),
                    )),
                    plan_title: Some(if en { s.plan_title_en.clone() } else { s.plan_title_vi.clone() }),
                    topic: None,
                    audience_title: None,
                    seats: None,
                    seats_taken: None,
                },
                Item::Class(c) => CalendarEventView {
                    kind: "class".into(),
                    id: c.id.clone(),
                    start_at: iso(c.starts_at),
                    end_at: iso(c.ends_at),
                    status: c.status.as_str().to_owned(),
                    student_name: None,
                    plan_title: None,
                    topic: Some(c.topic.clone()),
                    audience_title: if en { c.audience_title_en.clone() } else { c.audience_title_vi.clone() },
                    seats: Some(c.seats),
                    seats_taken: Some(c.taken),
                },
            })
            .collect();
        CalendarView {
            teacher_id: teacher_id.to_owned(),
            zone: calendar.zone.clone(),
            from: iso(from),
            to: iso(to),
            events,
        }
    }
}

/// An instant of a request (RFC 3339), or 422 naming `field`.
fn instant(field: &str, text: &str) -> Result<i64, ApiError> {
    chrono::DateTime::parse_from_rfc3339(text.trim()).map(|at| at.timestamp_millis()).map_err(|_| {
        ApiError::invalid_field(
            field,
            Text::new("Nhập ngày giờ theo định dạng ISO 8601.", "Enter a date and time in ISO 8601 form."),
        )
    })
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
    let teacher_id = match params.teacher_id.as_deref().map(str::trim).filter(|id| !id.is_empty()) {
        None => user.id.clone(),
        Some(id) if id == user.id => user.id.clone(),
        Some(id) if user.role == Role::Admin => {
            if !calendar::exists(&state.pool, id).await? {
                return Err(ApiError::not_found());
            }
            id.to_owned()
        }
        Some(_) => {
            return Err(ApiError::Forbidden(Text::new(
                "Bạn chỉ xem được lịch của chính mình.",
                "You can only see your own calendar.",
            )));
        }
    };
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

/// The caller's calendar subscription. `path` and `url` carry the secret address only in the answer that made
/// it: the server keeps a hash of its token, never the token.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedView {
    /// Whether the caller has a working subscription address.
    pub active: bool,
    pub created_at: Option<String>,
    /// `/calendar/{token}.ics` (only when just made).
    pub path: Option<String>,
    /// The address under the site's public origin (only when just made).
    pub url: Option<String>,
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
