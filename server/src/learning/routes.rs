//! Learning's endpoints. The profile's lists: `GET /courses/instructor` (a teacher's courses with their learners)
//! and `POST /api/course/enroll-list` (the courses the caller learns, with progress); the learning page:
//! `GET /api/learning/courses/{id}` (curriculum, progress, where to resume), a lesson's content, marking it
//! completed, remembering the lesson opened, and the teacher's text of a lesson. Reviews are in
//! [`super::reviews`].

use academy_shared::{limits::ID_MAX_CHARS, roles::Role};
use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    ApiError, ApiResult, Json, Language, Path, Text,
    service::{self, LearningError, Person},
    views::{
        CompletionBody, CompletionView, EnrollListBody, EnrolledCourse, InstructorCourse, LearningCourse,
        LessonContent, LessonTextBody, PlayerView, ResumeBody,
    },
};
use crate::{
    http::{Allowed, CurrentUser, MaybeUser, Teachers, error::message_text, ok},
    platform::db::now_ms,
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(instructor_courses))
        .routes(routes!(enrolled_courses))
        .routes(routes!(get_learning_course))
        .routes(routes!(get_lesson))
        .routes(routes!(set_lesson_completion))
        .routes(routes!(resume_lesson))
        .routes(routes!(set_lesson_text))
}

pub mod texts {
    use super::Text;

    pub fn course_not_found() -> Text {
        Text::new("Không tìm thấy khóa học.", "The course was not found.")
    }
    pub fn lesson_not_found() -> Text {
        Text::new("Không tìm thấy bài học trong khóa học này.", "The lesson was not found in this course.")
    }
    pub fn sign_in_to_learn() -> Text {
        Text::new(
            "Vui lòng đăng nhập và ghi danh khóa học để xem bài học này.",
            "Please sign in and enrol in the course to open this lesson.",
        )
    }
    pub fn not_enrolled() -> Text {
        Text::new(
            "Bạn cần ghi danh khóa học này để xem các bài học.",
            "You need to enrol in this course to open its lessons.",
        )
    }
    pub fn not_a_learner() -> Text {
        Text::new(
            "Chỉ học viên đã ghi danh mới có tiến độ học tập.",
            "Only learners enrolled in the course have progress.",
        )
    }
    pub fn not_the_teacher() -> Text {
        Text::new(
            "Chỉ giảng viên của khóa học hoặc quản trị viên mới sửa được bài học.",
            "Only the course's teacher or an administrator can edit its lessons.",
        )
    }
}

impl From<LearningError> for ApiError {
    fn from(error: LearningError) -> ApiError {
        match error {
            LearningError::CourseNotFound => ApiError::NotFound(texts::course_not_found()),
            LearningError::LessonNotFound => ApiError::NotFound(texts::lesson_not_found()),
            LearningError::SignInRequired => ApiError::Unauthenticated(texts::sign_in_to_learn()),
            LearningError::NotEnrolled => ApiError::Forbidden(texts::not_enrolled()),
            LearningError::NotALearner => ApiError::Forbidden(texts::not_a_learner()),
            LearningError::NotTheTeacher => ApiError::Forbidden(texts::not_the_teacher()),
            LearningError::TextTooLong { field, error } => ApiError::invalid_field(field, message_text(error)),
            LearningError::Database(e) => e.into(),
        }
    }
}

fn person(user: &CurrentUser) -> Person<'_> {
    Person { id: &user.id, is_admin: user.role == Role::Admin }
}

/// The caller's own courses, newest first, each with the number of learners enrolled in it (teachers; admins get
/// theirs, usually none).
#[utoipa::path(
    get,
    path = "/courses/instructor",
    tag = "profile",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    responses(
        (status = 200, description = "The teacher's courses", body = super::Envelope<Vec<InstructorCourse>>),
    )
)]
pub async fn instructor_courses(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
) -> ApiResult<Vec<InstructorCourse>> {
    let rows = service::taught_courses(&state.pool, &user.id).await?;
    Ok(ok(rows.into_iter().map(|row| InstructorCourse::of(row, lang)).collect()))
}

/// The courses the caller is enrolled in, latest first, each with the progress counted now. Accepts any body
/// (the profile sends an empty multipart form) and ignores it.
#[utoipa::path(
    post,
    path = "/api/course/enroll-list",
    tag = "profile",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Enrolled courses", body = EnrollListBody),
        (status = 401, description = "Not signed in", body = super::error::ErrorEnvelope),
    )
)]
pub async fn enrolled_courses(
    State(state): State<AppState>,
    Language(lang): Language,
    user: CurrentUser,
) -> Result<Json<EnrollListBody>, ApiError> {
    let list: Vec<EnrolledCourse> = service::enrolled_courses(&state.pool, &user.id)
        .await?
        .into_iter()
        .map(|enrolment| EnrolledCourse::of(enrolment, lang))
        .collect();
    Ok(Json(EnrollListBody { code: academy_shared::envelope::SUCCESS_CODE, total: list.len(), enroll_list: list }))
}

