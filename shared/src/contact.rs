//! What visitors send the academy: the admission form, the contact form and the newsletter
//! box. The same checks run in the browser and on the server.

use serde::{Deserialize, Serialize};

use crate::auth_rules::is_valid_email;
use crate::i18n::Lang;
use crate::limits::{EMAIL_MAX_CHARS, MESSAGE_MAX_CHARS, PHONE_MAX_CHARS, TITLE_MAX_CHARS, TooLong, exceeds};
use crate::validation::{Field, FieldErrors, Message};

/// Digits a phone number has, at least and at most (E.164 allows 15).
pub const PHONE_DIGITS: std::ops::RangeInclusive<usize> = 8..=15;

/// The admission message as the form sends it (`POST /api/contact/admissionMessage`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct AdmissionForm {
    pub name: String,
    pub email: String,
    pub phone: String,
    pub course_name: String,
    /// Optional.
    pub message: String,
}

/// The contact page's form (`POST /api/contact/message`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct ContactForm {
    pub name: String,
    pub email: String,
    /// Optional.
    pub phone: String,
    /// Optional.
    pub subject: String,
    pub message: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum ContactField {
    Name,
    Email,
    Phone,
    CourseName,
    Subject,
    Message,
}

impl Field for ContactField {
    fn name(self) -> &'static str {
        match self {
            Self::Name => "name",
            Self::Email => "email",
            Self::Phone => "phone",
            Self::CourseName => "courseName",
            Self::Subject => "subject",
            Self::Message => "message",
        }
    }
}

/// What the admission, contact and newsletter forms can get wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ContactError {
    #[error("Please enter your name")]
    NameRequired,
    #[error("Email is required")]
    EmailRequired,
    #[error("Please enter a valid email")]
    EmailInvalid,
    #[error("Please enter your phone number")]
    PhoneRequired,
    #[error("Please enter a valid phone number")]
    PhoneInvalid,
    #[error("Please enter the course you are interested in")]
    CourseNameRequired,
    #[error("Please enter a message")]
    MessageRequired,
    #[error("{}", TooLong { max: *max })]
    TooLong { max: usize },
}

impl Message for ContactError {
    fn message(&self, lang: Lang) -> String {
        match (lang, self) {
            (_, Self::TooLong { max }) => TooLong { max: *max }.message(lang),
            (Lang::En, _) => self.to_string(),
            (Lang::Vi, Self::NameRequired) => "Vui lòng nhập họ tên".into(),
            (Lang::Vi, Self::EmailRequired) => "Vui lòng nhập email".into(),
            (Lang::Vi, Self::EmailInvalid) => "Vui lòng nhập email hợp lệ".into(),
            (Lang::Vi, Self::PhoneRequired) => "Vui lòng nhập số điện thoại".into(),
            (Lang::Vi, Self::PhoneInvalid) => "Vui lòng nhập số điện thoại hợp lệ".into(),
            (Lang::Vi, Self::CourseNameRequired) => "Vui lòng nhập khóa học bạn quan tâm".into(),
            (Lang::Vi, Self::MessageRequired) => "Vui lòng nhập nội dung".into(),
        }
    }
}

impl ContactError {
    pub fn message(&self, lang: Lang) -> String {
        Message::message(self, lang)
    }
}

/// A phone number as people type it: digits with optional `+` first and spaces, dots, dashes or parentheses
/// between them, 8 to 15 digits.
pub fn is_valid_phone(phone: &str) -> bool {
    let phone = phone.trim();
    let body = phone.strip_prefix('+').unwrap_or(phone);
    let digits = body.chars().filter(char::is_ascii_digit).count();
    PHONE_DIGITS.contains(&digits)
        && body.chars().all(|c| c.is_ascii_digit() || matches!(c, ' ' | '.' | '-' | '(' | ')'))
}

fn check_optional(value: &str, max: usize) -> Result<(), ContactError> {
    if exceeds(value, max) { Err(ContactError::TooLong { max }) } else { Ok(()) }
}

fn check_required(value: &str, required: ContactError, max: usize) -> Result<(), ContactError> {
    check_optional(value, max)?;
    if value.trim().is_empty() { Err(required) } else { Ok(()) }
}

