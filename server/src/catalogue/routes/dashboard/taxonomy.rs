//! Categories and course types in the dashboard: administrators write them; every dashboard role reads them
//! (the course editor's selects), with their texts in both languages.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

use super::{ApiResult, Json, Language, Path, ok};
use crate::{
    catalogue::{
        repo::Localized,
        routes::categories::{Category, category},
        service::taxonomy::{self as service, NamedForm},
    },
    http::{Admins, Allowed, Created, DashboardUsers},
    state::AppState,
};

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
    _: Allowed<DashboardUsers>,
) -> ApiResult<Vec<ManagedCategory>> {
    let rows = service::categories(&state.pool).await?;
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
    request_body = NamedForm,
    responses(
        (status = 200, description = "Created", body = super::Envelope<Created>),
        (status = 409, description = "Slug taken", body = super::error::ErrorEnvelope),
    )
)]
pub async fn create_category(
    State(state): State<AppState>,
    _: Allowed<Admins>,
    Json(form): Json<NamedForm>,
) -> ApiResult<Created> {
    Ok(ok(Created { id: service::create_category(&state.pool, form).await? }))
}

/// Edits a category (its courses' search text follows the new name).
#[utoipa::path(
    put,
    path = "/api/dashboard/categories/{id}",
    tag = "dashboard",
    security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Category id")),
    request_body = NamedForm,
    responses(
        (status = 200, description = "Saved", body = super::Envelope<bool>),
        (status = 409, description = "Slug taken", body = super::error::ErrorEnvelope),
    )
)]
pub async fn update_category(
    State(state): State<AppState>,
    _: Allowed<Admins>,
    Path(id): Path<String>,
    Json(form): Json<NamedForm>,
) -> ApiResult<bool> {
    service::update_category(&state.pool, &id, form).await?;
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
    _: Allowed<Admins>,
    Path(id): Path<String>,
) -> ApiResult<bool> {
    service::delete_category(&state.pool, &id).await?;
    Ok(ok(true))
}

/// Creates a course type.
#[utoipa::path(
    post,
    path = "/api/dashboard/course-types",
    tag = "dashboard",
    security(("bearer" = ["ADMIN"])),
    request_body = NamedForm,
    responses(
        (status = 200, description = "Created", body = super::Envelope<Created>),
        (status = 409, description = "Slug taken", body = super::error::ErrorEnvelope),
    )
)]
pub async fn create_course_type(
    State(state): State<AppState>,
    _: Allowed<Admins>,
    Json(form): Json<NamedForm>,
) -> ApiResult<Created> {
    Ok(ok(Created { id: service::create_course_type(&state.pool, form).await? }))
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
pub async fn list_course_types(
    State(state): State<AppState>,
    _: Allowed<DashboardUsers>,
) -> ApiResult<Vec<CourseType>> {
    let rows = service::course_types(&state.pool).await?;
    Ok(ok(rows
        .into_iter()
        .map(|(r, course_count)| CourseType {
            course_count,
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
    request_body = NamedForm,
    responses(
        (status = 200, description = "Saved", body = super::Envelope<bool>),
        (status = 409, description = "Slug taken", body = super::error::ErrorEnvelope),
        (status = 422, description = "Invalid fields", body = super::error::ErrorEnvelope),
    )
)]
pub async fn update_course_type(
    State(state): State<AppState>,
    _: Allowed<Admins>,
    Path(id): Path<String>,
    Json(form): Json<NamedForm>,
) -> ApiResult<bool> {
    service::update_course_type(&state.pool, &id, form).await?;
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
    _: Allowed<Admins>,
    Path(id): Path<String>,
) -> ApiResult<bool> {
    service::delete_course_type(&state.pool, &id).await?;
    Ok(ok(true))
}
