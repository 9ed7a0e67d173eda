//! A teacher's calendar: their mentorship sessions and live classes between two instants, in time order, in
//! their zone; and the same as iCalendar text, downloaded or through a secret subscription address
//! (`/calendar/{token}.ics`) whose token the database keeps only as a hash. Making a new address replaces the old
//! one, which then stops working.

use academy_shared::{
    Lang,
    ical::{self, Calendar, Event},
    roles::Role,
};
use sha2::{Digest as _, Sha256};

use super::{
    ScheduleError,
    repo::{self, CalendarSessionRow, SessionStatus},
    service,
};
use crate::{
    classes::{self, repo::ClassRow},
    platform::{
        crypto::{hex, random_bytes},
        db::Pool,
    },
};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;
/// The subscription and the download hold the past four weeks and the coming six months.
pub const FEED_PAST_MS: i64 = 28 * DAY_MS;
pub const FEED_AHEAD_MS: i64 = 183 * DAY_MS;

/// A teacher's events over a range.
#[derive(Debug, Clone)]
pub struct TeacherCalendar {
    /// The IANA zone of the teacher's week.
    pub zone: String,
    pub sessions: Vec<CalendarSessionRow>,
    pub classes: Vec<ClassRow>,
}

/// One item of a calendar, session or class, for ordering both kinds together.
#[derive(Debug, Clone, Copy)]
pub enum Item<'a> {
    Session(&'a CalendarSessionRow),
    Class(&'a ClassRow),
}

impl Item<'_> {
    pub fn start(&self) -> i64 {
        match self {
            Item::Session(s) => s.start_at,
            Item::Class(c) => c.starts_at,
        }
    }
}

impl TeacherCalendar {
    /// Sessions and classes together, by start time.
    pub fn items(&self) -> Vec<Item<'_>> {
        let mut items: Vec<Item<'_>> =
            self.sessions.iter().map(Item::Session).chain(self.classes.iter().map(Item::Class)).collect();
        items.sort_by_key(Item::start);
        items
    }
}

/// A person's name as shown, or their username when they gave none.
pub fn display_name(username: &str, first: Option<&str>, last: Option<&str>) -> String {
    academy_shared::names::full_name(first, last, username)
}

/// The sessions and classes of `teacher_id` overlapping [from_ms, to_ms); the range is checked like the open
/// times' (not empty, at most 62 days).
pub async fn between(
    pool: &Pool,
    teacher_id: &str,
    from_ms: i64,
    to_ms: i64,
) -> Result<TeacherCalendar, ScheduleError> {
    if to_ms <= from_ms || to_ms - from_ms > academy_shared::schedule::RANGE_MAX_MS {
        return Err(ScheduleError::Range);
    }
    events(pool, teacher_id, from_ms, to_ms).await
}

async fn events(pool: &Pool, teacher_id: &str, from_ms: i64, to_ms: i64) -> Result<TeacherCalendar, ScheduleError> {
    let zone = service::week(pool, teacher_id).await?.availability.zone;
    let sessions = repo::teaching_between(pool, teacher_id, from_ms, to_ms).await?;
    let classes = classes::service::teaching_between(pool, teacher_id, from_ms, to_ms).await?;
    Ok(TeacherCalendar { zone, sessions, classes })
}

/// Whose calendar `viewer_id` reads when asking for `asked` (absent or blank: their own): a teacher only their
/// own, an administrator anyone's who exists.
pub async fn whose(pool: &Pool, viewer_id: &str, role: Role, asked: Option<&str>) -> Result<String, ScheduleError> {
    match asked.map(str::trim).filter(|id| !id.is_empty()) {
        None => Ok(viewer_id.to_owned()),
        Some(id) if id == viewer_id => Ok(viewer_id.to_owned()),
        Some(id) if role == Role::Admin => match repo::person_name(pool, id).await? {
            Some(_) => Ok(id.to_owned()),
            None => Err(ScheduleError::TeacherNotFound),
        },
        Some(_) => Err(ScheduleError::NotYourCalendar),
    }
}

fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Makes the teacher's subscription token (32 random bytes, hex), replacing the one before; the token, which is
/// never stored.
pub async fn create_feed(pool: &Pool, teacher_id: &str, now_ms: i64) -> Result<String, ScheduleError> {
    let token = hex(&random_bytes::<32>());
    repo::save_feed(pool, teacher_id, &token_hash(&token), now_ms).await?;
    Ok(token)
}

