//! A lesson's uploaded video: the course's teacher (or an admin) asks for a signed video upload URL, streams the
//! file to it, and commits it as the lesson's video; the learning page then plays it by byte range. The bytes are
//! counted as they arrive (over the signed limit: 413, nothing kept), the type is read from them at the commit
//! (not MP4 or WebM: 415, nothing kept), and a replaced video is purged like any unused upload.

use std::path::Path;

use reqwest::{Method, header};
use serde_json::{Value, json};

use crate::{accounts::status_json, helpers::TestApp, learning::Classroom};

/// The limit the tests sign their video URLs with (a real site allows 2 GiB).
const TEST_MAX: u64 = 64 * 1024;

/// A small MP4 by its first bytes: an `ftyp` box at offset 4, then filler.
fn mp4(size: usize) -> Vec<u8> {
    let mut bytes = b"\0\0\0\x18ftypisom\0\0\x02\0isomiso2".to_vec();
    bytes.extend((0..size.saturating_sub(bytes.len())).map(|n| u8::try_from(n % 251).expect("small")));
    bytes
}

/// A small WebM by its first bytes: the EBML magic.
fn webm(size: usize) -> Vec<u8> {
    let mut bytes = b"\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01webm".to_vec();
    bytes.resize(size, 3);
    bytes
}

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";

async fn classroom() -> Classroom {
    Classroom::new_with(|config| config.lesson_video_max_bytes = TEST_MAX).await
}

fn lesson_base(room: &Classroom, n: usize) -> String {
    format!("/api/dashboard/courses/{}/lessons/{}", room.course, room.lessons[n])
}

async fn video_upload_url(room: &Classroom, token: &str, n: usize) -> (u16, Value) {
    room.call(Method::POST, &format!("{}/video-upload-url", lesson_base(room, n)), Some(token), None).await
}

async fn commit(room: &Classroom, token: &str, n: usize, lang: &str) -> (u16, Value) {
    let response = room
        .app
        .client
        .post(room.app.url(&format!("{}/video", lesson_base(room, n))))
        .bearer_auth(token)
        .header(header::ACCEPT_LANGUAGE, lang)
        .send()
        .await
        .expect("sent");
    status_json(response).await
}

/// PUTs `bytes` to `url` as a stream of 8 KiB chunks without a declared length, as a browser sending a large file
/// through a proxy may.
async fn put_streamed(app: &TestApp, url: &str, bytes: Vec<u8>, lang: &str) -> (u16, Value) {
    let chunks: Vec<Result<Vec<u8>, std::io::Error>> = bytes.chunks(8 * 1024).map(|c| Ok(c.to_vec())).collect();
    let body = reqwest::Body::wrap_stream(futures_util::stream::iter(chunks));
    let response = app
        .client
        .put(app.url(url))
        .header(header::CONTENT_TYPE, "video/mp4")
        .header(header::ACCEPT_LANGUAGE, lang)
        .body(body)
        .send()
        .await
        .expect("sent");
    status_json(response).await
}

/// PUTs `bytes` with their length declared.
async fn put(app: &TestApp, url: &str, bytes: Vec<u8>) -> (u16, Value) {
    let response =
        app.client.put(app.url(url)).header(header::CONTENT_TYPE, "video/mp4").body(bytes).send().await.expect("sent");
    status_json(response).await
}

/// Every file under the storage folder (relative path), staged, committed or half written.
fn stored_files(app: &TestApp) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, found: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries.map(|e| e.expect("entry")) {
            let path = entry.path();
            if path.is_dir() {
                walk(root, &path, found);
            } else {
                found.push(path.strip_prefix(root).expect("under root").display().to_string());
            }
        }
    }
    let root = app.state.config.data_dir.join("files");
    let mut found = Vec::new();
    walk(&root, &root, &mut found);
    found.sort();
    found
}

fn url_of(body: &Value) -> String {
    body["result"]["url"].as_str().unwrap_or_else(|| panic!("no url: {body}")).to_owned()
}

