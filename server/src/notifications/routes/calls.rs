//! A person's own notifications:
//! - `GET /api/notification`: `{status: 200, notifications}`, the newest 50, newest first (the header's dropdown
//!   and the dashboard sidebar read it);
//! - `POST /api/notification/update-status`, form fields `notification_id` and `status` (`"true"` marks it
//!   read, `"false"` unread again): `{status, message}`; someone else's notification is answered exactly like
//!   one that does not exist (404);
//! - `POST /api/notification/update`, form field `markAllRead` (`"true"`): `{status, message}`; marks what the
//!   person had when the request arrived, not what arrives meanwhile;
//! - `GET /api/notification/page` (cursor paging, unread and type filters) and `GET /api/notification/count`.
//!
//! Every answer of these calls, refusals included, is `{status, message}` or `{status, ...}` with `status` equal
//! to the HTTP status, in the request's language. The form calls accept `multipart/form-data`,
//! `application/x-www-form-urlencoded` or a JSON object.

use academy_shared::{display::NotificationType, i18n::Lang};
use axum::{
    extract::{FromRequestParts, State},
    http::{StatusCode, request::Parts},
    response::{IntoResponse, Response},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    http::{ApiError, CurrentUser, FormFields, Language, Query, Text},
    notifications::{
        service::{self, NotificationError, PageQuery},
        views::{NotificationCount, NotificationList, NotificationPage, NotificationView, StatusMessage},
    },
    platform::db::now_ms,
    state::AppState,
};

/// When the request arrived (epoch ms), read before anything else about it.
#[derive(Debug, Clone, Copy)]
pub struct ReceivedAt(pub i64);

impl<S: Send + Sync> FromRequestParts<S> for ReceivedAt {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(_parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(ReceivedAt(now_ms()))
    }
}

mod texts {
    use super::Text;

    pub fn not_found() -> Text {
        Text::new("Không tìm thấy thông báo.", "Notification not found.")
    }
    pub fn marked_read() -> Text {
        Text::new("Đã đánh dấu thông báo là đã đọc.", "Notification marked as read.")
    }
    pub fn marked_unread() -> Text {
        Text::new("Đã đánh dấu thông báo là chưa đọc.", "Notification marked as unread.")
    }
    pub fn all_marked() -> Text {
        Text::new("Đã đánh dấu tất cả thông báo là đã đọc.", "All notifications marked as read.")
    }
    pub fn id_required() -> Text {
        Text::new("Thiếu mã thông báo (notification_id).", "notification_id is required.")
    }
    pub fn status_invalid() -> Text {
        Text::new("Trạng thái phải là \"true\" hoặc \"false\".", "status must be \"true\" or \"false\".")
    }
    pub fn mark_all_invalid() -> Text {
        Text::new("markAllRead phải là \"true\".", "markAllRead must be \"true\".")
    }
    pub fn bad_cursor() -> Text {
        Text::new("Con trỏ trang không hợp lệ.", "The page cursor is not valid.")
    }
}

/// `{status, message}` with `status` as the HTTP status.
fn answer(status: StatusCode, message: &Text, lang: Lang) -> Response {
    let body = StatusMessage { status: status.as_u16(), message: message.get(lang).to_owned() };
    (status, axum::Json(body)).into_response()
}

/// A success body of these calls (it carries `status: 200` itself).
fn success<T: Serialize>(body: T) -> Response {
    (StatusCode::OK, axum::Json(body)).into_response()
}

/// An [`ApiError`] (sign-in, unreadable form, database) in the `{status, message}` shape.
fn refusal(error: ApiError, lang: Lang) -> Response {
    let status = error.status();
    let message = match &error {
        ApiError::BadRequest { message, .. } | ApiError::Unprocessable { message, .. } => message.clone(),
        ApiError::PayloadTooLarge(m)
        | ApiError::UnsupportedMediaType(m)
        | ApiError::Unauthenticated(m)
        | ApiError::Forbidden(m)
        | ApiError::NotFound(m)
        | ApiError::Conflict(m)
        | ApiError::TooManyRequests(m)
        | ApiError::InsufficientStorage(m)
        | ApiError::RateLimited { message: m, .. } => m.clone(),
        ApiError::Unavailable(cause) => {
            tracing::error!(error = format!("{cause:#}"), "service unavailable");
            crate::http::error::texts::unavailable()
        }
        ApiError::Internal(cause) => {
            tracing::error!(error = format!("{cause:#}"), "internal error");
            crate::http::error::texts::internal()
        }
    };
    answer(status, &message, lang)
}

