//! Course writes, kept consistent with the category counts and the search index in the same transaction.

use academy_shared::{catalogue::CourseStatus, search::normalize_search};
use sqlx::FromRow;

use crate::catalogue::repo::{Localized, to_json};
use crate::platform::db::{new_id, now_ms};

/// The editable fields of a course.
#[derive(Debug, Clone)]
pub struct CourseInput {
    pub slug: String,
    pub title: Localized,
    pub description: Localized,
    pub outcomes: Vec<Localized>,
    pub requirements: Vec<Localized>,
    pub thumbnail: Option<String>,
    pub price: i64,
    pub discount: Option<i64>,
    pub currency: String,
    pub badge: Option<Localized>,
    pub level: String,
    pub total_seat: i64,
    pub category_id: String,
    pub type_id: Option<String>,
    pub language: String,
}

/// Figures a new course starts with (zero for a real new course; the demo brings its own).
#[derive(Debug, Clone, Default)]
pub struct CourseFigures {
    pub rating_avg: f64,
    pub rating_count: i64,
    pub enrollment_count: i64,
    pub sales_count: i64,
    pub created_at: Option<i64>,
    pub updated_at: Option<i64>,
}

/// A section of a curriculum as written by the editor; a known `id` is kept.
#[derive(Debug, Clone)]
pub struct SectionInput {
    pub id: Option<String>,
    pub title: Localized,
    pub lessons: Vec<LessonInput>,
}

#[derive(Debug, Clone)]
pub struct LessonInput {
    pub id: Option<String>,
    pub title: Localized,
    pub duration_seconds: i64,
    pub video_url: Option<String>,
    pub free_preview: bool,
}

/// The normalised text the search matches: both titles, the instructor's name and the category's names.
pub fn search_text(
    title: &Localized,
    first_name: Option<&str>,
    last_name: Option<&str>,
    category: &Localized,
) -> String {
    normalize_search(&format!(
        "{} {} {} {} {} {}",
        title.vi,
        title.en,
        last_name.unwrap_or_default(),
        first_name.unwrap_or_default(),
        category.vi,
        category.en
    ))
}

async fn search_text_for(
    conn: &mut sqlx::AnyConnection,
    title: &Localized,
    instructor_id: &str,
    category_id: &str,
) -> Result<String, sqlx::Error> {
    let (first, last): (Option<String>, Option<String>) =
        sqlx::query_as("select first_name, last_name from users where id = $1")
            .bind(instructor_id)
            .fetch_one(&mut *conn)
            .await?;
    let (vi, en): (String, String) = sqlx::query_as("select name_vi, name_en from categories where id = $1")
        .bind(category_id)
        .fetch_one(&mut *conn)
        .await?;
    Ok(search_text(title, first.as_deref(), last.as_deref(), &Localized { vi, en }))
}

/// Archives every course of `teacher_id` not archived yet; the categories whose counts change.
pub async fn archive_all_of(
    conn: &mut sqlx::AnyConnection,
    teacher_id: &str,
    now_ms: i64,
) -> Result<Vec<String>, sqlx::Error> {
    let categories: Vec<String> = sqlx::query_scalar(
        "select distinct category_id from courses where instructor_id = $1 and status <> 'archived'",
    )
    .bind(teacher_id)
    .fetch_all(&mut *conn)
    .await?;
    sqlx::query(
        "update courses set status = 'archived', updated_at = $2 where instructor_id = $1 and status <> 'archived'",
    )
    .bind(teacher_id)
    .bind(now_ms)
    .execute(&mut *conn)
    .await?;
    Ok(categories)
}

/// Recounts the published (and free published) courses of a category.
pub async fn refresh_category_counts(conn: &mut sqlx::AnyConnection, category_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update categories set \
         course_count = (select count(*) from courses where category_id = $1 and status = 'published'), \
         free_course_count = (select count(*) from courses where category_id = $1 and status = 'published' \
            and price = 0) \
         where id = $1",
    )
    .bind(category_id)
    .execute(conn)
    .await
    .map(|_| ())
}

