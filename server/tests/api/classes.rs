//! Live classes: scheduled by the teacher of a course or plan and checked by the shared rules, registered for by
//! that course's students or that plan's active mentees while seats last (also when many register at once), and
//! managed by their teacher or an administrator only.

use academy_server::platform::db::{new_id, now_ms};
use academy_shared::roles::Role;
use futures_util::future::join_all;
use reqwest::Method;
use serde_json::{Value, json};

use crate::commerce_fixtures::{NewCourse, Shop, many_students, shop};

const HOUR_MS: i64 = 60 * 60 * 1000;
const DAY_MS: i64 = 24 * HOUR_MS;

fn class_body(course_id: &str, seats: i64) -> Value {
    json!({
        "topic": "Ôn tập trước kỳ thi",
        "description": "Chữa bài tập chương 3",
        "courseId": course_id,
        "startsAt": now_ms() + DAY_MS,
        "minutes": 90,
        "seats": seats,
    })
}

/// Schedules a class as `token`; its JSON.
async fn schedule(shop: &Shop, token: &str, body: Value) -> Value {
    let (status, answer) = shop.call(Method::POST, "/api/dashboard/classes", token, Some(body)).await;
    assert_eq!(status, 200, "{answer}");
    answer["result"].clone()
}

async fn enrol(shop: &Shop, user_id: &str, course_id: &str) {
    sqlx::query(
        "insert into course_enrollments (id, user_id, course_id, created_at, updated_at) values ($1, $2, $3, 0, 0)",
    )
    .bind(new_id())
    .bind(user_id)
    .bind(course_id)
    .execute(&shop.app.state.pool)
    .await
    .expect("enrolled");
}

fn id_of(class: &Value) -> String {
    class["_id"].as_str().expect("id").to_owned()
}

async fn register(shop: &Shop, token: &str, class_id: &str) -> (u16, Value) {
    shop.call(Method::POST, &format!("/api/classes/{class_id}/registration"), token, None).await
}

#[tokio::test]
async fn the_courses_students_register_until_the_seats_run_out_and_a_withdrawal_frees_one() {
    let shop = shop().await;
    let course = shop.course(NewCourse::vnd("Rust", 500_000)).await;
    let teacher = shop.app.login(&shop.teacher.username, &shop.teacher.password).await.0;
    let class = schedule(&shop, &teacher, class_body(&course, 2)).await;
    let class_id = id_of(&class);
    let mut students = Vec::new();
    for name in ["an", "binh", "chi"] {
        let (student, token) = shop.person(name, Role::Student).await;
        enrol(&shop, &student.id, &course).await;
        students.push((student, token));
    }

    let first = register(&shop, &students[0].1, &class_id).await;
    let again = register(&shop, &students[0].1, &class_id).await;
    let second = register(&shop, &students[1].1, &class_id).await;
    let third = register(&shop, &students[2].1, &class_id).await;
    let (_, mine) = shop.call(Method::GET, "/api/classes/mine", &students[2].1, None).await;
    let withdrawn =
        shop.call(Method::DELETE, &format!("/api/classes/{class_id}/registration"), &students[0].1, None).await;
    let third_again = register(&shop, &students[2].1, &class_id).await;
    let (status, roster) =
        shop.call(Method::GET, &format!("/api/dashboard/classes/{class_id}/registrations"), &teacher, None).await;

    assert_eq!(class["audience"], json!({ "kind": "course", "id": course, "title": "Rust (vi)" }));
    assert_eq!(
        (class["seats"].as_i64(), class["seatsLeft"].as_i64(), class["minutes"].as_i64()),
        (Some(2), Some(2), Some(90))
    );
    assert_eq!(first.0, 200, "{}", first.1);
    assert_eq!(first.1["result"]["registered"], true);
    assert_eq!(again.1["result"]["registeredCount"], 1, "registering twice takes one seat: {}", again.1);
    assert_eq!(second.1["result"]["seatsLeft"], 0);
    assert_eq!(third.0, 409);
    assert_eq!(third.1["result"]["message"], "Lớp học đã hết chỗ. Hãy chọn một buổi khác.");
    let listed = &mine["result"][0];
    assert_eq!((listed["_id"].as_str(), &listed["registered"]), (Some(class_id.as_str()), &json!(false)));
    assert_eq!(listed["refusal"], "Lớp học đã hết chỗ. Hãy chọn một buổi khác.");
    assert_eq!(withdrawn.1["result"]["seatsLeft"], 1, "{}", withdrawn.1);
    assert_eq!(third_again.0, 200, "{}", third_again.1);
    assert_eq!(status, 200, "{roster}");
    let registered: Vec<&str> = roster["result"]["registrants"]
        .as_array()
        .expect("list")
        .iter()
        .map(|r| r["userId"].as_str().expect("user id"))
        .collect();
    assert_eq!(registered, [students[1].0.id.as_str(), students[2].0.id.as_str()]);
}

