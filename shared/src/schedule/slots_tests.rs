use chrono::{NaiveDate, Offset, TimeZone, Timelike, Utc};
use proptest::prelude::*;

use super::*;

const HOUR_MS: i64 = 60 * MINUTE_MS;
const DAY_MS: i64 = 24 * HOUR_MS;

fn utc(y: i32, m: u32, d: u32, h: u32, min: u32) -> i64 {
    Utc.with_ymd_and_hms(y, m, d, h, min, 0).single().expect("a UTC time").timestamp_millis()
}

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).expect("a date")
}

/// Every day from `start` to `end` (local minutes), no buffer, no notice.
fn every_day(zone: &str, start: u32, end: u32) -> Availability {
    Availability {
        zone: zone.into(),
        weekly: std::array::from_fn(|_| vec![Interval { start, end }]),
        buffer_minutes: 0,
        notice_minutes: 0,
    }
}

/// The open slots of the local days around `day` (from the day before to the day after), as of long before.
fn slots_around(availability: &Availability, day: i64, minutes: u32) -> Vec<(i64, i64)> {
    open_slots(availability, &[], &[], day - DAY_MS, day + 2 * DAY_MS, 0, minutes)
}

fn starts(slots: &[(i64, i64)]) -> Vec<i64> {
    slots.iter().map(|s| s.0).collect()
}

#[test]
fn nine_oclock_in_berlin_stays_nine_oclock_across_both_switches_of_2026() {
    let morning = every_day("Europe/Berlin", 9 * 60, 12 * 60);
    // Clocks go forward on 29 March (CET, UTC+1, to CEST, UTC+2).
    let spring = starts(&slots_around(&morning, utc(2026, 3, 29, 0, 0), 180));
    assert_eq!(spring, [utc(2026, 3, 28, 8, 0), utc(2026, 3, 29, 7, 0), utc(2026, 3, 30, 7, 0)]);
    // Clocks go back on 25 October.
    let autumn = starts(&slots_around(&morning, utc(2026, 10, 25, 0, 0), 180));
    assert_eq!(autumn, [utc(2026, 10, 24, 7, 0), utc(2026, 10, 25, 8, 0), utc(2026, 10, 26, 8, 0)]);
}

#[test]
fn nine_oclock_in_new_york_stays_nine_oclock_across_both_switches_of_2026() {
    let morning = every_day("America/New_York", 9 * 60, 12 * 60);
    let spring = starts(&slots_around(&morning, utc(2026, 3, 8, 5, 0), 60));
    assert_eq!(
        &spring[..4],
        [utc(2026, 3, 7, 14, 0), utc(2026, 3, 7, 15, 0), utc(2026, 3, 7, 16, 0), utc(2026, 3, 8, 13, 0)]
    );
    assert_eq!(spring[6], utc(2026, 3, 9, 13, 0));
    let autumn = starts(&slots_around(&morning, utc(2026, 11, 1, 4, 0), 60));
    assert_eq!(autumn[0], utc(2026, 10, 31, 13, 0));
    assert_eq!(autumn[3], utc(2026, 11, 1, 14, 0));
    assert_eq!(autumn[6], utc(2026, 11, 2, 14, 0));
}

#[test]
fn an_hour_that_clocks_skip_gives_no_session() {
    for (zone, day) in [("Europe/Berlin", utc(2026, 3, 29, 0, 0)), ("America/New_York", utc(2026, 3, 8, 5, 0))] {
        let skipped = every_day(zone, 2 * 60, 3 * 60);
        let slots = slots_around(&skipped, day, 30);
        // Two half hours on the day before and the day after, none on the day of the switch.
        assert_eq!(slots.len(), 4, "{zone}");
        assert!(slots.iter().all(|s| (s.0 - day).abs() > 12 * HOUR_MS), "{zone}: {slots:?}");
    }
}

