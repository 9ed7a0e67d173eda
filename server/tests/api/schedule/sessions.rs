//! Schedules: a teacher's own week, a mentor's open times for the students holding a booking, booking a session
//! (each refusal with its reason, one winner among racing students, at most the plan's sessions per period),
//! cancelling and moving up to the notice, and who may change a session.

use academy_server::platform::db::{new_id, now_ms};
use academy_shared::{
    roles::Role,
    schedule::{Availability, Interval, open_slots},
};
use chrono::{TimeZone, Utc};
use reqwest::Method;
use serde_json::{Value, json};

use crate::commerce_fixtures::{Shop, many_students, shop};

const MINUTE_MS: i64 = 60_000;
const DAY_MS: i64 = 24 * 60 * MINUTE_MS;
const WEEK: &str = "/api/dashboard/schedule/availability";
const SESSIONS: &str = "/api/mentorship/sessions";

fn iso(ms: i64) -> String {
    Utc.timestamp_millis_opt(ms).single().expect("an instant").to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

fn ms(value: &Value) -> i64 {
    chrono::DateTime::parse_from_rfc3339(value.as_str().expect("a date")).expect("iso").timestamp_millis()
}

/// Every day from `start` to `end` local minutes.
fn every_day(zone: &str, start: u32, end: u32, buffer: u32, notice: u32) -> Value {
    let day = json!([{ "start": start, "end": end }]);
    json!({
        "zone": zone,
        "weekly": [day, day, day, day, day, day, day],
        "overrides": [],
        "bufferMinutes": buffer,
        "noticeMinutes": notice,
    })
}

/// The same week as the shared rule reads it.
fn availability(zone: &str, start: u32, end: u32, buffer: u32, notice: u32) -> Availability {
    Availability {
        zone: zone.into(),
        weekly: std::array::from_fn(|_| vec![Interval { start, end }]),
        buffer_minutes: buffer,
        notice_minutes: notice,
    }
}

/// A teacher with a week and a plan of `session_minutes` and `sessions` per 30-day period.
struct Mentor {
    shop: Shop,
    token: String,
    plan_id: String,
}

async fn mentor(week: Value, session_minutes: i64, sessions: i64) -> Mentor {
    let shop = shop().await;
    let (token, _) = shop.app.login(&shop.teacher.username, &shop.teacher.password).await;
    let (status, answer) = shop.call(Method::PUT, WEEK, &token, Some(week)).await;
    assert_eq!(status, 200, "{answer}");
    let plan_id = plan(&shop, &token, session_minutes, sessions).await;
    Mentor { shop, token, plan_id }
}

async fn plan(shop: &Shop, token: &str, session_minutes: i64, sessions: i64) -> String {
    let body = json!({
        "title": { "vi": "Kèm cặp", "en": "Mentoring" },
        "price": 1_000_000,
        "durationValue": 30,
        "durationUnit": "days",
        "sessionsPerPeriod": sessions,
        "sessionMinutes": session_minutes,
        "maxMentees": 100,
    });
    let (status, answer) = shop.call(Method::POST, "/api/dashboard/mentorship/plans", token, Some(body)).await;
    assert_eq!(status, 200, "{answer}");
    answer["result"]["id"].as_str().expect("id").to_owned()
}

impl Mentor {
    /// An active booking of `plan_id` by `student_id` (started yesterday, 300 days long); its id.
    async fn booking(&self, plan_id: &str, student_id: &str) -> String {
        let id = new_id();
        let now = now_ms();
        sqlx::query(
            "insert into mentorship_enrollments \
             (id, user_id, plan_id, mentor_id, start_at, end_at, created_at, price, currency, updated_at) \
             values ($1, $2, $3, $4, $5, $6, $5, 1000000, 'VND', $5)",
        )
        .bind(&id)
        .bind(student_id)
        .bind(plan_id)
        .bind(&self.shop.teacher.id)
        .bind(now - DAY_MS)
        .bind(now + 300 * DAY_MS)
        .execute(&self.shop.app.state.pool)
        .await
        .expect("booking");
        id
    }

    /// A student with an active booking of the mentor's plan: (id, token, booking id).
    async fn student(&self) -> (String, String, String) {
        let (user, token) = self.shop.person("student", Role::Student).await;
        let booking = self.booking(&self.plan_id, &user.id).await;
        (user.id, token, booking)
    }

    async fn book(&self, token: &str, booking: &str, start: i64) -> (u16, Value) {
        let body = json!({ "enrollmentId": booking, "startAt": iso(start) });
        self.shop.call_en(Method::POST, SESSIONS, token, Some(body)).await
    }

    async fn slots(&self, token: &str, query: &str) -> (u16, Value) {
        let path = format!("/api/mentorship/mentors/{}/slots{query}", self.shop.teacher.id);
        self.shop.call_en(Method::GET, &path, token, None).await
    }
}

fn starts(answer: &Value) -> Vec<i64> {
    answer["result"]["slots"].as_array().expect("slots").iter().map(|s| ms(&s["start"])).collect()
}

#[tokio::test]
async fn a_teacher_edits_their_own_week_and_a_broken_one_is_refused_field_by_field() {
    let shop = shop().await;
    let (token, _) = shop.app.login(&shop.teacher.username, &shop.teacher.password).await;
    let (status, answer) = shop.call(Method::GET, WEEK, &token, None).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["result"]["zone"], "Asia/Ho_Chi_Minh");
    assert_eq!(answer["result"]["noticeMinutes"], 120);
    assert_eq!(answer["result"]["updatedAt"], Value::Null);

    let mut week = every_day("Europe/Berlin", 9 * 60, 12 * 60, 15, 180);
    week["overrides"] = json!([{ "date": "2026-12-24", "intervals": [] }]);
    let (status, answer) = shop.call(Method::PUT, WEEK, &token, Some(week)).await;
    assert_eq!(status, 200, "{answer}");
    let (_, answer) = shop.call(Method::GET, WEEK, &token, None).await;
    assert_eq!(answer["result"]["zone"], "Europe/Berlin");
    assert_eq!(answer["result"]["weekly"][6], json!([{ "start": 540, "end": 720 }]));
    assert_eq!(answer["result"]["overrides"][0]["date"], "2026-12-24");
    assert_eq!(answer["result"]["bufferMinutes"], 15);

    let mut broken = every_day("Mars/Base", 9 * 60, 12 * 60, 200, 180);
    broken["weekly"][0] = json!([{ "start": 600, "end": 720 }, { "start": 660, "end": 780 }]);
    broken["weekly"][2] = json!([{ "start": 605, "end": 720 }]);
    let (status, answer) = shop.call_en(Method::PUT, WEEK, &token, Some(broken)).await;
    assert_eq!(status, 422, "{answer}");
    let fields = &answer["result"]["fields"];
    assert_eq!(fields["zone"], "Unknown time zone");
    assert_eq!(fields["weekly.0"], "Intervals must be in order and must not overlap");
    assert_eq!(fields["weekly.2"], "Times must be whole quarter hours (:00, :15, :30, :45)");
    assert_eq!(fields["bufferMinutes"], "Enter a whole number from 0 to 120");
    let (status, answer) = shop.call(Method::PUT, WEEK, &token, Some(json!({ "zone": "UTC", "weekly": [[]] }))).await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["result"]["fields"]["weekly"], "Cần đúng 7 ngày, bắt đầu từ thứ Hai.");

    let (_, student) = shop.person("student", Role::Student).await;
    let (status, _) = shop.call(Method::PUT, WEEK, &student, Some(every_day("UTC", 0, 60, 0, 0))).await;
    assert_eq!(status, 403, "a student has no week to edit");
}

