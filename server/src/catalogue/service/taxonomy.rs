//! Categories and course types (administrators write them; every dashboard role reads them, for the course
//! editor). Both have a name and a description in both languages and a slug made from the Vietnamese name when
//! none is given.

use academy_shared::catalogue::{self as rules, NamedFacts};
use serde::Deserialize;
use utoipa::ToSchema;

use super::ManageError;
use crate::{
    catalogue::repo::{
        self, Localized,
        categories::{CategoryInput, CategoryRow},
        course_types::{CourseTypeInput, CourseTypeRow},
    },
    platform::db::{Pool, new_id},
};

/// A category or course type as the dashboard sends it.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CategoryBody)]
pub struct NamedForm {
    pub name: Localized,
    #[serde(default)]
    pub slug: String,
    #[serde(default)]
    pub description: Localized,
    /// A category's picture (course types have none).
    pub image: Option<String>,
    /// A category's place in lists.
    #[serde(default)]
    pub order: i64,
}

impl NamedForm {
    /// Checks the form with the shared rules and turns it into the stored form of a category.
    fn validated(self) -> Result<CategoryInput, ManageError> {
        let facts = NamedFacts {
            name_vi: &self.name.vi,
            name_en: &self.name.en,
            slug: &self.slug,
            description_vi: &self.description.vi,
            description_en: &self.description.en,
            image: self.image.as_deref().unwrap_or_default(),
        };
        let slug = rules::validate_named_form(&facts).map_err(ManageError::Invalid)?;
        Ok(CategoryInput {
            slug,
            name: Localized::new(self.name.vi.trim(), self.name.en.trim()),
            description: self.description,
            image: self.image.filter(|i| !i.trim().is_empty()),
            sort_order: self.order,
        })
    }

    fn validated_type(self) -> Result<CourseTypeInput, ManageError> {
        let input = self.validated()?;
        Ok(CourseTypeInput { slug: input.slug, name: input.name, description: input.description })
    }
}

/// Every category in display order.
pub async fn categories(pool: &Pool) -> Result<Vec<CategoryRow>, ManageError> {
    Ok(repo::categories::list_categories(pool).await?)
}

/// Creates a category; answers its id. A taken slug is refused by the database.
pub async fn create_category(pool: &Pool, form: NamedForm) -> Result<String, ManageError> {
    let input = form.validated()?;
    let id = new_id();
    let mut tx = crate::platform::db::begin_write(pool).await?;
    repo::categories::insert_category(&mut tx, &id, &input).await?;
    tx.commit().await?;
    Ok(id)
}

pub async fn update_category(pool: &Pool, id: &str, form: NamedForm) -> Result<(), ManageError> {
    let input = form.validated()?;
    found(repo::categories::update_category(pool, id, &input).await?)
}

/// Deletes a category; one that still has courses is refused by the database.
pub async fn delete_category(pool: &Pool, id: &str) -> Result<(), ManageError> {
    found(repo::categories::delete_category(pool, id).await?)
}

/// Every course type, with how many courses each has.
pub async fn course_types(pool: &Pool) -> Result<Vec<(CourseTypeRow, i64)>, ManageError> {
    let rows = repo::course_types::list_course_types(pool).await?;
    let counts: std::collections::HashMap<String, i64> =
        repo::course_types::course_type_counts(pool).await?.into_iter().collect();
    Ok(rows
        .into_iter()
        .map(|row| {
            let count = counts.get(&row.id).copied().unwrap_or(0);
            (row, count)
        })
        .collect())
}

/// Creates a course type; answers its id.
pub async fn create_course_type(pool: &Pool, form: NamedForm) -> Result<String, ManageError> {
    let input = form.validated_type()?;
    let id = new_id();
    let mut tx = crate::platform::db::begin_write(pool).await?;
    repo::course_types::insert_course_type(&mut tx, &id, &input).await?;
    tx.commit().await?;
    Ok(id)
}

pub async fn update_course_type(pool: &Pool, id: &str, form: NamedForm) -> Result<(), ManageError> {
    let input = form.validated_type()?;
    found(repo::course_types::update_course_type(pool, id, &input).await?)
}

/// Deletes a course type no course uses.
pub async fn delete_course_type(pool: &Pool, id: &str) -> Result<(), ManageError> {
    let mut tx = crate::platform::db::begin_write(pool).await?;
    let used = repo::course_types::courses_of_type(&mut tx, id).await?;
    if used > 0 {
        return Err(ManageError::TypeInUse(used));
    }
    found(repo::course_types::delete_course_type(&mut tx, id).await?)?;
    tx.commit().await?;
    Ok(())
}

/// A write that touched no row found nothing to change.
pub(super) fn found(changed: bool) -> Result<(), ManageError> {
    if changed { Ok(()) } else { Err(ManageError::NotFound) }
}
