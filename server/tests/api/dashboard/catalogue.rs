//! Catalogue management and the profile's lists, with real sign-ins of demo accounts: ownership (a teacher
//! cannot edit another teacher's course, an admin can), drafts, publication, curriculum, inboxes.

use serde_json::{Value, json};

use crate::{catalogue::spawn_demo_app, helpers::TestApp};

const DEMO_PASSWORD: &str = "Demo@2026";

async fn token(app: &TestApp, username: &str, password: &str) -> String {
    let response = app
        .client
        .post(app.url("/auth/token"))
        .json(&json!({"username": username, "password": password}))
        .send()
        .await
        .expect("sent");
    let body: Value = response.json().await.expect("json");
    body["result"]["token"].as_str().unwrap_or_else(|| panic!("no token for {username}: {body}")).to_owned()
}

async fn call(app: &TestApp, method: reqwest::Method, path: &str, token: &str, body: Option<Value>) -> (u16, Value) {
    app.call(method, path, Some(token), body).await
}

async fn course_id(app: &TestApp, slug: &str, token: &str) -> String {
    let (status, body) = call(app, reqwest::Method::GET, &format!("/api/dashboard/courses/{slug}"), token, None).await;
    assert_eq!(status, 200, "{body}");
    body["result"]["_id"].as_str().expect("id").to_owned()
}

fn new_course(category_id: &str) -> Value {
    json!({
        "title": {"vi": "Lập trình Go căn bản", "en": "Go programming basics"},
        "description": {"vi": "Học Go", "en": "Learn Go"},
        "price": 990000,
        "discount": 690000,
        "level": "beginner",
        "totalSeat": 100,
        "categoryId": category_id
    })
}

async fn first_category(app: &TestApp) -> String {
    let body: Value = app.get("/api/categories").await.json().await.expect("json");
    body["result"][0]["id"].as_str().expect("id").to_owned()
}

#[tokio::test]
async fn a_teacher_cannot_edit_another_teachers_course_but_an_admin_can() {
    let app = spawn_demo_app().await;
    let khoa = token(&app, "nguyenminhkhoa", DEMO_PASSWORD).await;
    let admin = token(&app, "admin01", "Admin@2026").await;
    let rust_course = course_id(&app, "lap-trinh-rust-backend-hieu-nang-cao", &khoa).await;
    let category = first_category(&app).await;
    // A course of another teacher.
    let (_, page) = call(&app, reqwest::Method::GET, "/api/dashboard/courses?pageSize=100", &admin, None).await;
    let other = page["result"]["items"]
        .as_array()
        .expect("items")
        .iter()
        .find(|c| c["instructor"]["name"] != "Nguyễn Minh Khoa" && c["status"] == "published")
        .and_then(|c| c["_id"].as_str().map(str::to_owned))
        .expect("a course of another teacher");

    let (forbidden, _) = call(
        &app,
        reqwest::Method::PUT,
        &format!("/api/dashboard/courses/{other}"),
        &khoa,
        Some(new_course(&category)),
    )
    .await;
    let (hidden, _) = call(
        &app,
        reqwest::Method::PUT,
        &format!("/api/dashboard/courses/{other}/status"),
        &khoa,
        Some(json!({"status": "draft"})),
    )
    .await;
    let (own, _) = call(
        &app,
        reqwest::Method::PUT,
        &format!("/api/dashboard/courses/{rust_course}"),
        &khoa,
        Some(json!({
            "title": {"vi": "Lập trình Rust backend", "en": "Rust backend"},
            "slug": "lap-trinh-rust-backend-hieu-nang-cao",
            "price": 1890000, "level": "advanced", "categoryId": category
        })),
    )
    .await;
    let (by_admin, _) = call(
        &app,
        reqwest::Method::PUT,
        &format!("/api/dashboard/courses/{other}/status"),
        &admin,
        Some(json!({"status": "draft"})),
    )
    .await;

    assert_eq!(forbidden, 403);
    assert_eq!(hidden, 403);
    assert_eq!(own, 200);
    assert_eq!(by_admin, 200);
    assert_eq!(app.get(&format!("/api/courses/{other}")).await.status(), 404, "unpublished by the admin");
}

