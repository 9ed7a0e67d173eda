//! The calendar of sales reports: days, ISO weeks and months in the academy's time zone, Asia/Ho_Chi_Minh (UTC+7
//! all year: Vietnam has kept no daylight saving since 1975), the range a report covers (both days included), the
//! period before it of the same length, and how long a range each grouping allows.
//!
//! Written without a time-zone database so the browser's wasm module can use the same rule cheaply.

use serde::{Deserialize, Serialize};

use crate::{
    Lang, Message,
    civil::{civil_from_days, days_from_civil},
};

/// Asia/Ho_Chi_Minh's offset from UTC, in milliseconds.
pub const VN_OFFSET_MS: i64 = 7 * 3_600_000;
const DAY_MS: i64 = 86_400_000;

/// The most days a report grouped by day covers.
pub const MAX_DAYS_BY_DAY: i64 = 366;
/// The most days a report grouped by week covers (about three years).
pub const MAX_DAYS_BY_WEEK: i64 = 3 * 366;
/// The most days a report grouped by month covers (about ten years).
pub const MAX_DAYS_BY_MONTH: i64 = 10 * 366;

/// A calendar day in Vietnam, as the number of days since 1970-01-01.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LocalDate(pub i64);

fn days_in_month(year: i64, month: i64) -> i64 {
    let (next_year, next_month) = if month == 12 { (year + 1, 1) } else { (year, month + 1) };
    days_from_civil(next_year, next_month, 1) - days_from_civil(year, month, 1)
}

impl LocalDate {
    /// Reads `YYYY-MM-DD` (a real date between the years 2000 and 2999).
    pub fn parse(text: &str) -> Option<LocalDate> {
        let text = text.trim();
        let bytes = text.as_bytes();
        if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
            return None;
        }
        let number = |range: std::ops::Range<usize>| -> Option<i64> {
            let part = &text[range];
            part.bytes().all(|b| b.is_ascii_digit()).then(|| part.parse().ok()).flatten()
        };
        let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
        if !(2000..=2999).contains(&year) || !(1..=12).contains(&month) || day < 1 || day > days_in_month(year, month) {
            return None;
        }
        Some(LocalDate(days_from_civil(year, month, day)))
    }

    /// The day in Vietnam of the UTC instant `ms` (epoch milliseconds).
    pub fn of_instant(ms: i64) -> LocalDate {
        LocalDate((ms + VN_OFFSET_MS).div_euclid(DAY_MS))
    }

    /// The UTC instant (epoch milliseconds) this day starts at in Vietnam (00:00 local).
    pub fn start_ms(self) -> i64 {
        self.0 * DAY_MS - VN_OFFSET_MS
    }

    /// (year, month 1-12, day 1-31).
    pub fn ymd(self) -> (i64, i64, i64) {
        civil_from_days(self.0)
    }

    pub fn add_days(self, days: i64) -> LocalDate {
        LocalDate(self.0 + days)
    }

    /// 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday).
    pub fn weekday(self) -> i64 {
        (self.0 + 3).rem_euclid(7) + 1
    }

    /// The ISO 8601 week this day is in: (week-numbering year, week 1-53).
    pub fn iso_week(self) -> (i64, i64) {
        let thursday = self.add_days(4 - self.weekday());
        let (year, _, _) = thursday.ymd();
        let week = (thursday.0 - days_from_civil(year, 1, 1)) / 7 + 1;
        (year, week)
    }

    /// The first day of the group (Monday of the week, first of the month) this day falls in.
    pub fn group_start(self, grouping: Grouping) -> LocalDate {
        match grouping {
            Grouping::Day => self,
            Grouping::Week => self.add_days(1 - self.weekday()),
            Grouping::Month => {
                let (year, month, _) = self.ymd();
                LocalDate(days_from_civil(year, month, 1))
            }
        }
    }

    /// The first day of the group after this day's.
    fn next_group_start(self, grouping: Grouping) -> LocalDate {
        let start = self.group_start(grouping);
        match grouping {
            Grouping::Day => start.add_days(1),
            Grouping::Week => start.add_days(7),
            Grouping::Month => {
                let (year, month, _) = start.ymd();
                start.add_days(days_in_month(year, month))
            }
        }
    }

    /// The label of the group this day falls in: `2026-11-27` (day), `2026-W48` (ISO week), `2026-11` (month).
    pub fn group_label(self, grouping: Grouping) -> String {
        match grouping {
            Grouping::Day => self.to_string(),
            Grouping::Week => {
                let (year, week) = self.iso_week();
                format!("{year:04}-W{week:02}")
            }
            Grouping::Month => {
                let (year, month, _) = self.ymd();
                format!("{year:04}-{month:02}")
            }
        }
    }
}

