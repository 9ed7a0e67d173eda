//! The academy's settings over HTTP: what the public pages show (`GET /api/site`), the settings form
//! (`GET`/`PUT /api/admin/site-settings`) and the history of every settings change
//! (`GET /api/admin/settings-history`), the last two for administrators only.

use academy_shared::{names::full_name, site::SiteSettings};
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    SiteSettingsError,
    repo::{self, ChangeFilter},
};
use crate::{
    http::{Admins, Allowed, ApiError, ApiResult, Json, Pagination, Query, error::ErrorEnvelope, ok},
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_site))
        .routes(routes!(get_site_settings, put_site_settings))
        .routes(routes!(list_settings_history))
}

impl From<SiteSettingsError> for ApiError {
    fn from(error: SiteSettingsError) -> ApiError {
        match error {
            SiteSettingsError::Invalid(errors) => ApiError::from(&errors),
            SiteSettingsError::Database(e) => e.into(),
        }
    }
}

/// What every public page shows of the academy: its name, contact details, social links (empty: not shown),
/// the default currency and the home page's promotion.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteView {
    pub academy_name: String,
    pub phone: String,
    /// `tel:` and the phone's digits.
    pub phone_href: String,
    pub email: String,
    pub address: String,
    /// The address on a map.
    pub address_href: String,
    pub facebook: String,
    pub instagram: String,
    pub linkedin: String,
    pub youtube: String,
    /// `VND` or `USD`.
    pub default_currency: String,
    pub promo_title_vi: String,
    pub promo_title_en: String,
    pub promo_text_vi: String,
    pub promo_text_en: String,
}

impl From<&SiteSettings> for SiteView {
    fn from(s: &SiteSettings) -> SiteView {
        SiteView {
            academy_name: s.academy_name.clone(),
            phone: s.phone.clone(),
            phone_href: s.phone_link(),
            email: s.email.clone(),
            address: s.address.clone(),
            address_href: s.map_link(),
            facebook: s.facebook.clone(),
            instagram: s.instagram.clone(),
            linkedin: s.linkedin.clone(),
            youtube: s.youtube.clone(),
            default_currency: s.default_currency.clone(),
            promo_title_vi: s.promo_title_vi.clone(),
            promo_title_en: s.promo_title_en.clone(),
            promo_text_vi: s.promo_text_vi.clone(),
            promo_text_en: s.promo_text_en.clone(),
        }
    }
}

/// The academy's details for the public pages (the top bar, the footer, the contact page, the home's promotion).
#[utoipa::path(
    get,
    path = "/api/site",
    tag = "site",
    responses((status = 200, description = "The academy's details", body = crate::http::Envelope<SiteView>))
)]
pub async fn get_site(State(state): State<AppState>) -> ApiResult<SiteView> {
    Ok(ok(SiteView::from(&*state.site.current().await?)))
}

/// The settings form's values (every value a string; the mail sender empty: `mailFromDefault` is used).
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SiteSettingsBody {
    pub academy_name: String,
    pub phone: String,
    pub email: String,
    pub address: String,
    /// Each social link empty (not shown) or https.
    pub facebook: String,
    pub instagram: String,
    pub linkedin: String,
    pub youtube: String,
    /// `VND` or `USD`.
    pub default_currency: String,
    pub mail_from_name: String,
    pub mail_from_email: String,
    pub promo_title_vi: String,
    pub promo_title_en: String,
    pub promo_text_vi: String,
    pub promo_text_en: String,
    /// The platform's commission in percent on a sale credited to a referral link; empty: the normal one.
    pub referral_commission: String,
}

impl From<SiteSettingsBody> for SiteSettings {
    fn from(b: SiteSettingsBody) -> SiteSettings {
        SiteSettings {
            academy_name: b.academy_name,
            phone: b.phone,
            email: b.email,
            address: b.address,
            facebook: b.facebook,
            instagram: b.instagram,
            linkedin: b.linkedin,
            youtube: b.youtube,
            default_currency: b.default_currency,
            mail_from_name: b.mail_from_name,
            mail_from_email: b.mail_from_email,
            promo_title_vi: b.promo_title_vi,
            promo_title_en: b.promo_title_en,
            promo_text_vi: b.promo_text_vi,
            promo_text_en: b.promo_text_en,
            referral_commission: b.referral_commission,
        }
    }
}

/// The settings as the form shows them, with the server's own mail sender (used while none is set).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteSettingsView {
    #[serde(flatten)]
    pub settings: SiteSettingsBody,
    pub mail_from_default: String,
}

