//! What the notification calls send and receive.

use academy_shared::i18n::Lang;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::repo::{BroadcastRow, StoredNotification};

/// A notification in the reader's language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationView {
    #[serde(rename = "_id")]
    pub id: String,
    /// `CoursePurchase`, `BookMentorShip`, `Referral`, `AdminNotification`, `Broadcast`, `WithdrawalRequest`,
    /// `PaymentRequest` or `Other`.
    #[serde(rename = "type")]
    #[schema(example = "CoursePurchase")]
    pub kind: String,
    pub title: String,
    pub message: String,
    pub is_read: bool,
    /// RFC 3339, UTC.
    #[schema(example = "2026-11-24T08:30:00.000Z")]
    pub created_at: String,
    pub image_url: Option<String>,
    /// Where a click on the notification leads: a path of this site or an https link.
    pub action_link: Option<String>,
}

impl NotificationView {
    pub fn new(row: &StoredNotification, lang: Lang) -> NotificationView {
        NotificationView {
            id: row.id.clone(),
            kind: row.kind.as_str().to_owned(),
            title: lang.pick(&row.title_vi, &row.title_en).to_owned(),
            message: lang.pick(&row.message_vi, &row.message_en).to_owned(),
            is_read: row.is_read.get(),
            created_at: iso(row.created_at),
            image_url: row.image_url.clone(),
            action_link: row.action_link.clone(),
        }
    }
}

pub use crate::platform::time::iso;

/// `GET /api/notification`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NotificationList {
    /// 200.
    #[schema(example = 200)]
    pub status: u16,
    /// Newest first.
    pub notifications: Vec<NotificationView>,
}

/// `GET /api/notification/page`: one page and the cursor of the next.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationPage {
    #[schema(example = 200)]
    pub status: u16,
    /// Newest first.
    pub notifications: Vec<NotificationView>,
    /// Pass as `cursor` for the next page; null on the last page.
    pub next_cursor: Option<String>,
}

/// `GET /api/notification/count`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NotificationCount {
    #[schema(example = 200)]
    pub status: u16,
    /// The caller's unread notifications.
    pub unread: i64,
}

/// The answer of the update calls, and of every refused notification call: `status` repeats the HTTP status
/// (200 is success) and `message` says what happened in the request's language.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StatusMessage {
    #[schema(example = 200)]
    pub status: u16,
    pub message: String,
}

/// The data of a stream's `count` event.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LiveCount {
    pub unread: i64,
}

/// The data of a stream's `notification` event: the new notification and the unread count with it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LiveNotification {
    pub notification: NotificationView,
    pub unread: i64,
}

/// The data of a stream's `chat` event: which conversation (a mentorship booking) changed, and the message sent
/// (`null` when messages were read).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LiveConversation {
    pub booking_id: String,
    pub message_id: Option<String>,
}

/// A text in both languages, as the broadcast form sends and shows it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct BilingualText {
    pub vi: String,
    pub en: String,
}

/// `POST /api/notification/broadcasts` (and its preview).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct BroadcastBody {
    /// `all`, `role` or `users`.
    #[schema(example = "role")]
    pub audience: String,
    /// For `role`: `ADMIN`, `STAFF`, `TEACHER` or `STUDENT`.
    pub role: Option<String>,
    /// For `users`: the chosen accounts' ids (at most 500).
    pub user_ids: Vec<String>,
    pub title: BilingualText,
    pub message: BilingualText,
    pub image_url: Option<String>,
    pub action_link: Option<String>,
}

/// What a broadcast would send: how many people it reaches now, and their notification in each language.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BroadcastPreview {
    pub recipients: i64,
    pub vi: NotificationView,
    pub en: NotificationView,
}

/// A sent broadcast and how far it went.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BroadcastView {
    pub id: String,
    /// `all`, `role` or `users`.
    pub audience: String,
    pub role: Option<String>,
    /// How many people were chosen (`users` broadcasts).
    pub chosen: Option<usize>,
    pub title: BilingualText,
    pub message: BilingualText,
    pub image_url: Option<String>,
    pub action_link: Option<String>,
    /// `queued`, `sending` or `sent`.
    pub status: String,
    /// Recipients when it was sent.
    pub total: i64,
    /// Notifications written so far (the progress is `sent / total`).
    pub sent: i64,
    /// Of those, how many were read.
    pub read: i64,
    pub created_at: String,
    pub finished_at: Option<String>,
}

impl From<BroadcastRow> for BroadcastView {
    fn from(row: BroadcastRow) -> BroadcastView {
        let chosen =
            row.user_ids.as_deref().and_then(|ids| serde_json::from_str::<Vec<String>>(ids).ok()).map(|ids| ids.len());
        BroadcastView {
            id: row.id,
            audience: row.audience.as_str().to_owned(),
            role: row.role,
            chosen,
            title: BilingualText { vi: row.title_vi, en: row.title_en },
            message: BilingualText { vi: row.message_vi, en: row.message_en },
            image_url: row.image_url,
            action_link: row.action_link,
            status: row.status.as_str().to_owned(),
            total: row.total,
            sent: row.sent,
            read: row.read_count,
            created_at: iso(row.created_at),
            finished_at: row.finished_at.map(iso),
        }
    }
}

/// A page of sent broadcasts, newest first.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BroadcastPage {
    pub items: Vec<BroadcastView>,
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_rfc3339_in_utc_with_milliseconds() {
        assert_eq!(iso(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(iso(1_795_000_000_123), "2026-11-18T11:06:40.123Z");
    }
}
