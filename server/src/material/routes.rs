//! Teaching material for the dashboard: subjects and syllabuses under `/api/dashboard/…`.
//!
//! - Subjects: ADMIN, STAFF and TEACHER list, view and create them; a teacher edits only their own.
//! - Syllabuses: ADMIN and STAFF list every one, add, edit and view; a teacher lists and views their own
//!   (the read-only /syllabus pages).
//!
//! Both languages travel together (`{vi, en}`), so an editor loads a record once. Every write is checked by
//! the shared rules first and runs in one transaction.

use academy_shared::{
    catalogue::{self as rules, CatalogueError, SubjectFacts, SyllabusFacts},
    limits::SEARCH_MAX_CHARS,
    roles::Role,
    search::normalize_search,
};
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    ApiError, ApiResult, Json, Path, Query, ok,
    repo::{self, SubjectInput, SubjectListRow, SubjectRow, SyllabusInput, SyllabusListRow, SyllabusRow},
};
use crate::{
    catalogue::{
        repo::Localized,
        routes::{courses::iso, dashboard::Created},
    },
    http::{CurrentUser, require_role},
    platform::db::{new_id, now_ms},
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_subjects, create_subject))
        .routes(routes!(get_subject, update_subject))
        .routes(routes!(list_syllabuses, create_syllabus))
        .routes(routes!(get_syllabus, update_syllabus))
}

const MATERIAL_ROLES: [Role; 3] = [Role::Admin, Role::Staff, Role::Teacher];
const SYLLABUS_EDITORS: [Role; 2] = [Role::Admin, Role::Staff];

#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct SearchParams {
    /// Words to find in the code or either name (marks ignored).
    #[param(max_length = 100)]
    pub search: Option<String>,
}

fn matches(search: &Option<String>, texts: [&str; 3]) -> bool {
    let wanted = search.as_deref().map(normalize_search).unwrap_or_default();
    wanted.trim().is_empty() || normalize_search(&texts.join(" ")).contains(wanted.trim())
}

