//! Live classes: a session a teacher holds for the students of one of their courses or the mentees of one of
//! their plans (a topic, a start, a length and a number of seats), and whether a student may still register.
//! The class editor checks a class through these rules in the browser; the server checks it again.

use serde::{Deserialize, Serialize};

use crate::{
    i18n::Lang,
    limits::{TooLong, check_max},
    validation::{Field, FieldErrors, Message},
};

const MINUTE_MS: i64 = 60 * 1000;

pub const TOPIC_MAX_CHARS: usize = 160;
pub const DESCRIPTION_MAX_CHARS: usize = 2000;
/// A class lasts 15 minutes to 8 hours, in steps of 15 minutes (the grid of the teacher's week).
pub const MINUTES_MIN: i64 = 15;
pub const MINUTES_MAX: i64 = 480;
pub const MINUTES_STEP: i64 = 15;
/// Seats: from one student to a large webinar (beyond a few people the class runs on a video engine).
pub const SEATS_MAX: i64 = 500;
/// A class is scheduled at most a year ahead.
pub const AHEAD_MAX_DAYS: i64 = 366;

/// A class as the editor and the server read it. `starts_at_ms` is a UTC instant.
#[derive(Debug, Clone, Copy)]
pub struct ClassFacts<'a> {
    pub topic: &'a str,
    pub description: &'a str,
    pub course_id: Option<&'a str>,
    pub plan_id: Option<&'a str>,
    pub starts_at_ms: i64,
    pub minutes: i64,
    pub seats: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ClassField {
    Topic,
    Description,
    Audience,
    StartsAt,
    Minutes,
    Seats,
}

impl Field for ClassField {
    fn name(self) -> &'static str {
        match self {
            Self::Topic => "topic",
            Self::Description => "description",
            Self::Audience => "audience",
            Self::StartsAt => "startsAt",
            Self::Minutes => "minutes",
            Self::Seats => "seats",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ClassError {
    #[error("This field is required")]
    Required,
    #[error("This field must be at most {max} characters")]
    TooLong { max: usize },
    #[error("Choose one of your courses or one of your mentorship plans")]
    AudienceMissing,
    #[error("Choose a course or a plan, not both")]
    AudienceBoth,
    #[error("Choose a time in the future")]
    InThePast,
    #[error("Choose a time within {days} days")]
    TooFarAhead { days: i64 },
    #[error("Enter {min} to {max} minutes in steps of {step}")]
    MinutesInvalid { min: i64, max: i64, step: i64 },
    #[error("Enter a whole number from {min} to {max}")]
    NumberOutOfRange { min: i64, max: i64 },
    #[error("{registered} students have registered: keep at least {registered} seats")]
    SeatsBelowRegistered { registered: i64 },
}

impl From<TooLong> for ClassError {
    fn from(TooLong { max }: TooLong) -> Self {
        Self::TooLong { max }
    }
}

impl Message for ClassError {
    fn message(&self, lang: Lang) -> String {
        match (lang, self) {
            (_, Self::TooLong { max }) => TooLong { max: *max }.message(lang),
            (Lang::En, _) => self.to_string(),
            (Lang::Vi, Self::Required) => "Trường này là bắt buộc".into(),
            (Lang::Vi, Self::AudienceMissing) => "Chọn một khóa học hoặc một gói cố vấn của bạn".into(),
            (Lang::Vi, Self::AudienceBoth) => "Chỉ chọn khóa học hoặc gói cố vấn, không chọn cả hai".into(),
            (Lang::Vi, Self::InThePast) => "Chọn một thời điểm trong tương lai".into(),
            (Lang::Vi, Self::TooFarAhead { days }) => format!("Chọn thời điểm trong vòng {days} ngày tới"),
            (Lang::Vi, Self::MinutesInvalid { min, max, step }) => {
                format!("Nhập từ {min} đến {max} phút, theo bước {step} phút")
            }
            (Lang::Vi, Self::NumberOutOfRange { min, max }) => format!("Nhập một số nguyên từ {min} đến {max}"),
            (Lang::Vi, Self::SeatsBelowRegistered { registered }) => {
                format!("Đã có {registered} học viên đăng ký: giữ ít nhất {registered} chỗ")
            }
        }
    }
}

fn blank(id: Option<&str>) -> bool {
    id.is_none_or(|id| id.trim().is_empty())
}

/// Checks a class at `now_ms`: a topic, a description within its maximum, exactly one audience (a course or a
/// plan), a start in the future and within a year, 15-480 minutes in 15-minute steps, 1-500 seats.
pub fn validate_class(class: &ClassFacts<'_>, now_ms: i64) -> Result<(), FieldErrors<ClassField, ClassError>> {
    let mut errors = FieldErrors::default();
    match check_max(class.topic, TOPIC_MAX_CHARS) {
        Err(too_long) => errors.add(ClassField::Topic, too_long.into()),
        Ok(()) if class.topic.trim().is_empty() => errors.add(ClassField::Topic, ClassError::Required),
        Ok(()) => {}
    }
    errors.check(ClassField::Description, check_max(class.description, DESCRIPTION_MAX_CHARS).map_err(Into::into));
    match (blank(class.course_id), blank(class.plan_id)) {
        (true, true) => errors.add(ClassField::Audience, ClassError::AudienceMissing),
        (false, false) => errors.add(ClassField::Audience, ClassError::AudienceBoth),
        _ => {}
    }
    if class.starts_at_ms <= now_ms {
        errors.add(ClassField::StartsAt, ClassError::InThePast);
    } else if class.starts_at_ms > now_ms.saturating_add(AHEAD_MAX_DAYS * 24 * 60 * MINUTE_MS) {
        errors.add(ClassField::StartsAt, ClassError::TooFarAhead { days: AHEAD_MAX_DAYS });
    }
    if !(MINUTES_MIN..=MINUTES_MAX).contains(&class.minutes) || class.minutes % MINUTES_STEP != 0 {
        errors.add(
            ClassField::Minutes,
            ClassError::MinutesInvalid { min: MINUTES_MIN, max: MINUTES_MAX, step: MINUTES_STEP },
        );
    }
    if !(1..=SEATS_MAX).contains(&class.seats) {
        errors.add(ClassField::Seats, ClassError::NumberOutOfRange { min: 1, max: SEATS_MAX });
    }
    errors.into_result(|| ())
}

/// Where a class stands for registering.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seating {
    pub starts_at_ms: i64,
    pub seats: i64,
    pub taken: i64,
    pub cancelled: bool,
}

/// Why a student cannot register for a class (or cancel their registration).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum RegistrationRefusal {
    Cancelled,
    Started,
    Full,
}

