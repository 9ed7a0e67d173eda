//! Chat over HTTP: `GET /api/chat/unread` (the caller's unread messages), `GET /api/chat/{bookingId}` (a page of
//! a conversation), `POST /api/chat/{bookingId}/messages` (send; rate-limited per account) and
//! `POST /api/chat/{bookingId}/read`, `POST /api/chat/{bookingId}/report`; administrators read reported
//! conversations: `GET /api/admin/chat/reports`, `GET /api/admin/chat/reports/{bookingId}`. New messages reach open pages as `chat` events of
//! `GET /api/notification/stream`.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    ChatError, reports, service,
    views::{
        ChatConversationView, ChatMessageView, ChatReportView, ChatReportedConversationView, ChatReportedView,
        ChatUnreadView,
    },
};
use crate::{
    http::{
        Admins, Allowed, ApiError, ApiResult, CurrentUser, Json, Path, Query, error::ErrorEnvelope, ok, rate_limit,
    },
    identity::rate_limit::{Limit, Subject},
    platform::db::now_ms,
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(unread_messages))
        .routes(routes!(get_conversation))
        .routes(routes!(send_message))
        .routes(routes!(read_messages))
        .routes(routes!(report_conversation))
        .routes(routes!(list_reported_conversations))
        .routes(routes!(get_reported_conversation))
}

impl From<ChatError> for ApiError {
    fn from(error: ChatError) -> ApiError {
        let text = error.text();
        match (error, text) {
            (ChatError::Database(e), _) => e.into(),
            (ChatError::Invalid(refusal), _) => ApiError::refused("body", refusal),
            (ChatError::ReasonTooLong, Some(text)) => ApiError::invalid_field("reason", text),
            (ChatError::NotFound, Some(text)) => ApiError::NotFound(text),
            (_, Some(text)) => ApiError::Conflict(text),
            (error, None) => ApiError::internal(error),
        }
    }
}

/// The caller's unread messages, in total and per conversation.
#[utoipa::path(
    get,
    path = "/api/chat/unread",
    tag = "chat",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The unread counts", body = crate::http::Envelope<ChatUnreadView>),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
    )
)]
pub async fn unread_messages(State(state): State<AppState>, user: CurrentUser) -> ApiResult<ChatUnreadView> {
    Ok(ok(ChatUnreadView::of(service::unread(&state, &user.id).await?)))
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// A message's id: the page holds the messages before it.
    pub before: Option<String>,
}

/// A page of a conversation (the latest 50 messages, or those before `before`), for the booking's mentee or
/// mentor only.
#[utoipa::path(
    get,
    path = "/api/chat/{bookingId}",
    tag = "chat",
    security(("bearer" = [])),
    params(("bookingId" = String, Path, description = "The mentorship booking's id"), PageParams),
    responses(
        (status = 200, description = "The conversation", body = crate::http::Envelope<ChatConversationView>),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 404, description = "No such booking, or not the caller's", body = ErrorEnvelope),
    )
)]
pub async fn get_conversation(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(booking_id): Path<String>,
    Query(params): Query<PageParams>,
) -> ApiResult<ChatConversationView> {
    let before = params.before.as_deref().map(str::trim).filter(|id| !id.is_empty());
    let conversation = service::open(&state, &user.id, &booking_id, before, now_ms()).await?;
    Ok(ok(ChatConversationView::of(&conversation, &user.id)))
}

/// A message as the chat panel sends it.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct MessageBody {
    /// Plain text, 1 to 2000 characters after trimming.
    pub body: String,
}

/// Sends a message to the other person of the booking, while the booking is active.
#[utoipa::path(
    post,
    path = "/api/chat/{bookingId}/messages",
    tag = "chat",
    security(("bearer" = [])),
    params(("bookingId" = String, Path, description = "The mentorship booking's id")),
    request_body = MessageBody,
    responses(
        (status = 200, description = "The message sent", body = crate::http::Envelope<ChatMessageView>),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 404, description = "No such booking, or not the caller's", body = ErrorEnvelope),
        (status = 409, description = "The booking has ended: the conversation is read-only", body = ErrorEnvelope),
        (status = 422, description = "The message is empty or too long (`result.fields.body`)", body = ErrorEnvelope),
        (status = 429, description = "Too many messages; wait (`Retry-After`)", body = ErrorEnvelope),
    )
)]
pub async fn send_message(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(booking_id): Path<String>,
    Json(body): Json<MessageBody>,
) -> ApiResult<ChatMessageView> {
    rate_limit::check(&state, Limit::ChatMessage, Subject::Account(&user.id)).await?;
    let row = service::send(&state, &user.id, &booking_id, &body.body, now_ms()).await?;
    Ok(ok(ChatMessageView::from(&row)))
}

