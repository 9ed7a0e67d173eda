//! Crash safety: the real server binary takes a stream of concurrent writes, is killed with SIGKILL in the middle
//! of it and started again on the same data. Every write answered as a success must be stored, exactly once and
//! whole, and nothing may be half-written. Runs on the backend of the test run (a SQLite file in the data dir, or
//! a PostgreSQL database).

use std::{
    io::Write as _,
    path::PathBuf,
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use academy_server::platform::db::Backend;
use base64::Engine as _;
use serde_json::{Value, json};

use crate::{
    accounts::PASSWORD,
    helpers::{backend, postgres_database},
    server_process::Server,
};

/// Concurrent writers.
const WRITERS: usize = 12;
/// The server is killed once this many writes were answered as successes (and every kind has some).
const KILL_AFTER_ACKNOWLEDGED: usize = 150;
/// Accounts registered before the stream starts, for the logins in it.
const LOGIN_ACCOUNTS: usize = 4;

/// One kind of write in the stream: how the n-th is sent, what in its success answer proves it, and how that
/// proof is found in the database. Orders and webhook deliveries join the stream as entries of [`WRITES`].
struct Write {
    name: &'static str,
    /// Method-less POST: path and JSON body of the write with the unique `key` (login writes use an account).
    request: fn(&Stream, &str) -> (&'static str, Value),
    /// The proof of a stored write, from its key and a success answer; `None` when the answer is not a success.
    proof: fn(&str, u16, &Value) -> Option<String>,
    /// Counts the rows holding the proof `$1`, whole: exactly 1 for a stored write.
    stored: &'static str,
    /// Counts every row of this kind the run wrote (`$1` = the run's key pattern), answered or not.
    written: &'static str,
}

const WRITES: &[Write] = &[
    Write {
        name: "registration",
        request: |_, key| {
            let body = json!({
                "firstName": "Crash", "lastName": "Test", "username": key, "email": format!("{key}@example.com"),
                "password": PASSWORD, "phoneNumber": "", "address": "", "dob": null, "roleName": "Student",
                "loginType": ""
            });
            ("/users", body)
        },
        proof: |_, status, body| success(status, body).then(|| body["result"]["userId"].as_str().map(str::to_owned))?,
        stored: "select count(*) from users where id = $1 and password_hash like '$argon2id$%' \
                 and email_lower = lower(email) and role = 'STUDENT' and status = 'active'",
        written: "select count(*) from users where username like $1",
    },
    Write {
        name: "admission message",
        request: |_, key| {
            let body = json!({
                "name": "Lê Văn An", "email": "an@example.vn", "phone": "0912 345 678",
                "courseName": "Lập trình Python", "message": key
            });
            ("/api/contact/admissionMessage", body)
        },
        proof: |key, status, body| (status == 200 && body["ok"] == true).then(|| key.to_owned()),
        stored: "select count(*) from admission_messages where message = $1 and name = 'Lê Văn An' \
                 and course_name = 'Lập trình Python' and search_text <> ''",
        written: "select count(*) from admission_messages where message like $1",
    },
    Write {
        name: "contact message",
        request: |_, key| {
            let body = json!({"name": "Trần Bình", "email": "binh@example.vn", "subject": "Hợp tác", "message": key});
            ("/api/contact/message", body)
        },
        proof: |key, status, body| (status == 200 && body["ok"] == true).then(|| key.to_owned()),
        stored: "select count(*) from contact_messages where message = $1 and subject = 'Hợp tác' \
                 and search_text <> ''",
        written: "select count(*) from contact_messages where message like $1",
    },
    Write {
        name: "newsletter subscription",
        request: |_, key| ("/api/newsletter", json!({"email": format!("{key}@example.com")})),
        proof: |key, status, body| success(status, body).then(|| format!("{key}@example.com")),
        stored: "select count(*) from newsletter_subscriptions where email = $1",
        written: "select count(*) from newsletter_subscriptions where email like $1",
    },
    Write {
        name: "login (session + refresh token)",
        request: |stream, key| {
            let n: usize = key.rsplit('-').next().and_then(|n| n.parse().ok()).unwrap_or(0);
            let username = &stream.accounts[n % stream.accounts.len()];
            ("/auth/token", json!({"username": username, "password": PASSWORD}))
        },
        proof: |_, status, body| {
            success(status, body).then(|| body["result"]["refreshToken"].as_str().and_then(token_id))?
        },
        stored: "select count(*) from refresh_tokens r join sessions s on s.id = r.session_id \
                 where r.id = $1 and r.user_id = s.user_id and s.revoked_at is null",
        written: "select count(*) from sessions where user_id in (select id from users where username like $1)",
    },
];

/// Rows that only a half-written write could leave: each query must count 0.
const HALF_WRITTEN: &[(&str, &str)] = &[
    (
        "sessions without their refresh token",
        "select count(*) from sessions s where not exists (select 1 from refresh_tokens r where r.session_id = s.id)",
    ),
    (
        "refresh tokens without their session",
        "select count(*) from refresh_tokens r where not exists (select 1 from sessions s where s.id = r.session_id)",
    ),
    (
        "accounts without a complete identity",
        "select count(*) from users where password_hash not like '$argon2id$%' or email_lower <> lower(email) \
         or username = ''",
    ),
    ("admission messages without their fields", "select count(*) from admission_messages where search_text = ''"),
    ("contact messages without their fields", "select count(*) from contact_messages where search_text = ''"),
];

fn success(status: u16, body: &Value) -> bool {
    status == 200 && body["code"] == 1000
}

/// The id (`jti`) of a signed token, read from its payload.
fn token_id(token: &str) -> Option<String> {
    let payload = token.split('.').nth(1)?;
    let claims: Value =
        serde_json::from_slice(&base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(payload).ok()?).ok()?;
    claims["jti"].as_str().map(str::to_owned)
}

/// The shared state of the writers.
struct Stream {
    prefix: String,
    accounts: Vec<String>,
    next: AtomicU64,
    stop: AtomicBool,
    sent: AtomicU64,
    answered: AtomicU64,
    /// (kind index, proof) of every write answered as a success.
    acknowledged: Mutex<Vec<(usize, String)>>,
    /// Answers that were neither a success nor a lost connection (must stay empty).
    refused: Mutex<Vec<String>>,
}

impl Stream {
    fn acknowledged_count(&self) -> usize {
        self.acknowledged.lock().expect("lock").len()
    }
}

async fn writer(stream: Arc<Stream>, client: reqwest::Client, base: String) {
    while !stream.stop.load(Ordering::SeqCst) {
        let n = stream.next.fetch_add(1, Ordering::SeqCst);
        let kind = usize::try_from(n).expect("small") % WRITES.len();
        let key = format!("{}{n}", stream.prefix);
        let (path, body) = (WRITES[kind].request)(&stream, &key);
        stream.sent.fetch_add(1, Ordering::SeqCst);
        let answer = client.post(format!("{base}{path}")).json(&body).send().await;
        let Ok(response) = answer else { return };
        let status = response.status().as_u16();
        let Ok(body) = response.json::<Value>().await else { return };
        stream.answered.fetch_add(1, Ordering::SeqCst);
        match (WRITES[kind].proof)(&key, status, &body) {
            Some(proof) => stream.acknowledged.lock().expect("lock").push((kind, proof)),
            None => stream.refused.lock().expect("lock").push(format!("{}: {status} {body}", WRITES[kind].name)),
        }
    }
}

async fn count(pool: &sqlx::AnyPool, sql: &str, bind: &str) -> i64 {
    let query = sqlx::query_scalar::<_, i64>(sql);
    let query = if sql.contains("$1") { query.bind(bind) } else { query };
    query.fetch_one(pool).await.unwrap_or_else(|e| panic!("{sql}: {e}"))
}

#[tokio::test]
async fn every_acknowledged_write_survives_a_sigkill_and_nothing_is_half_written() {
    let dirs = tempfile::Builder::new().prefix("academy-crash-").tempdir().expect("temp dir");
    let (data, web) = (dirs.path().join("data"), dirs.path().join("web"));
    std::fs::create_dir_all(&web).expect("web dir");
    let log: PathBuf = dirs.path().join("server.log");
    let database_url = match backend() {
        Backend::Sqlite => format!("sqlite://{}?mode=rwc", data.join("academy.db").display()),
        Backend::Postgres => postgres_database().await,
    };
    let mut server = Server::start(Server::command(), &data, &web, &database_url, &log).await;
    let client = reqwest::Client::builder().timeout(Duration::from_secs(60)).build().expect("client");
    let prefix = format!("crash-{}-", &uuid::Uuid::now_v7().simple().to_string()[20..]);

    // Arrange: the accounts the stream's logins use, registered (and acknowledged) like any other write.
    let mut stream = Stream {
        prefix: prefix.clone(),
        accounts: Vec::new(),
        next: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        sent: AtomicU64::new(0),
        answered: AtomicU64::new(0),
        acknowledged: Mutex::new(Vec::new()),
        refused: Mutex::new(Vec::new()),
    };
    for i in 0..LOGIN_ACCOUNTS {
        let key = format!("{prefix}account{i}");
        let (path, body) = (WRITES[0].request)(&stream, &key);
        let response = client.post(format!("{}{path}", server.address)).json(&body).send().await.expect("sent");
        let status = response.status().as_u16();
        let answer: Value = response.json().await.expect("json");
        let proof = (WRITES[0].proof)(&key, status, &answer).unwrap_or_else(|| panic!("{status} {answer}"));
        stream.acknowledged.lock().expect("lock").push((0, proof));
        stream.accounts.push(key);
    }
    let stream = Arc::new(stream);

    // Act: concurrent writes of every kind, SIGKILL while they flow, a restart on the same data.
    let writers: Vec<_> =
        (0..WRITERS).map(|_| tokio::spawn(writer(stream.clone(), client.clone(), server.address.clone()))).collect();
    let deadline = Instant::now() + Duration::from_secs(120);
    while stream.acknowledged_count() < KILL_AFTER_ACKNOWLEDGED + LOGIN_ACCOUNTS && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    server.kill();
    let in_flight = stream.sent.load(Ordering::SeqCst) - stream.answered.load(Ordering::SeqCst);
    stream.stop.store(true, Ordering::SeqCst);
    for writer in writers {
        writer.await.expect("writer finished");
    }
    let server = Server::start(Server::command(), &data, &web, &database_url, &log).await;

    // Assert: every acknowledged write is stored once and whole, nothing is half-written.
    let refused = stream.refused.lock().expect("lock").clone();
    assert!(refused.is_empty(), "writes refused before the kill: {refused:#?}");
    let acknowledged = stream.acknowledged.lock().expect("lock").clone();
    sqlx::any::install_default_drivers();
    let pool = sqlx::any::AnyPoolOptions::new().max_connections(2).connect(&database_url).await.expect("database");
    let mut lost = Vec::new();
    let mut found = 0;
    for (kind, proof) in &acknowledged {
        match count(&pool, WRITES[*kind].stored, proof).await {
            1 => found += 1,
            n => lost.push(format!("{} {proof}: {n} rows", WRITES[*kind].name)),
        }
    }
    let pattern = format!("{prefix}%");
    let mut written = 0;
    for write in WRITES {
        written += count(&pool, write.written, &pattern).await;
    }
    let mut half_written = Vec::new();
    for (what, sql) in HALF_WRITTEN {
        let n = count(&pool, sql, "").await;
        if n != 0 {
            half_written.push(format!("{what}: {n}"));
        }
    }
    if backend() == Backend::Sqlite {
        let integrity: String = sqlx::query_scalar("pragma integrity_check").fetch_one(&pool).await.expect("check");
        assert_eq!(integrity, "ok");
        let broken_keys = sqlx::query("pragma foreign_key_check").fetch_all(&pool).await.expect("check").len();
        assert_eq!(broken_keys, 0, "rows whose foreign key points nowhere");
    }
    let per_kind: Vec<String> = WRITES
        .iter()
        .enumerate()
        .map(|(i, w)| format!("{} {}", acknowledged.iter().filter(|(k, _)| *k == i).count(), w.name))
        .collect();
    let acknowledged_count = i64::try_from(acknowledged.len()).expect("small");
    // Written past the test harness's capture, so the figures show in every run of the test command.
    let summary = format!(
        "crash test ({}): writes acknowledged {} ({}), found {found}, lost {}; {in_flight} in flight at SIGKILL, \
         {} stored without an answer; half-written {}",
        backend().name(),
        acknowledged.len(),
        per_kind.join(", "),
        lost.len(),
        written - acknowledged_count,
        half_written.len(),
    );
    let _ = writeln!(std::io::stderr().lock(), "{summary}");
    assert!(lost.is_empty(), "acknowledged writes lost: {lost:#?}");
    assert!(half_written.is_empty(), "half-written: {half_written:#?}");
    assert!(written >= acknowledged_count, "{written} rows for {acknowledged_count} acknowledged writes");

    // The restarted server takes writes and signs in an account registered in the stream.
    let account = acknowledged.iter().rev().find(|(kind, _)| *kind == 0).map(|(_, id)| id).expect("an account");
    let username: String = sqlx::query_scalar("select username from users where id = $1")
        .bind(account)
        .fetch_one(&pool)
        .await
        .expect("row");
    let login = client
        .post(format!("{}/auth/token", server.address))
        .json(&json!({"username": username, "password": PASSWORD}))
        .send()
        .await
        .expect("sent");
    assert_eq!(login.status(), 200, "{}", login.text().await.unwrap_or_default());
    let key = format!("{prefix}after");
    for write in WRITES {
        let (path, body) = (write.request)(&stream, &key);
        let response = client.post(format!("{}{path}", server.address)).json(&body).send().await.expect("sent");
        let status = response.status().as_u16();
        let answer: Value = response.json().await.expect("json");
        assert!((write.proof)(&key, status, &answer).is_some(), "{} after the restart: {status} {answer}", write.name);
    }
}