#[tokio::test]
async fn a_student_cannot_manage_courses() {
    let app = spawn_demo_app().await;
    let student = token(&app, "phanthiyen", DEMO_PASSWORD).await;
    let category = first_category(&app).await;

    let (create, _) =
        call(&app, reqwest::Method::POST, "/api/dashboard/courses", &student, Some(new_course(&category))).await;
    let (list, _) = call(&app, reqwest::Method::GET, "/api/dashboard/courses", &student, None).await;
    let anonymous =
        app.client.post(app.url("/api/dashboard/courses")).json(&new_course(&category)).send().await.expect("sent");

    assert_eq!(create, 403);
    assert_eq!(list, 403);
    assert_eq!(anonymous.status(), 401);
}

#[tokio::test]
async fn a_student_editing_a_course_is_refused_before_the_edit_is_checked() {
    let app = spawn_demo_app().await;
    let student = token(&app, "phanthiyen", DEMO_PASSWORD).await;
    let khoa = token(&app, "nguyenminhkhoa", DEMO_PASSWORD).await;
    let course = course_id(&app, "lap-trinh-rust-backend-hieu-nang-cao", &khoa).await;
    let path = |tail: &str| format!("/api/dashboard/courses/{course}{tail}");
    let untitled = json!({"sections": [{"title": {"vi": "", "en": ""}, "lessons": []}]});

    let (status, _) = call(&app, reqwest::Method::PUT, &path("/status"), &student, Some(json!({"status": "x"}))).await;
    let (curriculum, _) = call(&app, reqwest::Method::PUT, &path("/curriculum"), &student, Some(untitled)).await;
    let (details, _) = call(&app, reqwest::Method::PUT, &path(""), &student, Some(new_course(""))).await;

    assert_eq!([status, curriculum, details], [403, 403, 403], "the role first, not what is wrong with the edit");
}

#[tokio::test]
async fn a_teacher_creates_a_draft_adds_a_curriculum_and_publishes_it() {
    let app = spawn_demo_app().await;
    let khoa = token(&app, "nguyenminhkhoa", DEMO_PASSWORD).await;
    let category = first_category(&app).await;

    let (created, body) =
        call(&app, reqwest::Method::POST, "/api/dashboard/courses", &khoa, Some(new_course(&category))).await;
    assert_eq!(created, 200, "{body}");
    let id = body["result"]["_id"].as_str().expect("id").to_owned();
    assert_eq!(body["result"]["status"], "draft");
    assert_eq!(body["result"]["slug"], "lap-trinh-go-can-ban");
    let before: Value = app.get("/api/courses?search=lap%20trinh%20go").await.json().await.expect("json");
    assert_eq!(before["result"]["total"], 0, "drafts are not listed");

    let curriculum = json!({"sections": [
        {"title": {"vi": "Mở đầu", "en": "Intro"}, "lessons": [
            {"title": {"vi": "Giới thiệu", "en": "Welcome"}, "durationSeconds": 120, "videoUrl": "https://www.youtube.com/embed/aqz-KE-bpKQ", "freePreview": true},
            {"title": {"vi": "Cài đặt", "en": "Setup"}, "durationSeconds": 300, "videoUrl": "https://player.vimeo.com/video/76979871"}
        ]},
        {"title": {"vi": "Cú pháp", "en": "Syntax"}, "lessons": [
            {"title": {"vi": "Biến", "en": "Variables"}, "durationSeconds": 600, "videoUrl": "https://www.youtube.com/embed/eRsGyueVLvQ"}
        ]}
    ]});
    let (saved, detail) =
        call(&app, reqwest::Method::PUT, &format!("/api/dashboard/courses/{id}/curriculum"), &khoa, Some(curriculum))
            .await;
    assert_eq!(saved, 200, "{detail}");
    assert_eq!(detail["result"]["lessonCount"], 3);
    assert_eq!(detail["result"]["durationSeconds"], 1020);
    let third = &detail["result"]["sections"][1]["lessons"][0]["videoUrl"];
    assert_eq!(third, "https://www.youtube.com/embed/eRsGyueVLvQ", "the owner sees all");

    let (published, _) = call(
        &app,
        reqwest::Method::PUT,
        &format!("/api/dashboard/courses/{id}/status"),
        &khoa,
        Some(json!({"status": "published"})),
    )
    .await;
    let after: Value = app.get("/api/courses?search=lap%20trinh%20go").await.json().await.expect("json");
    let public: Value = app.get(&format!("/api/courses/{id}")).await.json().await.expect("json");
    let (mine, own_list) = call(&app, reqwest::Method::GET, "/courses/instructor", &khoa, None).await;

    assert_eq!(published, 200);
    assert_eq!(after["result"]["total"], 1);
    assert!(public["result"]["sections"][1]["lessons"][0]["videoUrl"].is_null(), "visitors see previews only");
    assert_eq!(mine, 200);
    assert!(own_list["result"].as_array().expect("list").iter().any(|c| c["_id"] == id.as_str()));
}