fn failure(error: NotificationError, lang: Lang) -> Response {
    match error {
        NotificationError::NotFound => answer(StatusCode::NOT_FOUND, &texts::not_found(), lang),
        NotificationError::BadCursor => answer(StatusCode::BAD_REQUEST, &texts::bad_cursor(), lang),
        NotificationError::Invalid(_) => refusal(ApiError::invalid_fields([]), lang),
        NotificationError::Database(e) => refusal(ApiError::from(e), lang),
    }
}

/// The signed-in caller, or the refusal to send.
fn caller(user: Result<CurrentUser, ApiError>, lang: Lang) -> Result<CurrentUser, Box<Response>> {
    user.map_err(|e| Box::new(refusal(e, lang)))
}

/// The caller's newest 50 notifications, newest first.
#[utoipa::path(
    get,
    path = "/api/notification",
    tag = "notifications",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`status` 200 and the notifications, newest first", body = NotificationList),
        (status = 401, description = "Not signed in", body = StatusMessage),
    )
)]
pub async fn list_notifications(
    State(state): State<AppState>,
    Language(lang): Language,
    user: Result<CurrentUser, ApiError>,
) -> Response {
    let user = match caller(user, lang) {
        Ok(user) => user,
        Err(response) => return *response,
    };
    match service::latest(&state.pool, &user.id).await {
        Ok(rows) => success(NotificationList {
            status: 200,
            notifications: rows.iter().map(|row| NotificationView::new(row, lang)).collect(),
        }),
        Err(e) => failure(e, lang),
    }
}

/// `GET /api/notification/page` parameters.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// The `nextCursor` of the previous page; absent for the first page.
    pub cursor: Option<String>,
    /// Notifications per page, 1–100 (default 20).
    pub limit: Option<i64>,
    /// `unread` for unread ones only; `all` (the default) for every one.
    pub filter: Option<String>,
    /// Only this type (`CoursePurchase`...; an unknown name means `Other`).
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub kind: Option<String>,
}

/// A page of the caller's notifications, newest first, filtered by read state and type.
#[utoipa::path(
    get,
    path = "/api/notification/page",
    tag = "notifications",
    security(("bearer" = [])),
    params(PageParams),
    responses(
        (status = 200, description = "The page and the cursor of the next one", body = NotificationPage),
        (status = 400, description = "A cursor this server did not give out", body = StatusMessage),
        (status = 401, description = "Not signed in", body = StatusMessage),
    )
)]
pub async fn list_notification_page(
    State(state): State<AppState>,
    Language(lang): Language,
    user: Result<CurrentUser, ApiError>,
    params: Result<Query<PageParams>, ApiError>,
) -> Response {
    let user = match caller(user, lang) {
        Ok(user) => user,
        Err(response) => return *response,
    };
    let Query(params) = match params {
        Ok(params) => params,
        Err(e) => return refusal(e, lang),
    };
    let query = PageQuery {
        cursor: params.cursor,
        limit: params.limit,
        unread_only: params.filter.as_deref().is_some_and(|f| f.trim().eq_ignore_ascii_case("unread")),
        kind: params.kind.as_deref().map(str::trim).filter(|k| !k.is_empty()).map(NotificationType::parse),
    };
    match service::page(&state.pool, &user.id, &query).await {
        Ok((rows, next_cursor)) => success(NotificationPage {
            status: 200,
            notifications: rows.iter().map(|row| NotificationView::new(row, lang)).collect(),
            next_cursor,
        }),
        Err(e) => failure(e, lang),
    }
}