#[tokio::test]
async fn only_the_courses_students_and_the_plans_active_mentees_may_register() {
    let shop = shop().await;
    let course = shop.course(NewCourse::vnd("Rust", 500_000)).await;
    let teacher = shop.app.login(&shop.teacher.username, &shop.teacher.password).await.0;
    let plan_id = new_id();
    sqlx::query(
        "insert into mentorship_plans (id, owner_id, slug, title_vi, title_en, created_at, updated_at) \
         values ($1, $2, 'kem-cap', 'Kèm cặp', 'Mentoring', 0, 0)",
    )
    .bind(&plan_id)
    .bind(&shop.teacher.id)
    .execute(&shop.app.state.pool)
    .await
    .expect("plan");
    let course_class = id_of(&schedule(&shop, &teacher, class_body(&course, 5)).await);
    let mut plan_body = class_body(&course, 5);
    plan_body["courseId"] = Value::Null;
    plan_body["planId"] = json!(plan_id);
    let plan_class = schedule(&shop, &teacher, plan_body).await;
    let (active, active_token) = shop.person("active", Role::Student).await;
    let (expired, expired_token) = shop.person("expired", Role::Student).await;
    let (_, outsider) = shop.person("outsider", Role::Student).await;
    let now = now_ms();
    for (user, start, end) in [(&active.id, now - DAY_MS, now + DAY_MS), (&expired.id, now - 3 * DAY_MS, now - DAY_MS)]
    {
        sqlx::query(
            "insert into mentorship_enrollments (id, user_id, plan_id, mentor_id, start_at, end_at, created_at) \
             values ($1, $2, $3, $4, $5, $6, 0)",
        )
        .bind(new_id())
        .bind(user)
        .bind(&plan_id)
        .bind(&shop.teacher.id)
        .bind(start)
        .bind(end)
        .execute(&shop.app.state.pool)
        .await
        .expect("booking");
    }

    let mentee = register(&shop, &active_token, &id_of(&plan_class)).await;
    let lapsed = register(&shop, &expired_token, &id_of(&plan_class)).await;
    let stranger = register(&shop, &outsider, &course_class).await;
    let own = register(&shop, &teacher, &course_class).await;
    let (_, listed) = shop.call(Method::GET, "/api/classes/mine", &outsider, None).await;
    let (_, seen) = shop.call(Method::GET, "/api/classes/mine", &active_token, None).await;

    assert_eq!(plan_class["audience"]["title"], "Kèm cặp");
    assert_eq!(mentee.0, 200, "{}", mentee.1);
    assert_eq!(lapsed.0, 403, "an expired booking: {}", lapsed.1);
    assert_eq!(stranger.0, 403, "{}", stranger.1);
    assert_eq!(own.0, 403, "the teacher of the class: {}", own.1);
    assert_eq!(listed["result"], json!([]), "a stranger is offered nothing");
    let seen: Vec<&str> =
        seen["result"].as_array().expect("list").iter().map(|c| c["_id"].as_str().expect("id")).collect();
    assert_eq!(seen, [id_of(&plan_class)]);
}

