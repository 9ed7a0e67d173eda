//! Online rooms: who sees a room and when it opens (participants and administrators only, 10 minutes before the
//! start until 15 minutes after the end, never when cancelled), the engine of a large room and its signed
//! token, and the signalling socket (tickets for one room and one minute, offers and answers relayed between two
//! people, join and leave seen by the others, a fifth person refused).

use std::time::Duration;

use academy_server::platform::db::{new_id, now_ms};
use academy_shared::{meeting::utc_minute, roles::Role};
use futures_util::{SinkExt as _, StreamExt as _};
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use reqwest::Method;
use serde_json::{Value, json};
use tokio_tungstenite::{
    MaybeTlsStream, WebSocketStream, connect_async,
    tungstenite::{Error as WsError, Message},
};

use crate::{
    accounts::{TestUser, status_json},
    helpers::{TestApp, spawn_app, spawn_app_with},
};

const MINUTE_MS: i64 = 60_000;
type Socket = WebSocketStream<MaybeTlsStream<tokio::net::TcpStream>>;

/// A teacher with a mentorship plan, in a running app.
struct School {
    app: TestApp,
    teacher: TestUser,
    teacher_token: String,
    plan_id: String,
}

async fn school() -> School {
    school_on(spawn_app().await).await
}

async fn school_on(app: TestApp) -> School {
    let (teacher, teacher_token, _) = app.signed_in("teacher", Role::Teacher).await;
    let body = json!({
        "title": { "vi": "Kèm cặp Rust", "en": "Rust mentoring" },
        "price": 1_000_000,
        "durationValue": 30,
        "durationUnit": "days",
        "sessionsPerPeriod": 4,
        "sessionMinutes": 60,
        "maxMentees": 100,
    });
    let (status, answer) =
        status_json(app.send(Method::POST, "/api/dashboard/mentorship/plans", Some(&teacher_token), Some(body)).await)
            .await;
    assert_eq!(status, 200, "{answer}");
    let plan_id = answer["result"]["id"].as_str().expect("plan id").to_owned();
    School { app, teacher, teacher_token, plan_id }
}

impl School {
    async fn person(&self, prefix: &str, role: Role) -> (TestUser, String) {
        let (user, token, _) = self.app.signed_in(prefix, role).await;
        (user, token)
    }

    /// A session of the teacher with `student_id` from `start` for an hour; its id.
    async fn session(&self, student_id: &str, start: i64, status: &str) -> String {
        let pool = &self.app.state.pool;
        let now = now_ms();
        let booking = new_id();
        sqlx::query(
            "insert into mentorship_enrollments \
             (id, user_id, plan_id, mentor_id, start_at, end_at, created_at, price, currency, updated_at) \
             values ($1, $2, $3, $4, $5, $6, $5, 1000000, 'VND', $5)",
        )
        .bind(&booking)
        .bind(student_id)
        .bind(&self.plan_id)
        .bind(&self.teacher.id)
        .bind(now - 24 * 60 * MINUTE_MS)
        .bind(now + 300 * 24 * 60 * MINUTE_MS)
        .execute(pool)
        .await
        .expect("booking");
        let id = new_id();
        sqlx::query(
            "insert into mentorship_sessions \
             (id, enrollment_id, teacher_id, student_id, start_at, end_at, status, created_at, updated_at) \
             values ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
        )
        .bind(&id)
        .bind(&booking)
        .bind(&self.teacher.id)
        .bind(student_id)
        .bind(start)
        .bind(start + 60 * MINUTE_MS)
        .bind(status)
        .bind(now)
        .execute(pool)
        .await
        .expect("session");
        id
    }

    /// A live class of the teacher from `start` with `seats` and these students registered; its id.
    async fn class(&self, start: i64, seats: i64, students: &[&TestUser]) -> String {
        let pool = &self.app.state.pool;
        let id = new_id();
        sqlx::query(
            "insert into classes (id, teacher_id, topic, plan_id, starts_at, ends_at, seats, taken, created_at, \
             updated_at) values ($1, $2, 'Ownership and borrowing', $3, $4, $5, $6, $7, $8, $8)",
        )
        .bind(&id)
        .bind(&self.teacher.id)
        .bind(&self.plan_id)
        .bind(start)
        .bind(start + 60 * MINUTE_MS)
        .bind(seats)
        .bind(i64::try_from(students.len()).expect("count"))
        .bind(now_ms())
        .execute(pool)
        .await
        .expect("class");
        for student in students {
            sqlx::query(
                "insert into class_registrations (id, class_id, student_id, created_at) values ($1, $2, $3, $4)",
            )
            .bind(new_id())
            .bind(&id)
            .bind(&student.id)
            .bind(now_ms())
            .execute(pool)
            .await
            .expect("registration");
        }
        id
    }

