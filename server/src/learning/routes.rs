//! The profile's lists: `GET /courses/instructor` (a teacher's courses), `POST /api/course/enroll-list`
//! (courses the caller is enrolled in) and `POST /api/mentorship-plan/enroll-list` (mentorships the caller
//! booked). The enrol-list calls accept any body (the profile sends an empty multipart form) and ignore it.

use academy_shared::roles::Role;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{ApiResult, Language, ok};
use crate::{
    catalogue::{
        repo::{Localized, courses, localized_list_in, mentors},
        routes::courses::{full_name, iso},
    },
    http::{CurrentUser, require_role},
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(instructor_courses))
        .routes(routes!(enrolled_courses))
        .routes(routes!(booked_mentorships))
}

/// A course the teacher created.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InstructorCourse {
    #[serde(rename = "_id")]
    pub id: String,
    pub title: String,
    pub description: String,
    pub thumbnail: Option<String>,
    /// `draft`, `published` or `archived`.
    pub status: String,
    /// Enrolment count.
    pub enrollments: i64,
    pub created_at: String,
}

/// The caller's own courses, newest first (teachers; admins get theirs, usually none).
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
    user: CurrentUser,
) -> ApiResult<Vec<InstructorCourse>> {
    require_role(&user, &[Role::Teacher, Role::Admin])?;
    let rows = courses::of_instructor(&state.pool, &user.id).await?;
    Ok(ok(rows
        .into_iter()
        .map(|row| InstructorCourse {
            title: Localized::new(&row.title_vi, &row.title_en).get(lang).to_owned(),
            description: Localized::new(&row.description_vi, &row.description_en).get(lang).to_owned(),
            id: row.id,
            thumbnail: row.thumbnail,
            status: row.status,
            enrollments: row.enrollment_count,
            created_at: iso(row.created_at),
        })
        .collect()))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EnrolledInstructor {
    pub name: String,
    pub image: Option<String>,
}

/// A course the caller is enrolled in. `_id` is the course's id.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnrolledCourse {
    #[serde(rename = "_id")]
    pub id: String,
    pub course_id: String,
    pub enrollment_id: String,
    pub title: String,
    pub thumbnail: Option<String>,
    pub instructor: EnrolledInstructor,
    /// Percent, 0–100.
    pub progress: i64,
    pub completed: bool,
    /// When the caller enrolled.
    pub created_at: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnrollList<T> {
    pub enroll_list: Vec<T>,
    pub total: usize,
}

/// The courses the caller is enrolled in, latest first.
#[utoipa::path(
    post,
    path = "/api/course/enroll-list",
    tag = "profile",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Enrolled courses", body = super::Envelope<EnrollList<EnrolledCourse>>),
        (status = 401, description = "Not signed in", body = super::error::ErrorEnvelope),
    )
)]
pub async fn enrolled_courses(
    State(state): State<AppState>,
    Language(lang): Language,
    user: CurrentUser,
) -> ApiResult<EnrollList<EnrolledCourse>> {
    let rows = courses::enrolled_courses_of(&state.pool, &user.id).await?;
    let list: Vec<EnrolledCourse> = rows
        .into_iter()
        .map(|row| EnrolledCourse {
            id: row.course_id.clone(),
            course_id: row.course_id,
            enrollment_id: row.id,
            title: Localized::new(&row.title_vi, &row.title_en).get(lang).to_owned(),
            thumbnail: row.thumbnail,
            instructor: EnrolledInstructor {
                name: full_name(row.instructor_first_name.as_deref(), row.instructor_last_name.as_deref()),
                image: row.instructor_avatar,
            },
            progress: row.progress,
            completed: row.completed != 0,
            created_at: iso(row.created_at),
        })
        .collect();
    Ok(ok(EnrollList { total: list.len(), enroll_list: list }))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MentorRef {
    pub user_id: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub avatar: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Package {
    pub title: String,
    pub price: i64,
    pub currency: String,
    pub short_description: String,
    pub services: Vec<String>,
}

/// A booked mentorship.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MentorshipEnrollment {
    #[serde(rename = "_id")]
    pub id: String,
    pub mentor: MentorRef,
    pub package: Package,
    pub start_date: String,
    pub end_date: String,
}

/// The mentorships the caller booked, latest first.
#[utoipa::path(
    post,
    path = "/api/mentorship-plan/enroll-list",
    tag = "profile",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Booked mentorships", body = super::Envelope<EnrollList<MentorshipEnrollment>>),
        (status = 401, description = "Not signed in", body = super::error::ErrorEnvelope),
    )
)]
pub async fn booked_mentorships(
    State(state): State<AppState>,
    Language(lang): Language,
    user: CurrentUser,
) -> ApiResult<EnrollList<MentorshipEnrollment>> {
    let rows = mentors::mentorship_enrollments_of(&state.pool, &user.id).await?;
    let list: Vec<MentorshipEnrollment> = rows
        .into_iter()
        .map(|row| MentorshipEnrollment {
            id: row.id,
            mentor: MentorRef {
                user_id: row.mentor_id,
                first_name: row.mentor_first_name,
                last_name: row.mentor_last_name,
                avatar: row.mentor_avatar,
            },
            package: Package {
                title: Localized::new(&row.title_vi, &row.title_en).get(lang).to_owned(),
                price: row.price,
                currency: row.currency,
                short_description: Localized::new(&row.short_description_vi, &row.short_description_en)
                    .get(lang)
                    .to_owned(),
                services: localized_list_in(&row.services, lang),
            },
            start_date: iso(row.start_at),
            end_date: iso(row.end_at),
        })
        .collect();
    Ok(ok(EnrollList { total: list.len(), enroll_list: list }))
}
