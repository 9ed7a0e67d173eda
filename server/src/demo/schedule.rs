//! The demo's schedule: the mentor `nguyenminhkhoa` keeps a week in Ho Chi Minh City (weekday mornings and
//! afternoons, Saturday mornings, 15 minutes between sessions, two hours' notice), the student `phanthiyen`
//! holds an active booking of one of his plans (bought through checkout) and has booked one session of it, made through the same use
//! cases as a real booking, and has a session with him that starts five minutes after the demo is loaded (its
//! online room is open at once). The other mentors keep weeks of their own: evenings after work, weekends, and
//! one who lives in Berlin and keeps hours in that zone.

use academy_shared::schedule::{Availability, DEFAULT_ZONE, Interval};
use anyhow::Context as _;

use crate::{
    demo::purchases::Item,
    mentorship::bookings,
    platform::db::now_ms,
    schedule::{
        repo::{self, NewSession},
        service::{self, SlotsQuery},
    },
    state::AppState,
};

/// The demo mentor with a week, and the demo student who booked a session with him.
pub const MENTOR: &str = "nguyenminhkhoa";
pub const STUDENT: &str = "phanthiyen";

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

async fn user_id(state: &AppState, username: &str) -> anyhow::Result<String> {
    sqlx::query_scalar("select id from users where username = $1")
        .bind(username)
        .fetch_optional(&state.pool)
        .await?
        .with_context(|| format!("demo user {username}"))
}

/// The demo mentor's week.
pub fn week() -> Availability {
    let day = |hours: &[(u32, u32)]| hours.iter().map(|&(s, e)| Interval { start: s * 60, end: e * 60 }).collect();
    let workday: Vec<Interval> = day(&[(9, 12), (14, 17)]);
    Availability {
        zone: DEFAULT_ZONE.to_owned(),
        weekly: [
            workday.clone(),
            workday.clone(),
            workday.clone(),
            workday.clone(),
            workday,
            day(&[(9, 11)]),
            Vec::new(),
        ],
        buffer_minutes: 15,
        notice_minutes: 120,
    }
}

/// The weeks the other demo mentors keep, taken in turn: evenings after work in Ho Chi Minh City, weekends, and
/// mornings and evenings in Berlin.
pub fn other_weeks() -> [Availability; 3] {
    let day = |hours: &[(u32, u32)]| hours.iter().map(|&(s, e)| Interval { start: s * 60, end: e * 60 }).collect();
    let evenings: Vec<Interval> = day(&[(19, 22)]);
    let weekend: Vec<Interval> = day(&[(8, 12), (14, 18)]);
    let berlin: Vec<Interval> = day(&[(8, 10), (17, 20)]);
    let none = Vec::new;
    [
        Availability {
            zone: DEFAULT_ZONE.to_owned(),
            weekly: [evenings.clone(), evenings.clone(), evenings.clone(), evenings.clone(), evenings, none(), none()],
            buffer_minutes: 10,
            notice_minutes: 240,
        },
        Availability {
            zone: DEFAULT_ZONE.to_owned(),
            weekly: [none(), none(), none(), none(), none(), weekend.clone(), weekend],
            buffer_minutes: 15,
            notice_minutes: 12 * 60,
        },
        Availability {
            zone: "Europe/Berlin".to_owned(),
            weekly: [berlin.clone(), berlin.clone(), berlin.clone(), berlin.clone(), berlin, none(), none()],
            buffer_minutes: 0,
            notice_minutes: 120,
        },
    ]
}

pub async fn load(state: &AppState) -> anyhow::Result<()> {
    let now = now_ms();
    let mentor = user_id(state, MENTOR).await?;
    let student = user_id(state, STUDENT).await?;
    service::save_week(&state.pool, &mentor, week(), Vec::new(), now).await?;
    let others: Vec<String> = sqlx::query_scalar(
        "select distinct p.owner_id from mentorship_plans p join users u on u.id = p.owner_id \
         where u.username <> $1 order by p.owner_id",
    )
    .bind(MENTOR)
    .fetch_all(&state.pool)
    .await?;
    for (other, week) in others.iter().zip(other_weeks().into_iter().cycle()) {
        service::save_week(&state.pool, other, week, Vec::new(), now).await?;
    }

    let mut conn = state.pool.acquire().await?;
    let booked = !bookings::active_bookings_with(&mut conn, &student, &mentor, now).await?.is_empty();
    drop(conn);
    if !booked {
        let plan: String =
            sqlx::query_scalar("select id from mentorship_plans where owner_id = $1 order by price, slug limit 1")
                .bind(&mentor)
                .fetch_one(&state.pool)
                .await
                .context("a plan of the demo mentor")?;
        let admin = user_id(state, "admin01").await?;
        let key = format!("demo-schedule-{STUDENT}");
        super::purchases::purchase(state, &admin, &student, Item::Plan(&plan), &key, now - 2 * DAY_MS).await?;
    }

    let query = SlotsQuery {
        viewer_id: &student,
        mentor_id: &mentor,
        from_ms: now + 2 * DAY_MS,
        to_ms: now + 9 * DAY_MS,
        enrollment_id: None,
        minutes: None,
    };
    let open = service::open_slots(&state.pool, query, now).await?;
    let (&(start, _), Some(booking)) =
        (open.slots.first().context("an open time of the demo mentor")?, open.enrollment_id)
    else {
        anyhow::bail!("the demo student's booking");
    };
    service::book(&state.pool, &student, &booking, start, now).await?;
    // A session on as the demo starts, so that its online room can be tried at once (it opens 10 minutes before
    // the start): five minutes from now, for an hour.
    let soon = now + 5 * 60 * 1000;
    let session = NewSession {
        enrollment_id: &booking,
        teacher_id: &mentor,
        student_id: &student,
        start_at: soon,
        end_at: soon + 60 * 60 * 1000,
    };
    let mut conn = state.pool.acquire().await?;
    repo::insert_session(&mut conn, &session, now).await?;
    Ok(())
}
