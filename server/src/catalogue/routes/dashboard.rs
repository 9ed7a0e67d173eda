//! Catalogue management for the dashboard, under `/api/dashboard/…`, guarded on the server by role and
//! ownership: courses with their curriculum and publication (teachers their own, admins all), categories
//! and course types (ADMIN; every dashboard role reads the types, for the course editor), banners and feed
//! moderation (ADMIN), the contact and admission inboxes (ADMIN, STAFF). Subjects and syllabuses are in
//! [`crate::material::routes`].
//!
//! Every write is checked by the shared rules first and runs in one transaction.

use academy_shared::{
    catalogue::{self as rules, BannerFacts, CatalogueError, CourseFacts, LessonFacts, NamedFacts, SectionFacts},
    i18n::Lang,
    limits::SEARCH_MAX_CHARS,
    media::{OWN_FILES_PATH, video_link},
    roles::Role,
};
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    ApiError, ApiResult, Json, Language, Pagination, Path, Query, Text,
    banners::{Banner, banner},
    categories::{Category, category},
    courses::{Course, CourseDetail, CourseTexts, Page, Viewer, course_card, course_detail, course_page, iso},
    feed::{FeedPost, feed_post},
    ok,
};
use crate::{
    catalogue::repo::{
        self, Localized,
        banners::BannerInput,
        categories::CategoryInput,
        course_types::CourseTypeInput,
        courses::{CourseFigures, CourseInput, LessonInput, Ownership, SectionInput},
    },
    contact::repo::{self as contact, Inbox, InboxQuery},
    http::{CurrentUser, require_role},
    platform::db::new_id,
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_managed_courses, create_course))
        .routes(routes!(get_managed_course, update_course, delete_course))
        .routes(routes!(replace_curriculum))
        .routes(routes!(set_course_status))
        .routes(routes!(list_managed_categories, create_category))
        .routes(routes!(update_category, delete_category))
        .routes(routes!(list_course_types, create_course_type))
        .routes(routes!(update_course_type, delete_course_type))
        .routes(routes!(list_all_banners, create_banner))
        .routes(routes!(update_banner, delete_banner))
        .routes(routes!(list_feed_for_moderation))
        .routes(routes!(moderate_feed_post))
        .routes(routes!(list_inbox))
        .routes(routes!(mark_message))
}

// ---------------------------------------------------------------------------------------------------------
// Courses

/// A course as the editor sends it. Texts in both languages; `slug` is made from the Vietnamese title when
/// empty.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourseBody {
    pub title: Localized,
    #[serde(default)]
    pub slug: String,
    #[serde(default)]
    pub description: Localized,
    #[serde(default)]
    pub what_you_will_learn: Vec<Localized>,
    #[serde(default)]
    pub requirements: Vec<Localized>,
    pub thumbnail: Option<String>,
    /// Minor units.
    pub price: i64,
    /// Sale price, below `price`.
    pub discount: Option<i64>,
    #[serde(default = "default_currency")]
    pub currency: String,
    pub course_badge: Option<Localized>,
    #[serde(default = "default_level")]
    pub level: String,
    #[serde(default)]
    pub total_seat: i64,
    pub category_id: String,
    pub type_id: Option<String>,
    #[serde(default = "default_language")]
    pub language: String,
}

fn default_currency() -> String {
    "VND".to_owned()
}
fn default_level() -> String {
    "beginner".to_owned()
}
fn default_language() -> String {
    "vi".to_owned()
}

