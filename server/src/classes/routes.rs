//! Live classes over HTTP: teachers schedule, edit and cancel their classes and see who registered
//! (`/api/dashboard/classes`, administrators every class); students list the classes open to them and register
//! or withdraw (`/api/classes/...`).

use academy_shared::{
    Lang,
    classes::{self as rules},
    names::full_name,
};
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    ClassesError, notify,
    repo::{self, ClassRow, RegistrantRow},
    service::{self, Actor, ClassForm},
};
use crate::{
    catalogue::routes::courses::iso,
    http::{
        ApiError, ApiResult, CurrentUser, Json, Language, Path, Query,
        current_user::{Allowed, Teachers},
        error::ErrorEnvelope,
        ok,
    },
    platform::db::now_ms,
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_teaching, create_class))
        .routes(routes!(update_class))
        .routes(routes!(cancel_class))
        .routes(routes!(class_roster))
        .routes(routes!(class_audiences))
        .routes(routes!(my_classes))
        .routes(routes!(register, withdraw))
}

impl From<ClassesError> for ApiError {
    fn from(error: ClassesError) -> ApiError {
        let text = error.text();
        match (error, text) {
            (ClassesError::Database(e), _) => e.into(),
            (ClassesError::Invalid(errors), _) => ApiError::from(&errors),
            (ClassesError::NotFound, Some(text)) => ApiError::NotFound(text),
            (ClassesError::Forbidden | ClassesError::NotInAudience, Some(text)) => ApiError::Forbidden(text),
            (_, Some(text)) => ApiError::Conflict(text),
            (error, None) => ApiError::internal(error),
        }
    }
}

fn actor(user: &CurrentUser) -> Actor<'_> {
    Actor { user_id: &user.id, role: user.role }
}

/// A class as the editor sends it.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClassBody {
    pub topic: String,
    #[serde(default)]
    pub description: String,
    /// The course whose enrolled students may register (or `planId`, not both).
    pub course_id: Option<String>,
    /// The mentorship plan whose mentees with an active booking may register.
    pub plan_id: Option<String>,
    /// The start, a UTC instant in epoch milliseconds.
    pub starts_at: i64,
    pub minutes: i64,
    pub seats: i64,
}

impl From<ClassBody> for ClassForm {
    fn from(body: ClassBody) -> ClassForm {
        ClassForm {
            topic: body.topic,
            description: body.description,
            course_id: body.course_id,
            plan_id: body.plan_id,
            starts_at: body.starts_at,
            minutes: body.minutes,
            seats: body.seats,
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClassTeacher {
    pub user_id: String,
    /// `lastName firstName`.
    pub name: String,
    pub avatar: Option<String>,
}

/// Who may register: the students of a course or the mentees of a plan.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClassAudience {
    /// `course` or `plan`.
    pub kind: String,
    pub id: String,
    /// The course's or plan's title in the request's language.
    pub title: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClassView {
    #[serde(rename = "_id")]
    pub id: String,
    pub topic: String,
    pub description: String,
    pub teacher: ClassTeacher,
    pub audience: ClassAudience,
    pub starts_at: String,
    pub ends_at: String,
    pub minutes: i64,
    pub seats: i64,
    pub registered_count: i64,
    pub seats_left: i64,
    /// `scheduled` or `cancelled`.
    pub status: String,
    /// Whether the caller holds a seat (students' lists; false in the teacher's).
    pub registered: bool,
    /// Why the caller could not register now, in the request's language (`null` when they can, or hold a seat).
    pub refusal: Option<String>,
}

impl ClassView {
    fn of(row: &ClassRow, registered: bool, lang: Lang, now: i64) -> ClassView {
        let seating = service::seating(row);
        let (kind, id) = match (&row.course_id, &row.plan_id) {
            (Some(course), _) => ("course", course.clone()),
            (None, plan) => ("plan", plan.clone().unwrap_or_default()),
        };
        let title = match lang {
            Lang::Vi => row.audience_title_vi.clone(),
            Lang::En => row.audience_title_en.clone().filter(|t| !t.is_empty()).or(row.audience_title_vi.clone()),
        };
        ClassView {
            id: row.id.clone(),
            topic: row.topic.clone(),
            description: row.description.clone(),
            teacher: ClassTeacher {
                user_id: row.teacher_id.clone(),
                name: full_name(row.teacher_first_name.as_deref(), row.teacher_last_name.as_deref(), ""),
                avatar: row.teacher_avatar.clone(),
            },
            audience: ClassAudience { kind: kind.to_owned(), id, title: title.unwrap_or_default() },
            starts_at: iso(row.starts_at),
            ends_at: iso(row.ends_at),
            minutes: (row.ends_at - row.starts_at) / 60_000,
            seats: row.seats,
            registered_count: row.taken,
            seats_left: rules::seats_left(seating),
            status: row.status.as_str().to_owned(),
            registered,
            refusal: (!registered)
                .then(|| rules::registration_refusal(seating, now))
                .flatten()
                .map(|refusal| refusal.message(lang).to_owned()),
        }
    }
}

#[derive(Debug, Clone, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TeachingParams {
    /// `upcoming` (not yet over, soonest first; the default) or `past` (latest first).
    pub when: Option<String>,
}

/// The caller's classes (an administrator: every teacher's), upcoming or past.
#[utoipa::path(
    get,
    path = "/api/dashboard/classes",
    tag = "classes",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(TeachingParams),
    responses(
        (status = 200, description = "The classes", body = crate::http::Envelope<Vec<ClassView>>),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
    )
)]
pub async fn list_teaching(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    Query(params): Query<TeachingParams>,
) -> ApiResult<Vec<ClassView>> {
    let upcoming = params.when.as_deref() != Some("past");
    let teacher = (user.role != academy_shared::roles::Role::Admin).then_some(user.id.as_str());
    let now = now_ms();
    let rows = repo::teaching(&state.pool, teacher, upcoming, now).await?;
    Ok(ok(rows.iter().map(|row| ClassView::of(row, false, lang, now)).collect()))
}

