//! The shapes learning answers with, texts in the request's language.

use academy_shared::{
    i18n::Lang,
    learning::{CourseRole, LessonPlayer, Progress},
    names::full_name,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::service::{EnrolledCourse as Enrolment, Lesson, Outline};
use crate::{catalogue::routes::courses::iso, platform::localized::Localized};

/// A course the teacher created.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InstructorCourse {
    #[serde(rename = "_id")]
    pub id: String,
    pub title: String,
    pub description: String,
    pub thumbnail: Option<String>,
    /// `draft`, `published` or `archived`.
    pub status: String,
    /// Learners enrolled in the course now.
    pub enrollments: i64,
    pub created_at: String,
}

impl InstructorCourse {
    pub fn of(row: super::repo::TaughtRow, lang: Lang) -> InstructorCourse {
        InstructorCourse {
            title: Localized::new(row.title_vi, row.title_en).get(lang).to_owned(),
            description: Localized::new(row.description_vi, row.description_en).get(lang).to_owned(),
            id: row.id,
            thumbnail: row.thumbnail,
            status: row.status.as_str().to_owned(),
            enrollments: row.enrollments,
            created_at: iso(row.created_at),
        }
    }
}

/// A person as a course shows them: name and picture.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PersonRef {
    /// `lastName firstName`.
    pub name: String,
    pub image: Option<String>,
}

/// A course the caller is enrolled in.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnrolledCourse {
    /// The course's id (the learning page is `/profile/enroll-lectures?id={_id}`).
    #[serde(rename = "_id")]
    pub id: String,
    pub title: String,
    pub thumbnail: Option<String>,
    pub instructor: PersonRef,
    /// Percent of the course's current lessons completed, 0–100.
    pub progress: i64,
    /// Every current lesson completed.
    pub completed: bool,
    /// When the caller enrolled.
    pub created_at: String,
}

impl EnrolledCourse {
    pub fn of(enrolment: Enrolment, lang: Lang) -> EnrolledCourse {
        let row = enrolment.row;
        EnrolledCourse {
            title: Localized::new(row.title_vi, row.title_en).get(lang).to_owned(),
            id: row.course_id,
            thumbnail: row.thumbnail,
            instructor: PersonRef {
                name: full_name(row.instructor_first_name.as_deref(), row.instructor_last_name.as_deref(), ""),
                image: row.instructor_avatar,
            },
            progress: i64::from(enrolment.progress.percent),
            completed: enrolment.progress.completed,
            created_at: iso(row.created_at),
        }
    }
}

/// The answer of `POST /api/course/enroll-list`: the success code beside the list, which sits at the top level
/// of the body where the profile reads it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnrollListBody {
    /// 1000.
    #[schema(example = 1000)]
    pub code: i32,
    pub enroll_list: Vec<EnrolledCourse>,
    pub total: usize,
}

/// How the caller stands towards a course.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum CourseRoleView {
    /// Its teacher.
    Teacher,
    /// An enrolled learner.
    Student,
    /// An administrator.
    Admin,
    /// Anybody else.
    Visitor,
}

impl From<CourseRole> for CourseRoleView {
    fn from(role: CourseRole) -> Self {
        match role {
            CourseRole::Teacher => CourseRoleView::Teacher,
            CourseRole::Student => CourseRoleView::Student,
            CourseRole::Admin => CourseRoleView::Admin,
            CourseRole::Visitor => CourseRoleView::Visitor,
        }
    }
}

/// A learner's progress in a course.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProgressView {
    /// Lessons completed that the course still has.
    pub completed_lessons: u32,
    /// Lessons the course has now.
    pub total_lessons: u32,
    /// 0–100, rounded down: 100 only when every lesson is completed.
    pub percent: u8,
    pub completed: bool,
}

impl From<Progress> for ProgressView {
    fn from(p: Progress) -> Self {
        ProgressView {
            completed_lessons: p.completed_lessons,
            total_lessons: p.total_lessons,
            percent: p.percent,
            completed: p.completed,
        }
    }
}

/// What a lesson is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum LessonKind {
    /// A video (with its text as notes, if any).
    Video,
    /// A text to read.
    Text,
}

