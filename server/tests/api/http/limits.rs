//! Every text the API stores has a maximum (`academy_shared::limits`): a longer value is refused with 422, the
//! field named and the text in the request's language, before anything is stored, hashed or looked up.

use academy_shared::limits::{
    ADDRESS_MAX_CHARS, EMAIL_MAX_CHARS, IMAGE_URL_MAX_CHARS, PERSON_NAME_MAX_CHARS, PHONE_MAX_CHARS, USERNAME_MAX_CHARS,
};
use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::accounts::{PASSWORD, status_json, unique_name};
use crate::helpers::{TestApp, spawn_app};

async fn send(
    app: &TestApp,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
    lang: &str,
) -> (u16, Value) {
    let mut request = app.client.request(method, app.url(path)).header("accept-language", lang);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(body) = body {
        request = request.json(body);
    }
    status_json(request.send().await.expect("request sent")).await
}

/// The start of a body, for a failure's message (bodies here can be megabytes).
fn short(body: &Value) -> String {
    body.to_string().chars().take(300).collect()
}

fn field_names(body: &Value) -> Vec<String> {
    body["result"]["fields"].as_object().map(|f| f.keys().cloned().collect()).unwrap_or_default()
}

/// The probe's registration, scaled to fit the 1 MiB body limit: every text far over its maximum.
fn oversized_registration() -> Value {
    json!({
        "firstName": "F".repeat(100_000),
        "lastName": "L".repeat(100_000),
        "username": "u".repeat(400_000),
        "email": format!("{}@example.com", "e".repeat(300_000)),
        "password": PASSWORD,
        "phoneNumber": "",
        "address": "A".repeat(100_000),
        "dob": null,
        "roleName": "Student",
        "loginType": ""
    })
}

#[tokio::test]
async fn an_oversized_registration_is_refused_with_each_field_named_in_vietnamese_by_default() {
    let app = spawn_app().await;
    // The probe's own body (a 1,000,000-character username) is over the body limit and never read.
    let probe = json!({"username": "u".repeat(1_000_000), "email": "e".repeat(300_000), "password": PASSWORD});
    let (status, _) = send(&app, Method::POST, "/users", None, Some(&probe), "vi").await;
    assert_eq!(status, 413);

    let (status, body) = send(&app, Method::POST, "/users", None, Some(&oversized_registration()), "vi").await;

    assert_eq!(status, 422, "{}", short(&body));
    assert_eq!(body["code"], 1006);
    assert_eq!(field_names(&body), ["address", "email", "firstName", "lastName", "username"]);
    let fields = &body["result"]["fields"];
    assert_eq!(fields["username"], "Trường này tối đa 50 ký tự");
    assert_eq!(fields["email"], "Trường này tối đa 254 ký tự");
    assert_eq!(fields["firstName"], "Trường này tối đa 50 ký tự");
    assert_eq!(fields["address"], "Trường này tối đa 255 ký tự");
    let stored: i64 = sqlx::query_scalar("select count(*) from users").fetch_one(&app.state.pool).await.expect("count");
    assert_eq!(stored, 0, "nothing stored");
}

#[tokio::test]
async fn an_oversized_registration_is_explained_in_english_with_accept_language_en() {
    let app = spawn_app().await;
    let mut body = oversized_registration();
    body["phoneNumber"] = json!("0".repeat(PHONE_MAX_CHARS + 1));

    let (status, body) = send(&app, Method::POST, "/users", None, Some(&body), "en").await;

    assert_eq!(status, 422);
    let fields = &body["result"]["fields"];
    assert_eq!(fields["username"], "This field must be at most 50 characters");
    assert_eq!(fields["lastName"], "This field must be at most 50 characters");
    assert_eq!(fields["phoneNumber"], "This field must be at most 20 characters");
    assert_eq!(body["message"], "This field must be at most 254 characters", "the first field's text: {}", fields);
}

