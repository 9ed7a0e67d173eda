//! A teacher's calendar: their own sessions and classes in time order with their zone (students refused, other
//! teachers see none of them), and its iCalendar forms: a download for the signed-in teacher and a secret
//! subscription address that works without signing in, stops working when rotated or revoked, and answers
//! well-formed RFC 5545 text (CRLF, folded lines, escaped texts, cancelled items marked so).

use academy_server::platform::db::{new_id, now_ms};
use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::commerce_fixtures::{NewCourse, Shop, shop};

const MINUTE_MS: i64 = 60_000;
const HOUR_MS: i64 = 60 * MINUTE_MS;
const DAY_MS: i64 = 24 * HOUR_MS;
const CALENDAR: &str = "/api/dashboard/schedule/calendar";
const FEED: &str = "/api/dashboard/schedule/feed";
/// A class topic long enough (in octets) that its SUMMARY line must be folded, with characters to escape.
const TOPIC: &str = "Ôn tập trước kỳ thi; chương 3, bài tập về đạo hàm và tích phân cùng thầy Đặng";

fn iso(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms).expect("an instant").to_rfc3339()
}

/// A teacher (with a week in Berlin) who teaches a booked session at +1 day, a cancelled one at +2 days, and a
/// class with one of its three seats taken at +1 day 3 hours.
struct Teaching {
    shop: Shop,
    token: String,
    booked: String,
    cancelled: String,
    class: String,
}

async fn session(shop: &Shop, enrollment: &str, student: &str, start: i64, status: &str) -> String {
    let id = new_id();
    sqlx::query(
        "insert into mentorship_sessions \
         (id, enrollment_id, teacher_id, student_id, start_at, end_at, status, created_at, updated_at) \
         values ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
    )
    .bind(&id)
    .bind(enrollment)
    .bind(&shop.teacher.id)
    .bind(student)
    .bind(start)
    .bind(start + HOUR_MS)
    .bind(status)
    .bind(now_ms())
    .execute(&shop.app.state.pool)
    .await
    .expect("session");
    id
}

async fn teaching() -> Teaching {
    let shop = shop().await;
    let (token, _) = shop.app.login(&shop.teacher.username, &shop.teacher.password).await;
    let week = json!({ "zone": "Europe/Berlin", "weekly": [[], [], [], [], [], [], []] });
    let (status, answer) = shop.call(Method::PUT, "/api/dashboard/schedule/availability", &token, Some(week)).await;
    assert_eq!(status, 200, "{answer}");
    let plan = json!({
        "title": { "vi": "Kèm cặp 1-1", "en": "One-to-one mentoring" },
        "price": 1_000_000,
        "durationValue": 30,
        "durationUnit": "days",
        "sessionsPerPeriod": 8,
        "sessionMinutes": 60,
        "maxMentees": 10,
    });
    let (status, answer) = shop.call(Method::POST, "/api/dashboard/mentorship/plans", &token, Some(plan)).await;
    assert_eq!(status, 200, "{answer}");
    let plan_id = answer["result"]["id"].as_str().expect("plan id").to_owned();
    let (student, student_token) = shop.person("binh", Role::Student).await;
    sqlx::query("update users set first_name = 'Bình', last_name = 'Lê' where id = $1")
        .bind(&student.id)
        .execute(&shop.app.state.pool)
        .await
        .expect("named");
    let enrollment = new_id();
    let now = now_ms();
    sqlx::query(
        "insert into mentorship_enrollments \
         (id, user_id, plan_id, mentor_id, start_at, end_at, created_at, price, currency, updated_at) \
         values ($1, $2, $3, $4, $5, $6, $5, 1000000, 'VND', $5)",
    )
    .bind(&enrollment)
    .bind(&student.id)
    .bind(&plan_id)
    .bind(&shop.teacher.id)
    .bind(now - DAY_MS)
    .bind(now + 60 * DAY_MS)
    .execute(&shop.app.state.pool)
    .await
    .expect("booking");
    let booked = session(&shop, &enrollment, &student.id, now + DAY_MS, "booked").await;
    let cancelled = session(&shop, &enrollment, &student.id, now + 2 * DAY_MS, "cancelled").await;

    let course = shop.course(NewCourse::vnd("Giải tích", 500_000)).await;
    let body = json!({
        "topic": TOPIC, "courseId": course, "startsAt": now + DAY_MS + 3 * HOUR_MS, "minutes": 90, "seats": 3,
    });
    let (status, answer) = shop.call(Method::POST, "/api/dashboard/classes", &token, Some(body)).await;
    assert_eq!(status, 200, "{answer}");
    let class = answer["result"]["_id"].as_str().expect("class id").to_owned();
    sqlx::query(
        "insert into course_enrollments (id, user_id, course_id, created_at, updated_at) values ($1, $2, $3, 0, 0)",
    )
    .bind(new_id())
    .bind(&student.id)
    .bind(&course)
    .execute(&shop.app.state.pool)
    .await
    .expect("enrolled");
    let path = format!("/api/classes/{class}/registration");
    let (status, answer) = shop.call(Method::POST, &path, &student_token, None).await;
    assert_eq!(status, 200, "{answer}");
    Teaching { shop, token, booked, cancelled, class }
}