#[tokio::test]
async fn a_student_books_an_open_time_and_each_refusal_says_why() {
    // Every hour of every day in UTC, sessions of 60 minutes 15 minutes apart, two hours' notice.
    let mentor = mentor(every_day("UTC", 0, 24 * 60, 15, 120), 60, 10).await;
    let (_, token, booking) = mentor.student().await;
    let (status, answer) = mentor.slots(&token, "").await;
    assert_eq!(status, 200, "{answer}");
    let offered = starts(&answer);
    let now = now_ms();
    let expected = open_slots(&availability("UTC", 0, 1440, 15, 120), &[], &[], now, now + 14 * DAY_MS, now, 60);
    assert!(offered.len() >= expected.len() - 1 && offered.len() <= expected.len() + 1, "the shared rule's times");
    assert!(offered.iter().all(|&s| s >= now + 120 * MINUTE_MS && s % (15 * MINUTE_MS) == 0));
    assert_eq!(answer["result"]["sessionMinutes"], 60);
    assert_eq!(answer["result"]["enrollmentId"], booking.as_str());

    let start = offered[2];
    let (status, answer) = mentor.book(&token, &booking, start).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(ms(&answer["result"]["endAt"]) - ms(&answer["result"]["startAt"]), 60 * MINUTE_MS);
    let (_, answer) = mentor.slots(&token, "").await;
    assert!(!starts(&answer).contains(&start), "a booked time is no longer offered");
    assert_eq!(answer["result"]["busy"][0]["start"], iso(start).as_str());

    let (_, other, other_booking) = mentor.student().await;
    let (status, answer) = mentor.book(&other, &other_booking, start).await;
    assert_eq!((status, answer["message"].as_str()), (409, Some("This time has already been booked")));
    let (status, answer) = mentor.book(&other, &other_booking, start + 5 * MINUTE_MS).await;
    assert_eq!(
        (status, answer["message"].as_str()),
        (409, Some("This time is not one of the teacher's available session times"))
    );
    let soon = open_slots(&availability("UTC", 0, 1440, 15, 0), &[], &[], now, now + DAY_MS, now, 60)[0].0;
    let (status, answer) = mentor.book(&other, &other_booking, soon).await;
    assert_eq!(
        (status, answer["message"].as_str()),
        (409, Some("Sessions must be booked at least 120 minutes before they start"))
    );
    let (status, answer) = mentor.book(&other, &other_booking, (now / DAY_MS + 301) * DAY_MS).await;
    assert_eq!((status, answer["message"].as_str()), (409, Some("This time is after your mentorship booking ends.")));

    // A 30-minute plan of the same teacher: 00:45-01:15 ends within the buffer of a session at 01:15.
    let short = plan(&mentor.shop, &mentor.token, 30, 10).await;
    let (third, third_token) = mentor.shop.person("third", Role::Student).await;
    let third_booking = mentor.booking(&short, &third.id).await;
    let midnight = (now / DAY_MS + 2) * DAY_MS;
    let (status, answer) = mentor.book(&token, &booking, midnight + 75 * MINUTE_MS).await;
    assert_eq!(status, 200, "{answer}");
    let (status, answer) = mentor.book(&third_token, &third_booking, midnight + 45 * MINUTE_MS).await;
    assert_eq!(
        (status, answer["message"].as_str()),
        (409, Some("The teacher keeps 15 minutes free between sessions: this time is too close to another one"))
    );
    let (status, answer) = mentor.book(&third_token, &third_booking, midnight + 180 * MINUTE_MS).await;
    assert_eq!(status, 200, "03:00 is after 01:15 + 60 + 15 minutes: {answer}");

    let (status, answer) = mentor.shop.call(Method::GET, SESSIONS, &token, None).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["result"].as_array().map(Vec::len), Some(2));
    assert_eq!(answer["result"][0]["teacherId"], mentor.shop.teacher.id.as_str());
    let (_, answer) = mentor.shop.call(Method::GET, SESSIONS, &mentor.token, None).await;
    assert_eq!(answer["result"].as_array().map(Vec::len), Some(3), "the teacher sees every session of theirs");
}

