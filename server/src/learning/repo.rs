//! Learning's SQL: the courses a person learns or teaches with their figures, a course's lessons as the learning
//! page lists them, completions, the lesson to resume at, and a lesson's text. The courses, their lessons and the
//! enrolments are the catalogue's and commerce's tables; learning reads them and keeps its own columns.

use academy_shared::catalogue::CourseStatus;
use sqlx::{AnyConnection, FromRow};

use crate::platform::db::{Flag, Pool};

/// Lessons of the course that the user completed and the course still has, and the lessons it has now.
macro_rules! progress_columns {
    ($user:expr, $course:expr) => {
        concat!(
            "(select count(*) from lesson_completions d join course_lessons l on l.id = d.lesson_id \
             and l.course_id = d.course_id where d.user_id = ",
            $user,
            " and d.course_id = ",
            $course,
            ") as completed_lessons, (select count(*) from course_lessons l where l.course_id = ",
            $course,
            ") as total_lessons"
        )
    };
}

/// A course the user is enrolled in, with their progress counted now.
#[derive(Debug, Clone, FromRow)]
pub struct EnrolledRow {
    pub course_id: String,
    pub title_vi: String,
    pub title_en: String,
    pub thumbnail: Option<String>,
    pub instructor_first_name: Option<String>,
    pub instructor_last_name: Option<String>,
    pub instructor_avatar: Option<String>,
    pub completed_lessons: i64,
    pub total_lessons: i64,
    /// When the user enrolled.
    pub created_at: i64,
}

/// The user's enrolments, latest first.
pub async fn enrolled_courses(pool: &Pool, user_id: &str) -> Result<Vec<EnrolledRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        "select c.id as course_id, c.title_vi, c.title_en, c.thumbnail, u.first_name as instructor_first_name, \
         u.last_name as instructor_last_name, u.avatar as instructor_avatar, e.created_at, ",
        progress_columns!("e.user_id", "e.course_id"),
        " from course_enrollments e join courses c on c.id = e.course_id join users u on u.id = c.instructor_id \
         where e.user_id = $1 order by e.created_at desc, e.id"
    ))
    .bind(user_id)
    .fetch_all(pool)
    .await
}

/// A course its teacher created, with the number of learners enrolled in it.
#[derive(Debug, Clone, FromRow)]
pub struct TaughtRow {
    pub id: String,
    pub title_vi: String,
    pub title_en: String,
    pub description_vi: String,
    pub description_en: String,
    pub thumbnail: Option<String>,
    #[sqlx(try_from = "String")]
    pub status: CourseStatus,
    pub enrollments: i64,
    pub created_at: i64,
}

/// The teacher's courses of any status, newest first, each with its enrolments counted.
pub async fn taught_courses(pool: &Pool, instructor_id: &str) -> Result<Vec<TaughtRow>, sqlx::Error> {
    sqlx::query_as(
        "select c.id, c.title_vi, c.title_en, c.description_vi, c.description_en, c.thumbnail, c.status, \
         (select count(*) from course_enrollments e where e.course_id = c.id) as enrollments, c.created_at \
         from courses c where c.instructor_id = $1 order by c.created_at desc, c.seq desc",
    )
    .bind(instructor_id)
    .fetch_all(pool)
    .await
}

/// A course as the learning page needs it.
#[derive(Debug, Clone, FromRow)]
pub struct CourseRow {
    pub id: String,
    pub slug: String,
    pub title_vi: String,
    pub title_en: String,
    pub thumbnail: Option<String>,
    #[sqlx(try_from = "String")]
    pub status: CourseStatus,
    pub instructor_id: String,
    pub instructor_first_name: Option<String>,
    pub instructor_last_name: Option<String>,
    pub instructor_avatar: Option<String>,
}

/// A course by id or slug.
pub async fn find_course(pool: &Pool, id_or_slug: &str) -> Result<Option<CourseRow>, sqlx::Error> {
    sqlx::query_as(
        "select c.id, c.slug, c.title_vi, c.title_en, c.thumbnail, c.status, c.instructor_id, \
         u.first_name as instructor_first_name, u.last_name as instructor_last_name, u.avatar as instructor_avatar \
         from courses c join users u on u.id = c.instructor_id where c.id = $1 or c.slug = $1",
    )
    .bind(id_or_slug)
    .fetch_optional(pool)
    .await
}

/// The user's enrolment in a course.
#[derive(Debug, Clone, FromRow)]
pub struct EnrolmentRow {
    pub last_lesson_id: Option<String>,
    pub created_at: i64,
}

pub async fn enrolment(pool: &Pool, user_id: &str, course_id: &str) -> Result<Option<EnrolmentRow>, sqlx::Error> {
    sqlx::query_as("select last_lesson_id, created_at from course_enrollments where user_id = $1 and course_id = $2")
        .bind(user_id)
        .bind(course_id)
        .fetch_optional(pool)
        .await
}

#[derive(Debug, Clone, FromRow)]
pub struct SectionRow {
    pub id: String,
    pub title_vi: String,
    pub title_en: String,
}

/// A lesson as the curriculum beside the player lists it.
#[derive(Debug, Clone, FromRow)]
pub struct OutlineLessonRow {
    pub id: String,
    pub section_id: String,
    pub title_vi: String,
    pub title_en: String,
    pub duration_seconds: i64,
    pub video_url: Option<String>,
    #[sqlx(try_from = "i64")]
    pub free_preview: Flag,
}

