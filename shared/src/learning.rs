//! Learning a course: who may open its lessons, how far a learner has come, how a lesson's video is played, and
//! the review a learner leaves. The server applies every rule here; the browser shows what the server answers
//! (and, for reviews, the same refusals in the same words).

use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use crate::i18n::Lang;
use crate::limits::{MESSAGE_MAX_CHARS, TooLong, exceeds};
use crate::media::video_link;
use crate::validation::{Field, FieldErrors, Message};

/// How a person stands towards one course. Its teacher comes first, then an enrolled learner (an administrator
/// who enrolled learns like anyone else), then an administrator, then everybody else.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CourseRole {
    Teacher,
    Student,
    Admin,
    Visitor,
}

impl CourseRole {
    pub fn of(is_teacher_of_course: bool, is_enrolled: bool, is_admin: bool) -> CourseRole {
        match (is_teacher_of_course, is_enrolled, is_admin) {
            (true, _, _) => CourseRole::Teacher,
            (false, true, _) => CourseRole::Student,
            (false, false, true) => CourseRole::Admin,
            (false, false, false) => CourseRole::Visitor,
        }
    }

    /// Whether the course can be seen at all: a published one by everybody, any other (a draft, an archived
    /// course) by its teacher, administrators and those already enrolled in it.
    pub fn sees_course(self, published: bool) -> bool {
        published || self != CourseRole::Visitor
    }

    /// Whether a lesson's content (its video, its text) is given: to the teacher, enrolled learners and
    /// administrators, and a free preview to everybody who sees the course.
    pub fn opens_lesson(self, free_preview: bool) -> bool {
        free_preview || self != CourseRole::Visitor
    }

    /// Whether this person's progress is recorded: only enrolled learners have any.
    pub fn tracks_progress(self) -> bool {
        self == CourseRole::Student
    }
}

/// How far a learner is in a course.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Progress {
    /// Lessons completed that the course still has.
    pub completed_lessons: u32,
    /// Lessons the course has now.
    pub total_lessons: u32,
    /// `completed_lessons / total_lessons`, in whole percent rounded down: 100 only when every lesson is done.
    pub percent: u8,
    /// Every lesson the course has now is completed (a course without lessons is never completed).
    pub completed: bool,
}

/// The progress of a learner who completed `completed_lessons` of the `total_lessons` a course has now. Only
/// lessons that still exist may be counted, so a course that grows lowers the percent instead of passing 100;
/// a count above the total is read as the total.
pub fn progress(completed_lessons: u32, total_lessons: u32) -> Progress {
    let done = completed_lessons.min(total_lessons);
    let percent = if total_lessons == 0 { 0 } else { u64::from(done) * 100 / u64::from(total_lessons) };
    Progress {
        completed_lessons: done,
        total_lessons,
        percent: u8::try_from(percent).unwrap_or(100),
        completed: total_lessons > 0 && done == total_lessons,
    }
}

/// How a lesson's video is played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum LessonPlayer {
    /// A file uploaded here, played by the browser's own player (the server answers byte ranges).
    File { url: String },
    /// A YouTube or Vimeo video in its player's frame.
    Embed { url: String },
}

/// The player of a lesson's video link, in the players' privacy-friendly forms: YouTube from
/// `www.youtube-nocookie.com` (no cookies until the video plays) and Vimeo with `dnt=1` (no tracking). Only the
/// links a lesson may name are played ([`video_link`]); any other stored link gives none.
pub fn lesson_player(video_url: &str, own_files: &str) -> Option<LessonPlayer> {
    let link = video_link(video_url, own_files).ok()?;
    if !link.starts_with("https://") {
        return Some(LessonPlayer::File { url: link });
    }
    if let Some(rest) = link.strip_prefix("https://www.youtube.com/embed/") {
        return Some(LessonPlayer::Embed { url: format!("https://www.youtube-nocookie.com/embed/{rest}") });
    }
    if link.starts_with("https://player.vimeo.com/") {
        let has_dnt = link.split_once('?').is_some_and(|(_, q)| q.split('&').any(|pair| pair.starts_with("dnt=")));
        let url = match (has_dnt, link.contains('?')) {
            (true, _) => link,
            (false, true) => format!("{link}&dnt=1"),
            (false, false) => format!("{link}?dnt=1"),
        };
        return Some(LessonPlayer::Embed { url });
    }
    Some(LessonPlayer::Embed { url: link })
}

/// The stars a review gives.
pub const RATING_RANGE: RangeInclusive<i64> = 1..=5;
/// The longest review and the longest reply, in characters: a message.
pub const REVIEW_MAX_CHARS: usize = MESSAGE_MAX_CHARS;

/// A review as the form sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ReviewForm {
    /// 1 to 5 stars.
    pub rating: i64,
    /// Optional.
    pub text: String,
}

/// A review that passed the checks: the stars, and the trimmed text when there is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidReview {
    pub rating: i64,
    pub text: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ReviewField {
    Rating,
    Text,
}

impl Field for ReviewField {
    fn name(self) -> &'static str {
        match self {
            Self::Rating => "rating",
            Self::Text => "text",
        }
    }
}

