//! Countdowns: the admission countdown (120 days 2 h 1 min 10 s, down one per second, stopping at zero) and the
//! time left until a deadline, such as an unpaid order's expiry.

use serde::{Deserialize, Serialize};

const MINUTE: u32 = 60;
const HOUR: u32 = 60 * MINUTE;
const DAY: u32 = 24 * HOUR;

/// The countdown's start in seconds: 120 d 2 h 1 min 10 s = 10,375,270 s.
pub const COUNTDOWN_START_SECS: u32 = 120 * DAY + 2 * HOUR + MINUTE + 10;

/// The time left, split as the countdown shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Remaining {
    pub days: u32,
    pub hours: u32,
    pub minutes: u32,
    pub seconds: u32,
    pub total_seconds: u32,
    /// Zero reached: the countdown has stopped.
    pub done: bool,
}

impl Remaining {
    /// Splits a number of seconds into days, hours, minutes and seconds.
    pub fn from_seconds(total_seconds: u32) -> Self {
        Self {
            days: total_seconds / DAY,
            hours: total_seconds % DAY / HOUR,
            minutes: total_seconds % HOUR / MINUTE,
            seconds: total_seconds % MINUTE,
            total_seconds,
            done: total_seconds == 0,
        }
    }
}

/// What the countdown shows before its first tick.
pub fn countdown_start() -> Remaining {
    Remaining::from_seconds(COUNTDOWN_START_SECS)
}

/// What the countdown shows `elapsed_secs` seconds after it started; zero from then on.
pub fn remaining(elapsed_secs: u64) -> Remaining {
    let left = u64::from(COUNTDOWN_START_SECS).saturating_sub(elapsed_secs);
    Remaining::from_seconds(u32::try_from(left).unwrap_or(0))
}

/// The time left at `now_ms` until `deadline_ms` (both epoch milliseconds), in whole seconds rounded up, so the
/// last second shows 1 until the deadline itself; zero (`done`) at the deadline and after it.
pub fn until(deadline_ms: i64, now_ms: i64) -> Remaining {
    let left_ms = deadline_ms.saturating_sub(now_ms).max(0);
    let left_secs = left_ms / 1000 + i64::from(left_ms % 1000 != 0);
    Remaining::from_seconds(u32::try_from(left_secs).unwrap_or(u32::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_countdown_starts_at_120_days_2_hours_1_minute_10_seconds() {
        let start = countdown_start();
        assert_eq!((start.days, start.hours, start.minutes, start.seconds), (120, 2, 1, 10));
        assert_eq!(start.total_seconds, 10_375_270);
        assert!(!start.done);
        assert_eq!(remaining(0), start);
    }

    #[test]
    fn each_second_takes_one_off() {
        let cases = [
            (1, (120, 2, 1, 9)),
            (10, (120, 2, 1, 0)),
            (11, (120, 2, 0, 59)),
            (70, (120, 2, 0, 0)),
            (71, (120, 1, 59, 59)),
            (7_270, (120, 0, 0, 0)),
            (7_271, (119, 23, 59, 59)),
            (10_375_269, (0, 0, 0, 1)),
        ];
        for (elapsed, shown) in cases {
            let r = remaining(elapsed);
            assert_eq!((r.days, r.hours, r.minutes, r.seconds), shown, "after {elapsed} s");
            assert!(!r.done);
        }
    }

    #[test]
    fn the_countdown_stops_at_zero() {
        for elapsed in [10_375_270, 10_375_271, u64::MAX] {
            assert_eq!(remaining(elapsed), Remaining::from_seconds(0), "after {elapsed} s");
            assert!(remaining(elapsed).done);
        }
    }

    #[test]
    fn the_time_until_a_deadline_rounds_up_to_whole_seconds_and_stops_at_zero() {
        let deadline = 1_800_000_000_000;
        let cases = [
            (deadline - 15 * 60 * 1000, 900),
            (deadline - 60_001, 61),
            (deadline - 1_000, 1),
            (deadline - 1, 1),
            (deadline, 0),
            (deadline + 5_000, 0),
            (i64::MAX, 0),
        ];
        for (now, left) in cases {
            let r = until(deadline, now);
            assert_eq!(r.total_seconds, left, "at {now}");
            assert_eq!(r.done, left == 0);
        }
        let r = until(deadline, deadline - (2 * 3_600 + 5 * 60 + 7) * 1000);
        assert_eq!((r.days, r.hours, r.minutes, r.seconds), (0, 2, 5, 7));
        assert_eq!(until(i64::MAX, i64::MIN).total_seconds, u32::MAX);
    }

    proptest! {
        #[test]
        fn the_time_until_a_deadline_never_goes_up_and_never_below_zero(
            deadline in -10_000_000_000_000i64..10_000_000_000_000,
            a in -10_000_000_000_000i64..10_000_000_000_000,
            b in -10_000_000_000_000i64..10_000_000_000_000,
        ) {
            let (earlier, later) = (a.min(b), a.max(b));
            prop_assert!(until(deadline, later).total_seconds <= until(deadline, earlier).total_seconds);
            prop_assert_eq!(until(deadline, later).done, later >= deadline);
        }

        #[test]
        fn the_countdown_never_goes_up_and_never_below_zero(a in 0u64..20_000_000, b in 0u64..20_000_000) {
            let (earlier, later) = (a.min(b), a.max(b));
            prop_assert!(remaining(later).total_seconds <= remaining(earlier).total_seconds);
            let r = remaining(later);
            prop_assert_eq!(u64::from(r.days) * 86_400 + u64::from(r.hours) * 3_600 + u64::from(r.minutes) * 60 + u64::from(r.seconds), u64::from(r.total_seconds));
            prop_assert!(r.hours < 24 && r.minutes < 60 && r.seconds < 60);
        }
    }
}