#[tokio::test]
async fn twenty_students_racing_for_one_time_leave_one_winner_and_nineteen_409() {
    let mentor = mentor(every_day("Asia/Ho_Chi_Minh", 0, 24 * 60, 0, 120), 60, 4).await;
    let students = many_students(&mentor.shop.app, 20).await;
    let mut racers = Vec::new();
    for (id, token) in students {
        let booking = mentor.booking(&mentor.plan_id, &id).await;
        racers.push((token, booking));
    }
    let start = (now_ms() / DAY_MS + 3) * DAY_MS + 3 * 60 * MINUTE_MS;
    let answers =
        futures_util::future::join_all(racers.iter().map(|(token, booking)| mentor.book(token, booking, start))).await;
    let won = answers.iter().filter(|(status, _)| *status == 200).count();
    let lost: Vec<&Value> = answers.iter().filter(|(status, _)| *status == 409).map(|(_, body)| body).collect();
    assert_eq!((won, lost.len()), (1, 19), "{answers:?}");
    assert!(lost.iter().all(|body| body["message"] == "This time has already been booked"), "{lost:?}");
    assert_eq!(mentor.shop.count("mentorship_sessions", "status = $1", "booked").await, 1);
}

#[tokio::test]
async fn a_student_books_at_most_the_plans_sessions_in_a_period() {
    let mentor = mentor(every_day("UTC", 8 * 60, 12 * 60, 0, 120), 60, 2).await;
    let (_, token, booking) = mentor.student().await;
    let day = (now_ms() / DAY_MS + 2) * DAY_MS;
    for hour in [8, 9] {
        let (status, answer) = mentor.book(&token, &booking, day + hour * 60 * MINUTE_MS).await;
        assert_eq!(status, 200, "{answer}");
    }
    let (status, answer) = mentor.book(&token, &booking, day + 10 * 60 * MINUTE_MS).await;
    assert_eq!(
        (status, answer["message"].as_str()),
        (409, Some("You have booked all 2 sessions of this period of your mentorship."))
    );
    // The next 30-day period has its own sessions.
    let (status, answer) = mentor.book(&token, &booking, day + 31 * DAY_MS + 8 * 60 * MINUTE_MS).await;
    assert_eq!(status, 200, "{answer}");
    let (_, answer) = mentor.shop.call(Method::GET, SESSIONS, &token, None).await;
    let first = answer["result"][0]["id"].as_str().expect("id").to_owned();
    let (status, answer) = mentor.shop.call(Method::POST, &format!("{SESSIONS}/{first}/cancel"), &token, None).await;
    assert_eq!((status, answer["result"]["status"].as_str()), (200, Some("cancelled")), "{answer}");
    let (status, answer) = mentor.book(&token, &booking, day + 10 * 60 * MINUTE_MS).await;
    assert_eq!(status, 200, "a cancelled session gives its place back: {answer}");
}