impl CourseBody {
    /// Checks the body with the shared rules and turns it into the stored form.
    fn validated(self) -> Result<CourseInput, ApiError> {
        let badge = self.course_badge.as_ref();
        let facts = CourseFacts {
            title_vi: &self.title.vi,
            title_en: &self.title.en,
            slug: &self.slug,
            description_vi: &self.description.vi,
            description_en: &self.description.en,
            outcomes: pairs(&self.what_you_will_learn),
            requirements: pairs(&self.requirements),
            thumbnail: self.thumbnail.as_deref().unwrap_or_default(),
            price: self.price,
            discount: self.discount,
            currency: &self.currency,
            badge_vi: badge.map_or("", |b| &b.vi),
            badge_en: badge.map_or("", |b| &b.en),
            level: &self.level,
            total_seat: self.total_seat,
            category_id: &self.category_id,
            type_id: self.type_id.as_deref().unwrap_or_default(),
            language: &self.language,
        };
        let slug = rules::validate_course_form(&facts).map_err(|e| ApiError::from(&e))?;
        let currency = rules::currency_code(&self.currency);
        let trim = |l: Localized| Localized::new(l.vi.trim(), l.en.trim());
        Ok(CourseInput {
            slug,
            title: trim(self.title),
            description: self.description,
            outcomes: self.what_you_will_learn,
            requirements: self.requirements,
            thumbnail: self.thumbnail.filter(|t| !t.trim().is_empty()),
            price: self.price,
            discount: self.discount,
            currency,
            badge: self.course_badge,
            level: self.level,
            total_seat: self.total_seat,
            category_id: self.category_id,
            type_id: self.type_id.filter(|t| !t.is_empty()),
            language: self.language,
        })
    }
}

/// The `(vi, en)` texts of a list, as the rules read them.
fn pairs(list: &[Localized]) -> Vec<(&str, &str)> {
    list.iter().map(|l| (l.vi.as_str(), l.en.as_str())).collect()
}

/// The course ownership rule: teachers manage their own courses, admins every course.
fn may_manage(user: &CurrentUser, course: &Ownership) -> Result<(), ApiError> {
    match user.role {
        Role::Admin => Ok(()),
        Role::Teacher if course.instructor_id == user.id => Ok(()),
        _ => Err(ApiError::forbidden()),
    }
}

async fn owned(conn: &mut sqlx::AnyConnection, user: &CurrentUser, id: &str) -> Result<Ownership, ApiError> {
    require_role(user, &[Role::Teacher, Role::Admin])?;
    let course = repo::courses::ownership(conn, id).await?.ok_or_else(ApiError::not_found)?;
    may_manage(user, &course)?;
    Ok(course)
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
    user: CurrentUser,
    Query(params): Query<ManageParams>,
    paging: Pagination<20>,
) -> ApiResult<Page<Course>> {
    require_role(&user, &[Role::Teacher, Role::Admin])?;
    ApiError::check_length("search", params.search.as_deref(), SEARCH_MAX_CHARS)?;
    let (page, size) = (paging.page, paging.page_size);
    let owner = (user.role != Role::Admin).then_some(user.id.as_str());
    let (rows, total) =
        repo::courses::list_managed(&state.pool, owner, params.search.as_deref(), size, paging.offset()).await?;
    Ok(ok(Page::new(rows.iter().map(|r| course_card(r, lang)).collect(), page, size, total)))
}

/// Creates a draft course owned by the caller (a teacher or an admin).
#[utoipa::path(
    post,
    path = "/api/dashboard/courses",
    tag = "dashboard",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    request_body = CourseBody,
    responses(
        (status = 200, description = "The new draft", body = super::Envelope<ManagedCourse>),
        (status = 409, description = "Slug taken, or an unknown course type", body = super::error::ErrorEnvelope),
        (status = 422, description = "Invalid fields", body = super::error::ErrorEnvelope),
    )
)]
pub async fn create_course(
    State(state): State<AppState>,
    Language(lang): Language,
    user: CurrentUser,
    Json(body): Json<CourseBody>,
) -> ApiResult<ManagedCourse> {
    require_role(&user, &[Role::Teacher, Role::Admin])?;
    let input = body.validated()?;
    let mut tx = state.pool.begin().await?;
    category_exists(&mut tx, &input.category_id).await?;
    let id = repo::courses::insert(&mut tx, &user.id, &input, "draft", &CourseFigures::default()).await?;
    tx.commit().await?;
    Ok(ok(managed_course(&state, &id, &user, lang).await?))
}

