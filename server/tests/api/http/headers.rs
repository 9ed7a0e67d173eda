//! Transport and caching headers: HSTS only when the site is served over https, `no-store` on what belongs to
//! one signed-in person and on token answers, while the public catalogue stays cacheable.

use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::json;

use crate::helpers::{spawn_app, spawn_app_with};

const HSTS: &str = "max-age=63072000; includeSubDomains";

#[tokio::test]
async fn a_site_published_over_https_sends_hsts_on_every_response() {
    let app = spawn_app_with(|config| config.public_url = Some("https://academy.example".to_owned())).await;

    for path in ["/", "/healthz", "/api/courses", "/api/nothing", crate::helpers::ASSET] {
        let response = app.get(path).await;

        let hsts = response.headers().get("strict-transport-security").map(|v| v.to_str().expect("ascii").to_owned());
        assert_eq!(hsts.as_deref(), Some(HSTS), "{path}");
    }
}

#[tokio::test]
async fn a_site_published_over_http_sends_no_hsts() {
    let plain = spawn_app().await;
    let http = spawn_app_with(|config| config.public_url = Some("http://academy.local".to_owned())).await;

    for app in [&plain, &http] {
        let response = app.get("/").await;
        assert!(!response.headers().contains_key("strict-transport-security"), "{:?}", app.state.config.public_url);
    }
}

#[tokio::test]
async fn a_request_that_came_over_https_through_a_trusted_proxy_gets_hsts() {
    let behind_proxy = spawn_app_with(|config| {
        config.public_url = None;
        config.trusted_proxies = vec!["127.0.0.1/32".parse().expect("a range")];
    })
    .await;
    let exposed = spawn_app().await;
    let over = |app: &crate::helpers::TestApp, proto: &str| {
        app.client.get(app.url("/api/courses")).header("x-forwarded-proto", proto).send()
    };

    let https = over(&behind_proxy, "https").await.expect("sent");
    let http = over(&behind_proxy, "http").await.expect("sent");
    let claimed = over(&exposed, "https").await.expect("sent");

    assert_eq!(https.headers().get("strict-transport-security").map(|v| v.as_bytes()), Some(HSTS.as_bytes()));
    assert!(!http.headers().contains_key("strict-transport-security"));
    assert!(!claimed.headers().contains_key("strict-transport-security"), "only a trusted proxy's word counts");
}

#[tokio::test]
async fn answers_to_signed_in_requests_are_never_stored() {
    let app = spawn_app().await;
    let (user, token, _) = app.signed_in("nostore", Role::Admin).await;

    let paths = ["/users/my-info", "/users", "/api/admin/outbox", "/api/courses", "/api/nothing"];
    for path in paths {
        let response = app.send(Method::GET, path, Some(&token), None).await;

        let cache_control = response.headers().get("cache-control").map(|v| v.to_str().expect("ascii").to_owned());
        assert_eq!(cache_control.as_deref(), Some("no-store"), "{path}");
    }
    let profile = json!({"firstName": "Lan", "lastName": "Le", "email": user.email});
    let response = app.send(Method::PUT, &format!("/users/{}", user.id), Some(&token), Some(profile)).await;
    assert_eq!(response.headers()["cache-control"], "no-store");
}

#[tokio::test]
async fn token_answers_are_never_stored_even_without_a_signed_in_request() {
    let app = spawn_app().await;
    let user = app.create_user("tokens", Role::Student).await;

    let login = app.post_json("/auth/token", json!({"username": user.username, "password": user.password})).await;
    assert_eq!(login.status(), 200);
    assert_eq!(login.headers()["cache-control"], "no-store");
    let body: serde_json::Value = login.json().await.expect("json");
    let refresh = body["result"]["refreshToken"].as_str().expect("refresh token");

    let refreshed = app.post_json("/auth/refresh", json!({"token": refresh})).await;
    assert_eq!(refreshed.status(), 200);
    assert_eq!(refreshed.headers()["cache-control"], "no-store");
    let refused = app.post_json("/auth/token", json!({"username": user.username, "password": "wrong"})).await;
    assert_eq!(refused.headers()["cache-control"], "no-store");
}