impl RegistrationRefusal {
    pub fn message(self, lang: Lang) -> &'static str {
        match (lang, self) {
            (Lang::Vi, Self::Cancelled) => "Lớp học này đã bị hủy.",
            (Lang::En, Self::Cancelled) => "This class was cancelled.",
            (Lang::Vi, Self::Started) => "Lớp học đã bắt đầu nên không thể thay đổi đăng ký.",
            (Lang::En, Self::Started) => "This class has already started, so registrations can no longer change.",
            (Lang::Vi, Self::Full) => "Lớp học đã hết chỗ. Hãy chọn một buổi khác.",
            (Lang::En, Self::Full) => "This class is full. Choose another session.",
        }
    }
}

/// The seats still free (never below zero).
pub fn seats_left(seating: Seating) -> i64 {
    (seating.seats - seating.taken).max(0)
}

/// Why a new registration is refused at `now_ms`, if it is.
pub fn registration_refusal(seating: Seating, now_ms: i64) -> Option<RegistrationRefusal> {
    if seating.cancelled {
        Some(RegistrationRefusal::Cancelled)
    } else if now_ms >= seating.starts_at_ms {
        Some(RegistrationRefusal::Started)
    } else if seats_left(seating) == 0 {
        Some(RegistrationRefusal::Full)
    } else {
        None
    }
}

