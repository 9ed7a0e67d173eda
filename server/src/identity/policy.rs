//! The account rules the server applies on top of the shared ones: the shared registration checks (username,
//! email, password score ≥ 3 of 5) exactly as the browser runs them, plus zxcvbn, which refuses the most common
//! passwords (score 0) that the character-class checks let through (`Password1!`).

use academy_shared::{
    auth_rules::{RegistrationError, RegistrationField, RegistrationForm, SignupRole, validate_registration},
    password::PASSWORD_MIN_SCORE,
};

use crate::platform::text::Text;

/// A new account or password the rules refuse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PolicyError {
    /// The refused fields (`username`, `email`, `password`), each with its text, in the order the rules found them.
    #[error("refused by the account rules: {0:?}")]
    Refused(Vec<(String, Text)>),
}

/// The zxcvbn refusal.
pub fn too_guessable() -> Text {
    Text::new(
        "Mật khẩu này quá phổ biến và dễ đoán. Vui lòng chọn mật khẩu khác.",
        "This password is too common and easy to guess. Please choose another one.",
    )
}

/// Whether zxcvbn scores `password` 0 (guessable within about 10³ tries), counting the account's own
/// `user_inputs` (username, email) as known words.
pub fn is_too_guessable(password: &str, user_inputs: &[&str]) -> bool {
    u8::from(zxcvbn::zxcvbn(password, user_inputs).score()) == 0
}

/// Checks a new account's username, email and password with the shared registration rules and zxcvbn; the
/// refused fields with their texts when any fails.
pub fn check_new_account(username: &str, email: &str, password: &str) -> Result<(), PolicyError> {
    let form = RegistrationForm {
        email: email.to_owned(),
        username: username.to_owned(),
        password: password.to_owned(),
        confirm_password: password.to_owned(),
        role: SignupRole::default(),
    };
    let mut fields: Vec<(String, Text)> = match validate_registration(&form) {
        Ok(_) => Vec::new(),
        Err(errors) => errors
            .iter()
            .map(|(field, error)| (field_name(*field).to_owned(), Text::localized(|lang| error.message(lang))))
            .collect(),
    };
    let password_ok = !fields.iter().any(|(name, _)| name == "password");
    if password_ok && is_too_guessable(password.trim(), &[username.trim(), email.trim()]) {
        fields.push(("password".to_owned(), too_guessable()));
    }
    if fields.is_empty() { Ok(()) } else { Err(invalid(fields)) }
}

/// Checks a new password alone (password reset): the shared score and zxcvbn.
pub fn check_new_password(password: &str, user_inputs: &[&str]) -> Result<(), PolicyError> {
    let password = password.trim();
    if academy_shared::password::password_strength(password).score < PASSWORD_MIN_SCORE {
        let error = RegistrationError::PasswordTooWeak { min_score: PASSWORD_MIN_SCORE };
        return Err(invalid(vec![("password".to_owned(), Text::localized(|lang| error.message(lang)))]));
    }
    if is_too_guessable(password, user_inputs) {
        return Err(invalid(vec![("password".to_owned(), too_guessable())]));
    }
    Ok(())
}

fn invalid(fields: Vec<(String, Text)>) -> PolicyError {
    PolicyError::Refused(fields)
}

fn field_name(field: RegistrationField) -> &'static str {
    academy_shared::validation::Field::name(field)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_common_password_that_passes_the_character_checks_is_refused_by_zxcvbn() {
        assert!(is_too_guessable("P@ssw0rd", &[]));
        assert!(is_too_guessable("password123", &[]));
        assert!(!is_too_guessable("Violet#Harbour-2026", &[]));
    }

    #[test]
    fn a_valid_new_account_passes_and_each_bad_field_is_named() {
        assert!(check_new_account("student01", "s@example.com", "Violet#Harbour-2026").is_ok());
        let Err(PolicyError::Refused(fields)) = check_new_account("abc", "nope", "weak") else {
            panic!("expected a refusal")
        };
        let mut names: Vec<&str> = fields.iter().map(|(name, _)| name.as_str()).collect();
        names.sort_unstable();
        assert_eq!(names, ["email", "password", "username"]);
    }

    #[test]
    fn a_password_made_of_the_username_is_refused() {
        assert!(check_new_password("student01", &["student01"]).is_err());
    }
}
