//! The shapes mentorship answers with: plans as their editor reads them, and bookings as the profile's cards
//! and the dashboard's list show them.

use academy_shared::{i18n::Lang, mentorship::mentorship_status};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::repo::{BookingRow, PlanRow, PlanStatus};
use crate::{
    catalogue::routes::courses::iso,
    platform::localized::{Localized, localized_list, localized_list_in},
};

/// A text in both languages.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
pub struct Texts {
    pub vi: String,
    #[serde(default)]
    pub en: String,
}

impl From<Texts> for Localized {
    fn from(t: Texts) -> Localized {
        Localized::new(t.vi, t.en)
    }
}

impl From<&Localized> for Texts {
    fn from(l: &Localized) -> Texts {
        Texts { vi: l.vi.clone(), en: l.en.clone() }
    }
}

/// A plan as its owner edits it: every text in both languages, and the shown texts in the request's language.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ManagedPlan {
    pub id: String,
    pub owner_id: String,
    pub title: Texts,
    pub short_description: Texts,
    pub services: Vec<Texts>,
    /// Minor units of `currency`.
    pub price: i64,
    pub currency: String,
    pub duration_value: i64,
    /// `days` or `months`.
    pub duration_unit: String,
    pub sessions_per_period: i64,
    pub session_minutes: i64,
    pub max_mentees: i64,
    pub active: bool,
    /// People with an active booking now.
    pub active_mentees: i64,
    /// The title in the request's language.
    pub display_title: String,
    pub created_at: String,
    pub updated_at: String,
}

impl ManagedPlan {
    pub fn of(row: &PlanRow, active_mentees: i64, lang: Lang) -> ManagedPlan {
        let title = Localized::new(&row.title_vi, &row.title_en);
        ManagedPlan {
            id: row.id.clone(),
            owner_id: row.owner_id.clone(),
            display_title: title.get(lang).to_owned(),
            title: (&title).into(),
            short_description: Texts { vi: row.short_description_vi.clone(), en: row.short_description_en.clone() },
            services: localized_list(&row.services).iter().map(Texts::from).collect(),
            price: row.price,
            currency: row.currency.code().to_owned(),
            duration_value: row.duration_value,
            duration_unit: row.duration_unit.as_str().to_owned(),
            sessions_per_period: row.sessions_per_period,
            session_minutes: row.session_minutes,
            max_mentees: row.max_mentees,
            active: row.status == PlanStatus::Active,
            active_mentees,
            created_at: iso(row.created_at),
            updated_at: iso(row.updated_at),
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MentorshipParty {
    pub user_id: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub avatar: Option<String>,
}

/// A booked plan as its card shows it; `short_description` is spelled as the product's package field is.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Package {
    pub title: String,
    /// What was paid (minor units): a later price change of the plan never changes it.
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
    pub plan_id: String,
    pub mentor: MentorshipParty,
    /// Who booked it (with their username), for the mentor's and the dashboard's lists.
    pub mentee: MentorshipParty,
    pub mentee_username: String,
    pub package: Package,
    pub start_date: String,
    pub end_date: String,
    /// Whether it is active at the time of the answer (the shared rule).
    pub active: bool,
}

impl MentorshipEnrollment {
    pub fn of(row: BookingRow, lang: Lang, now_ms: i64) -> MentorshipEnrollment {
        let status = mentorship_status(row.end_at, now_ms);
        MentorshipEnrollment {
            id: row.id,
            plan_id: row.plan_id,
            mentor: MentorshipParty {
                user_id: row.mentor_id,
                first_name: row.mentor_first_name,
                last_name: row.mentor_last_name,
                avatar: row.mentor_avatar,
            },
            mentee: MentorshipParty {
                user_id: row.mentee_id,
                first_name: row.mentee_first_name,
                last_name: row.mentee_last_name,
                avatar: row.mentee_avatar,
            },
            mentee_username: row.mentee_username,
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
            active: status.state == academy_shared::mentorship::MentorshipState::Active,
        }
    }
}

/// The answer of `POST /api/mentorship-plan/enroll-list`: the success code beside the list and its total, at the
/// top level of the body where the profile reads them.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MentorshipEnrollList {
    /// 1000.
    #[schema(example = 1000)]
    pub code: i32,
    pub enroll_list: Vec<MentorshipEnrollment>,
    pub total: i64,
}

/// A page of bookings for the dashboard.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookingPage {
    pub items: Vec<MentorshipEnrollment>,
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
}
