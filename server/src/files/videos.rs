//! A lesson's uploaded video: `POST /api/dashboard/courses/{id}/lessons/{lessonId}/video-upload-url` hands the
//! course's teacher (or an administrator) a signed URL, `PUT /files/upload-video/{key}` streams the bytes to
//! storage, and `POST /api/dashboard/courses/{id}/lessons/{lessonId}/video` makes them the lesson's video.
//!
//! The URL is signed for a video and its limit (the configured largest video, 2 GiB unless lowered), and is no
//! picture URL. The PUT never holds the body in memory: it writes the chunks as they arrive and stops with 413,
//! keeping nothing, as soon as their count passes the limit. The commit reads the type from the first bytes
//! (MP4's `ftyp` box or WebM's EBML magic; anything else 415, and nothing is kept) and moves the file to
//! `videos/<uuid>.<ext>`. A replaced video is deleted by the purge of unused uploads once nothing shows it.

use academy_shared::{i18n::Lang, upload::VideoUploadError};
use axum::{
    body::Body,
    extract::{DefaultBodyLimit, State},
    http::{HeaderMap, header},
};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::repo as files;
use super::routes::{UrlResult, texts};
use super::{ApiError, ApiResult, Path, Query, Text, ok};
use crate::{
    catalogue::{
        repo::courses::LessonRow,
        service::{Editor, courses as catalogue},
    },
    http::{Allowed, Language, REQUEST_TIMEOUT, Teachers},
    identity::rate_limit::{Limit, Subject},
    platform::{
        db,
        storage::{self, StorageError, signing::UploadQuery},
    },
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    // The body is counted against the signed limit as it streams, not by the extractors' limit.
    let upload = OpenApiRouter::new().routes(routes!(upload_video)).layer(DefaultBodyLimit::disable());
    OpenApiRouter::new().routes(routes!(create_video_upload_url)).routes(routes!(commit_lesson_video)).merge(upload)
}

/// Where to PUT a lesson's video.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VideoUploadUrl {
    /// A path on this server (or a presigned S3 URL when direct uploads are on), valid 5 minutes to start
    /// sending; one file.
    pub url: String,
    /// The largest video it takes, in bytes.
    pub max_bytes: u64,
}

/// A lesson whose video was just set.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LessonWithVideo {
    pub id: String,
    /// In the request's language.
    pub title: String,
    pub order: i64,
    pub duration_seconds: i64,
    pub free_preview: bool,
    /// The uploaded video's URL (`/files/public/videos/<uuid>.<ext>`), signed for a while (`?expires=…&sig=…`):
    /// the video is read only through such a URL. Saving the curriculum with it keeps the video.
    pub video_url: Option<String>,
}

impl LessonWithVideo {
    fn of(row: LessonRow, lang: Lang) -> LessonWithVideo {
        LessonWithVideo {
            id: row.id,
            title: lang.pick(&row.title_vi, &row.title_en).to_owned(),
            order: row.position,
            duration_seconds: row.duration_seconds,
            free_preview: row.free_preview.get(),
            video_url: row.video_url,
        }
    }
}

fn no_space_for_video() -> Text {
    Text::new(
        "Máy chủ tạm thời hết chỗ lưu tệp nên chưa lưu được video của bạn. Vui lòng thử lại sau.",
        "The server has no room to store files right now, so your video was not saved. Please try again later.",
    )
}

fn upload_broke_off() -> Text {
    Text::new(
        "Việc tải video lên bị gián đoạn. Vui lòng thử lại.",
        "The video upload was interrupted. Please try again.",
    )
}

/// The HTTP face of a failed video upload or commit, in the shared video rule's words.
fn video_error(error: StorageError) -> ApiError {
    match error {
        StorageError::TooLarge { max } => {
            let error = VideoUploadError::TooLarge { max_bytes: max };
            ApiError::PayloadTooLarge(Text::localized(move |lang| error.message(lang)))
        }
        StorageError::NotAVideo => {
            ApiError::UnsupportedMediaType(Text::localized(|lang| VideoUploadError::NotAVideo.message(lang)))
        }
        StorageError::Interrupted => ApiError::bad_request(upload_broke_off()),
        StorageError::NoSpace(cause) => {
            tracing::error!(error = %cause, "no room left to store a lesson video");
            ApiError::InsufficientStorage(no_space_for_video())
        }
        other => super::routes::storage_error(other),
    }
}

/// The `files` row name of a lesson's video upload.
fn client_name(lesson_id: &str) -> String {
    format!("video-{lesson_id}")
}

fn editor(user: &crate::http::CurrentUser) -> Editor<'_> {
    Editor { id: &user.id, role: user.role }
}

/// A signed URL to PUT one video for a lesson to (valid 5 minutes to start sending, one file, at most the
/// configured largest video). The course's teacher or an administrator; each account may ask for a limited
/// number in a quarter of an hour.
#[utoipa::path(
    post,
    path = "/api/dashboard/courses/{id}/lessons/{lessonId}/video-upload-url",
    tag = "dashboard",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(
        ("id" = String, Path, description = "Course id or slug"),
        ("lessonId" = String, Path, description = "Lesson id"),
    ),
    responses(
        (status = 200, description = "Where to PUT the video", body = super::Envelope<VideoUploadUrl>),
        (status = 401, description = "Not signed in", body = super::error::ErrorEnvelope),
        (status = 403, description = "Not a teacher, or another teacher's course", body = super::error::ErrorEnvelope),
        (status = 404, description = "No such course or lesson", body = super::error::ErrorEnvelope),
        (status = 429, description = "Too many upload URLs for this account (`Retry-After`)", body = super::error::ErrorEnvelope),
    )
)]
pub async fn create_video_upload_url(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<Teachers>,
    Path((id, lesson_id)): Path<(String, String)>,
) -> ApiResult<VideoUploadUrl> {
    let lesson = catalogue::managed_lesson(&state.pool, editor(&user), &id, &lesson_id).await?;
    crate::http::rate_limit::check(&state, Limit::UploadUrl, Subject::Account(&user.id)).await?;
    let max = state.config.lesson_video_max_bytes;
    let ticket = state.storage.video_upload_url(db::now_ms(), max).await.map_err(video_error)?;
    files::insert_upload(&state.pool, &user.id, "video", &client_name(&lesson.id), &ticket.key).await?;
    Ok(ok(VideoUploadUrl { url: ticket.url, max_bytes: max }))
}

