//! The home page's banners (administrators): every banner, active or not, and their writes.

use academy_shared::catalogue::{self as rules, BannerFacts};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{ManageError, taxonomy::found};
use crate::{
    catalogue::repo::{
        self, Localized,
        banners::{BannerInput, BannerRow},
    },
    platform::db::{Pool, new_id},
};

/// A banner as the dashboard sends it.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = BannerBody)]
pub struct BannerForm {
    pub title: Localized,
    #[serde(default)]
    pub subtitle: Localized,
    #[serde(default)]
    pub slug: String,
    /// Required; a missing picture is reported beside the field, as an empty one is.
    #[serde(default)]
    pub image: String,
    #[serde(default = "root_link")]
    pub link: String,
    #[serde(default = "yes")]
    pub active: bool,
    #[serde(default)]
    pub order: i64,
}

fn root_link() -> String {
    "/".to_owned()
}
fn yes() -> bool {
    true
}

impl BannerForm {
    fn validated(self) -> Result<BannerInput, ManageError> {
        let facts = BannerFacts {
            title_vi: &self.title.vi,
            title_en: &self.title.en,
            subtitle_vi: &self.subtitle.vi,
            subtitle_en: &self.subtitle.en,
            slug: &self.slug,
            image: &self.image,
            link: &self.link,
        };
        let slug = rules::validate_banner_form(&facts).map_err(ManageError::Invalid)?;
        Ok(BannerInput {
            slug,
            title: self.title,
            subtitle: self.subtitle,
            image: self.image.trim().to_owned(),
            link: self.link,
            active: self.active,
            sort_order: self.order,
        })
    }
}

/// Every banner in display order, inactive ones included.
pub async fn list(pool: &Pool) -> Result<Vec<BannerRow>, ManageError> {
    Ok(repo::banners::list_banners(pool, true).await?)
}

/// Creates a banner; answers its id.
pub async fn create(pool: &Pool, form: BannerForm) -> Result<String, ManageError> {
    let input = form.validated()?;
    let id = new_id();
    let mut tx = crate::platform::db::begin_write(pool).await?;
    repo::banners::insert_banner(&mut tx, &id, &input).await?;
    tx.commit().await?;
    Ok(id)
}

pub async fn update(pool: &Pool, id: &str, form: BannerForm) -> Result<(), ManageError> {
    let input = form.validated()?;
    found(repo::banners::update_banner(pool, id, &input).await?)
}

pub async fn delete(pool: &Pool, id: &str) -> Result<(), ManageError> {
    found(repo::banners::delete_banner(pool, id).await?)
}