fn kind_of(video_url: Option<&str>) -> LessonKind {
    if video_url.is_some_and(|u| !u.trim().is_empty()) { LessonKind::Video } else { LessonKind::Text }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutlineLesson {
    pub id: String,
    pub title: String,
    pub duration_seconds: i64,
    pub free_preview: bool,
    pub kind: LessonKind,
    /// Completed by the caller (always false for anybody but an enrolled learner).
    pub completed: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OutlineSection {
    pub id: String,
    pub title: String,
    pub lessons: Vec<OutlineLesson>,
}

/// A course's learning page: the curriculum beside the player, the caller's progress and where to resume.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LearningCourse {
    #[serde(rename = "_id")]
    pub id: String,
    pub slug: String,
    pub title: String,
    pub thumbnail: Option<String>,
    pub instructor: PersonRef,
    pub role: CourseRoleView,
    /// Only for enrolled learners.
    pub progress: Option<ProgressView>,
    /// The lesson to open first: the one opened last, else the first not completed, else the first.
    pub resume_lesson_id: Option<String>,
    pub sections: Vec<OutlineSection>,
}

impl LearningCourse {
    pub fn of(outline: Outline, lang: Lang) -> LearningCourse {
        let course = outline.access.course;
        let completed = outline.completed;
        LearningCourse {
            title: Localized::new(course.title_vi, course.title_en).get(lang).to_owned(),
            id: course.id,
            slug: course.slug,
            thumbnail: course.thumbnail,
            instructor: PersonRef {
                name: full_name(course.instructor_first_name.as_deref(), course.instructor_last_name.as_deref(), ""),
                image: course.instructor_avatar,
            },
            role: outline.access.role.into(),
            progress: outline.progress.map(Into::into),
            resume_lesson_id: outline.resume_lesson_id,
            sections: outline
                .sections
                .into_iter()
                .map(|(section, lessons)| OutlineSection {
                    title: Localized::new(section.title_vi, section.title_en).get(lang).to_owned(),
                    id: section.id,
                    lessons: lessons
                        .into_iter()
                        .map(|l| OutlineLesson {
                            title: Localized::new(l.title_vi, l.title_en).get(lang).to_owned(),
                            duration_seconds: l.duration_seconds,
                            free_preview: l.free_preview.get(),
                            kind: kind_of(l.video_url.as_deref()),
                            completed: completed.contains(&l.id),
                            id: l.id,
                        })
                        .collect(),
                })
                .collect(),
        }
    }
}

/// How a lesson's video plays.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum PlayerView {
    /// A file uploaded here, for the browser's own player (the server answers byte ranges).
    File { url: String },
    /// A YouTube (no-cookie) or Vimeo (do-not-track) player to frame.
    Embed { url: String },
}

impl From<LessonPlayer> for PlayerView {
    fn from(player: LessonPlayer) -> Self {
        match player {
            LessonPlayer::File { url } => PlayerView::File { url },
            LessonPlayer::Embed { url } => PlayerView::Embed { url },
        }
    }
}

/// A lesson's content.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LessonContent {
    pub id: String,
    pub course_id: String,
    pub title: String,
    pub duration_seconds: i64,
    pub free_preview: bool,
    pub kind: LessonKind,
    /// Null for a reading lesson.
    pub player: Option<PlayerView>,
    /// Plain text, paragraphs separated by blank lines; empty when the lesson has none.
    pub text: String,
    /// Whether the caller completed it; null for anybody but an enrolled learner.
    pub completed: Option<bool>,
    /// The text in both languages, for those who may edit it (the course's teacher, administrators); else null.
    pub texts: Option<Localized>,
}

impl LessonContent {
    pub fn of(lesson: Lesson, lang: Lang) -> LessonContent {
        let row = lesson.row;
        let editor = matches!(lesson.role, CourseRole::Teacher | CourseRole::Admin);
        let texts = editor.then(|| Localized::new(&row.body_vi, &row.body_en));
        LessonContent {
            title: Localized::new(row.title_vi, row.title_en).get(lang).to_owned(),
            text: Localized::new(row.body_vi, row.body_en).get(lang).to_owned(),
            kind: kind_of(row.video_url.as_deref()),
            id: row.id,
            course_id: lesson.course_id,
            duration_seconds: row.duration_seconds,
            free_preview: row.free_preview.get(),
            player: lesson.player.map(Into::into),
            completed: lesson.completed,
            texts,
        }
    }
}

/// Marks a lesson completed or not.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct CompletionBody {
    pub completed: bool,
}

/// A lesson's completion and the progress it gives.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompletionView {
    pub lesson_id: String,
    pub lesson_completed: bool,
    pub progress: ProgressView,
}

/// The lesson the learner opened.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResumeBody {
    pub lesson_id: String,
}

/// A lesson's text in both languages (plain text; blank lines separate paragraphs).
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct LessonTextBody {
    pub body: Localized,
}