#[tokio::test]
async fn a_registration_at_every_maximum_is_accepted() {
    let app = spawn_app().await;
    let username = format!("{:x<50}", unique_name("max"));
    assert_eq!(username.len(), USERNAME_MAX_CHARS);
    let email = format!("{}@example.com", "e".repeat(EMAIL_MAX_CHARS - "@example.com".len()));
    let body = json!({
        "firstName": "Ấ".repeat(PERSON_NAME_MAX_CHARS), "lastName": "L".repeat(PERSON_NAME_MAX_CHARS),
        "username": username, "email": email, "password": PASSWORD,
        "phoneNumber": "0".repeat(PHONE_MAX_CHARS), "address": "Đ".repeat(ADDRESS_MAX_CHARS),
        "dob": null, "roleName": "Student", "loginType": ""
    });

    let (status, body) = send(&app, Method::POST, "/users", None, Some(&body), "vi").await;

    assert_eq!(status, 200, "{body}");
    assert_eq!(body["result"]["address"].as_str().map(|a| a.chars().count()), Some(ADDRESS_MAX_CHARS));
}

#[tokio::test]
async fn a_sign_in_with_a_megabyte_password_is_refused_before_it_is_hashed() {
    let app = spawn_app().await;
    let user = app.create_user("signer", Role::Student).await;
    let body = json!({"username": user.username, "password": "p".repeat(1_000_000)});

    let (status, body) = send(&app, Method::POST, "/auth/token", None, Some(&body), "en").await;

    assert_eq!(status, 422, "{}", short(&body));
    assert_eq!(field_names(&body), ["password"]);
    assert_eq!(body["result"]["fields"]["password"], "This field must be at most 128 characters");
    let (status, body) = send(
        &app,
        Method::POST,
        "/auth/token",
        None,
        Some(&json!({"username": "u".repeat(51), "password": "x"})),
        "vi",
    )
    .await;
    assert_eq!((status, field_names(&body)), (422, vec!["username".to_owned()]));
    assert_eq!(body["result"]["fields"]["username"], "Trường này tối đa 50 ký tự");
}

#[tokio::test]
async fn oversized_admission_and_contact_messages_name_each_field_in_both_languages() {
    let app = spawn_app().await;
    // A phone number of valid digits padded with dashes passes the digit rule: only its length refuses it.
    let padded_phone = format!("0912-345-678{}", "-".repeat(100_000));
    let admission = json!({
        "name": "N".repeat(200_000), "email": format!("{}@example.vn", "e".repeat(300_000)), "phone": padded_phone,
        "courseName": "C".repeat(100_000), "message": "M".repeat(100_000)
    });
    let contact = json!({
        "name": "An", "email": "an@example.vn", "phone": padded_phone, "subject": "S".repeat(201), "message": "Xin chào"
    });

    let (status, body) = send(&app, Method::POST, "/api/contact/admissionMessage", None, Some(&admission), "vi").await;
    assert_eq!((status, &body["ok"]), (422, &json!(false)));
    assert_eq!(field_names(&body), ["courseName", "email", "message", "name", "phone"]);
    assert_eq!(body["result"]["fields"]["phone"], "Trường này tối đa 20 ký tự");
    assert_eq!(body["result"]["fields"]["message"], "Trường này tối đa 5000 ký tự");

    let (status, body) = send(&app, Method::POST, "/api/contact/message", None, Some(&contact), "en").await;
    assert_eq!(status, 422);
    assert_eq!(field_names(&body), ["phone", "subject"]);
    assert_eq!(body["result"]["fields"]["subject"], "This field must be at most 200 characters");

    for table in ["admission_messages", "contact_messages"] {
        let stored: i64 = sqlx::query_scalar(&format!("select count(*) from {table}"))
            .fetch_one(&app.state.pool)
            .await
            .expect("count");
        assert_eq!(stored, 0, "{table}");
    }
}