#[tokio::test]
async fn a_class_breaking_the_shared_rules_is_refused_field_by_field_in_the_callers_language() {
    let shop = shop().await;
    let course = shop.course(NewCourse::vnd("Rust", 500_000)).await;
    let teacher = shop.app.login(&shop.teacher.username, &shop.teacher.password).await.0;
    let (_, other_teacher) = shop.person("other", Role::Teacher).await;
    let (_, student) = shop.person("student", Role::Student).await;
    let mut bad = class_body(&course, 0);
    bad["minutes"] = json!(50);
    bad["startsAt"] = json!(now_ms() - HOUR_MS);
    bad["topic"] = json!(" ");

    let (status, vi) = shop.call(Method::POST, "/api/dashboard/classes", &teacher, Some(bad.clone())).await;
    let (_, en) = shop.call_en(Method::POST, "/api/dashboard/classes", &teacher, Some(bad)).await;
    let someone_elses =
        shop.call(Method::POST, "/api/dashboard/classes", &other_teacher, Some(class_body(&course, 5))).await;
    let by_a_student = shop.call(Method::POST, "/api/dashboard/classes", &student, Some(class_body(&course, 5))).await;
    let unknown = shop.call(Method::POST, "/api/dashboard/classes", &teacher, Some(class_body(&new_id(), 5))).await;
    let (_, mine) = shop.call_en(Method::GET, "/api/dashboard/classes/audiences", &teacher, None).await;
    let (_, theirs) = shop.call(Method::GET, "/api/dashboard/classes/audiences", &other_teacher, None).await;

    assert_eq!(status, 422);
    assert_eq!(
        vi["result"]["fields"],
        json!({
            "topic": "Trường này là bắt buộc",
            "startsAt": "Chọn một thời điểm trong tương lai",
            "minutes": "Nhập từ 15 đến 480 phút, theo bước 15 phút",
            "seats": "Nhập một số nguyên từ 1 đến 500",
        })
    );
    assert_eq!(en["result"]["fields"]["minutes"], "Enter 15 to 480 minutes in steps of 15");
    assert_eq!(someone_elses.0, 403, "another teacher's course: {}", someone_elses.1);
    assert_eq!(by_a_student.0, 403);
    assert_eq!(unknown.0, 422);
    assert_eq!(shop.count("classes", "id <> $1", "").await, 0, "nothing stored");
    assert_eq!(mine["result"], json!([{ "kind": "course", "id": course, "title": "Rust" }]));
    assert_eq!(theirs["result"], json!([]));
}

#[tokio::test]
async fn only_its_teacher_or_an_administrator_edits_cancels_or_sees_who_registered() {
    let shop = shop().await;
    let course = shop.course(NewCourse::vnd("Rust", 500_000)).await;
    let teacher = shop.app.login(&shop.teacher.username, &shop.teacher.password).await.0;
    let (_, other_teacher) = shop.person("other", Role::Teacher).await;
    let (_, admin) = shop.person("admin", Role::Admin).await;
    let class_id = id_of(&schedule(&shop, &teacher, class_body(&course, 3)).await);
    for name in ["an", "binh"] {
        let (student, token) = shop.person(name, Role::Student).await;
        enrol(&shop, &student.id, &course).await;
        assert_eq!(register(&shop, &token, &class_id).await.0, 200);
    }
    let (late, late_token) = shop.person("late", Role::Student).await;
    enrol(&shop, &late.id, &course).await;
    let path = format!("/api/dashboard/classes/{class_id}");
    let mut edit = class_body(&course, 1);
    edit["topic"] = json!("Chữa đề thi thử");

    let foreign_edit = shop.call(Method::PUT, &path, &other_teacher, Some(edit.clone())).await;
    let foreign_roster = shop.call(Method::GET, &format!("{path}/registrations"), &other_teacher, None).await;
    let foreign_cancel = shop.call(Method::POST, &format!("{path}/cancel"), &other_teacher, None).await;
    let too_few_seats = shop.call(Method::PUT, &path, &teacher, Some(edit.clone())).await;
    edit["seats"] = json!(2);
    let edited = shop.call(Method::PUT, &path, &admin, Some(edit)).await;
    let cancelled = shop.call(Method::POST, &format!("{path}/cancel"), &teacher, None).await;
    let after_cancel = register(&shop, &late_token, &class_id).await;
    let (_, admin_list) = shop.call(Method::GET, "/api/dashboard/classes", &admin, None).await;
    let (_, other_list) = shop.call(Method::GET, "/api/dashboard/classes", &other_teacher, None).await;

    assert_eq!((foreign_edit.0, foreign_roster.0, foreign_cancel.0), (403, 403, 403));
    assert_eq!(too_few_seats.0, 422);
    assert_eq!(too_few_seats.1["result"]["fields"]["seats"], "Đã có 2 học viên đăng ký: giữ ít nhất 2 chỗ");
    assert_eq!(edited.0, 200, "{}", edited.1);
    assert_eq!(edited.1["result"]["topic"], "Chữa đề thi thử");
    assert_eq!(cancelled.1["result"]["status"], "cancelled");
    assert_eq!(after_cancel.0, 409);
    assert_eq!(after_cancel.1["result"]["message"], "Lớp học này đã bị hủy.");
    assert!(admin_list["result"].as_array().expect("list").iter().any(|c| c["_id"] == class_id.as_str()));
    assert_eq!(other_list["result"], json!([]));
}