    async fn call(&self, method: Method, path: &str, token: &str) -> (u16, Value) {
        self.app.call_in("en", method, path, Some(token), None).await
    }

    async fn room(&self, id: &str, token: &str) -> (u16, Value) {
        self.call(Method::GET, &format!("/api/meeting/{id}"), token).await
    }

    async fn ticket(&self, id: &str, token: &str) -> (u16, Value) {
        self.call(Method::POST, &format!("/api/meeting/{id}/ticket"), token).await
    }

    fn socket_url(&self, id: &str, ticket: &str) -> String {
        format!("{}/api/meeting/{id}/signal?ticket={ticket}", self.app.address.replacen("http://", "ws://", 1))
    }

    /// Opens the room's socket with a fresh ticket of `token`'s holder.
    async fn connect(&self, id: &str, token: &str) -> Socket {
        let (status, answer) = self.ticket(id, token).await;
        assert_eq!(status, 200, "{answer}");
        let ticket = answer["result"]["ticket"].as_str().expect("ticket");
        connect_async(self.socket_url(id, ticket)).await.expect("socket opened").0
    }
}

/// The status of a refused socket handshake.
async fn handshake_status(url: &str) -> u16 {
    match connect_async(url).await {
        Err(WsError::Http(response)) => response.status().as_u16(),
        Err(e) => panic!("unexpected error {e}"),
        Ok(_) => panic!("the socket opened"),
    }
}

/// The next JSON message of a socket (within 5 s); `Null` when it closed.
async fn next(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(5), socket.next()).await.expect("a message in time");
        match message {
            Some(Ok(Message::Text(text))) => return serde_json::from_str(&text).expect("json"),
            Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return Value::Null,
            Some(Ok(_)) => {}
        }
    }
}

/// The next message of type `kind`, skipping others.
async fn next_of(socket: &mut Socket, kind: &str) -> Value {
    loop {
        let message = next(socket).await;
        assert_ne!(message, Value::Null, "the socket closed before a {kind}");
        if message["type"] == kind {
            return message;
        }
    }
}

async fn send(socket: &mut Socket, message: Value) {
    socket.send(Message::Text(message.to_string().into())).await.expect("sent");
}

#[tokio::test]
async fn participants_and_administrators_get_the_room_and_others_are_refused() {
    let school = school().await;
    let (student, student_token) = school.person("student", Role::Student).await;
    let (_, outsider_token) = school.person("outsider", Role::Student).await;
    let (_, admin_token) = school.person("admin", Role::Admin).await;
    let start = now_ms() + 5 * MINUTE_MS;
    let id = school.session(&student.id, start, "booked").await;

    let (status, answer) = school.room(&id, &student_token).await;
    assert_eq!(status, 200, "{answer}");
    let room = &answer["result"];
    assert_eq!(room["kind"], "session");
    assert_eq!(room["title"], "Rust mentoring");
    assert_eq!(room["open"], true);
    assert_eq!(room["engine"], "p2p");
    assert_eq!(room["iceServers"], json!([]));
    assert_eq!(room["you"]["id"], student.id.as_str());
    let people: Vec<&str> =
        room["participants"].as_array().expect("people").iter().map(|p| p["id"].as_str().expect("id")).collect();
    assert_eq!(people, [school.teacher.id.as_str(), student.id.as_str()]);
    let opens = chrono::DateTime::parse_from_rfc3339(room["opensAt"].as_str().expect("opens")).expect("iso");
    assert_eq!(opens.timestamp_millis(), start - 10 * MINUTE_MS);

    let (status, answer) = school.room(&id, &school.teacher_token).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["result"]["moderator"], true);
    let (status, _) = school.room(&id, &admin_token).await;
    assert_eq!(status, 200);

    let (status, answer) = school.room(&id, &outsider_token).await;
    assert_eq!(status, 403, "{answer}");
    assert!(answer["message"].as_str().expect("text").contains("only its teacher and students"), "{answer}");
    let (status, _) = school.ticket(&id, &outsider_token).await;
    assert_eq!(status, 403);
    let (status, _) = school.room(&new_id(), &student_token).await;
    assert_eq!(status, 404);
    let (status, answer) = school.ticket(&id, &student_token).await;
    assert_eq!(status, 200, "{answer}");
}