#[tokio::test]
async fn a_streamed_video_committed_to_a_lesson_is_played_by_byte_range() {
    let room = classroom().await;
    let video = mp4(50_000);

    let (status, body) = video_upload_url(&room, &room.teacher, 2).await;
    assert_eq!(status, 200, "{body}");
    let url = url_of(&body);
    assert!(url.starts_with("/files/upload-video/staging/") && url.contains("sig="), "{url}");
    assert_eq!(body["result"]["maxBytes"], TEST_MAX);
    let (status, body) = put_streamed(&room.app, &url, video.clone(), "en").await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = commit(&room, &room.teacher, 2, "en").await;

    assert_eq!(status, 200, "{body}");
    let lesson = &body["result"];
    assert_eq!(lesson["id"], room.lessons[2].as_str());
    let src = lesson["videoUrl"].as_str().expect("video url").to_owned();
    let path = src.split('?').next().expect("a path").to_owned();
    assert!(path.starts_with("/files/public/videos/") && path.ends_with(".mp4"), "{src}");
    let key = path.trim_start_matches("/files/public/");
    assert_eq!(stored_files(&room.app), [key.to_owned()], "the staged copy became the video, nothing else is left");
    let part =
        room.app.client.get(room.app.url(&src)).header(header::RANGE, "bytes=100-199").send().await.expect("sent");
    assert_eq!(part.status(), 206);
    assert_eq!(part.headers()[header::CONTENT_TYPE], "video/mp4");
    assert_eq!(part.headers()[header::CONTENT_RANGE], "bytes 100-199/50000");
    assert_eq!(part.bytes().await.expect("bytes").as_ref(), &video[100..200]);
    // The enrolled learner's lesson plays it in the browser's own player.
    let (status, played) = room.call(Method::GET, &room.lesson_path(2), Some(&room.student), None).await;
    assert_eq!(status, 200, "{played}");
    assert!(played["result"]["player"]["url"].as_str().is_some_and(|url| url.starts_with(&format!("{path}?"))));
    // The editor sees it as the lesson's video, so saving the curriculum keeps it.
    let editor = format!("/api/dashboard/courses/{}", room.course);
    let (_, course) = room.call(Method::GET, &editor, Some(&room.teacher), None).await;
    let shown = course["result"]["sections"][0]["lessons"][2]["videoUrl"].as_str().expect("video url");
    assert_eq!(shown.split('?').next(), Some(path.as_str()));
}

#[tokio::test]
async fn a_webm_video_is_stored_and_served_as_webm() {
    let room = classroom().await;
    let (_, body) = video_upload_url(&room, &room.admin, 1).await;
    assert_eq!(put(&room.app, &url_of(&body), webm(10_000)).await.0, 200);

    let (status, body) = commit(&room, &room.admin, 1, "vi").await;

    assert_eq!(status, 200, "{body}");
    let src = body["result"]["videoUrl"].as_str().expect("video url").to_owned();
    let path = src.split('?').next().expect("a path");
    assert!(path.starts_with("/files/public/videos/") && path.ends_with(".webm"), "{src}");
    let served = room.app.get(&src).await;
    assert_eq!(served.headers()[header::CONTENT_TYPE], "video/webm");
    assert_eq!(served.bytes().await.expect("bytes").len(), 10_000);
}

#[tokio::test]
async fn a_video_over_the_signed_limit_is_refused_while_it_arrives_and_nothing_is_left() {
    let room = classroom().await;
    let (_, body) = video_upload_url(&room, &room.teacher, 2).await;
    let url = url_of(&body);

    // Streamed without a declared length: refused once the count passes the limit.
    let (status, body) = put_streamed(&room.app, &url, mp4(200_000), "en").await;
    assert_eq!(status, 413, "{body}");
    assert_eq!(body["message"], "The video must be at most 64 KB.");
    assert!(stored_files(&room.app).is_empty(), "no partial file: {:?}", stored_files(&room.app));
    let (status, body) = put_streamed(&room.app, &url, mp4(TEST_MAX as usize + 1), "vi").await;
    assert_eq!(status, 413, "{body}");
    assert_eq!(body["message"], "Video tối đa 64 KB.");
    // Declared too large: refused before reading.
    assert_eq!(put(&room.app, &url, mp4(100_000)).await.0, 413);
    assert!(stored_files(&room.app).is_empty(), "{:?}", stored_files(&room.app));
    // The link still takes a video at the limit.
    assert_eq!(put(&room.app, &url, mp4(TEST_MAX as usize)).await.0, 200);
    assert_eq!(commit(&room, &room.teacher, 2, "en").await.0, 200);
}

