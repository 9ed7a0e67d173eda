//! Mentorship over HTTP: plans managed from the dashboard (`/api/dashboard/mentorship/plans`, teachers their own,
//! administrators all), the bookings the dashboard lists (`/api/dashboard/mentorship/bookings`), the caller's
//! booked mentorships (`POST /api/mentorship-plan/enroll-list`) and a mentor's mentees
//! (`GET /api/mentorship/mentees`). Booking itself is a checkout (`POST /api/checkout` with `planId`).

use academy_shared::{envelope::SUCCESS_CODE, limits::SEARCH_MAX_CHARS, roles::Role};
use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    MentorshipError, bookings,
    plans::{self, Actor, PlanForm},
    repo::BookingFilter,
    views::{BookingPage, ManagedPlan, MentorshipEnrollList, MentorshipEnrollment, Texts},
};
use crate::{
    http::{
        ApiError, ApiResult, CurrentUser, Json, Language, Pagination, Path, Query,
        current_user::{Allowed, Teachers},
        error::ErrorEnvelope,
        ok,
    },
    platform::db::now_ms,
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_plans, create_plan))
        .routes(routes!(get_plan, update_plan, delete_plan))
        .routes(routes!(list_bookings))
        .routes(routes!(booked_mentorships))
        .routes(routes!(list_mentees))
}

impl From<MentorshipError> for ApiError {
    fn from(error: MentorshipError) -> ApiError {
        let text = error.text();
        match (error, text) {
            (MentorshipError::Database(e), _) => e.into(),
            (MentorshipError::Invalid(errors), _) => ApiError::from(&errors),
            (MentorshipError::PlanNotFound, Some(text)) => ApiError::NotFound(text),
            (MentorshipError::Forbidden, Some(text)) => ApiError::Forbidden(text),
            (_, Some(text)) => ApiError::Conflict(text),
            (error, None) => ApiError::internal(error),
        }
    }
}

/// A plan as the editor sends it (every text in Vietnamese and English; price in minor units).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanBody {
    pub title: Texts,
    #[serde(default)]
    pub short_description: Texts,
    #[serde(default)]
    pub services: Vec<Texts>,
    pub price: i64,
    #[serde(default = "default_currency")]
    pub currency: String,
    pub duration_value: i64,
    /// `days` or `months`.
    pub duration_unit: String,
    pub sessions_per_period: i64,
    pub session_minutes: i64,
    pub max_mentees: i64,
    #[serde(default = "default_active")]
    pub active: bool,
}

fn default_currency() -> String {
    "VND".to_owned()
}
fn default_active() -> bool {
    true
}

impl From<PlanBody> for PlanForm {
    fn from(body: PlanBody) -> PlanForm {
        PlanForm {
            title: body.title.into(),
            short_description: body.short_description.into(),
            services: body.services.into_iter().map(Into::into).collect(),
            price: body.price,
            currency: body.currency,
            duration_value: body.duration_value,
            duration_unit: body.duration_unit,
            sessions_per_period: body.sessions_per_period,
            session_minutes: body.session_minutes,
            max_mentees: body.max_mentees,
            active: body.active,
        }
    }
}

fn actor(user: &CurrentUser) -> Actor<'_> {
    Actor { user_id: &user.id, role: user.role }
}

/// The plans the caller manages (an administrator: every plan), newest first, with their active mentees.
#[utoipa::path(
    get,
    path = "/api/dashboard/mentorship/plans",
    tag = "mentorship",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    responses(
        (status = 200, description = "The plans", body = crate::http::Envelope<Vec<ManagedPlan>>),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
    )
)]
pub async fn list_plans(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
) -> ApiResult<Vec<ManagedPlan>> {
    let rows = plans::list(&state.pool, actor(&user)).await?;
    Ok(ok(rows.iter().map(|(row, active)| ManagedPlan::of(row, *active, lang)).collect()))
}

/// Creates a plan owned by the caller, checked by the shared rules.
#[utoipa::path(
    post,
    path = "/api/dashboard/mentorship/plans",
    tag = "mentorship",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    request_body = PlanBody,
    responses(
        (status = 200, description = "The plan", body = crate::http::Envelope<ManagedPlan>),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
        (status = 422, description = "A field breaks a rule (`result.fields`)", body = ErrorEnvelope),
    )
)]
pub async fn create_plan(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    Json(body): Json<PlanBody>,
) -> ApiResult<ManagedPlan> {
    let row = plans::create(&state.pool, actor(&user), &body.into()).await?;
    Ok(ok(ManagedPlan::of(&row, 0, lang)))
}

/// One plan, for its owner or an administrator.
#[utoipa::path(
    get,
    path = "/api/dashboard/mentorship/plans/{id}",
    tag = "mentorship",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(("id" = String, Path, description = "The plan's id")),
    responses(
        (status = 200, description = "The plan", body = crate::http::Envelope<ManagedPlan>),
        (status = 403, description = "Not the plan's owner", body = ErrorEnvelope),
        (status = 404, description = "No such plan", body = ErrorEnvelope),
    )
)]
pub async fn get_plan(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    Path(id): Path<String>,
) -> ApiResult<ManagedPlan> {
    let row = plans::read(&state.pool, actor(&user), &id).await?;
    Ok(ok(ManagedPlan::of(&row, 0, lang)))
}

