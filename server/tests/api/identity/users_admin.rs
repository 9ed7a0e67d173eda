//! The users admin (ADMIN and STAFF): `GET /users`, `PATCH /users/{id}/role`, `PATCH /users/{id}/status`,
//! `POST /users/staff`, and the last-admin protection.

use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::json;

use crate::accounts::{PASSWORD, mails_to, status_json, unique_name};
use crate::helpers::spawn_app;

#[tokio::test]
async fn admins_and_staff_list_search_and_filter_users_others_get_403() {
    let app = spawn_app().await;
    let (_, admin, _) = app.signed_in("admin", Role::Admin).await;
    let (_, staff, _) = app.signed_in("staffer", Role::Staff).await;
    let (_, student, _) = app.signed_in("student", Role::Student).await;
    let teacher = app.create_user("zebrateacher", Role::Teacher).await;

    for token in [&admin, &staff] {
        let (status, body) =
            status_json(app.send(Method::GET, "/users?page=1&pageSize=2", Some(token), None).await).await;
        assert_eq!(status, 200, "{body}");
        let result = &body["result"];
        assert_eq!(
            (result["total"].as_i64(), result["pageSize"].as_i64(), result["totalPages"].as_i64()),
            (Some(4), Some(2), Some(2))
        );
        assert_eq!(result["items"].as_array().map(Vec::len), Some(2));
    }
    let (_, found) = status_json(app.send(Method::GET, "/users?search=ZEBRA", Some(&admin), None).await).await;
    assert_eq!(found["result"]["items"][0]["userId"], teacher.id.as_str());
    assert_eq!(found["result"]["total"], 1);
    let (_, teachers) = status_json(app.send(Method::GET, "/users?role=teacher", Some(&admin), None).await).await;
    assert_eq!(teachers["result"]["total"], 1);
    let (_, none) = status_json(app.send(Method::GET, "/users?search=%25", Some(&admin), None).await).await;
    assert_eq!(none["result"]["total"], 0);

    assert_eq!(status_json(app.send(Method::GET, "/users", Some(&student), None).await).await.0, 403);
    assert_eq!(app.get("/users").await.status(), 401);
}

#[tokio::test]
async fn an_admin_changes_roles_and_the_new_role_applies_to_open_sessions() {
    let app = spawn_app().await;
    let (_, admin, _) = app.signed_in("admin", Role::Admin).await;
    let (user, token, _) = app.signed_in("promote", Role::Student).await;
    assert_eq!(status_json(app.send(Method::GET, "/users", Some(&token), None).await).await.0, 403);

    let (status, body) = status_json(
        app.send(Method::PATCH, &format!("/users/{}/role", user.id), Some(&admin), Some(json!({"role": "staff"})))
            .await,
    )
    .await;

    assert_eq!(status, 200, "{body}");
    assert_eq!(body["result"]["roleName"], "STAFF");
    assert_eq!(status_json(app.send(Method::GET, "/users", Some(&token), None).await).await.0, 200);
    let bad =
        app.send(Method::PATCH, &format!("/users/{}/role", user.id), Some(&admin), Some(json!({"role": "king"}))).await;
    assert_eq!(bad.status(), 422);
}

#[tokio::test]
async fn staff_cannot_make_admins_nor_touch_admins() {
    let app = spawn_app().await;
    let (admin_user, _, _) = app.signed_in("admin", Role::Admin).await;
    let (_, staff, _) = app.signed_in("staffer", Role::Staff).await;
    let student = app.create_user("student", Role::Student).await;

    let grant = app
        .send(Method::PATCH, &format!("/users/{}/role", student.id), Some(&staff), Some(json!({"role": "ADMIN"})))
        .await;
    assert_eq!(grant.status(), 403);
    let demote = app
        .send(Method::PATCH, &format!("/users/{}/role", admin_user.id), Some(&staff), Some(json!({"role": "STUDENT"})))
        .await;
    assert_eq!(demote.status(), 403);
    let lock = app
        .send(
            Method::PATCH,
            &format!("/users/{}/status", admin_user.id),
            Some(&staff),
            Some(json!({"status": "locked"})),
        )
        .await;
    assert_eq!(lock.status(), 403);
    let teacher = app
        .send(Method::PATCH, &format!("/users/{}/role", student.id), Some(&staff), Some(json!({"role": "TEACHER"})))
        .await;
    assert_eq!(teacher.status(), 200);
    let create = app
        .send(
            Method::POST,
            "/users/staff",
            Some(&staff),
            Some(json!({"username": unique_name("staff"), "email": "s@example.com", "password": PASSWORD})),
        )
        .await;
    assert_eq!(create.status(), 403);
}