#[tokio::test]
async fn a_picture_or_random_bytes_sent_as_a_video_are_refused_at_the_commit_and_nothing_is_stored() {
    let room = classroom().await;
    let random: Vec<u8> =
        (0..5_000_u32).map(|n| u8::try_from(n.wrapping_mul(2_654_435_761) >> 24).expect("byte")).collect();
    for (bytes, lang, text) in [
        (PNG.to_vec(), "en", "Only MP4 or WebM videos are accepted."),
        (random, "vi", "Chỉ chấp nhận video MP4 hoặc WebM."),
    ] {
        let (_, body) = video_upload_url(&room, &room.teacher, 2).await;
        assert_eq!(put(&room.app, &url_of(&body), bytes).await.0, 200);

        let (status, body) = commit(&room, &room.teacher, 2, lang).await;

        assert_eq!((status, &body["message"]), (415, &json!(text)), "{body}");
        assert!(stored_files(&room.app).is_empty(), "{:?}", stored_files(&room.app));
    }
    let path = format!("/api/dashboard/courses/{}", room.course);
    let (_, course) = room.call(Method::GET, &path, Some(&room.teacher), None).await;
    assert_eq!(course["result"]["sections"][0]["lessons"][2]["videoUrl"], Value::Null, "the lesson kept no video");
}

#[tokio::test]
async fn only_the_courses_teacher_or_an_admin_may_upload_its_lesson_videos() {
    let room = classroom().await;

    let other_teacher = video_upload_url(&room, &room.other_teacher, 2).await.0;
    let student = video_upload_url(&room, &room.student, 2).await.0;
    let anonymous = room.call(Method::POST, &format!("{}/video-upload-url", lesson_base(&room, 2)), None, None).await.0;
    assert_eq!((other_teacher, student, anonymous), (403, 403, 401));

    // The teacher's staged video cannot be committed by another teacher or a student.
    let (_, body) = video_upload_url(&room, &room.teacher, 2).await;
    assert_eq!(put(&room.app, &url_of(&body), mp4(1_000)).await.0, 200);
    assert_eq!(commit(&room, &room.other_teacher, 2, "en").await.0, 403);
    assert_eq!(commit(&room, &room.student, 2, "en").await.0, 403);
    // A lesson of another course, or none at all.
    let missing = format!("/api/dashboard/courses/{}/lessons/nope/video-upload-url", room.course);
    assert_eq!(room.call(Method::POST, &missing, Some(&room.teacher), None).await.0, 404);
    assert_eq!(commit(&room, &room.teacher, 2, "en").await.0, 200);
}

#[tokio::test]
async fn an_expired_forged_or_picture_upload_url_cannot_send_a_video() {
    let room = classroom().await;
    let app = &room.app;
    let now = academy_server::platform::db::now_ms();
    let expired = app.state.storage.video_upload_url(now - 600_000, TEST_MAX).await.expect("ticket").url;
    let fresh = app.state.storage.video_upload_url(now, TEST_MAX).await.expect("ticket").url;
    let picture = app.state.storage.upload_url(now).await.expect("ticket").url;

    let (status, body) = put(app, &expired, mp4(1_000)).await;
    assert_eq!((status, body["code"].as_i64()), (403, Some(1003)), "{body}");
    assert_eq!(put(app, &fresh.replace("max=", "max=9"), mp4(1_000)).await.0, 403, "a raised limit");
    assert_eq!(put(app, &fresh.replace("sig=", "sig=00"), mp4(1_000)).await.0, 403, "a wrong signature");
    // A picture's URL signs a picture's limit for the picture route: it is no video URL, and the reverse.
    let as_video = picture.replace("/files/upload/", "/files/upload-video/");
    assert_eq!(put(app, &as_video, mp4(1_000)).await.0, 403);
    let as_picture = fresh.replace("/files/upload-video/", "/files/upload/");
    assert_eq!(put(app, &as_picture, PNG.to_vec()).await.0, 403);
    assert!(stored_files(app).is_empty(), "{:?}", stored_files(app));
}

#[tokio::test]
async fn a_replaced_uploaded_video_is_purged_and_the_lessons_current_one_is_kept() {
    use academy_server::files::purge::purge_unused_uploads;
    let room = classroom().await;
    let mut keys = Vec::new();
    for size in [2_000, 3_000] {
        let (_, body) = video_upload_url(&room, &room.teacher, 2).await;
        assert_eq!(put(&room.app, &url_of(&body), mp4(size)).await.0, 200);
        let (status, body) = commit(&room, &room.teacher, 2, "en").await;
        assert_eq!(status, 200, "{body}");
        let url = body["result"]["videoUrl"].as_str().expect("url");
        keys.push(url.split('?').next().expect("a path").trim_start_matches("/files/public/").to_owned());
    }
    let (replaced, current) = (keys[0].clone(), keys[1].clone());
    let day_ago = academy_server::platform::db::now_ms() - 25 * 3_600_000;
    sqlx::query("update files set created_at = $1, uploaded_at = $1")
        .bind(day_ago)
        .execute(&room.app.state.pool)
        .await
        .expect("aged");

    let report =
        purge_unused_uploads(&room.app.state.pool, &room.app.state.storage, academy_server::platform::db::now_ms())
            .await
            .expect("purged");

    assert_eq!((report.deleted, report.failed), (1, 0));
    assert_eq!(stored_files(&room.app), std::slice::from_ref(&current), "{replaced} purged, {current} kept");
    let now = academy_server::platform::db::now_ms();
    let signed = room.app.state.storage.video_view_url(&format!("/files/public/{current}"), now);
    assert_eq!(room.app.get(&signed).await.status(), 200);
}