/// Why withdrawing a registration is refused at `now_ms`, if it is (a started class keeps its list).
pub fn withdrawal_refusal(seating: Seating, now_ms: i64) -> Option<RegistrationRefusal> {
    (!seating.cancelled && now_ms >= seating.starts_at_ms).then_some(RegistrationRefusal::Started)
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_800_000_000_000;

    fn class() -> ClassFacts<'static> {
        ClassFacts {
            topic: "Ôn tập Rust",
            description: "",
            course_id: Some("c1"),
            plan_id: None,
            starts_at_ms: NOW + 60 * MINUTE_MS,
            minutes: 90,
            seats: 20,
        }
    }

    fn field_errors(facts: ClassFacts<'_>) -> Vec<(ClassField, ClassError)> {
        validate_class(&facts, NOW).expect_err("invalid").iter().copied().collect()
    }

    #[test]
    fn a_class_of_a_course_or_of_a_plan_is_valid() {
        assert_eq!(validate_class(&class(), NOW), Ok(()));
        assert_eq!(validate_class(&ClassFacts { course_id: None, plan_id: Some("p1"), ..class() }, NOW), Ok(()));
    }

    #[test]
    fn each_broken_rule_names_its_field() {
        let cases = [
            (ClassFacts { topic: "  ", ..class() }, ClassField::Topic, ClassError::Required),
            (ClassFacts { course_id: None, ..class() }, ClassField::Audience, ClassError::AudienceMissing),
            (ClassFacts { course_id: Some(" "), ..class() }, ClassField::Audience, ClassError::AudienceMissing),
            (ClassFacts { plan_id: Some("p1"), ..class() }, ClassField::Audience, ClassError::AudienceBoth),
            (ClassFacts { starts_at_ms: NOW, ..class() }, ClassField::StartsAt, ClassError::InThePast),
            (
                ClassFacts { starts_at_ms: NOW + 367 * 24 * 60 * MINUTE_MS, ..class() },
                ClassField::StartsAt,
                ClassError::TooFarAhead { days: 366 },
            ),
            (
                ClassFacts { minutes: 50, ..class() },
                ClassField::Minutes,
                ClassError::MinutesInvalid { min: 15, max: 480, step: 15 },
            ),
            (
                ClassFacts { minutes: 495, ..class() },
                ClassField::Minutes,
                ClassError::MinutesInvalid { min: 15, max: 480, step: 15 },
            ),
            (ClassFacts { seats: 0, ..class() }, ClassField::Seats, ClassError::NumberOutOfRange { min: 1, max: 500 }),
            (
                ClassFacts { seats: 501, ..class() },
                ClassField::Seats,
                ClassError::NumberOutOfRange { min: 1, max: 500 },
            ),
        ];
        for (facts, field, error) in cases {
            assert_eq!(field_errors(facts), vec![(field, error)], "{facts:?}");
        }
        let long = "a".repeat(TOPIC_MAX_CHARS + 1);
        assert_eq!(
            field_errors(ClassFacts { topic: &long, ..class() }),
            vec![(ClassField::Topic, ClassError::TooLong { max: TOPIC_MAX_CHARS })]
        );
    }

    #[test]
    fn errors_speak_both_languages() {
        let errors = validate_class(&ClassFacts { seats: 0, minutes: 7, ..class() }, NOW).expect_err("invalid");
        let vi = errors.messages(Lang::Vi);
        let en = errors.messages(Lang::En);
        assert_eq!(vi["seats"], "Nhập một số nguyên từ 1 đến 500");
        assert_eq!(en["minutes"], "Enter 15 to 480 minutes in steps of 15");
        assert_eq!(vi["minutes"], "Nhập từ 15 đến 480 phút, theo bước 15 phút");
    }

    #[test]
    fn a_student_registers_until_the_start_while_seats_last() {
        let open = Seating { starts_at_ms: NOW + 1, seats: 2, taken: 1, cancelled: false };
        assert_eq!(registration_refusal(open, NOW), None);
        assert_eq!(seats_left(open), 1);
        assert_eq!(registration_refusal(Seating { taken: 2, ..open }, NOW), Some(RegistrationRefusal::Full));
        assert_eq!(seats_left(Seating { taken: 3, ..open }), 0);
        assert_eq!(registration_refusal(open, NOW + 1), Some(RegistrationRefusal::Started));
        assert_eq!(
            registration_refusal(Seating { cancelled: true, ..open }, NOW),
            Some(RegistrationRefusal::Cancelled)
        );
        assert_eq!(withdrawal_refusal(open, NOW), None);
        assert_eq!(withdrawal_refusal(open, NOW + 1), Some(RegistrationRefusal::Started));
        assert_eq!(RegistrationRefusal::Full.message(Lang::Vi), "Lớp học đã hết chỗ. Hãy chọn một buổi khác.");
    }
}
