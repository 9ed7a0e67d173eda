//! Teaching material (subjects, syllabuses) and course types in the dashboard: who may do what,
//! the shared rules' texts in the request's language, and round trips.

use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};

async fn call(app: &TestApp, method: Method, path: &str, token: &str, body: Option<Value>) -> (u16, Value) {
    app.call(method, path, Some(token), body).await
}

async fn call_in(app: &TestApp, lang: &str, method: Method, path: &str, token: &str, body: Value) -> (u16, Value) {
    app.call_in(lang, method, path, Some(token), Some(body)).await
}

fn subject(code: &str) -> Value {
    json!({"code": code, "name": {"vi": format!("Môn {code}"), "en": format!("Subject {code}")},
        "description": {"vi": "Mô tả", "en": "About"}, "credits": 3})
}

async fn create_subject(app: &TestApp, token: &str, code: &str) -> String {
    let (status, body) = call(app, Method::POST, "/api/dashboard/subjects", token, Some(subject(code))).await;
    assert_eq!(status, 200, "{body}");
    body["result"]["id"].as_str().expect("id").to_owned()
}

#[tokio::test]
async fn a_student_is_refused_every_material_call() {
    let app = spawn_app().await;
    let (_, student, _) = app.signed_in("learner", Role::Student).await;

    for (method, path, body) in [
        (Method::GET, "/api/dashboard/subjects", None),
        (Method::POST, "/api/dashboard/subjects", Some(subject("ST1"))),
        (Method::GET, "/api/dashboard/syllabuses", None),
        (Method::GET, "/api/dashboard/course-types", None),
    ] {
        let (status, body) = call(&app, method, path, &student, body).await;
        assert_eq!(status, 403, "{path}: {body}");
        assert_eq!(body["code"], 1003);
    }
}

#[tokio::test]
async fn a_teacher_edits_their_own_subject_but_not_another_teachers() {
    let app = spawn_app().await;
    let (_, mine, _) = app.signed_in("teachone", Role::Teacher).await;
    let (_, theirs, _) = app.signed_in("teachtwo", Role::Teacher).await;
    let own = create_subject(&app, &mine, "OWN101").await;
    let other = create_subject(&app, &theirs, "OTH101").await;

    let (status, body) = call(&app, Method::GET, "/api/dashboard/subjects", &mine, None).await;
    assert_eq!(status, 200);
    let items = body["result"].as_array().expect("list");
    let can_edit = |id: &str| items.iter().find(|s| s["id"] == id).expect("listed")["canEdit"].clone();
    assert_eq!(can_edit(&own), true);
    assert_eq!(can_edit(&other), false);

    let (status, _) =
        call(&app, Method::PUT, &format!("/api/dashboard/subjects/{other}"), &mine, Some(subject("OTH102"))).await;
    assert_eq!(status, 403);
    let (status, body) =
        call(&app, Method::PUT, &format!("/api/dashboard/subjects/{own}"), &mine, Some(subject("OWN102"))).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["result"]["code"], "OWN102");
    assert_eq!(body["result"]["name"]["en"], "Subject OWN102");

    let (status, body) = call(&app, Method::GET, &format!("/api/dashboard/subjects/{other}"), &mine, None).await;
    assert_eq!(status, 200, "a teacher may view another's subject: {body}");
    // First name "Test", last name "User": the family name first, as the whole interface writes it.
    assert_eq!(body["result"]["ownerName"], "User Test");
}