/// Marks read the messages the caller received in the conversation; the unread counts after it.
#[utoipa::path(
    post,
    path = "/api/chat/{bookingId}/read",
    tag = "chat",
    security(("bearer" = [])),
    params(("bookingId" = String, Path, description = "The mentorship booking's id")),
    responses(
        (status = 200, description = "The caller's unread counts after it", body = crate::http::Envelope<ChatUnreadView>),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 404, description = "No such booking, or not the caller's", body = ErrorEnvelope),
    )
)]
pub async fn read_messages(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(booking_id): Path<String>,
) -> ApiResult<ChatUnreadView> {
    service::read(&state, &user.id, &booking_id, now_ms()).await?;
    Ok(ok(ChatUnreadView::of(service::unread(&state, &user.id).await?)))
}

/// A report of a conversation.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct ReportBody {
    /// Why (optional, at most 1000 characters).
    #[serde(default)]
    pub reason: Option<String>,
}

/// One of the two people of a conversation reports it: administrators may then read it. Reporting again changes
/// nothing.
#[utoipa::path(
    post,
    path = "/api/chat/{bookingId}/report",
    tag = "chat",
    security(("bearer" = [])),
    params(("bookingId" = String, Path, description = "The mentorship booking's id")),
    request_body = ReportBody,
    responses(
        (status = 200, description = "The conversation is reported", body = crate::http::Envelope<ChatReportedView>),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 404, description = "No such booking, or not the caller's", body = ErrorEnvelope),
        (status = 422, description = "The reason is too long (`result.fields.reason`)", body = ErrorEnvelope),
    )
)]
pub async fn report_conversation(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(booking_id): Path<String>,
    Json(body): Json<ReportBody>,
) -> ApiResult<ChatReportedView> {
    let reason = body.reason.unwrap_or_default();
    reports::report(&state, &user.id, &booking_id, &reason, now_ms()).await?;
    Ok(ok(ChatReportedView { reported: true }))
}

/// The reported conversations, the latest reported first (administrators).
#[utoipa::path(
    get,
    path = "/api/admin/chat/reports",
    tag = "chat",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The reported conversations", body = crate::http::Envelope<Vec<ChatReportView>>),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
    )
)]
pub async fn list_reported_conversations(
    State(state): State<AppState>,
    Allowed(_admin, _): Allowed<Admins>,
) -> ApiResult<Vec<ChatReportView>> {
    let list = reports::reported(&state).await?;
    Ok(ok(list.iter().map(ChatReportView::from).collect()))
}

/// A page of a reported conversation (the latest 50 messages, or those before `before`), read-only: reading it
/// marks nothing read (administrators; a conversation nobody reported is not found).
#[utoipa::path(
    get,
    path = "/api/admin/chat/reports/{bookingId}",
    tag = "chat",
    security(("bearer" = [])),
    params(("bookingId" = String, Path, description = "The mentorship booking's id"), PageParams),
    responses(
        (status = 200, description = "The conversation", body = crate::http::Envelope<ChatReportedConversationView>),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
        (status = 404, description = "No such reported conversation", body = ErrorEnvelope),
    )
)]
pub async fn get_reported_conversation(
    State(state): State<AppState>,
    Allowed(_admin, _): Allowed<Admins>,
    Path(booking_id): Path<String>,
    Query(params): Query<PageParams>,
) -> ApiResult<ChatReportedConversationView> {
    let before = params.before.as_deref().map(str::trim).filter(|id| !id.is_empty());
    let conversation = reports::read_reported(&state, &booking_id, before).await?;
    Ok(ok(ChatReportedConversationView::of(booking_id.trim(), &conversation)))
}
