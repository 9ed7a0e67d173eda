//! Tickets to a room's signalling socket. A browser cannot send an `Authorization` header when it opens a
//! WebSocket, so a signed-in participant first asks for a ticket (HS256 under a key derived from the server
//! secret, audience `academy-meeting`), valid [`TICKET_TTL_SECS`] for one room and one person, and passes it in
//! the socket's address. A ticket opens one socket only: its id (`jti`) is recorded in the database when it is
//! used (see [`super::repo::use_ticket`]), so a second socket with it is refused on every instance.

use hmac::{Hmac, Mac};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

/// A ticket is valid for 60 seconds.
pub const TICKET_TTL_SECS: i64 = 60;
const AUDIENCE: &str = "academy-meeting";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TicketClaims {
    pub sub: String,
    pub room: String,
    pub aud: String,
    pub exp: i64,
    /// The ticket's own id, recorded when it opens a socket.
    pub jti: String,
}

/// A checked ticket: who it admits, and what is recorded when it is used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Admission {
    pub user_id: String,
    pub ticket_id: String,
    /// The ticket's expiry (epoch seconds).
    pub expires_at: i64,
}

/// Why a ticket is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TicketError {
    #[error("the ticket expired")]
    Expired,
    #[error("the ticket is for another room")]
    OtherRoom,
    #[error("the ticket is not valid")]
    Invalid,
    #[error("the ticket was used already")]
    Used,
}

/// Signs and checks tickets.
#[derive(Clone)]
pub struct Tickets {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

impl std::fmt::Debug for Tickets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tickets").finish_non_exhaustive()
    }
}

impl Tickets {
    /// Keys derived from the server secret (never the access tokens' own key: a ticket is not a token).
    pub fn new(server_secret: &[u8]) -> Tickets {
        let key = match Hmac::<Sha256>::new_from_slice(server_secret) {
            Ok(mut mac) => {
                mac.update(b"meeting-ticket");
                mac.finalize().into_bytes().to_vec()
            }
            Err(_) => server_secret.to_vec(),
        };
        Tickets { encoding: EncodingKey::from_secret(&key), decoding: DecodingKey::from_secret(&key) }
    }

    /// A ticket for `user_id` to room `room_id`, valid from `now_secs`; with its expiry (seconds).
    pub fn issue(&self, room_id: &str, user_id: &str, now_secs: i64) -> Result<(String, i64), TicketError> {
        let claims = TicketClaims {
            sub: user_id.to_owned(),
            room: room_id.to_owned(),
            aud: AUDIENCE.to_owned(),
            exp: now_secs + TICKET_TTL_SECS,
            jti: uuid::Uuid::now_v7().simple().to_string(),
        };
        let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(|_| TicketError::Invalid)?;
        Ok((token, claims.exp))
    }

    /// The person a ticket admits to room `room_id` at `now_secs` (whether it was used already is the
    /// database's to say).
    pub fn check(&self, ticket: &str, room_id: &str, now_secs: i64) -> Result<Admission, TicketError> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_audience(&[AUDIENCE]);
        validation.set_required_spec_claims(&["exp", "aud", "sub", "jti"]);
        // Expiry is checked below against the caller's clock, to the second.
        validation.validate_exp = false;
        validation.leeway = 0;
        let claims = jsonwebtoken::decode::<TicketClaims>(ticket.trim(), &self.decoding, &validation)
            .map_err(|_| TicketError::Invalid)?
            .claims;
        if claims.exp <= now_secs {
            return Err(TicketError::Expired);
        }
        if claims.room != room_id {
            return Err(TicketError::OtherRoom);
        }
        Ok(Admission { user_id: claims.sub, ticket_id: claims.jti, expires_at: claims.exp })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ticket_admits_one_person_to_one_room_for_sixty_seconds() {
        let tickets = Tickets::new(b"a server secret of enough length!!");
        let (ticket, exp) = tickets.issue("room-1", "u1", 1000).expect("issued");
        assert_eq!(exp, 1060);
        let admission = tickets.check(&ticket, "room-1", 1059).expect("admitted");
        assert_eq!((admission.user_id.as_str(), admission.expires_at), ("u1", 1060));
        let (again, _) = tickets.issue("room-1", "u1", 1000).expect("issued");
        let other_id = tickets.check(&again, "room-1", 1000).expect("admitted").ticket_id;
        assert_ne!(admission.ticket_id, other_id, "each ticket has its own id");
        assert_eq!(tickets.check(&ticket, "room-1", 1060), Err(TicketError::Expired));
        assert_eq!(tickets.check(&ticket, "room-2", 1000), Err(TicketError::OtherRoom));
        let other = Tickets::new(b"another server secret of enough length");
        assert_eq!(other.check(&ticket, "room-1", 1000), Err(TicketError::Invalid));
    }
}