impl std::fmt::Display for LocalDate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (year, month, day) = self.ymd();
        write!(f, "{year:04}-{month:02}-{day:02}")
    }
}

/// How a report's series is grouped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Grouping {
    Day,
    Week,
    Month,
}

impl Grouping {
    pub fn parse(name: &str) -> Option<Grouping> {
        match name.trim() {
            "day" => Some(Self::Day),
            "week" => Some(Self::Week),
            "month" => Some(Self::Month),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Day => "day",
            Self::Week => "week",
            Self::Month => "month",
        }
    }

    /// The most days a range grouped this way covers.
    pub fn max_days(self) -> i64 {
        match self {
            Self::Day => MAX_DAYS_BY_DAY,
            Self::Week => MAX_DAYS_BY_WEEK,
            Self::Month => MAX_DAYS_BY_MONTH,
        }
    }
}

/// Why a report's range was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RangeError {
    #[error("the first day is not a date")]
    BadFrom,
    #[error("the last day is not a date")]
    BadTo,
    #[error("the grouping is not day, week or month")]
    BadGrouping,
    #[error("the last day is before the first")]
    EndBeforeStart,
    #[error("the range is longer than {max_days} days")]
    TooLong { grouping: Grouping, max_days: i64 },
}

impl RangeError {
    /// The request parameter at fault.
    pub fn field(&self) -> &'static str {
        match self {
            Self::BadFrom => "from",
            Self::BadTo | Self::EndBeforeStart => "to",
            Self::BadGrouping | Self::TooLong { .. } => "group",
        }
    }
}

impl Message for RangeError {
    fn message(&self, lang: Lang) -> String {
        match self {
            Self::BadFrom => {
                lang.pick("Ngày bắt đầu phải có dạng YYYY-MM-DD.", "The first day must be YYYY-MM-DD.").into()
            }
            Self::BadTo => {
                lang.pick("Ngày kết thúc phải có dạng YYYY-MM-DD.", "The last day must be YYYY-MM-DD.").into()
            }
            Self::BadGrouping => lang.pick("Nhóm theo ngày, tuần hoặc tháng.", "Group by day, week or month.").into(),
            Self::EndBeforeStart => lang
                .pick("Ngày kết thúc không được trước ngày bắt đầu.", "The last day cannot be before the first.")
                .into(),
            Self::TooLong { grouping, max_days } => match (lang, grouping) {
                (Lang::Vi, Grouping::Day) => {
                    format!("Khi nhóm theo ngày, khoảng thời gian dài tối đa {max_days} ngày.")
                }
                (Lang::Vi, Grouping::Week) => {
                    format!("Khi nhóm theo tuần, khoảng thời gian dài tối đa {max_days} ngày.")
                }
                (Lang::Vi, Grouping::Month) => {
                    format!("Khi nhóm theo tháng, khoảng thời gian dài tối đa {max_days} ngày.")
                }
                (Lang::En, g) => format!("Grouped by {}, a range is at most {max_days} days.", g.as_str()),
            },
        }
    }
}

/// The days a report covers, both included, and how its series is grouped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReportRange {
    pub from: LocalDate,
    pub to: LocalDate,
    pub grouping: Grouping,
}

impl ReportRange {
    /// Reads a range as asked (`YYYY-MM-DD` days, `day`/`week`/`month`) and checks its length for the grouping.
    pub fn parse(from: &str, to: &str, grouping: &str) -> Result<ReportRange, RangeError> {
        let from = LocalDate::parse(from).ok_or(RangeError::BadFrom)?;
        let to = LocalDate::parse(to).ok_or(RangeError::BadTo)?;
        let grouping = Grouping::parse(grouping).ok_or(RangeError::BadGrouping)?;
        Self::new(from, to, grouping)
    }

