//! Uploads in a real S3-compatible service: moto's standalone server (from PyPI), run by the test with the Python
//! named in `ACADEMY_TEST_MOTO_PYTHON` (the test command installs it: `.ci/setup.sh`'s `ensure_s3_server`).
//! Signed uploads through the server, the commit, public reads whole and by range, the purge of unused uploads,
//! and direct uploads to a presigned URL. Without that variable the test says it is skipped.

use std::{
    io::Write as _,
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use academy_shared::roles::Role;
use reqwest::Method;

use crate::{
    accounts::status_json,
    helpers::{TestApp, spawn_app_with},
};

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";
const BUCKET: &str = "academy-test";

/// A running moto server.
struct Moto {
    child: Child,
    endpoint: String,
}

impl Drop for Moto {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn start_moto(python: &str) -> Moto {
    let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("free port").port();
    let child = Command::new(python)
        .args(["-m", "moto.server", "-H", "127.0.0.1", "-p", &port.to_string()])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("moto started");
    let moto = Moto { child, endpoint: format!("http://127.0.0.1:{port}") };
    let client = reqwest::Client::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Ok(created) = client.put(format!("{}/{BUCKET}", moto.endpoint)).send().await {
            assert!(created.status().is_success(), "bucket created: {}", created.status());
            return moto;
        }
        assert!(Instant::now() < deadline, "moto did not listen");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn app_on(moto: &Moto, direct: bool) -> TestApp {
    let endpoint = moto.endpoint.clone();
    spawn_app_with(move |config| {
        config.s3_bucket = Some(BUCKET.to_owned());
        config.s3_endpoint = Some(endpoint);
        config.s3_region = "us-east-1".to_owned();
        config.s3_access_key_id = Some("testing".to_owned());
        config.s3_secret_access_key = Some("testing".to_owned());
        config.s3_direct_uploads = direct;
    })
    .await
}

/// The upload URL of `file_id`: (status, body).
async fn upload_url(app: &TestApp, token: &str, file_id: &str) -> (u16, serde_json::Value) {
    let path = format!("/files/get-upload-url?file-id={file_id}&access-type=PUBLIC");
    status_json(app.send(Method::GET, &path, Some(token), None).await).await
}

async fn commit_avatar(app: &TestApp, token: &str, file_id: &str) -> String {
    let path = format!("/users/upload-avatar?file-id={file_id}");
    let (status, body) = status_json(app.send(Method::POST, &path, Some(token), None).await).await;
    assert_eq!(status, 200, "{body}");
    body["result"]["url"].as_str().expect("url").to_owned()
}

#[tokio::test]
async fn uploads_live_in_a_real_s3_service_signed_committed_read_by_range_purged_and_sent_directly() {
    let Some(python) = std::env::var("ACADEMY_TEST_MOTO_PYTHON").ok().filter(|p| !p.trim().is_empty()) else {
        let _ = writeln!(std::io::stderr(), "skipped: ACADEMY_TEST_MOTO_PYTHON names no Python with moto");
        return;
    };
    let moto = start_moto(&python).await;

    // Through the server's own signed URL.
    let app = app_on(&moto, false).await;
    let (user, token, _) = app.signed_in("s3avatar", Role::Student).await;
    let (status, body) = upload_url(&app, &token, "avatar-s3.png").await;
    assert_eq!(status, 200, "{body}");
    let url = body["result"]["url"].as_str().expect("url").to_owned();
    let put = app.client.put(app.url(&url)).header("content-type", "image/png").body(PNG.to_vec()).send().await;
    assert_eq!(put.expect("sent").status(), 200);
    let avatar = commit_avatar(&app, &token, "avatar-s3.png").await;
    let whole = app.get(&avatar).await;
    assert_eq!(whole.status(), 200);
    assert_eq!(whole.headers()["content-type"], "image/png");
    assert_eq!(whole.bytes().await.expect("bytes").as_ref(), PNG);
    let part = app.client.get(app.url(&avatar)).header("range", "bytes=1-3").send().await.expect("sent");
    assert_eq!(part.status(), 206);
    assert_eq!(part.bytes().await.expect("bytes").as_ref(), &PNG[1..4]);
    let key = avatar.trim_start_matches("/files/public/").to_owned();
    let in_bucket = app.state.storage.size(&key).await.expect("the object is in the bucket");
    assert_eq!(in_bucket, u64::try_from(PNG.len()).expect("small"));
    let anonymous = reqwest::get(format!("{}/{BUCKET}/{key}", moto.endpoint)).await.expect("sent");
    assert_eq!(anonymous.status(), 403, "the bucket itself does not serve it to anyone");

    // An avatar nobody shows any more, a day old, is purged from the bucket.
    academy_server::identity::repo::set_avatar(&app.state.pool, &user.id, "https://cdn.example/me.png")
        .await
        .expect("set");
    let then = academy_server::platform::db::now_ms() - 25 * 3_600_000;
    sqlx::query("update files set created_at = $1, uploaded_at = $1 where storage_key = $2")
        .bind(then)
        .bind(&key)
        .execute(&app.state.pool)
        .await
        .expect("aged");
    let report = academy_server::files::purge::purge_unused_uploads(
        &app.state.pool,
        &app.state.storage,
        academy_server::platform::db::now_ms(),
    )
    .await
    .expect("purged");
    assert_eq!((report.deleted, report.failed), (1, 0));
    let gone = app.state.storage.size(&key).await;
    assert!(gone.is_err(), "the object left the bucket: {gone:?}");

    // Straight to the bucket with a presigned URL.
    let direct = app_on(&moto, true).await;
    let (_, token, _) = direct.signed_in("s3direct", Role::Student).await;
    let (status, body) = upload_url(&direct, &token, "avatar-direct.png").await;
    assert_eq!(status, 200, "{body}");
    let presigned = body["result"]["url"].as_str().expect("url").to_owned();
    assert!(presigned.starts_with(&moto.endpoint), "{presigned}");
    let put = direct.client.put(&presigned).header("content-type", "image/png").body(PNG.to_vec()).send().await;
    let put = put.expect("sent");
    assert!(put.status().is_success(), "{}", put.text().await.unwrap_or_default());
    let avatar = commit_avatar(&direct, &token, "avatar-direct.png").await;
    let served = direct.get(&avatar).await;
    assert_eq!(served.status(), 200);
    assert_eq!(served.bytes().await.expect("bytes").as_ref(), PNG);
}

#[tokio::test]
async fn scheduled_backups_go_to_the_bucket_restore_whole_and_only_the_newest_are_kept() {
    let Some(python) = std::env::var("ACADEMY_TEST_MOTO_PYTHON").ok().filter(|p| !p.trim().is_empty()) else {
        let _ = writeln!(std::io::stderr(), "skipped: ACADEMY_TEST_MOTO_PYTHON names no Python with moto");
        return;
    };
    if crate::helpers::backend() != academy_server::platform::db::Backend::Sqlite {
        return; // PostgreSQL is backed up with pg_dump (tests/api/backups.rs).
    }
    let moto = start_moto(&python).await;
    let endpoint = moto.endpoint.clone();
    let local = tempfile::tempdir().expect("backup dir");
    let folder = local.path().to_path_buf();
    let app = spawn_app_with(move |config| {
        config.s3_bucket = Some(BUCKET.to_owned());
        config.s3_endpoint = Some(endpoint);
        config.s3_region = "us-east-1".to_owned();
        config.s3_access_key_id = Some("testing".to_owned());
        config.s3_secret_access_key = Some("testing".to_owned());
        config.backup_dir = Some(folder);
        config.backup_keep = 2;
    })
    .await;
    let (before, _, _) = app.signed_in("backedup", Role::Student).await;

    let mut written = Vec::new();
    for _ in 0..3 {
        let report = academy_server::backup::run_scheduled(&app.state).await.expect("backup");
        written.push(report.bucket_key.expect("sent to the bucket"));
        tokio::time::sleep(Duration::from_millis(5)).await;
    }

    // The two newest are in the bucket, nothing stays on the server's disk, and the bucket does not serve them.
    let kept = academy_server::backup::bucket_backups(&app.state.storage).await.expect("listed");
    assert_eq!(kept, written[1..].to_vec());
    let on_disk: Vec<_> = std::fs::read_dir(local.path()).expect("dir").collect();
    assert!(on_disk.is_empty(), "{on_disk:?}");
    assert_eq!(app.get(&format!("/files/public/{}", kept[1])).await.status().as_u16(), 404);
    let anonymous = reqwest::get(format!("{}/{BUCKET}/{}", moto.endpoint, kept[1])).await.expect("sent");
    assert_eq!(anonymous.status(), 403, "the bucket itself does not serve it to anyone");

    // The newest, fetched back, holds a whole database with the account made before it.
    let archive = local.path().join("fetched.tar.gz");
    app.state.storage.get_file(&kept[1], &archive).await.expect("fetched");
    let unpacked = tempfile::tempdir().expect("unpack dir");
    let file = std::fs::File::open(&archive).expect("archive");
    tar::Archive::new(flate2::read::GzDecoder::new(file)).unpack(unpacked.path()).expect("unpacked");
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(unpacked.path().join("backup.json")).expect("manifest")).expect("json");
    assert_eq!(manifest["uploads"], "bucket", "{manifest}");
    let url = format!("sqlite://{}?mode=ro", unpacked.path().join("academy.db").display());
    let pool = sqlx::AnyPool::connect(&url).await.expect("opened");
    let check: String = sqlx::query_scalar("pragma integrity_check").fetch_one(&pool).await.expect("checked");
    assert_eq!(check, "ok");
    let found: i64 = sqlx::query_scalar("select count(*) from users where id = $1")
        .bind(&before.id)
        .fetch_one(&pool)
        .await
        .expect("count");
    assert_eq!(found, 1, "the account made before the backup is in it");
    pool.close().await;
}
