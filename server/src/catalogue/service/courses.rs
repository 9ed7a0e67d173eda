//! Courses as their teachers and administrators edit them: details, curriculum and publication. Teachers
//! manage their own courses, administrators every course.

use academy_shared::{
    catalogue::{self as rules, CatalogueError, CourseFacts, CourseStatus, LessonFacts, SectionFacts},
    media::{OWN_FILES_PATH, video_link},
    roles::Role,
};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{Editor, ManageError};
use crate::{
    catalogue::repo::{
        self, Localized,
        courses::{CourseCardRow, CourseFigures, CourseInput, LessonInput, LessonRow, Ownership, SectionInput},
    },
    platform::db::{Pool, now_ms},
};

/// A course as the editor sends it. Texts in both languages; `slug` is made from the Vietnamese title when
/// empty.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CourseBody)]
pub struct CourseForm {
    pub title: Localized,
    #[serde(default)]
    pub slug: String,
    #[serde(default)]
    pub description: Localized,
    #[serde(default)]
    pub what_you_will_learn: Vec<Localized>,
    #[serde(default)]
    pub requirements: Vec<Localized>,
    pub thumbnail: Option<String>,
    /// Minor units.
    pub price: i64,
    /// Sale price, below `price`.
    pub discount: Option<i64>,
    #[serde(default = "default_currency")]
    pub currency: String,
    pub course_badge: Option<Localized>,
    #[serde(default = "default_level")]
    pub level: String,
    #[serde(default)]
    pub total_seat: i64,
    pub category_id: String,
    pub type_id: Option<String>,
    #[serde(default = "default_language")]
    pub language: String,
}

fn default_currency() -> String {
    "VND".to_owned()
}
fn default_level() -> String {
    "beginner".to_owned()
}
fn default_language() -> String {
    "vi".to_owned()
}

impl CourseForm {
    /// Checks the form with the shared rules and turns it into the stored form.
    fn validated(self) -> Result<CourseInput, ManageError> {
        let badge = self.course_badge.as_ref();
        let facts = CourseFacts {
            title_vi: &self.title.vi,
            title_en: &self.title.en,
            slug: &self.slug,
            description_vi: &self.description.vi,
            description_en: &self.description.en,
            outcomes: pairs(&self.what_you_will_learn),
            requirements: pairs(&self.requirements),
            thumbnail: self.thumbnail.as_deref().unwrap_or_default(),
            price: self.price,
            discount: self.discount,
            currency: &self.currency,
            badge_vi: badge.map_or("", |b| &b.vi),
            badge_en: badge.map_or("", |b| &b.en),
            level: &self.level,
            total_seat: self.total_seat,
            category_id: &self.category_id,
            type_id: self.type_id.as_deref().unwrap_or_default(),
            language: &self.language,
        };
        let slug = rules::validate_course_form(&facts).map_err(ManageError::Invalid)?;
        let currency = rules::currency_code(&self.currency);
        let trim = |l: Localized| Localized::new(l.vi.trim(), l.en.trim());
        Ok(CourseInput {
            slug,
            title: trim(self.title),
            description: self.description,
            outcomes: self.what_you_will_learn,
            requirements: self.requirements,
            thumbnail: self.thumbnail.filter(|t| !t.trim().is_empty()),
            price: self.price,
            discount: self.discount,
            currency,
            badge: self.course_badge,
            level: self.level,
            total_seat: self.total_seat,
            category_id: self.category_id,
            type_id: self.type_id.filter(|t| !t.is_empty()),
            language: self.language,
        })
    }
}

