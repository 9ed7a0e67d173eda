//! Online rooms (a mentorship session or a live class): who may join and when, and which engine carries it.
//!
//! A room opens [`OPENS_BEFORE_MS`] before its start and closes [`GRACE_AFTER_MS`] after its end; only its
//! participants (and administrators) join; a cancelled one never opens. Up to [`P2P_MAX_PEOPLE`] people talk
//! peer to peer, a larger room needs a video engine.

use serde::{Deserialize, Serialize};

use crate::{i18n::Lang, validation::Message};

const MINUTE_MS: i64 = 60 * 1000;
/// A room opens 10 minutes before it starts.
pub const OPENS_BEFORE_MS: i64 = 10 * MINUTE_MS;
/// A room stays open 15 minutes after it ends.
pub const GRACE_AFTER_MS: i64 = 15 * MINUTE_MS;
/// At most this many people in a peer-to-peer room (each sends to every other one).
pub const P2P_MAX_PEOPLE: i64 = 4;

/// Why a person cannot join a room now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Refusal {
    /// Not the room's teacher, student or registered student.
    NotParticipant,
    /// The session or class was cancelled.
    Cancelled,
    /// Too early: the room opens at `opens_at_ms` (UTC instant).
    NotYetOpen {
        #[serde(rename = "opensAtMs")]
        opens_at_ms: i64,
    },
    /// The room closed.
    Ended,
    /// The room already holds as many people as it can.
    Full { max: i64 },
}

/// The instant a room starting at `start_ms` opens.
pub fn opens_at(start_ms: i64) -> i64 {
    start_ms.saturating_sub(OPENS_BEFORE_MS)
}

/// The instant a room ending at `end_ms` closes.
pub fn closes_at(end_ms: i64) -> i64 {
    end_ms.saturating_add(GRACE_AFTER_MS)
}

/// Why the person cannot join the room [start_ms, end_ms) at `now_ms`, or `None` when they can. Checked in
/// order: participant, cancelled, too early, ended.
pub fn join_refusal(now_ms: i64, start_ms: i64, end_ms: i64, is_participant: bool, cancelled: bool) -> Option<Refusal> {
    if !is_participant {
        Some(Refusal::NotParticipant)
    } else if cancelled {
        Some(Refusal::Cancelled)
    } else if now_ms < opens_at(start_ms) {
        Some(Refusal::NotYetOpen { opens_at_ms: opens_at(start_ms) })
    } else if now_ms >= closes_at(end_ms) {
        Some(Refusal::Ended)
    } else {
        None
    }
}

/// Whether a room for `people` (teacher included) runs peer to peer rather than on a video engine.
pub fn is_peer_to_peer(people: i64) -> bool {
    people <= P2P_MAX_PEOPLE
}

/// Whether a "Join" link is shown for a room [start_ms, end_ms) at `now_ms` (from its opening to its close).
pub fn join_link_shown(now_ms: i64, start_ms: i64, end_ms: i64) -> bool {
    now_ms >= opens_at(start_ms) && now_ms < closes_at(end_ms)
}

/// `ms` (a UTC instant) as "YYYY-MM-DD HH:MM UTC".
pub fn utc_minute(ms: i64) -> String {
    let days = ms.div_euclid(24 * 60 * MINUTE_MS);
    let minute_of_day = ms.rem_euclid(24 * 60 * MINUTE_MS) / MINUTE_MS;
    // Days since 1970-01-01 to a civil date (proleptic Gregorian).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02} {:02}:{:02} UTC", minute_of_day / 60, minute_of_day % 60)
}

impl Message for Refusal {
    fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (Self::NotParticipant, Lang::Vi) => {
                "Bạn không tham gia buổi học này: chỉ giáo viên và học viên của buổi học mới vào được phòng.".into()
            }
            (Self::NotParticipant, Lang::En) => {
                "You are not part of this class: only its teacher and students can enter the room.".into()
            }
            (Self::Cancelled, Lang::Vi) => "Buổi học này đã bị hủy.".into(),
            (Self::Cancelled, Lang::En) => "This class was cancelled.".into(),
            (Self::NotYetOpen { opens_at_ms }, Lang::Vi) => {
                format!("Phòng học chưa mở. Phòng mở lúc {} (10 phút trước giờ học).", utc_minute(*opens_at_ms))
            }
            (Self::NotYetOpen { opens_at_ms }, Lang::En) => {
                format!(
                    "The room is not open yet. It opens at {} (10 minutes before the start).",
                    utc_minute(*opens_at_ms)
                )
            }
            (Self::Ended, Lang::Vi) => "Buổi học đã kết thúc.".into(),
            (Self::Ended, Lang::En) => "This class has ended.".into(),
            (Self::Full { max }, Lang::Vi) => format!("Phòng đã đủ {max} người. Hãy thử lại sau."),
            (Self::Full { max }, Lang::En) => format!("The room already holds {max} people. Try again later."),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: i64 = 1_795_000_000_000;
    const END: i64 = START + 60 * MINUTE_MS;

    #[test]
    fn who_joins_when() {
        let cases = [
            (START - 11 * MINUTE_MS, true, false, Some(Refusal::NotYetOpen { opens_at_ms: START - 10 * MINUTE_MS })),
            (START - 10 * MINUTE_MS, true, false, None),
            (START + 5 * MINUTE_MS, true, false, None),
            (END + 14 * MINUTE_MS, true, false, None),
            (END + 15 * MINUTE_MS, true, false, Some(Refusal::Ended)),
            (START, false, false, Some(Refusal::NotParticipant)),
            (START, false, true, Some(Refusal::NotParticipant)),
            (START, true, true, Some(Refusal::Cancelled)),
            (START - 60 * MINUTE_MS, true, true, Some(Refusal::Cancelled)),
        ];
        for (now, participant, cancelled, expected) in cases {
            assert_eq!(join_refusal(now, START, END, participant, cancelled), expected, "at {now}");
        }
    }

    #[test]
    fn four_people_talk_peer_to_peer_and_five_need_an_engine() {
        assert!(is_peer_to_peer(2));
        assert!(is_peer_to_peer(4));
        assert!(!is_peer_to_peer(5));
    }

    #[test]
    fn the_join_link_shows_from_the_opening_to_the_close() {
        assert!(!join_link_shown(START - 10 * MINUTE_MS - 1, START, END));
        assert!(join_link_shown(START - 10 * MINUTE_MS, START, END));
        assert!(join_link_shown(END, START, END));
        assert!(!join_link_shown(END + 15 * MINUTE_MS, START, END));
    }

    #[test]
    fn the_opening_time_is_written_in_utc_in_both_languages() {
        assert_eq!(utc_minute(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc_minute(1_795_000_000_000), "2026-11-18 11:06 UTC");
        assert_eq!(utc_minute(951_782_400_000), "2000-02-29 00:00 UTC");
        let early = Refusal::NotYetOpen { opens_at_ms: 0 };
        assert!(early.message(Lang::Vi).contains("1970-01-01 00:00 UTC"));
        assert!(early.message(Lang::En).contains("opens at 1970-01-01 00:00 UTC"));
    }
}
