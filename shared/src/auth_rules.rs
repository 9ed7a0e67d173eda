//! Login and registration forms: what they check, the messages, and the payloads they send.

use serde::{Deserialize, Serialize};

use crate::i18n::Lang;
use crate::limits::{
    ADDRESS_MAX_CHARS, ControlCharacters, EMAIL_MAX_CHARS, PASSWORD_MAX_CHARS, PERSON_NAME_MAX_CHARS, PHONE_MAX_CHARS,
    TooLong, USERNAME_MAX_CHARS, check_max, check_single_line,
};
use crate::password::{PASSWORD_MIN_SCORE, password_strength};
use crate::validation::{Field, FieldErrors, Message};

/// The shortest username registration accepts, in characters after trimming.
pub const USERNAME_MIN_CHARS: usize = 6;

/// The login form as typed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct LoginForm {
    pub username: String,
    pub password: String,
}

/// The body of `POST /auth/token`: both values trimmed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct LoginPayload {
    pub username: String,
    pub password: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum LoginField {
    Username,
    Password,
}

impl Field for LoginField {
    fn name(self) -> &'static str {
        match self {
            Self::Username => "username",
            Self::Password => "password",
        }
    }
}

/// What the login form can get wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LoginError {
    #[error("Username is required")]
    UsernameRequired,
    #[error("Password is required")]
    PasswordRequired,
    #[error("{}", TooLong { max: *max })]
    TooLong { max: usize },
}

impl From<TooLong> for LoginError {
    fn from(TooLong { max }: TooLong) -> Self {
        Self::TooLong { max }
    }
}

impl Message for LoginError {
    fn message(&self, lang: Lang) -> String {
        match (lang, self) {
            (_, Self::TooLong { max }) => TooLong { max: *max }.message(lang),
            (Lang::En, _) => self.to_string(),
            (Lang::Vi, Self::UsernameRequired) => "Vui lòng nhập tên đăng nhập".into(),
            (Lang::Vi, Self::PasswordRequired) => "Vui lòng nhập mật khẩu".into(),
        }
    }
}

impl LoginError {
    pub fn message(&self, lang: Lang) -> String {
        Message::message(self, lang)
    }
}

/// Checks the login form: both fields trimmed and required, and no longer than registration allows (so a
/// sign-in never hashes more than [`PASSWORD_MAX_CHARS`] characters).
pub fn validate_login(form: &LoginForm) -> Result<LoginPayload, FieldErrors<LoginField, LoginError>> {
    let username = form.username.trim();
    let password = form.password.trim();
    let mut errors = FieldErrors::default();
    if username.is_empty() {
        errors.add(LoginField::Username, LoginError::UsernameRequired);
    }
    errors.check(LoginField::Username, check_max(&form.username, USERNAME_MAX_CHARS).map_err(LoginError::from));
    if password.is_empty() {
        errors.add(LoginField::Password, LoginError::PasswordRequired);
    }
    errors.check(LoginField::Password, check_max(&form.password, PASSWORD_MAX_CHARS).map_err(LoginError::from));
    errors.into_result(|| LoginPayload { username: username.to_owned(), password: password.to_owned() })
}

/// Whether `email` matches the simple pattern `^[^\s@]+@[^\s@]+\.[^\s@]+$`: one `@`, no spaces, and a dot
/// inside the domain with text on both sides.
pub fn is_valid_email(email: &str) -> bool {
    if email.chars().any(char::is_whitespace) {
        return false;
    }
    let Some((local, domain)) = email.split_once('@') else { return false };
    if local.is_empty() || domain.contains('@') {
        return false;
    }
    domain.char_indices().any(|(i, c)| c == '.' && i > 0 && i + 1 < domain.len())
}

/// The roles a visitor may choose when registering: Student (the default) or Teacher.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum SignupRole {
    #[default]
    Student,
    Teacher,
}

impl SignupRole {
    /// Reads a choice in any case ("Teacher", "teacher"); anything else is the default, Student.
    pub fn parse(name: &str) -> Self {
        if name.trim().eq_ignore_ascii_case("teacher") { Self::Teacher } else { Self::Student }
    }

    /// The role this choice grants.
    pub fn role(self) -> crate::roles::Role {
        match self {
            Self::Student => crate::roles::Role::Student,
            Self::Teacher => crate::roles::Role::Teacher,
        }
    }
}

