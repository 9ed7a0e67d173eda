//! `GET /api/notification/stream`: the caller's live feed as Server-Sent Events.
//!
//! Events: `count` (`{"unread": n}`) when the stream opens and whenever the count changed otherwise, and
//! `notification` (`{"notification": {...}, "unread": n}`, its `id` the notification's) for each new one. A
//! comment every 15 s keeps idle connections open through proxies. The stream ends when the access token it
//! `chat` (`{"bookingId": …, "messageId": … | null}`) when one of the caller's mentorship conversations changed
//! (a message sent, or read when `messageId` is null): the page re-reads it. The stream ends when the access token it
//! was opened with expires (the browser reconnects with a fresh one) or the server stops; a reconnecting
//! browser sends `Last-Event-ID` and first receives what it missed.
//!
//! A browser's `EventSource` cannot send headers, so besides `Authorization: Bearer` the stream accepts the
//! `access-token` cookie (sent only by same-site requests: the cookie is `SameSite=Lax`, and the stream only
//! reads), and `?lang=vi|en` for the language of the texts.

use std::{convert::Infallible, time::Duration};

use academy_shared::i18n::Lang;
use axum::{
    extract::{Query, State},
    http::{HeaderMap, HeaderName, HeaderValue, header},
    response::{
        IntoResponse, Response,
        sse::{Event, KeepAlive, Sse},
    },
};
use futures_util::StreamExt as _;
use serde::Deserialize;

use crate::{
    http::{ApiError, Language, current_user, first_view::ACCESS_TOKEN_COOKIE},
    identity::tokens::TokenKind,
    notifications::{
        feed::{self, LiveEvent},
        service::NotificationError,
        views::{LiveConversation, LiveCount, LiveNotification, NotificationView},
    },
    platform::db::now_ms,
    state::AppState,
};

/// How often an idle stream sends a keep-alive comment.
pub const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// How long a browser waits before reconnecting a dropped stream.
pub const RETRY: Duration = Duration::from_secs(3);

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StreamParams {
    /// `vi` or `en`: the language of the texts (default: `Accept-Language`).
    pub lang: Option<String>,
}

/// The access token of the request: `Authorization: Bearer`, else the `access-token` cookie.
fn access_token(headers: &HeaderMap) -> Option<String> {
    if let Some(token) = current_user::bearer_token(headers) {
        return Some(token.to_owned());
    }
    current_user::cookie(headers, ACCESS_TOKEN_COOKIE).map(str::to_owned)
}

/// The caller's live feed (Server-Sent Events).
#[utoipa::path(
    get,
    path = "/api/notification/stream",
    tag = "notifications",
    security(("bearer" = [])),
    params(StreamParams),
    responses(
        (status = 200, content_type = "text/event-stream", body = String,
         description = "Events `count` (data `{\"unread\": n}`) and `notification` (data `{\"notification\": \
                        {...}, \"unread\": n}`, id the notification's) and `chat` (data `{\"bookingId\": …, \
                        \"messageId\": … | null}`), until the access token expires"),
        (status = 401, description = "Not signed in", body = crate::http::error::ErrorEnvelope),
        (status = 503, description = "Live delivery is unavailable; poll the count instead",
         body = crate::http::error::ErrorEnvelope),
    )
)]
pub async fn stream_notifications(
    State(state): State<AppState>,
    Language(lang): Language,
    params: Result<Query<StreamParams>, axum::extract::rejection::QueryRejection>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let lang = match params.ok().and_then(|Query(p)| p.lang) {
        Some(code) => Lang::from_code(&code).unwrap_or(lang),
        None => lang,
    };
    let token = access_token(&headers).ok_or_else(ApiError::unauthenticated)?;
    let user = current_user::authenticate(&state, &token).await?;
    let expires_ms =
        state.tokens.verify(&token, TokenKind::Access).map_err(|_| ApiError::unauthenticated())?.exp * 1000;
    let left = Duration::from_millis(u64::try_from(expires_ms.saturating_sub(now_ms())).unwrap_or(0));
    let last_seen = headers.get("last-event-id").and_then(|v| v.to_str().ok());
    let events =
        feed::open(&state, &user.id, last_seen, tokio::time::Instant::now() + left).await.map_err(|e| match e {
            NotificationError::Database(e) => ApiError::Unavailable(e.into()),
            other => ApiError::internal(other),
        })?;
    let mut first = true;
    let open = crate::platform::metrics::OpenGauge::open(crate::platform::metrics::names::LIVE_STREAMS);
    let events = events.map(move |event| {
        let _open = &open;
        let mut sse = to_event(&event, lang);
        if std::mem::take(&mut first) {
            sse = sse.retry(RETRY);
        }
        Ok::<_, Infallible>(sse)
    });
    let mut response = Sse::new(events).keep_alive(KeepAlive::new().interval(KEEP_ALIVE)).into_response();
    // Proxies that buffer responses (nginx) pass this one through as it is written.
    response.headers_mut().insert(HeaderName::from_static("x-accel-buffering"), HeaderValue::from_static("no"));
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

fn to_event(event: &LiveEvent, lang: Lang) -> Event {
    match event {
        LiveEvent::Count(unread) => json_event(Event::default().event("count"), &LiveCount { unread: *unread }),
        LiveEvent::Conversation { conversation_id, message_id } => json_event(
            Event::default().event("chat"),
            &LiveConversation { booking_id: conversation_id.clone(), message_id: message_id.clone() },
        ),
        LiveEvent::New { notification, unread } => json_event(
            Event::default().event("notification").id(notification.id.clone()),
            &LiveNotification { notification: NotificationView::new(notification, lang), unread: *unread },
        ),
    }
}

fn json_event(event: Event, data: &impl serde::Serialize) -> Event {
    match serde_json::to_string(data) {
        Ok(json) => event.data(json),
        // Plain data cannot fail to serialise; an empty event is harmless if it ever did.
        Err(_) => event.data("{}"),
    }
}
