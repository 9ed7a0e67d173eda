//! `GET /api/banners`: the active banners in display order.

use academy_shared::i18n::Lang;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{ApiResult, Language, ok};
use crate::{
    catalogue::repo::{self, Localized, banners::BannerRow},
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_banners))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Banner {
    pub id: String,
    pub slug: String,
    pub title: String,
    pub subtitle: String,
    /// 1600×600 image URL.
    pub image: String,
    /// A site path.
    pub link: String,
    pub active: bool,
    pub order: i64,
}

pub fn banner(row: &BannerRow, lang: Lang) -> Banner {
    Banner {
        id: row.id.clone(),
        slug: row.slug.clone(),
        title: Localized::new(&row.title_vi, &row.title_en).get(lang).to_owned(),
        subtitle: Localized::new(&row.subtitle_vi, &row.subtitle_en).get(lang).to_owned(),
        image: row.image.clone(),
        link: row.link.clone(),
        active: row.active.get(),
        order: row.sort_order,
    }
}

/// The active banners in display order.
#[utoipa::path(
    get,
    path = "/api/banners",
    tag = "catalogue",
    responses((status = 200, description = "The banners", body = super::Envelope<Vec<Banner>>))
)]
pub async fn list_banners(State(state): State<AppState>, Language(lang): Language) -> ApiResult<Vec<Banner>> {
    let rows = repo::banners::list_banners(&state.pool, false).await?;
    Ok(ok(rows.iter().map(|r| banner(r, lang)).collect()))
}