/// The `(vi, en)` texts of a list, as the rules read them.
fn pairs(list: &[Localized]) -> Vec<(&str, &str)> {
    list.iter().map(|l| (l.vi.as_str(), l.en.as_str())).collect()
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = LessonBody)]
pub struct LessonForm {
    pub id: Option<String>,
    pub title: Localized,
    #[serde(default)]
    pub duration_seconds: i64,
    pub video_url: Option<String>,
    #[serde(default)]
    pub free_preview: bool,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[schema(as = SectionBody)]
pub struct SectionForm {
    pub id: Option<String>,
    pub title: Localized,
    #[serde(default)]
    pub lessons: Vec<LessonForm>,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[schema(as = CurriculumBody)]
pub struct CurriculumForm {
    /// Sections in order, each with its lessons in order.
    pub sections: Vec<SectionForm>,
}

impl CurriculumForm {
    /// Checks the curriculum with the shared rules and turns it into the stored form, each video as the
    /// player's embed link.
    fn validated(self) -> Result<Vec<SectionInput>, ManageError> {
        let facts: Vec<SectionFacts<'_>> = self
            .sections
            .iter()
            .map(|s| SectionFacts {
                id: s.id.as_deref().unwrap_or_default(),
                title_vi: &s.title.vi,
                title_en: &s.title.en,
                lessons: s
                    .lessons
                    .iter()
                    .map(|l| LessonFacts {
                        id: l.id.as_deref().unwrap_or_default(),
                        title_vi: &l.title.vi,
                        title_en: &l.title.en,
                        duration_seconds: l.duration_seconds,
                        video_url: l.video_url.as_deref(),
                    })
                    .collect(),
            })
            .collect();
        rules::validate_curriculum(&facts, OWN_FILES_PATH)
            .map_err(|error| ManageError::Refused { field: "sections", error })?;
        let lesson = |l: LessonForm| LessonInput {
            id: l.id,
            title: l.title,
            duration_seconds: l.duration_seconds,
            video_url: l
                .video_url
                .filter(|u| !u.trim().is_empty())
                .map(|u| video_link(&u, OWN_FILES_PATH).unwrap_or(u)),
            free_preview: l.free_preview,
        };
        Ok(self
            .sections
            .into_iter()
            .map(|s| SectionInput { id: s.id, title: s.title, lessons: s.lessons.into_iter().map(lesson).collect() })
            .collect())
    }
}

/// Courses of any status, newest first: the teacher's own, or every course for an administrator; and how many.
pub async fn list(
    pool: &Pool,
    editor: Editor<'_>,
    search: Option<&str>,
    limit: i64,
    offset: i64,
) -> Result<(Vec<CourseCardRow>, i64), ManageError> {
    let owner = (!editor.is_admin()).then_some(editor.id);
    Ok(repo::courses::list_managed(pool, owner, search, limit, offset).await?)
}

/// Creates a draft course owned by the editor; answers its id.
pub async fn create(pool: &Pool, editor: Editor<'_>, form: CourseForm) -> Result<String, ManageError> {
    let input = form.validated()?;
    let mut tx = crate::platform::db::begin_write(pool).await?;
    category_exists(&mut tx, &input.category_id).await?;
    let id = repo::courses::insert(&mut tx, editor.id, &input, CourseStatus::Draft, &CourseFigures::default()).await?;
    tx.commit().await?;
    Ok(id)
}

/// The course `id_or_slug`, when the editor may manage it.
pub async fn find(pool: &Pool, editor: Editor<'_>, id_or_slug: &str) -> Result<Ownership, ManageError> {
    let mut conn = pool.acquire().await?;
    owned(&mut conn, editor, id_or_slug).await
}

/// Replaces a course's details (not its status or curriculum); answers its id.
pub async fn update(
    pool: &Pool,
    editor: Editor<'_>,
    id_or_slug: &str,
    form: CourseForm,
) -> Result<String, ManageError> {
    let input = form.validated()?;
    let mut tx = crate::platform::db::begin_write(pool).await?;
    let course = owned(&mut tx, editor, id_or_slug).await?;
    category_exists(&mut tx, &input.category_id).await?;
    repo::courses::update(&mut tx, &course, &input).await?;
    tx.commit().await?;
    Ok(course.id)
}

/// Deletes a course with its curriculum. A course someone learns, bought, or holds in an unpaid order is never
/// deleted, by its teacher or an administrator: it is archived instead (it leaves the catalogue and its students
/// keep learning it), and money is taken back by a refund.
pub async fn delete(pool: &Pool, editor: Editor<'_>, id_or_slug: &str) -> Result<(), ManageError> {
    let mut tx = crate::platform::db::begin_write(pool).await?;
    let course = owned(&mut tx, editor, id_or_slug).await?;
    if repo::courses::has_learners(&mut tx, &course.id).await?
        || crate::commerce::orders::course_is_sold(&mut tx, &course.id).await?
    {
        return Err(ManageError::HasBuyers);
    }
    repo::courses::delete(&mut tx, &course).await?;
    tx.commit().await?;
    Ok(())
}

/// Replaces the whole curriculum (sections and lessons, in the order given); answers the course's id.
pub async fn replace_curriculum(
    pool: &Pool,
    editor: Editor<'_>,
    id_or_slug: &str,
    form: CurriculumForm,
) -> Result<String, ManageError> {
    let sections = form.validated()?;
    let mut tx = crate::platform::db::begin_write(pool).await?;
    let course = owned(&mut tx, editor, id_or_slug).await?;
    repo::courses::replace_curriculum(&mut tx, &course.id, &sections).await?;
    tx.commit().await?;
    Ok(course.id)
}

/// A lesson of a course the editor may manage (to upload its video).
pub async fn managed_lesson(
    pool: &Pool,
    editor: Editor<'_>,
    id_or_slug: &str,
    lesson_id: &str,
) -> Result<LessonRow, ManageError> {
    let mut conn = pool.acquire().await?;
    let course = owned(&mut conn, editor, id_or_slug).await?;
    repo::courses::lesson(&mut conn, &course.id, lesson_id).await?.ok_or(ManageError::NotFound)
}

/// Makes `video_url` (a video uploaded here) the video of a lesson of a course the editor may manage; answers
/// the lesson.
pub async fn set_lesson_video(
    pool: &Pool,
    editor: Editor<'_>,
    id_or_slug: &str,
    lesson_id: &str,
    video_url: &str,
) -> Result<LessonRow, ManageError> {
    let mut tx = crate::platform::db::begin_write(pool).await?;
    let course = owned(&mut tx, editor, id_or_slug).await?;
    if !repo::courses::set_lesson_video(&mut tx, &course.id, lesson_id, video_url, now_ms()).await? {
        return Err(ManageError::NotFound);
    }
    let lesson = repo::courses::lesson(&mut tx, &course.id, lesson_id).await?.ok_or(ManageError::NotFound)?;
    tx.commit().await?;
    Ok(lesson)
}

/// Publishes, unpublishes or archives a course; answers its id.
pub async fn set_status(
    pool: &Pool,
    editor: Editor<'_>,
    id_or_slug: &str,
    status: &str,
) -> Result<String, ManageError> {
    let status = CourseStatus::parse(status).ok_or(ManageError::UnknownStatus)?;
    let mut tx = crate::platform::db::begin_write(pool).await?;
    let course = owned(&mut tx, editor, id_or_slug).await?;
    repo::courses::set_status(&mut tx, &course, status).await?;
    tx.commit().await?;
    Ok(course.id)
}

/// After a teacher's name changed, in the same transaction: their courses are found by the new name. Only rows
/// whose text changes are written, so an update that keeps the name costs one indexed read.
pub async fn teacher_renamed(conn: &mut sqlx::AnyConnection, teacher_id: &str) -> Result<(), sqlx::Error> {
    repo::courses::refresh_search_text_where(conn, "instructor_id = $1", teacher_id).await
}

/// A teacher whose account was deleted: every course of theirs leaves the catalogue (archived: no new sales; the
/// buyers keep learning it) and is found by its anonymous author. Call inside the deletion's transaction.
pub async fn teacher_left(conn: &mut sqlx::AnyConnection, teacher_id: &str) -> Result<(), sqlx::Error> {
    for category_id in repo::courses::archive_all_of(conn, teacher_id, now_ms()).await? {
        repo::courses::refresh_category_counts(conn, &category_id).await?;
    }
    teacher_renamed(conn, teacher_id).await
}

/// The course ownership rule: teachers manage their own courses, administrators every course.
async fn owned(conn: &mut sqlx::AnyConnection, editor: Editor<'_>, id_or_slug: &str) -> Result<Ownership, ManageError> {
    let course = repo::courses::ownership(conn, id_or_slug).await?.ok_or(ManageError::NotFound)?;
    match editor.role {
        Role::Admin => Ok(course),
        Role::Teacher if course.instructor_id == editor.id => Ok(course),
        _ => Err(ManageError::NotYours),
    }
}

async fn category_exists(conn: &mut sqlx::AnyConnection, id: &str) -> Result<(), ManageError> {
    if repo::categories::category_exists(conn, id).await? {
        Ok(())
    } else {
        Err(ManageError::Refused { field: "categoryId", error: CatalogueError::Required })
    }
}