#[tokio::test]
async fn staff_adds_and_edits_a_syllabus_with_ordered_subjects_but_a_teacher_cannot() {
    let app = spawn_app().await;
    let (_, staff, _) = app.signed_in("staffer", Role::Staff).await;
    let (teacher, teacher_token, _) = app.signed_in("teachsyl", Role::Teacher).await;
    let first = create_subject(&app, &staff, "SYS101").await;
    let second = create_subject(&app, &staff, "SYS201").await;
    let body = json!({
        "code": "SYL-TEST-1",
        "name": {"vi": "Lộ trình lập trình", "en": "Programming path"},
        "description": {"vi": "Từ cơ bản", "en": "From the basics"},
        "durationWeeks": 12,
        "status": "published",
        "ownerId": teacher.id,
        "subjects": [second, first],
    });

    let (status, _) = call(&app, Method::POST, "/api/dashboard/syllabuses", &teacher_token, Some(body.clone())).await;
    assert_eq!(status, 403);
    let (status, created) = call(&app, Method::POST, "/api/dashboard/syllabuses", &staff, Some(body.clone())).await;
    assert_eq!(status, 200, "{created}");
    let id = created["result"]["id"].as_str().expect("id").to_owned();

    let (status, view) = call(&app, Method::GET, &format!("/api/dashboard/syllabuses/{id}"), &staff, None).await;
    assert_eq!(status, 200);
    let view = &view["result"];
    assert_eq!(view["name"]["vi"], "Lộ trình lập trình");
    assert_eq!(view["durationWeeks"], 12);
    assert_eq!(view["subjects"][0]["code"], "SYS201");
    assert_eq!(view["subjects"][1]["code"], "SYS101");
    assert_eq!(view["ownerName"], "User Test");

    let mut edited = body.clone();
    edited["subjects"] = json!([first]);
    edited["status"] = json!("archived");
    let (status, saved) =
        call(&app, Method::PUT, &format!("/api/dashboard/syllabuses/{id}"), &staff, Some(edited.clone())).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["result"]["status"], "archived");
    assert_eq!(saved["result"]["subjects"].as_array().map(Vec::len), Some(1));
    let (status, _) =
        call(&app, Method::PUT, &format!("/api/dashboard/syllabuses/{id}"), &teacher_token, Some(edited)).await;
    assert_eq!(status, 403);

    // The owner sees it in their list and may read it; another teacher sees neither.
    let (status, list) =
        call(&app, Method::GET, "/api/dashboard/syllabuses?search=lap%20trinh", &teacher_token, None).await;
    assert_eq!(status, 200);
    assert_eq!(list["result"][0]["id"], id.as_str());
    assert_eq!(list["result"][0]["subjectCount"], 1);
    let (status, _) = call(&app, Method::GET, &format!("/api/dashboard/syllabuses/{id}"), &teacher_token, None).await;
    assert_eq!(status, 200);
    let (_, stranger, _) = app.signed_in("teachnot", Role::Teacher).await;
    let (_, list) = call(&app, Method::GET, "/api/dashboard/syllabuses", &stranger, None).await;
    assert_eq!(list["result"], json!([]));
    let (status, _) = call(&app, Method::GET, &format!("/api/dashboard/syllabuses/{id}"), &stranger, None).await;
    assert_eq!(status, 403);

    // A code already used is a conflict, not a server error.
    let (status, again) = call(&app, Method::POST, "/api/dashboard/syllabuses", &staff, Some(body)).await;
    assert_eq!(status, 409, "{again}");
}