#[tokio::test]
async fn an_invalid_course_is_refused_field_by_field_and_nothing_is_saved() {
    let app = spawn_demo_app().await;
    let khoa = token(&app, "nguyenminhkhoa", DEMO_PASSWORD).await;
    let category = first_category(&app).await;
    let mut body = new_course(&category);
    body["discount"] = json!(990000);
    body["title"]["vi"] = json!(" ");

    let (status, answer) = call(&app, reqwest::Method::POST, "/api/dashboard/courses", &khoa, Some(body)).await;
    let (bad_lesson, _) = call(
        &app,
        reqwest::Method::PUT,
        "/api/dashboard/courses/lap-trinh-rust-backend-hieu-nang-cao/curriculum",
        &khoa,
        Some(json!({"sections": [{"title": {"vi": "A", "en": "A"}, "lessons": [{"title": {"vi": "", "en": ""}}]}]})),
    )
    .await;
    let rust: Value = app.get("/api/courses/lap-trinh-rust-backend-hieu-nang-cao").await.json().await.expect("json");

    assert_eq!(status, 422);
    assert!(answer["result"]["fields"]["title.vi"].is_string(), "{answer}");
    assert!(answer["result"]["fields"]["discount"].is_string(), "{answer}");
    assert_eq!(bad_lesson, 422);
    assert!(rust["result"]["lessonCount"].as_i64().expect("lessons") > 3, "the curriculum is untouched");
}

#[tokio::test]
async fn the_profile_lists_are_real() {
    let app = spawn_demo_app().await;
    let student = token(&app, "phanthiyen", DEMO_PASSWORD).await;

    let courses = app
        .client
        .post(app.url("/api/course/enroll-list"))
        .bearer_auth(&student)
        .multipart(reqwest::multipart::Form::new())
        .send()
        .await
        .expect("sent");
    let courses: Value = courses.json().await.expect("json");
    let (status, mentorships) =
        call(&app, reqwest::Method::POST, "/api/mentorship-plan/enroll-list", &student, None).await;
    let (teacher_only, _) = call(&app, reqwest::Method::GET, "/courses/instructor", &student, None).await;
    let anonymous = app.client.post(app.url("/api/course/enroll-list")).send().await.expect("sent");

    let list = courses["enrollList"].as_array().expect("enrollList at the top level");
    assert_eq!(list.len(), 3);
    assert!(list.iter().any(|c| c["completed"] == true && c["progress"] == 100));
    assert!(list[0]["instructor"]["name"].is_string());
    assert_eq!(status, 200);
    assert_eq!(mentorships["total"], 3, "two of her own and the demo mentor's, at the top level");
    let booked = &mentorships["enrollList"][0];
    assert!(booked["package"]["short_description"].is_string(), "{booked}");
    assert!(booked["mentor"]["userId"].is_string());
    assert_eq!(teacher_only, 403);
    assert_eq!(anonymous.status(), 401);
}