#[tokio::test]
async fn a_room_opens_ten_minutes_before_the_start_and_never_when_cancelled() {
    let school = school().await;
    let (student, token) = school.person("student", Role::Student).await;
    let start = now_ms() + 30 * MINUTE_MS;
    let early = school.session(&student.id, start, "booked").await;

    let (status, answer) = school.room(&early, &token).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["result"]["open"], false);
    assert_eq!(answer["result"]["refusal"], "notYetOpen");
    let (status, answer) = school.ticket(&early, &token).await;
    assert_eq!(status, 409, "{answer}");
    let opening = utc_minute(start - 10 * MINUTE_MS);
    assert!(answer["message"].as_str().expect("text").contains(&opening), "{answer} names {opening}");

    let cancelled = school.session(&student.id, now_ms() + 2 * MINUTE_MS, "cancelled").await;
    let (status, answer) = school.ticket(&cancelled, &token).await;
    assert_eq!(status, 409, "{answer}");
    assert_eq!(answer["message"], "This class was cancelled.");

    let over = school.session(&student.id, now_ms() - 80 * MINUTE_MS, "booked").await;
    let (status, answer) = school.ticket(&over, &token).await;
    assert_eq!(status, 409, "{answer}");
    assert_eq!(answer["message"], "This class has ended.");
}

#[tokio::test]
async fn two_people_exchange_an_offer_and_an_answer_and_see_each_other_join_and_leave() {
    let school = school().await;
    let (student, token) = school.person("student", Role::Student).await;
    let id = school.session(&student.id, now_ms() + 5 * MINUTE_MS, "booked").await;

    let mut teacher = school.connect(&id, &school.teacher_token).await;
    let welcome = next_of(&mut teacher, "welcome").await;
    assert_eq!(welcome["peers"], json!([]));
    let mut pupil = school.connect(&id, &token).await;
    let welcome = next_of(&mut pupil, "welcome").await;
    assert_eq!(welcome["peers"][0]["id"], school.teacher.id.as_str());
    let joined = next_of(&mut teacher, "join").await;
    assert_eq!(joined["from"], student.id.as_str());
    assert_eq!(joined["fromName"], "User Test");

    send(&mut teacher, json!({ "type": "offer", "to": student.id, "sdp": "v=0 offer", "from": "forged" })).await;
    let offer = next_of(&mut pupil, "offer").await;
    assert_eq!(offer["sdp"], "v=0 offer");
    assert_eq!(offer["from"], school.teacher.id.as_str(), "the sender is the server's to say");
    send(&mut pupil, json!({ "type": "answer", "to": school.teacher.id, "sdp": "v=0 answer" })).await;
    let answer = next_of(&mut teacher, "answer").await;
    assert_eq!(answer["sdp"], "v=0 answer");
    assert_eq!(answer["from"], student.id.as_str());

    send(&mut pupil, json!({ "type": "shout" })).await;
    assert_eq!(next(&mut pupil).await["type"], "error");

    pupil.close(None).await.expect("closed");
    let left = next_of(&mut teacher, "leave").await;
    assert_eq!(left["from"], student.id.as_str());
}

#[tokio::test]
async fn a_fifth_person_is_refused_while_four_are_in_the_room() {
    let school = school().await;
    let mut students = Vec::new();
    for _ in 0..4 {
        students.push(school.person("student", Role::Student).await);
    }
    let registered: Vec<&TestUser> = students.iter().map(|(user, _)| user).collect();
    let id = school.class(now_ms() + 5 * MINUTE_MS, 10, &registered).await;

    let mut inside = Vec::new();
    for (_, token) in &students[..4] {
        let mut socket = school.connect(&id, token).await;
        next_of(&mut socket, "welcome").await;
        inside.push(socket);
    }
    let mut fifth = school.connect(&id, &school.teacher_token).await;
    let refused = next(&mut fifth).await;
    assert_eq!(refused["type"], "refused", "{refused}");
    assert_eq!(refused["reason"], "full");
    assert!(refused["message"].as_str().expect("text").contains('4'), "{refused}");
    assert_eq!(next(&mut fifth).await, Value::Null, "then the socket closes");

    inside.pop().expect("one").close(None).await.expect("closed");
    next_of(&mut inside[0], "leave").await;
    let mut now_in = school.connect(&id, &school.teacher_token).await;
    assert_eq!(next_of(&mut now_in, "welcome").await["peers"].as_array().expect("peers").len(), 3);
}