/// A session written straight into the database (to start inside the notice).
async fn session_at(mentor: &Mentor, student_id: &str, booking: &str, start: i64) -> String {
    let id = new_id();
    sqlx::query(
        "insert into mentorship_sessions \
         (id, enrollment_id, teacher_id, student_id, start_at, end_at, status, created_at, updated_at) \
         values ($1, $2, $3, $4, $5, $6, 'booked', $7, $7)",
    )
    .bind(&id)
    .bind(booking)
    .bind(&mentor.shop.teacher.id)
    .bind(student_id)
    .bind(start)
    .bind(start + 60 * MINUTE_MS)
    .bind(now_ms())
    .execute(&mentor.shop.app.state.pool)
    .await
    .expect("session");
    id
}

#[tokio::test]
async fn a_session_is_cancelled_or_moved_by_its_student_or_teacher_up_to_the_notice() {
    let mentor = mentor(every_day("UTC", 0, 24 * 60, 0, 120), 60, 10).await;
    let (student_id, token, booking) = mentor.student().await;
    let soon = session_at(&mentor, &student_id, &booking, now_ms() + 60 * MINUTE_MS).await;
    let later = (now_ms() / DAY_MS + 2) * DAY_MS + 10 * 60 * MINUTE_MS;
    let (status, answer) = mentor.book(&token, &booking, later).await;
    assert_eq!(status, 200, "{answer}");
    let session = answer["result"]["id"].as_str().expect("id").to_owned();

    let too_late = "Sessions can be cancelled or moved up to 120 minutes before they start.";
    let (status, answer) = mentor.shop.call_en(Method::POST, &format!("{SESSIONS}/{soon}/cancel"), &token, None).await;
    assert_eq!((status, answer["message"].as_str()), (409, Some(too_late)));
    let body = json!({ "startAt": iso(later + DAY_MS) });
    let path = format!("{SESSIONS}/{soon}/reschedule");
    let (status, answer) = mentor.shop.call_en(Method::POST, &path, &mentor.token, Some(body)).await;
    assert_eq!((status, answer["message"].as_str()), (409, Some(too_late)));

    let moved_to = later + DAY_MS + 60 * MINUTE_MS;
    let path = format!("{SESSIONS}/{session}/reschedule");
    let (status, answer) =
        mentor.shop.call_en(Method::POST, &path, &token, Some(json!({ "startAt": iso(moved_to) }))).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(ms(&answer["result"]["startAt"]), moved_to);
    let (_, other, other_booking) = mentor.student().await;
    let (status, answer) = mentor.book(&other, &other_booking, later).await;
    assert_eq!(status, 200, "the old time is free again: {answer}");
    let (status, answer) =
        mentor.shop.call_en(Method::POST, &path, &token, Some(json!({ "startAt": iso(later) }))).await;
    assert_eq!((status, answer["message"].as_str()), (409, Some("This time has already been booked")));

    let cancel = format!("{SESSIONS}/{session}/cancel");
    let (status, answer) = mentor.shop.call(Method::POST, &cancel, &mentor.token, None).await;
    assert_eq!(status, 200, "the teacher cancels: {answer}");
    let (status, answer) = mentor.shop.call_en(Method::POST, &cancel, &token, None).await;
    assert_eq!((status, answer["message"].as_str()), (409, Some("This session was cancelled.")));
}