/// Streams the bytes of a signed video upload (the URL from `video-upload-url`) to storage. The type is checked
/// when the video is committed.
#[utoipa::path(
    put,
    path = "/files/upload-video/staging/{id}",
    tag = "files",
    params(
        ("id" = String, Path, description = "Server-generated upload id"),
        ("expires" = i64, Query, description = "Signed expiry (epoch seconds)"),
        ("max" = u64, Query, description = "Signed size limit (bytes)"),
        ("sig" = String, Query, description = "Signature"),
    ),
    request_body(content = Vec<u8>, content_type = "video/*"),
    responses(
        (status = 200, description = "Stored", body = super::Envelope<UrlResult>),
        (status = 400, description = "The body broke off or stopped arriving: nothing was kept, the URL still works", body = super::error::ErrorEnvelope),
        (status = 403, description = "Signature wrong (or not a video URL) or URL expired", body = super::error::ErrorEnvelope),
        (status = 409, description = "The URL was already used: each stores one file", body = super::error::ErrorEnvelope),
        (status = 413, description = "Larger than the signed limit: nothing was kept, the URL still works", body = super::error::ErrorEnvelope),
        (status = 507, description = "No room left to store the video: nothing was kept, the URL still works", body = super::error::ErrorEnvelope),
    )
)]
pub async fn upload_video(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<UploadQuery>,
    headers: HeaderMap,
    body: Body,
) -> ApiResult<UrlResult> {
    let key = format!("staging/{id}");
    let declared =
        headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    let now = db::now_ms();
    let max = state.storage.check_video_upload(&key, &query, declared, now).map_err(video_error)?;
    if !files::claim_upload(&state.pool, &key, now).await? {
        return Err(ApiError::Conflict(texts::upload_url_used()));
    }
    let stream = body.into_data_stream();
    let size = match state.storage.put_staging_stream(&key, stream, max, REQUEST_TIMEOUT).await {
        Ok(size) => size,
        Err(e) => {
            files::release_upload(&state.pool, &key).await?;
            return Err(video_error(e));
        }
    };
    let size = i64::try_from(size).unwrap_or(i64::MAX);
    // The real type is read from the bytes at the commit.
    files::mark_uploaded(&state.pool, &key, "application/octet-stream", size).await?;
    tracing::info!(%key, size, "video upload stored");
    Ok(ok(UrlResult { url: format!("/files/upload-video/{key}") }))
}

/// Makes the caller's latest video upload for this lesson the lesson's video; answers the lesson. The course's
/// teacher or an administrator.
#[utoipa::path(
    post,
    path = "/api/dashboard/courses/{id}/lessons/{lessonId}/video",
    tag = "dashboard",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(
        ("id" = String, Path, description = "Course id or slug"),
        ("lessonId" = String, Path, description = "Lesson id"),
    ),
    responses(
        (status = 200, description = "The lesson with its new video", body = super::Envelope<LessonWithVideo>),
        (status = 401, description = "Not signed in", body = super::error::ErrorEnvelope),
        (status = 403, description = "Not a teacher, or another teacher's course", body = super::error::ErrorEnvelope),
        (status = 404, description = "No such course or lesson, or no video uploaded for it", body = super::error::ErrorEnvelope),
        (status = 413, description = "Larger than the largest video", body = super::error::ErrorEnvelope),
        (status = 415, description = "Not an MP4 or WebM video: nothing was kept", body = super::error::ErrorEnvelope),
        (status = 507, description = "No room left to store the video", body = super::error::ErrorEnvelope),
    )
)]
pub async fn commit_lesson_video(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    Path((id, lesson_id)): Path<(String, String)>,
) -> ApiResult<LessonWithVideo> {
    let lesson = catalogue::managed_lesson(&state.pool, editor(&user), &id, &lesson_id).await?;
    let (file_id, staging_key) = files::latest_staged(&state.pool, &user.id, &client_name(&lesson.id))
        .await?
        .ok_or_else(|| ApiError::NotFound(texts::upload_not_found()))?;
    let stored =
        state.storage.commit_video(&staging_key, state.config.lesson_video_max_bytes).await.map_err(video_error)?;
    let size = i64::try_from(stored.size).unwrap_or(i64::MAX);
    files::mark_committed(&state.pool, &file_id, &stored.key, stored.kind.mime(), size).await?;
    let url = storage::public_path(&stored.key);
    let lesson = catalogue::set_lesson_video(&state.pool, editor(&user), &id, &lesson.id, &url).await?;
    tracing::info!(key = %stored.key, size, "lesson video committed");
    let mut lesson = LessonWithVideo::of(lesson, lang);
    lesson.video_url = lesson.video_url.map(|url| state.storage.video_view_url(&url, db::now_ms()));
    Ok(ok(lesson))
}
