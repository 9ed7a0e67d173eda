//! Backups that restore. SQLite: `academy backup` copies the database of a server taking a stream of writes; the
//! copy, restored by `academy restore` into another data directory, is whole, holds every write acknowledged
//! before the backup began, and a server starts on it; a restore into a data directory a server uses is refused.
//! PostgreSQL: a `pg_dump` of a server's database restores with `pg_restore` into a fresh database where the
//! server starts and the money adds up.

use std::{
    path::Path,
    process::Command,
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use academy_server::platform::db::Backend;
use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    accounts::PASSWORD,
    commerce_fixtures::{NewCourse, SEPAY_KEY, paying_shop, transfer},
    crash_money,
    helpers::{backend, postgres_bin_dir, postgres_database, spawn_app_with},
    server_process::Server,
};

/// Concurrent writers while the backup runs.
const WRITERS: usize = 6;

/// Runs the `academy` binary with `args` on `data` (SQLite in it); its exit status and its output.
fn academy(args: &[&str], data: &Path) -> (bool, String) {
    let output = Command::new(Server::binary())
        .args(args)
        .env("ACADEMY_DATA_DIR", data)
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "info")
        .env("ACADEMY_NODE", "off")
        .output()
        .expect("academy ran");
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    (output.status.success(), text)
}

/// The admission messages the stream sent, by the message's key: those answered as stored.
#[derive(Default)]
struct Stream {
    next: AtomicU64,
    stop: AtomicBool,
    acknowledged: Mutex<Vec<String>>,
}

async fn writer(stream: Arc<Stream>, client: reqwest::Client, base: String, prefix: String) {
    while !stream.stop.load(Ordering::SeqCst) {
        let key = format!("{prefix}{}", stream.next.fetch_add(1, Ordering::SeqCst));
        let body = json!({
            "name": "Lê Văn An", "email": "an@example.vn", "phone": "0912 345 678",
            "courseName": "Lập trình Python", "message": key
        });
        let Ok(response) = client.post(format!("{base}/api/contact/admissionMessage")).json(&body).send().await else {
            continue;
        };
        let ok = response.status() == 200 && response.json::<Value>().await.is_ok_and(|a| a["ok"] == true);
        if ok {
            stream.acknowledged.lock().expect("lock").push(key);
        }
    }
}

