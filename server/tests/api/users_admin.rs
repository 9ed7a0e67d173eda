//! The users admin (ADMIN and STAFF): `GET /users`, `PATCH /users/{id}/role`, `PATCH /users/{id}/status`,
//! `POST /users/staff`, and the last-admin protection.

use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::json;

use crate::accounts::{PASSWORD, status_json, unique_name};
use crate::helpers::spawn_app;

#[tokio::test]
async fn admins_and_staff_list_search_and_filter_users_others_get_403() {
    let app = spawn_app().await;
    let (_, admin, _) = app.signed_in("admin", Role::Admin).await;
    let (_, staff, _) = app.signed_in("staffer", Role::Staff).await;
    let (_, student, _) = app.signed_in("student", Role::Student).await;
    let teacher = app.create_user("zebrateacher", Role::Teacher).await;

    for token in [&admin, &staff] {
        let (status, body) = status_json(app.send(Method::GET, "/users?page=1&pageSize=2", Some(token), None).await).await;
        assert_eq!(status, 200, "{body}");
        let result = &body["result"];
        assert_eq!((result["total"].as_i64(), result["pageSize"].as_i64(), result["totalPages"].as_i64()), (Some(4), Some(2), Some(2)));
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

    let (status, body) =
        status_json(app.send(Method::PATCH, &format!("/users/{}/role", user.id), Some(&admin), Some(json!({"role": "staff"}))).await).await;

    assert_eq!(status, 200, "{body}");
    assert_eq!(body["result"]["roleName"], "STAFF");
    assert_eq!(status_json(app.send(Method::GET, "/users", Some(&token), None).await).await.0, 200);
    let bad = app.send(Method::PATCH, &format!("/users/{}/role", user.id), Some(&admin), Some(json!({"role": "king"}))).await;
    assert_eq!(bad.status(), 422);
}

#[tokio::test]
async fn staff_cannot_make_admins_nor_touch_admins() {
    let app = spawn_app().await;
    let (admin_user, _, _) = app.signed_in("admin", Role::Admin).await;
    let (_, staff, _) = app.signed_in("staffer", Role::Staff).await;
    let student = app.create_user("student", Role::Student).await;

    let grant = app.send(Method::PATCH, &format!("/users/{}/role", student.id), Some(&staff), Some(json!({"role": "ADMIN"}))).await;
    assert_eq!(grant.status(), 403);
    let demote = app.send(Method::PATCH, &format!("/users/{}/role", admin_user.id), Some(&staff), Some(json!({"role": "STUDENT"}))).await;
    assert_eq!(demote.status(), 403);
    let lock = app.send(Method::PATCH, &format!("/users/{}/status", admin_user.id), Some(&staff), Some(json!({"status": "locked"}))).await;
    assert_eq!(lock.status(), 403);
    let teacher = app.send(Method::PATCH, &format!("/users/{}/role", student.id), Some(&staff), Some(json!({"role": "TEACHER"}))).await;
    assert_eq!(teacher.status(), 200);
    let create = app
        .send(Method::POST, "/users/staff", Some(&staff), Some(json!({"username": unique_name("staff"), "email": "s@example.com", "password": PASSWORD})))
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
    let lock = app.send(Method::PATCH, &format!("/users/{}/status", admin.id), Some(&token), Some(json!({"status": "locked"}))).await;
    assert_eq!(lock.status(), 409);

    // With a second admin, the first may step down.
    let second = app.create_user("second", Role::Admin).await;
    let demote = app.send(Method::PATCH, &format!("/users/{}/role", admin.id), Some(&token), Some(json!({"role": "STAFF"}))).await;
    assert_eq!(demote.status(), 200);
    let (_, second_token, _) = (second.clone(), app.login(&second.username, PASSWORD).await.0, ());
    let lock_last = app.send(Method::PATCH, &format!("/users/{}/status", second.id), Some(&second_token), Some(json!({"status": "locked"}))).await;
    assert_eq!(lock_last.status(), 409);
}

#[tokio::test]
async fn locking_ends_sessions_and_unlocking_allows_login_again() {
    let app = spawn_app().await;
    let (_, staff, _) = app.signed_in("staffer", Role::Staff).await;
    let (user, token, _) = app.signed_in("lockme", Role::Teacher).await;
    let path = format!("/users/{}/status", user.id);

    let (status, body) = status_json(app.send(Method::PATCH, &path, Some(&staff), Some(json!({"status": "locked"}))).await).await;
    assert_eq!((status, body["result"]["status"].as_str()), (200, Some("locked")));
    assert_eq!(status_json(app.send(Method::GET, "/users/my-info", Some(&token), None).await).await.0, 401);

    let (status, body) = status_json(app.send(Method::PATCH, &path, Some(&staff), Some(json!({"status": "active"}))).await).await;
    assert_eq!((status, body["result"]["status"].as_str()), (200, Some("active")));
    app.login(&user.username, PASSWORD).await;
    assert_eq!(app.send(Method::PATCH, &path, Some(&staff), Some(json!({"status": "gone"}))).await.status(), 422);
    assert_eq!(app.send(Method::PATCH, "/users/nobody/status", Some(&staff), Some(json!({"status": "locked"}))).await.status(), 404);
}

#[tokio::test]
async fn an_admin_creates_a_staff_account_under_the_registration_rules() {
    let app = spawn_app().await;
    let (_, admin, _) = app.signed_in("admin", Role::Admin).await;
    let username = unique_name("staff");
    let body = json!({"username": username, "email": format!("{username}@example.com"), "password": PASSWORD, "firstName": "Mai", "lastName": "Tran"});

    let (status, created) = status_json(app.send(Method::POST, "/users/staff", Some(&admin), Some(body.clone())).await).await;

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
