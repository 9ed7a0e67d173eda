//! `POST /users` (registration), `GET /users/my-info`, `PUT /users/{userId}`.

use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::accounts::{PASSWORD, status_json, unique_name};
use crate::helpers::{TestApp, spawn_app};

/// The registration payload as the form sends it.
fn registration(username: &str, email: &str, password: &str, role: &str) -> Value {
    json!({
        "firstName": "", "lastName": "", "username": username, "email": email, "password": password,
        "phoneNumber": "", "address": "", "dob": null, "roleName": role, "loginType": ""
    })
}

async fn register(app: &TestApp, body: Value) -> (u16, Value) {
    status_json(app.post_json("/users", body).await).await
}

#[tokio::test]
async fn a_student_registers_and_logs_in() {
    let app = spawn_app().await;
    let username = unique_name("newbie");
    let email = format!("{username}@Example.com");

    let (status, body) = register(&app, registration(&format!("  {username} "), &email, PASSWORD, "Student")).await;

    assert_eq!(status, 200, "{body}");
    assert_eq!(body["code"], 1000);
    assert_eq!(body["result"]["username"], username.as_str());
    assert_eq!(body["result"]["email"], email.as_str());
    assert_eq!(body["result"]["roleName"], "STUDENT");
    assert!(body["result"]["userId"].as_str().is_some());
    assert!(!body.to_string().contains("argon2"), "no hash in {body}");
    app.login(&username, PASSWORD).await;
}

#[tokio::test]
async fn a_teacher_may_register_but_not_an_admin_or_staff() {
    let app = spawn_app().await;
    let teacher = unique_name("teach");
    let (status, body) =
        register(&app, registration(&teacher, &format!("{teacher}@example.com"), PASSWORD, "Teacher")).await;
    assert_eq!((status, body["result"]["roleName"].as_str()), (200, Some("TEACHER")));

    for role in ["ADMIN", "Staff", "superuser"] {
        let name = unique_name("climber");
        let (status, body) = register(&app, registration(&name, &format!("{name}@example.com"), PASSWORD, role)).await;
        assert_eq!(status, 422, "{role}");
        assert!(body["result"]["fields"]["roleName"].is_string(), "{body}");
    }
}

#[tokio::test]
async fn duplicate_usernames_and_emails_are_409_in_any_case() {
    let app = spawn_app().await;
    let existing = app.create_user("taken", Role::Student).await;

    let other = unique_name("other");
    let (status, body) = register(
        &app,
        registration(&existing.username.to_uppercase(), &format!("{other}@example.com"), PASSWORD, "Student"),
    )
    .await;
    assert_eq!((status, body["code"].as_i64()), (409, Some(1005)));
    assert_eq!(body["result"]["message"], "Tên đăng nhập này đã được sử dụng.");

    let (status, body) =
        register(&app, registration(&other, &existing.email.to_uppercase(), PASSWORD, "Student")).await;
    assert_eq!(status, 409);
    assert_eq!(body["result"]["message"], "Email này đã được sử dụng cho một tài khoản khác.");
}

#[tokio::test]
async fn invalid_registrations_get_422_with_the_shared_field_texts() {
    let app = spawn_app().await;

    let response = app
        .client
        .post(app.url("/users"))
        .header("accept-language", "en")
        .json(&registration("abc", "not-an-email", "weakpass", "Student"))
        .send()
        .await
        .expect("sent");
    let (status, body) = status_json(response).await;

    assert_eq!(status, 422);
    assert_eq!(body["code"], 1006);
    let fields = &body["result"]["fields"];
    assert_eq!(fields["username"], "Username must be at least 6 characters");
    assert_eq!(fields["email"], "Please enter a valid email address");
    assert_eq!(fields["password"], "Password is too weak");
}