#[tokio::test]
async fn invalid_material_forms_are_answered_field_by_field_in_the_requests_language() {
    let app = spawn_app().await;
    let (_, staff, _) = app.signed_in("stafflang", Role::Staff).await;
    let broken = json!({"code": "x", "name": {"vi": " ", "en": ""}, "durationWeeks": 0, "status": "open",
        "subjects": ["a", "a"]});

    let (status, vi) = call_in(&app, "vi", Method::POST, "/api/dashboard/syllabuses", &staff, broken.clone()).await;
    assert_eq!(status, 422);
    assert_eq!(vi["code"], 1006);
    let fields = &vi["result"]["fields"];
    assert_eq!(fields["name.vi"], "Trường này là bắt buộc");
    assert_eq!(fields["durationWeeks"], "Nhập một số nguyên từ 1 đến 520");
    assert_eq!(fields["status"], "Trạng thái không hợp lệ");
    assert_eq!(fields["subjects"], "Mỗi môn học chỉ được chọn một lần");
    assert!(fields["code"].as_str().is_some_and(|t| t.starts_with("Dùng 2 đến 40")), "{fields}");

    let (status, en) = call_in(&app, "en", Method::POST, "/api/dashboard/syllabuses", &staff, broken).await;
    assert_eq!(status, 422);
    assert_eq!(en["result"]["fields"]["durationWeeks"], "Enter a whole number from 1 to 520");

    let unknown = json!({"code": "SYL-X", "name": {"vi": "A", "en": ""}, "durationWeeks": 4,
        "subjects": ["no-such-subject"]});
    let (status, body) = call_in(&app, "en", Method::POST, "/api/dashboard/syllabuses", &staff, unknown).await;
    assert_eq!(status, 422);
    assert_eq!(body["result"]["fields"]["subjects"], "A chosen subject no longer exists");

    let (status, body) = call_in(
        &app,
        "en",
        Method::POST,
        "/api/dashboard/subjects",
        &staff,
        json!({"code": "PY 101", "name": {"vi": "Python", "en": ""}, "credits": 99}),
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(body["result"]["fields"]["credits"], "Enter a whole number from 0 to 60");
    assert!(body["result"]["fields"]["code"].is_string());
}

#[tokio::test]
async fn course_types_list_both_names_are_edited_and_not_deleted_while_courses_use_them() {
    let app = spawn_app().await;
    let (_, admin, _) = app.signed_in("adminct", Role::Admin).await;
    let (_, teacher, _) = app.signed_in("teachct", Role::Teacher).await;
    let (status, created) = call(
        &app,
        Method::POST,
        "/api/dashboard/course-types",
        &admin,
        Some(json!({"name": {"vi": "Trực tiếp", "en": "Live"}})),
    )
    .await;
    assert_eq!(status, 200, "{created}");
    let type_id = created["result"]["id"].as_str().expect("id").to_owned();

    let (status, list) = call(&app, Method::GET, "/api/dashboard/course-types", &teacher, None).await;
    assert_eq!(status, 200, "the course editor's select reads it too");
    let listed = list["result"].as_array().expect("list").iter().find(|t| t["id"] == type_id.as_str()).cloned();
    assert_eq!(listed.expect("listed")["name"], json!({"vi": "Trực tiếp", "en": "Live"}));

    let path = format!("/api/dashboard/course-types/{type_id}");
    let renamed = json!({"name": {"vi": "Lớp trực tiếp", "en": "Live class"}, "slug": "live-class"});
    let (status, _) = call(&app, Method::PUT, &path, &teacher, Some(renamed.clone())).await;
    assert_eq!(status, 403);
    let (status, _) = call(&app, Method::PUT, &path, &admin, Some(renamed)).await;
    assert_eq!(status, 200);

    let (_, category) = call(
        &app,
        Method::POST,
        "/api/dashboard/categories",
        &admin,
        Some(json!({"name": {"vi": "Kinh doanh", "en": "Business"}})),
    )
    .await;
    let course = json!({"title": {"vi": "Bán hàng trực tiếp", "en": "Live selling"}, "price": 0,
        "categoryId": category["result"]["id"], "typeId": type_id});
    let (status, body) = call(&app, Method::POST, "/api/dashboard/courses", &teacher, Some(course)).await;
    assert_eq!(status, 200, "{body}");
    let course_id = body["result"]["course"]["_id"].as_str().or(body["result"]["_id"].as_str()).expect("id").to_owned();

    let (status, body) = call(&app, Method::DELETE, &path, &admin, None).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["code"], 1005);
    let (_, list) = call(&app, Method::GET, "/api/dashboard/course-types", &admin, None).await;
    let listed = list["result"].as_array().expect("list").iter().find(|t| t["id"] == type_id.as_str()).cloned();
    assert_eq!(listed.expect("listed")["courseCount"], 1);

    let (status, _) = call(&app, Method::DELETE, &format!("/api/dashboard/courses/{course_id}"), &teacher, None).await;
    assert_eq!(status, 200);
    let (status, _) = call(&app, Method::DELETE, &path, &admin, None).await;
    assert_eq!(status, 200);
    let (status, _) = call(&app, Method::DELETE, &path, &admin, None).await;
    assert_eq!(status, 404);
}