#[tokio::test]
async fn a_ticket_for_another_room_an_expired_or_a_forged_one_is_refused() {
    let school = school().await;
    let (student, token) = school.person("student", Role::Student).await;
    let start = now_ms() + 5 * MINUTE_MS;
    let mine = school.session(&student.id, start, "booked").await;
    let other = school.session(&student.id, start + 120 * MINUTE_MS, "booked").await;
    let (_, answer) = school.ticket(&mine, &token).await;
    let ticket = answer["result"]["ticket"].as_str().expect("ticket").to_owned();

    assert_eq!(handshake_status(&school.socket_url(&other, &ticket)).await, 403);
    let tickets = &school.app.state.meetings.tickets;
    let (expired, _) = tickets.issue(&mine, &student.id, now_ms() / 1000 - 61).expect("issued");
    assert_eq!(handshake_status(&school.socket_url(&mine, &expired)).await, 401);
    assert_eq!(handshake_status(&school.socket_url(&mine, &token)).await, 401, "an access token is no ticket");
    assert_eq!(handshake_status(&school.socket_url(&mine, "forged")).await, 401);
    let (outsider, _) = school.person("outsider", Role::Student).await;
    let (stranger, _) = tickets.issue(&mine, &outsider.id, now_ms() / 1000).expect("issued");
    assert_eq!(handshake_status(&school.socket_url(&mine, &stranger)).await, 403);
}

#[tokio::test]
async fn a_ticket_opens_one_socket_only_on_any_instance() {
    let school = school().await;
    let (student, token) = school.person("student", Role::Student).await;
    let id = school.session(&student.id, now_ms() + 5 * MINUTE_MS, "booked").await;
    let (_, answer) = school.ticket(&id, &token).await;
    let ticket = answer["result"]["ticket"].as_str().expect("ticket").to_owned();
    let url = school.app.state.config.database_url();
    let other = spawn_app_with(move |config| config.database_url = Some(url)).await;
    let other_url =
        format!("{}/api/meeting/{id}/signal?ticket={ticket}", other.address.replacen("http://", "ws://", 1));

    let mut first = connect_async(school.socket_url(&id, &ticket)).await.expect("socket opened").0;
    next_of(&mut first, "welcome").await;

    match connect_async(school.socket_url(&id, &ticket)).await {
        Err(WsError::Http(response)) => {
            assert_eq!(response.status().as_u16(), 401);
            let body = String::from_utf8(response.body().clone().unwrap_or_default()).expect("utf-8");
            assert!(body.contains("đã được dùng"), "{body}");
        }
        Err(e) => panic!("unexpected error {e}"),
        Ok(_) => panic!("a used ticket opened a second socket"),
    }
    assert_eq!(handshake_status(&other_url).await, 401, "another instance refuses it too");
    let mut fresh = school.connect(&id, &token).await;
    next_of(&mut fresh, "welcome").await;
}

fn claims_of(token: &str, secret: &str, audience: Option<&str>) -> Value {
    let mut validation = Validation::new(Algorithm::HS256);
    match audience {
        Some(audience) => validation.set_audience(&[audience]),
        None => validation.validate_aud = false,
    }
    jsonwebtoken::decode::<Value>(token, &DecodingKey::from_secret(secret.as_bytes()), &validation)
        .expect("a valid token")
        .claims
}