async fn category_exists(conn: &mut sqlx::AnyConnection, id: &str) -> Result<(), ApiError> {
    let found: Option<String> =
        sqlx::query_scalar("select id from categories where id = $1").bind(id).fetch_optional(&mut *conn).await?;
    found.map(|_| ()).ok_or_else(|| ApiError::refused("categoryId", CatalogueError::Required))
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
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<ManagedCourse> {
    let mut conn = state.pool.acquire().await?;
    let course = owned(&mut conn, &user, &id).await?;
    drop(conn);
    Ok(ok(managed_course(&state, &course.id, &user, lang).await?))
}

/// Replaces a course's details (not its status or curriculum).
#[utoipa::path(
    put,
    path = "/api/dashboard/courses/{id}",
    tag = "dashboard",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(("id" = String, Path, description = "Course id or slug")),
    request_body = CourseBody,
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
    user: CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<CourseBody>,
) -> ApiResult<ManagedCourse> {
    require_role(&user, &[Role::Teacher, Role::Admin])?;
    let input = body.validated()?;
    let mut tx = state.pool.begin().await?;
    let course = owned(&mut tx, &user, &id).await?;
    category_exists(&mut tx, &input.category_id).await?;
    repo::courses::update(&mut tx, &course, &input).await?;
    tx.commit().await?;
    Ok(ok(managed_course(&state, &course.id, &user, lang).await?))
}