#[test]
fn an_hour_that_happens_twice_gives_its_sessions_once_at_their_first_instant() {
    let repeated = every_day("America/New_York", 60, 2 * 60);
    let from = utc(2026, 11, 1, 4, 0);
    let slots = open_slots(&repeated, &[], &[], from, from + 6 * HOUR_MS, 0, 30);
    // 01:00 and 01:30 EDT (UTC-4); the same local times in EST come an hour later and are not offered.
    assert_eq!(
        slots,
        [(utc(2026, 11, 1, 5, 0), utc(2026, 11, 1, 5, 30)), (utc(2026, 11, 1, 5, 30), utc(2026, 11, 1, 6, 0))]
    );
}

#[test]
fn an_interval_that_ends_inside_the_skipped_hour_ends_when_the_clocks_jump() {
    // 01:00-02:30 on 8 March in New York is one real hour (01:00 EST to 03:00 EDT).
    let night = every_day("America/New_York", 60, 2 * 60 + 30);
    let from = utc(2026, 3, 8, 5, 0);
    let slots = open_slots(&night, &[], &[], from, from + 6 * HOUR_MS, 0, 60);
    assert_eq!(slots, [(utc(2026, 3, 8, 6, 0), utc(2026, 3, 8, 7, 0))]);
}

#[test]
fn sessions_follow_each_other_after_the_buffer_and_fit_inside_the_interval() {
    let mut availability = every_day("Asia/Ho_Chi_Minh", 9 * 60, 12 * 60);
    availability.buffer_minutes = 15;
    let day = utc(2026, 12, 1, 0, 0);
    let slots = open_slots(&availability, &[], &[], day, day + DAY_MS / 2, 0, 45);
    // 09:00, 10:00 and 11:00 in UTC+7; a fourth would end after 12:00.
    assert_eq!(starts(&slots), [utc(2026, 12, 1, 2, 0), utc(2026, 12, 1, 3, 0), utc(2026, 12, 1, 4, 0)]);
    assert!(slots.iter().all(|s| s.1 - s.0 == 45 * MINUTE_MS));
}

#[test]
fn a_day_off_has_no_sessions_and_a_day_with_other_hours_has_those() {
    let availability = every_day("Asia/Ho_Chi_Minh", 9 * 60, 10 * 60);
    let overrides = [
        DateOverride { date: date(2026, 12, 24), intervals: vec![] },
        DateOverride { date: date(2026, 12, 25), intervals: vec![Interval { start: 14 * 60, end: 15 * 60 }] },
    ];
    let from = utc(2026, 12, 23, 0, 0);
    let slots = open_slots(&availability, &overrides, &[], from, from + 3 * DAY_MS, 0, 60);
    assert_eq!(starts(&slots), [utc(2026, 12, 23, 2, 0), utc(2026, 12, 25, 7, 0)]);
}

#[test]
fn a_session_too_soon_or_near_a_booked_one_is_not_offered() {
    let mut availability = every_day("Asia/Ho_Chi_Minh", 9 * 60, 13 * 60);
    availability.notice_minutes = 120;
    availability.buffer_minutes = 0;
    let day = utc(2026, 12, 1, 0, 0);
    // Now is 08:30 local: 09:00 and 10:00 are within the two hours' notice.
    let now = utc(2026, 12, 1, 1, 30);
    let booked = [(utc(2026, 12, 1, 4, 0), utc(2026, 12, 1, 5, 0))];
    let slots = open_slots(&availability, &[], &booked, day, day + DAY_MS, now, 60);
    assert_eq!(starts(&slots), [utc(2026, 12, 1, 5, 0)]);
    availability.buffer_minutes = 15;
    let slots = open_slots(&availability, &[], &booked, day, day + DAY_MS, now, 45);
    // 09:00, 10:00, 11:00 (booked), 12:00 (within 15 minutes of the booking's end).
    assert!(slots.is_empty(), "{slots:?}");
}