#[tokio::test]
async fn a_backup_taken_during_a_stream_of_writes_restores_whole_and_a_server_starts_on_it() {
    if backend() != Backend::Sqlite {
        return; // PostgreSQL: pg_dump, below.
    }
    let dirs = tempfile::Builder::new().prefix("academy-backup-").tempdir().expect("temp dir");
    let (data, restored, web) = (dirs.path().join("data"), dirs.path().join("restored"), dirs.path().join("web"));
    std::fs::create_dir_all(&web).expect("web dir");
    let database_url = format!("sqlite://{}?mode=rwc", data.join("academy.db").display());
    let log = dirs.path().join("server.log");
    let server = Server::start(Server::command(), &data, &web, &database_url, &log).await;
    let client = reqwest::Client::builder().timeout(Duration::from_secs(30)).build().expect("client");
    // An account to sign in with after the restore, and an uploaded file on local disk.
    let username = format!("bk{}", &uuid::Uuid::now_v7().simple().to_string()[24..]);
    let registration = json!({
        "firstName": "Sao", "lastName": "Lưu", "username": username, "email": format!("{username}@example.com"),
        "password": PASSWORD, "phoneNumber": "", "address": "", "dob": null, "roleName": "Student", "loginType": ""
    });
    let registered = client.post(format!("{}/users", server.address)).json(&registration).send().await.expect("sent");
    assert_eq!(registered.status(), 200);
    std::fs::create_dir_all(data.join("files/images")).expect("uploads dir");
    std::fs::write(data.join("files/images/kept.png"), b"\x89PNG kept").expect("upload");
    std::fs::write(data.join("files/images/kept.png#1"), b"half").expect("a write under way");

    // Act: writes flow; once some are acknowledged, a backup is taken while they go on.
    let stream = Arc::new(Stream::default());
    let writers: Vec<_> = (0..WRITERS)
        .map(|_| tokio::spawn(writer(stream.clone(), client.clone(), server.address.clone(), "bk-".to_owned())))
        .collect();
    let deadline = Instant::now() + Duration::from_secs(60);
    while stream.acknowledged.lock().expect("lock").len() < 60 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let before: Vec<String> = stream.acknowledged.lock().expect("lock").clone();
    let archive = dirs.path().join("academy-backup.tar.gz");
    let archive_arg = archive.display().to_string();
    let started = Instant::now();
    let (backed_up, output) =
        tokio::task::spawn_blocking(move || academy(&["backup", &archive_arg], &data)).await.expect("ran");
    let took = started.elapsed();
    let during = stream.acknowledged.lock().expect("lock").len() - before.len();
    tokio::time::sleep(Duration::from_millis(200)).await;
    stream.stop.store(true, Ordering::SeqCst);
    for writer in writers {
        writer.await.expect("writer");
    }
    assert!(backed_up, "the backup failed: {output}");
    let data = dirs.path().join("data");

    // A restore into the data directory the server uses is refused, and leaves it alone.
    let (refused, refusal) = academy(&["restore", &archive.display().to_string(), "--replace"], &data);
    assert!(!refused, "a restore under a running server must be refused");
    assert!(refusal.contains("a server is using"), "{refusal}");
    let answer = client.get(format!("{}/healthz", server.address)).send().await.expect("sent");
    assert_eq!(answer.status(), 200);

    // The restore into a fresh data directory.
    let (restored_ok, output) = academy(&["restore", &archive.display().to_string()], &restored);
    assert!(restored_ok, "the restore failed: {output}");
    let (again, refusal) = academy(&["restore", &archive.display().to_string()], &restored);
    assert!(!again && refusal.contains("--replace"), "a database already there is not replaced silently: {refusal}");

    // Assert: the copy is whole and holds every write acknowledged before the backup began.
    let url = format!("sqlite://{}?mode=rw", restored.join("academy.db").display());
    sqlx::any::install_default_drivers();
    let pool = sqlx::any::AnyPoolOptions::new().max_connections(1).connect(&url).await.expect("restored database");
    let integrity: String = sqlx::query_scalar("pragma integrity_check").fetch_one(&pool).await.expect("check");
    assert_eq!(integrity, "ok");
    let mut lost = Vec::new();
    for key in &before {
        let n: i64 = sqlx::query_scalar("select count(*) from admission_messages where message = $1")
            .bind(key)
            .fetch_one(&pool)
            .await
            .expect("count");
        if n != 1 {
            lost.push(key.clone());
        }
    }
    let copied: i64 = sqlx::query_scalar("select count(*) from admission_messages where message like 'bk-%'")
        .fetch_one(&pool)
        .await
        .expect("count");
    pool.close().await;
    assert!(lost.is_empty(), "writes acknowledged before the backup are missing: {lost:?}");
    assert!(copied >= i64::try_from(before.len()).expect("small"));
    assert_eq!(std::fs::read(restored.join("files/images/kept.png")).expect("upload restored"), b"\x89PNG kept");
    assert!(!restored.join("files/images/kept.png#1").exists(), "a write under way is not backed up");
    let bytes = std::fs::metadata(&archive).expect("archive").len();
    eprintln!(
        "backup test: {} writes acknowledged before the backup, {during} during it ({took:?}), {copied} in the copy, \
         archive {bytes} bytes",
        before.len()
    );

    // A server starts on the restored data and signs the account in.
    let restored_url = format!("sqlite://{}?mode=rwc", restored.join("academy.db").display());
    let second = Server::start(Server::command(), &restored, &web, &restored_url, &log).await;
    let login = client
        .post(format!("{}/auth/token", second.address))
        .json(&json!({ "username": username, "password": PASSWORD }))
        .send()
        .await
        .expect("sent");
    assert_eq!(login.status(), 200);
}

#[tokio::test]
async fn a_restore_of_something_else_is_refused_and_changes_nothing() {
    let dirs = tempfile::Builder::new().prefix("academy-restore-").tempdir().expect("temp dir");
    let data = dirs.path().join("data");
    let bogus = dirs.path().join("bogus.tar.gz");
    std::fs::write(&bogus, b"not an archive").expect("written");

    let (ok, output) = academy(&["restore", &bogus.display().to_string()], &data);

    assert!(!ok, "{output}");
    assert!(!data.join("academy.db").exists());
    let leftovers: Vec<_> = std::fs::read_dir(&data)
        .expect("data dir")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name != "academy.lock")
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[tokio::test]
async fn scheduled_backups_are_written_beside_the_data_and_only_the_newest_are_kept() {
    if backend() != Backend::Sqlite {
        return;
    }
    let backups = tempfile::tempdir().expect("backup dir");
    let folder = backups.path().to_path_buf();
    let app = spawn_app_with(|config| {
        config.backup_dir = Some(folder);
        config.backup_keep = 2;
    })
    .await;
    app.get("/healthz").await;

    let mut written = Vec::new();
    for _ in 0..3 {
        let report = academy_server::backup::run_scheduled(&app.state).await.expect("backup");
        written.push(report.path);
        tokio::time::sleep(Duration::from_millis(5)).await;
    }

    let mut left: Vec<_> = std::fs::read_dir(backups.path()).expect("dir").map(|e| e.expect("entry").path()).collect();
    left.sort();
    assert_eq!(left, written[1..].to_vec(), "the two newest are kept");
}

