//! The notification calls: a person's own ([`calls`]: the list the header and the dashboard sidebar read, marking
//! one or all read, pages and the unread count), their live stream ([`stream`]), and the administrators'
//! broadcasts ([`admin`]).

pub mod admin;
pub mod calls;
pub mod stream;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    notifications::views::{LiveConversation, LiveCount, LiveNotification},
    state::AppState,
};

/// The data of the live stream's events, documented beside the calls (the stream itself is `text/event-stream`).
#[derive(Debug, OpenApi)]
#[openapi(components(schemas(LiveCount, LiveNotification, LiveConversation)))]
struct StreamEvents;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(StreamEvents::openapi())
        .routes(routes!(calls::list_notifications))
        .routes(routes!(calls::list_notification_page))
        .routes(routes!(calls::count_notifications))
        .routes(routes!(calls::update_notification_status))
        .routes(routes!(calls::mark_all_notifications_read))
        .routes(routes!(stream::stream_notifications))
        .routes(routes!(admin::preview_broadcast))
        .routes(routes!(admin::send_broadcast, admin::list_broadcasts))
        .routes(routes!(admin::get_broadcast))
}
