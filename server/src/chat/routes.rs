//! Chat over HTTP: `GET /api/chat/unread` (the caller's unread messages), `GET /api/chat/{bookingId}` (a page of
//! a conversation), `POST /api/chat/{bookingId}/messages` (send; rate-limited per account) and
//! `POST /api/chat/{bookingId}/read`. New messages reach open pages as `chat` events of
//! `GET /api/notification/stream`.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    ChatError, service,
    views::{ChatConversationView, ChatMessageView, ChatUnreadView},
};
use crate::{
    http::{ApiError, ApiResult, CurrentUser, Json, Path, Query, error::ErrorEnvelope, ok, rate_limit},
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
}

impl From<ChatError> for ApiError {
    fn from(error: ChatError) -> ApiError {
        let text = error.text();
        match (error, text) {
            (ChatError::Database(e), _) => e.into(),
            (ChatError::Invalid(refusal), _) => ApiError::refused("body", refusal),
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
