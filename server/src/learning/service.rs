//! Learning's use cases: the courses a person learns (with progress) or teaches (with their learners), the
//! learning page's course and lessons, completing a lesson, where to resume, and a lesson's text.
//!
//! Who gets what is the shared rule [`CourseRole`]: the course's teacher, its enrolled learners and administrators
//! open every lesson, everybody else only the free previews; a course that is not published is not found by
//! anybody else. Progress is the shared [`progress`] of the lessons completed that the course still has.

use std::collections::HashSet;

use academy_shared::{
    catalogue::CourseStatus,
    learning::{CourseRole, LessonPlayer, Progress, lesson_player, progress},
    limits::{DESCRIPTION_MAX_CHARS, TooLong, check_max},
    media::OWN_FILES_PATH,
};

use super::repo::{self, CourseRow, EnrolledRow, LessonRow, OutlineLessonRow, SectionRow, TaughtRow};
use crate::platform::db::Pool;

/// Why a learning request is refused.
#[derive(Debug, thiserror::Error)]
pub enum LearningError {
    /// No such course, or one this person may not see.
    #[error("no such course")]
    CourseNotFound,
    #[error("no such lesson in this course")]
    LessonNotFound,
    /// A lesson that is not a free preview, asked for without signing in.
    #[error("sign in to open this lesson")]
    SignInRequired,
    /// The person is neither enrolled in the course, nor its teacher, nor an administrator.
    #[error("not enrolled in this course")]
    NotEnrolled,
    /// The course's teacher or an administrator opened the course: they have no progress to record.
    #[error("only enrolled learners have progress")]
    NotALearner,
    /// Only the course's teacher and administrators write its lessons.
    #[error("not the course's teacher")]
    NotTheTeacher,
    /// A lesson's text is too long in one language (`body.vi` or `body.en`).
    #[error("{field} is too long")]
    TextTooLong { field: &'static str, error: TooLong },
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// A signed-in person, as learning needs to know them.
#[derive(Debug, Clone, Copy)]
pub struct Person<'a> {
    pub id: &'a str,
    pub is_admin: bool,
}

/// A course and how the person stands towards it.
#[derive(Debug, Clone)]
pub struct CourseAccess {
    pub course: CourseRow,
    pub role: CourseRole,
    pub last_lesson_id: Option<String>,
}

/// The course `id_or_slug` as `person` (or a visitor) may see it.
pub async fn course_access(
    pool: &Pool,
    person: Option<Person<'_>>,
    id_or_slug: &str,
) -> Result<CourseAccess, LearningError> {
    let course = repo::find_course(pool, id_or_slug).await?.ok_or(LearningError::CourseNotFound)?;
    let enrolment = match person {
        Some(person) => repo::enrolment(pool, person.id, &course.id).await?,
        None => None,
    };
    let role = CourseRole::of(
        person.is_some_and(|p| p.id == course.instructor_id),
        enrolment.is_some(),
        person.is_some_and(|p| p.is_admin),
    );
    if !role.sees_course(course.status == CourseStatus::Published) {
        return Err(LearningError::CourseNotFound);
    }
    Ok(CourseAccess { course, role, last_lesson_id: enrolment.and_then(|e| e.last_lesson_id) })
}

/// An enrolment with its progress.
#[derive(Debug, Clone)]
pub struct EnrolledCourse {
    pub row: EnrolledRow,
    pub progress: Progress,
}

/// The courses `user_id` is enrolled in, latest first, each with the progress counted now.
pub async fn enrolled_courses(pool: &Pool, user_id: &str) -> Result<Vec<EnrolledCourse>, LearningError> {
    let rows = repo::enrolled_courses(pool, user_id).await?;
    Ok(rows
        .into_iter()
        .map(|row| EnrolledCourse { progress: progress(count(row.completed_lessons), count(row.total_lessons)), row })
        .collect())
}

/// The courses `teacher_id` created, newest first, each with the number of learners enrolled in it.
pub async fn taught_courses(pool: &Pool, teacher_id: &str) -> Result<Vec<TaughtRow>, LearningError> {
    Ok(repo::taught_courses(pool, teacher_id).await?)
}

/// The learning page of a course: its curriculum with what the learner completed, their progress and the lesson
/// to resume at.
#[derive(Debug, Clone)]
pub struct Outline {
    pub access: CourseAccess,
    pub sections: Vec<(SectionRow, Vec<OutlineLessonRow>)>,
    pub completed: HashSet<String>,
    /// Only for enrolled learners.
    pub progress: Option<Progress>,
    /// The lesson opened last while it is still in the course, else the first not completed, else the first.
    pub resume_lesson_id: Option<String>,
}

/// The course `id_or_slug` for its learning page: for its learners, its teacher and administrators.
pub async fn outline(pool: &Pool, person: Person<'_>, id_or_slug: &str) -> Result<Outline, LearningError> {
    let access = course_access(pool, Some(person), id_or_slug).await?;
    if access.role == CourseRole::Visitor {
        return Err(LearningError::NotEnrolled);
    }
    let sections = repo::outline(pool, &access.course.id).await?;
    let completed: HashSet<String> = if access.role.tracks_progress() {
        repo::completed_lessons(pool, person.id, &access.course.id).await?.into_iter().collect()
    } else {
        HashSet::new()
    };
    let lessons: Vec<&OutlineLessonRow> = sections.iter().flat_map(|(_, lessons)| lessons).collect();
    let total = u32::try_from(lessons.len()).unwrap_or(u32::MAX);
    let progress =
        access.role.tracks_progress().then(|| progress(u32::try_from(completed.len()).unwrap_or(u32::MAX), total));
    let resume_lesson_id = access
        .last_lesson_id
        .as_deref()
        .and_then(|last| lessons.iter().find(|l| l.id == last))
        .or_else(|| lessons.iter().find(|l| !completed.contains(&l.id)))
        .or_else(|| lessons.first())
        .map(|l| l.id.clone());
    Ok(Outline { access, sections, completed, progress, resume_lesson_id })
}

/// One lesson as the player shows it.
#[derive(Debug, Clone)]
pub struct Lesson {
    pub course_id: String,
    /// How the person stands towards the course (its teacher and administrators may edit the lesson's text).
    pub role: CourseRole,
    pub row: LessonRow,
    /// How its video plays; none for a reading lesson (or a link no lesson may name).
    pub player: Option<LessonPlayer>,
    /// Whether the learner completed it; none for anybody but an enrolled learner.
    pub completed: Option<bool>,
}

/// A lesson's content: for those who open every lesson of the course, and free previews for everybody who sees
/// the course.
pub async fn lesson(
    pool: &Pool,
    person: Option<Person<'_>>,
    course: &str,
    lesson_id: &str,
) -> Result<Lesson, LearningError> {
    let access = course_access(pool, person, course).await?;
    let row = repo::find_lesson(pool, &access.course.id, lesson_id).await?.ok_or(LearningError::LessonNotFound)?;
    if !access.role.opens_lesson(row.free_preview.get()) {
        return Err(if person.is_some() { LearningError::NotEnrolled } else { LearningError::SignInRequired });
    }
    let completed = match person {
        Some(person) if access.role.tracks_progress() => {
            Some(repo::is_completed(pool, person.id, &access.course.id, &row.id).await?)
        }
        _ => None,
    };
    let player = row.video_url.as_deref().and_then(|url| lesson_player(url, OWN_FILES_PATH));
    Ok(Lesson { course_id: access.course.id, role: access.role, row, player, completed })
}

/// What a learner's completion changed.
#[derive(Debug, Clone, Copy)]
pub struct Completion {
    pub lesson_completed: bool,
    pub progress: Progress,
}

/// Marks a lesson of the course completed (or not) for an enrolled learner, and returns their progress. The
/// enrolment keeps the new figures and this lesson as the one to resume at, in the same transaction.
pub async fn set_completion(
    pool: &Pool,
    person: Person<'_>,
    course: &str,
    lesson_id: &str,
    completed: bool,
    now_ms: i64,
) -> Result<Completion, LearningError> {
    let access = learner_access(pool, person, course).await?;
    let lesson = repo::find_lesson(pool, &access.course.id, lesson_id).await?.ok_or(LearningError::LessonNotFound)?;
    let mut tx = crate::platform::db::begin_write(pool).await?;
    repo::set_completion(&mut tx, person.id, &access.course.id, &lesson.id, completed, now_ms).await?;
    let (done, total) = repo::progress_counts(&mut tx, person.id, &access.course.id).await?;
    let progress = progress(count(done), count(total));
    let figures = (i64::from(progress.percent), progress.completed);
    repo::store_progress(&mut tx, person.id, &access.course.id, figures, &lesson.id, now_ms).await?;
    tx.commit().await?;
    Ok(Completion { lesson_completed: completed, progress })
}

/// Remembers the lesson an enrolled learner opened, so the learning page resumes there. The teacher and
/// administrators have nothing to resume: for them it changes nothing.
pub async fn resume_at(pool: &Pool, person: Person<'_>, course: &str, lesson_id: &str) -> Result<(), LearningError> {
    let access = course_access(pool, Some(person), course).await?;
    if access.role == CourseRole::Visitor {
        return Err(LearningError::NotEnrolled);
    }
    let lesson = repo::find_lesson(pool, &access.course.id, lesson_id).await?.ok_or(LearningError::LessonNotFound)?;
    if access.role.tracks_progress() {
        repo::set_last_lesson(pool, person.id, &access.course.id, &lesson.id).await?;
    }
    Ok(())
}

/// Writes a lesson's text in both languages (at most [`DESCRIPTION_MAX_CHARS`] characters each): the course's
/// teacher or an administrator.
pub async fn set_lesson_text(
    pool: &Pool,
    person: Person<'_>,
    course: &str,
    lesson_id: &str,
    (vi, en): (&str, &str),
    now_ms: i64,
) -> Result<(), LearningError> {
    for (field, text) in [("body.vi", vi), ("body.en", en)] {
        check_max(text, DESCRIPTION_MAX_CHARS).map_err(|error| LearningError::TextTooLong { field, error })?;
    }
    let access = course_access(pool, Some(person), course).await?;
    if !(person.is_admin || access.course.instructor_id == person.id) {
        return Err(LearningError::NotTheTeacher);
    }
    if repo::set_lesson_text(pool, &access.course.id, lesson_id, (vi.trim(), en.trim()), now_ms).await? {
        Ok(())
    } else {
        Err(LearningError::LessonNotFound)
    }
}

/// The course as an enrolled learner's: refused to everybody else (the teacher and administrators have no
/// progress).
async fn learner_access(pool: &Pool, person: Person<'_>, course: &str) -> Result<CourseAccess, LearningError> {
    let access = course_access(pool, Some(person), course).await?;
    match access.role {
        CourseRole::Student => Ok(access),
        CourseRole::Visitor => Err(LearningError::NotEnrolled),
        CourseRole::Teacher | CourseRole::Admin => Err(LearningError::NotALearner),
    }
}

/// A row count as the progress rule takes it.
fn count(n: i64) -> u32 {
    u32::try_from(n.max(0)).unwrap_or(u32::MAX)
}
