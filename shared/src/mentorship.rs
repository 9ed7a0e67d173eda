//! A booked mentorship's state: Active while its end is later than now, and the days left.

pub mod plan;

use serde::{Deserialize, Serialize};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum MentorshipState {
    Active,
    Expired,
}

/// What a mentorship card shows about time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct MentorshipStatus {
    pub state: MentorshipState,
    /// The ceiling of the days until the end; present only while active (and so positive).
    pub days_left: Option<u32>,
}

/// The status of a mentorship ending at `end_ms`, seen at `now_ms` (both epoch milliseconds).
pub fn mentorship_status(end_ms: i64, now_ms: i64) -> MentorshipStatus {
    if end_ms <= now_ms {
        return MentorshipStatus { state: MentorshipState::Expired, days_left: None };
    }
    let left_ms = end_ms.saturating_sub(now_ms);
    let days = left_ms / DAY_MS + i64::from(left_ms % DAY_MS != 0);
    MentorshipStatus { state: MentorshipState::Active, days_left: u32::try_from(days).ok().filter(|d| *d > 0) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const NOW: i64 = 1_790_000_000_000;

    #[test]
    fn a_mentorship_is_active_while_its_end_is_later_than_now() {
        use MentorshipState::*;
        let cases = [
            (NOW + 1, Active, Some(1)),
            (NOW + DAY_MS - 1, Active, Some(1)),
            (NOW + DAY_MS, Active, Some(1)),
            (NOW + DAY_MS + 1, Active, Some(2)),
            (NOW + 30 * DAY_MS, Active, Some(30)),
            (NOW, Expired, None),
            (NOW - 1, Expired, None),
            (NOW - 10 * DAY_MS, Expired, None),
        ];
        for (end, state, days_left) in cases {
            assert_eq!(mentorship_status(end, NOW), MentorshipStatus { state, days_left }, "end {end}");
        }
    }

    proptest! {
        #[test]
        fn days_left_is_positive_exactly_when_active(end in -4_000_000_000_000i64..4_000_000_000_000, now in 0i64..4_000_000_000_000) {
            let status = mentorship_status(end, now);
            prop_assert_eq!(status.state == MentorshipState::Active, end > now);
            match status.days_left {
                Some(days) => {
                    prop_assert!(days > 0 && status.state == MentorshipState::Active);
                    let days = i64::from(days);
                    prop_assert!((days - 1) * DAY_MS < end - now && end - now <= days * DAY_MS);
                }
                None => prop_assert_eq!(status.state, MentorshipState::Expired),
            }
        }
    }
}