fn trimmed(text: Localized) -> Localized {
    Localized::new(text.vi.trim(), text.en.trim())
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

fn may_edit_subject(user: &CurrentUser, owner_id: Option<&str>) -> bool {
    match user.role {
        Role::Admin | Role::Staff => true,
        Role::Teacher => owner_id == Some(user.id.as_str()),
        _ => false,
    }
}

fn subject(row: SubjectRow, owner_name: String, user: &CurrentUser) -> Subject {
    Subject {
        can_edit: may_edit_subject(user, row.owner_id.as_deref()),
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

/// A subject as its form sends it.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubjectBody {
    pub code: String,
    pub name: Localized,
    #[serde(default)]
    pub description: Localized,
    #[serde(default)]
    pub credits: i64,
}

impl SubjectBody {
    fn validated(self) -> Result<SubjectInput, ApiError> {
        let facts = SubjectFacts {
            name_vi: &self.name.vi,
            name_en: &self.name.en,
            code: &self.code,
            credits: self.credits,
            description_vi: &self.description.vi,
            description_en: &self.description.en,
        };
        rules::validate_subject(&facts).map_err(|e| ApiError::from(&e))?;
        Ok(SubjectInput {
            code: self.code.trim().to_owned(),
            credits: self.credits,
            name: trimmed(self.name),
            description: self.description,
        })
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
    user: CurrentUser,
    Query(params): Query<SearchParams>,
) -> ApiResult<Vec<Subject>> {
    require_role(&user, &MATERIAL_ROLES)?;
    ApiError::check_length("search", params.search.as_deref(), SEARCH_MAX_CHARS)?;
    let rows = repo::list_subjects(&state.pool).await?;
    Ok(ok(rows
        .into_iter()
        .filter(|r| matches(&params.search, [&r.subject.code, &r.subject.name_vi, &r.subject.name_en]))
        .map(|SubjectListRow { subject: row, owner_name }| subject(row, owner_name, &user))
        .collect()))
}

/// Creates a subject owned by the caller.
#[utoipa::path(
    post,
    path = "/api/dashboard/subjects",
    tag = "dashboard",
    security(("bearer" = ["ADMIN", "STAFF", "TEACHER"])),
    request_body = SubjectBody,
    responses(
        (status = 200, description = "Created", body = super::Envelope<Created>),
        (status = 409, description = "Code taken", body = super::error::ErrorEnvelope),
        (status = 422, description = "Invalid fields", body = super::error::ErrorEnvelope),
    )
)]
pub async fn create_subject(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(body): Json<SubjectBody>,
) -> ApiResult<Created> {
    require_role(&user, &MATERIAL_ROLES)?;
    let input = body.validated()?;
    let id = new_id();
    let mut tx = state.pool.begin().await?;
    repo::insert_subject(&mut tx, &id, Some(&user.id), &input).await?;
    tx.commit().await?;
    Ok(ok(Created { id }))
}

async fn find_subject(state: &AppState, user: &CurrentUser, id: &str) -> Result<Subject, ApiError> {
    let row = repo::find_subject(&state.pool, id).await?.ok_or_else(ApiError::not_found)?;
    let mut conn = state.pool.acquire().await?;
    let name = match &row.owner_id {
        Some(owner) => repo::owner_name(&mut conn, owner).await?.unwrap_or_default(),
        None => String::new(),
    };
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
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Subject> {
    require_role(&user, &MATERIAL_ROLES)?;
    Ok(ok(find_subject(&state, &user, &id).await?))
}

/// Edits a subject (a teacher, only their own).
#[utoipa::path(
    put,
    path = "/api/dashboard/subjects/{id}",
    tag = "dashboard",
    security(("bearer" = ["ADMIN", "STAFF", "TEACHER"])),
    params(("id" = String, Path, description = "Subject id")),
    request_body = SubjectBody,
    responses(
        (status = 200, description = "The subject", body = super::Envelope<Subject>),
        (status = 403, description = "Another teacher's subject", body = super::error::ErrorEnvelope),
        (status = 409, description = "Code taken", body = super::error::ErrorEnvelope),
        (status = 422, description = "Invalid fields", body = super::error::ErrorEnvelope),
    )
)]
pub async fn update_subject(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<SubjectBody>,
) -> ApiResult<Subject> {
    require_role(&user, &MATERIAL_ROLES)?;
    let existing = repo::find_subject(&state.pool, &id).await?.ok_or_else(ApiError::not_found)?;
    if !may_edit_subject(&user, existing.owner_id.as_deref()) {
        return Err(ApiError::forbidden());
    }
    let input = body.validated()?;
    if !repo::update_subject(&state.pool, &existing.id, &input).await? {
        return Err(ApiError::not_found());
    }
    Ok(ok(find_subject(&state, &user, &existing.id).await?))
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
        status: row.status,
        owner_id: row.owner_id,
        owner_name,
        subject_count,
        subjects,
        created_at: iso(row.created_at),
        updated_at: iso(row.updated_at),
    }
}

/// A syllabus as its form sends it. `ownerId` (a user id) defaults to the caller on create and is kept on
/// edit when absent.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SyllabusBody {
    pub code: String,
    pub name: Localized,
    #[serde(default)]
    pub description: Localized,
    pub duration_weeks: i64,
    #[serde(default = "draft")]
    pub status: String,
    pub owner_id: Option<String>,
    /// Subject ids in teaching order.
    #[serde(default)]
    pub subjects: Vec<String>,
}

fn draft() -> String {
    "draft".to_owned()
}

impl SyllabusBody {
    fn validated(self, owner_id: Option<String>) -> Result<SyllabusInput, ApiError> {
        let facts = SyllabusFacts {
            name_vi: &self.name.vi,
            name_en: &self.name.en,
            code: &self.code,
            description_vi: &self.description.vi,
            description_en: &self.description.en,
            duration_weeks: self.duration_weeks,
            status: &self.status,
            owner_id: self.owner_id.as_deref().unwrap_or_default(),
            subject_ids: self.subjects.iter().map(String::as_str).collect(),
        };
        rules::validate_syllabus(&facts).map_err(|e| ApiError::from(&e))?;
        Ok(SyllabusInput {
            code: self.code.trim().to_owned(),
            owner_id: self.owner_id.filter(|o| !o.trim().is_empty()).or(owner_id),
            duration_weeks: self.duration_weeks,
            name: trimmed(self.name),
            description: self.description,
            status: self.status,
            subject_ids: self.subjects,
            created_at: now_ms(),
        })
    }
}