#[tokio::test]
async fn a_started_class_keeps_its_list() {
    let shop = shop().await;
    let course = shop.course(NewCourse::vnd("Rust", 500_000)).await;
    let teacher = shop.app.login(&shop.teacher.username, &shop.teacher.password).await.0;
    let class_id = id_of(&schedule(&shop, &teacher, class_body(&course, 3)).await);
    let (seated, seated_token) = shop.person("seated", Role::Student).await;
    let (late, late_token) = shop.person("late", Role::Student).await;
    for student in [&seated, &late] {
        enrol(&shop, &student.id, &course).await;
    }
    assert_eq!(register(&shop, &seated_token, &class_id).await.0, 200);
    sqlx::query("update classes set starts_at = $2, ends_at = $3 where id = $1")
        .bind(&class_id)
        .bind(now_ms() - HOUR_MS)
        .bind(now_ms() + HOUR_MS)
        .execute(&shop.app.state.pool)
        .await
        .expect("started");

    let joining = register(&shop, &late_token, &class_id).await;
    let (leaving_status, leaving) =
        shop.call_en(Method::DELETE, &format!("/api/classes/{class_id}/registration"), &seated_token, None).await;

    assert_eq!(joining.0, 409);
    assert_eq!(joining.1["result"]["message"], "Lớp học đã bắt đầu nên không thể thay đổi đăng ký.");
    assert_eq!(leaving_status, 409);
    assert_eq!(leaving["result"]["message"], "This class has already started, so registrations can no longer change.");
    assert_eq!(shop.count("class_registrations", "class_id = $1", &class_id).await, 1);
}

#[tokio::test]
async fn twenty_students_racing_for_three_seats_leave_exactly_three_registered() {
    let shop = shop().await;
    let course = shop.course(NewCourse::vnd("Rust", 500_000)).await;
    let teacher = shop.app.login(&shop.teacher.username, &shop.teacher.password).await.0;
    let class_id = id_of(&schedule(&shop, &teacher, class_body(&course, 3)).await);
    let students = many_students(&shop.app, 20).await;
    for (id, _) in &students {
        enrol(&shop, id, &course).await;
    }

    let answers = join_all(students.iter().map(|(_, token)| register(&shop, token, &class_id))).await;

    let mut statuses: Vec<u16> = answers.iter().map(|(status, _)| *status).collect();
    statuses.sort_unstable();
    assert_eq!(statuses, [[200; 3].as_slice(), [409; 17].as_slice()].concat(), "{answers:?}");
    assert_eq!(shop.count("class_registrations", "class_id = $1", &class_id).await, 3);
    let taken: i64 = sqlx::query_scalar("select taken from classes where id = $1")
        .bind(&class_id)
        .fetch_one(&shop.app.state.pool)
        .await
        .expect("taken");
    assert_eq!(taken, 3);
}