/// Deletes a course with its curriculum and enrolments.
#[utoipa::path(
    delete,
    path = "/api/dashboard/courses/{id}",
    tag = "dashboard",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(("id" = String, Path, description = "Course id or slug")),
    responses(
        (status = 200, description = "Deleted", body = super::Envelope<bool>),
        (status = 403, description = "Another teacher's course", body = super::error::ErrorEnvelope),
    )
)]
pub async fn delete_course(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<bool> {
    let mut tx = state.pool.begin().await?;
    let course = owned(&mut tx, &user, &id).await?;
    repo::courses::delete(&mut tx, &course).await?;
    tx.commit().await?;
    Ok(ok(true))
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LessonBody {
    pub id: Option<String>,
    pub title: Localized,
    #[serde(default)]
    pub duration_seconds: i64,
    pub video_url: Option<String>,
    #[serde(default)]
    pub free_preview: bool,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct SectionBody {
    pub id: Option<String>,
    pub title: Localized,
    #[serde(default)]
    pub lessons: Vec<LessonBody>,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct CurriculumBody {
    /// Sections in order, each with its lessons in order.
    pub sections: Vec<SectionBody>,
}

/// Replaces the whole curriculum (sections and lessons, in the order given).
#[utoipa::path(
    put,
    path = "/api/dashboard/courses/{id}/curriculum",
    tag = "dashboard",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(("id" = String, Path, description = "Course id or slug")),
    request_body = CurriculumBody,
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
    user: CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<CurriculumBody>,
) -> ApiResult<ManagedCourse> {
    require_role(&user, &[Role::Teacher, Role::Admin])?;
    let facts: Vec<SectionFacts<'_>> = body
        .sections
        .iter()
        .map(|s| SectionFacts {
            id: s.id.as_deref().unwrap_or_default(),
            title_vi: &s.title.vi,
            title_en: &s.title.en,
            lessons: s
                .lessons
                .iter()
                .map(|l| LessonFacts {
                    id: l.id.as_deref().unwrap_or_default(),
                    title_vi: &l.title.vi,
                    title_en: &l.title.en,
                    duration_seconds: l.duration_seconds,
                    video_url: l.video_url.as_deref(),
                })
                .collect(),
        })
        .collect();
    rules::validate_curriculum(&facts, OWN_FILES_PATH).map_err(|e| ApiError::refused("sections", e))?;
    let sections: Vec<SectionInput> = body
        .sections
        .into_iter()
        .map(|s| SectionInput {
            id: s.id,
            title: s.title,
            lessons: s
                .lessons
                .into_iter()
                .map(|l| LessonInput {
                    id: l.id,
                    title: l.title,
                    duration_seconds: l.duration_seconds,
                    // Saved as the player's embed link (checked above).
                    video_url: l
                        .video_url
                        .filter(|u| !u.trim().is_empty())
                        .map(|u| video_link(&u, OWN_FILES_PATH).unwrap_or(u)),
                    free_preview: l.free_preview,
                })
                .collect(),
        })
        .collect();
    let mut tx = state.pool.begin().await?;
    let course = owned(&mut tx, &user, &id).await?;
    repo::courses::replace_curriculum(&mut tx, &course.id, &sections).await?;
    tx.commit().await?;
    Ok(ok(managed_course(&state, &course.id, &user, lang).await?))
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
    user: CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<CourseStatusBody>,
) -> ApiResult<Course> {
    require_role(&user, &[Role::Teacher, Role::Admin])?;
    if !["draft", "published", "archived"].contains(&body.status.as_str()) {
        return Err(ApiError::invalid_field("status", Text::new("Trạng thái không hợp lệ", "Unknown status")));
    }
    let mut tx = state.pool.begin().await?;
    let course = owned(&mut tx, &user, &id).await?;
    repo::courses::set_status(&mut tx, &course, &body.status).await?;
    tx.commit().await?;
    let detail = course_detail(&state, &course.id, &admin_viewer(&user), lang).await?;
    Ok(ok(detail.course))
}

// ---------------------------------------------------------------------------------------------------------
// Categories and course types (ADMIN)

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryBody {
    pub name: Localized,
    #[serde(default)]
    pub slug: String,
    #[serde(default)]
    pub description: Localized,
    pub image: Option<String>,
    #[serde(default)]
    pub order: i64,
}

impl CategoryBody {
    fn validated(self) -> Result<CategoryInput, ApiError> {
        let facts = NamedFacts {
            name_vi: &self.name.vi,
            name_en: &self.name.en,
            slug: &self.slug,
            description_vi: &self.description.vi,
            description_en: &self.description.en,
            image: self.image.as_deref().unwrap_or_default(),
        };
        let slug = rules::validate_named_form(&facts).map_err(|e| ApiError::from(&e))?;
        Ok(CategoryInput {
            slug,
            name: Localized::new(self.name.vi.trim(), self.name.en.trim()),
            description: self.description,
            image: self.image.filter(|i| !i.trim().is_empty()),
            sort_order: self.order,
        })
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Created {
    pub id: String,
}

/// The name and description of a category (or course type) in both languages.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NamedTexts {
    pub name: Localized,
    pub description: Localized,
}

/// A category as the dashboard reads it: the public shape in the request's language, and its texts in both.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ManagedCategory {
    #[serde(flatten)]
    pub category: Category,
    pub texts: NamedTexts,
}

/// Every category in display order, with both languages' texts (the category page and the course editor's
/// select).
#[utoipa::path(
    get,
    path = "/api/dashboard/categories",
    tag = "dashboard",
    security(("bearer" = ["ADMIN", "STAFF", "TEACHER"])),
    responses((status = 200, description = "Categories", body = super::Envelope<Vec<ManagedCategory>>))
)]
pub async fn list_managed_categories(
    State(state): State<AppState>,
    Language(lang): Language,
    user: CurrentUser,
) -> ApiResult<Vec<ManagedCategory>> {
    require_role(&user, &[Role::Admin, Role::Staff, Role::Teacher])?;
    let rows = repo::categories::list_categories(&state.pool).await?;
    Ok(ok(rows
        .iter()
        .map(|row| ManagedCategory {
            category: category(row, lang),
            texts: NamedTexts {
                name: Localized::new(&row.name_vi, &row.name_en),
                description: Localized::new(&row.description_vi, &row.description_en),
            },
        })
        .collect()))
}

/// Creates a category.
#[utoipa::path(
    post,
    path = "/api/dashboard/categories",
    tag = "dashboard",
    security(("bearer" = ["ADMIN"])),
    request_body = CategoryBody,
    responses(
        (status = 200, description = "Created", body = super::Envelope<Created>),
        (status = 409, description = "Slug taken", body = super::error::ErrorEnvelope),
    )
)]
pub async fn create_category(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(body): Json<CategoryBody>,
) -> ApiResult<Created> {
    require_role(&user, &[Role::Admin])?;
    let input = body.validated()?;
    let id = new_id();
    let mut tx = state.pool.begin().await?;
    repo::categories::insert_category(&mut tx, &id, &input).await?;
    tx.commit().await?;
    Ok(ok(Created { id }))
}