/// Checks what only the database knows: every subject exists and the owner is a user.
async fn check_references(conn: &mut sqlx::AnyConnection, input: &SyllabusInput) -> Result<(), ApiError> {
    let found = repo::count_subjects(conn, &input.subject_ids).await?;
    if usize::try_from(found).unwrap_or(0) != input.subject_ids.len() {
        return Err(ApiError::refused("subjects", CatalogueError::SubjectUnknown));
    }
    if let Some(owner) = &input.owner_id
        && repo::owner_name(conn, owner).await?.is_none()
    {
        return Err(ApiError::refused("ownerId", CatalogueError::Required));
    }
    Ok(())
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
    user: CurrentUser,
    Query(params): Query<SearchParams>,
) -> ApiResult<Vec<Syllabus>> {
    require_role(&user, &MATERIAL_ROLES)?;
    ApiError::check_length("search", params.search.as_deref(), SEARCH_MAX_CHARS)?;
    let owner = (user.role == Role::Teacher).then_some(user.id.as_str());
    let rows = repo::list_syllabuses(&state.pool, owner).await?;
    Ok(ok(rows
        .into_iter()
        .filter(|r| matches(&params.search, [&r.syllabus.code, &r.syllabus.name_vi, &r.syllabus.name_en]))
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
    request_body = SyllabusBody,
    responses(
        (status = 200, description = "Created", body = super::Envelope<Created>),
        (status = 409, description = "Code taken", body = super::error::ErrorEnvelope),
        (status = 422, description = "Invalid fields", body = super::error::ErrorEnvelope),
    )
)]
pub async fn create_syllabus(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(body): Json<SyllabusBody>,
) -> ApiResult<Created> {
    require_role(&user, &SYLLABUS_EDITORS)?;
    let input = body.validated(Some(user.id.clone()))?;
    let id = new_id();
    let mut tx = state.pool.begin().await?;
    check_references(&mut tx, &input).await?;
    repo::save_syllabus(&mut tx, &id, &input, false).await?;
    tx.commit().await?;
    Ok(ok(Created { id }))
}

async fn read_syllabus(state: &AppState, user: &CurrentUser, id: &str) -> Result<Syllabus, ApiError> {
    let (row, subjects) = repo::find_syllabus(&state.pool, id).await?.ok_or_else(ApiError::not_found)?;
    if user.role == Role::Teacher && row.owner_id.as_deref() != Some(user.id.as_str()) {
        return Err(ApiError::forbidden());
    }
    let mut conn = state.pool.acquire().await?;
    let mut names = std::collections::HashMap::new();
    for owner in row.owner_id.iter().chain(subjects.iter().filter_map(|s| s.owner_id.as_ref())) {
        if !names.contains_key(owner) {
            let name = repo::owner_name(&mut conn, owner).await?.unwrap_or_default();
            names.insert(owner.clone(), name);
        }
    }
    let name_of = |owner: &Option<String>| owner.as_ref().and_then(|o| names.get(o).cloned()).unwrap_or_default();
    let owner_name = name_of(&row.owner_id);
    let subjects: Vec<Subject> = subjects
        .into_iter()
        .map(|s| {
            let name = name_of(&s.owner_id);
            subject(s, name, user)
        })
        .collect();
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
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Syllabus> {
    require_role(&user, &MATERIAL_ROLES)?;
    Ok(ok(read_syllabus(&state, &user, &id).await?))
}

/// Edits a syllabus and replaces its subjects (ADMIN, STAFF).
#[utoipa::path(
    put,
    path = "/api/dashboard/syllabuses/{id}",
    tag = "dashboard",
    security(("bearer" = ["ADMIN", "STAFF"])),
    params(("id" = String, Path, description = "Syllabus id")),
    request_body = SyllabusBody,
    responses(
        (status = 200, description = "The syllabus", body = super::Envelope<Syllabus>),
        (status = 409, description = "Code taken", body = super::error::ErrorEnvelope),
        (status = 422, description = "Invalid fields", body = super::error::ErrorEnvelope),
    )
)]
pub async fn update_syllabus(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<SyllabusBody>,
) -> ApiResult<Syllabus> {
    require_role(&user, &SYLLABUS_EDITORS)?;
    let input = body.validated(None)?;
    let mut tx = state.pool.begin().await?;
    check_references(&mut tx, &input).await?;
    if !repo::save_syllabus(&mut tx, &id, &input, true).await? {
        return Err(ApiError::not_found());
    }
    tx.commit().await?;
    Ok(ok(read_syllabus(&state, &user, &id).await?))
}