/// The caller's unread count (the header's badge and the dashboard sidebar).
#[utoipa::path(
    get,
    path = "/api/notification/count",
    tag = "notifications",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The unread count", body = NotificationCount),
        (status = 401, description = "Not signed in", body = StatusMessage),
    )
)]
pub async fn count_notifications(
    State(state): State<AppState>,
    Language(lang): Language,
    user: Result<CurrentUser, ApiError>,
) -> Response {
    let user = match caller(user, lang) {
        Ok(user) => user,
        Err(response) => return *response,
    };
    match service::unread_count(&state.pool, &user.id).await {
        Ok(unread) => success(NotificationCount { status: 200, unread }),
        Err(e) => failure(e, lang),
    }
}

/// The form of `POST /api/notification/update-status` (multipart, url-encoded or JSON).
#[derive(Debug, ToSchema)]
#[allow(dead_code, reason = "documentation of the form fields")]
pub struct UpdateStatusForm {
    /// The notification's `_id`.
    notification_id: String,
    /// `"true"` marks it read, `"false"` unread.
    #[schema(example = "true")]
    status: String,
}

/// Marks one of the caller's notifications read (or unread).
#[utoipa::path(
    post,
    path = "/api/notification/update-status",
    tag = "notifications",
    security(("bearer" = [])),
    request_body(content = UpdateStatusForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Marked", body = StatusMessage),
        (status = 400, description = "A field is missing or not valid", body = StatusMessage),
        (status = 401, description = "Not signed in", body = StatusMessage),
        (status = 404, description = "No such notification among the caller's", body = StatusMessage),
    )
)]
pub async fn update_notification_status(
    State(state): State<AppState>,
    Language(lang): Language,
    user: Result<CurrentUser, ApiError>,
    form: Result<FormFields, ApiError>,
) -> Response {
    let user = match caller(user, lang) {
        Ok(user) => user,
        Err(response) => return *response,
    };
    let form = match form {
        Ok(form) => form,
        Err(e) => return refusal(e, lang),
    };
    let Some(id) = form.get("notification_id") else {
        return answer(StatusCode::BAD_REQUEST, &texts::id_required(), lang);
    };
    let read = match form.get("status").map(str::to_ascii_lowercase).as_deref() {
        Some("true") => true,
        Some("false") => false,
        _ => return answer(StatusCode::BAD_REQUEST, &texts::status_invalid(), lang),
    };
    match service::mark_read(&state, &user.id, id, read).await {
        Ok(()) => answer(StatusCode::OK, &if read { texts::marked_read() } else { texts::marked_unread() }, lang),
        Err(e) => failure(e, lang),
    }
}

/// The form of `POST /api/notification/update`.
#[derive(Debug, ToSchema)]
#[allow(dead_code, reason = "documentation of the form fields")]
pub struct MarkAllForm {
    /// `"true"`.
    #[serde(rename = "markAllRead")]
    #[schema(example = "true")]
    mark_all_read: String,
}

/// Marks read every notification the caller had when the request arrived.
#[utoipa::path(
    post,
    path = "/api/notification/update",
    tag = "notifications",
    security(("bearer" = [])),
    request_body(content = MarkAllForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Marked", body = StatusMessage),
        (status = 400, description = "markAllRead is missing or not \"true\"", body = StatusMessage),
        (status = 401, description = "Not signed in", body = StatusMessage),
    )
)]
pub async fn mark_all_notifications_read(
    ReceivedAt(received_at): ReceivedAt,
    State(state): State<AppState>,
    Language(lang): Language,
    user: Result<CurrentUser, ApiError>,
    form: Result<FormFields, ApiError>,
) -> Response {
    let user = match caller(user, lang) {
        Ok(user) => user,
        Err(response) => return *response,
    };
    let form = match form {
        Ok(form) => form,
        Err(e) => return refusal(e, lang),
    };
    if !form.get("markAllRead").is_some_and(|v| v.eq_ignore_ascii_case("true")) {
        return answer(StatusCode::BAD_REQUEST, &texts::mark_all_invalid(), lang);
    }
    match service::mark_all_read(&state, &user.id, received_at).await {
        Ok(_) => answer(StatusCode::OK, &texts::all_marked(), lang),
        Err(e) => failure(e, lang),
    }
}