fn range(from: i64, to: i64) -> String {
    format!("?from={}&to={}", urlencode(&iso(from)), urlencode(&iso(to)))
}

fn urlencode(text: &str) -> String {
    text.replace('+', "%2B").replace(':', "%3A")
}

/// A GET without any token: the status, the content type and the body.
async fn fetch(shop: &Shop, path: &str, token: Option<&str>) -> (u16, String, String) {
    let mut request = shop.app.client.get(shop.app.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.expect("request sent");
    let status = response.status().as_u16();
    let kind = response.headers().get("content-type").map(|v| v.to_str().unwrap_or("").to_owned()).unwrap_or_default();
    (status, kind, response.text().await.expect("a body"))
}

/// The content lines of iCalendar text (unfolded), after checking every physical line ends with CRLF and holds
/// at most 75 octets.
fn content_lines(text: &str) -> Vec<String> {
    assert!(text.ends_with("\r\n"), "the text ends with CRLF");
    let physical: Vec<&str> = text.trim_end_matches("\r\n").split("\r\n").collect();
    for line in &physical {
        assert!(!line.contains('\n') && !line.contains('\r'), "a bare line break in {line:?}");
        assert!(line.len() <= 75, "{} octets in {line:?}", line.len());
    }
    text.replace("\r\n ", "").trim_end_matches("\r\n").split("\r\n").map(str::to_owned).collect()
}

/// The unfolded lines of the event whose UID starts with `uid`.
fn event<'a>(lines: &'a [String], uid: &str) -> &'a [String] {
    let at = lines.iter().position(|l| l.starts_with(&format!("UID:{uid}"))).unwrap_or_else(|| panic!("{uid}"));
    let begin = lines[..at].iter().rposition(|l| l == "BEGIN:VEVENT").expect("begin");
    let end = at + lines[at..].iter().position(|l| l == "END:VEVENT").expect("end");
    &lines[begin..=end]
}

#[tokio::test]
async fn a_teacher_sees_their_sessions_and_classes_in_time_order_in_their_zone() {
    let t = teaching().await;
    let now = now_ms();
    let query = range(now, now + 7 * DAY_MS);

    let (status, answer) = t.shop.call_en(Method::GET, &format!("{CALENDAR}{query}"), &t.token, None).await;

    assert_eq!(status, 200, "{answer}");
    let calendar = &answer["result"];
    assert_eq!(calendar["zone"], "Europe/Berlin");
    assert_eq!(calendar["teacherId"], t.shop.teacher.id.as_str());
    let events = calendar["events"].as_array().expect("events");
    let ids: Vec<&str> = events.iter().map(|e| e["id"].as_str().expect("id")).collect();
    assert_eq!(ids, [t.booked.as_str(), t.class.as_str(), t.cancelled.as_str()], "in time order");
    assert_eq!(
        (&events[0]["kind"], &events[0]["status"], &events[0]["studentName"], &events[0]["planTitle"]),
        (&json!("session"), &json!("booked"), &json!("Lê Bình"), &json!("One-to-one mentoring"))
    );
    assert_eq!(
        (&events[1]["kind"], &events[1]["topic"], &events[1]["seats"], &events[1]["seatsTaken"]),
        (&json!("class"), &json!(TOPIC), &json!(3), &json!(1))
    );
    assert_eq!(events[1]["status"], "scheduled");
    assert_eq!(events[2]["status"], "cancelled");

    let (_, answer) = t
        .shop
        .call(Method::GET, &format!("{CALENDAR}{}", range(now + 3 * DAY_MS, now + 4 * DAY_MS)), &t.token, None)
        .await;
    assert_eq!(answer["result"]["events"].as_array().map(Vec::len), Some(0), "the range bounds the events");
    let (_, answer) = t.shop.call(Method::GET, CALENDAR, &t.token, None).await;
    assert_eq!(answer["result"]["events"].as_array().map(Vec::len), Some(3), "the coming week by default");
    let (status, answer) =
        t.shop.call_en(Method::GET, &format!("{CALENDAR}{}", range(now, now + 63 * DAY_MS)), &t.token, None).await;
    assert_eq!(
        (status, &answer["result"]["fields"]["to"]),
        (422, &json!("The time range is invalid (at most 62 days)."))
    );
    let (status, _) = t.shop.call(Method::GET, &format!("{CALENDAR}?from=tomorrow"), &t.token, None).await;
    assert_eq!(status, 422);
}

