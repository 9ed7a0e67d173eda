//! Teaching material for the dashboard: subjects and syllabuses under `/api/dashboard/…`.
//!
//! - Subjects: ADMIN, STAFF and TEACHER list, view and create them; a teacher edits only their own.
//! - Syllabuses: ADMIN and STAFF list every one, add, edit and view; a teacher lists and views their own
//!   (the read-only /syllabus pages).
//!
//! Both languages travel together (`{vi, en}`), so an editor loads a record once. The use cases are in
//! [`super::service`]; these routes read the request, call them and present the answer.

use academy_shared::limits::SEARCH_MAX_CHARS;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    ApiError, ApiResult, Json, Path, Query, ok,
    repo::{SubjectListRow, SubjectRow, SyllabusListRow, SyllabusRow},
    service::{self, Editor, MaterialError, SubjectForm, SyllabusForm, SyllabusRead},
};
use crate::{
    catalogue::routes::courses::iso,
    http::{Allowed, Created, CurrentUser, DashboardUsers, Staff},
    platform::localized::Localized,
    state::AppState,
};

impl From<MaterialError> for ApiError {
    fn from(error: MaterialError) -> Self {
        match error {
            MaterialError::NotFound => ApiError::not_found(),
            MaterialError::NotYours => ApiError::forbidden(),
            MaterialError::Invalid(errors) => ApiError::from(&errors),
            MaterialError::Refused { field, error } => ApiError::refused(field, error),
            MaterialError::Database(e) => e.into(),
        }
    }
}

fn editor(user: &CurrentUser) -> Editor<'_> {
    Editor { id: &user.id, role: user.role }
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_subjects, create_subject))
        .routes(routes!(get_subject, update_subject))
        .routes(routes!(list_syllabuses, create_syllabus))
        .routes(routes!(get_syllabus, update_syllabus))
}

#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct SearchParams {
    /// Words to find in the code or either name (marks ignored).
    #[param(max_length = 100)]
    pub search: Option<String>,
}

// ---------------------------------------------------------------------------------------------------------
// Subjects

/// A subject of teaching material, both languages at once.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Subject {
    pub id: String,
    pub code: String,
    pub name: Localized,
    pub description: Localized,
    pub credits: i64,
    pub owner_id: Option<String>,
    pub owner_name: String,
    /// Whether the caller may edit it (a teacher, only their own).
    pub can_edit: bool,
    pub created_at: String,
    pub updated_at: String,
}

fn subject(row: SubjectRow, owner_name: String, user: &CurrentUser) -> Subject {
    Subject {
        can_edit: editor(user).may_edit_subject(row.owner_id.as_deref()),
        id: row.id,
        code: row.code,
        name: Localized::new(row.name_vi, row.name_en),
        description: Localized::new(row.description_vi, row.description_en),
        credits: row.credits,
        owner_id: row.owner_id,
        owner_name,
        created_at: iso(row.created_at),
        updated_at: iso(row.updated_at),
    }
}

/// Every subject, by code (teachers see them all and edit their own).
#[utoipa::path(
    get,
    path = "/api/dashboard/subjects",
    tag = "dashboard",
    security(("bearer" = ["ADMIN", "STAFF", "TEACHER"])),
    params(SearchParams),
    responses(
        (status = 200, description = "Subjects", body = super::Envelope<Vec<Subject>>),
    )
)]
pub async fn list_subjects(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<DashboardUsers>,
    Query(params): Query<SearchParams>,
) -> ApiResult<Vec<Subject>> {
    ApiError::check_length("search", params.search.as_deref(), SEARCH_MAX_CHARS)?;
    let rows = service::subjects(&state.pool, params.search.as_deref()).await?;
    Ok(ok(rows
        .into_iter()
        .map(|SubjectListRow { subject: row, owner_name }| subject(row, owner_name, &user))
        .collect()))
}

