//! Lesson videos uploaded here play in the browser's own player, which reads them by byte range as it starts and
//! seeks: `GET /files/public/...` answers `Range: bytes=…` with 206 and `Content-Range`, and never compresses a
//! video (a compressed answer could not be read by range).

use academy_shared::roles::Role;
use reqwest::{Method, header};

use crate::{accounts::status_json, helpers::spawn_app};

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";
const VIDEO: &str = "/files/public/videos/0190a0b0c0d0e0f00112233445566778.mp4";

#[tokio::test]
async fn an_uploaded_file_is_served_whole_or_by_byte_range() {
    let app = spawn_app().await;
    let (_, token, _) = app.signed_in("ranger", Role::Student).await;
    let (_, body) =
        status_json(app.send(Method::GET, "/files/get-upload-url?file-id=avatar-me.png", Some(&token), None).await)
            .await;
    let upload = body["result"]["url"].as_str().expect("url").to_owned();
    app.client.put(app.url(&upload)).body(PNG.to_vec()).send().await.expect("sent");
    let (_, body) =
        status_json(app.send(Method::POST, "/users/upload-avatar?file-id=avatar-me.png", Some(&token), None).await)
            .await;
    let avatar = body["result"]["url"].as_str().expect("url").to_owned();
    let get = |range: Option<&'static str>| {
        let mut request = app.client.get(app.url(&avatar));
        if let Some(range) = range {
            request = request.header(header::RANGE, range);
        }
        request.send()
    };

    let whole = get(None).await.expect("sent");
    let head = get(Some("bytes=0-7")).await.expect("sent");
    let tail = get(Some("bytes=-4")).await.expect("sent");
    let past = get(Some("bytes=1000-")).await.expect("sent");
    let several = get(Some("bytes=0-1,4-5")).await.expect("sent");

    let size = PNG.len();
    assert_eq!(whole.status(), 200);
    assert_eq!(whole.headers()[header::ACCEPT_RANGES], "bytes");
    assert_eq!(head.status(), 206);
    assert_eq!(head.headers()[header::CONTENT_RANGE], format!("bytes 0-7/{size}").as_str());
    assert_eq!(head.headers()[header::CONTENT_TYPE], "image/png");
    assert_eq!(head.bytes().await.expect("bytes").as_ref(), &PNG[..8]);
    assert_eq!(tail.headers()[header::CONTENT_RANGE], format!("bytes {}-{}/{size}", size - 4, size - 1).as_str());
    assert_eq!(tail.bytes().await.expect("bytes").as_ref(), &PNG[size - 4..]);
    assert_eq!(past.status(), 416);
    assert_eq!(past.headers()[header::CONTENT_RANGE], format!("bytes */{size}").as_str());
    assert_eq!(several.status(), 200, "several ranges get the whole file");
}

#[tokio::test]
async fn a_lesson_video_is_read_by_range_and_never_compressed() {
    let app = spawn_app().await;
    let folder = app.state.config.data_dir.join("files/videos");
    std::fs::create_dir_all(&folder).expect("folder");
    let video: Vec<u8> = (0..4096_u32).map(|n| u8::try_from(n % 7).expect("small")).collect();
    std::fs::write(folder.join("0190a0b0c0d0e0f00112233445566778.mp4"), &video).expect("written");

    let signed = |path: &str| app.state.storage.video_view_url(path, academy_server::platform::db::now_ms());
    let url = app.url(&signed(VIDEO));

    let whole = app.client.get(&url).header(header::ACCEPT_ENCODING, "gzip, br").send().await.expect("sent");
    let middle = app.client.get(&url).header(header::RANGE, "bytes=1000-1999").send().await.expect("sent");
    let unknown = app.get(&signed("/files/public/videos/0190a0b0c0d0e0f00112233445566779.mp4")).await;
    let not_a_video = app.get(&signed("/files/public/videos/0190a0b0c0d0e0f00112233445566778.html")).await;

    assert_eq!(whole.status(), 200);
    assert_eq!(whole.headers()[header::CONTENT_TYPE], "video/mp4");
    assert!(whole.headers().get(header::CONTENT_ENCODING).is_none(), "a video is sent as it is");
    assert_eq!(whole.headers()[header::ACCEPT_RANGES], "bytes");
    assert_eq!(whole.bytes().await.expect("bytes").len(), 4096);
    assert_eq!(middle.status(), 206);
    assert_eq!(middle.headers()[header::CONTENT_RANGE], "bytes 1000-1999/4096");
    assert_eq!(middle.bytes().await.expect("bytes").as_ref(), &video[1000..2000]);
    assert_eq!((unknown.status().as_u16(), not_a_video.status().as_u16()), (404, 404));
}
