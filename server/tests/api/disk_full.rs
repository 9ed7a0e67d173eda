//! A full disk under uploads: the real server runs in a mount namespace of its own where its files folder is a
//! 1 MiB tmpfs, so writing an upload meets a real "no space left on device". The answer is a clear 507 in the
//! request's language, nothing partial is left in the folder, the upload link still works, and an avatar whose
//! commit cannot be written leaves the profile as it was.

use std::{
    collections::BTreeMap,
    path::{Path, PathBuf},
    process::Command,
};

use academy_server::platform::db::Backend;
use serde_json::{Value, json};

use crate::{
    accounts::PASSWORD,
    helpers::{backend, postgres_database},
    server_process::Server,
};

const TMPFS_SIZE: &str = "1m";
const PNG_HEADER: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";

/// A PNG (by its magic bytes) of `size` bytes.
fn png(size: usize) -> Vec<u8> {
    let mut bytes = PNG_HEADER.to_vec();
    bytes.resize(size, 7);
    bytes
}

/// `unshare` gives an unprivileged user a mount namespace of its own where it may mount a tmpfs; on machines
/// without user namespaces the test cannot run.
fn namespaces_available() -> bool {
    Command::new("unshare").args(["--user", "--map-root-user", "--mount", "true"]).status().is_ok_and(|s| s.success())
}

/// Every file under `dir` (relative path → size), as the server sees it.
fn files_under(dir: &Path) -> BTreeMap<String, u64> {
    fn walk(root: &Path, dir: &Path, found: &mut BTreeMap<String, u64>) {
        for entry in std::fs::read_dir(dir).expect("readable folder").map(|e| e.expect("entry")) {
            let path = entry.path();
            if path.is_dir() {
                walk(root, &path, found);
            } else {
                let relative = path.strip_prefix(root).expect("under root").display().to_string();
                found.insert(relative, entry.metadata().expect("metadata").len());
            }
        }
    }
    let mut found = BTreeMap::new();
    walk(dir, dir, &mut found);
    found
}

struct Client {
    http: reqwest::Client,
    base: String,
    token: String,
}

impl Client {
    async fn upload_url(&self, file_id: &str) -> String {
        let response = self
            .http
            .get(format!("{}/files/get-upload-url?file-id={file_id}&access-type=PUBLIC", self.base))
            .bearer_auth(&self.token)
            .send()
            .await
            .expect("sent");
        let body: Value = response.json().await.expect("json");
        body["result"]["url"].as_str().unwrap_or_else(|| panic!("{body}")).to_owned()
    }

    async fn put(&self, url: &str, bytes: Vec<u8>, lang: &str) -> (u16, Value) {
        let response = self
            .http
            .put(format!("{}{url}", self.base))
            .header("content-type", "image/png")
            .header("accept-language", lang)
            .body(bytes)
            .send()
            .await
            .expect("sent");
        (response.status().as_u16(), response.json().await.unwrap_or(Value::Null))
    }

    async fn commit_avatar(&self, file_id: &str, lang: &str) -> (u16, Value) {
        let response = self
            .http
            .post(format!("{}/users/upload-avatar?file-id={file_id}", self.base))
            .bearer_auth(&self.token)
            .header("accept-language", lang)
            .send()
            .await
            .expect("sent");
        (response.status().as_u16(), response.json().await.unwrap_or(Value::Null))
    }

    async fn avatar(&self) -> Value {
        let response =
            self.http.get(format!("{}/users/my-info", self.base)).bearer_auth(&self.token).send().await.expect("sent");
        let body: Value = response.json().await.expect("json");
        body["result"]["avatar"].clone()
    }
}

fn assert_no_space(status: u16, body: &Value, lang: &str) {
    let text = match lang {
        "en" => {
            "The server has no room to store files right now, so your picture was not saved. Please try again later."
        }
        _ => "Máy chủ tạm thời hết chỗ lưu tệp nên chưa lưu được ảnh của bạn. Vui lòng thử lại sau.",
    };
    assert_eq!((status, &body["code"], &body["message"]), (507, &json!(9999), &json!(text)), "{body}");
}