#[tokio::test]
async fn a_common_password_that_passes_the_checks_is_refused_with_a_clear_message() {
    let app = spawn_app().await;
    let name = unique_name("common");

    let response = app
        .client
        .post(app.url("/users"))
        .header("accept-language", "en")
        .json(&registration(&name, &format!("{name}@example.com"), "P@ssw0rd", "Student"))
        .send()
        .await
        .expect("sent");
    let (status, body) = status_json(response).await;

    assert_eq!(status, 422);
    assert_eq!(
        body["result"]["fields"]["password"],
        "This password is too common and easy to guess. Please choose another one."
    );
    assert_eq!(body["result"]["message"], body["result"]["fields"]["password"]);
}

#[tokio::test]
async fn malformed_registration_json_is_a_400_envelope() {
    let app = spawn_app().await;

    let response = app
        .client
        .post(app.url("/users"))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .expect("sent");

    assert_eq!(status_json(response).await.0, 400);
}

fn profile(first: &str, last: &str, email: &str) -> Value {
    json!({"firstName": first, "lastName": last, "email": email, "phoneNumber": "0901234567", "address": "1 Lê Lợi", "dob": "2000-01-31T00:00:00.000Z"})
}

/// Each update reads the account, then writes it and the courses its name is part of: on SQLite a transaction that
/// began reading could find another one's write in between and fail at once (a 503) instead of waiting its turn.
#[tokio::test]
async fn sixteen_people_saving_their_profiles_at_once_all_succeed() {
    let app = spawn_app().await;
    let mut people = Vec::new();
    for i in 0..16 {
        people.push(app.signed_in(&format!("saver{i}"), Role::Teacher).await);
    }

    let saves = people.iter().map(|(user, token, _)| async {
        let path = format!("/users/{}", user.id);
        status_json(app.send(Method::PUT, &path, Some(token), Some(profile("Lan", "Trần", &user.email))).await).await
    });
    let answers = futures_util::future::join_all(saves).await;

    for (status, body) in &answers {
        assert_eq!(*status, 200, "{body}");
        assert_eq!(body["result"]["lastName"], "Trần");
    }
}

#[tokio::test]
async fn a_user_updates_their_own_profile() {
    let app = spawn_app().await;
    let (user, token, _) = app.signed_in("editor", Role::Student).await;

    let (status, body) = status_json(
        app.send(Method::PUT, &format!("/users/{}", user.id), Some(&token), Some(profile("An", "Nguyễn", &user.email)))
            .await,
    )
    .await;

    assert_eq!(status, 200, "{body}");
    let result = &body["result"];
    assert_eq!((result["firstName"].as_str(), result["lastName"].as_str()), (Some("An"), Some("Nguyễn")));
    assert_eq!(result["email"], user.email.as_str());
    assert!(result.get("pendingEmail").is_none(), "{body}");
    assert_eq!(result["dob"], "2000-01-31");
    assert_eq!(result["phoneNumber"], "0901234567");
    let (_, me) = status_json(app.send(Method::GET, "/users/my-info", Some(&token), None).await).await;
    assert_eq!(me["result"]["address"], "1 Lê Lợi");
}

#[tokio::test]
async fn a_person_keeps_the_academys_time_zone_until_they_choose_a_known_one() {
    let app = spawn_app().await;
    let (user, token, _) = app.signed_in("zoned", Role::Teacher).await;
    let path = format!("/users/{}", user.id);
    let my_zone = async || {
        let (_, me) = status_json(app.send(Method::GET, "/users/my-info", Some(&token), None).await).await;
        me["result"]["timeZone"].clone()
    };
    assert_eq!(my_zone().await, "Asia/Ho_Chi_Minh");

    let mut body = profile("An", "Nguyễn", &user.email);
    body["timeZone"] = json!(" America/New_York ");
    let (status, answer) = status_json(app.send(Method::PUT, &path, Some(&token), Some(body)).await).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["result"]["timeZone"], "America/New_York");
    assert_eq!(my_zone().await, "America/New_York");

    // Saving the profile without a zone keeps the chosen one.
    let (status, _) =
        status_json(app.send(Method::PUT, &path, Some(&token), Some(profile("An", "Nguyễn", &user.email))).await).await;
    assert_eq!(status, 200);
    assert_eq!(my_zone().await, "America/New_York");

    for (wrong, lang, message) in [("Mars/Olympus", "vi", "Múi giờ không hợp lệ"), ("GMT+7", "en", "Unknown time zone")]
    {
        let mut body = profile("An", "Nguyễn", &user.email);
        body["timeZone"] = json!(wrong);
        let response = app
            .client
            .put(app.url(&path))
            .bearer_auth(&token)
            .header("accept-language", lang)
            .json(&body)
            .send()
            .await
            .expect("sent");
        let (status, answer) = status_json(response).await;
        assert_eq!(status, 422, "{wrong}: {answer}");
        assert_eq!(answer["result"]["fields"]["timeZone"], message);
    }
    assert_eq!(my_zone().await, "America/New_York");
}

