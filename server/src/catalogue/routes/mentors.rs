//! Mentors (teachers with an instructor profile): `GET /api/mentors` and `GET /api/mentors/{userId}` with their
//! mentorship plans and published courses.

use academy_shared::i18n::Lang;
use academy_shared::names::full_name;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    ApiError, ApiResult, Language, Path,
    courses::{Course, course_card},
    ok,
};
use crate::{
    catalogue::repo::{
        self, Localized, localized_list_in,
        mentors::{InstructorRow, PlanRow},
    },
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_mentors)).routes(routes!(get_mentor))
}

/// An instructor or mentor, texts in the request's language.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Instructor {
    pub user_id: String,
    pub username: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    /// `lastName firstName`.
    pub name: String,
    pub avatar: Option<String>,
    pub profession: String,
    /// The first is the headline tag.
    pub expertise: Vec<String>,
    pub course_count: i64,
    pub student_count: i64,
    /// Average rating of their rated published courses (0 when none), one decimal.
    pub rating_average: f64,
}

pub fn instructor(row: &InstructorRow, lang: Lang) -> Instructor {
    Instructor {
        user_id: row.user_id.clone(),
        username: row.username.clone(),
        first_name: row.first_name.clone(),
        last_name: row.last_name.clone(),
        name: full_name(row.first_name.as_deref(), row.last_name.as_deref(), ""),
        avatar: row.avatar.clone(),
        profession: Localized::new(&row.profession_vi, &row.profession_en).get(lang).to_owned(),
        expertise: localized_list_in(&row.expertise, lang),
        course_count: row.course_count,
        student_count: row.student_count,
        rating_average: (row.rating_avg * 10.0).round() / 10.0,
    }
}

/// A mentorship plan. `short_description` is spelled as the mentorship package's field is.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Plan {
    pub id: String,
    pub title: String,
    pub price: i64,
    pub currency: String,
    #[serde(rename = "short_description")]
    pub short_description: String,
    pub services: Vec<String>,
    pub duration_days: i64,
    pub duration_value: i64,
    /// `days` or `months`.
    pub duration_unit: String,
    pub sessions_per_period: i64,
    pub session_minutes: i64,
}

pub fn plan(row: &PlanRow, lang: Lang) -> Plan {
    Plan {
        id: row.id.clone(),
        title: Localized::new(&row.title_vi, &row.title_en).get(lang).to_owned(),
        price: row.price,
        currency: row.currency.code().to_owned(),
        short_description: Localized::new(&row.short_description_vi, &row.short_description_en).get(lang).to_owned(),
        services: localized_list_in(&row.services, lang),
        duration_days: row.duration_days,
        duration_value: row.duration_value,
        duration_unit: row.duration_unit.as_str().to_owned(),
        sessions_per_period: row.sessions_per_period,
        session_minutes: row.session_minutes,
    }
}

/// A mentor's page.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MentorDetail {
    #[serde(flatten)]
    pub mentor: Instructor,
    pub bio: String,
    pub plans: Vec<Plan>,
    pub courses: Vec<Course>,
}

/// Every active teacher with an instructor profile, in display order.
#[utoipa::path(
    get,
    path = "/api/mentors",
    tag = "catalogue",
    responses((status = 200, description = "The mentors", body = super::Envelope<Vec<Instructor>>))
)]
pub async fn list_mentors(State(state): State<AppState>, Language(lang): Language) -> ApiResult<Vec<Instructor>> {
    let rows = repo::mentors::list_instructors(&state.pool, 500).await?;
    Ok(ok(rows.iter().map(|row| instructor(row, lang)).collect()))
}

/// One mentor (by user id or username) with their plans and published courses.
#[utoipa::path(
    get,
    path = "/api/mentors/{userId}",
    tag = "catalogue",
    params(("userId" = String, Path, description = "The mentor's user id or username")),
    responses(
        (status = 200, description = "The mentor", body = super::Envelope<MentorDetail>),
        (status = 404, description = "No such mentor", body = super::error::ErrorEnvelope),
    )
)]
pub async fn get_mentor(
    State(state): State<AppState>,
    Language(lang): Language,
    Path(user_id): Path<String>,
) -> ApiResult<MentorDetail> {
    let row = repo::mentors::find_instructor(&state.pool, &user_id).await?.ok_or_else(ApiError::not_found)?;
    let plans = repo::mentors::list_plans_of(&state.pool, &row.user_id).await?;
    let courses = repo::courses::published_by(&state.pool, &row.user_id, 50).await?;
    Ok(ok(MentorDetail {
        mentor: instructor(&row, lang),
        bio: Localized::new(&row.bio_vi, &row.bio_en).get(lang).to_owned(),
        plans: plans.iter().map(|p| plan(p, lang)).collect(),
        courses: courses.iter().map(|c| course_card(c, lang)).collect(),
    }))
}