#[tokio::test]
async fn a_newsletter_address_over_the_email_maximum_is_refused() {
    let app = spawn_app().await;
    let body = json!({"email": format!("{}@example.vn", "e".repeat(300))});

    let (status, body) = send(&app, Method::POST, "/api/newsletter", None, Some(&body), "en").await;

    assert_eq!(status, 422);
    assert_eq!(body["result"]["fields"]["email"], "This field must be at most 254 characters");
}

/// An admin's token and a category id.
async fn admin_with_category(app: &TestApp) -> (String, String) {
    let (_, token, _) = app.signed_in("admin", Role::Admin).await;
    let category = json!({"name": {"vi": "Lập trình", "en": "Programming"}, "slug": "lap-trinh"});
    let (status, body) =
        send(app, Method::POST, "/api/dashboard/categories", Some(&token), Some(&category), "vi").await;
    assert_eq!(status, 200, "{body}");
    (token, body["result"]["id"].as_str().expect("id").to_owned())
}

#[tokio::test]
async fn a_category_editor_refuses_an_oversized_description_in_both_languages() {
    let app = spawn_app().await;
    let (token, id) = admin_with_category(&app).await;
    let body = json!({
        "name": {"vi": "Lập trình", "en": "Programming"},
        "description": {"vi": "d".repeat(200_000), "en": "d".repeat(10_001)},
        "image": format!("https://cdn.example.vn/{}", "i".repeat(1_000)),
    });

    let (status, vi) =
        send(&app, Method::PUT, &format!("/api/dashboard/categories/{id}"), Some(&token), Some(&body), "vi").await;
    let (_, en) =
        send(&app, Method::PUT, &format!("/api/dashboard/categories/{id}"), Some(&token), Some(&body), "en").await;

    assert_eq!(status, 422, "{}", short(&vi));
    assert_eq!(field_names(&vi), ["description.en", "description.vi", "image"]);
    assert_eq!(vi["result"]["fields"]["description.vi"], "Trường này tối đa 10000 ký tự");
    assert_eq!(en["result"]["fields"]["image"], "This field must be at most 512 characters");
    let stored: String = sqlx::query_scalar("select description_vi from categories where id = $1")
        .bind(&id)
        .fetch_one(&app.state.pool)
        .await
        .expect("row");
    assert_eq!(stored, "", "unchanged");
}

#[tokio::test]
async fn a_course_editor_refuses_each_oversized_text_on_its_field() {
    let app = spawn_app().await;
    let (token, category) = admin_with_category(&app).await;
    let body = json!({
        "title": {"vi": "Lập trình Go", "en": "Go"},
        "description": {"vi": "Học Go", "en": "e".repeat(10_001)},
        "whatYouWillLearn": vec![json!({"vi": "Một dòng", "en": "A line"}); 51],
        "requirements": [{"vi": "r".repeat(501), "en": ""}],
        "thumbnail": format!("https://cdn.example.vn/{}", "t".repeat(IMAGE_URL_MAX_CHARS)),
        "courseBadge": {"vi": "b".repeat(201), "en": ""},
        "price": 990000,
        "categoryId": category,
        "typeId": "t".repeat(65),
        "language": "l".repeat(41)
    });

    let (status, body) = send(&app, Method::POST, "/api/dashboard/courses", Some(&token), Some(&body), "en").await;

    assert_eq!(status, 422, "{}", short(&body));
    assert_eq!(
        field_names(&body),
        ["courseBadge.vi", "description.en", "language", "requirements", "thumbnail", "typeId", "whatYouWillLearn"]
    );
    assert_eq!(body["result"]["fields"]["whatYouWillLearn"], "At most 50 items");
    assert_eq!(body["result"]["fields"]["requirements"], "This field must be at most 500 characters");
    let stored: i64 =
        sqlx::query_scalar("select count(*) from courses").fetch_one(&app.state.pool).await.expect("count");
    assert_eq!(stored, 0);
}