/// Schedules a class for one of the caller's courses or plans, checked by the shared rules.
#[utoipa::path(
    post,
    path = "/api/dashboard/classes",
    tag = "classes",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    request_body = ClassBody,
    responses(
        (status = 200, description = "The class", body = crate::http::Envelope<ClassView>),
        (status = 403, description = "Not a teacher, or not the course's or plan's teacher", body = ErrorEnvelope),
        (status = 422, description = "A field breaks a rule (`result.fields`)", body = ErrorEnvelope),
    )
)]
pub async fn create_class(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    Json(body): Json<ClassBody>,
) -> ApiResult<ClassView> {
    let row = service::create(&state.pool, actor(&user), &body.into()).await?;
    Ok(ok(ClassView::of(&row, false, lang, now_ms())))
}

/// Rewrites a class not yet started (its teacher or an administrator); seats never below the registrations.
#[utoipa::path(
    put,
    path = "/api/dashboard/classes/{id}",
    tag = "classes",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(("id" = String, Path, description = "The class's id")),
    request_body = ClassBody,
    responses(
        (status = 200, description = "The class", body = crate::http::Envelope<ClassView>),
        (status = 403, description = "Not the class's teacher", body = ErrorEnvelope),
        (status = 404, description = "No such class", body = ErrorEnvelope),
        (status = 409, description = "The class has started or was cancelled", body = ErrorEnvelope),
        (status = 422, description = "A field breaks a rule (`result.fields`)", body = ErrorEnvelope),
    )
)]
pub async fn update_class(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    Path(id): Path<String>,
    Json(body): Json<ClassBody>,
) -> ApiResult<ClassView> {
    let (row, previous_start) = service::update(&state.pool, actor(&user), &id, &body.into()).await?;
    if row.starts_at != previous_start {
        notify::moved(&state, &row).await;
    }
    Ok(ok(ClassView::of(&row, false, lang, now_ms())))
}