#[tokio::test]
async fn students_are_refused_and_a_teacher_sees_only_their_own_events() {
    let t = teaching().await;
    let (_, student) = t.shop.person("an", Role::Student).await;
    let (other, other_token) = t.shop.person("giaovien", Role::Teacher).await;
    let (_, admin) = t.shop.person("quantri", Role::Admin).await;
    let mine = format!("{CALENDAR}?teacherId={}", t.shop.teacher.id);

    let (student_status, _) = t.shop.call(Method::GET, CALENDAR, &student, None).await;
    let (student_feed, _) = t.shop.call(Method::POST, FEED, &student, None).await;
    let (student_download, _, _) = fetch(&t.shop, "/api/dashboard/schedule/calendar.ics", Some(&student)).await;
    let (_, others) = t.shop.call(Method::GET, CALENDAR, &other_token, None).await;
    let (peek, _) = t.shop.call(Method::GET, &mine, &other_token, None).await;
    let (admin_status, admin_view) = t.shop.call(Method::GET, &mine, &admin, None).await;
    let (nobody, _) = t.shop.call(Method::GET, &format!("{CALENDAR}?teacherId={}", new_id()), &admin, None).await;
    let (anonymous, _, _) = fetch(&t.shop, CALENDAR, None).await;

    assert_eq!((student_status, student_feed, student_download), (403, 403, 403));
    assert_eq!(others["result"]["events"], json!([]), "another teacher sees none of them");
    assert_eq!(others["result"]["teacherId"], other.id.as_str());
    assert_eq!(peek, 403, "a teacher cannot ask for another's calendar");
    assert_eq!(admin_status, 200);
    assert_eq!(admin_view["result"]["events"].as_array().map(Vec::len), Some(3), "an administrator sees anyone's");
    assert_eq!(nobody, 404);
    assert_eq!(anonymous, 401);
}

#[tokio::test]
async fn the_subscription_address_works_without_signing_in_until_rotated_or_revoked() {
    let t = teaching().await;
    let (status, created) = t.shop.call(Method::POST, FEED, &t.token, None).await;
    assert_eq!(status, 200, "{created}");
    let path = created["result"]["path"].as_str().expect("path").to_owned();
    let token = path.trim_start_matches("/calendar/").trim_end_matches(".ics").to_owned();
    assert_eq!(token.len(), 64);
    assert!(created["result"]["url"].as_str().expect("url").ends_with(&path));

    let (status, kind, text) = fetch(&t.shop, &path, None).await;
    let (_, status_view) = t.shop.call(Method::GET, FEED, &t.token, None).await;
    let stored: Vec<String> = sqlx::query_scalar("select token_hash from calendar_feeds")
        .fetch_all(&t.shop.app.state.pool)
        .await
        .expect("feeds");

    assert_eq!(status, 200, "{text}");
    assert!(kind.starts_with("text/calendar"), "{kind}");
    assert!(text.starts_with("BEGIN:VCALENDAR\r\n"));
    assert_eq!((status_view["result"]["active"].as_bool(), &status_view["result"]["path"]), (Some(true), &Value::Null));
    assert_eq!(stored.len(), 1);
    assert!(!stored[0].contains(&token), "only a hash of the token is stored");

    let (status, rotated) = t.shop.call(Method::POST, FEED, &t.token, None).await;
    assert_eq!(status, 200, "{rotated}");
    let new_path = rotated["result"]["path"].as_str().expect("path").to_owned();
    assert_ne!(new_path, path);
    assert_eq!(fetch(&t.shop, &path, None).await.0, 404, "the old address stops working");
    assert_eq!(fetch(&t.shop, &new_path, None).await.0, 200);
    assert_eq!(fetch(&t.shop, &format!("/calendar/{}.ics", "0".repeat(64)), None).await.0, 404);
    assert_eq!(fetch(&t.shop, "/calendar/garbage", None).await.0, 404);

    let (status, revoked) = t.shop.call(Method::DELETE, FEED, &t.token, None).await;
    assert_eq!((status, &revoked["result"]["active"]), (200, &json!(false)));
    assert_eq!(fetch(&t.shop, &new_path, None).await.0, 404, "a revoked address stops working");
    let (_, status_view) = t.shop.call(Method::GET, FEED, &t.token, None).await;
    assert_eq!(status_view["result"]["active"], false);
}