/// The registration form as typed. The page fills email, username, passwords and role; the optional
/// details are empty there, and checked when another client of `POST /users` sends them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct RegistrationForm {
    pub email: String,
    pub username: String,
    pub password: String,
    pub confirm_password: String,
    pub role: SignupRole,
    pub first_name: String,
    pub last_name: String,
    pub phone_number: String,
    pub address: String,
}

/// The body of `POST /users`. The fields the form does not fill are sent empty, `dob` as null and
/// `loginType` as an empty string, as the spec lists them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct RegistrationPayload {
    pub first_name: String,
    pub last_name: String,
    pub username: String,
    pub email: String,
    pub password: String,
    pub phone_number: String,
    pub address: String,
    pub dob: Option<String>,
    pub role_name: SignupRole,
    pub login_type: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum RegistrationField {
    Email,
    Username,
    Password,
    ConfirmPassword,
    FirstName,
    LastName,
    PhoneNumber,
    Address,
}

impl Field for RegistrationField {
    fn name(self) -> &'static str {
        match self {
            Self::Email => "email",
            Self::Username => "username",
            Self::Password => "password",
            Self::ConfirmPassword => "confirmPassword",
            Self::FirstName => "firstName",
            Self::LastName => "lastName",
            Self::PhoneNumber => "phoneNumber",
            Self::Address => "address",
        }
    }
}

/// What the registration form can get wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RegistrationError {
    #[error("Username must be at least {min} characters")]
    UsernameTooShort { min: usize },
    #[error("Please enter a valid email address")]
    InvalidEmail,
    #[error("Password is too weak")]
    PasswordTooWeak { min_score: u8 },
    #[error("Passwords do not match")]
    PasswordsDoNotMatch,
    #[error("{}", TooLong { max: *max })]
    TooLong { max: usize },
    #[error("{}", ControlCharacters)]
    ControlCharacters,
}

impl From<TooLong> for RegistrationError {
    fn from(TooLong { max }: TooLong) -> Self {
        Self::TooLong { max }
    }
}

impl From<ControlCharacters> for RegistrationError {
    fn from(ControlCharacters: ControlCharacters) -> Self {
        Self::ControlCharacters
    }
}

impl Message for RegistrationError {
    fn message(&self, lang: Lang) -> String {
        match (lang, self) {
            (_, Self::TooLong { max }) => TooLong { max: *max }.message(lang),
            (_, Self::ControlCharacters) => ControlCharacters.message(lang),
            (Lang::En, _) => self.to_string(),
            (Lang::Vi, Self::UsernameTooShort { min }) => format!("Tên đăng nhập phải có ít nhất {min} ký tự"),
            (Lang::Vi, Self::InvalidEmail) => "Vui lòng nhập địa chỉ email hợp lệ".into(),
            (Lang::Vi, Self::PasswordTooWeak { .. }) => "Mật khẩu quá yếu".into(),
            (Lang::Vi, Self::PasswordsDoNotMatch) => "Mật khẩu xác nhận không khớp".into(),
        }
    }
}

impl RegistrationError {
    pub fn message(&self, lang: Lang) -> String {
        Message::message(self, lang)
    }
}

/// Checks the username rule alone: at least 6 characters after trimming, at most [`USERNAME_MAX_CHARS`].
pub fn check_username(username: &str) -> Result<(), RegistrationError> {
    check_max(username, USERNAME_MAX_CHARS)?;
    if username.trim().chars().count() < USERNAME_MIN_CHARS {
        return Err(RegistrationError::UsernameTooShort { min: USERNAME_MIN_CHARS });
    }
    Ok(())
}

/// Checks an e-mail address as registration and password recovery take it: at most [`EMAIL_MAX_CHARS`], then
/// the simple pattern of [`is_valid_email`] (on the trimmed text).
pub fn check_email(email: &str) -> Result<(), RegistrationError> {
    check_max(email, EMAIL_MAX_CHARS)?;
    if is_valid_email(email.trim()) { Ok(()) } else { Err(RegistrationError::InvalidEmail) }
}

/// Checks a new password: at most [`PASSWORD_MAX_CHARS`], then a score of at least 3 of 5 (on the trimmed text).
pub fn check_new_password(password: &str) -> Result<(), RegistrationError> {
    check_max(password, PASSWORD_MAX_CHARS)?;
    if password_strength(password.trim()).score < PASSWORD_MIN_SCORE {
        return Err(RegistrationError::PasswordTooWeak { min_score: PASSWORD_MIN_SCORE });
    }
    Ok(())
}