/// The e-mail rule of these forms: at most [`EMAIL_MAX_CHARS`], required, valid.
pub fn check_email(email: &str) -> Result<(), ContactError> {
    check_optional(email, EMAIL_MAX_CHARS)?;
    let email = email.trim();
    if email.is_empty() {
        Err(ContactError::EmailRequired)
    } else if !is_valid_email(email) {
        Err(ContactError::EmailInvalid)
    } else {
        Ok(())
    }
}

fn check_phone(phone: &str, required: bool) -> Result<(), ContactError> {
    check_optional(phone, PHONE_MAX_CHARS)?;
    if phone.trim().is_empty() {
        return if required { Err(ContactError::PhoneRequired) } else { Ok(()) };
    }
    if is_valid_phone(phone) { Ok(()) } else { Err(ContactError::PhoneInvalid) }
}

/// Checks an admission message and returns it trimmed.
pub fn validate_admission(form: &AdmissionForm) -> Result<AdmissionForm, FieldErrors<ContactField, ContactError>> {
    let mut errors = FieldErrors::default();
    errors.check(ContactField::Name, check_required(&form.name, ContactError::NameRequired, TITLE_MAX_CHARS));
    errors.check(ContactField::Email, check_email(&form.email));
    errors.check(ContactField::Phone, check_phone(&form.phone, true));
    errors.check(
        ContactField::CourseName,
        check_required(&form.course_name, ContactError::CourseNameRequired, TITLE_MAX_CHARS),
    );
    errors.check(ContactField::Message, check_optional(&form.message, MESSAGE_MAX_CHARS));
    errors.into_result(|| AdmissionForm {
        name: form.name.trim().to_owned(),
        email: form.email.trim().to_owned(),
        phone: form.phone.trim().to_owned(),
        course_name: form.course_name.trim().to_owned(),
        message: form.message.trim().to_owned(),
    })
}

/// Checks a contact message and returns it trimmed.
pub fn validate_contact(form: &ContactForm) -> Result<ContactForm, FieldErrors<ContactField, ContactError>> {
    let mut errors = FieldErrors::default();
    errors.check(ContactField::Name, check_required(&form.name, ContactError::NameRequired, TITLE_MAX_CHARS));
    errors.check(ContactField::Email, check_email(&form.email));
    errors.check(ContactField::Phone, check_phone(&form.phone, false));
    errors.check(ContactField::Subject, check_optional(&form.subject, TITLE_MAX_CHARS));
    errors
        .check(ContactField::Message, check_required(&form.message, ContactError::MessageRequired, MESSAGE_MAX_CHARS));
    errors.into_result(|| ContactForm {
        name: form.name.trim().to_owned(),
        email: form.email.trim().to_owned(),
        phone: form.phone.trim().to_owned(),
        subject: form.subject.trim().to_owned(),
        message: form.message.trim().to_owned(),
    })
}