/// Edits a category (its courses' search text follows the new name).
#[utoipa::path(
    put,
    path = "/api/dashboard/categories/{id}",
    tag = "dashboard",
    security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Category id")),
    request_body = CategoryBody,
    responses(
        (status = 200, description = "Saved", body = super::Envelope<bool>),
        (status = 409, description = "Slug taken", body = super::error::ErrorEnvelope),
    )
)]
pub async fn update_category(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<CategoryBody>,
) -> ApiResult<bool> {
    require_role(&user, &[Role::Admin])?;
    let input = body.validated()?;
    if !repo::categories::update_category(&state.pool, &id, &input).await? {
        return Err(ApiError::not_found());
    }
    Ok(ok(true))
}

/// Deletes a category without courses (409 while it has some).
#[utoipa::path(
    delete,
    path = "/api/dashboard/categories/{id}",
    tag = "dashboard",
    security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Category id")),
    responses(
        (status = 200, description = "Deleted", body = super::Envelope<bool>),
        (status = 409, description = "Courses are in it", body = super::error::ErrorEnvelope),
    )
)]
pub async fn delete_category(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<bool> {
    require_role(&user, &[Role::Admin])?;
    if !repo::categories::delete_category(&state.pool, &id).await? {
        return Err(ApiError::not_found());
    }
    Ok(ok(true))
}

/// Creates a course type.
#[utoipa::path(
    post,
    path = "/api/dashboard/course-types",
    tag = "dashboard",
    security(("bearer" = ["ADMIN"])),
    request_body = CategoryBody,
    responses(
        (status = 200, description = "Created", body = super::Envelope<Created>),
        (status = 409, description = "Slug taken", body = super::error::ErrorEnvelope),
    )
)]
pub async fn create_course_type(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(body): Json<CategoryBody>,
) -> ApiResult<Created> {
    require_role(&user, &[Role::Admin])?;
    let input = body.validated()?;
    let id = new_id();
    let mut tx = state.pool.begin().await?;
    let kind = CourseTypeInput { slug: input.slug, name: input.name, description: input.description };
    repo::course_types::insert_course_type(&mut tx, &id, &kind).await?;
    tx.commit().await?;
    Ok(ok(Created { id }))
}

/// A course type with both names and how many courses are of it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourseType {
    pub id: String,
    pub slug: String,
    pub name: Localized,
    pub description: Localized,
    pub course_count: i64,
}

/// Every course type, oldest first, for the course-type page and the course editor's select.
#[utoipa::path(
    get,
    path = "/api/dashboard/course-types",
    tag = "dashboard",
    security(("bearer" = ["ADMIN", "STAFF", "TEACHER"])),
    responses((status = 200, description = "Course types", body = super::Envelope<Vec<CourseType>>))
)]
pub async fn list_course_types(State(state): State<AppState>, user: CurrentUser) -> ApiResult<Vec<CourseType>> {
    require_role(&user, &[Role::Admin, Role::Staff, Role::Teacher])?;
    let rows = repo::course_types::list_course_types(&state.pool).await?;
    let counts: std::collections::HashMap<String, i64> =
        repo::course_types::course_type_counts(&state.pool).await?.into_iter().collect();
    Ok(ok(rows
        .into_iter()
        .map(|r| CourseType {
            course_count: counts.get(&r.id).copied().unwrap_or(0),
            id: r.id,
            slug: r.slug,
            name: Localized::new(r.name_vi, r.name_en),
            description: Localized::new(r.description_vi, r.description_en),
        })
        .collect()))
}