/// Recomputes the search text of the courses matching `filter` (a condition on `courses` with one
/// parameter, `$1`), e.g. after a category or an instructor was renamed.
pub async fn refresh_search_text_where(
    conn: &mut sqlx::AnyConnection,
    filter: &str,
    param: &str,
) -> Result<(), sqlx::Error> {
    #[derive(FromRow)]
    struct Source {
        seq: i64,
        title_vi: String,
        title_en: String,
        first_name: Option<String>,
        last_name: Option<String>,
        category_vi: String,
        category_en: String,
    }
    let rows: Vec<Source> = sqlx::query_as(&format!(
        "select c.seq, c.title_vi, c.title_en, u.first_name, u.last_name, k.name_vi as category_vi, \
         k.name_en as category_en from courses c join users u on u.id = c.instructor_id \
         join categories k on k.id = c.category_id where c.{filter}"
    ))
    .bind(param)
    .fetch_all(&mut *conn)
    .await?;
    for row in rows {
        let text = search_text(
            &Localized::new(row.title_vi, row.title_en),
            row.first_name.as_deref(),
            row.last_name.as_deref(),
            &Localized::new(row.category_vi, row.category_en),
        );
        sqlx::query("update courses set search_text = $2 where seq = $1 and search_text <> $2")
            .bind(row.seq)
            .bind(text)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Inserts a course (status `status`) and returns its id. Call inside a transaction.
pub async fn insert(
    conn: &mut sqlx::AnyConnection,
    instructor_id: &str,
    input: &CourseInput,
    status: CourseStatus,
    figures: &CourseFigures,
) -> Result<String, sqlx::Error> {
    let id = new_id();
    let now = now_ms();
    let text = search_text_for(conn, &input.title, instructor_id, &input.category_id).await?;
    let badge = input.badge.clone().filter(|b| !b.vi.is_empty() || !b.en.is_empty());
    sqlx::query(
        "insert into courses (id, slug, title_vi, title_en, description_vi, description_en, outcomes, requirements, \
         thumbnail, price, discount, currency, badge_vi, badge_en, level, total_seat, instructor_id, category_id, \
         type_id, status, language, rating_avg, rating_count, enrollment_count, sales_count, search_text, \
         created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, \
         $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28)",
    )
    .bind(&id)
    .bind(&input.slug)
    .bind(&input.title.vi)
    .bind(&input.title.en)
    .bind(&input.description.vi)
    .bind(&input.description.en)
    .bind(to_json(&input.outcomes))
    .bind(to_json(&input.requirements))
    .bind(&input.thumbnail)
    .bind(input.price)
    .bind(input.discount)
    .bind(&input.currency)
    .bind(badge.as_ref().map(|b| b.vi.clone()))
    .bind(badge.as_ref().map(|b| b.en.clone()))
    .bind(&input.level)
    .bind(input.total_seat)
    .bind(instructor_id)
    .bind(&input.category_id)
    .bind(&input.type_id)
    .bind(status.as_str())
    .bind(&input.language)
    .bind(figures.rating_avg)
    .bind(figures.rating_count)
    .bind(figures.enrollment_count)
    .bind(figures.sales_count)
    .bind(text)
    .bind(figures.created_at.unwrap_or(now))
    .bind(figures.updated_at.unwrap_or(now))
    .execute(&mut *conn)
    .await?;
    refresh_category_counts(conn, &input.category_id).await?;
    Ok(id)
}

/// Who owns a course and where it is filed, for permission checks and count upkeep.
#[derive(Debug, Clone, FromRow)]
pub struct Ownership {
    pub id: String,
    pub instructor_id: String,
    pub category_id: String,
    #[sqlx(try_from = "String")]
    pub status: CourseStatus,
}

pub async fn ownership(conn: &mut sqlx::AnyConnection, id_or_slug: &str) -> Result<Option<Ownership>, sqlx::Error> {
    sqlx::query_as("select id, instructor_id, category_id, status from courses where id = $1 or slug = $1")
        .bind(id_or_slug)
        .fetch_optional(conn)
        .await
}

/// Replaces a course's editable fields. Call inside a transaction, after checking [`ownership`].
pub async fn update(
    conn: &mut sqlx::AnyConnection,
    before: &Ownership,
    input: &CourseInput,
) -> Result<(), sqlx::Error> {
    let text = search_text_for(conn, &input.title, &before.instructor_id, &input.category_id).await?;
    let badge = input.badge.clone().filter(|b| !b.vi.is_empty() || !b.en.is_empty());
    sqlx::query(
        "update courses set slug = $2, title_vi = $3, title_en = $4, description_vi = $5, description_en = $6, \
         outcomes = $7, requirements = $8, thumbnail = $9, price = $10, discount = $11, currency = $12, \
         badge_vi = $13, badge_en = $14, level = $15, total_seat = $16, category_id = $17, type_id = $18, \
         language = $19, search_text = $20, updated_at = $21 where id = $1",
    )
    .bind(&before.id)
    .bind(&input.slug)
    .bind(&input.title.vi)
    .bind(&input.title.en)
    .bind(&input.description.vi)
    .bind(&input.description.en)
    .bind(to_json(&input.outcomes))
    .bind(to_json(&input.requirements))
    .bind(&input.thumbnail)
    .bind(input.price)
    .bind(input.discount)
    .bind(&input.currency)
    .bind(badge.as_ref().map(|b| b.vi.clone()))
    .bind(badge.as_ref().map(|b| b.en.clone()))
    .bind(&input.level)
    .bind(input.total_seat)
    .bind(&input.category_id)
    .bind(&input.type_id)
    .bind(&input.language)
    .bind(text)
    .bind(now_ms())
    .execute(&mut *conn)
    .await?;
    refresh_category_counts(conn, &input.category_id).await?;
    if before.category_id != input.category_id {
        refresh_category_counts(conn, &before.category_id).await?;
    }
    Ok(())
}

/// Publishes, unpublishes (draft) or archives a course. Call inside a transaction.
pub async fn set_status(
    conn: &mut sqlx::AnyConnection,
    before: &Ownership,
    status: CourseStatus,
) -> Result<(), sqlx::Error> {
    sqlx::query("update courses set status = $2, updated_at = $3 where id = $1")
        .bind(&before.id)
        .bind(status.as_str())
        .bind(now_ms())
        .execute(&mut *conn)
        .await?;
    refresh_category_counts(conn, &before.category_id).await
}

/// Deletes a course with its curriculum. Call inside a transaction.
/// Whether anyone is enrolled in the course.
pub async fn has_learners(conn: &mut sqlx::AnyConnection, course_id: &str) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar("select 1 from course_enrollments where course_id = $1 limit 1")
        .bind(course_id)
        .fetch_optional(conn)
        .await?;
    Ok(found.is_some())
}

pub async fn delete(conn: &mut sqlx::AnyConnection, before: &Ownership) -> Result<(), sqlx::Error> {
    sqlx::query("delete from course_lessons where course_id = $1").bind(&before.id).execute(&mut *conn).await?;
    sqlx::query("delete from course_sections where course_id = $1").bind(&before.id).execute(&mut *conn).await?;
    sqlx::query("delete from course_enrollments where course_id = $1").bind(&before.id).execute(&mut *conn).await?;
    sqlx::query("delete from courses where id = $1").bind(&before.id).execute(&mut *conn).await?;
    refresh_category_counts(conn, &before.category_id).await
}

/// Replaces the whole curriculum of a course (sections and lessons in the given order) and its totals.
/// A lesson saved again (by its id) keeps its text; learners' completions refer to lessons by id too.
/// Call inside a transaction.
pub async fn replace_curriculum(
    conn: &mut sqlx::AnyConnection,
    course_id: &str,
    sections: &[SectionInput],
) -> Result<(), sqlx::Error> {
    let now = now_ms();
    let texts: Vec<(String, String, String)> =
        sqlx::query_as("select id, body_vi, body_en from course_lessons where course_id = $1")
            .bind(course_id)
            .fetch_all(&mut *conn)
            .await?;
    let texts: std::collections::HashMap<String, (String, String)> =
        texts.into_iter().map(|(id, vi, en)| (id, (vi, en))).collect();
    sqlx::query("delete from course_lessons where course_id = $1").bind(course_id).execute(&mut *conn).await?;
    sqlx::query("delete from course_sections where course_id = $1").bind(course_id).execute(&mut *conn).await?;
    let (mut lesson_count, mut duration) = (0_i64, 0_i64);
    for (s, section) in (1_i64..).zip(sections) {
        let section_id = section.id.clone().filter(|id| !id.is_empty()).unwrap_or_else(new_id);
        sqlx::query(
            "insert into course_sections (id, course_id, title_vi, title_en, position, created_at, updated_at) \
             values ($1, $2, $3, $4, $5, $6, $6)",
        )
        .bind(&section_id)
        .bind(course_id)
        .bind(&section.title.vi)
        .bind(&section.title.en)
        .bind(s)
        .bind(now)
        .execute(&mut *conn)
        .await?;
        for (l, lesson) in (1_i64..).zip(&section.lessons) {
            let lesson_id = lesson.id.clone().filter(|id| !id.is_empty()).unwrap_or_else(new_id);
            let (body_vi, body_en) = texts.get(&lesson_id).cloned().unwrap_or_default();
            sqlx::query(
                "insert into course_lessons (id, section_id, course_id, title_vi, title_en, duration_seconds, \
                 video_url, free_preview, position, created_at, updated_at, body_vi, body_en) \
                 values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, $12)",
            )
            .bind(&lesson_id)
            .bind(&section_id)
            .bind(course_id)
            .bind(&lesson.title.vi)
            .bind(&lesson.title.en)
            .bind(lesson.duration_seconds)
            .bind(&lesson.video_url)
            .bind(i64::from(lesson.free_preview))
            .bind(l)
            .bind(now)
            .bind(body_vi)
            .bind(body_en)
            .execute(&mut *conn)
            .await?;
            lesson_count += 1;
            duration += lesson.duration_seconds;
        }
    }
    sqlx::query("update courses set lesson_count = $2, duration_seconds = $3, updated_at = $4 where id = $1")
        .bind(course_id)
        .bind(lesson_count)
        .bind(duration)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    Ok(())
}