/// Checks the registration form (values trimmed) and builds the payload.
pub fn validate_registration(
    form: &RegistrationForm,
) -> Result<RegistrationPayload, FieldErrors<RegistrationField, RegistrationError>> {
    let email = form.email.trim();
    let username = form.username.trim();
    let password = form.password.trim();
    let confirm = form.confirm_password.trim();

    let mut errors = FieldErrors::default();
    errors.check(RegistrationField::Email, check_email(&form.email));
    errors.check(RegistrationField::Username, check_username(&form.username));
    errors.check(RegistrationField::Password, check_new_password(&form.password));
    if password != confirm {
        errors.add(RegistrationField::ConfirmPassword, RegistrationError::PasswordsDoNotMatch);
    }
    let details = [
        (RegistrationField::FirstName, &form.first_name, PERSON_NAME_MAX_CHARS),
        (RegistrationField::LastName, &form.last_name, PERSON_NAME_MAX_CHARS),
        (RegistrationField::PhoneNumber, &form.phone_number, PHONE_MAX_CHARS),
        (RegistrationField::Address, &form.address, ADDRESS_MAX_CHARS),
    ];
    for (field, value, max) in details {
        errors.check(field, check_max(value, max).map_err(RegistrationError::from));
    }
    let one_line = [
        (RegistrationField::FirstName, &form.first_name),
        (RegistrationField::LastName, &form.last_name),
        (RegistrationField::PhoneNumber, &form.phone_number),
    ];
    for (field, value) in one_line {
        errors.check(field, check_single_line(value).map_err(RegistrationError::from));
    }
    errors.into_result(|| RegistrationPayload {
        first_name: form.first_name.trim().to_owned(),
        last_name: form.last_name.trim().to_owned(),
        username: username.to_owned(),
        email: email.to_owned(),
        password: password.to_owned(),
        phone_number: form.phone_number.trim().to_owned(),
        address: form.address.trim().to_owned(),
        dob: None,
        role_name: form.role,
        login_type: String::new(),
    })
}

/// Whether the register button is disabled: while submitting, while either password is empty, when the two
/// differ, or when the password scores below 3.
pub fn submit_disabled(submitting: bool, password: &str, confirm: &str) -> bool {
    submitting
        || password.is_empty()
        || confirm.is_empty()
        || password != confirm
        || password_strength(password).score < PASSWORD_MIN_SCORE
}

#[cfg(test)]
mod tests {
    use super::*;

    fn login(username: &str, password: &str) -> LoginForm {
        LoginForm { username: username.into(), password: password.into() }
    }

    fn registration(email: &str, username: &str, password: &str, confirm: &str) -> RegistrationForm {
        RegistrationForm {
            email: email.into(),
            username: username.into(),
            password: password.into(),
            confirm_password: confirm.into(),
            ..RegistrationForm::default()
        }
    }

    fn valid_registration() -> RegistrationForm {
        registration("a@b.co", "abcdef", "Abcdef1!", "Abcdef1!")
    }

    #[test]
    fn an_empty_or_blank_username_is_required() {
        for username in ["", "   ", "\t"] {
            let errors = validate_login(&login(username, "secret")).expect_err("rejected");
            assert_eq!(errors.get(LoginField::Username), Some(&LoginError::UsernameRequired));
            assert_eq!(errors.len(), 1);
        }
    }

    #[test]
    fn an_empty_or_blank_password_is_required() {
        let errors = validate_login(&login("alice", "  ")).expect_err("rejected");
        assert_eq!(errors.get(LoginField::Password), Some(&LoginError::PasswordRequired));
    }

    #[test]
    fn login_messages_are_the_spec_texts_in_english() {
        let errors = validate_login(&login("", "")).expect_err("rejected");
        let messages = errors.messages(Lang::En);
        assert_eq!(messages["username"], "Username is required");
        assert_eq!(messages["password"], "Password is required");
        assert_eq!(errors.messages(Lang::Vi)["username"], "Vui lòng nhập tên đăng nhập");
    }

    #[test]
    fn a_valid_login_is_sent_trimmed() {
        let payload = validate_login(&login("  alice ", " pw ")).expect("valid");
        assert_eq!(payload, LoginPayload { username: "alice".into(), password: "pw".into() });
    }

