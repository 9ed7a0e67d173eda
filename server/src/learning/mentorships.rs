//! `POST /api/mentorship-plan/enroll-list`: the mentorships the caller booked, for the profile's mentors tab. It
//! accepts any body (the profile sends an empty form) and ignores it.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{ApiResult, Language, ok};
use crate::{
    catalogue::{
        repo::{Localized, localized_list_in, mentors},
        routes::courses::iso,
    },
    http::CurrentUser,
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(booked_mentorships))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnrollList<T> {
    pub enroll_list: Vec<T>,
    pub total: usize,
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