#[tokio::test]
async fn a_curriculum_with_an_oversized_lesson_id_or_video_link_is_refused() {
    let app = spawn_app().await;
    let (token, category) = admin_with_category(&app).await;
    let course = json!({"title": {"vi": "Lập trình Go", "en": "Go"}, "price": 0, "categoryId": category});
    let (status, created) = send(&app, Method::POST, "/api/dashboard/courses", Some(&token), Some(&course), "vi").await;
    assert_eq!(status, 200, "{created}");
    let path = format!("/api/dashboard/courses/{}/curriculum", created["result"]["_id"].as_str().expect("id"));
    let lesson = |id: &str, url: &str| json!({"id": id, "title": {"vi": "Bài 1", "en": "Lesson 1"}, "videoUrl": url});
    let cases = [
        (lesson(&"i".repeat(100_000), ""), "Trường này tối đa 64 ký tự"),
        (lesson("", &format!("https://video.example.vn/{}", "v".repeat(2048))), "Trường này tối đa 2048 ký tự"),
    ];

    for (lesson, text) in cases {
        let body = json!({"sections": [{"title": {"vi": "Chương 1", "en": "Part 1"}, "lessons": [lesson]}]});
        let (status, body) = send(&app, Method::PUT, &path, Some(&token), Some(&body), "vi").await;
        assert_eq!((status, field_names(&body)), (422, vec!["sections".to_owned()]), "{text}");
        assert_eq!(body["result"]["fields"]["sections"], text);
    }
    let stored: i64 =
        sqlx::query_scalar("select count(*) from course_lessons").fetch_one(&app.state.pool).await.expect("count");
    assert_eq!(stored, 0);
}

#[tokio::test]
async fn a_banner_link_and_a_syllabus_of_too_many_subjects_are_refused() {
    let app = spawn_app().await;
    let (token, _) = admin_with_category(&app).await;
    let banner = json!({
        "title": {"vi": "Khai giảng", "en": "Opening"},
        "subtitle": {"vi": "s".repeat(10_001), "en": ""},
        "image": "/files/public/b.png",
        "link": format!("https://academy.example.vn/{}", "l".repeat(2048))
    });
    let (status, body) = send(&app, Method::POST, "/api/dashboard/banners", Some(&token), Some(&banner), "en").await;
    assert_eq!((status, field_names(&body)), (422, vec!["link".to_owned(), "subtitle.vi".to_owned()]));

    let subjects: Vec<String> = (0..50_000).map(|i| format!("s{i}")).collect();
    let syllabus = json!({
        "code": "SYL-1", "name": {"vi": "Lộ trình", "en": "Path"}, "durationWeeks": 12, "subjects": subjects,
        "description": {"vi": "", "en": "d".repeat(10_001)}
    });
    let (status, body) =
        send(&app, Method::POST, "/api/dashboard/syllabuses", Some(&token), Some(&syllabus), "en").await;
    assert_eq!((status, field_names(&body)), (422, vec!["description.en".to_owned(), "subjects".to_owned()]));
    assert_eq!(body["result"]["fields"]["subjects"], "At most 100 items");
}

#[tokio::test]
async fn searches_longer_than_a_hundred_characters_are_refused() {
    let app = spawn_app().await;
    let (_, token, _) = app.signed_in("admin", Role::Admin).await;
    let long = "a".repeat(101);

    let (status, body) = send(&app, Method::GET, &format!("/api/courses?search={long}"), None, None, "en").await;
    assert_eq!((status, field_names(&body)), (422, vec!["search".to_owned()]));
    assert_eq!(body["result"]["fields"]["search"], "This field must be at most 100 characters");
    let (status, _) = send(&app, Method::GET, &format!("/api/courses?search={}", &long[..100]), None, None, "en").await;
    assert_eq!(status, 200);

    for path in ["/users", "/api/dashboard/courses", "/api/dashboard/contact-messages", "/api/dashboard/subjects"] {
        let (status, body) = send(&app, Method::GET, &format!("{path}?search={long}"), Some(&token), None, "vi").await;
        assert_eq!((status, field_names(&body)), (422, vec!["search".to_owned()]), "{path}");
    }
    let (status, body) =
        send(&app, Method::GET, &format!("/api/courses?category={}", "c".repeat(121)), None, None, "vi").await;
    assert_eq!((status, field_names(&body)), (422, vec!["category".to_owned()]));
}

