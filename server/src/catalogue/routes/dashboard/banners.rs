//! The home page's banners in the dashboard (administrators), with their texts in both languages.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

use super::{ApiResult, Json, Language, Path, ok};
use crate::{
    catalogue::{
        repo::Localized,
        routes::banners::{Banner, banner},
        service::banners::{self as service, BannerForm},
    },
    http::{Admins, Allowed, Created},
    state::AppState,
};

/// The title and subtitle of a banner in both languages.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BannerTexts {
    pub title: Localized,
    pub subtitle: Localized,
}

/// A banner as the dashboard reads it: the public shape in the request's language, and its texts in both.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ManagedBanner {
    #[serde(flatten)]
    pub banner: Banner,
    pub texts: BannerTexts,
}

/// Every banner, active or not, with both languages' texts.
#[utoipa::path(
    get,
    path = "/api/dashboard/banners",
    tag = "dashboard",
    security(("bearer" = ["ADMIN"])),
    responses((status = 200, description = "Banners", body = super::Envelope<Vec<ManagedBanner>>))
)]
pub async fn list_all_banners(
    State(state): State<AppState>,
    Language(lang): Language,
    _: Allowed<Admins>,
) -> ApiResult<Vec<ManagedBanner>> {
    let rows = service::list(&state.pool).await?;
    Ok(ok(rows
        .iter()
        .map(|r| ManagedBanner {
            banner: banner(r, lang),
            texts: BannerTexts {
                title: Localized::new(&r.title_vi, &r.title_en),
                subtitle: Localized::new(&r.subtitle_vi, &r.subtitle_en),
            },
        })
        .collect()))
}

#[utoipa::path(
    post,
    path = "/api/dashboard/banners",
    tag = "dashboard",
    security(("bearer" = ["ADMIN"])),
    request_body = BannerForm,
    responses(
        (status = 200, description = "Created", body = super::Envelope<Created>),
        (status = 409, description = "Slug taken", body = super::error::ErrorEnvelope),
    )
)]
pub async fn create_banner(
    State(state): State<AppState>,
    _: Allowed<Admins>,
    Json(form): Json<BannerForm>,
) -> ApiResult<Created> {
    Ok(ok(Created { id: service::create(&state.pool, form).await? }))
}

#[utoipa::path(
    put,
    path = "/api/dashboard/banners/{id}",
    tag = "dashboard",
    security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Banner id")),
    request_body = BannerForm,
    responses(
        (status = 200, description = "Saved", body = super::Envelope<bool>),
        (status = 409, description = "Slug taken", body = super::error::ErrorEnvelope),
    )
)]
pub async fn update_banner(
    State(state): State<AppState>,
    _: Allowed<Admins>,
    Path(id): Path<String>,
    Json(form): Json<BannerForm>,
) -> ApiResult<bool> {
    service::update(&state.pool, &id, form).await?;
    Ok(ok(true))
}

#[utoipa::path(
    delete,
    path = "/api/dashboard/banners/{id}",
    tag = "dashboard",
    security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Banner id")),
    responses((status = 200, description = "Deleted", body = super::Envelope<bool>))
)]
pub async fn delete_banner(
    State(state): State<AppState>,
    _: Allowed<Admins>,
    Path(id): Path<String>,
) -> ApiResult<bool> {
    service::delete(&state.pool, &id).await?;
    Ok(ok(true))
}
