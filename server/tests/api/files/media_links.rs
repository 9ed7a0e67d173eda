//! Pictures and videos people set point only where we allow: avatars at pictures uploaded here, lesson videos
//! at YouTube, Vimeo or files uploaded here, over https. The Content-Security-Policy allows the same players.

use academy_shared::{media::VIDEO_EMBED_ORIGINS, roles::Role};
use reqwest::Method;
use serde_json::{Value, json};

use crate::{accounts::status_json, catalogue::spawn_demo_app, helpers::spawn_app};

#[tokio::test]
async fn an_avatar_from_another_site_is_refused_and_an_uploaded_one_is_kept() {
    let app = spawn_app().await;
    let (user, token, _) = app.signed_in("pictured", Role::Student).await;
    let path = format!("/users/{}", user.id);
    let profile = |avatar: &str| json!({"firstName": "Lan", "lastName": "Le", "email": user.email, "avatar": avatar});

    for avatar in ["https://evil.example/track.gif", "//evil.example/track.gif", "http://evil.example/a.png"] {
        let response = app.client.put(app.url(&path)).bearer_auth(&token).header("accept-language", "en");
        let (status, body) = status_json(response.json(&profile(avatar)).send().await.expect("sent")).await;

        assert_eq!(status, 422, "{avatar}: {body}");
        assert_eq!(body["result"]["fields"]["avatar"], "The avatar must be a picture uploaded here", "{avatar}");
    }
    let own = "/files/public/avatars/0190a0b0c0d0e0f00112233445566778.png";
    let (status, body) = status_json(app.send(Method::PUT, &path, Some(&token), Some(profile(own))).await).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["result"]["avatar"], own);
    let (_, body) = status_json(app.send(Method::PUT, &path, Some(&token), Some(profile("/demo/x.svg"))).await).await;
    assert_eq!(body["result"]["fields"]["avatar"], "Ảnh đại diện phải là ảnh được tải lên tại đây");
}

async fn teachers_course(app: &crate::helpers::TestApp, token: &str) -> String {
    let categories: Value = app.get("/api/categories").await.json().await.expect("json");
    let category = categories["result"][0]["id"].as_str().expect("a category");
    let course = json!({"title": {"vi": "Kiểm thử video", "en": "Video test"}, "price": 0, "level": "beginner",
        "categoryId": category});
    let (status, body) =
        status_json(app.send(Method::POST, "/api/dashboard/courses", Some(token), Some(course)).await).await;
    assert_eq!(status, 200, "{body}");
    body["result"]["_id"].as_str().expect("id").to_owned()
}

fn curriculum(video: &str) -> Value {
    json!({"sections": [{"title": {"vi": "Mở đầu", "en": "Intro"}, "lessons": [
        {"title": {"vi": "Bài 1", "en": "Lesson 1"}, "durationSeconds": 60, "videoUrl": video, "freePreview": true}
    ]}]})
}

#[tokio::test]
async fn a_lesson_video_from_another_site_or_over_http_is_refused() {
    let app = spawn_demo_app().await;
    let (_, token, _) = app.signed_in("videoteacher", Role::Teacher).await;
    let course = teachers_course(&app, &token).await;
    let path = format!("/api/dashboard/courses/{course}/curriculum");

    for video in [
        "https://evil.example/track.mp4",
        "//evil.example/track.mp4",
        "http://www.youtube.com/embed/aqz-KE-bpKQ",
        "https://www.youtube.com.evil.example/embed/aqz-KE-bpKQ",
        "https://commondatastorage.googleapis.com/gtv-videos-bucket/sample/BigBuckBunny.mp4",
    ] {
        let request = app.client.put(app.url(&path)).bearer_auth(&token).header("accept-language", "en");
        let (status, body) = status_json(request.json(&curriculum(video)).send().await.expect("sent")).await;

        assert_eq!(status, 422, "{video}: {body}");
        let expected = "Video links must be https links to YouTube, Vimeo or a file uploaded here";
        assert_eq!(body["result"]["fields"]["sections"], expected, "{video}");
    }
}

#[tokio::test]
async fn youtube_and_vimeo_links_are_saved_as_their_players_embed_links() {
    let app = spawn_demo_app().await;
    let (_, token, _) = app.signed_in("embedder", Role::Teacher).await;
    let course = teachers_course(&app, &token).await;
    let path = format!("/api/dashboard/courses/{course}/curriculum");

    for (video, saved) in [
        ("https://www.youtube.com/watch?v=aqz-KE-bpKQ", "https://www.youtube.com/embed/aqz-KE-bpKQ"),
        ("https://youtu.be/R6MlUcmOul8", "https://www.youtube.com/embed/R6MlUcmOul8"),
        ("https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"),
        ("/files/public/videos/intro.mp4", "/files/public/videos/intro.mp4"),
    ] {
        let (status, body) =
            status_json(app.send(Method::PUT, &path, Some(&token), Some(curriculum(video))).await).await;

        assert_eq!(status, 200, "{video}: {body}");
        // A video stored here is shown at its signed URL: the path saved, a query of its own.
        let shown = body["result"]["sections"][0]["lessons"][0]["videoUrl"].as_str().expect("a video url");
        assert_eq!(shown.split('?').next(), Some(saved), "{video}");
    }
}

#[tokio::test]
async fn the_demo_catalogue_plays_only_allowed_videos() {
    let app = spawn_demo_app().await;

    let urls: Vec<String> = sqlx::query_scalar("select video_url from course_lessons where video_url is not null")
        .fetch_all(&app.state.pool)
        .await
        .expect("lessons");

    assert!(!urls.is_empty());
    for url in urls {
        let link = academy_shared::media::video_link(&url, academy_shared::media::OWN_FILES_PATH);
        assert_eq!(link.as_deref(), Ok(url.as_str()));
    }
}

#[tokio::test]
async fn the_content_security_policy_lets_frames_and_media_come_only_from_the_allowed_players_and_here() {
    let app = spawn_app().await;

    let response = app.get("/").await;

    let csp = response.headers()["content-security-policy"].to_str().expect("ascii").to_owned();
    let directive = |name: &str| {
        csp.split(';').map(str::trim).find_map(|d| d.strip_prefix(name)).map(str::trim).unwrap_or_default().to_owned()
    };
    assert_eq!(directive("frame-src "), VIDEO_EMBED_ORIGINS.join(" "), "{csp}");
    assert_eq!(directive("media-src "), "'self'", "{csp}");
}