/// Revokes the teacher's subscription; whether there was one.
pub async fn revoke_feed(pool: &Pool, teacher_id: &str) -> Result<bool, ScheduleError> {
    Ok(repo::delete_feed(pool, teacher_id).await?)
}

/// When the teacher's subscription was made (`None`: they have none).
pub async fn feed_created_at(pool: &Pool, teacher_id: &str) -> Result<Option<i64>, ScheduleError> {
    Ok(repo::feed_created_at(pool, teacher_id).await?)
}

/// The iCalendar text of the teacher's subscription token; `None` for an unknown (or replaced, or revoked) one.
pub async fn feed_ics(
    pool: &Pool,
    token: &str,
    lang: Lang,
    origin: &str,
    now_ms: i64,
) -> Result<Option<String>, ScheduleError> {
    let well_formed = token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit());
    if !well_formed {
        return Ok(None);
    }
    let Some(teacher_id) = repo::feed_teacher(pool, &token_hash(&token.to_ascii_lowercase())).await? else {
        return Ok(None);
    };
    Ok(Some(teacher_ics(pool, &teacher_id, lang, origin, now_ms).await?))
}

/// The iCalendar text of a teacher's past four weeks and coming six months.
pub async fn teacher_ics(
    pool: &Pool,
    teacher_id: &str,
    lang: Lang,
    origin: &str,
    now_ms: i64,
) -> Result<String, ScheduleError> {
    let calendar = events(pool, teacher_id, now_ms - FEED_PAST_MS, now_ms + FEED_AHEAD_MS).await?;
    let name = match repo::person_name(pool, teacher_id).await? {
        Some((username, first, last)) => display_name(&username, first.as_deref(), last.as_deref()),
        None => String::new(),
    };
    Ok(ical::write(&ical_calendar(&calendar, &name, lang, origin)))
}

fn pick(lang: Lang, vi: String, en: String) -> String {
    match lang {
        Lang::Vi => vi,
        Lang::En => en,
    }
}

/// The calendar's iCalendar form: texts in `lang`, each item linking to its meeting page under `origin`.
pub fn ical_calendar(calendar: &TeacherCalendar, teacher_name: &str, lang: Lang, origin: &str) -> Calendar {
    let events = calendar.items().into_iter().map(|item| item_event(item, lang, origin)).collect();
    let name = pick(lang, format!("Lịch dạy — {teacher_name}"), format!("Teaching calendar — {teacher_name}"));
    Calendar { prod_id: "-//Academy//Teaching calendar//VI".into(), name, events }
}

fn item_event(item: Item<'_>, lang: Lang, origin: &str) -> Event {
    match item {
        Item::Session(s) => {
            let student =
                display_name(&s.student_username, s.student_first_name.as_deref(), s.student_last_name.as_deref());
            let plan = pick(lang, s.plan_title_vi.clone(), s.plan_title_en.clone());
            Event {
                uid: format!("session-{}@academy", s.id),
                stamp_ms: s.updated_at,
                start_ms: s.start_at,
                end_ms: s.end_at,
                summary: pick(lang, format!("Buổi cố vấn: {student}"), format!("Mentorship session: {student}")),
                description: pick(
                    lang,
                    format!("Học viên: {student}\nGói cố vấn: {plan}"),
                    format!("Student: {student}\nMentorship plan: {plan}"),
                ),
                url: Some(format!("{origin}/meeting?session={}", s.id)),
                cancelled: s.status == SessionStatus::Cancelled,
            }
        }
        Item::Class(c) => {
            let audience = match lang {
                Lang::Vi => c.audience_title_vi.clone(),
                Lang::En => c.audience_title_en.clone(),
            }
            .unwrap_or_default();
            let seats = pick(
                lang,
                format!("Đã đăng ký: {}/{} chỗ", c.taken, c.seats),
                format!("Registered: {}/{} seats", c.taken, c.seats),
            );
            let description =
                [audience, seats, c.description.clone()].into_iter().filter(|t| !t.is_empty()).collect::<Vec<_>>();
            Event {
                uid: format!("class-{}@academy", c.id),
                stamp_ms: c.updated_at,
                start_ms: c.starts_at,
                end_ms: c.ends_at,
                summary: pick(lang, format!("Lớp học: {}", c.topic), format!("Class: {}", c.topic)),
                description: description.join("\n"),
                url: Some(format!("{origin}/meeting?session={}", c.id)),
                cancelled: c.cancelled(),
            }
        }
    }
}