    pub fn new(from: LocalDate, to: LocalDate, grouping: Grouping) -> Result<ReportRange, RangeError> {
        if to < from {
            return Err(RangeError::EndBeforeStart);
        }
        let range = ReportRange { from, to, grouping };
        if range.days() > grouping.max_days() {
            return Err(RangeError::TooLong { grouping, max_days: grouping.max_days() });
        }
        Ok(range)
    }

    /// How many days it covers.
    pub fn days(&self) -> i64 {
        self.to.0 - self.from.0 + 1
    }

    /// The UTC instants it covers: from its first day's start (included) to the start of the day after its last
    /// (excluded).
    pub fn instants(&self) -> (i64, i64) {
        (self.from.start_ms(), self.to.add_days(1).start_ms())
    }

    /// The period of the same length that ends the day before this one starts (what a change is measured against).
    pub fn previous(&self) -> ReportRange {
        let days = self.days();
        ReportRange { from: self.from.add_days(-days), to: self.from.add_days(-1), grouping: self.grouping }
    }

    /// The first day of each group of the series, in order: the first group starts at the group's own start
    /// (a week's Monday, a month's first day) even when the range starts later.
    pub fn group_starts(&self) -> Vec<LocalDate> {
        let mut starts = Vec::new();
        let mut day = self.from.group_start(self.grouping);
        while day <= self.to {
            starts.push(day);
            day = day.next_group_start(self.grouping);
        }
        starts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(text: &str) -> LocalDate {
        LocalDate::parse(text).expect(text)
    }

    /// 2026-11-27 00:00 UTC in epoch milliseconds.
    const NOV_27_UTC: i64 = 1_795_737_600_000;

    #[test]
    fn dates_read_and_print_the_same() {
        for text in ["2000-01-01", "2024-02-29", "2026-11-27", "2026-12-31", "2999-12-31"] {
            assert_eq!(date(text).to_string(), text);
        }
        assert_eq!(date("2000-03-01").0 - date("2000-02-28").0, 2, "2000 was a leap year");
    }

    #[test]
    fn impossible_or_malformed_dates_are_refused() {
        for text in ["2026-02-29", "2026-13-01", "2026-00-10", "2026-11-31", "26-11-27", "2026/11/27", "", "abcd-ef-gh"]
        {
            assert_eq!(LocalDate::parse(text), None, "{text}");
        }
    }

    #[test]
    fn an_instant_falls_on_its_day_in_vietnam_not_in_utc() {
        assert_eq!(NOV_27_UTC, date("2026-11-27").start_ms() + VN_OFFSET_MS);
        // 16:30 UTC on the 26th is 23:30 on the 26th in Vietnam; 17:30 UTC is 00:30 on the 27th.
        let half_past_eleven = NOV_27_UTC - 7 * 3_600_000 - 30 * 60_000;
        let half_past_midnight = NOV_27_UTC - 7 * 3_600_000 + 30 * 60_000;
        assert_eq!(LocalDate::of_instant(half_past_eleven).to_string(), "2026-11-26");
        assert_eq!(LocalDate::of_instant(half_past_midnight).to_string(), "2026-11-27");
        assert_eq!(LocalDate::of_instant(date("2026-11-27").start_ms()).to_string(), "2026-11-27");
        assert_eq!(LocalDate::of_instant(date("2026-11-27").start_ms() - 1).to_string(), "2026-11-26");
    }

    #[test]
    fn iso_weeks_start_on_monday_and_week_one_holds_the_first_thursday() {
        let cases = [
            ("2026-11-27", 5, (2026, 48), "2026-11-23"),
            ("2026-11-23", 1, (2026, 48), "2026-11-23"),
            ("2026-11-29", 7, (2026, 48), "2026-11-23"),
            ("2021-01-03", 7, (2020, 53), "2020-12-28"),
            ("2024-12-30", 1, (2025, 1), "2024-12-30"),
            ("2026-01-01", 4, (2026, 1), "2025-12-29"),
        ];
        for (day, weekday, week, monday) in cases {
            assert_eq!(date(day).weekday(), weekday, "{day}");
            assert_eq!(date(day).iso_week(), week, "{day}");
            assert_eq!(date(day).group_start(Grouping::Week).to_string(), monday, "{day}");
        }
        assert_eq!(date("2021-01-03").group_label(Grouping::Week), "2020-W53");
    }

    #[test]
    fn months_group_from_their_first_day() {
        assert_eq!(date("2024-02-29").group_start(Grouping::Month).to_string(), "2024-02-01");
        assert_eq!(date("2024-02-29").group_label(Grouping::Month), "2024-02");
        assert_eq!(date("2024-02-29").group_label(Grouping::Day), "2024-02-29");
    }

    #[test]
    fn the_previous_period_has_the_same_length_and_ends_the_day_before() {
        let range = ReportRange::parse("2026-11-01", "2026-11-30", "day").expect("range");
        assert_eq!(range.days(), 30);
        let before = range.previous();
        assert_eq!((before.from.to_string(), before.to.to_string()), ("2026-10-02".into(), "2026-10-31".into()));
        let one_day = ReportRange::parse("2026-11-27", "2026-11-27", "day").expect("range").previous();
        assert_eq!((one_day.from.to_string(), one_day.to.to_string()), ("2026-11-26".into(), "2026-11-26".into()));
    }

    #[test]
    fn a_range_covers_its_last_day_whole_in_vietnam_time() {
        let range = ReportRange::parse("2026-11-27", "2026-11-27", "day").expect("range");
        let (start, end) = range.instants();
        assert_eq!(start, NOV_27_UTC - VN_OFFSET_MS);
        assert_eq!(end - start, DAY_MS);
    }

    #[test]
    fn ranges_are_checked_for_order_dates_and_length_by_grouping() {
        assert_eq!(ReportRange::parse("2026-11-28", "2026-11-27", "day"), Err(RangeError::EndBeforeStart));
        assert_eq!(ReportRange::parse("2026-11-x", "2026-11-27", "day"), Err(RangeError::BadFrom));
        assert_eq!(ReportRange::parse("2026-11-01", "2026-11-31", "day"), Err(RangeError::BadTo));
        assert_eq!(ReportRange::parse("2026-11-01", "2026-11-27", "year"), Err(RangeError::BadGrouping));
        assert!(ReportRange::parse("2025-01-01", "2025-12-31", "day").is_ok(), "365 days");
        assert!(ReportRange::parse("2024-01-01", "2024-12-31", "day").is_ok(), "366 days");
        assert_eq!(
            ReportRange::parse("2024-01-01", "2025-01-01", "day"),
            Err(RangeError::TooLong { grouping: Grouping::Day, max_days: 366 })
        );
        assert!(ReportRange::parse("2024-01-01", "2025-01-01", "week").is_ok());
        assert!(ReportRange::parse("2018-01-01", "2026-12-31", "month").is_ok());
        assert_eq!(RangeError::TooLong { grouping: Grouping::Day, max_days: 366 }.field(), "group");
        let vi = RangeError::TooLong { grouping: Grouping::Day, max_days: 366 }.message(Lang::Vi);
        assert_eq!(vi, "Khi nhóm theo ngày, khoảng thời gian dài tối đa 366 ngày.");
    }

    #[test]
    fn groups_cover_the_range_from_the_start_of_the_first_group() {
        let range = ReportRange::parse("2026-11-27", "2026-12-08", "week").expect("range");
        let starts: Vec<String> = range.group_starts().iter().map(ToString::to_string).collect();
        assert_eq!(starts, ["2026-11-23", "2026-11-30", "2026-12-07"]);
        let range = ReportRange::parse("2026-01-31", "2026-03-01", "month").expect("range");
        let labels: Vec<String> = range.group_starts().iter().map(|d| d.group_label(Grouping::Month)).collect();
        assert_eq!(labels, ["2026-01", "2026-02", "2026-03"]);
        let range = ReportRange::parse("2024-01-01", "2024-12-31", "day").expect("range");
        assert_eq!(range.group_starts().len(), 366);
    }
}
