//! `GET /api/categories`: every category with its published course count.

use academy_shared::i18n::Lang;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{ApiResult, Language, ok};
use crate::{
    catalogue::repo::{self, Localized, categories::CategoryRow},
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_categories))
}

/// A category, texts in the request's language.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Category {
    pub id: String,
    pub slug: String,
    pub category_name: String,
    pub description: String,
    pub image: Option<String>,
    /// Published courses in the category.
    pub course_count: i64,
    pub order: i64,
}

pub fn category(row: &CategoryRow, lang: Lang) -> Category {
    Category {
        id: row.id.clone(),
        slug: row.slug.clone(),
        category_name: Localized::new(&row.name_vi, &row.name_en).get(lang).to_owned(),
        description: Localized::new(&row.description_vi, &row.description_en).get(lang).to_owned(),
        image: row.image.clone(),
        course_count: row.course_count,
        order: row.sort_order,
    }
}

/// Every category in display order, with its number of published courses.
#[utoipa::path(
    get,
    path = "/api/categories",
    tag = "catalogue",
    responses((status = 200, description = "The categories", body = super::Envelope<Vec<Category>>))
)]
pub async fn list_categories(State(state): State<AppState>, Language(lang): Language) -> ApiResult<Vec<Category>> {
    let rows = repo::categories::list_categories(&state.pool).await?;
    Ok(ok(rows.iter().map(|row| category(row, lang)).collect()))
}