#[tokio::test]
async fn a_pg_dump_of_a_servers_database_restores_into_a_fresh_database_where_the_server_starts_and_the_money_holds() {
    if backend() != Backend::Postgres {
        return;
    }
    // Arrange: a shop whose money moved: a paid order, a pending one, a transfer that named no order.
    let shop = paying_shop().await;
    shop.admin_with_payments().await;
    let web = shop.course(NewCourse::vnd("Web", 490_000)).await;
    let rust = shop.course(NewCourse::vnd("Rust", 990_000)).await;
    let (_, token, paid) = shop.pending_order(&[&web, &rust]).await;
    let code = paid["code"].as_str().expect("code");
    let (status, _) = shop.bank_feed(Some(SEPAY_KEY), &transfer(7_001, 1_480_000, code)).await;
    assert_eq!(status, 200);
    shop.pending_order(&[&web]).await;
    shop.bank_feed(Some(SEPAY_KEY), &transfer(7_002, 10_000, "no order named")).await;
    let (teacher, _) = shop.person("teach", Role::Teacher).await;
    let source = shop.app.state.config.database_url();
    let before = shop.money_snapshot().await;

    // Act: pg_dump of the live database, pg_restore into a fresh one, a server on it.
    let dump = tempfile::tempdir().expect("dump dir");
    let file = dump.path().join("academy.dump");
    let bin = postgres_bin_dir();
    let dumped = Command::new(bin.join("pg_dump"))
        .args(["--format=custom", "--no-owner", "--file"])
        .arg(&file)
        .arg("--dbname")
        .arg(&source)
        .output()
        .expect("pg_dump ran");
    assert!(dumped.status.success(), "pg_dump: {}", String::from_utf8_lossy(&dumped.stderr));
    let target = postgres_database().await;
    let restored = Command::new(bin.join("pg_restore"))
        .args(["--no-owner", "--exit-on-error", "--dbname"])
        .arg(&target)
        .arg(&file)
        .output()
        .expect("pg_restore ran");
    assert!(restored.status.success(), "pg_restore: {}", String::from_utf8_lossy(&restored.stderr));
    let target_url = target.clone();
    let second = spawn_app_with(move |config| config.database_url = Some(target_url)).await;

    // Assert: the server answers on the restored database, the buyer's paid order included, and every
    // invariant of the money holds there.
    assert_eq!(second.get("/healthz").await.status(), 200);
    let order = second
        .client
        .request(Method::GET, second.url(&format!("/api/orders/{}", paid["_id"].as_str().expect("id"))))
        .bearer_auth(&token)
        .send()
        .await
        .expect("sent");
    assert_eq!(order.status(), 200);
    let order: Value = order.json().await.expect("json");
    assert_eq!(order["result"]["status"], "paid");
    let pool = &second.state.pool;
    let mut after = Vec::new();
    for sql in [
        "select count(*) from ledger_entries",
        "select count(*) from course_enrollments",
        "select count(*) from payment_transactions",
        "select count(*) from order_events",
        "select count(*) from orders where status = 'paid'",
        "select cast(coalesce(sum(amount), 0) as bigint) from ledger_entries",
        "select cast(coalesce(sum(enrollment_count), 0) as bigint) from courses",
    ] {
        after.push(sqlx::query_scalar::<_, i64>(sql).fetch_one(pool).await.expect("figure"));
    }
    assert_eq!(after, before, "the restored database holds the same money");
    let totals = academy_server::commerce::ledger::totals(pool).await.expect("totals");
    assert!(totals.iter().all(|(_, sum)| *sum == 0), "the ledger sums to zero: {totals:?}");
    for (what, sql) in crash_money::HALF_WRITTEN {
        let n: i64 = sqlx::query_scalar(sql).fetch_one(pool).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
        assert_eq!(n, 0, "{what}");
    }
    // People made before the dump are there.
    let n: i64 = sqlx::query_scalar("select count(*) from users where id = $1")
        .bind(&teacher.id)
        .fetch_one(pool)
        .await
        .expect("count");
    assert_eq!(n, 1);
}