#[tokio::test]
async fn the_last_active_admin_cannot_be_locked_or_demoted() {
    let app = spawn_app().await;
    let (admin, token, _) = app.signed_in("admin", Role::Admin).await;

    let response = app
        .client
        .patch(app.url(&format!("/users/{}/role", admin.id)))
        .bearer_auth(&token)
        .header("accept-language", "en")
        .json(&json!({"role": "STUDENT"}))
        .send()
        .await
        .expect("sent");
    let (status, body) = status_json(response).await;
    assert_eq!(status, 409);
    assert_eq!(body["result"]["message"], "The last active administrator cannot be locked or demoted.");
    let lock = app
        .send(Method::PATCH, &format!("/users/{}/status", admin.id), Some(&token), Some(json!({"status": "locked"})))
        .await;
    assert_eq!(lock.status(), 409);

    // With a second admin, the first may step down.
    let second = app.create_user("second", Role::Admin).await;
    let demote = app
        .send(Method::PATCH, &format!("/users/{}/role", admin.id), Some(&token), Some(json!({"role": "STAFF"})))
        .await;
    assert_eq!(demote.status(), 200);
    let (_, second_token, _) = (second.clone(), app.login(&second.username, PASSWORD).await.0, ());
    let lock_last = app
        .send(
            Method::PATCH,
            &format!("/users/{}/status", second.id),
            Some(&second_token),
            Some(json!({"status": "locked"})),
        )
        .await;
    assert_eq!(lock_last.status(), 409);
}

#[tokio::test]
async fn locking_ends_sessions_and_unlocking_allows_login_again() {
    let app = spawn_app().await;
    let (_, staff, _) = app.signed_in("staffer", Role::Staff).await;
    let (user, token, _) = app.signed_in("lockme", Role::Teacher).await;
    let path = format!("/users/{}/status", user.id);

    let (status, body) =
        status_json(app.send(Method::PATCH, &path, Some(&staff), Some(json!({"status": "locked"}))).await).await;
    assert_eq!((status, body["result"]["status"].as_str()), (200, Some("locked")));
    assert_eq!(status_json(app.send(Method::GET, "/users/my-info", Some(&token), None).await).await.0, 401);

    let (status, body) =
        status_json(app.send(Method::PATCH, &path, Some(&staff), Some(json!({"status": "active"}))).await).await;
    assert_eq!((status, body["result"]["status"].as_str()), (200, Some("active")));
    app.login(&user.username, PASSWORD).await;
    assert_eq!(app.send(Method::PATCH, &path, Some(&staff), Some(json!({"status": "gone"}))).await.status(), 422);
    assert_eq!(
        app.send(Method::PATCH, "/users/nobody/status", Some(&staff), Some(json!({"status": "locked"}))).await.status(),
        404
    );
}

#[tokio::test]
async fn an_admin_creates_a_staff_account_under_the_registration_rules() {
    let app = spawn_app().await;
    let (_, admin, _) = app.signed_in("admin", Role::Admin).await;
    let username = unique_name("staff");
    let body = json!({"username": username, "email": format!("{username}@example.com"), "password": PASSWORD, "firstName": "Mai", "lastName": "Tran"});

    let (status, created) =
        status_json(app.send(Method::POST, "/users/staff", Some(&admin), Some(body.clone())).await).await;

    assert_eq!(status, 200, "{created}");
    assert_eq!(created["result"]["roleName"], "STAFF");
    assert_eq!(created["result"]["firstName"], "Mai");
    app.login(&username, PASSWORD).await;
    assert_eq!(app.send(Method::POST, "/users/staff", Some(&admin), Some(body)).await.status(), 409);
    let weak = json!({"username": unique_name("staff"), "email": "w@example.com", "password": "weak"});
    assert_eq!(app.send(Method::POST, "/users/staff", Some(&admin), Some(weak)).await.status(), 422);
}

