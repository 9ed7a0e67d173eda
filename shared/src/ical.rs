//! iCalendar text (RFC 5545) of a teacher's calendar: a `VCALENDAR` with one `VEVENT` per session or class, times
//! in UTC (`19700101T000000Z`), texts escaped (`\\`, `\;`, `\,`, `\n`), lines ended by CRLF and folded so no line
//! passes 75 octets (a continuation line starts with one space; a character is never split).

use crate::civil::civil_from_days;

/// The longest line, in octets, without its CRLF.
pub const LINE_MAX_OCTETS: usize = 75;

/// A calendar to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Calendar {
    /// Who wrote the calendar (`PRODID`), e.g. `-//Academy//Calendar//VI`.
    pub prod_id: String,
    /// The name calendar applications show for a subscription (`X-WR-CALNAME`).
    pub name: String,
    pub events: Vec<Event>,
}

/// One event; instants are UTC epoch milliseconds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// Stable for the life of the event, so a subscribed calendar updates it instead of adding a copy.
    pub uid: String,
    /// When the event last changed (`DTSTAMP`).
    pub stamp_ms: i64,
    pub start_ms: i64,
    pub end_ms: i64,
    pub summary: String,
    pub description: String,
    pub url: Option<String>,
    /// A cancelled event stays in the feed with `STATUS:CANCELLED`, so calendars drop it.
    pub cancelled: bool,
}

/// The whole calendar as iCalendar text.
pub fn write(calendar: &Calendar) -> String {
    let mut out = String::new();
    let mut line = |text: &str| out.push_str(&fold(text));
    line("BEGIN:VCALENDAR");
    line(&format!("PRODID:{}", escape(&calendar.prod_id)));
    line("VERSION:2.0");
    line("CALSCALE:GREGORIAN");
    line("METHOD:PUBLISH");
    line(&format!("X-WR-CALNAME:{}", escape(&calendar.name)));
    for event in &calendar.events {
        line("BEGIN:VEVENT");
        line(&format!("UID:{}", escape(&event.uid)));
        line(&format!("DTSTAMP:{}", utc_stamp(event.stamp_ms)));
        line(&format!("DTSTART:{}", utc_stamp(event.start_ms)));
        line(&format!("DTEND:{}", utc_stamp(event.end_ms)));
        line(&format!("SUMMARY:{}", escape(&event.summary)));
        if !event.description.is_empty() {
            line(&format!("DESCRIPTION:{}", escape(&event.description)));
        }
        if let Some(url) = &event.url {
            line(&format!("URL:{url}"));
        }
        line(if event.cancelled { "STATUS:CANCELLED" } else { "STATUS:CONFIRMED" });
        line("END:VEVENT");
    }
    line("END:VCALENDAR");
    out
}

/// A text value escaped: backslash, semicolon and comma get a backslash, a line break (CRLF, LF or CR) becomes
/// `\n`, and other control characters are dropped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push_str("\\n");
            }
            '\n' => out.push_str("\\n"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// One content line ended by CRLF, folded: at most 75 octets per physical line, each continuation starting with
/// a space (which counts), broken only between characters.
pub fn fold(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + line.len() / 70 * 3 + 2);
    let mut used = 0;
    for c in line.chars() {
        let size = c.len_utf8();
        if used + size > LINE_MAX_OCTETS {
            out.push_str("\r\n ");
            used = 1;
        }
        out.push(c);
        used += size;
    }
    out.push_str("\r\n");
    out
}

