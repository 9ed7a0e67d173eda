//! Courses: browsing and text search ([`search`]), detail with curriculum, writes kept consistent with the
//! category counts and the search index in the same transaction ([`write`]), enrolments ([`enrolments`]), and
//! what the in-memory catalogue index is built from ([`indexed`]).
//! Their items are re-exported here, so callers name them `courses::…`.

use academy_shared::catalogue::CourseStatus;
use sqlx::FromRow;

use crate::platform::db::{Flag, Pool};

/// A course as lists show it: the course, its instructor and its category (no descriptions: cards do not
/// show them, and the in-memory catalogue index keeps cards without them).
#[derive(Debug, Clone, PartialEq, FromRow)]
pub struct CourseCardRow {
    pub id: String,
    pub slug: String,
    pub title_vi: String,
    pub title_en: String,
    pub thumbnail: Option<String>,
    pub price: i64,
    pub discount: Option<i64>,
    pub currency: String,
    pub badge_vi: Option<String>,
    pub badge_en: Option<String>,
    pub level: String,
    pub total_seat: i64,
    #[sqlx(try_from = "String")]
    pub status: CourseStatus,
    pub rating_avg: f64,
    pub rating_count: i64,
    pub enrollment_count: i64,
    pub sales_count: i64,
    pub lesson_count: i64,
    pub duration_seconds: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub instructor_id: String,
    pub instructor_first_name: Option<String>,
    pub instructor_last_name: Option<String>,
    pub instructor_avatar: Option<String>,
    pub category_id: String,
    pub category_slug: String,
    pub category_vi: String,
    pub category_en: String,
}

macro_rules! card_columns {
    () => {
        "c.id, c.slug, c.title_vi, c.title_en, c.thumbnail, c.price, c.discount, c.currency, c.badge_vi, \
         c.badge_en, c.level, c.total_seat, c.status, c.rating_avg, c.rating_count, c.enrollment_count, \
         c.sales_count, c.lesson_count, c.duration_seconds, c.created_at, c.updated_at, c.instructor_id, \
         u.first_name as instructor_first_name, u.last_name as instructor_last_name, \
         u.avatar as instructor_avatar, c.category_id, k.slug as category_slug, k.name_vi as category_vi, \
         k.name_en as category_en"
    };
}
macro_rules! card_from {
    () => {
        "from courses c join users u on u.id = c.instructor_id join categories k on k.id = c.category_id"
    };
}
const CARD_SELECT: &str = concat!("select ", card_columns!(), " ", card_from!());
const DETAIL_SELECT: &str = concat!(
    "select ",
    card_columns!(),
    ", c.description_vi, c.description_en, c.outcomes, c.requirements, c.language, c.type_id, \
     t.name_vi as type_vi, t.name_en as type_en ",
    card_from!(),
    " left join course_types t on t.id = c.type_id"
);

mod enrolments;
mod indexed;
mod search;
mod write;

pub use enrolments::*;
pub use indexed::*;
pub use search::*;
pub use write::*;

/// A course with everything its detail page shows (any status: callers decide who may see drafts).
#[derive(Debug, Clone, FromRow)]
pub struct CourseDetailRow {
    #[sqlx(flatten)]
    pub card: CourseCardRow,
    pub description_vi: String,
    pub description_en: String,
    pub outcomes: String,
    pub requirements: String,
    pub language: String,
    pub type_id: Option<String>,
    pub type_vi: Option<String>,
    pub type_en: Option<String>,
}

pub async fn find(pool: &Pool, id_or_slug: &str) -> Result<Option<CourseDetailRow>, sqlx::Error> {
    sqlx::query_as(&format!("{DETAIL_SELECT} where c.id = $1 or c.slug = $1"))
        .bind(id_or_slug)
        .fetch_optional(pool)
        .await
}

#[derive(Debug, Clone, FromRow)]
pub struct SectionRow {
    pub id: String,
    pub title_vi: String,
    pub title_en: String,
    pub position: i64,
}

#[derive(Debug, Clone, FromRow)]
pub struct LessonRow {
    pub id: String,
    pub section_id: String,
    pub title_vi: String,
    pub title_en: String,
    pub duration_seconds: i64,
    pub video_url: Option<String>,
    #[sqlx(try_from = "i64")]
    pub free_preview: Flag,
    pub position: i64,
}

/// The sections of a course in order, each with its lessons in order.
pub async fn curriculum(pool: &Pool, course_id: &str) -> Result<Vec<(SectionRow, Vec<LessonRow>)>, sqlx::Error> {
    let sections: Vec<SectionRow> = sqlx::query_as(
        "select id, title_vi, title_en, position from course_sections where course_id = $1 order by position, id",
    )
    .bind(course_id)
    .fetch_all(pool)
    .await?;
    let lessons: Vec<LessonRow> = sqlx::query_as(
        "select id, section_id, title_vi, title_en, duration_seconds, video_url, free_preview, position \
         from course_lessons where course_id = $1 order by position, id",
    )
    .bind(course_id)
    .fetch_all(pool)
    .await?;
    let mut by_section: std::collections::HashMap<String, Vec<LessonRow>> = std::collections::HashMap::new();
    for lesson in lessons {
        by_section.entry(lesson.section_id.clone()).or_default().push(lesson);
    }
    Ok(sections
        .into_iter()
        .map(|section| {
            let own = by_section.remove(&section.id).unwrap_or_default();
            (section, own)
        })
        .collect())
}

/// Published courses of one instructor, most popular first.
pub async fn published_by(pool: &Pool, instructor_id: &str, limit: i64) -> Result<Vec<CourseCardRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{CARD_SELECT} where c.instructor_id = $1 and c.status = 'published' \
         order by c.enrollment_count desc, c.seq desc limit $2"
    ))
    .bind(instructor_id)
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// A teacher's courses of any status, newest first, with their enrolment counts (the profile's "My courses").
pub async fn of_instructor(pool: &Pool, instructor_id: &str) -> Result<Vec<CourseCardRow>, sqlx::Error> {
    sqlx::query_as(&format!("{CARD_SELECT} where c.instructor_id = $1 order by c.created_at desc, c.seq desc"))
        .bind(instructor_id)
        .fetch_all(pool)
        .await
}

/// One lesson of a course.
pub async fn lesson(
    conn: &mut sqlx::AnyConnection,
    course_id: &str,
    lesson_id: &str,
) -> Result<Option<LessonRow>, sqlx::Error> {
    sqlx::query_as(
        "select id, section_id, title_vi, title_en, duration_seconds, video_url, free_preview, position \
         from course_lessons where course_id = $1 and id = $2",
    )
    .bind(course_id)
    .bind(lesson_id)
    .fetch_optional(conn)
    .await
}

/// Sets a lesson's video; false when the course has no such lesson.
pub async fn set_lesson_video(
    conn: &mut sqlx::AnyConnection,
    course_id: &str,
    lesson_id: &str,
    video_url: &str,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query("update course_lessons set video_url = $3, updated_at = $4 where course_id = $1 and id = $2")
            .bind(course_id)
            .bind(lesson_id)
            .bind(video_url)
            .bind(now_ms)
            .execute(conn)
            .await?;
    Ok(done.rows_affected() > 0)
}