#[tokio::test]
async fn updating_another_users_profile_is_403_unless_admin_or_staff() {
    let app = spawn_app().await;
    let victim = app.create_user("victim", Role::Student).await;
    let (_, attacker, _) = app.signed_in("attack", Role::Teacher).await;
    let path = format!("/users/{}", victim.id);

    let (status, body) = status_json(
        app.send(Method::PUT, &path, Some(&attacker), Some(profile("Evil", "Doer", "evil@example.com"))).await,
    )
    .await;
    assert_eq!((status, body["code"].as_i64()), (403, Some(1003)));

    for role in [Role::Admin, Role::Staff] {
        let (_, token, _) = app.signed_in("helper", role).await;
        let email = format!("{}-{}", role.as_str().to_lowercase(), victim.email);
        let response = app.send(Method::PUT, &path, Some(&token), Some(profile("Fixed", "Name", &email))).await;
        assert_eq!(response.status(), 200, "{role}");
    }
    assert_eq!(
        status_json(app.send(Method::PUT, &path, None, Some(profile("No", "Token", "x@example.com"))).await).await.0,
        401
    );
}

#[tokio::test]
async fn profile_updates_are_checked_by_the_shared_rules() {
    let app = spawn_app().await;
    let (user, token, _) = app.signed_in("checks", Role::Student).await;
    let path = format!("/users/{}", user.id);
    let body =
        json!({"firstName": "A", "lastName": "", "email": "bad", "dob": "2999-01-01", "avatar": "javascript:alert(1)"});

    let response = app
        .client
        .put(app.url(&path))
        .bearer_auth(&token)
        .header("accept-language", "en")
        .json(&body)
        .send()
        .await
        .expect("sent");
    let (status, body) = status_json(response).await;

    assert_eq!(status, 422);
    let fields = &body["result"]["fields"];
    assert_eq!(fields["firstName"], "First name must be at least 2 characters");
    assert_eq!(fields["lastName"], "Last name is required");
    assert_eq!(fields["email"], "Please enter a valid email");
    assert_eq!(fields["dob"], "Date of birth cannot be later than today");

    let avatar = json!({"firstName": "An", "lastName": "Le", "email": user.email, "avatar": "javascript:alert(1)"});
    assert_eq!(status_json(app.send(Method::PUT, &path, Some(&token), Some(avatar)).await).await.0, 422);
}

#[tokio::test]
async fn taking_another_accounts_email_is_409_and_unknown_users_404() {
    let app = spawn_app().await;
    let other = app.create_user("owner", Role::Student).await;
    let (user, token, _) = app.signed_in("thief", Role::Student).await;
    let (_, admin, _) = app.signed_in("admin", Role::Admin).await;

    let mut taken = profile("An", "Le", &other.email.to_uppercase());
    taken["currentPassword"] = json!(PASSWORD);
    let (status, _) =
        status_json(app.send(Method::PUT, &format!("/users/{}", user.id), Some(&token), Some(taken)).await).await;
    assert_eq!(status, 409);

    let missing = profile("An", "Le", "ghost@example.com");
    assert_eq!(
        status_json(app.send(Method::PUT, "/users/no-such-user", Some(&admin), Some(missing)).await).await.0,
        404
    );
}