#[tokio::test]
async fn a_page_of_twenty_users_at_every_maximum_stays_under_fifty_kilobytes() {
    let app = spawn_app().await;
    let (_, admin, _) = app.signed_in("admin", Role::Admin).await;
    for i in 0..20 {
        let username = format!("{i:02}{}", "u".repeat(USERNAME_MAX_CHARS - 2));
        let email = format!("{i:02}{}@example.com", "e".repeat(EMAIL_MAX_CHARS - 2 - "@example.com".len()));
        let body = json!({
            "firstName": "Ấ".repeat(PERSON_NAME_MAX_CHARS), "lastName": "Ư".repeat(PERSON_NAME_MAX_CHARS),
            "username": username, "email": email, "password": PASSWORD,
            "phoneNumber": "0".repeat(PHONE_MAX_CHARS), "address": "Đ".repeat(ADDRESS_MAX_CHARS),
            "dob": "2000-01-31", "roleName": "Student", "loginType": ""
        });
        let (status, created) = send(&app, Method::POST, "/users", None, Some(&body), "vi").await;
        assert_eq!(status, 200, "{created}");
        // The avatar at its maximum, as a profile update would store it.
        let avatar =
            format!("https://cdn.example.vn/{}", "a".repeat(IMAGE_URL_MAX_CHARS - "https://cdn.example.vn/".len()));
        sqlx::query("update users set avatar = $1 where id = $2")
            .bind(&avatar)
            .bind(created["result"]["userId"].as_str().expect("id"))
            .execute(&app.state.pool)
            .await
            .expect("avatar set");
    }

    let response = app.client.get(app.url("/users?pageSize=20")).bearer_auth(&admin).send().await.expect("sent");
    let bytes = response.bytes().await.expect("body");

    let page: Value = serde_json::from_slice(&bytes).expect("json");
    assert_eq!(page["result"]["items"].as_array().map(Vec::len), Some(20));
    assert!(bytes.len() < 50_000, "{} bytes", bytes.len());
}

#[tokio::test]
async fn a_name_or_phone_with_a_line_break_is_refused_at_registration_and_in_the_profile() {
    let app = spawn_app().await;
    let username = unique_name("crlf");
    let registration = json!({
        "firstName": "An\r\nBcc: victim@example.com", "lastName": "Lê", "username": username,
        "email": format!("{username}@example.com"), "password": PASSWORD, "phoneNumber": "0901\n234",
        "address": "", "dob": null, "roleName": "Student", "loginType": ""
    });

    let (status, vi) = send(&app, Method::POST, "/users", None, Some(&registration), "vi").await;

    assert_eq!(status, 422, "{}", short(&vi));
    assert_eq!(field_names(&vi), ["firstName", "phoneNumber"]);
    assert_eq!(vi["result"]["fields"]["firstName"], "Trường này không được chứa ký tự xuống dòng hay ký tự điều khiển");
    let (user, token, _) = app.signed_in("profile", Role::Student).await;
    let profile = json!({"firstName": "Lan", "lastName": "Lê\tVăn", "email": user.email});
    let (status, en) =
        send(&app, Method::PUT, &format!("/users/{}", user.id), Some(&token), Some(&profile), "en").await;
    assert_eq!(status, 422, "{}", short(&en));
    assert_eq!(en["result"]["fields"]["lastName"], "This field must not contain line breaks or control characters");
    let stored: Option<String> = sqlx::query_scalar("select last_name from users where id = $1")
        .bind(&user.id)
        .fetch_one(&app.state.pool)
        .await
        .expect("row");
    assert!(stored.is_none_or(|name| !name.contains('\t')));
}