#[tokio::test]
async fn admins_and_staff_read_the_admission_inbox() {
    let app = spawn_demo_app().await;
    let message = json!({"name": "Lê An", "email": "an@example.vn", "phone": "0912345678", "courseName": "Đồ họa"});
    app.client.post(app.url("/api/contact/admissionMessage")).json(&message).send().await.expect("sent");
    let staff = token(&app, "staff01", "Staff@2026").await;
    let teacher = token(&app, "nguyenminhkhoa", DEMO_PASSWORD).await;

    let (status, inbox) =
        call(&app, reqwest::Method::GET, "/api/dashboard/admission-messages?search=do%20hoa", &staff, None).await;
    let id = inbox["result"]["items"][0]["id"].as_str().expect("id").to_owned();
    let (marked, _) = call(
        &app,
        reqwest::Method::PUT,
        &format!("/api/dashboard/admission-messages/{id}/read"),
        &staff,
        Some(json!({"read": true})),
    )
    .await;
    let (_, unread) =
        call(&app, reqwest::Method::GET, "/api/dashboard/admission-messages?read=false", &staff, None).await;
    let (denied, _) = call(&app, reqwest::Method::GET, "/api/dashboard/admission-messages", &teacher, None).await;

    assert_eq!(status, 200);
    assert_eq!(inbox["result"]["total"], 1);
    assert_eq!(inbox["result"]["unread"], 1);
    assert_eq!(marked, 200);
    assert_eq!(unread["result"]["total"], 0);
    assert_eq!(denied, 403);
}

#[tokio::test]
async fn an_admin_manages_categories_banners_and_the_feed() {
    let app = spawn_demo_app().await;
    let admin = token(&app, "admin01", "Admin@2026").await;
    let teacher = token(&app, "nguyenminhkhoa", DEMO_PASSWORD).await;
    let category =
        json!({"name": {"vi": "Nấu ăn", "en": "Cooking"}, "image": "/demo/category-placeholder.svg", "order": 11});

    let (created, body) =
        call(&app, reqwest::Method::POST, "/api/dashboard/categories", &admin, Some(category.clone())).await;
    let (denied, _) = call(&app, reqwest::Method::POST, "/api/dashboard/categories", &teacher, Some(category)).await;
    let categories: Value = app.get("/api/categories").await.json().await.expect("json");
    let programming = categories["result"][0]["id"].as_str().expect("id").to_owned();
    let (in_use, _) =
        call(&app, reqwest::Method::DELETE, &format!("/api/dashboard/categories/{programming}"), &admin, None).await;
    let (_, feed) = call(&app, reqwest::Method::GET, "/api/dashboard/feed", &admin, None).await;
    let post = feed["result"]["items"][0]["_id"].as_str().expect("id").to_owned();
    let (hidden, _) = call(
        &app,
        reqwest::Method::PUT,
        &format!("/api/dashboard/feed/{post}/status"),
        &admin,
        Some(json!({"status": "hidden"})),
    )
    .await;
    let public_feed: Value = app.get("/api/feed").await.json().await.expect("json");
    let (banner, _) = call(
        &app,
        reqwest::Method::POST,
        "/api/dashboard/banners",
        &admin,
        Some(json!({"title": {"vi": "Khai giảng", "en": "New term"}, "image": "/demo/banner-1.svg", "active": false})),
    )
    .await;
    let public_banners: Value = app.get("/api/banners").await.json().await.expect("json");
    let (_, all_banners) = call(&app, reqwest::Method::GET, "/api/dashboard/banners", &admin, None).await;

    assert_eq!(created, 200, "{body}");
    assert_eq!(denied, 403);
    assert_eq!(categories["result"].as_array().map(Vec::len), Some(11));
    assert_eq!(in_use, 409);
    assert_eq!(hidden, 200);
    assert_eq!(public_feed["result"]["total"], 7);
    assert_eq!(banner, 200);
    assert_eq!(public_banners["result"].as_array().map(Vec::len), Some(3));
    assert_eq!(all_banners["result"].as_array().map(Vec::len), Some(4));
}