/// What a review or a teacher's reply can get wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    #[error("Please choose from 1 to 5 stars")]
    RatingOutOfRange,
    #[error("Please write a reply")]
    ReplyRequired,
    #[error("{}", TooLong { max: *max })]
    TooLong { max: usize },
}

impl Message for ReviewError {
    fn message(&self, lang: Lang) -> String {
        match (lang, self) {
            (_, Self::TooLong { max }) => TooLong { max: *max }.message(lang),
            (Lang::En, _) => self.to_string(),
            (Lang::Vi, Self::RatingOutOfRange) => "Vui lòng chọn từ 1 đến 5 sao".into(),
            (Lang::Vi, Self::ReplyRequired) => "Vui lòng nhập nội dung phản hồi".into(),
        }
    }
}

impl ReviewError {
    pub fn message(&self, lang: Lang) -> String {
        Message::message(self, lang)
    }
}

fn check_text(text: &str) -> Result<(), ReviewError> {
    if exceeds(text, REVIEW_MAX_CHARS) { Err(ReviewError::TooLong { max: REVIEW_MAX_CHARS }) } else { Ok(()) }
}

/// A review: 1 to 5 whole stars, and an optional text of at most [`REVIEW_MAX_CHARS`] characters (blank is
/// none).
pub fn validate_review(form: &ReviewForm) -> Result<ValidReview, FieldErrors<ReviewField, ReviewError>> {
    let mut errors = FieldErrors::default();
    if !RATING_RANGE.contains(&form.rating) {
        errors.add(ReviewField::Rating, ReviewError::RatingOutOfRange);
    }
    errors.check(ReviewField::Text, check_text(&form.text));
    let text = form.text.trim();
    errors.into_result(|| ValidReview { rating: form.rating, text: (!text.is_empty()).then(|| text.to_owned()) })
}

