//! Chat between a mentee and the mentor of a booking: what a message may be, and when the conversation takes new
//! messages. The same checks run in the browser (before sending) and on the server (which decides).

use crate::i18n::Lang;
use crate::limits::exceeds;
use crate::mentorship::{MentorshipState, mentorship_status};
use crate::validation::Message;

/// Characters a chat message has at most (after trimming): a few paragraphs.
pub const CHAT_MESSAGE_MAX_CHARS: usize = 2000;

/// What a chat message can get wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ChatMessageError {
    #[error("Please write a message")]
    Empty,
    #[error("A message has at most {max} characters")]
    TooLong { max: usize },
}

impl Message for ChatMessageError {
    fn message(&self, lang: Lang) -> String {
        match (lang, self) {
            (Lang::En, _) => self.to_string(),
            (Lang::Vi, Self::Empty) => "Vui lòng nhập tin nhắn".into(),
            (Lang::Vi, Self::TooLong { max }) => format!("Tin nhắn tối đa {max} ký tự"),
        }
    }
}

/// The message to store: `text` trimmed, refused when empty or longer than [`CHAT_MESSAGE_MAX_CHARS`]. Text is
/// kept as written (no markup is interpreted anywhere); line breaks stay.
pub fn check_chat_message(text: &str) -> Result<&str, ChatMessageError> {
    let text = text.trim();
    if text.is_empty() {
        Err(ChatMessageError::Empty)
    } else if exceeds(text, CHAT_MESSAGE_MAX_CHARS) {
        Err(ChatMessageError::TooLong { max: CHAT_MESSAGE_MAX_CHARS })
    } else {
        Ok(text)
    }
}

/// Whether a booking's conversation takes new messages at `now_ms`: while the booking is active (the mentorship
/// status rule); afterwards it is kept, read-only.
pub fn chat_is_open(end_ms: i64, now_ms: i64) -> bool {
    mentorship_status(end_ms, now_ms).state == MentorshipState::Active
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_is_trimmed_and_must_say_something() {
        assert_eq!(check_chat_message("  Chào thầy\n"), Ok("Chào thầy"));
        assert_eq!(check_chat_message(" \n\t "), Err(ChatMessageError::Empty));
        assert_eq!(check_chat_message(""), Err(ChatMessageError::Empty));
    }

    #[test]
    fn a_message_of_two_thousand_characters_is_accepted_and_one_more_is_refused() {
        let longest = "ệ".repeat(CHAT_MESSAGE_MAX_CHARS);
        assert!(check_chat_message(&longest).is_ok());
        let over = format!("{longest}a");
        assert_eq!(check_chat_message(&over), Err(ChatMessageError::TooLong { max: 2000 }));
        assert_eq!(ChatMessageError::TooLong { max: 2000 }.message(Lang::Vi), "Tin nhắn tối đa 2000 ký tự");
    }

    #[test]
    fn a_conversation_takes_messages_while_its_booking_is_active() {
        let now = 1_790_000_000_000;
        assert!(chat_is_open(now + 1, now));
        assert!(!chat_is_open(now, now));
        assert!(!chat_is_open(now - 1, now));
    }
}
