//! Courses in the dashboard: the editor's list, the course with its texts in both languages, its details,
//! curriculum and publication (teachers their own courses, administrators every course).

use academy_shared::{i18n::Lang, limits::SEARCH_MAX_CHARS, roles::Role};
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{ApiError, ApiResult, Json, Language, Pagination, Path, Query, ok};
use crate::{
    catalogue::{
        routes::courses::{Course, CourseDetail, CourseTexts, Page, Viewer, course_card, course_detail, course_page},
        service::{
            Editor,
            courses::{self as service, CourseForm, CurriculumForm},
        },
    },
    http::{Allowed, CurrentUser, Teachers},
    state::AppState,
};

fn editor(user: &CurrentUser) -> Editor<'_> {
    Editor { id: &user.id, role: user.role }
}

fn admin_viewer(user: &CurrentUser) -> Viewer {
    Viewer { user_id: Some(user.id.clone()), is_admin: user.role == Role::Admin }
}

/// A course as its editor reads it: the course page in the request's language, and every text it edits in
/// both languages.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ManagedCourse {
    #[serde(flatten)]
    pub detail: CourseDetail,
    pub texts: CourseTexts,
}

async fn managed_course(state: &AppState, id: &str, user: &CurrentUser, lang: Lang) -> Result<ManagedCourse, ApiError> {
    let (detail, texts) = course_page(state, id, &admin_viewer(user), lang).await?;
    Ok(ManagedCourse { detail, texts })
}

#[derive(Debug, Clone, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ManageParams {
    /// Words to find in titles, instructor and category names (marks ignored).
    #[param(max_length = 100)]
    pub search: Option<String>,
}

/// Courses of any status: the teacher's own, or every course for an admin; newest first.
#[utoipa::path(
    get,
    path = "/api/dashboard/courses",
    tag = "dashboard",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(ManageParams, Pagination<20>),
    responses((status = 200, description = "Courses", body = super::Envelope<Page<Course>>))
)]
pub async fn list_managed_courses(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    Query(params): Query<ManageParams>,
    paging: Pagination<20>,
) -> ApiResult<Page<Course>> {
    ApiError::check_length("search", params.search.as_deref(), SEARCH_MAX_CHARS)?;
    let (page, size) = (paging.page, paging.page_size);
    let (rows, total) =
        service::list(&state.pool, editor(&user), params.search.as_deref(), size, paging.offset()).await?;
    Ok(ok(Page::new(rows.iter().map(|r| course_card(r, lang)).collect(), page, size, total)))
}

/// Creates a draft course owned by the caller (a teacher or an admin).
#[utoipa::path(
    post,
    path = "/api/dashboard/courses",
    tag = "dashboard",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    request_body = CourseForm,
    responses(
        (status = 200, description = "The new draft", body = super::Envelope<ManagedCourse>),
        (status = 409, description = "Slug taken, or an unknown course type", body = super::error::ErrorEnvelope),
        (status = 422, description = "Invalid fields", body = super::error::ErrorEnvelope),
    )
)]
pub async fn create_course(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    Json(form): Json<CourseForm>,
) -> ApiResult<ManagedCourse> {
    let id = service::create(&state.pool, editor(&user), form).await?;
    Ok(ok(managed_course(&state, &id, &user, lang).await?))
}

/// One course for its editor (every lesson's video included), with its texts in both languages.
#[utoipa::path(
    get,
    path = "/api/dashboard/courses/{id}",
    tag = "dashboard",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(("id" = String, Path, description = "Course id or slug")),
    responses(
        (status = 200, description = "The course", body = super::Envelope<ManagedCourse>),
        (status = 403, description = "Another teacher's course", body = super::error::ErrorEnvelope),
    )
)]
pub async fn get_managed_course(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    Path(id): Path<String>,
) -> ApiResult<ManagedCourse> {
    let course = service::find(&state.pool, editor(&user), &id).await?;
    Ok(ok(managed_course(&state, &course.id, &user, lang).await?))
}

/// Replaces a course's details (not its status or curriculum).
#[utoipa::path(
    put,
    path = "/api/dashboard/courses/{id}",
    tag = "dashboard",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(("id" = String, Path, description = "Course id or slug")),
    request_body = CourseForm,
    responses(
        (status = 200, description = "The course", body = super::Envelope<ManagedCourse>),
        (status = 403, description = "Another teacher's course", body = super::error::ErrorEnvelope),
        (status = 409, description = "Slug taken, or an unknown course type", body = super::error::ErrorEnvelope),
        (status = 422, description = "Invalid fields", body = super::error::ErrorEnvelope),
    )
)]
pub async fn update_course(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    Path(id): Path<String>,
    Json(form): Json<CourseForm>,
) -> ApiResult<ManagedCourse> {
    let id = service::update(&state.pool, editor(&user), &id, form).await?;
    Ok(ok(managed_course(&state, &id, &user, lang).await?))
}

/// Deletes a course with its curriculum. A course with students, sales or unpaid orders is refused (409): archive
/// it instead (`PUT /api/dashboard/courses/{id}/status` with `archived`).
#[utoipa::path(
    delete,
    path = "/api/dashboard/courses/{id}",
    tag = "dashboard",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(("id" = String, Path, description = "Course id or slug")),
    responses(
        (status = 200, description = "Deleted", body = super::Envelope<bool>),
        (status = 403, description = "Another teacher's course", body = super::error::ErrorEnvelope),
        (status = 409, description = "The course has students, sales or unpaid orders: archive it instead",
            body = super::error::ErrorEnvelope),
    )
)]
pub async fn delete_course(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<Teachers>,
    Path(id): Path<String>,
) -> ApiResult<bool> {
    service::delete(&state.pool, editor(&user), &id).await?;
    Ok(ok(true))
}

/// Replaces the whole curriculum (sections and lessons, in the order given).
#[utoipa::path(
    put,
    path = "/api/dashboard/courses/{id}/curriculum",
    tag = "dashboard",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(("id" = String, Path, description = "Course id or slug")),
    request_body = CurriculumForm,
    responses(
        (status = 200, description = "The course", body = super::Envelope<ManagedCourse>),
        (status = 403, description = "Another teacher's course", body = super::error::ErrorEnvelope),
        (status = 409, description = "A section or lesson id belongs to another course", body = super::error::ErrorEnvelope),
        (status = 422, description = "Invalid curriculum", body = super::error::ErrorEnvelope),
    )
)]
pub async fn replace_curriculum(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    Path(id): Path<String>,
    Json(form): Json<CurriculumForm>,
) -> ApiResult<ManagedCourse> {
    let id = service::replace_curriculum(&state.pool, editor(&user), &id, form).await?;
    Ok(ok(managed_course(&state, &id, &user, lang).await?))
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct CourseStatusBody {
    /// `draft` (unpublished), `published` or `archived`.
    pub status: String,
}

/// Publishes, unpublishes or archives a course.
#[utoipa::path(
    put,
    path = "/api/dashboard/courses/{id}/status",
    tag = "dashboard",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(("id" = String, Path, description = "Course id or slug")),
    request_body = CourseStatusBody,
    responses(
        (status = 200, description = "The course", body = super::Envelope<Course>),
        (status = 403, description = "Another teacher's course", body = super::error::ErrorEnvelope),
    )
)]
pub async fn set_course_status(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    Path(id): Path<String>,
    Json(body): Json<CourseStatusBody>,
) -> ApiResult<Course> {
    let id = service::set_status(&state.pool, editor(&user), &id, &body.status).await?;
    let detail = course_detail(&state, &id, &admin_viewer(&user), lang).await?;
    Ok(ok(detail.course))
}