/// Edits a course type.
#[utoipa::path(
    put,
    path = "/api/dashboard/course-types/{id}",
    tag = "dashboard",
    security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Course type id")),
    request_body = CategoryBody,
    responses(
        (status = 200, description = "Saved", body = super::Envelope<bool>),
        (status = 409, description = "Slug taken", body = super::error::ErrorEnvelope),
        (status = 422, description = "Invalid fields", body = super::error::ErrorEnvelope),
    )
)]
pub async fn update_course_type(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<CategoryBody>,
) -> ApiResult<bool> {
    require_role(&user, &[Role::Admin])?;
    let input = body.validated()?;
    let kind = CourseTypeInput { slug: input.slug, name: input.name, description: input.description };
    if !repo::course_types::update_course_type(&state.pool, &id, &kind).await? {
        return Err(ApiError::not_found());
    }
    Ok(ok(true))
}

/// Deletes a course type no course uses (409 while some do).
#[utoipa::path(
    delete,
    path = "/api/dashboard/course-types/{id}",
    tag = "dashboard",
    security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Course type id")),
    responses(
        (status = 200, description = "Deleted", body = super::Envelope<bool>),
        (status = 409, description = "Courses use it", body = super::error::ErrorEnvelope),
    )
)]
pub async fn delete_course_type(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<bool> {
    require_role(&user, &[Role::Admin])?;
    let mut tx = state.pool.begin().await?;
    let used = repo::course_types::courses_of_type(&mut tx, &id).await?;
    if used > 0 {
        return Err(ApiError::Conflict(Text::localized(move |lang| {
            lang.pick(
                &format!("Không thể xóa: {used} khóa học đang dùng loại này"),
                &format!("Cannot delete: {used} courses use this type"),
            )
            .to_owned()
        })));
    }
    let deleted = sqlx::query("delete from course_types where id = $1").bind(&id).execute(&mut *tx).await?;
    if deleted.rows_affected() == 0 {
        return Err(ApiError::not_found());
    }
    tx.commit().await?;
    Ok(ok(true))
}

// ---------------------------------------------------------------------------------------------------------
// Banners (ADMIN)

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BannerBody {
    pub title: Localized,
    #[serde(default)]
    pub subtitle: Localized,
    #[serde(default)]
    pub slug: String,
    /// Required; a missing picture is reported beside the field, as an empty one is.
    #[serde(default)]
    pub image: String,
    #[serde(default = "root_link")]
    pub link: String,
    #[serde(default = "yes")]
    pub active: bool,
    #[serde(default)]
    pub order: i64,
}

fn root_link() -> String {
    "/".to_owned()
}
fn yes() -> bool {
    true
}

impl BannerBody {
    fn validated(self) -> Result<BannerInput, ApiError> {
        let facts = BannerFacts {
            title_vi: &self.title.vi,
            title_en: &self.title.en,
            subtitle_vi: &self.subtitle.vi,
            subtitle_en: &self.subtitle.en,
            slug: &self.slug,
            image: &self.image,
            link: &self.link,
        };
        let slug = rules::validate_banner_form(&facts).map_err(|e| ApiError::from(&e))?;
        Ok(BannerInput {
            slug,
            title: self.title,
            subtitle: self.subtitle,
            image: self.image.trim().to_owned(),
            link: self.link,
            active: self.active,
            sort_order: self.order,
        })
    }
}

/// The title and subtitle of a banner in both languages.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BannerTexts {
    pub title: Localized,
    pub subtitle: Localized,
}

/// A banner as the dashboard reads it: the public shape in the request's language, and its texts in both.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ManagedBanner {
    #[serde(flatten)]
    pub banner: Banner,
    pub texts: BannerTexts,
}