/// A UTC instant in iCalendar's form, `YYYYMMDDTHHMMSSZ` (milliseconds dropped).
pub fn utc_stamp(ms: i64) -> String {
    let seconds = ms.div_euclid(1000);
    let (days, second_of_day) = (seconds.div_euclid(86_400), seconds.rem_euclid(86_400));
    let (year, month, day) = civil_from_days(days);
    let (hour, minute, second) = (second_of_day / 3600, second_of_day % 3600 / 60, second_of_day % 60);
    format!("{year:04}{month:02}{day:02}T{hour:02}{minute:02}{second:02}Z")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(summary: &str, cancelled: bool) -> Event {
        Event {
            uid: "session-1@academy".into(),
            stamp_ms: 1_795_000_000_000,
            start_ms: 1_795_510_800_000,
            end_ms: 1_795_514_400_000,
            summary: summary.into(),
            description: "Gói: Kèm cặp".into(),
            url: Some("https://academy.example/meeting?session=1".into()),
            cancelled,
        }
    }

    /// The physical lines of a text, each without its CRLF; panics on a bare LF.
    fn physical_lines(text: &str) -> Vec<&str> {
        assert!(text.ends_with("\r\n"));
        let lines: Vec<&str> = text.trim_end_matches("\r\n").split("\r\n").collect();
        assert!(lines.iter().all(|l| !l.contains('\n') && !l.contains('\r')), "only CRLF ends lines");
        lines
    }

    fn unfold(text: &str) -> String {
        text.replace("\r\n ", "")
    }

    #[test]
    fn instants_are_written_in_utc_with_a_z() {
        assert_eq!(utc_stamp(0), "19700101T000000Z");
        assert_eq!(utc_stamp(1_795_510_800_000), "20261124T090000Z");
        assert_eq!(utc_stamp(951_782_400_000), "20000229T000000Z");
        assert_eq!(utc_stamp(4_102_444_799_999), "20991231T235959Z");
        assert_eq!(utc_stamp(-1000), "19691231T235959Z");
    }

    #[test]
    fn commas_semicolons_backslashes_and_line_breaks_are_escaped() {
        assert_eq!(escape(r"a,b;c\d"), r"a\,b\;c\\d");
        assert_eq!(escape("one\ntwo\r\nthree\rfour"), r"one\ntwo\nthree\nfour");
        assert_eq!(escape("tab\there\u{7}"), "tabhere");
        assert_eq!(escape("Ôn tập: chương 3"), "Ôn tập: chương 3");
    }

    #[test]
    fn a_short_line_is_not_folded() {
        assert_eq!(fold("SUMMARY:Hello"), "SUMMARY:Hello\r\n");
        let exactly = "X".repeat(LINE_MAX_OCTETS);
        assert_eq!(fold(&exactly), format!("{exactly}\r\n"));
    }

    #[test]
    fn a_long_line_is_folded_at_75_octets_with_a_leading_space() {
        let long = format!("DESCRIPTION:{}", "a".repeat(200));
        let folded = fold(&long);
        let lines = physical_lines(&folded);
        assert_eq!(lines[0].len(), 75);
        assert!(lines[1..].iter().all(|l| l.starts_with(' ') && l.len() <= 75));
        assert_eq!(lines[1].len(), 75);
        assert_eq!(unfold(&folded), format!("{long}\r\n"));
    }

    #[test]
    fn vietnamese_text_is_folded_between_characters() {
        let long = format!("SUMMARY:{}", "Buổi học kèm cặp với học viên Nguyễn Thị Đặng Hồng Ngọc ".repeat(4));
        let folded = fold(&long);
        let lines = physical_lines(&folded);
        assert!(lines.len() > 3);
        // Each physical line is whole UTF-8 (a `&str` split at a byte inside a character would not exist) and
        // as full as the next character allows.
        for (i, line) in lines.iter().enumerate() {
            assert!(line.len() <= LINE_MAX_OCTETS, "line {i} has {} octets", line.len());
            if i + 1 < lines.len() {
                let next = lines[i + 1].chars().nth(1).expect("a continuation has a character");
                assert!(line.len() + next.len_utf8() > LINE_MAX_OCTETS, "line {i} was broken early");
            }
        }
        assert_eq!(unfold(&folded), format!("{long}\r\n"));
    }

    #[test]
    fn three_byte_characters_at_the_limit_move_whole_to_the_next_line() {
        // 73 ASCII octets then "ệ" (3 octets): 76 would pass the limit, so "ệ" starts the second line.
        let line = format!("{}ệ", "x".repeat(73));
        assert_eq!(fold(&line), format!("{}\r\n ệ\r\n", "x".repeat(73)));
    }

    #[test]
    fn a_calendar_has_its_header_and_one_event_per_item() {
        let calendar = Calendar {
            prod_id: "-//Academy//Calendar//VI".into(),
            name: "Lịch dạy, Trần An".into(),
            events: vec![event("Kèm cặp; Bình", false), event("Lớp học", true)],
        };
        let text = write(&calendar);
        let lines = physical_lines(&text);
        assert_eq!(
            &lines[..6],
            [
                "BEGIN:VCALENDAR",
                "PRODID:-//Academy//Calendar//VI",
                "VERSION:2.0",
                "CALSCALE:GREGORIAN",
                "METHOD:PUBLISH",
                r"X-WR-CALNAME:Lịch dạy\, Trần An",
            ]
        );
        assert_eq!(lines.iter().filter(|l| **l == "BEGIN:VEVENT").count(), 2);
        assert_eq!(lines.iter().filter(|l| **l == "END:VEVENT").count(), 2);
        assert!(lines.contains(&"DTSTART:20261124T090000Z"));
        assert!(lines.contains(&"DTEND:20261124T100000Z"));
        assert!(lines.contains(&r"SUMMARY:Kèm cặp\; Bình"));
        assert!(lines.contains(&"URL:https://academy.example/meeting?session=1"));
        assert_eq!(lines.iter().filter(|l| **l == "STATUS:CONFIRMED").count(), 1);
        assert_eq!(lines.iter().filter(|l| **l == "STATUS:CANCELLED").count(), 1);
        assert_eq!(lines.last(), Some(&"END:VCALENDAR"));
    }

    #[test]
    fn an_empty_calendar_is_still_a_calendar() {
        let calendar = Calendar { prod_id: "-//A//B//EN".into(), name: "x".into(), events: vec![] };
        let text = write(&calendar);
        assert!(text.starts_with("BEGIN:VCALENDAR\r\n") && text.ends_with("END:VCALENDAR\r\n"));
        assert!(!text.contains("VEVENT"));
    }
}