#[tokio::test]
async fn a_course_thumbnail_is_a_web_link_or_a_picture_of_this_site() {
    let app = spawn_app().await;
    let (token, category) = admin_with_category(&app).await;
    let course = |thumbnail: &str| json!({"title": {"vi": "Lập trình Go", "en": "Go"}, "price": 0, "categoryId": category, "thumbnail": thumbnail});

    for thumbnail in
        ["javascript:alert(document.cookie)", "data:image/svg+xml,<svg onload=alert(1)>", "//evil.example/x.png"]
    {
        let (status, body) =
            send(&app, Method::POST, "/api/dashboard/courses", Some(&token), Some(&course(thumbnail)), "vi").await;
        assert_eq!((status, field_names(&body)), (422, vec!["thumbnail".to_owned()]), "{thumbnail}");
        assert_eq!(
            body["result"]["fields"]["thumbnail"],
            "Ảnh phải là liên kết http hoặc https, hoặc ảnh được tải lên tại đây"
        );
    }
    let stored: i64 =
        sqlx::query_scalar("select count(*) from courses").fetch_one(&app.state.pool).await.expect("count");
    assert_eq!(stored, 0);
    for (n, thumbnail) in
        ["https://cdn.example.vn/go.png", "/files/public/thumbnails/0190a0b0c0d0e0f0.png"].iter().enumerate()
    {
        let mut body = course(thumbnail);
        body["title"]["vi"] = json!(format!("Lập trình Go {n}"));
        let (status, body) = send(&app, Method::POST, "/api/dashboard/courses", Some(&token), Some(&body), "vi").await;
        assert_eq!(status, 200, "{thumbnail}: {}", short(&body));
    }
}

#[tokio::test]
async fn a_curriculum_beyond_a_courses_limits_is_refused_on_its_field() {
    let app = spawn_app().await;
    let (token, category) = admin_with_category(&app).await;
    let course = json!({"title": {"vi": "Lập trình Go", "en": "Go"}, "price": 0, "categoryId": category});
    let (status, created) = send(&app, Method::POST, "/api/dashboard/courses", Some(&token), Some(&course), "vi").await;
    assert_eq!(status, 200, "{created}");
    let path = format!("/api/dashboard/courses/{}/curriculum", created["result"]["_id"].as_str().expect("id"));
    let lesson = json!({"title": {"vi": "Bài", "en": "Lesson"}, "durationSeconds": 60});
    let sections = |count: usize, lessons: usize| {
        let section = json!({"title": {"vi": "Chương", "en": "Part"}, "lessons": vec![lesson.clone(); lessons]});
        json!({"sections": vec![section; count]})
    };
    let cases = [
        (sections(51, 1), "vi", "Một khóa học có tối đa 50 chương"),
        (sections(1, 101), "en", "A section has at most 100 lessons"),
        (sections(6, 100), "vi", "Một khóa học có tối đa 500 bài học"),
    ];

    for (body, lang, text) in cases {
        let (status, body) = send(&app, Method::PUT, &path, Some(&token), Some(&body), lang).await;
        assert_eq!((status, field_names(&body)), (422, vec!["sections".to_owned()]), "{text}");
        assert_eq!(body["result"]["fields"]["sections"], text);
    }
    let stored: i64 =
        sqlx::query_scalar("select count(*) from course_lessons").fetch_one(&app.state.pool).await.expect("count");
    assert_eq!(stored, 0);
    let (status, body) = send(&app, Method::PUT, &path, Some(&token), Some(&sections(5, 100)), "vi").await;
    assert_eq!(status, 200, "500 lessons in all is the limit: {}", short(&body));
}