/// Rewrites a plan (its owner or an administrator). Bookings made of it keep the price paid.
#[utoipa::path(
    put,
    path = "/api/dashboard/mentorship/plans/{id}",
    tag = "mentorship",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(("id" = String, Path, description = "The plan's id")),
    request_body = PlanBody,
    responses(
        (status = 200, description = "The plan", body = crate::http::Envelope<ManagedPlan>),
        (status = 403, description = "Not the plan's owner", body = ErrorEnvelope),
        (status = 404, description = "No such plan", body = ErrorEnvelope),
        (status = 422, description = "A field breaks a rule (`result.fields`)", body = ErrorEnvelope),
    )
)]
pub async fn update_plan(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    Path(id): Path<String>,
    Json(body): Json<PlanBody>,
) -> ApiResult<ManagedPlan> {
    let row = plans::update(&state.pool, actor(&user), &id, &body.into()).await?;
    Ok(ok(ManagedPlan::of(&row, 0, lang)))
}

/// Deletes a plan never booked (its owner or an administrator); a booked plan is paused instead.
#[utoipa::path(
    delete,
    path = "/api/dashboard/mentorship/plans/{id}",
    tag = "mentorship",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(("id" = String, Path, description = "The plan's id")),
    responses(
        (status = 200, description = "Deleted", body = crate::http::Envelope<bool>),
        (status = 403, description = "Not the plan's owner", body = ErrorEnvelope),
        (status = 404, description = "No such plan", body = ErrorEnvelope),
        (status = 409, description = "The plan was booked: pause it instead", body = ErrorEnvelope),
    )
)]
pub async fn delete_plan(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<Teachers>,
    Path(id): Path<String>,
) -> ApiResult<bool> {
    plans::delete(&state.pool, actor(&user), &id).await?;
    Ok(ok(true))
}

#[derive(Debug, Clone, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct BookingParams {
    /// `active` or `expired`; absent: both.
    pub status: Option<String>,
    /// Words found in the plan's title or the mentee's or mentor's name.
    #[param(max_length = 100)]
    pub search: Option<String>,
}

/// The bookings of the caller's plans (an administrator: every booking), latest first, filtered by state and
/// searched.
#[utoipa::path(
    get,
    path = "/api/dashboard/mentorship/bookings",
    tag = "mentorship",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(BookingParams, Pagination<20>),
    responses(
        (status = 200, description = "A page of bookings", body = crate::http::Envelope<BookingPage>),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
    )
)]
pub async fn list_bookings(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    Query(params): Query<BookingParams>,
    paging: Pagination<20>,
) -> ApiResult<BookingPage> {
    ApiError::check_length("search", params.search.as_deref(), SEARCH_MAX_CHARS)?;
    let search: Option<String> = params.search.as_deref().map(|s| s.trim().to_lowercase()).filter(|s| !s.is_empty());
    let filter = BookingFilter {
        mentee_id: None,
        mentor_id: (user.role != Role::Admin).then_some(user.id.as_str()),
        active: match params.status.as_deref() {
            Some("active") => Some(true),
            Some("expired") => Some(false),
            _ => None,
        },
        search: search.as_deref(),
    };
    let now = now_ms();
    let (rows, total) = bookings::list(&state.pool, &filter, now, paging.page_size, paging.offset()).await?;
    let items = rows.into_iter().map(|row| MentorshipEnrollment::of(row, lang, now)).collect();
    Ok(ok(BookingPage { items, total, page: paging.page, page_size: paging.page_size }))
}

/// The most bookings one list shows.
const LIST_MAX: i64 = 500;

async fn enroll_list(
    state: &AppState,
    filter: BookingFilter<'_>,
    lang: academy_shared::Lang,
) -> Result<MentorshipEnrollList, ApiError> {
    let now = now_ms();
    let (rows, total) = bookings::list(&state.pool, &filter, now, LIST_MAX, 0).await?;
    let enroll_list = rows.into_iter().map(|row| MentorshipEnrollment::of(row, lang, now)).collect();
    Ok(MentorshipEnrollList { code: SUCCESS_CODE, enroll_list, total })
}

/// The mentorships the caller booked, latest first. Accepts any body (the profile sends an empty form) and
/// ignores it; `enrollList` and `total` sit at the top level of the body.
#[utoipa::path(
    post,
    path = "/api/mentorship-plan/enroll-list",
    tag = "profile",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Booked mentorships", body = MentorshipEnrollList),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
    )
)]
pub async fn booked_mentorships(
    State(state): State<AppState>,
    Language(lang): Language,
    user: CurrentUser,
) -> Result<axum::Json<MentorshipEnrollList>, ApiError> {
    let filter = BookingFilter { mentee_id: Some(&user.id), ..BookingFilter::default() };
    Ok(axum::Json(enroll_list(&state, filter, lang).await?))
}

/// The people who booked the caller's plans (the teacher's mentors tab), latest first, in the same shape.
#[utoipa::path(
    get,
    path = "/api/mentorship/mentees",
    tag = "profile",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    responses(
        (status = 200, description = "The caller's mentees", body = MentorshipEnrollList),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
    )
)]
pub async fn list_mentees(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
) -> Result<axum::Json<MentorshipEnrollList>, ApiError> {
    let filter = BookingFilter { mentor_id: Some(&user.id), ..BookingFilter::default() };
    Ok(axum::Json(enroll_list(&state, filter, lang).await?))
}