#[tokio::test]
async fn a_lesson_video_plays_only_at_a_signed_url_handed_to_those_allowed_and_for_a_while() {
    let room = classroom().await;
    let video = mp4(20_000);
    let (_, body) = video_upload_url(&room, &room.teacher, 1).await;
    assert_eq!(put(&room.app, &url_of(&body), video.clone()).await.0, 200);
    let (status, body) = commit(&room, &room.teacher, 1, "en").await;
    assert_eq!(status, 200, "{body}");
    let path = body["result"]["videoUrl"].as_str().expect("url").split('?').next().expect("path").to_owned();
    let storage = &room.app.state.storage;
    let now = academy_server::platform::db::now_ms();
    let range = |url: String| {
        room.app
            .client
            .get(room.app.url(&url))
            .header(header::RANGE, "bytes=10-19")
            .header("accept-language", "en")
            .send()
    };

    // The enrolled learner's lesson hands out a signed URL that plays by range, cached privately until it expires.
    let (status, lesson) = room.call(Method::GET, &room.lesson_path(1), Some(&room.student), None).await;
    assert_eq!(status, 200, "{lesson}");
    let signed = lesson["result"]["player"]["url"].as_str().expect("a signed url").to_owned();
    let played = range(signed.clone()).await.expect("sent");
    assert_eq!(played.status(), 206);
    let cache = played.headers()[header::CACHE_CONTROL].to_str().expect("ascii").to_owned();
    let max_age: i64 = cache.strip_prefix("private, max-age=").and_then(|s| s.parse().ok()).expect(&cache);
    assert!((2 * 3600..=2 * 3600 + 600).contains(&max_age), "{cache}");
    assert_eq!(played.bytes().await.expect("bytes").as_ref(), &video[10..20]);

    // The stored path alone, a forged or an expired signature: refused, whoever shares them.
    let unsigned = range(path.clone()).await.expect("sent");
    assert_eq!(unsigned.status(), 403);
    let refusal: Value = unsigned.json().await.expect("json");
    assert_eq!(refusal["message"], "The video link is invalid or has expired. Reload the lesson page.");
    assert_eq!(range(signed.replace("sig=", "sig=00")).await.expect("sent").status(), 403);
    let expired = storage.video_view_url(&path, now - 3 * 3_600_000);
    assert_eq!(range(expired).await.expect("sent").status(), 403);
    let other_file = signed.replacen(&path, "/files/public/videos/0190a0b0c0d0e0f00112233445566779.mp4", 1);
    assert_eq!(range(other_file).await.expect("sent").status(), 403, "a signature is for one video");

    // Nobody else is handed one: not a visitor or a student who did not buy the course, on the lesson or the page.
    let (status, _) = room.call(Method::GET, &room.lesson_path(1), Some(&room.outsider), None).await;
    assert_eq!(status, 403);
    let (_, page) = room.call(Method::GET, &format!("/api/courses/{}", room.course), Some(&room.outsider), None).await;
    assert_eq!(page["result"]["sections"][0]["lessons"][1]["videoUrl"], Value::Null, "{page}");
    let (_, page) = room.call(Method::GET, &format!("/api/courses/{}", room.course), None, None).await;
    assert_eq!(page["result"]["sections"][0]["lessons"][1]["videoUrl"], Value::Null, "{page}");
    // A learner whose enrolment ends (a refund) is handed no new one.
    sqlx::query("delete from course_enrollments where user_id = $1")
        .bind(&room.student_user.id)
        .execute(&room.app.state.pool)
        .await
        .expect("enrolment ended");
    assert_eq!(room.call(Method::GET, &room.lesson_path(1), Some(&room.student), None).await.0, 403);
}
