//! The shapes of the chat API.

use academy_shared::names::full_name;
use serde::Serialize;
use utoipa::ToSchema;

use super::{
    repo::{MessageRow, PersonRow},
    reports::{Reported, ReportedConversation},
    service::Conversation,
};
use crate::platform::time::iso;

/// One message. `body` is plain text as written: shown as text (links made clickable), never as markup.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatMessageView {
    pub id: String,
    pub booking_id: String,
    pub sender_id: String,
    pub body: String,
    /// RFC 3339, UTC.
    pub sent_at: String,
    /// When the recipient read it (RFC 3339, UTC); `null` while unread.
    pub read_at: Option<String>,
}

impl From<&MessageRow> for ChatMessageView {
    fn from(row: &MessageRow) -> ChatMessageView {
        ChatMessageView {
            id: row.id.clone(),
            booking_id: row.booking_id.clone(),
            sender_id: row.sender_id.clone(),
            body: row.body.clone(),
            sent_at: iso(row.created_at),
            read_at: row.read_at.map(iso),
        }
    }
}

/// The other person of a conversation.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatPerson {
    pub id: String,
    pub username: String,
    /// The given name.
    pub first_name: Option<String>,
    /// The family name (with middle names).
    pub last_name: Option<String>,
    /// Family name first, as written in Vietnamese; the username when no name is known.
    pub full_name: String,
    pub avatar: Option<String>,
}

impl From<&PersonRow> for ChatPerson {
    fn from(row: &PersonRow) -> ChatPerson {
        ChatPerson {
            id: row.id.clone(),
            username: row.username.clone(),
            first_name: row.first_name.clone(),
            last_name: row.last_name.clone(),
            full_name: full_name(row.first_name.as_deref(), row.last_name.as_deref(), &row.username),
            avatar: row.avatar.clone(),
        }
    }
}

/// A page of a conversation.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatConversationView {
    pub booking_id: String,
    /// The caller's own id (their messages are those it sent).
    pub me: String,
    /// Whether the caller is the booking's mentor.
    pub as_mentor: bool,
    pub other: ChatPerson,
    /// Whether new messages can be sent (the booking is active); read-only otherwise.
    pub open: bool,
    /// The booking's end (RFC 3339, UTC).
    pub ends_at: String,
    /// Oldest first.
    pub messages: Vec<ChatMessageView>,
    /// Older messages exist: ask again with `before` = the first message's id.
    pub has_more: bool,
}

impl ChatConversationView {
    pub fn of(conversation: &Conversation, me: &str) -> ChatConversationView {
        ChatConversationView {
            booking_id: conversation.booking.id.clone(),
            me: me.to_owned(),
            as_mentor: conversation.booking.mentor_id == me,
            other: (&conversation.other).into(),
            open: conversation.open,
            ends_at: iso(conversation.booking.end_at),
            messages: conversation.messages.iter().map(Into::into).collect(),
            has_more: conversation.has_more,
        }
    }
}

/// The unread messages of one conversation.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatUnreadOne {
    pub booking_id: String,
    pub unread: i64,
}

/// The caller's unread messages: the total (for the header) and per conversation.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatUnreadView {
    pub total: i64,
    pub conversations: Vec<ChatUnreadOne>,
}

impl ChatUnreadView {
    pub fn of(counts: Vec<(String, i64)>) -> ChatUnreadView {
        ChatUnreadView {
            total: counts.iter().map(|(_, n)| n).sum(),
            conversations: counts
                .into_iter()
                .map(|(booking_id, unread)| ChatUnreadOne { booking_id, unread })
                .collect(),
        }
    }
}

/// A reported conversation in the administrators' list.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatReportView {
    pub booking_id: String,
    pub mentee: ChatPerson,
    pub mentor: ChatPerson,
    /// How many of its people reported it (one or two).
    pub reports: i64,
    /// When it was last reported (RFC 3339, UTC).
    pub last_reported_at: String,
    /// The reason the latest report gave (may be empty).
    pub reason: String,
}

impl From<&Reported> for ChatReportView {
    fn from(reported: &Reported) -> ChatReportView {
        ChatReportView {
            booking_id: reported.row.booking_id.clone(),
            mentee: (&reported.mentee).into(),
            mentor: (&reported.mentor).into(),
            reports: reported.row.reports,
            last_reported_at: iso(reported.row.last_reported_at),
            reason: reported.row.reason.clone(),
        }
    }
}

/// A page of a reported conversation, as an administrator reads it (read-only).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatReportedConversationView {
    pub booking_id: String,
    pub mentee: ChatPerson,
    pub mentor: ChatPerson,
    /// Oldest first.
    pub messages: Vec<ChatMessageView>,
    /// Older messages exist: ask again with `before` = the first message's id.
    pub has_more: bool,
}

impl ChatReportedConversationView {
    pub fn of(booking_id: &str, conversation: &ReportedConversation) -> ChatReportedConversationView {
        ChatReportedConversationView {
            booking_id: booking_id.to_owned(),
            mentee: (&conversation.mentee).into(),
            mentor: (&conversation.mentor).into(),
            messages: conversation.messages.iter().map(Into::into).collect(),
            has_more: conversation.has_more,
        }
    }
}

/// The answer to a report.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatReportedView {
    /// Always true: the conversation is reported (a second report of the same person changes nothing).
    pub reported: bool,
}