/// Checks a newsletter e-mail and returns the form it is stored in (trimmed, lower case).
pub fn validate_newsletter_email(email: &str) -> Result<String, ContactError> {
    check_email(email)?;
    Ok(email.trim().to_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn admission() -> AdmissionForm {
        AdmissionForm {
            name: "Lê Văn An".into(),
            email: "an@example.vn".into(),
            phone: "0912 345 678".into(),
            course_name: "Lập trình Python".into(),
            message: String::new(),
        }
    }

    #[test]
    fn a_complete_admission_message_without_a_message_is_accepted_and_trimmed() {
        let form = AdmissionForm { name: "  An  ".into(), ..admission() };
        assert_eq!(validate_admission(&form).map(|f| f.name), Ok("An".to_owned()));
    }

    #[test]
    fn each_missing_or_wrong_admission_field_is_reported_in_both_languages() {
        let cases: [(AdmissionForm, &str, &str, &str); 6] = [
            (
                AdmissionForm { name: " ".into(), ..admission() },
                "name",
                "Please enter your name",
                "Vui lòng nhập họ tên",
            ),
            (
                AdmissionForm { email: String::new(), ..admission() },
                "email",
                "Email is required",
                "Vui lòng nhập email",
            ),
            (
                AdmissionForm { email: "an@".into(), ..admission() },
                "email",
                "Please enter a valid email",
                "Vui lòng nhập email hợp lệ",
            ),
            (
                AdmissionForm { phone: String::new(), ..admission() },
                "phone",
                "Please enter your phone number",
                "Vui lòng nhập số điện thoại",
            ),
            (
                AdmissionForm { phone: "12ab".into(), ..admission() },
                "phone",
                "Please enter a valid phone number",
                "Vui lòng nhập số điện thoại hợp lệ",
            ),
            (
                AdmissionForm { course_name: String::new(), ..admission() },
                "courseName",
                "Please enter the course you are interested in",
                "Vui lòng nhập khóa học bạn quan tâm",
            ),
        ];
        for (form, field, en, vi) in cases {
            let errors = validate_admission(&form).expect_err(field);
            assert_eq!(errors.messages(Lang::En).get(field).map(String::as_str), Some(en), "{form:?}");
            assert_eq!(errors.messages(Lang::Vi).get(field).map(String::as_str), Some(vi), "{form:?}");
        }
    }

    #[test]
    fn phone_numbers_are_read_as_people_type_them() {
        let cases = [
            ("0912345678", true),
            ("+84 912 345 678", true),
            ("(028) 3823-4567", true),
            ("0912.345.678", true),
            ("1234567", false),
            ("1234567890123456", false),
            ("09123x5678", false),
            ("++84912345678", false),
        ];
        for (phone, valid) in cases {
            assert_eq!(is_valid_phone(phone), valid, "{phone:?}");
        }
    }

    #[test]
    fn a_contact_message_needs_a_message_but_not_a_phone() {
        let form = ContactForm { name: "An".into(), email: "an@example.vn".into(), ..ContactForm::default() };
        let errors = validate_contact(&form).expect_err("no message");
        assert_eq!(errors.len(), 1);
        assert!(errors.get(ContactField::Message).is_some());
    }

    #[test]
    fn a_message_over_the_limit_is_refused() {
        let form = AdmissionForm { message: "a".repeat(MESSAGE_MAX_CHARS + 1), ..admission() };
        let errors = validate_admission(&form).expect_err("too long");
        assert_eq!(errors.get(ContactField::Message), Some(&ContactError::TooLong { max: MESSAGE_MAX_CHARS }));
    }

    #[test]
    fn a_newsletter_email_is_stored_lower_case() {
        assert_eq!(validate_newsletter_email("  An@Example.VN "), Ok("an@example.vn".to_owned()));
        assert_eq!(validate_newsletter_email("nope"), Err(ContactError::EmailInvalid));
    }

    #[test]
    fn visitor_message_fields_at_their_maximum_pass_and_one_character_more_is_refused() {
        let at = |n: usize| "a".repeat(n);
        let email = |n: usize| format!("{}@b.co", "a".repeat(n - 5));
        let phone = |n: usize| format!("0912345678{}", " ".repeat(n - 10));
        type Text = fn(usize) -> String;
        type Edit = fn(&mut AdmissionForm, String);
        let cases: [(ContactField, usize, Text, Edit); 5] = [
            (ContactField::Name, TITLE_MAX_CHARS, at, |f, v| f.name = v),
            (ContactField::Email, EMAIL_MAX_CHARS, email, |f, v| f.email = v),
            (ContactField::Phone, PHONE_MAX_CHARS, phone, |f, v| f.phone = v),
            (ContactField::CourseName, TITLE_MAX_CHARS, at, |f, v| f.course_name = v),
            (ContactField::Message, MESSAGE_MAX_CHARS, at, |f, v| f.message = v),
        ];
        for (field, max, value, edit) in cases {
            let mut form = admission();
            edit(&mut form, value(max));
            assert!(validate_admission(&form).is_ok(), "{} at {max}", field.name());
            edit(&mut form, value(max + 1));
            let errors = validate_admission(&form).expect_err(field.name());
            assert_eq!(errors.get(field), Some(&ContactError::TooLong { max }), "{}", field.name());
        }
    }

    #[test]
    fn a_contact_subject_over_the_limit_is_refused_in_both_languages() {
        let form = ContactForm {
            name: "An".into(),
            email: "an@example.vn".into(),
            subject: "s".repeat(TITLE_MAX_CHARS + 1),
            message: "Xin chào".into(),
            ..ContactForm::default()
        };
        let errors = validate_contact(&form).expect_err("too long");
        assert_eq!(errors.messages(Lang::En)["subject"], "This field must be at most 200 characters");
        assert_eq!(errors.messages(Lang::Vi)["subject"], "Trường này tối đa 200 ký tự");
    }

    #[test]
    fn a_newsletter_email_over_the_limit_is_refused() {
        let email = format!("{}@b.co", "a".repeat(300_000));
        assert_eq!(validate_newsletter_email(&email), Err(ContactError::TooLong { max: EMAIL_MAX_CHARS }));
    }
}