/// A course's learning page: its curriculum with the caller's completions, progress and the lesson to resume
/// at. For its enrolled learners, its teacher and administrators.
#[utoipa::path(
    get,
    path = "/api/learning/courses/{id}",
    tag = "learning",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "Course id or slug")),
    responses(
        (status = 200, description = "The course to learn", body = super::Envelope<LearningCourse>),
        (status = 401, description = "Not signed in", body = super::error::ErrorEnvelope),
        (status = 403, description = "Not enrolled in the course", body = super::error::ErrorEnvelope),
        (status = 404, description = "No such course (or one the caller may not see)", body = super::error::ErrorEnvelope),
    )
)]
pub async fn get_learning_course(
    State(state): State<AppState>,
    Language(lang): Language,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<LearningCourse> {
    let outline = service::outline(&state.pool, person(&user), &id).await?;
    Ok(ok(LearningCourse::of(outline, lang)))
}

/// A lesson's content (its video's player, its text). Free previews for everybody who may see the course; every
/// lesson for its enrolled learners, its teacher and administrators.
#[utoipa::path(
    get,
    path = "/api/learning/courses/{id}/lessons/{lessonId}",
    tag = "learning",
    params(
        ("id" = String, Path, description = "Course id or slug"),
        ("lessonId" = String, Path, description = "Lesson id"),
    ),
    responses(
        (status = 200, description = "The lesson", body = super::Envelope<LessonContent>),
        (status = 401, description = "Not signed in, and the lesson is not a free preview", body = super::error::ErrorEnvelope),
        (status = 403, description = "Not enrolled, and the lesson is not a free preview", body = super::error::ErrorEnvelope),
        (status = 404, description = "No such course or lesson", body = super::error::ErrorEnvelope),
    )
)]
pub async fn get_lesson(
    State(state): State<AppState>,
    Language(lang): Language,
    MaybeUser(user): MaybeUser,
    Path((id, lesson_id)): Path<(String, String)>,
) -> ApiResult<LessonContent> {
    let lesson = service::lesson(&state.pool, user.as_ref().map(person), &id, &lesson_id).await?;
    let mut content = LessonContent::of(lesson, lang);
    // Handed only to those the lesson opens for: a stored video plays at a signed URL that expires.
    if let Some(PlayerView::File { url }) = &mut content.player {
        *url = state.storage.video_view_url(url, now_ms());
    }
    Ok(ok(content))
}

/// Marks a lesson completed (or not) for the enrolled caller; answers their progress.
#[utoipa::path(
    put,
    path = "/api/learning/courses/{id}/lessons/{lessonId}/completion",
    tag = "learning",
    security(("bearer" = [])),
    params(
        ("id" = String, Path, description = "Course id or slug"),
        ("lessonId" = String, Path, description = "Lesson id"),
    ),
    request_body = CompletionBody,
    responses(
        (status = 200, description = "The new progress", body = super::Envelope<CompletionView>),
        (status = 401, description = "Not signed in", body = super::error::ErrorEnvelope),
        (status = 403, description = "Not an enrolled learner of the course", body = super::error::ErrorEnvelope),
        (status = 404, description = "No such course or lesson", body = super::error::ErrorEnvelope),
    )
)]
pub async fn set_lesson_completion(
    State(state): State<AppState>,
    user: CurrentUser,
    Path((id, lesson_id)): Path<(String, String)>,
    Json(body): Json<CompletionBody>,
) -> ApiResult<CompletionView> {
    let done = service::set_completion(&state.pool, person(&user), &id, &lesson_id, body.completed, now_ms()).await?;
    Ok(ok(CompletionView { lesson_id, lesson_completed: done.lesson_completed, progress: done.progress.into() }))
}

/// Remembers the lesson the enrolled caller opened: the learning page resumes there.
#[utoipa::path(
    put,
    path = "/api/learning/courses/{id}/resume",
    tag = "learning",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "Course id or slug")),
    request_body = ResumeBody,
    responses(
        (status = 200, description = "Remembered", body = super::Envelope<bool>),
        (status = 403, description = "Not enrolled in the course", body = super::error::ErrorEnvelope),
        (status = 404, description = "No such course or lesson", body = super::error::ErrorEnvelope),
    )
)]
pub async fn resume_lesson(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<ResumeBody>,
) -> ApiResult<bool> {
    ApiError::check_length("lessonId", Some(&body.lesson_id), ID_MAX_CHARS)?;
    service::resume_at(&state.pool, person(&user), &id, &body.lesson_id).await?;
    Ok(ok(true))
}

/// Writes a lesson's text in both languages: the lesson itself when it has no video, notes beside it otherwise.
/// The course's teacher or an administrator.
#[utoipa::path(
    put,
    path = "/api/learning/courses/{id}/lessons/{lessonId}/text",
    tag = "learning",
    security(("bearer" = [])),
    params(
        ("id" = String, Path, description = "Course id or slug"),
        ("lessonId" = String, Path, description = "Lesson id"),
    ),
    request_body = LessonTextBody,
    responses(
        (status = 200, description = "Saved", body = super::Envelope<bool>),
        (status = 403, description = "Not the course's teacher", body = super::error::ErrorEnvelope),
        (status = 404, description = "No such course or lesson", body = super::error::ErrorEnvelope),
        (status = 422, description = "A text is too long", body = super::error::ErrorEnvelope),
    )
)]
pub async fn set_lesson_text(
    State(state): State<AppState>,
    user: CurrentUser,
    Path((id, lesson_id)): Path<(String, String)>,
    Json(body): Json<LessonTextBody>,
) -> ApiResult<bool> {
    let text = (body.body.vi.as_str(), body.body.en.as_str());
    service::set_lesson_text(&state.pool, person(&user), &id, &lesson_id, text, now_ms()).await?;
    Ok(ok(true))
}