    #[test]
    fn emails_follow_the_simple_pattern() {
        let cases = [
            ("a@b.co", true),
            ("user.name+tag@example.com.vn", true),
            ("a@b..c", true),
            ("", false),
            ("plain", false),
            ("@b.co", false),
            ("a@", false),
            ("a@b", false),
            ("a@.co", false),
            ("a@b.", false),
            ("a b@c.co", false),
            ("a@b@c.co", false),
        ];
        for (email, valid) in cases {
            assert_eq!(is_valid_email(email), valid, "{email:?}");
        }
    }

    #[test]
    fn a_username_of_five_characters_is_rejected() {
        assert_eq!(check_username("abcde"), Err(RegistrationError::UsernameTooShort { min: 6 }));
    }

    #[test]
    fn a_username_of_six_characters_is_accepted() {
        assert_eq!(check_username("abcdef"), Ok(()));
        assert_eq!(check_username("  abcdef  "), Ok(()));
        assert_eq!(check_username("nguyễn"), Ok(()), "six characters, more bytes");
    }

    #[test]
    fn a_username_padded_to_six_with_spaces_is_rejected() {
        assert!(check_username(" abcd ").is_err());
    }

    #[test]
    fn a_valid_registration_builds_the_spec_payload() {
        let form = RegistrationForm {
            role: SignupRole::Teacher,
            ..registration(" t@x.vn ", " teacher1 ", "Abcdef1!", "Abcdef1!")
        };
        let payload = validate_registration(&form).expect("valid");
        let json = serde_json::to_value(&payload).expect("serialises");
        assert_eq!(
            json,
            serde_json::json!({
                "firstName": "", "lastName": "", "username": "teacher1", "email": "t@x.vn",
                "password": "Abcdef1!", "phoneNumber": "", "address": "", "dob": null,
                "roleName": "Teacher", "loginType": ""
            })
        );
    }

    #[test]
    fn the_default_role_is_student() {
        assert_eq!(RegistrationForm::default().role, SignupRole::Student);
        assert_eq!(SignupRole::Student.role(), crate::roles::Role::Student);
        assert_eq!(SignupRole::parse("teacher"), SignupRole::Teacher);
        assert_eq!(SignupRole::parse("ADMIN"), SignupRole::Student, "self-registration offers only two roles");
    }

    #[test]
    fn every_broken_registration_rule_is_reported_on_its_field() {
        let errors = validate_registration(&registration("nope", "abc", "abc", "abd")).expect_err("rejected");
        let messages = errors.messages(Lang::En);
        assert_eq!(messages["email"], "Please enter a valid email address");
        assert_eq!(messages["username"], "Username must be at least 6 characters");
        assert_eq!(messages["password"], "Password is too weak");
        assert_eq!(messages["confirmPassword"], "Passwords do not match");
        assert_eq!(errors.messages(Lang::Vi)["username"], "Tên đăng nhập phải có ít nhất 6 ký tự");
    }

    #[test]
    fn a_password_scoring_three_is_strong_enough_to_register() {
        assert!(validate_registration(&registration("a@b.co", "abcdef", "Abcdefgh", "Abcdefgh")).is_ok());
        assert!(validate_registration(&registration("a@b.co", "abcdef", "abcdefgh", "abcdefgh")).is_err());
    }

    #[test]
    fn submit_is_disabled_exactly_in_the_spec_cases() {
        let cases = [
            (false, "Abcdef1!", "Abcdef1!", false),
            (true, "Abcdef1!", "Abcdef1!", true),
            (false, "", "", true),
            (false, "Abcdef1!", "", true),
            (false, "", "Abcdef1!", true),
            (false, "Abcdef1!", "Abcdef1?", true),
            (false, "abcdefgh", "abcdefgh", true),
            (false, "Abcdefgh", "Abcdefgh", false),
        ];
        for (submitting, password, confirm, disabled) in cases {
            assert_eq!(
                submit_disabled(submitting, password, confirm),
                disabled,
                "{submitting} {password:?} {confirm:?}"
            );
        }
    }