/// A teacher's reply to a review: required, at most [`REVIEW_MAX_CHARS`] characters; trimmed.
pub fn validate_reply(text: &str) -> Result<String, FieldErrors<ReviewField, ReviewError>> {
    let mut errors = FieldErrors::default();
    errors.check(ReviewField::Text, check_text(text));
    if text.trim().is_empty() {
        errors.add(ReviewField::Text, ReviewError::ReplyRequired);
    }
    errors.into_result(|| text.trim().to_owned())
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::media::OWN_FILES_PATH;

    #[test]
    fn a_course_role_puts_the_teacher_first_then_the_enrolled_learner_then_the_administrator() {
        let cases = [
            ((true, true, true), CourseRole::Teacher),
            ((true, false, false), CourseRole::Teacher),
            ((false, true, true), CourseRole::Student),
            ((false, true, false), CourseRole::Student),
            ((false, false, true), CourseRole::Admin),
            ((false, false, false), CourseRole::Visitor),
        ];
        for ((teacher, enrolled, admin), role) in cases {
            assert_eq!(CourseRole::of(teacher, enrolled, admin), role, "{teacher} {enrolled} {admin}");
        }
    }

    #[test]
    fn only_a_visitor_is_kept_from_lessons_and_still_gets_the_free_previews() {
        for role in [CourseRole::Teacher, CourseRole::Student, CourseRole::Admin] {
            assert!(role.opens_lesson(false) && role.opens_lesson(true), "{role:?}");
        }
        assert!(!CourseRole::Visitor.opens_lesson(false));
        assert!(CourseRole::Visitor.opens_lesson(true));
    }

    #[test]
    fn an_unpublished_course_is_seen_by_those_who_teach_learn_or_run_it_and_nobody_else() {
        assert!(CourseRole::Visitor.sees_course(true));
        assert!(!CourseRole::Visitor.sees_course(false));
        for role in [CourseRole::Teacher, CourseRole::Student, CourseRole::Admin] {
            assert!(role.sees_course(false), "{role:?}");
        }
    }

    #[test]
    fn only_enrolled_learners_have_progress() {
        let tracked: Vec<bool> = [CourseRole::Teacher, CourseRole::Student, CourseRole::Admin, CourseRole::Visitor]
            .map(CourseRole::tracks_progress)
            .to_vec();
        assert_eq!(tracked, [false, true, false, false]);
    }

    #[test]
    fn progress_is_the_share_of_current_lessons_completed_rounded_down() {
        let cases = [((0, 10), 0, false), ((1, 3), 33, false), ((2, 3), 66, false), ((9, 10), 90, false)];
        for ((done, total), percent, completed) in cases {
            let p = progress(done, total);
            assert_eq!((p.percent, p.completed), (percent, completed), "{done}/{total}");
        }
        assert_eq!(progress(199, 200).percent, 99, "100 only when every lesson is done");
    }

    #[test]
    fn a_course_is_completed_at_one_hundred_percent_and_never_without_lessons() {
        assert_eq!(progress(4, 4), Progress { completed_lessons: 4, total_lessons: 4, percent: 100, completed: true });
        assert_eq!(progress(0, 0), Progress { completed_lessons: 0, total_lessons: 0, percent: 0, completed: false });
    }

    #[test]
    fn lessons_added_to_a_completed_course_lower_its_progress_and_never_push_it_past_one_hundred() {
        let before = progress(10, 10);
        let after = progress(10, 12);
        assert_eq!((before.percent, before.completed), (100, true));
        assert_eq!((after.percent, after.completed), (83, false));
        assert_eq!(progress(12, 10).percent, 100, "a stale count is read as the total");
    }

    #[test]
    fn youtube_plays_from_its_no_cookie_host_and_vimeo_without_tracking() {
        let cases = [
            ("https://youtu.be/aqz-KE-bpKQ", "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ"),
            (
                "https://www.youtube.com/embed/aqz-KE-bpKQ?start=30",
                "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?start=30",
            ),
            (
                "https://www.youtube-nocookie.com/embed/eRsGyueVLvQ",
                "https://www.youtube-nocookie.com/embed/eRsGyueVLvQ",
            ),
            ("https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871?dnt=1"),
            ("https://player.vimeo.com/video/76979871?h=8f6e", "https://player.vimeo.com/video/76979871?h=8f6e&dnt=1"),
            ("https://player.vimeo.com/video/76979871?dnt=1", "https://player.vimeo.com/video/76979871?dnt=1"),
        ];
        for (link, embed) in cases {
            assert_eq!(lesson_player(link, OWN_FILES_PATH), Some(LessonPlayer::Embed { url: embed.into() }), "{link}");
        }
    }

    #[test]
    fn an_uploaded_file_plays_in_the_browsers_player_and_any_other_link_not_at_all() {
        let file = "/files/public/videos/0190a0b0c0d0e0f00112233445566778.mp4";
        assert_eq!(lesson_player(file, OWN_FILES_PATH), Some(LessonPlayer::File { url: file.into() }));
        for link in ["https://evil.example/v.mp4", "http://youtu.be/aqz-KE-bpKQ", "", "javascript:alert(1)"] {
            assert_eq!(lesson_player(link, OWN_FILES_PATH), None, "{link}");
        }
    }

    #[test]
    fn a_review_gives_one_to_five_stars() {
        for rating in [1, 3, 5] {
            let review = validate_review(&ReviewForm { rating, text: String::new() });
            assert_eq!(review, Ok(ValidReview { rating, text: None }), "{rating}");
        }
        for rating in [0, 6, -1, i64::MAX] {
            let errors = validate_review(&ReviewForm { rating, text: String::new() }).expect_err("refused");
            assert_eq!(errors.get(ReviewField::Rating), Some(&ReviewError::RatingOutOfRange), "{rating}");
        }
    }

    #[test]
    fn a_review_text_is_optional_trimmed_and_at_most_five_thousand_characters() {
        let ok = validate_review(&ReviewForm { rating: 4, text: "  Rất hay!  ".into() });
        assert_eq!(ok, Ok(ValidReview { rating: 4, text: Some("Rất hay!".into()) }));
        assert_eq!(validate_review(&ReviewForm { rating: 4, text: " \n ".into() }).map(|r| r.text), Ok(None));
        assert!(validate_review(&ReviewForm { rating: 4, text: "ễ".repeat(5000) }).is_ok());
        let long = validate_review(&ReviewForm { rating: 0, text: "a".repeat(5001) }).expect_err("refused");
        assert_eq!(long.get(ReviewField::Text), Some(&ReviewError::TooLong { max: 5000 }));
        assert_eq!(long.len(), 2, "both fields are named");
    }

    #[test]
    fn a_reply_is_required_and_bounded() {
        assert_eq!(validate_reply(" Cảm ơn bạn! "), Ok("Cảm ơn bạn!".into()));
        let blank = validate_reply("   ").expect_err("refused");
        assert_eq!(blank.get(ReviewField::Text), Some(&ReviewError::ReplyRequired));
        let long = validate_reply(&"a".repeat(5001)).expect_err("refused");
        assert_eq!(long.get(ReviewField::Text), Some(&ReviewError::TooLong { max: 5000 }));
    }

    #[test]
    fn the_refusals_are_worded_in_both_languages() {
        assert_eq!(ReviewError::RatingOutOfRange.message(Lang::En), "Please choose from 1 to 5 stars");
        assert_eq!(ReviewError::RatingOutOfRange.message(Lang::Vi), "Vui lòng chọn từ 1 đến 5 sao");
        assert_eq!(ReviewError::TooLong { max: 5000 }.message(Lang::Vi), "Trường này tối đa 5000 ký tự");
    }

    proptest! {
        #[test]
        fn progress_stays_within_zero_and_one_hundred_and_is_complete_exactly_at_one_hundred(
            done in 0u32..100_000, total in 0u32..100_000
        ) {
            let p = progress(done, total);
            prop_assert!(p.percent <= 100);
            prop_assert!(p.completed_lessons <= p.total_lessons);
            prop_assert_eq!(p.completed, p.percent == 100 && total > 0);
        }

        #[test]
        fn adding_lessons_never_raises_progress(done in 0u32..1000, total in 1u32..1000, added in 0u32..1000) {
            prop_assert!(progress(done, total + added).percent <= progress(done, total).percent);
        }
    }
}