#[tokio::test]
async fn a_banner_without_a_title_or_a_picture_is_refused_on_both_fields_and_not_saved() {
    let app = spawn_demo_app().await;
    let admin = token(&app, "admin01", "Admin@2026").await;
    let (_, before) = call(&app, reqwest::Method::GET, "/api/dashboard/banners", &admin, None).await;

    let (missing, missing_body) = call(
        &app,
        reqwest::Method::POST,
        "/api/dashboard/banners",
        &admin,
        Some(json!({"title": {"vi": " ", "en": ""}})),
    )
    .await;
    let (empty, empty_body) = call(
        &app,
        reqwest::Method::POST,
        "/api/dashboard/banners",
        &admin,
        Some(json!({"title": {"vi": "", "en": ""}, "image": "  "})),
    )
    .await;
    let (_, after) = call(&app, reqwest::Method::GET, "/api/dashboard/banners", &admin, None).await;

    for (status, body) in [(missing, missing_body), (empty, empty_body)] {
        assert_eq!(status, 422, "{body}");
        assert_eq!(body["code"], 1006);
        assert!(body["result"]["message"].is_string(), "{body}");
        assert_eq!(
            body["result"]["fields"],
            json!({"name.vi": "Trường này là bắt buộc", "image": "Trường này là bắt buộc"})
        );
    }
    assert_eq!(after["result"].as_array().map(Vec::len), before["result"].as_array().map(Vec::len));
}

#[tokio::test]
async fn a_course_saved_with_an_empty_slug_is_stored_under_the_slug_of_its_vietnamese_title() {
    let app = spawn_demo_app().await;
    let khoa = token(&app, "nguyenminhkhoa", DEMO_PASSWORD).await;
    let category = first_category(&app).await;
    let mut body = new_course(&category);
    body["title"]["vi"] = json!("Thiết kế Đồ họa: cơ bản!");
    body["slug"] = json!("   ");
    body["currency"] = json!(" usd ");

    let (created, answer) = call(&app, reqwest::Method::POST, "/api/dashboard/courses", &khoa, Some(body)).await;
    let (found, stored) =
        call(&app, reqwest::Method::GET, "/api/dashboard/courses/thiet-ke-do-hoa-co-ban", &khoa, None).await;

    assert_eq!(created, 200, "{answer}");
    assert_eq!(answer["result"]["slug"], "thiet-ke-do-hoa-co-ban");
    assert_eq!(found, 200, "{stored}");
    assert_eq!(stored["result"]["_id"], answer["result"]["_id"]);
    assert_eq!(stored["result"]["currency"], "USD");
}

#[tokio::test]
async fn a_course_whose_title_gives_no_slug_is_refused_on_the_slug() {
    let app = spawn_demo_app().await;
    let khoa = token(&app, "nguyenminhkhoa", DEMO_PASSWORD).await;
    let category = first_category(&app).await;
    let mut body = new_course(&category);
    body["title"]["vi"] = json!("!!!");

    let (status, answer) = call(&app, reqwest::Method::POST, "/api/dashboard/courses", &khoa, Some(body)).await;

    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["result"]["fields"], json!({"slug": "Chỉ dùng chữ thường không dấu, chữ số và dấu gạch ngang"}));
}

