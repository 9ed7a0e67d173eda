//! The use cases of chat: open a conversation (its messages, the other person), send a message, mark messages
//! read, count the unread ones. Only the booking's mentee and mentor take part; anyone else is told there is no
//! such conversation.

use academy_shared::chat::{chat_is_open, check_chat_message};
use serde_json::json;

use super::{
    ChatError,
    mail::{MAIL_AFTER_MS, MAIL_JOB},
    repo::{self, MessageRow, PersonRow},
};
use crate::{
    mentorship::bookings::{self, SessionBooking},
    notifications::live::Announcement,
    platform::{
        db::{begin_write, new_id},
        jobs::{JobQueue, NewJob},
    },
    state::AppState,
};

/// Messages a page of a conversation holds.
pub const PAGE: i64 = 50;

/// The booking `booking_id` if `user_id` is its mentee or its mentor.
pub async fn booking_of(state: &AppState, user_id: &str, booking_id: &str) -> Result<SessionBooking, ChatError> {
    let mut conn = state.pool.acquire().await?;
    let booking = bookings::session_booking(&mut conn, booking_id.trim()).await?.ok_or(ChatError::NotFound)?;
    if booking.user_id != user_id && booking.mentor_id != user_id {
        return Err(ChatError::NotFound);
    }
    Ok(booking)
}

/// The other person of a booking, seen by `user_id`.
fn other_of<'a>(booking: &'a SessionBooking, user_id: &str) -> &'a str {
    if booking.user_id == user_id { &booking.mentor_id } else { &booking.user_id }
}

/// A conversation as its reader sees it.
#[derive(Debug, Clone)]
pub struct Conversation {
    pub booking: SessionBooking,
    pub other: PersonRow,
    /// Oldest first.
    pub messages: Vec<MessageRow>,
    /// Older messages exist before the first.
    pub has_more: bool,
    pub open: bool,
}

/// A page of `user_id`'s conversation of `booking_id`: the latest messages, or those before `before`.
pub async fn open(
    state: &AppState,
    user_id: &str,
    booking_id: &str,
    before: Option<&str>,
    now: i64,
) -> Result<Conversation, ChatError> {
    let booking = booking_of(state, user_id, booking_id).await?;
    let other = repo::person(&state.pool, other_of(&booking, user_id)).await?.ok_or(ChatError::NotFound)?;
    let mut messages = repo::messages(&state.pool, &booking.id, before, PAGE + 1).await?;
    let has_more = i64::try_from(messages.len()).unwrap_or(i64::MAX) > PAGE;
    messages.truncate(usize::try_from(PAGE).unwrap_or(usize::MAX));
    messages.reverse();
    let open = chat_is_open(booking.end_at, now);
    Ok(Conversation { booking, other, messages, has_more, open })
}

/// Sends `body` from `user_id` in the conversation of `booking_id`: refused when it is not theirs, when the
/// booking has ended, or when the text breaks the message rule. The recipient's open pages are told at once; a
/// mail follows if it is still unread after 15 minutes.
pub async fn send(
    state: &AppState,
    user_id: &str,
    booking_id: &str,
    body: &str,
    now: i64,
) -> Result<MessageRow, ChatError> {
    let booking = booking_of(state, user_id, booking_id).await?;
    if !chat_is_open(booking.end_at, now) {
        return Err(ChatError::Closed);
    }
    let body = check_chat_message(body).map_err(ChatError::Invalid)?;
    let row = MessageRow {
        id: new_id(),
        booking_id: booking.id.clone(),
        sender_id: user_id.to_owned(),
        recipient_id: other_of(&booking, user_id).to_owned(),
        body: body.to_owned(),
        created_at: now,
        read_at: None,
    };
    let mut tx = begin_write(&state.pool).await?;
    repo::insert_message(&mut tx, &row).await?;
    let mail = NewJob::new(MAIL_JOB, json!({ "messageId": row.id }))
        .once(format!("{MAIL_JOB}:{}", row.id))
        .at(now + MAIL_AFTER_MS);
    JobQueue::enqueue_with(&mut *tx, mail).await?;
    tx.commit().await?;
    state
        .notifications
        .announce(Announcement::Conversation {
            conversation_id: row.booking_id.clone(),
            message_id: row.id.clone(),
            people: vec![row.sender_id.clone(), row.recipient_id.clone()],
        })
        .await;
    Ok(row)
}

/// Marks read what `user_id` received in the conversation of `booking_id`; how many messages were unread. Both
/// people's open pages are told when something changed (the counts, and the sender's "seen").
pub async fn read(state: &AppState, user_id: &str, booking_id: &str, now: i64) -> Result<u64, ChatError> {
    let booking = booking_of(state, user_id, booking_id).await?;
    let changed = repo::mark_read(&state.pool, &booking.id, user_id, now).await?;
    if changed > 0 {
        state
            .notifications
            .announce(Announcement::Conversation {
                conversation_id: booking.id.clone(),
                message_id: String::new(),
                people: vec![booking.user_id.clone(), booking.mentor_id.clone()],
            })
            .await;
    }
    Ok(changed)
}

/// The messages `user_id` has not read, per booking.
pub async fn unread(state: &AppState, user_id: &str) -> Result<Vec<(String, i64)>, ChatError> {
    Ok(repo::unread_counts(&state.pool, user_id).await?)
}
