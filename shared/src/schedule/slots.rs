//! The session times a student can book, and why a wanted time is refused.
//!
//! Each interval of a local day is cut into sessions from its start, one every session length plus the
//! teacher's buffer (in local time). A local start time that does not exist (the hour skipped when clocks go
//! forward) gives no session; one that happens twice (the hour repeated when clocks go back) gives one session,
//! at its first instant. A session never ends after its interval, never starts before the previous session of
//! its interval ends plus the buffer, starts at least the notice after now, and keeps the buffer clear of every
//! busy time (booked sessions).

use chrono::{Datelike, Days, Duration, NaiveDate, NaiveDateTime, NaiveTime, TimeZone};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::availability::{Availability, DateOverride, Interval, parse_zone};
use crate::{i18n::Lang, validation::Message};

const MINUTE_MS: i64 = 60_000;
/// The widest range of open slots computed at once: 62 days.
pub const RANGE_MAX_MS: i64 = 62 * 24 * 60 * MINUTE_MS;

/// Why a wanted session time cannot be booked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "camelCase", tag = "reason")]
pub enum SlotRefusal {
    #[error("This time is not one of the teacher's available session times")]
    NotAvailable,
    #[error("Sessions must be booked at least {notice_minutes} minutes before they start")]
    TooSoon { notice_minutes: u32 },
    #[error("This time has already been booked")]
    Taken,
    #[error("The teacher keeps {buffer_minutes} minutes free between sessions: this time is too close to another one")]
    TooClose { buffer_minutes: u32 },
}

impl Message for SlotRefusal {
    fn message(&self, lang: Lang) -> String {
        match (lang, self) {
            (Lang::En, _) => self.to_string(),
            (Lang::Vi, Self::NotAvailable) => "Thời gian này không nằm trong lịch rảnh của giáo viên".into(),
            (Lang::Vi, Self::TooSoon { notice_minutes }) => {
                format!("Buổi học phải được đặt trước giờ bắt đầu ít nhất {notice_minutes} phút")
            }
            (Lang::Vi, Self::Taken) => "Thời gian này đã có người đặt".into(),
            (Lang::Vi, Self::TooClose { buffer_minutes }) => {
                format!("Giáo viên nghỉ {buffer_minutes} phút giữa các buổi: thời gian này quá sát một buổi khác")
            }
        }
    }
}

/// The local date of an instant in `zone`.
fn local_date(zone: Tz, ms: i64) -> Option<NaiveDate> {
    zone.timestamp_millis_opt(ms).single().map(|at| at.date_naive())
}

fn wall(date: NaiveDate, minute: u32) -> NaiveDateTime {
    date.and_time(NaiveTime::MIN) + Duration::minutes(i64::from(minute))
}

/// The first instant of a local time, or `None` when clocks skip it.
fn first_instant(zone: Tz, at: NaiveDateTime) -> Option<i64> {
    zone.from_local_datetime(&at).earliest().map(|at| at.timestamp_millis())
}

/// The instant an interval ending at this local time ends: its first instant, or, when clocks skip it, the
/// instant the clocks jump (the minute after the last local time before it).
fn end_instant(zone: Tz, at: NaiveDateTime) -> Option<i64> {
    first_instant(zone, at).or_else(|| {
        (1..=24 * 60).find_map(|back| {
            let before = zone.from_local_datetime(&(at - Duration::minutes(back))).latest()?;
            Some(before.timestamp_millis() + MINUTE_MS)
        })
    })
}

/// The intervals of a local date: its override's, else its weekday's.
fn day_intervals<'a>(availability: &'a Availability, overrides: &'a [DateOverride], date: NaiveDate) -> &'a [Interval] {
    match overrides.iter().find(|o| o.date == date) {
        Some(o) => &o.intervals,
        None => &availability.weekly[date.weekday().num_days_from_monday() as usize],
    }
}