#[tokio::test]
async fn nobody_else_sees_a_mentors_times_or_changes_a_session() {
    let mentor = mentor(every_day("UTC", 0, 24 * 60, 0, 120), 60, 10).await;
    let (_, token, booking) = mentor.student().await;
    let start = (now_ms() / DAY_MS + 2) * DAY_MS;
    let (status, answer) = mentor.book(&token, &booking, start).await;
    assert_eq!(status, 200, "{answer}");
    let session = answer["result"]["id"].as_str().expect("id").to_owned();

    let (stranger, stranger_token) = mentor.shop.person("stranger", Role::Student).await;
    let (status, _) = mentor.slots(&stranger_token, "").await;
    assert_eq!(status, 403, "no booking of the mentor, no times");
    for action in ["cancel", "reschedule"] {
        let body = (action == "reschedule").then(|| json!({ "startAt": iso(start + DAY_MS) }));
        let path = format!("{SESSIONS}/{session}/{action}");
        let (status, answer) = mentor.shop.call(Method::POST, &path, &stranger_token, body).await;
        assert_eq!(status, 403, "{action}: {answer}");
    }
    let (status, _) = mentor.book(&stranger_token, &booking, start + DAY_MS).await;
    assert_eq!(status, 404, "another student's booking is not theirs to book against");
    let (_, answer) = mentor.shop.call(Method::GET, SESSIONS, &stranger_token, None).await;
    assert_eq!(answer["result"], json!([]));
    let expired = mentor.booking(&mentor.plan_id, &stranger.id).await;
    sqlx::query("update mentorship_enrollments set end_at = $1 where id = $2")
        .bind(now_ms() - 1)
        .bind(&expired)
        .execute(&mentor.shop.app.state.pool)
        .await
        .expect("expired");
    let (status, answer) = mentor.book(&stranger_token, &expired, start + DAY_MS).await;
    assert_eq!(status, 409, "an expired booking books nothing: {answer}");
    let (status, _) = mentor.slots(&stranger_token, "").await;
    assert_eq!(status, 403);
    let (status, _) = mentor.slots(&token, &format!("?from={}&to={}", iso(start), iso(start + 63 * DAY_MS))).await;
    assert_eq!(status, 422, "at most 62 days at once");
}

#[tokio::test]
async fn a_berlin_teachers_nine_oclock_moves_in_utc_across_the_spring_switch() {
    // Clocks go forward in Berlin on 28 March 2027: 09:00 is 08:00 UTC before and 07:00 UTC from that day.
    let mentor = mentor(every_day("Europe/Berlin", 9 * 60, 12 * 60, 0, 120), 60, 10).await;
    let (_, token, booking) = mentor.student().await;
    let at = |d: u32, h: u32| Utc.with_ymd_and_hms(2027, 3, d, h, 0, 0).single().expect("a time").timestamp_millis();
    let query = format!("?from={}&to={}", iso(at(27, 0)), iso(at(30, 0)));
    for viewer in [&token, &mentor.token] {
        let (status, answer) = mentor.slots(viewer, &query).await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(
            starts(&answer),
            [at(27, 8), at(27, 9), at(27, 10), at(28, 7), at(28, 8), at(28, 9), at(29, 7), at(29, 8), at(29, 9)]
        );
    }
    let (status, answer) = mentor.book(&token, &booking, at(29, 7)).await;
    assert_eq!(status, 200, "09:00 in Berlin on 29 March: {answer}");
    let (status, _) = mentor.book(&token, &booking, at(29, 6)).await;
    assert_eq!(status, 409, "08:00 in Berlin is not an open time");
}