    #[test]
    fn login_fields_at_their_maximum_pass_and_one_character_more_is_refused() {
        let cases = [
            (login(&"u".repeat(USERNAME_MAX_CHARS), "pw"), None),
            (login(&"u".repeat(USERNAME_MAX_CHARS + 1), "pw"), Some((LoginField::Username, USERNAME_MAX_CHARS))),
            (login("alice", &"p".repeat(PASSWORD_MAX_CHARS)), None),
            (login("alice", &"p".repeat(PASSWORD_MAX_CHARS + 1)), Some((LoginField::Password, PASSWORD_MAX_CHARS))),
        ];
        for (form, expected) in cases {
            let outcome = validate_login(&form);
            match expected {
                None => assert!(outcome.is_ok(), "{form:?}"),
                Some((field, max)) => {
                    assert_eq!(outcome.expect_err("too long").get(field), Some(&LoginError::TooLong { max }));
                }
            }
        }
    }

    #[test]
    fn a_megabyte_password_at_login_is_refused_in_both_languages() {
        let errors = validate_login(&login("alice", &"p".repeat(1_000_000))).expect_err("too long");
        assert_eq!(errors.messages(Lang::En)["password"], "This field must be at most 128 characters");
        assert_eq!(errors.messages(Lang::Vi)["password"], "Trường này tối đa 128 ký tự");
    }

    #[test]
    fn registration_fields_at_their_maximum_pass_and_one_character_more_is_refused() {
        let at = |n: usize| "a".repeat(n);
        let email = |n: usize| format!("{}@b.co", "a".repeat(n - 5));
        let strong = |n: usize| format!("Abcdef1!{}", "x".repeat(n - 8));
        type Text = fn(usize) -> String;
        type Edit = fn(&mut RegistrationForm, String);
        let cases: [(RegistrationField, usize, Text, Edit); 7] = [
            (RegistrationField::Username, USERNAME_MAX_CHARS, at, |f, v| f.username = v),
            (RegistrationField::Email, EMAIL_MAX_CHARS, email, |f, v| f.email = v),
            (RegistrationField::Password, PASSWORD_MAX_CHARS, strong, |f, v| {
                f.confirm_password.clone_from(&v);
                f.password = v;
            }),
            (RegistrationField::FirstName, PERSON_NAME_MAX_CHARS, at, |f, v| f.first_name = v),
            (RegistrationField::LastName, PERSON_NAME_MAX_CHARS, at, |f, v| f.last_name = v),
            (RegistrationField::PhoneNumber, PHONE_MAX_CHARS, at, |f, v| f.phone_number = v),
            (RegistrationField::Address, ADDRESS_MAX_CHARS, at, |f, v| f.address = v),
        ];
        for (field, max, value, edit) in cases {
            let mut form = valid_registration();
            edit(&mut form, value(max));
            assert!(validate_registration(&form).is_ok(), "{} at {max}", field.name());
            edit(&mut form, value(max + 1));
            let errors = validate_registration(&form).expect_err(field.name());
            assert_eq!(errors.get(field), Some(&RegistrationError::TooLong { max }), "{}", field.name());
        }
    }

    #[test]
    fn the_optional_registration_details_are_sent_trimmed() {
        let form =
            RegistrationForm { first_name: " An ".into(), address: " Hà Nội ".into(), ..valid_registration() };
        let payload = validate_registration(&form).expect("valid");
        assert_eq!((payload.first_name.as_str(), payload.address.as_str()), ("An", "Hà Nội"));
    }

    #[test]
    fn every_oversized_registration_field_is_named_with_the_limit_in_vietnamese() {
        let form = RegistrationForm {
            email: format!("{}@b.co", "e".repeat(300_000)),
            username: "u".repeat(1_000_000),
            first_name: "f".repeat(200_000),
            last_name: "l".repeat(200_000),
            address: "a".repeat(200_000),
            ..valid_registration()
        };
        let messages = validate_registration(&form).expect_err("refused").messages(Lang::Vi);
        assert_eq!(messages.keys().collect::<Vec<_>>(), ["address", "email", "firstName", "lastName", "username"]);
        assert_eq!(messages["username"], "Trường này tối đa 50 ký tự");
        assert_eq!(messages["email"], "Trường này tối đa 254 ký tự");
    }

    #[test]
    fn an_email_for_password_recovery_is_checked_for_length_before_its_pattern() {
        assert_eq!(check_email(" a@b.co "), Ok(()));
        assert_eq!(check_email("nope"), Err(RegistrationError::InvalidEmail));
        assert_eq!(check_email(&"a".repeat(255)), Err(RegistrationError::TooLong { max: 254 }));
    }
}
