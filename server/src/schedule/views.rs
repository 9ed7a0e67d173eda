//! The shapes the schedule answers with and reads: a teacher's week, a mentor's open times, booked sessions, a
//! teacher's calendar and its subscription.

use academy_shared::names::full_name;
use academy_shared::schedule::{Availability, DateOverride, Interval};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    calendar::{Item, TeacherCalendar, display_name},
    repo::{SessionListRow, SessionRow},
    service::{OpenSlots, Week},
};
use crate::catalogue::routes::courses::iso;

/// Part of a local day: minutes after midnight, `start` included, `end` excluded (1440 is the day's end).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
pub struct IntervalView {
    pub start: u32,
    pub end: u32,
}

/// A date with other hours than its weekday's; no intervals: a day off.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct DateOverrideView {
    /// `YYYY-MM-DD`, local to the teacher's zone.
    pub date: String,
    pub intervals: Vec<IntervalView>,
}

/// A teacher's week as the editor reads and writes it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WeekBody {
    /// An IANA zone name, e.g. `Asia/Ho_Chi_Minh`.
    pub zone: String,
    /// Seven lists of intervals, Monday first.
    pub weekly: Vec<Vec<IntervalView>>,
    #[serde(default)]
    pub overrides: Vec<DateOverrideView>,
    #[serde(default)]
    pub buffer_minutes: u32,
    #[serde(default = "default_notice")]
    pub notice_minutes: u32,
}

fn default_notice() -> u32 {
    academy_shared::schedule::DEFAULT_NOTICE_MINUTES
}

/// A teacher's week and when it was last saved (`null`: never, the default week).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WeekView {
    #[serde(flatten)]
    pub week: WeekBody,
    pub updated_at: Option<String>,
}

fn intervals(list: &[Interval]) -> Vec<IntervalView> {
    list.iter().map(|i| IntervalView { start: i.start, end: i.end }).collect()
}

fn shared_intervals(list: &[IntervalView]) -> Vec<Interval> {
    list.iter().map(|i| Interval { start: i.start, end: i.end }).collect()
}

impl WeekView {
    pub fn of(week: &Week) -> WeekView {
        let a = &week.availability;
        WeekView {
            week: WeekBody {
                zone: a.zone.clone(),
                weekly: a.weekly.iter().map(|day| intervals(day)).collect(),
                overrides: week
                    .overrides
                    .iter()
                    .map(|o| DateOverrideView {
                        date: o.date.format("%Y-%m-%d").to_string(),
                        intervals: intervals(&o.intervals),
                    })
                    .collect(),
                buffer_minutes: a.buffer_minutes,
                notice_minutes: a.notice_minutes,
            },
            updated_at: week.updated_at.map(iso),
        }
    }
}

/// Which part of a week body cannot be read as a week.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unreadable {
    /// Not seven days.
    Weekly,
    /// A date that is not `YYYY-MM-DD`.
    Overrides,
}

impl WeekBody {
    /// The shared rule's values of the body.
    pub fn parse(&self) -> Result<(Availability, Vec<DateOverride>), Unreadable> {
        let days: Vec<Vec<Interval>> = self.weekly.iter().map(|d| shared_intervals(d)).collect();
        let weekly: [Vec<Interval>; 7] = days.try_into().map_err(|_| Unreadable::Weekly)?;
        let overrides = self
            .overrides
            .iter()
            .map(|o| {
                let date = NaiveDate::parse_from_str(&o.date, "%Y-%m-%d").map_err(|_| Unreadable::Overrides)?;
                Ok(DateOverride { date, intervals: shared_intervals(&o.intervals) })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let availability = Availability {
            zone: self.zone.trim().to_owned(),
            weekly,
            buffer_minutes: self.buffer_minutes,
            notice_minutes: self.notice_minutes,
        };
        Ok((availability, overrides))
    }
}

/// An interval of time (RFC 3339, UTC).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TimeRange {
    pub start: String,
    pub end: String,
}

fn ranges(list: &[(i64, i64)]) -> Vec<TimeRange> {
    list.iter().map(|&(s, e)| TimeRange { start: iso(s), end: iso(e) }).collect()
}

/// A mentor's open session times over a range, with the mentor's week and booked times (the browser computes
/// the same times with the shared rule to show them in its own zone).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SlotsView {
    pub mentor_id: String,
    /// The booking a student books these times against (`null` for the mentor).
    pub enrollment_id: Option<String>,
    pub session_minutes: u32,
    pub from: String,
    /// The range's end: for a student, at most their booking's end (no time after it is offered).
    pub to: String,
    pub slots: Vec<TimeRange>,
    /// The mentor's booked sessions around the range.
    pub busy: Vec<TimeRange>,
    pub week: WeekView,
}

impl SlotsView {
    pub fn of(mentor_id: &str, open: &OpenSlots) -> SlotsView {
        SlotsView {
            mentor_id: mentor_id.to_owned(),
            enrollment_id: open.enrollment_id.clone(),
            session_minutes: open.session_minutes,
            from: iso(open.from_ms),
            to: iso(open.to_ms),
            slots: ranges(&open.slots),
            busy: ranges(&open.busy),
            week: WeekView::of(&open.week),
        }
    }
}