#[tokio::test]
async fn the_demo_teacher_has_upcoming_classes_with_registered_students_and_a_past_one_all_on_evenings_in_vietnam() {
    let app = crate::catalogue::spawn_demo_app().await;
    let (token, _) = app.login("nguyenminhkhoa", "Demo@2026").await;
    let upcoming = app.send(Method::GET, "/api/dashboard/classes", Some(&token), None).await;
    let past = app.send(Method::GET, "/api/dashboard/classes?when=past", Some(&token), None).await;
    let (upcoming, past): (Value, Value) = (upcoming.json().await.expect("json"), past.json().await.expect("json"));

    let upcoming = upcoming["result"].as_array().expect("list");
    assert!(upcoming.len() >= 2, "{upcoming:?}");
    assert!(upcoming.iter().any(|c| c["registeredCount"].as_i64() > Some(0)), "{upcoming:?}");
    assert!(upcoming.iter().any(|c| c["audience"]["kind"] == "plan"), "{upcoming:?}");
    assert_eq!(past["result"].as_array().map(Vec::len), Some(1));
    // Whatever time the demo was loaded at: between 18:00 and 21:00 in Vietnam (UTC+7, no summer time).
    let vietnam = chrono::FixedOffset::east_opt(7 * 3600).expect("offset");
    for class in upcoming.iter().chain(past["result"].as_array().expect("list")) {
        let starts_at = class["startsAt"].as_str().expect("startsAt");
        let local = chrono::DateTime::parse_from_rfc3339(starts_at).expect("an instant").with_timezone(&vietnam);
        assert!((18..21).contains(&chrono::Timelike::hour(&local)), "{} starts at {local}", class["topic"]);
    }
}

/// The titles of the caller's notifications, newest first, in Vietnamese.
async fn notice_titles(shop: &Shop, token: &str) -> Vec<String> {
    let (_, list) = shop.call(Method::GET, "/api/notification", token, None).await;
    list["notifications"]
        .as_array()
        .expect("list")
        .iter()
        .map(|n| n["title"].as_str().expect("title").to_owned())
        .collect()
}

#[tokio::test]
async fn the_registered_students_are_told_once_when_their_class_moves_or_is_cancelled() {
    let shop = shop().await;
    let course = shop.course(NewCourse::vnd("Rust", 500_000)).await;
    let teacher = shop.app.login(&shop.teacher.username, &shop.teacher.password).await.0;
    let mut body = class_body(&course, 3);
    let start = now_ms() + DAY_MS;
    body["startsAt"] = json!(start);
    let class_id = id_of(&schedule(&shop, &teacher, body.clone()).await);
    let (registered, registered_token) = shop.person("an", Role::Student).await;
    enrol(&shop, &registered.id, &course).await;
    assert_eq!(register(&shop, &registered_token, &class_id).await.0, 200);
    let (bystander, bystander_token) = shop.person("binh", Role::Student).await;
    enrol(&shop, &bystander.id, &course).await;
    let path = format!("/api/dashboard/classes/{class_id}");

    let mut same_time = body.clone();
    same_time["topic"] = json!("Chữa đề thi thử");
    assert_eq!(shop.call(Method::PUT, &path, &teacher, Some(same_time)).await.0, 200);
    let after_topic = notice_titles(&shop, &registered_token).await;
    let mut later = body;
    later["startsAt"] = json!(start + DAY_MS);
    assert_eq!(shop.call(Method::PUT, &path, &teacher, Some(later)).await.0, 200);
    for _ in 0..2 {
        assert_eq!(shop.call(Method::POST, &format!("{path}/cancel"), &teacher, None).await.0, 200);
    }

    assert!(after_topic.is_empty(), "a new topic at the same time is no news: {after_topic:?}");
    assert_eq!(notice_titles(&shop, &registered_token).await, ["Lớp học đã bị hủy", "Lớp học đổi giờ"]);
    assert!(notice_titles(&shop, &bystander_token).await.is_empty());
    let (_, list) = shop.call(Method::GET, "/api/notification", &registered_token, None).await;
    let cancelled = list["notifications"][0]["message"].as_str().expect("message");
    assert!(
        cancelled.starts_with("Lớp «Ôn tập trước kỳ thi» lúc ") && cancelled.ends_with("đã bị hủy."),
        "{cancelled}"
    );
}