#[tokio::test]
async fn a_berlin_teachers_nine_oclock_moves_back_in_utc_across_the_autumn_switch() {
    // Clocks go back in Berlin on 31 October 2027: 09:00 is 07:00 UTC before and 08:00 UTC from that day.
    let mentor = mentor(every_day("Europe/Berlin", 9 * 60, 10 * 60, 0, 120), 60, 10).await;
    let at =
        |m: u32, d: u32, h: u32| Utc.with_ymd_and_hms(2027, m, d, h, 0, 0).single().expect("a time").timestamp_millis();
    let query = format!("?from={}&to={}", iso(at(10, 30, 0)), iso(at(11, 2, 0)));
    let (status, answer) = mentor.slots(&mentor.token, &query).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(starts(&answer), [at(10, 30, 7), at(10, 31, 8), at(11, 1, 8)]);
}

#[tokio::test]
async fn a_student_is_offered_only_the_times_their_booking_covers() {
    let mentor = mentor(every_day("UTC", 0, 24 * 60, 0, 120), 60, 10).await;
    let (_, token, booking) = mentor.student().await;
    let ends = (now_ms() / DAY_MS + 3) * DAY_MS;
    sqlx::query("update mentorship_enrollments set end_at = $1 where id = $2")
        .bind(ends)
        .bind(&booking)
        .execute(&mentor.shop.app.state.pool)
        .await
        .expect("shorter booking");
    let (status, answer) = mentor.slots(&token, "").await;
    assert_eq!(status, 200, "{answer}");
    let offered = starts(&answer);
    assert!(!offered.is_empty() && offered.iter().all(|&s| s < ends), "{offered:?}");
    assert_eq!(ms(&answer["result"]["to"]), ends);
    let (status, answer) = mentor.slots(&mentor.token, "").await;
    assert!(starts(&answer).iter().any(|&s| s >= ends), "the mentor sees all their times: {status}");
}

#[tokio::test]
async fn the_demo_mentor_keeps_a_week_and_a_demo_student_has_booked_a_session_with_him() {
    let app = crate::catalogue::spawn_demo_app().await;
    let (teacher, _) = app.login("nguyenminhkhoa", "Demo@2026").await;
    let (student, _) = app.login("phanthiyen", "Demo@2026").await;
    let get = |path: String, token: String| {
        let app = &app;
        async move { crate::accounts::status_json(app.send(Method::GET, &path, Some(&token), None).await).await }
    };
    let (status, week) = get(WEEK.to_owned(), teacher.clone()).await;
    assert_eq!(status, 200, "{week}");
    assert_eq!(week["result"]["zone"], "Asia/Ho_Chi_Minh");
    assert_eq!(week["result"]["weekly"][0], json!([{ "start": 540, "end": 720 }, { "start": 840, "end": 1020 }]));

    let (_, sessions) = get(SESSIONS.to_owned(), student.clone()).await;
    let sessions = sessions["result"].as_array().expect("sessions").clone();
    assert_eq!(sessions.len(), 2, "{sessions:?}");
    assert!(sessions.iter().all(|s| s["status"] == "booked"));
    let soon = ms(&sessions[0]["startAt"]) - now_ms();
    assert!((0..=10 * MINUTE_MS).contains(&soon), "the first one's room is open now: {sessions:?}");
    assert!(ms(&sessions[1]["startAt"]) > now_ms() + DAY_MS);
    let mentor_id = sessions[0]["teacherId"].as_str().expect("teacher").to_owned();
    let (_, taught) = get(SESSIONS.to_owned(), teacher).await;
    assert_eq!(taught["result"][0]["id"], sessions[0]["id"]);

    let (status, slots) = get(format!("/api/mentorship/mentors/{mentor_id}/slots"), student).await;
    assert_eq!(status, 200, "{slots}");
    assert!(!starts(&slots).is_empty());

    // Every mentor with plans keeps a saved week, valid by the shared rule, one of them in Berlin.
    let weeks: Vec<(String, String)> = sqlx::query_as(
        "select distinct a.zone, a.weekly from teacher_availability a join mentorship_plans p on p.owner_id = a.teacher_id",
    )
    .fetch_all(&app.state.pool)
    .await
    .expect("weeks");
    let mentors: i64 = sqlx::query_scalar("select count(distinct owner_id) from mentorship_plans")
        .fetch_one(&app.state.pool)
        .await
        .expect("mentors");
    let saved: i64 = sqlx::query_scalar(
        "select count(*) from teacher_availability where teacher_id in (select owner_id from mentorship_plans)",
    )
    .fetch_one(&app.state.pool)
    .await
    .expect("saved");
    assert!(mentors > 1 && saved == mentors, "{saved} weeks for {mentors} mentors");
    assert!(weeks.iter().any(|(zone, _)| zone == "Europe/Berlin"), "{weeks:?}");
}

