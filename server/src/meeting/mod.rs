//! Online rooms: the room of a mentorship session or a live class (`/meeting?session=<id>`), who may join it and
//! when (the shared rule `academy_shared::meeting`), the engine that carries it, and the signalling of its
//! peer-to-peer video.
//!
//! - [`service`]: a room and its participants, read from the session or class;
//! - [`engine`]: STUN/TURN servers, and the Jitsi Meet or LiveKit token of a large room;
//! - [`tickets`]: the short-lived tickets that open a room's socket;
//! - [`relay`]: signalling messages between the people of a room across instances;
//! - [`routes`] and [`socket`]: the HTTP answers and the signalling WebSocket.

pub mod engine;
pub mod relay;
pub mod repo;
pub mod routes;
pub mod service;
pub mod socket;
pub mod tickets;
pub mod views;

use academy_shared::{Message as _, meeting::Refusal};

use crate::platform::text::Text;

/// Why a room cannot be seen or joined.
#[derive(Debug, thiserror::Error)]
pub enum MeetingError {
    #[error("no such room")]
    NotFound,
    #[error("refused: {0:?}")]
    Refused(Refusal),
    #[error(transparent)]
    Ticket(#[from] tickets::TicketError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl MeetingError {
    /// The text shown for a refusal (`None` for the database's failures).
    pub fn text(&self) -> Option<Text> {
        Some(match self {
            Self::NotFound => Text::new("Không tìm thấy buổi học.", "Class or session not found."),
            Self::Refused(refusal) => {
                let refusal = *refusal;
                Text::localized(move |lang| refusal.message(lang))
            }
            Self::Ticket(tickets::TicketError::Expired) => Text::new(
                "Vé vào phòng đã hết hạn. Hãy tải lại trang để vào lại.",
                "The room ticket has expired. Reload the page to join again.",
            ),
            Self::Ticket(tickets::TicketError::OtherRoom) => {
                Text::new("Vé này dành cho một phòng khác.", "This ticket is for another room.")
            }
            Self::Ticket(tickets::TicketError::Used) => Text::new(
                "Vé vào phòng này đã được dùng. Hãy tải lại trang để vào lại.",
                "This room ticket was used already. Reload the page to join again.",
            ),
            Self::Ticket(tickets::TicketError::Invalid) => {
                Text::new("Vé vào phòng không hợp lệ.", "The room ticket is not valid.")
            }
            Self::Database(_) => return None,
        })
    }
}

/// What the rooms of this instance share: the signalling relay and the ticket keys.
#[derive(Debug, Clone)]
pub struct Meetings {
    pub relay: relay::Relay,
    pub tickets: tickets::Tickets,
}
