//! Reported conversations: either person of a conversation may report it (with a reason, optional); from then on
//! administrators may read it, read-only (reading it marks nothing read). Nobody else reads a conversation of
//! others, reported or not.

use super::{
    ChatError,
    repo::{self, MessageRow, PersonRow, ReportedRow},
    service::{PAGE, booking_of},
};
use crate::{platform::db::new_id, state::AppState};

/// The longest reason a report gives.
pub const REASON_MAX_CHARS: usize = 1000;

/// `user_id`, one of the two people of the conversation of `booking_id`, reports it. Reporting again changes
/// nothing. Whether this report was new.
pub async fn report(
    state: &AppState,
    user_id: &str,
    booking_id: &str,
    reason: &str,
    now: i64,
) -> Result<bool, ChatError> {
    let booking = booking_of(state, user_id, booking_id).await?;
    let reason = reason.trim();
    if reason.chars().count() > REASON_MAX_CHARS {
        return Err(ChatError::ReasonTooLong);
    }
    let new = repo::insert_report(&state.pool, &new_id(), &booking.id, user_id, reason, now).await?;
    if new {
        tracing::info!(booking = %booking.id, "a conversation was reported");
    }
    Ok(new)
}

/// A reported conversation as administrators list it.
#[derive(Debug, Clone)]
pub struct Reported {
    pub row: ReportedRow,
    pub mentee: PersonRow,
    pub mentor: PersonRow,
}

/// The reported conversations, the latest reported first.
pub async fn reported(state: &AppState) -> Result<Vec<Reported>, ChatError> {
    let mut list = Vec::new();
    for row in repo::reported(&state.pool).await? {
        let (Some(mentee), Some(mentor)) =
            (repo::person(&state.pool, &row.mentee_id).await?, repo::person(&state.pool, &row.mentor_id).await?)
        else {
            continue;
        };
        list.push(Reported { row, mentee, mentor });
    }
    Ok(list)
}

/// A page of a reported conversation as an administrator reads it.
#[derive(Debug, Clone)]
pub struct ReportedConversation {
    pub mentee: PersonRow,
    pub mentor: PersonRow,
    /// Oldest first.
    pub messages: Vec<MessageRow>,
    pub has_more: bool,
}

/// A page of the reported conversation of `booking_id` (the latest messages, or those before `before`), for an
/// administrator; a conversation nobody reported is not found.
pub async fn read_reported(
    state: &AppState,
    booking_id: &str,
    before: Option<&str>,
) -> Result<ReportedConversation, ChatError> {
    let booking_id = booking_id.trim();
    if !repo::is_reported(&state.pool, booking_id).await? {
        return Err(ChatError::NotFound);
    }
    let row = repo::reported(&state.pool).await?.into_iter().find(|r| r.booking_id == booking_id);
    let Some(row) = row else { return Err(ChatError::NotFound) };
    let mentee = repo::person(&state.pool, &row.mentee_id).await?.ok_or(ChatError::NotFound)?;
    let mentor = repo::person(&state.pool, &row.mentor_id).await?.ok_or(ChatError::NotFound)?;
    let mut messages = repo::messages(&state.pool, booking_id, before, PAGE + 1).await?;
    let has_more = i64::try_from(messages.len()).unwrap_or(i64::MAX) > PAGE;
    messages.truncate(usize::try_from(PAGE).unwrap_or(usize::MAX));
    messages.reverse();
    Ok(ReportedConversation { mentee, mentor, messages, has_more })
}