/// A booked (or cancelled) session.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionView {
    pub id: String,
    pub enrollment_id: String,
    pub teacher_id: String,
    pub student_id: String,
    /// The teacher's and the student's names (empty when the answer is about one session just changed).
    pub teacher_name: String,
    pub student_name: String,
    pub start_at: String,
    pub end_at: String,
    /// `booked` or `cancelled`.
    pub status: String,
    pub created_at: String,
    pub updated_at: String,
}

impl SessionView {
    pub fn of(row: &SessionRow) -> SessionView {
        SessionView {
            id: row.id.clone(),
            enrollment_id: row.enrollment_id.clone(),
            teacher_id: row.teacher_id.clone(),
            student_id: row.student_id.clone(),
            teacher_name: String::new(),
            student_name: String::new(),
            start_at: iso(row.start_at),
            end_at: iso(row.end_at),
            status: row.status.as_str().to_owned(),
            created_at: iso(row.created_at),
            updated_at: iso(row.updated_at),
        }
    }

    pub fn listed(row: &SessionListRow) -> SessionView {
        let name = |first: &Option<String>, last: &Option<String>, username: &str| {
            let name = full_name(first.as_deref(), last.as_deref(), "");
            if name.trim().is_empty() { username.to_owned() } else { name }
        };
        SessionView {
            id: row.id.clone(),
            enrollment_id: row.enrollment_id.clone(),
            teacher_id: row.teacher_id.clone(),
            student_id: row.student_id.clone(),
            teacher_name: name(&row.teacher_first_name, &row.teacher_last_name, &row.teacher_username),
            student_name: name(&row.student_first_name, &row.student_last_name, &row.student_username),
            start_at: iso(row.start_at),
            end_at: iso(row.end_at),
            status: row.status.as_str().to_owned(),
            created_at: iso(row.created_at),
            updated_at: iso(row.updated_at),
        }
    }
}

/// A session to book: the student's booking and the wanted start (RFC 3339).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookBody {
    pub enrollment_id: String,
    pub start_at: String,
}

/// A session's new start (RFC 3339).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RescheduleBody {
    pub start_at: String,
}

/// One item of a teacher's calendar: a mentorship session or a live class.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalendarEventView {
    /// `session` or `class`.
    pub kind: String,
    pub id: String,
    pub start_at: String,
    pub end_at: String,
    /// A session: `booked` or `cancelled`; a class: `scheduled` or `cancelled`.
    pub status: String,
    /// A session's student.
    pub student_name: Option<String>,
    /// A session's mentorship plan, in the request's language.
    pub plan_title: Option<String>,
    /// A class's topic.
    pub topic: Option<String>,
    /// A class's course or plan, in the request's language.
    pub audience_title: Option<String>,
    /// A class's seats and how many are taken.
    pub seats: Option<i64>,
    pub seats_taken: Option<i64>,
}

/// A teacher's sessions and classes over a range, in time order, and the zone of their week.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalendarView {
    pub teacher_id: String,
    /// The IANA zone the teacher's week is kept in, e.g. `Asia/Ho_Chi_Minh`.
    pub zone: String,
    pub from: String,
    pub to: String,
    pub events: Vec<CalendarEventView>,
}

impl CalendarView {
    pub fn of(teacher_id: &str, from: i64, to: i64, calendar: &TeacherCalendar, lang: academy_shared::Lang) -> Self {
        let en = lang == academy_shared::Lang::En;
        let events = calendar
            .items()
            .into_iter()
            .map(|item| match item {
                Item::Session(s) => CalendarEventView {
                    kind: "session".into(),
                    id: s.id.clone(),
                    start_at: iso(s.start_at),
                    end_at: iso(s.end_at),
                    status: s.status.as_str().to_owned(),
                    student_name: Some(display_name(
                        &s.student_username,
                        s.student_first_name.as_deref(),
                        s.student_last_name.as_deref(),
                    )),
                    plan_title: Some(if en { s.plan_title_en.clone() } else { s.plan_title_vi.clone() }),
                    topic: None,
                    audience_title: None,
                    seats: None,
                    seats_taken: None,
                },
                Item::Class(c) => CalendarEventView {
                    kind: "class".into(),
                    id: c.id.clone(),
                    start_at: iso(c.starts_at),
                    end_at: iso(c.ends_at),
                    status: c.status.as_str().to_owned(),
                    student_name: None,
                    plan_title: None,
                    topic: Some(c.topic.clone()),
                    audience_title: if en { c.audience_title_en.clone() } else { c.audience_title_vi.clone() },
                    seats: Some(c.seats),
                    seats_taken: Some(c.taken),
                },
            })
            .collect();
        CalendarView {
            teacher_id: teacher_id.to_owned(),
            zone: calendar.zone.clone(),
            from: iso(from),
            to: iso(to),
            events,
        }
    }
}

/// The caller's calendar subscription. `path` and `url` carry the secret address only in the answer that made
/// it: the server keeps a hash of its token, never the token.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedView {
    /// Whether the caller has a working subscription address.
    pub active: bool,
    pub created_at: Option<String>,
    /// `/calendar/{token}.ics` (only when just made).
    pub path: Option<String>,
    /// The address under the site's public origin (only when just made).
    pub url: Option<String>,
}