#[tokio::test]
async fn the_first_admin_comes_from_the_environment_settings_once() {
    let username = unique_name("rootadm");
    let name = username.clone();
    let app = crate::helpers::spawn_app_with(move |c| {
        c.admin_username = Some(name.clone());
        c.admin_email = Some(format!("{name}@example.com"));
        c.admin_password = Some(PASSWORD.to_owned());
    })
    .await;

    academy_server::identity::admin::ensure_admin_from_config(&app.state).await.expect("created");
    academy_server::identity::admin::ensure_admin_from_config(&app.state).await.expect("second run is a no-op");

    let (access, _) = app.login(&username, PASSWORD).await;
    let (_, me) = status_json(app.send(Method::GET, "/users/my-info", Some(&access), None).await).await;
    assert_eq!(me["result"]["roleName"], "ADMIN");
}

/// A profile update body: names and an e-mail address.
fn profile(first: &str, last: &str, email: &str) -> serde_json::Value {
    json!({"firstName": first, "lastName": last, "email": email})
}

#[tokio::test]
async fn staff_cannot_take_an_admin_over_by_changing_the_admins_email() {
    let app = spawn_app().await;
    let (admin, admin_token, _) = app.signed_in("admin", Role::Admin).await;
    let (_, staff, _) = app.signed_in("staffer", Role::Staff).await;
    let mailbox = "someone-else@example.com";

    // The attack: point the admin's account at a mailbox the staff member reads...
    let response = app
        .client
        .put(app.url(&format!("/users/{}", admin.id)))
        .bearer_auth(&staff)
        .header("accept-language", "en")
        .json(&profile("Taken", "Over", mailbox))
        .send()
        .await
        .expect("sent");
    let (status, body) = status_json(response).await;
    assert_eq!((status, body["code"].as_i64()), (403, Some(1003)), "{body}");
    assert_eq!(body["result"]["message"], "Staff cannot change an administrator's account.");

    // ... then ask for a reset link there: nothing arrives, the admin's account is unchanged.
    let (status, _) = status_json(app.post_json("/auth/forgot-password", json!({"email": mailbox})).await).await;
    assert_eq!(status, 200);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(mails_to(&app, &admin_token, mailbox).await.is_empty());
    let (_, me) = status_json(app.send(Method::GET, "/users/my-info", Some(&admin_token), None).await).await;
    assert_eq!(
        (me["result"]["email"].as_str(), me["result"]["firstName"].as_str()),
        (Some(admin.email.as_str()), Some("Test"))
    );

    // Not even the name of an admin, with the admin's own address.
    let rename = app
        .send(
            Method::PUT,
            &format!("/users/{}", admin.id),
            Some(&staff),
            Some(profile("Renamed", "Admin", &admin.email)),
        )
        .await;
    assert_eq!(rename.status(), 403);
}

#[tokio::test]
async fn staff_may_not_change_another_staff_members_email_but_may_edit_the_rest() {
    let app = spawn_app().await;
    let (_, staff, _) = app.signed_in("staffer", Role::Staff).await;
    let colleague = app.create_user("colleague", Role::Staff).await;
    let path = format!("/users/{}", colleague.id);

    let (status, body) =
        status_json(app.send(Method::PUT, &path, Some(&staff), Some(profile("Mai", "Tran", "mine@example.com"))).await)
            .await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(body["result"]["message"], "Nhân viên không thể thay đổi email của nhân viên khác.");

    let (status, body) =
        status_json(app.send(Method::PUT, &path, Some(&staff), Some(profile("Mai", "Tran", &colleague.email))).await)
            .await;
    assert_eq!((status, body["result"]["firstName"].as_str()), (200, Some("Mai")), "{body}");
    assert_eq!(body["result"]["email"], colleague.email.as_str());
}