#[tokio::test]
async fn a_large_class_runs_on_the_configured_engine_with_a_signed_token() {
    let app = spawn_app_with(|config| {
        config.meeting.livekit_url = Some("wss://livekit.example.com".into());
        config.meeting.livekit_api_key = Some("APIkey".into());
        config.meeting.livekit_api_secret = Some("livekit-secret-of-the-test".into());
    })
    .await;
    let school = school_on(app).await;
    let (student, token) = school.person("student", Role::Student).await;
    let id = school.class(now_ms() + 5 * MINUTE_MS, 20, &[&student]).await;
    let (status, answer) = school.room(&id, &token).await;
    assert_eq!(status, 200, "{answer}");
    let room = &answer["result"];
    assert_eq!(room["kind"], "class");
    assert_eq!(room["title"], "Ownership and borrowing");
    assert_eq!(room["engine"], "livekit");
    assert_eq!(room["large"]["configured"], true);
    let claims = claims_of(room["large"]["token"].as_str().expect("token"), "livekit-secret-of-the-test", None);
    assert_eq!(claims["iss"], "APIkey");
    assert_eq!(claims["sub"], student.id.as_str());
    assert_eq!(claims["video"]["room"], format!("academy-{id}"));
    assert_eq!(claims["video"]["roomJoin"], true);
    assert_eq!(claims["video"]["roomAdmin"], false);

    let app = spawn_app_with(|config| {
        config.meeting.jitsi_domain = Some("meet.example.com".into());
        config.meeting.jitsi_app_id = Some("academy".into());
        config.meeting.jitsi_app_secret = Some("jitsi-secret-of-the-test".into());
        config.meeting.meeting_ice_servers = Some(r#"[{"urls":"turn:turn.example.com:3478"}]"#.into());
        config.meeting.turn_secret = Some("turn-secret".into());
    })
    .await;
    let school = school_on(app).await;
    let id = school.class(now_ms() + 5 * MINUTE_MS, 20, &[]).await;
    let (status, answer) = school.room(&id, &school.teacher_token).await;
    assert_eq!(status, 200, "{answer}");
    let room = &answer["result"];
    assert_eq!(room["engine"], "jitsi");
    let claims = claims_of(room["large"]["token"].as_str().expect("token"), "jitsi-secret-of-the-test", Some("jitsi"));
    assert_eq!(claims["iss"], "academy");
    assert_eq!(claims["sub"], "meet.example.com");
    assert_eq!(claims["room"], format!("academy-{id}"));
    assert_eq!(claims["context"]["user"]["moderator"], true);
    assert!(
        room["large"]["joinUrl"]
            .as_str()
            .expect("url")
            .starts_with(&format!("https://meet.example.com/academy-{id}?jwt="))
    );
    let turn = &room["iceServers"][0];
    assert!(turn["username"].as_str().expect("username").ends_with(&format!(":{}", school.teacher.id)), "{turn}");
    assert!(turn["credential"].as_str().is_some_and(|c| !c.is_empty()), "{turn}");

    let small = school.class(now_ms() + 5 * MINUTE_MS, 3, &[]).await;
    let (_, answer) = school.room(&small, &school.teacher_token).await;
    assert_eq!(answer["result"]["engine"], "p2p", "four people can be in it");
}

#[tokio::test]
async fn without_an_engine_a_large_class_says_it_is_not_configured() {
    let school = school().await;
    let id = school.class(now_ms() + 5 * MINUTE_MS, 20, &[]).await;
    let (status, answer) = school.room(&id, &school.teacher_token).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["result"]["engine"], "none");
    assert_eq!(answer["result"]["large"]["configured"], false);
}

#[tokio::test]
async fn only_the_online_room_page_may_use_the_camera_and_microphone() {
    let app = spawn_app().await;
    let policy = |response: reqwest::Response| {
        response.headers().get("permissions-policy").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned()
    };
    let room = policy(app.get("/meeting?session=s1").await);
    assert!(room.contains("camera=(self)") && room.contains("microphone=(self)"), "{room}");
    assert!(room.contains("display-capture=(self)"), "{room}");
    let home = policy(app.get("/").await);
    assert!(home.contains("camera=()") && home.contains("microphone=()"), "{home}");
    let csp = |response: &reqwest::Response| {
        response.headers().get("content-security-policy").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned()
    };
    assert!(!csp(&app.get("/meeting?session=s1").await).contains("meet.example.com"));

    // With a Jitsi server for large classes, the room's page may frame it and hand it the camera; no other page.
    let jitsi = spawn_app_with(|config| config.meeting.jitsi_domain = Some("meet.example.com".into())).await;
    let page = jitsi.get("/meeting?session=s1").await;
    let room_csp = csp(&page);
    assert!(room_csp.contains("frame-src https://meet.example.com https://www.youtube.com"), "{room_csp}");
    assert!(room_csp.contains("frame-ancestors 'none'") && room_csp.contains("script-src 'self'"), "{room_csp}");
    let room = policy(page);
    assert!(room.contains(r#"camera=(self "https://meet.example.com")"#), "{room}");
    assert!(room.contains(r#"microphone=(self "https://meet.example.com")"#), "{room}");
    let home = jitsi.get("/").await;
    assert!(!csp(&home).contains("meet.example.com"), "only the room's page frames it");
    assert!(policy(home).contains("camera=()"));
}