#[tokio::test]
async fn an_upload_on_a_full_disk_gets_a_clear_507_and_leaves_no_partial_file() {
    if !namespaces_available() {
        eprintln!("skipped: no user and mount namespaces here (unshare), so no tmpfs of the test's own");
        return;
    }
    let dirs = tempfile::Builder::new().prefix("academy-disk-full-").tempdir().expect("temp dir");
    let (data, web) = (dirs.path().join("data"), dirs.path().join("web"));
    let files: PathBuf = data.join("files");
    std::fs::create_dir_all(&files).expect("files dir");
    std::fs::create_dir_all(&web).expect("web dir");
    let database_url = match backend() {
        Backend::Sqlite => format!("sqlite://{}?mode=rwc", data.join("academy.db").display()),
        Backend::Postgres => postgres_database().await,
    };
    // The files folder becomes a small tmpfs seen by the server alone; the database stays on the real disk.
    let mut launcher = Command::new("unshare");
    launcher.args([
        "--user",
        "--map-root-user",
        "--mount",
        "sh",
        "-c",
        &format!("mount -t tmpfs -o size={TMPFS_SIZE} tmpfs \"$ACADEMY_DATA_DIR/files\" && exec \"$0\" serve"),
        Server::binary(),
    ]);
    let server = Server::start(launcher, &data, &web, &database_url, &dirs.path().join("server.log")).await;
    // The folder as the server sees it, through its own mount namespace.
    let seen = PathBuf::from(format!("/proc/{}/root{}", server.pid(), files.display()));
    let http = reqwest::Client::new();
    let username = format!("diskfull{}", &uuid::Uuid::now_v7().simple().to_string()[24..]);
    let registration = json!({
        "firstName": "", "lastName": "", "username": username, "email": format!("{username}@example.com"),
        "password": PASSWORD, "phoneNumber": "", "address": "", "dob": null, "roleName": "Student", "loginType": ""
    });
    let registered = http.post(format!("{}/users", server.address)).json(&registration).send().await.expect("sent");
    assert_eq!(registered.status(), 200);
    let login = http
        .post(format!("{}/auth/token", server.address))
        .json(&json!({"username": username, "password": PASSWORD}))
        .send()
        .await
        .expect("sent");
    let login: Value = login.json().await.expect("json");
    let token = login["result"]["token"].as_str().expect("token").to_owned();
    let client = Client { http, base: server.address.clone(), token };

    // Arrange: an avatar that fits.
    let url = client.upload_url("avatar-small.png").await;
    assert_eq!(client.put(&url, png(100_000), "en").await.0, 200);
    let (status, body) = client.commit_avatar("avatar-small.png", "en").await;
    assert_eq!(status, 200, "{body}");
    let avatar = client.avatar().await;
    let stored = files_under(&seen);
    assert_eq!(stored.values().collect::<Vec<_>>(), [&100_000], "{stored:?}");

    // Act and assert: 2 MB do not fit in what is left of 1 MiB, in either language; the link is given back.
    let url = client.upload_url("avatar-large.png").await;
    let (status, body) = client.put(&url, png(2_000_000), "en").await;
    assert_no_space(status, &body, "en");
    let (status, body) = client.put(&url, png(2_000_000), "vi").await;
    assert_no_space(status, &body, "vi");
    assert_eq!(files_under(&seen), stored, "nothing of the refused upload is left");

    // The same link takes a picture that fits; committing it (a second copy) does not fit: the profile keeps its
    // avatar.
    assert_eq!(client.put(&url, png(600_000), "vi").await.0, 200, "the link still works");
    let (status, body) = client.commit_avatar("avatar-large.png", "vi").await;
    assert_no_space(status, &body, "vi");
    assert_eq!(client.avatar().await, avatar);
    let after: Vec<u64> = files_under(&seen).into_values().collect();
    assert_eq!(after, [100_000, 600_000], "the avatar and the staged upload, whole, and nothing else");
}

/// A small MP4 by its first bytes (an `ftyp` box at offset 4) of `size` bytes.
fn mp4(size: usize) -> Vec<u8> {
    let mut bytes = b"\0\0\0\x18ftypisom\0\0\x02\0isomiso2".to_vec();
    bytes.resize(size, 5);
    bytes
}

fn assert_no_space_for_video(status: u16, body: &Value, lang: &str) {
    let text = match lang {
        "en" => "The server has no room to store files right now, so your video was not saved. Please try again later.",
        _ => "Máy chủ tạm thời hết chỗ lưu tệp nên chưa lưu được video của bạn. Vui lòng thử lại sau.",
    };
    assert_eq!((status, &body["code"], &body["message"]), (507, &json!(9999), &json!(text)), "{body}");
}