#[tokio::test]
async fn the_public_catalogue_and_assets_keep_their_caching() {
    let app = spawn_app().await;

    let list = app.get("/api/courses").await;
    let asset = app.get(crate::helpers::ASSET).await;

    assert!(list.headers().get("cache-control").is_none_or(|v| v != "no-store"));
    assert!(asset.headers()["cache-control"].to_str().expect("ascii").contains("immutable"));
}

/// Reads one HTTP/1.1 answer off `stream`: its status, its `Connection` header and its body (by its length).
async fn read_answer(stream: &mut tokio::net::TcpStream) -> Option<(u16, Option<String>, String)> {
    use tokio::io::AsyncReadExt as _;
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        match tokio::time::timeout(std::time::Duration::from_secs(5), stream.read(&mut byte)).await {
            Ok(Ok(1)) => head.push(byte[0]),
            _ => return None,
        }
    }
    let head = String::from_utf8(head).expect("utf-8 head");
    let status = head.get(9..12)?.parse().ok()?;
    let header = |name: &str| {
        head.lines()
            .filter_map(|line| line.split_once(':'))
            .find(|(n, _)| n.trim().eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim().to_owned())
    };
    let length: usize = header("content-length").and_then(|v| v.parse().ok()).unwrap_or(0);
    let mut body = vec![0u8; length];
    stream.read_exact(&mut body).await.ok()?;
    Some((status, header("connection"), String::from_utf8_lossy(&body).into_owned()))
}

#[tokio::test]
async fn an_answer_before_the_body_arrives_leaves_the_kept_alive_connection_usable() {
    use tokio::io::AsyncWriteExt as _;
    let app = spawn_app().await;
    let (_, token, _) = app.signed_in("keepalive", Role::Student).await;
    let host = app.address.trim_start_matches("http://").to_owned();
    let body = format!(r#"{{"title":{{"vi":"{0}","en":"{0}"}}}}"#, "x".repeat(2000));
    let mut stream = tokio::net::TcpStream::connect(&host).await.expect("connected");

    let mut usable = 0;
    for _ in 0..20 {
        let head = format!(
            "POST /api/dashboard/courses HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {token}\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        stream.write_all(head.as_bytes()).await.expect("head sent");
        tokio::time::sleep(std::time::Duration::from_millis(30)).await;
        if stream.write_all(body.as_bytes()).await.is_err() {
            break;
        }
        let Some((status, connection, _)) = read_answer(&mut stream).await else { break };
        assert_eq!(status, 403, "a student may not create courses");
        if connection.is_some_and(|c| c.eq_ignore_ascii_case("close")) {
            // Said, so the client opens a new connection: the same request again then.
            stream = tokio::net::TcpStream::connect(&host).await.expect("connected again");
            continue;
        }
        let next = format!("GET /healthz HTTP/1.1\r\nHost: {host}\r\n\r\n");
        if stream.write_all(next.as_bytes()).await.is_err() {
            break;
        }
        match read_answer(&mut stream).await {
            Some((200, _, _)) => usable += 1,
            _ => break,
        }
    }

    assert_eq!(usable, 20, "the connection carried every following request");
}

#[tokio::test]
async fn an_answer_before_a_large_body_arrives_says_the_connection_closes() {
    use tokio::io::AsyncWriteExt as _;
    let app = spawn_app().await;
    let (_, token, _) = app.signed_in("bigbody", Role::Student).await;
    let host = app.address.trim_start_matches("http://").to_owned();
    let mut stream = tokio::net::TcpStream::connect(&host).await.expect("connected");

    let head = format!(
        "POST /api/dashboard/courses HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nContent-Length: 300000\r\n\r\n{{\"title\":"
    );
    stream.write_all(head.as_bytes()).await.expect("head sent");
    let (status, connection, _) = read_answer(&mut stream).await.expect("an answer");

    assert_eq!(status, 403);
    assert_eq!(connection.as_deref(), Some("close"));
}