#[tokio::test]
async fn the_course_editor_reads_every_text_in_both_languages_from_one_answer() {
    let app = spawn_demo_app().await;
    let khoa = token(&app, "nguyenminhkhoa", DEMO_PASSWORD).await;
    let category = first_category(&app).await;
    let mut course = new_course(&category);
    course["whatYouWillLearn"] = json!([{"vi": "Viết API", "en": "Write APIs"}]);
    course["courseBadge"] = json!({"vi": "Mới", "en": "New"});
    let (_, created) = call(&app, reqwest::Method::POST, "/api/dashboard/courses", &khoa, Some(course)).await;
    let id = created["result"]["_id"].as_str().expect("id").to_owned();
    let curriculum = json!({"sections": [{"title": {"vi": "Mở đầu", "en": "Intro"}, "lessons": [
        {"title": {"vi": "Giới thiệu", "en": "Welcome"}, "durationSeconds": 60, "videoUrl": "https://www.youtube.com/embed/aqz-KE-bpKQ"}
    ]}]});
    let curriculum_path = format!("/api/dashboard/courses/{id}/curriculum");
    let (saved, answer) = call(&app, reqwest::Method::PUT, &curriculum_path, &khoa, Some(curriculum)).await;
    assert_eq!(saved, 200, "{answer}");

    let (status, body) = call(&app, reqwest::Method::GET, &format!("/api/dashboard/courses/{id}"), &khoa, None).await;

    assert_eq!(status, 200, "{body}");
    let texts = &body["result"]["texts"];
    assert_eq!(texts["title"], json!({"vi": "Lập trình Go căn bản", "en": "Go programming basics"}));
    assert_eq!(texts["description"], json!({"vi": "Học Go", "en": "Learn Go"}));
    assert_eq!(texts["whatYouWillLearn"], json!([{"vi": "Viết API", "en": "Write APIs"}]));
    assert_eq!(texts["courseBadge"], json!({"vi": "Mới", "en": "New"}));
    assert_eq!(texts["sections"][0]["title"], json!({"vi": "Mở đầu", "en": "Intro"}));
    assert_eq!(texts["sections"][0]["lessons"][0]["title"], json!({"vi": "Giới thiệu", "en": "Welcome"}));
    assert_eq!(texts["sections"][0]["id"], body["result"]["sections"][0]["id"]);
    assert_eq!(body["result"]["title"], "Lập trình Go căn bản", "the page itself stays in the request's language");
}

#[tokio::test]
async fn the_dashboard_lists_categories_and_banners_with_both_languages() {
    let app = spawn_demo_app().await;
    let admin = token(&app, "admin01", "Admin@2026").await;
    let teacher = token(&app, "nguyenminhkhoa", DEMO_PASSWORD).await;
    let student = token(&app, "phanthiyen", DEMO_PASSWORD).await;
    let category =
        json!({"name": {"vi": "Nấu ăn", "en": "Cooking"}, "description": {"vi": "Bếp", "en": "Kitchen"}, "order": 99});
    call(&app, reqwest::Method::POST, "/api/dashboard/categories", &admin, Some(category)).await;
    let banner = json!({"title": {"vi": "Khai giảng", "en": "New term"}, "subtitle": {"vi": "Sắp tới", "en": "Soon"},
        "image": "/demo/banner-1.svg", "active": false, "order": 99});
    call(&app, reqwest::Method::POST, "/api/dashboard/banners", &admin, Some(banner)).await;

    let (listed, categories) = call(&app, reqwest::Method::GET, "/api/dashboard/categories", &teacher, None).await;
    let (denied, _) = call(&app, reqwest::Method::GET, "/api/dashboard/categories", &student, None).await;
    let (_, banners) = call(&app, reqwest::Method::GET, "/api/dashboard/banners", &admin, None).await;

    assert_eq!(listed, 200, "{categories}");
    assert_eq!(denied, 403);
    let cooking =
        categories["result"].as_array().expect("list").iter().find(|c| c["categoryName"] == "Nấu ăn").expect("new");
    assert_eq!(
        cooking["texts"],
        json!({"name": {"vi": "Nấu ăn", "en": "Cooking"}, "description": {"vi": "Bếp", "en": "Kitchen"}})
    );
    assert_eq!(cooking["courseCount"], 0);
    let term = banners["result"].as_array().expect("list").iter().find(|b| b["title"] == "Khai giảng").expect("new");
    assert_eq!(
        term["texts"],
        json!({"title": {"vi": "Khai giảng", "en": "New term"}, "subtitle": {"vi": "Sắp tới", "en": "Soon"}})
    );
    assert_eq!(term["active"], false);
}