#[tokio::test]
async fn the_feed_is_rfc_5545_text_with_each_item_and_cancelled_ones_marked() {
    let t = teaching().await;
    let (_, created) = t.shop.call(Method::POST, FEED, &t.token, None).await;
    let path = created["result"]["path"].as_str().expect("path").to_owned();
    sqlx::query("update users set first_name = 'An', last_name = 'Trần' where id = $1")
        .bind(&t.shop.teacher.id)
        .execute(&t.shop.app.state.pool)
        .await
        .expect("named");

    let (_, _, text) = fetch(&t.shop, &path, None).await;

    let lines = content_lines(&text);
    assert_eq!(&lines[..3], ["BEGIN:VCALENDAR", "PRODID:-//Academy//Teaching calendar//VI", "VERSION:2.0"]);
    assert!(lines.contains(&"X-WR-CALNAME:Lịch dạy — Trần An".to_owned()), "{lines:?}");
    assert_eq!(lines.last().map(String::as_str), Some("END:VCALENDAR"));
    assert_eq!(lines.iter().filter(|l| *l == "BEGIN:VEVENT").count(), 3);
    assert!(text.contains("\r\n "), "a long line is folded");

    let booked = event(&lines, &format!("session-{}", t.booked));
    let start: i64 = sqlx::query_scalar("select start_at from mentorship_sessions where id = $1")
        .bind(&t.booked)
        .fetch_one(&t.shop.app.state.pool)
        .await
        .expect("start");
    let stamp =
        |ms: i64| chrono::DateTime::from_timestamp_millis(ms).expect("instant").format("%Y%m%dT%H%M%SZ").to_string();
    assert!(booked.contains(&format!("DTSTART:{}", stamp(start))), "{booked:?}");
    assert!(booked.contains(&format!("DTEND:{}", stamp(start + HOUR_MS))));
    assert!(booked.iter().any(|l| l.starts_with("DTSTAMP:") && l.ends_with('Z')));
    assert!(booked.contains(&"SUMMARY:Buổi cố vấn: Lê Bình".to_owned()));
    assert!(booked.contains(&r"DESCRIPTION:Học viên: Lê Bình\nGói cố vấn: Kèm cặp 1-1".to_owned()));
    assert!(booked.iter().any(|l| l.starts_with("URL:http") && l.ends_with(&format!("/meeting?session={}", t.booked))));
    assert!(booked.contains(&"STATUS:CONFIRMED".to_owned()));
    let cancelled = event(&lines, &format!("session-{}", t.cancelled));
    assert!(cancelled.contains(&"STATUS:CANCELLED".to_owned()));
    let class = event(&lines, &format!("class-{}", t.class));
    let summary = format!("SUMMARY:Lớp học: {}", TOPIC.replace(';', r"\;").replace(',', r"\,"));
    assert!(class.contains(&summary), "{class:?}");
    assert!(class.iter().any(|l| l.starts_with("DESCRIPTION:") && l.contains(r"Đã đăng ký: 1/3 chỗ")));

    // Cancelling the class marks it cancelled in the feed; its UID stays the same.
    let (status, _) =
        t.shop.call(Method::POST, &format!("/api/dashboard/classes/{}/cancel", t.class), &t.token, None).await;
    assert_eq!(status, 200);
    let (_, _, text) = fetch(&t.shop, &path, None).await;
    let lines = content_lines(&text);
    assert!(event(&lines, &format!("class-{}", t.class)).contains(&"STATUS:CANCELLED".to_owned()));
}

#[tokio::test]
async fn the_signed_in_teacher_downloads_their_calendar_once() {
    let t = teaching().await;

    let response = t
        .shop
        .app
        .client
        .get(t.shop.app.url("/api/dashboard/schedule/calendar.ics"))
        .bearer_auth(&t.token)
        .header("Accept-Language", "en")
        .send()
        .await
        .expect("sent");

    assert_eq!(response.status().as_u16(), 200);
    let disposition = response.headers().get("content-disposition").expect("a file").to_str().expect("text");
    assert!(disposition.starts_with("attachment"), "{disposition}");
    let text = response.text().await.expect("body");
    let lines = content_lines(&text);
    assert_eq!(lines.iter().filter(|l| *l == "BEGIN:VEVENT").count(), 3);
    assert!(
        event(&lines, &format!("session-{}", t.booked)).contains(&"SUMMARY:Mentorship session: Lê Bình".to_owned())
    );
    assert_eq!(fetch(&t.shop, "/api/dashboard/schedule/calendar.ics", None).await.0, 401);
}