/// Creates a subject owned by the caller.
#[utoipa::path(
    post,
    path = "/api/dashboard/subjects",
    tag = "dashboard",
    security(("bearer" = ["ADMIN", "STAFF", "TEACHER"])),
    request_body = SubjectForm,
    responses(
        (status = 200, description = "Created", body = super::Envelope<Created>),
        (status = 409, description = "Code taken", body = super::error::ErrorEnvelope),
        (status = 422, description = "Invalid fields", body = super::error::ErrorEnvelope),
    )
)]
pub async fn create_subject(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<DashboardUsers>,
    Json(form): Json<SubjectForm>,
) -> ApiResult<Created> {
    Ok(ok(Created { id: service::create_subject(&state.pool, editor(&user), form).await? }))
}

async fn find_subject(state: &AppState, user: &CurrentUser, id: &str) -> Result<Subject, ApiError> {
    let (row, name) = service::subject(&state.pool, id).await?;
    Ok(subject(row, name, user))
}

/// One subject.
#[utoipa::path(
    get,
    path = "/api/dashboard/subjects/{id}",
    tag = "dashboard",
    security(("bearer" = ["ADMIN", "STAFF", "TEACHER"])),
    params(("id" = String, Path, description = "Subject id or code")),
    responses(
        (status = 200, description = "The subject", body = super::Envelope<Subject>),
        (status = 404, description = "No such subject", body = super::error::ErrorEnvelope),
    )
)]
pub async fn get_subject(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<DashboardUsers>,
    Path(id): Path<String>,
) -> ApiResult<Subject> {
    Ok(ok(find_subject(&state, &user, &id).await?))
}

/// Edits a subject (a teacher, only their own).
#[utoipa::path(
    put,
    path = "/api/dashboard/subjects/{id}",
    tag = "dashboard",
    security(("bearer" = ["ADMIN", "STAFF", "TEACHER"])),
    params(("id" = String, Path, description = "Subject id")),
    request_body = SubjectForm,
    responses(
        (status = 200, description = "The subject", body = super::Envelope<Subject>),
        (status = 403, description = "Another teacher's subject", body = super::error::ErrorEnvelope),
        (status = 409, description = "Code taken", body = super::error::ErrorEnvelope),
        (status = 422, description = "Invalid fields", body = super::error::ErrorEnvelope),
    )
)]
pub async fn update_subject(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<DashboardUsers>,
    Path(id): Path<String>,
    Json(form): Json<SubjectForm>,
) -> ApiResult<Subject> {
    let id = service::update_subject(&state.pool, editor(&user), &id, form).await?;
    Ok(ok(find_subject(&state, &user, &id).await?))
}

// ---------------------------------------------------------------------------------------------------------
// Syllabuses

/// A syllabus; `subjects` is filled when one syllabus is read, in the syllabus's order.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Syllabus {
    pub id: String,
    pub code: String,
    pub name: Localized,
    pub description: Localized,
    pub duration_weeks: i64,
    /// `draft`, `published` or `archived`.
    pub status: String,
    pub owner_id: Option<String>,
    pub owner_name: String,
    pub subject_count: i64,
    pub subjects: Vec<Subject>,
    pub created_at: String,
    pub updated_at: String,
}

fn syllabus(row: SyllabusRow, owner_name: String, subjects: Vec<Subject>, subject_count: i64) -> Syllabus {
    Syllabus {
        id: row.id,
        code: row.code,
        name: Localized::new(row.name_vi, row.name_en),
        description: Localized::new(row.description_vi, row.description_en),
        duration_weeks: row.duration_weeks,
        status: row.status.as_str().to_owned(),
        owner_id: row.owner_id,
        owner_name,
        subject_count,
        subjects,
        created_at: iso(row.created_at),
        updated_at: iso(row.updated_at),
    }
}