/// Every banner, active or not, with both languages' texts.
#[utoipa::path(
    get,
    path = "/api/dashboard/banners",
    tag = "dashboard",
    security(("bearer" = ["ADMIN"])),
    responses((status = 200, description = "Banners", body = super::Envelope<Vec<ManagedBanner>>))
)]
pub async fn list_all_banners(
    State(state): State<AppState>,
    Language(lang): Language,
    user: CurrentUser,
) -> ApiResult<Vec<ManagedBanner>> {
    require_role(&user, &[Role::Admin])?;
    let rows = repo::banners::list_banners(&state.pool, true).await?;
    Ok(ok(rows
        .iter()
        .map(|r| ManagedBanner {
            banner: banner(r, lang),
            texts: BannerTexts {
                title: Localized::new(&r.title_vi, &r.title_en),
                subtitle: Localized::new(&r.subtitle_vi, &r.subtitle_en),
            },
        })
        .collect()))
}

#[utoipa::path(
    post,
    path = "/api/dashboard/banners",
    tag = "dashboard",
    security(("bearer" = ["ADMIN"])),
    request_body = BannerBody,
    responses(
        (status = 200, description = "Created", body = super::Envelope<Created>),
        (status = 409, description = "Slug taken", body = super::error::ErrorEnvelope),
    )
)]
pub async fn create_banner(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(body): Json<BannerBody>,
) -> ApiResult<Created> {
    require_role(&user, &[Role::Admin])?;
    let input = body.validated()?;
    let id = new_id();
    let mut tx = state.pool.begin().await?;
    repo::banners::insert_banner(&mut tx, &id, &input).await?;
    tx.commit().await?;
    Ok(ok(Created { id }))
}

#[utoipa::path(
    put,
    path = "/api/dashboard/banners/{id}",
    tag = "dashboard",
    security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Banner id")),
    request_body = BannerBody,
    responses(
        (status = 200, description = "Saved", body = super::Envelope<bool>),
        (status = 409, description = "Slug taken", body = super::error::ErrorEnvelope),
    )
)]
pub async fn update_banner(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<BannerBody>,
) -> ApiResult<bool> {
    require_role(&user, &[Role::Admin])?;
    let input = body.validated()?;
    if !repo::banners::update_banner(&state.pool, &id, &input).await? {
        return Err(ApiError::not_found());
    }
    Ok(ok(true))
}

#[utoipa::path(
    delete,
    path = "/api/dashboard/banners/{id}",
    tag = "dashboard",
    security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Banner id")),
    responses((status = 200, description = "Deleted", body = super::Envelope<bool>))
)]
pub async fn delete_banner(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<bool> {
    require_role(&user, &[Role::Admin])?;
    if !repo::banners::delete_banner(&state.pool, &id).await? {
        return Err(ApiError::not_found());
    }
    Ok(ok(true))
}

// ---------------------------------------------------------------------------------------------------------
// Feed moderation (ADMIN)

/// Every feed post, hidden ones included, newest first.
#[utoipa::path(
    get,
    path = "/api/dashboard/feed",
    tag = "dashboard",
    security(("bearer" = ["ADMIN"])),
    params(Pagination<20>),
    responses((status = 200, description = "Feed posts", body = super::Envelope<Page<FeedPost>>))
)]
pub async fn list_feed_for_moderation(
    State(state): State<AppState>,
    Language(lang): Language,
    user: CurrentUser,
    paging: Pagination<20>,
) -> ApiResult<Page<FeedPost>> {
    require_role(&user, &[Role::Admin])?;
    let (page, size) = (paging.page, paging.page_size);
    let (rows, total) = repo::feed::list_feed(&state.pool, true, size, paging.offset()).await?;
    Ok(ok(Page::new(rows.iter().map(|r| feed_post(r, lang)).collect(), page, size, total)))
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct ModerationBody {
    /// `visible` or `hidden`.
    pub status: String,
}

/// Shows or hides a feed post.
#[utoipa::path(
    put,
    path = "/api/dashboard/feed/{id}/status",
    tag = "dashboard",
    security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Feed post id")),
    request_body = ModerationBody,
    responses((status = 200, description = "Saved", body = super::Envelope<bool>))
)]
pub async fn moderate_feed_post(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<ModerationBody>,
) -> ApiResult<bool> {
    require_role(&user, &[Role::Admin])?;
    if !["visible", "hidden"].contains(&body.status.as_str()) {
        return Err(ApiError::invalid_field("status", Text::new("Trạng thái không hợp lệ", "Unknown status")));
    }
    if !repo::feed::set_feed_status(&state.pool, &id, &body.status).await? {
        return Err(ApiError::not_found());
    }
    Ok(ok(true))
}