/// Cancels a class (its teacher or an administrator); the registered students see it cancelled and are told.
#[utoipa::path(
    post,
    path = "/api/dashboard/classes/{id}/cancel",
    tag = "classes",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(("id" = String, Path, description = "The class's id")),
    responses(
        (status = 200, description = "The class, cancelled", body = crate::http::Envelope<ClassView>),
        (status = 403, description = "Not the class's teacher", body = ErrorEnvelope),
        (status = 404, description = "No such class", body = ErrorEnvelope),
    )
)]
pub async fn cancel_class(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    Path(id): Path<String>,
) -> ApiResult<ClassView> {
    let row = service::cancel(&state.pool, actor(&user), &id).await?;
    notify::cancelled(&state, &row).await;
    Ok(ok(ClassView::of(&row, false, lang, now_ms())))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Registrant {
    pub user_id: String,
    /// `lastName firstName`.
    pub name: String,
    pub email: String,
    pub avatar: Option<String>,
    pub registered_at: String,
}

impl From<RegistrantRow> for Registrant {
    fn from(row: RegistrantRow) -> Registrant {
        Registrant {
            name: full_name(row.first_name.as_deref(), row.last_name.as_deref(), ""),
            user_id: row.user_id,
            email: row.email,
            avatar: row.avatar,
            registered_at: iso(row.registered_at),
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClassRoster {
    pub class: ClassView,
    pub registrants: Vec<Registrant>,
}

/// A class with its registered students (its teacher or an administrator).
#[utoipa::path(
    get,
    path = "/api/dashboard/classes/{id}/registrations",
    tag = "classes",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(("id" = String, Path, description = "The class's id")),
    responses(
        (status = 200, description = "The class and its students", body = crate::http::Envelope<ClassRoster>),
        (status = 403, description = "Not the class's teacher", body = ErrorEnvelope),
        (status = 404, description = "No such class", body = ErrorEnvelope),
    )
)]
pub async fn class_roster(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    Path(id): Path<String>,
) -> ApiResult<ClassRoster> {
    let (class, registrants) = service::roster(&state.pool, actor(&user), &id).await?;
    Ok(ok(ClassRoster {
        class: ClassView::of(&class, false, lang, now_ms()),
        registrants: registrants.into_iter().map(Registrant::from).collect(),
    }))
}

/// Who a class can be for: the caller's courses and mentorship plans (an administrator: every teacher's), newest
/// first, titles in the request's language.
#[utoipa::path(
    get,
    path = "/api/dashboard/classes/audiences",
    tag = "classes",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    responses(
        (status = 200, description = "The courses and plans", body = crate::http::Envelope<Vec<ClassAudience>>),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
    )
)]
pub async fn class_audiences(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
) -> ApiResult<Vec<ClassAudience>> {
    let teacher = (user.role != academy_shared::roles::Role::Admin).then_some(user.id.as_str());
    let rows = repo::audiences(&state.pool, teacher).await?;
    Ok(ok(rows
        .into_iter()
        .map(|(kind, id, vi, en)| ClassAudience {
            kind,
            id,
            title: if lang == Lang::En && !en.is_empty() { en } else { vi },
        })
        .collect()))
}

/// The classes not yet over that the caller may join (of the courses they are enrolled in and the plans they
/// hold an active booking of) and those they registered for, soonest first.
#[utoipa::path(
    get,
    path = "/api/classes/mine",
    tag = "classes",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The classes", body = crate::http::Envelope<Vec<ClassView>>),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
    )
)]
pub async fn my_classes(
    State(state): State<AppState>,
    Language(lang): Language,
    user: CurrentUser,
) -> ApiResult<Vec<ClassView>> {
    let now = now_ms();
    let rows = repo::open_for(&state.pool, &user.id, now).await?;
    Ok(ok(rows.iter().map(|row| ClassView::of(&row.class, row.registered.get(), lang, now)).collect()))
}

/// Takes a seat in the class (a student of its course or a mentee of its plan). Registering again changes
/// nothing; a full, started or cancelled class refuses with its reason.
#[utoipa::path(
    post,
    path = "/api/classes/{id}/registration",
    tag = "classes",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The class's id")),
    responses(
        (status = 200, description = "The class, with the caller registered", body = crate::http::Envelope<ClassView>),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not a student of the class's course or plan", body = ErrorEnvelope),
        (status = 404, description = "No such class", body = ErrorEnvelope),
        (status = 409, description = "The class is full, has started or was cancelled", body = ErrorEnvelope),
    )
)]
pub async fn register(
    State(state): State<AppState>,
    Language(lang): Language,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<ClassView> {
    let row = service::register(&state.pool, &user.id, &id).await?;
    Ok(ok(ClassView::of(&row, true, lang, now_ms())))
}

/// Gives the caller's seat back before the class starts. Without a registration it changes nothing.
#[utoipa::path(
    delete,
    path = "/api/classes/{id}/registration",
    tag = "classes",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The class's id")),
    responses(
        (status = 200, description = "The class, without the caller", body = crate::http::Envelope<ClassView>),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 404, description = "No such class", body = ErrorEnvelope),
        (status = 409, description = "The class has started", body = ErrorEnvelope),
    )
)]
pub async fn withdraw(
    State(state): State<AppState>,
    Language(lang): Language,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<ClassView> {
    let row = service::withdraw(&state.pool, &user.id, &id).await?;
    Ok(ok(ClassView::of(&row, false, lang, now_ms())))
}