#[test]
fn a_wanted_time_is_refused_with_its_reason_in_both_languages() {
    let mut availability = every_day("Asia/Ho_Chi_Minh", 9 * 60, 13 * 60);
    availability.buffer_minutes = 15;
    availability.notice_minutes = 120;
    let now = utc(2026, 12, 1, 1, 30);
    // A session of another plan, 50 minutes long.
    let booked = [(utc(2026, 12, 1, 4, 0), utc(2026, 12, 1, 4, 50))];
    let check = |start| check_slot(&availability, &[], &booked, start, now, 45);
    assert_eq!(check(utc(2026, 12, 1, 2, 15)), Err(SlotRefusal::NotAvailable));
    assert_eq!(check(utc(2026, 12, 1, 12, 0)), Err(SlotRefusal::NotAvailable));
    assert_eq!(check(utc(2026, 12, 1, 2, 0)), Err(SlotRefusal::TooSoon { notice_minutes: 120 }));
    assert_eq!(check(utc(2026, 12, 1, 4, 0)), Err(SlotRefusal::Taken));
    assert_eq!(check(utc(2026, 12, 1, 5, 0)), Err(SlotRefusal::TooClose { buffer_minutes: 15 }));
    assert_eq!(check(utc(2026, 12, 2, 5, 0)), Ok(()));
    assert_eq!(SlotRefusal::Taken.message(Lang::Vi), "Thời gian này đã có người đặt");
    assert_eq!(SlotRefusal::Taken.message(Lang::En), "This time has already been booked");
    assert_eq!(
        SlotRefusal::TooSoon { notice_minutes: 120 }.message(Lang::Vi),
        "Buổi học phải được đặt trước giờ bắt đầu ít nhất 120 phút"
    );
}

#[test]
fn an_unknown_zone_offers_nothing_and_the_range_is_capped() {
    let unknown = every_day("Nowhere/Else", 9 * 60, 10 * 60);
    assert!(open_slots(&unknown, &[], &[], 0, DAY_MS * 10, 0, 60).is_empty());
    let daily = every_day("UTC", 9 * 60, 10 * 60);
    let from = utc(2026, 1, 1, 0, 0);
    assert_eq!(open_slots(&daily, &[], &[], from, from + 400 * DAY_MS, 0, 60).len(), 62);
}

const ZONES: [&str; 5] = ["Europe/Berlin", "America/New_York", "Asia/Ho_Chi_Minh", "Australia/Lord_Howe", "UTC"];

fn intervals() -> impl Strategy<Value = Vec<Interval>> {
    proptest::collection::vec((0u32..96, 1u32..16), 0..4).prop_map(|cuts| {
        let mut at = 0;
        let mut intervals = Vec::new();
        for (gap, length) in cuts {
            let start = at + gap * 15 / 4;
            let start = start - start % 15;
            let end = (start + length * 15).min(1440);
            if start >= end {
                break;
            }
            intervals.push(Interval { start, end });
            at = end;
        }
        intervals
    })
}

/// The first days of two-week windows around every switch of 2026 in the zones above: New York (8 March),
/// Berlin (29 March), Lord Howe (5 April, 4 October), Berlin (25 October), New York (1 November).
const WINDOWS: [(i32, u32, u32); 4] = [(2026, 3, 2), (2026, 3, 23), (2026, 9, 28), (2026, 10, 20)];

fn availability() -> impl Strategy<Value = (Availability, Vec<DateOverride>, i64)> {
    (
        0..WINDOWS.len(),
        0..ZONES.len(),
        proptest::array::uniform7(intervals()),
        (0u32..=8).prop_map(|q| q * 15),
        0u32..=600,
        proptest::collection::vec((0u64..20, intervals()), 0..4),
    )
        .prop_map(|(window, zone, weekly, buffer_minutes, notice_minutes, dates)| {
            let (y, m, d) = WINDOWS[window];
            let mut overrides: Vec<DateOverride> = Vec::new();
            for (offset, intervals) in dates {
                let date = date(y, m, d) + Days::new(offset);
                if overrides.iter().all(|o| o.date != date) {
                    overrides.push(DateOverride { date, intervals });
                }
            }
            let availability = Availability { zone: ZONES[zone].into(), weekly, buffer_minutes, notice_minutes };
            (availability, overrides, utc(y, m, d, 0, 0))
        })
}