fn settings_view(state: &AppState, s: &SiteSettings) -> SiteSettingsView {
    SiteSettingsView {
        settings: SiteSettingsBody {
            academy_name: s.academy_name.clone(),
            phone: s.phone.clone(),
            email: s.email.clone(),
            address: s.address.clone(),
            facebook: s.facebook.clone(),
            instagram: s.instagram.clone(),
            linkedin: s.linkedin.clone(),
            youtube: s.youtube.clone(),
            default_currency: s.default_currency.clone(),
            mail_from_name: s.mail_from_name.clone(),
            mail_from_email: s.mail_from_email.clone(),
            promo_title_vi: s.promo_title_vi.clone(),
            promo_title_en: s.promo_title_en.clone(),
            promo_text_vi: s.promo_text_vi.clone(),
            promo_text_en: s.promo_text_en.clone(),
            referral_commission: s.referral_commission.clone(),
        },
        mail_from_default: state.config.mail_from.clone(),
    }
}

/// The academy's settings.
#[utoipa::path(
    get,
    path = "/api/admin/site-settings",
    tag = "site",
    security(("bearer" = ["ADMIN"])),
    responses(
        (status = 200, description = "The settings", body = crate::http::Envelope<SiteSettingsView>),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
    )
)]
pub async fn get_site_settings(State(state): State<AppState>, _: Allowed<Admins>) -> ApiResult<SiteSettingsView> {
    let current = super::read(&state.pool).await?;
    Ok(ok(settings_view(&state, &current)))
}

/// Saves the academy's settings: checked by the shared rule (422 naming each broken field, in the caller's
/// language), kept in the history, effective at once on every instance.
#[utoipa::path(
    put,
    path = "/api/admin/site-settings",
    tag = "site",
    security(("bearer" = ["ADMIN"])),
    request_body = SiteSettingsBody,
    responses(
        (status = 200, description = "Saved", body = crate::http::Envelope<SiteSettingsView>),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
        (status = 422, description = "A field breaks its rule (named in `result.fields`)", body = ErrorEnvelope),
    )
)]
pub async fn put_site_settings(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<Admins>,
    Json(body): Json<SiteSettingsBody>,
) -> ApiResult<SiteSettingsView> {
    let saved = state.site.save(&user.id, &SiteSettings::from(body)).await?;
    Ok(ok(settings_view(&state, &saved)))
}

/// The history's filters.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct HistoryParams {
    /// One setting (`site.phone`) or a group ending with a dot (`site.`, `payment.`, `payout.`).
    pub setting: Option<String>,
    /// Who changed it.
    pub user_id: Option<String>,
    /// From this instant (epoch milliseconds, included).
    pub from: Option<i64>,
    /// Up to this instant (epoch milliseconds, excluded).
    pub to: Option<i64>,
}

/// One change.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingChangeView {
    pub id: String,
    /// Epoch milliseconds.
    pub changed_at: i64,
    pub user_id: String,
    pub user_name: String,
    /// `site.phone`, `payment.terms.commission`, `payout.rules.holdingDays`…
    pub setting: String,
    /// Secrets masked.
    pub old_value: String,
    pub new_value: String,
}

/// Someone who changed a setting.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangerView {
    pub id: String,
    pub name: String,
}

/// A page of changes, newest first, with everyone who ever changed a setting (the filter's choices).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsHistoryView {
    pub items: Vec<SettingChangeView>,
    pub page: i64,
    pub page_size: i64,
    pub total: i64,
    pub people: Vec<ChangerView>,
}

/// Every settings change, newest first, filtered by setting, person and time.
#[utoipa::path(
    get,
    path = "/api/admin/settings-history",
    tag = "site",
    security(("bearer" = ["ADMIN"])),
    params(HistoryParams, Pagination<20>),
    responses(
        (status = 200, description = "A page of changes", body = crate::http::Envelope<SettingsHistoryView>),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
    )
)]
pub async fn list_settings_history(
    State(state): State<AppState>,
    _: Allowed<Admins>,
    Query(params): Query<HistoryParams>,
    paging: Pagination<20>,
) -> ApiResult<SettingsHistoryView> {
    let text = |value: Option<String>| value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
    let filter =
        ChangeFilter { setting: text(params.setting), user_id: text(params.user_id), from: params.from, to: params.to };
    let (rows, total) = repo::list_changes(&state.pool, &filter, paging.page_size, paging.offset()).await?;
    let name = |id: &str, username: Option<&str>, first: Option<&str>, last: Option<&str>| {
        full_name(first, last, username.unwrap_or(id))
    };
    let items = rows
        .into_iter()
        .map(|row| SettingChangeView {
            user_name: name(&row.user_id, row.username.as_deref(), row.first_name.as_deref(), row.last_name.as_deref()),
            id: row.id,
            changed_at: row.changed_at,
            user_id: row.user_id,
            setting: row.setting,
            old_value: row.old_value,
            new_value: row.new_value,
        })
        .collect();
    let people = repo::changers(&state.pool)
        .await?
        .into_iter()
        .map(|(id, username, first, last)| ChangerView {
            name: name(&id, username.as_deref(), first.as_deref(), last.as_deref()),
            id,
        })
        .collect();
    Ok(ok(SettingsHistoryView { items, page: paging.page, page_size: paging.page_size, total, people }))
}