/// Every session time of the availability starting in [from_ms, to_ms), before notice and busy times count.
fn session_times(
    zone: Tz,
    availability: &Availability,
    overrides: &[DateOverride],
    from_ms: i64,
    to_ms: i64,
    session_minutes: u32,
) -> Vec<(i64, i64)> {
    let mut times = Vec::new();
    let (Some(first), Some(last)) = (local_date(zone, from_ms), local_date(zone, to_ms)) else { return times };
    let session_ms = i64::from(session_minutes) * MINUTE_MS;
    let buffer_ms = i64::from(availability.buffer_minutes) * MINUTE_MS;
    let step = session_minutes + availability.buffer_minutes;
    let mut date = first - Days::new(1);
    while date <= last {
        for interval in day_intervals(availability, overrides, date) {
            let Some(bound) = end_instant(zone, wall(date, interval.end)) else { continue };
            let mut previous_end: Option<i64> = None;
            let mut minute = interval.start;
            while minute + session_minutes <= interval.end {
                if let Some(start) = first_instant(zone, wall(date, minute)) {
                    let end = start + session_ms;
                    if end <= bound && previous_end.is_none_or(|e| start >= e + buffer_ms) {
                        previous_end = Some(end);
                        if (from_ms..to_ms).contains(&start) {
                            times.push((start, end));
                        }
                    }
                }
                minute += step;
            }
        }
        date = date + Days::new(1);
    }
    times.sort_unstable();
    times
}

fn overlaps((start, end): (i64, i64), (busy_start, busy_end): (i64, i64), margin_ms: i64) -> bool {
    start < busy_end + margin_ms && busy_start - margin_ms < end
}

/// The session times a student can book that start in [from_ms, to_ms) (at most 62 days are looked at), as UTC
/// instants (start, end) in order: every session time of the availability that starts at least the notice
/// after `now_ms` and keeps the buffer clear of every busy interval. None when the zone is unknown.
pub fn open_slots(
    availability: &Availability,
    overrides: &[DateOverride],
    busy: &[(i64, i64)],
    from_ms: i64,
    to_ms: i64,
    now_ms: i64,
    session_minutes: u32,
) -> Vec<(i64, i64)> {
    let Some(zone) = parse_zone(&availability.zone) else { return Vec::new() };
    if session_minutes == 0 {
        return Vec::new();
    }
    let to_ms = to_ms.min(from_ms.saturating_add(RANGE_MAX_MS));
    let earliest = now_ms + i64::from(availability.notice_minutes) * MINUTE_MS;
    let buffer_ms = i64::from(availability.buffer_minutes) * MINUTE_MS;
    session_times(zone, availability, overrides, from_ms, to_ms, session_minutes)
        .into_iter()
        .filter(|&(start, _)| start >= earliest)
        .filter(|&slot| !busy.iter().any(|&b| overlaps(slot, b, buffer_ms)))
        .collect()
}

/// Whether a session of `session_minutes` starting at `start_ms` can be booked now: the first reason it cannot
/// (not a session time of the availability, too soon, overlapping a busy time, within the buffer of one).
pub fn check_slot(
    availability: &Availability,
    overrides: &[DateOverride],
    busy: &[(i64, i64)],
    start_ms: i64,
    now_ms: i64,
    session_minutes: u32,
) -> Result<(), SlotRefusal> {
    let Some(zone) = parse_zone(&availability.zone) else { return Err(SlotRefusal::NotAvailable) };
    let times = session_times(zone, availability, overrides, start_ms, start_ms.saturating_add(1), session_minutes);
    let Some(&slot) = times.first().filter(|_| session_minutes > 0) else { return Err(SlotRefusal::NotAvailable) };
    if start_ms < now_ms + i64::from(availability.notice_minutes) * MINUTE_MS {
        return Err(SlotRefusal::TooSoon { notice_minutes: availability.notice_minutes });
    }
    if busy.iter().any(|&b| overlaps(slot, b, 0)) {
        return Err(SlotRefusal::Taken);
    }
    let buffer_ms = i64::from(availability.buffer_minutes) * MINUTE_MS;
    if busy.iter().any(|&b| overlaps(slot, b, buffer_ms)) {
        return Err(SlotRefusal::TooClose { buffer_minutes: availability.buffer_minutes });
    }
    Ok(())
}

#[cfg(test)]
#[path = "slots_tests.rs"]
mod tests;