#[tokio::test]
async fn a_lesson_video_streamed_onto_a_full_disk_gets_a_clear_507_and_leaves_no_partial_file() {
    if !namespaces_available() {
        eprintln!("skipped: no user and mount namespaces here (unshare), so no tmpfs of the test's own");
        return;
    }
    let dirs = tempfile::Builder::new().prefix("academy-disk-full-").tempdir().expect("temp dir");
    let (data, web) = (dirs.path().join("data"), dirs.path().join("web"));
    let files: PathBuf = data.join("files");
    std::fs::create_dir_all(&files).expect("files dir");
    std::fs::create_dir_all(&web).expect("web dir");
    let database_url = match backend() {
        Backend::Sqlite => format!("sqlite://{}?mode=rwc", data.join("academy.db").display()),
        Backend::Postgres => postgres_database().await,
    };
    let mut launcher = Command::new("unshare");
    launcher
        .args([
            "--user",
            "--map-root-user",
            "--mount",
            "sh",
            "-c",
            &format!("mount -t tmpfs -o size={TMPFS_SIZE} tmpfs \"$ACADEMY_DATA_DIR/files\" && exec \"$0\" serve"),
            Server::binary(),
        ])
        .env("ACADEMY_ADMIN_USERNAME", "diskadmin")
        .env("ACADEMY_ADMIN_EMAIL", "diskadmin@example.com")
        .env("ACADEMY_ADMIN_PASSWORD", PASSWORD);
    let server = Server::start(launcher, &data, &web, &database_url, &dirs.path().join("server.log")).await;
    let seen = PathBuf::from(format!("/proc/{}/root{}", server.pid(), files.display()));
    let http = reqwest::Client::new();
    let base = server.address.clone();
    let login = http
        .post(format!("{base}/auth/token"))
        .json(&json!({"username": "diskadmin", "password": PASSWORD}))
        .send()
        .await
        .expect("sent");
    let login: Value = login.json().await.expect("json");
    let token = login["result"]["token"].as_str().unwrap_or_else(|| panic!("{login}")).to_owned();
    let call = |method: reqwest::Method, path: String, body: Option<Value>| {
        let mut request = http.request(method, format!("{base}{path}")).bearer_auth(&token);
        if let Some(body) = body {
            request = request.json(&body);
        }
        async move {
            let response = request.send().await.expect("sent");
            let status = response.status().as_u16();
            let body: Value = response.json().await.unwrap_or(Value::Null);
            assert_eq!(status, 200, "{body}");
            body
        }
    };
    let category = json!({"name": {"vi": "Video", "en": "Video"}});
    let category = call(reqwest::Method::POST, "/api/dashboard/categories".into(), Some(category)).await;
    let course = json!({"title": {"vi": "Khóa video", "en": "Video course"}, "price": 0, "level": "beginner",
        "categoryId": category["result"]["id"]});
    let course = call(reqwest::Method::POST, "/api/dashboard/courses".into(), Some(course)).await;
    let course_id = course["result"]["_id"].as_str().expect("course id").to_owned();
    let lessons = json!({"sections": [{"title": {"vi": "A", "en": "A"}, "lessons": [{"title": {"vi": "B", "en": "B"},
        "durationSeconds": 60, "videoUrl": null, "freePreview": false}]}]});
    let saved =
        call(reqwest::Method::PUT, format!("/api/dashboard/courses/{course_id}/curriculum"), Some(lessons)).await;
    let lesson_id = saved["result"]["sections"][0]["lessons"][0]["id"].as_str().expect("lesson id").to_owned();
    let url_path = format!("/api/dashboard/courses/{course_id}/lessons/{lesson_id}/video-upload-url");
    let url = call(reqwest::Method::POST, url_path, None).await;
    let url = url["result"]["url"].as_str().expect("url").to_owned();

    // 2 MB do not fit in 1 MiB, in either language: nothing of them is left, and the link still works.
    for lang in ["en", "vi"] {
        let response = http
            .put(format!("{base}{url}"))
            .header("accept-language", lang)
            .body(mp4(2_000_000))
            .send()
            .await
            .expect("sent");
        let status = response.status().as_u16();
        assert_no_space_for_video(status, &response.json().await.unwrap_or(Value::Null), lang);
        assert_eq!(files_under(&seen), BTreeMap::new(), "nothing of the refused video is left");
    }
    let response = http.put(format!("{base}{url}")).body(mp4(300_000)).send().await.expect("sent");
    assert_eq!(response.status(), 200, "the link still works");
    let commit =
        call(reqwest::Method::POST, format!("/api/dashboard/courses/{course_id}/lessons/{lesson_id}/video"), None)
            .await;
    let video = commit["result"]["videoUrl"].as_str().expect("video url");
    assert_eq!(files_under(&seen).into_values().collect::<Vec<_>>(), [300_000], "{video} and nothing else");
}