/// Syllabuses, newest first: every one for ADMIN and STAFF, a teacher's own for a TEACHER.
#[utoipa::path(
    get,
    path = "/api/dashboard/syllabuses",
    tag = "dashboard",
    security(("bearer" = ["ADMIN", "STAFF", "TEACHER"])),
    params(SearchParams),
    responses(
        (status = 200, description = "Syllabuses (without their subjects)", body = super::Envelope<Vec<Syllabus>>),
    )
)]
pub async fn list_syllabuses(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<DashboardUsers>,
    Query(params): Query<SearchParams>,
) -> ApiResult<Vec<Syllabus>> {
    ApiError::check_length("search", params.search.as_deref(), SEARCH_MAX_CHARS)?;
    let rows = service::syllabuses(&state.pool, editor(&user), params.search.as_deref()).await?;
    Ok(ok(rows
        .into_iter()
        .map(|SyllabusListRow { syllabus: row, owner_name, subject_count }| {
            syllabus(row, owner_name, Vec::new(), subject_count)
        })
        .collect()))
}

/// Adds a syllabus with its ordered subjects (ADMIN, STAFF).
#[utoipa::path(
    post,
    path = "/api/dashboard/syllabuses",
    tag = "dashboard",
    security(("bearer" = ["ADMIN", "STAFF"])),
    request_body = SyllabusForm,
    responses(
        (status = 200, description = "Created", body = super::Envelope<Created>),
        (status = 409, description = "Code taken", body = super::error::ErrorEnvelope),
        (status = 422, description = "Invalid fields", body = super::error::ErrorEnvelope),
    )
)]
pub async fn create_syllabus(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<Staff>,
    Json(form): Json<SyllabusForm>,
) -> ApiResult<Created> {
    Ok(ok(Created { id: service::create_syllabus(&state.pool, editor(&user), form).await? }))
}

async fn read_syllabus(state: &AppState, user: &CurrentUser, id: &str) -> Result<Syllabus, ApiError> {
    let SyllabusRead { row, owner_name, subjects } = service::syllabus(&state.pool, editor(user), id).await?;
    let subjects: Vec<Subject> = subjects.into_iter().map(|(s, name)| subject(s, name, user)).collect();
    let count = i64::try_from(subjects.len()).unwrap_or(i64::MAX);
    Ok(syllabus(row, owner_name, subjects, count))
}

/// One syllabus with its subjects in order: any for ADMIN and STAFF, their own for a TEACHER.
#[utoipa::path(
    get,
    path = "/api/dashboard/syllabuses/{id}",
    tag = "dashboard",
    security(("bearer" = ["ADMIN", "STAFF", "TEACHER"])),
    params(("id" = String, Path, description = "Syllabus id or code")),
    responses(
        (status = 200, description = "The syllabus", body = super::Envelope<Syllabus>),
        (status = 403, description = "Another teacher's syllabus", body = super::error::ErrorEnvelope),
        (status = 404, description = "No such syllabus", body = super::error::ErrorEnvelope),
    )
)]
pub async fn get_syllabus(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<DashboardUsers>,
    Path(id): Path<String>,
) -> ApiResult<Syllabus> {
    Ok(ok(read_syllabus(&state, &user, &id).await?))
}

/// Edits a syllabus and replaces its subjects (ADMIN, STAFF).
#[utoipa::path(
    put,
    path = "/api/dashboard/syllabuses/{id}",
    tag = "dashboard",
    security(("bearer" = ["ADMIN", "STAFF"])),
    params(("id" = String, Path, description = "Syllabus id")),
    request_body = SyllabusForm,
    responses(
        (status = 200, description = "The syllabus", body = super::Envelope<Syllabus>),
        (status = 409, description = "Code taken", body = super::error::ErrorEnvelope),
        (status = 422, description = "Invalid fields", body = super::error::ErrorEnvelope),
    )
)]
pub async fn update_syllabus(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<Staff>,
    Path(id): Path<String>,
    Json(form): Json<SyllabusForm>,
) -> ApiResult<Syllabus> {
    service::update_syllabus(&state.pool, &id, form).await?;
    Ok(ok(read_syllabus(&state, &user, &id).await?))
}