/// Whether the slot lies in one interval of the local date it starts on: its start and its last instant, read as
/// local times, lie in the interval; the last may read earlier than the start only when clocks went back during
/// the slot (the repeated hour).
fn inside(availability: &Availability, overrides: &[DateOverride], (start, end): (i64, i64)) -> bool {
    let zone = parse_zone(&availability.zone).expect("a zone");
    let at = |ms: i64| zone.timestamp_millis_opt(ms).single().expect("an instant");
    let (first, last) = (at(start), at(end - 1));
    let minute = |at: NaiveDateTime| at.hour() * 60 + at.minute();
    let day = first.date_naive();
    let went_back = last.offset().fix().local_minus_utc() < first.offset().fix().local_minus_utc();
    day_intervals(availability, overrides, day).iter().any(|interval| {
        let range = interval.start..interval.end;
        range.contains(&minute(first.naive_local()))
            && last.date_naive() == day
            && minute(last.naive_local()) < interval.end
            && (went_back || minute(last.naive_local()) >= interval.start)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn open_slots_keep_every_rule(
        (availability, overrides, from) in availability(),
        busy in proptest::collection::vec((0i64..14 * 96, 1i64..16), 0..6),
        session_minutes in 15u32..=240,
        now_offset in 0i64..3 * DAY_MS,
    ) {
        let to = from + 14 * DAY_MS;
        let now = from - DAY_MS + now_offset;
        let busy: Vec<(i64, i64)> =
            busy.iter().map(|&(at, length)| (from + at * 15 * MINUTE_MS, from + (at + length) * 15 * MINUTE_MS)).collect();
        let slots = open_slots(&availability, &overrides, &busy, from, to, now, session_minutes);
        let buffer = i64::from(availability.buffer_minutes) * MINUTE_MS;
        let notice = i64::from(availability.notice_minutes) * MINUTE_MS;
        for &slot in &slots {
            prop_assert!(inside(&availability, &overrides, slot), "{slot:?} is outside the availability");
            prop_assert!(slot.0 >= now + notice);
            prop_assert!((from..to).contains(&slot.0));
            prop_assert_eq!(slot.1 - slot.0, i64::from(session_minutes) * MINUTE_MS);
            prop_assert!(busy.iter().all(|&(s, e)| slot.1 <= s - buffer || slot.0 >= e + buffer));
            prop_assert_eq!(check_slot(&availability, &overrides, &busy, slot.0, now, session_minutes), Ok(()));
        }
        prop_assert!(slots.windows(2).all(|pair| pair[0].1 <= pair[1].0), "slots overlap: {:?}", slots);
    }

    #[test]
    fn a_refused_time_is_never_an_open_slot(
        (availability, overrides, from) in availability(),
        at in 0i64..14 * 96,
        session_minutes in (1u32..=16).prop_map(|q| q * 15),
    ) {
        let start = from + at * 15 * MINUTE_MS;
        let slots = open_slots(&availability, &overrides, &[], from, from + 14 * DAY_MS, from, session_minutes);
        let offered = slots.iter().any(|s| s.0 == start);
        prop_assert_eq!(check_slot(&availability, &overrides, &[], start, from, session_minutes).is_ok(), offered);
    }
}

#[test]
fn a_session_after_the_skipped_hour_never_starts_before_the_one_before_it_ends() {
    // 00:00-05:00 on 8 March in New York, 45-minute sessions: 01:30 EST ends at 03:15 EDT, so 03:00 EDT is left out.
    let night = every_day("America/New_York", 0, 5 * 60);
    let from = utc(2026, 3, 8, 5, 0);
    let slots = open_slots(&night, &[], &[], from, from + 5 * HOUR_MS, 0, 45);
    assert_eq!(
        starts(&slots),
        [utc(2026, 3, 8, 5, 0), utc(2026, 3, 8, 5, 45), utc(2026, 3, 8, 6, 30), utc(2026, 3, 8, 7, 45)]
    );
    assert!(slots.windows(2).all(|pair| pair[0].1 <= pair[1].0));
}