/// The caller's notifications, newest first: (title, message, link), in Vietnamese.
async fn notices(shop: &Shop, token: &str) -> Vec<(String, String, String)> {
    let (_, list) = shop.call(Method::GET, "/api/notification", token, None).await;
    let text = |n: &Value, field: &str| n[field].as_str().unwrap_or_default().to_owned();
    let list = list["notifications"].as_array().expect("list");
    list.iter().map(|n| (text(n, "title"), text(n, "message"), text(n, "actionLink"))).collect()
}

#[tokio::test]
async fn the_other_person_hears_of_each_booking_move_and_cancellation() {
    let mentor = mentor(every_day("UTC", 0, 24 * 60, 0, 120), 60, 10).await;
    let (_, token, booking) = mentor.student().await;
    // 10:00 UTC, two days ahead: 17:00 in Vietnam.
    let at = (now_ms() / DAY_MS + 2) * DAY_MS + 10 * 60 * MINUTE_MS;
    let (status, answer) = mentor.book(&token, &booking, at).await;
    assert_eq!(status, 200, "{answer}");
    let session = answer["result"]["id"].as_str().expect("id").to_owned();
    let booked_notices = notices(&mentor.shop, &mentor.token).await;
    let moved_to = at + 120 * MINUTE_MS;
    let path = format!("{SESSIONS}/{session}/reschedule");
    let body = json!({ "startAt": iso(moved_to) });
    assert_eq!(mentor.shop.call(Method::POST, &path, &mentor.token, Some(body)).await.0, 200);
    let cancel = format!("{SESSIONS}/{session}/cancel");
    assert_eq!(mentor.shop.call(Method::POST, &cancel, &token, None).await.0, 200);

    let day = |ms: i64| Utc.timestamp_millis_opt(ms + 7 * 60 * MINUTE_MS).single().expect("day").format("%d/%m/%Y");
    let [(title, message, link)] = booked_notices.as_slice() else { panic!("one notice: {booked_notices:?}") };
    assert_eq!((title.as_str(), link.as_str()), ("Buổi học mới được đặt", "/dashboard/available"));
    let expected = format!(" đã đặt buổi học với bạn lúc 17:00 ngày {} (giờ Việt Nam).", day(at));
    assert!(message.ends_with(&expected), "{message}");
    let teacher: Vec<String> = notices(&mentor.shop, &mentor.token).await.into_iter().map(|n| n.0).collect();
    assert_eq!(teacher, ["Buổi học đã bị hủy", "Buổi học mới được đặt"]);
    let student = notices(&mentor.shop, &token).await;
    let [(title, message, link)] = student.as_slice() else { panic!("one notice: {student:?}") };
    assert_eq!(title, "Buổi học đổi giờ");
    assert!(
        message.ends_with(&format!("đã dời buổi học sang 19:00 ngày {} (giờ Việt Nam).", day(moved_to))),
        "{message}"
    );
    assert_eq!(link, &format!("/profile/sessions?booking={booking}"));
}