/// A course's sections in order, each with its lessons in order.
pub async fn outline(pool: &Pool, course_id: &str) -> Result<Vec<(SectionRow, Vec<OutlineLessonRow>)>, sqlx::Error> {
    let sections: Vec<SectionRow> =
        sqlx::query_as("select id, title_vi, title_en from course_sections where course_id = $1 order by position, id")
            .bind(course_id)
            .fetch_all(pool)
            .await?;
    let lessons: Vec<OutlineLessonRow> = sqlx::query_as(
        "select l.id, l.section_id, l.title_vi, l.title_en, l.duration_seconds, l.video_url, l.free_preview \
         from course_lessons l where l.course_id = $1 order by l.position, l.id",
    )
    .bind(course_id)
    .fetch_all(pool)
    .await?;
    Ok(sections
        .into_iter()
        .map(|section| {
            let own = lessons.iter().filter(|l| l.section_id == section.id).cloned().collect();
            (section, own)
        })
        .collect())
}

/// The lessons of the course the user completed (only those it still has).
pub async fn completed_lessons(pool: &Pool, user_id: &str, course_id: &str) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "select d.lesson_id from lesson_completions d join course_lessons l on l.id = d.lesson_id \
         and l.course_id = d.course_id where d.user_id = $1 and d.course_id = $2",
    )
    .bind(user_id)
    .bind(course_id)
    .fetch_all(pool)
    .await
}

/// One lesson with everything it shows.
#[derive(Debug, Clone, FromRow)]
pub struct LessonRow {
    pub id: String,
    pub title_vi: String,
    pub title_en: String,
    pub duration_seconds: i64,
    pub video_url: Option<String>,
    #[sqlx(try_from = "i64")]
    pub free_preview: Flag,
    pub body_vi: String,
    pub body_en: String,
}

/// A lesson of the course.
pub async fn find_lesson(pool: &Pool, course_id: &str, lesson_id: &str) -> Result<Option<LessonRow>, sqlx::Error> {
    sqlx::query_as(
        "select id, title_vi, title_en, duration_seconds, video_url, free_preview, body_vi, body_en \
         from course_lessons where course_id = $1 and id = $2",
    )
    .bind(course_id)
    .bind(lesson_id)
    .fetch_optional(pool)
    .await
}

/// Whether the user completed the lesson.
pub async fn is_completed(pool: &Pool, user_id: &str, course_id: &str, lesson_id: &str) -> Result<bool, sqlx::Error> {
    let found: Option<i64> =
        sqlx::query_scalar("select 1 from lesson_completions where user_id = $1 and course_id = $2 and lesson_id = $3")
            .bind(user_id)
            .bind(course_id)
            .bind(lesson_id)
            .fetch_optional(pool)
            .await?;
    Ok(found.is_some())
}

/// Records the lesson as completed by the user, or not; completing it twice keeps the first time.
pub async fn set_completion(
    conn: &mut AnyConnection,
    user_id: &str,
    course_id: &str,
    lesson_id: &str,
    completed: bool,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    if completed {
        sqlx::query(
            "insert into lesson_completions (user_id, course_id, lesson_id, completed_at) values ($1, $2, $3, $4) \
             on conflict (user_id, course_id, lesson_id) do nothing",
        )
        .bind(user_id)
        .bind(course_id)
        .bind(lesson_id)
        .bind(now_ms)
        .execute(conn)
        .await?;
    } else {
        sqlx::query("delete from lesson_completions where user_id = $1 and course_id = $2 and lesson_id = $3")
            .bind(user_id)
            .bind(course_id)
            .bind(lesson_id)
            .execute(conn)
            .await?;
    }
    Ok(())
}

/// Completed lessons the course still has, and the lessons it has now.
pub async fn progress_counts(
    conn: &mut AnyConnection,
    user_id: &str,
    course_id: &str,
) -> Result<(i64, i64), sqlx::Error> {
    sqlx::query_as(concat!("select ", progress_columns!("$1", "$2")))
        .bind(user_id)
        .bind(course_id)
        .fetch_one(conn)
        .await
}

/// Keeps the enrolment's figures as of the learner's latest change, and the lesson to resume at.
pub async fn store_progress(
    conn: &mut AnyConnection,
    user_id: &str,
    course_id: &str,
    (percent, completed): (i64, bool),
    last_lesson_id: &str,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update course_enrollments set progress = $3, completed = $4, last_lesson_id = $5, updated_at = $6 \
         where user_id = $1 and course_id = $2",
    )
    .bind(user_id)
    .bind(course_id)
    .bind(percent)
    .bind(i64::from(completed))
    .bind(last_lesson_id)
    .bind(now_ms)
    .execute(conn)
    .await?;
    Ok(())
}

/// Remembers the lesson the learner opened last.
pub async fn set_last_lesson(pool: &Pool, user_id: &str, course_id: &str, lesson_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("update course_enrollments set last_lesson_id = $3 where user_id = $1 and course_id = $2")
        .bind(user_id)
        .bind(course_id)
        .bind(lesson_id)
        .execute(pool)
        .await?;
    Ok(())
}

/// Sets a lesson's text in both languages; whether the lesson exists.
pub async fn set_lesson_text(
    pool: &Pool,
    course_id: &str,
    lesson_id: &str,
    (vi, en): (&str, &str),
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update course_lessons set body_vi = $3, body_en = $4, updated_at = $5 where course_id = $1 and id = $2",
    )
    .bind(course_id)
    .bind(lesson_id)
    .bind(vi)
    .bind(en)
    .bind(now_ms)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}