#[tokio::test]
async fn an_admin_changes_anyones_email_at_once_the_old_address_is_told_and_the_sessions_end() {
    let app = spawn_app().await;
    let (_, admin, _) = app.signed_in("admin", Role::Admin).await;
    for role in [Role::Admin, Role::Staff, Role::Teacher] {
        let (user, access, refresh) = app.signed_in("edited", role).await;
        let new_email = format!("moved-{}", user.email);

        let (status, body) = status_json(
            app.send(
                Method::PUT,
                &format!("/users/{}", user.id),
                Some(&admin),
                Some(profile("Lan", "Pham", &new_email)),
            )
            .await,
        )
        .await;

        assert_eq!(status, 200, "{role}: {body}");
        assert_eq!(body["result"]["email"], new_email.as_str(), "{role}");
        assert!(body["result"].get("pendingEmail").is_none(), "{role}: {body}");
        let notices = mails_to(&app, &admin, &user.email).await;
        assert_eq!(notices.len(), 1, "{role}");
        let notice = notices[0]["bodyText"].as_str().expect("body");
        assert!(notice.contains(&new_email) && notice.contains(&user.username), "{notice}");
        assert_eq!(
            status_json(app.send(Method::GET, "/users/my-info", Some(&access), None).await).await.0,
            401,
            "{role}"
        );
        assert_eq!(status_json(app.post_json("/auth/refresh", json!({"token": refresh})).await).await.0, 401, "{role}");
        app.login(&user.username, PASSWORD).await;
    }
}

#[tokio::test]
async fn staff_change_the_email_of_students_and_teachers() {
    let app = spawn_app().await;
    let (_, admin, _) = app.signed_in("admin", Role::Admin).await;
    let (_, staff, _) = app.signed_in("staffer", Role::Staff).await;
    for role in [Role::Student, Role::Teacher] {
        let user = app.create_user("helped", role).await;
        let new_email = format!("fixed-{}", user.email);

        let (status, body) = status_json(
            app.send(Method::PUT, &format!("/users/{}", user.id), Some(&staff), Some(profile("Hoa", "Vo", &new_email)))
                .await,
        )
        .await;

        assert_eq!((status, body["result"]["email"].as_str()), (200, Some(new_email.as_str())), "{role}: {body}");
        assert_eq!(mails_to(&app, &admin, &user.email).await.len(), 1, "{role}: the old address is told");
    }
}

#[tokio::test]
async fn the_user_search_finds_full_names_in_either_order_without_marks() {
    let app = spawn_app().await;
    let (_, admin, _) = app.signed_in("admin", Role::Admin).await;
    let staff = json!({"firstName": "Yến", "lastName": "Phan Thị", "username": unique_name("yen"),
        "email": "yen@example.com", "password": PASSWORD});
    let (status, body) = status_json(app.send(Method::POST, "/users/staff", Some(&admin), Some(staff)).await).await;
    assert_eq!(status, 200, "{body}");
    let yen = body["result"]["userId"].as_str().unwrap_or_default().to_owned();
    let (teacher, token, _) = app.signed_in("khoa", Role::Teacher).await;
    let rename = json!({"firstName": "Khoa", "lastName": "Nguyễn Minh", "email": teacher.email});
    let (status, body) =
        status_json(app.send(Method::PUT, &format!("/users/{}", teacher.id), Some(&token), Some(rename)).await).await;
    assert_eq!(status, 200, "{body}");
    let (other, other_token, _) = app.signed_in("duc", Role::Student).await;
    let rename = json!({"firstName": "Đức Anh", "lastName": "Đặng", "email": other.email});
    let changed = app.send(Method::PUT, &format!("/users/{}", other.id), Some(&other_token), Some(rename)).await;
    assert_eq!(changed.status(), 200);

    let found = |text: &'static str| {
        let app = &app;
        let admin = &admin;
        async move {
            let path = format!("/users?search={}", urlencoding(text));
            let (_, body) = status_json(app.send(Method::GET, &path, Some(admin), None).await).await;
            body["result"]["items"]
                .as_array()
                .map(|items| items.iter().filter_map(|u| u["userId"].as_str().map(str::to_owned)).collect::<Vec<_>>())
                .unwrap_or_default()
        }
    };
    for text in ["Phan Thị Yến", "phan thi yen", "Yến Phan Thị", "YEN PHAN", "thi yen"] {
        assert_eq!(found(text).await, vec![yen.clone()], "{text}");
    }
    for text in ["nguyen minh khoa", "Nguyễn Minh Khoa", "Khoa Nguyen"] {
        assert_eq!(found(text).await, vec![teacher.id.clone()], "{text}");
    }
    for text in ["dang duc anh", "Đức Anh Đặng"] {
        assert_eq!(found(text).await, vec![other.id.clone()], "{text}");
    }
    assert!(found("yen khoa").await.is_empty());
}

/// `text` with every byte outside the unreserved set percent-encoded, for a query string.
fn urlencoding(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}
