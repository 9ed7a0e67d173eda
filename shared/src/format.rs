//! Counts and dates as each language writes them: "1.234.567" and "5 tháng 3, 2025" in Vietnamese, "1,234,567" and
//! "5 March 2025" in English (as `Intl` writes them for vi-VN and en-GB). Written here rather than left to the
//! browser's `Intl`: the server's renderer and every browser then show the same text whatever their ICU data, and
//! a phone does not load the locale's data inside a page's start.

use crate::i18n::Lang;

const EN_MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// `n` with `separator` between groups of three digits: 1234567 → "1.234.567".
pub(crate) fn group_thousands(n: u64, separator: char) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(separator);
        }
        out.push(digit);
    }
    out
}

/// A whole number with the language's digit grouping: "1.234.567" (vi), "1,234,567" (en).
pub fn format_count(n: i64, lang: Lang) -> String {
    let sign = if n < 0 { "-" } else { "" };
    format!("{sign}{}", group_thousands(n.unsigned_abs(), lang.pick(".", ",").chars().next().unwrap_or(',')))
}

/// A calendar date as day, month and year: `month` is 1..=12 (values outside are clamped).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CalendarDate {
    pub year: i64,
    pub month: u64,
    pub day: u64,
}

impl CalendarDate {
    fn month(self) -> u64 {
        self.month.clamp(1, 12)
    }

    fn english_month(self) -> &'static str {
        EN_MONTHS[(self.month() - 1) as usize]
    }
}

/// The date with its month's name: "5 tháng 3, 2025" (vi), "5 March 2025" (en).
pub fn long_date(date: CalendarDate, lang: Lang) -> String {
    match lang {
        Lang::Vi => format!("{} tháng {}, {}", date.day, date.month(), date.year),
        Lang::En => format!("{} {} {}", date.day, date.english_month(), date.year),
    }
}

/// The date's month and year: "tháng 3 năm 2025" (vi), "March 2025" (en).
pub fn month_year(date: CalendarDate, lang: Lang) -> String {
    match lang {
        Lang::Vi => format!("tháng {} năm {}", date.month(), date.year),
        Lang::En => format!("{} {}", date.english_month(), date.year),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_group_their_digits_as_each_language_does() {
        let cases = [
            (0, "0", "0"),
            (7, "7", "7"),
            (999, "999", "999"),
            (1_000, "1.000", "1,000"),
            (12_345, "12.345", "12,345"),
            (999_999, "999.999", "999,999"),
            (1_000_000, "1.000.000", "1,000,000"),
            (1_234_567_890, "1.234.567.890", "1,234,567,890"),
            (-1_234_567, "-1.234.567", "-1,234,567"),
        ];
        for (n, vi, en) in cases {
            assert_eq!(format_count(n, Lang::Vi), vi);
            assert_eq!(format_count(n, Lang::En), en);
        }
        assert_eq!(format_count(i64::MIN, Lang::En), "-9,223,372,036,854,775,808");
    }

    #[test]
    fn long_dates_name_every_month_in_both_languages() {
        for (month, name) in (1..=12).zip(EN_MONTHS) {
            let date = CalendarDate { year: 2025, month, day: 9 };
            assert_eq!(long_date(date, Lang::Vi), format!("9 tháng {month}, 2025"));
            assert_eq!(long_date(date, Lang::En), format!("9 {name} 2025"));
            assert_eq!(month_year(date, Lang::Vi), format!("tháng {month} năm 2025"));
            assert_eq!(month_year(date, Lang::En), format!("{name} 2025"));
        }
        let new_year_eve = CalendarDate { year: 2024, month: 12, day: 31 };
        assert_eq!(long_date(new_year_eve, Lang::En), "31 December 2024");
        assert_eq!(long_date(CalendarDate { year: 2025, month: 3, day: 5 }, Lang::Vi), "5 tháng 3, 2025");
    }

    #[test]
    fn a_month_out_of_range_is_clamped_not_a_panic() {
        assert_eq!(month_year(CalendarDate { year: 2025, month: 0, day: 1 }, Lang::En), "January 2025");
        assert_eq!(month_year(CalendarDate { year: 2025, month: 13, day: 1 }, Lang::En), "December 2025");
    }
}
