//! Chat: a conversation between a mentee and the mentor of a booking (the booking is the conversation). Text
//! messages, read by those two only (and by administrators once one of them reported it); open while the booking is active, read-only after
//! ([`academy_shared::chat::chat_is_open`]). A new message is announced on the notifications' live stream
//! (`chat` events, across instances); one left unread for 15 minutes is mailed to its recipient by the job
//! queue ([`mail`]).
//!
//! # Parts
//! [`service`]: the use cases; [`reports`]: a conversation reported by one of its people, which administrators
//! may then read; [`repo`]: the SQL; [`views`]: the API's shapes; [`routes`]: the HTTP calls;
//! [`mail`]: the unread-message mail.

pub mod mail;
pub mod repo;
pub mod reports;
pub mod routes;
pub mod service;
pub mod views;

use academy_shared::chat::ChatMessageError;

use crate::platform::text::Text;

/// Why a chat use case did not happen.
#[derive(Debug, thiserror::Error)]
pub enum ChatError {
    /// No such booking, or the caller is not one of its two people (the same answer: a conversation of others
    /// is not revealed).
    #[error("no such conversation")]
    NotFound,
    /// The booking has ended: its conversation is read-only.
    #[error("the conversation is closed")]
    Closed,
    #[error("invalid message")]
    Invalid(ChatMessageError),
    /// A report's reason is longer than [`reports::REASON_MAX_CHARS`].
    #[error("the reason is too long")]
    ReasonTooLong,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl ChatError {
    /// The text shown for a refusal (`None` for the database's failures and the field error).
    pub fn text(&self) -> Option<Text> {
        Some(match self {
            Self::NotFound => Text::new("Không tìm thấy cuộc trò chuyện.", "Conversation not found."),
            Self::Closed => Text::new(
                "Gói cố vấn đã kết thúc nên không thể gửi tin nhắn mới. Hãy gia hạn để tiếp tục trò chuyện.",
                "This mentorship has ended, so no new messages can be sent. Renew it to keep talking.",
            ),
            Self::ReasonTooLong => Text::new(
                format!("Lý do dài tối đa {} ký tự.", reports::REASON_MAX_CHARS),
                format!("A reason is at most {} characters.", reports::REASON_MAX_CHARS),
            ),
            Self::Invalid(_) | Self::Database(_) => return None,
        })
    }
}