// ---------------------------------------------------------------------------------------------------------
// Inboxes (ADMIN, STAFF)

#[derive(Debug, Clone, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct InboxParams {
    /// Words to find in name, e-mail, phone, subject or course, and message (marks ignored).
    #[param(max_length = 100)]
    pub search: Option<String>,
    /// `true`: read only; `false`: unread only.
    pub read: Option<bool>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InboxMessage {
    pub id: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    /// The subject (contact) or the course name (admission).
    pub subject: String,
    pub message: String,
    pub is_read: bool,
    pub created_at: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InboxPage {
    #[serde(flatten)]
    pub page: Page<InboxMessage>,
    pub unread: i64,
}

fn inbox_of(name: &str) -> Result<Inbox, ApiError> {
    match name {
        "contact-messages" => Ok(Inbox::Contact),
        "admission-messages" => Ok(Inbox::Admission),
        _ => Err(ApiError::not_found()),
    }
}

/// One page of the contact or admission inbox, newest first.
#[utoipa::path(
    get,
    path = "/api/dashboard/{inbox}",
    tag = "dashboard",
    security(("bearer" = ["ADMIN", "STAFF"])),
    params(
        ("inbox" = String, Path, description = "`contact-messages` or `admission-messages`", example = "contact-messages"),
        InboxParams,
        Pagination<20>,
    ),
    responses((status = 200, description = "Messages", body = super::Envelope<InboxPage>))
)]
pub async fn list_inbox(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(inbox): Path<String>,
    Query(params): Query<InboxParams>,
    paging: Pagination<20>,
) -> ApiResult<InboxPage> {
    require_role(&user, &[Role::Admin, Role::Staff])?;
    let inbox = inbox_of(&inbox)?;
    ApiError::check_length("search", params.search.as_deref(), SEARCH_MAX_CHARS)?;
    let (page, size) = (paging.page, paging.page_size);
    let query = InboxQuery { search: params.search, read: params.read, limit: size, offset: paging.offset() };
    let (rows, total, unread) = contact::list(&state.pool, inbox, &query).await?;
    let items = rows
        .into_iter()
        .map(|r| InboxMessage {
            id: r.id,
            name: r.name,
            email: r.email,
            phone: r.phone,
            subject: r.subject,
            message: r.message,
            is_read: r.is_read != 0,
            created_at: iso(r.created_at),
        })
        .collect();
    Ok(ok(InboxPage { page: Page::new(items, page, size, total), unread }))
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct ReadBody {
    pub read: bool,
}

/// Marks a message read or unread.
#[utoipa::path(
    put,
    path = "/api/dashboard/{inbox}/{id}/read",
    tag = "dashboard",
    security(("bearer" = ["ADMIN", "STAFF"])),
    params(
        ("inbox" = String, Path, description = "`contact-messages` or `admission-messages`", example = "contact-messages"),
        ("id" = String, Path, description = "Message id"),
    ),
    request_body = ReadBody,
    responses((status = 200, description = "Saved", body = super::Envelope<bool>))
)]
pub async fn mark_message(
    State(state): State<AppState>,
    user: CurrentUser,
    Path((inbox, id)): Path<(String, String)>,
    Json(body): Json<ReadBody>,
) -> ApiResult<bool> {
    require_role(&user, &[Role::Admin, Role::Staff])?;
    if !contact::set_read(&state.pool, inbox_of(&inbox)?, &id, body.read).await? {
        return Err(ApiError::not_found());
    }
    Ok(ok(true))
}
