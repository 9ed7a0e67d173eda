//! The account rules the server applies on top of the shared ones: the shared registration checks (username,
//! email, password score ≥ 3 of 5) exactly as the browser runs them, plus zxcvbn, which refuses the most common
//! passwords (score 0) that the character-class checks let through (`Password1!`).

use academy_shared::auth_rules::{RegistrationField, RegistrationForm, validate_registration};

use crate::platform::text::Text;

/// A new account or password the rules refuse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PolicyError {
    /// The refused fields (`username`, `email`, `password`), each with its text, in the order the rules found them.
    #[error("refused by the account rules: {0:?}")]
    Refused(Vec<(String, Text)>),
}

/// The stored, comparable form of an email: trimmed, Unicode lower case. Two accounts never share it.
pub fn email_key(email: &str) -> String {
    email.trim().to_lowercase()
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

/// Checks a new account (username, email, password and the optional details, each within its maximum) with the
/// shared registration rules and zxcvbn; the refused fields with their texts when any fails. The password is its
/// own confirmation: only the browser's form asks for it twice.
pub fn check_new_account(form: &RegistrationForm) -> Result<(), PolicyError> {
    let form = RegistrationForm { confirm_password: form.password.clone(), ..form.clone() };
    let (username, email, password) = (&form.username, &form.email, &form.password);
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

/// Checks a new password alone (password reset): the shared length and score, and zxcvbn.
pub fn check_new_password(password: &str, user_inputs: &[&str]) -> Result<(), PolicyError> {
    if let Err(error) = academy_shared::auth_rules::check_new_password(password) {
        return Err(invalid(vec![("password".to_owned(), Text::localized(|lang| error.message(lang)))]));
    }
    let password = password.trim();
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

academy_shared::stored_names! {
    /// Whether an account may sign in: active, or locked by an administrator.
    pub enum UserStatus("account status") {
        Active = "active",
        Locked = "locked",
    }
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

    fn account(username: &str, email: &str, password: &str) -> RegistrationForm {
        RegistrationForm {
            username: username.to_owned(),
            email: email.to_owned(),
            password: password.to_owned(),
            ..RegistrationForm::default()
        }
    }

    #[test]
    fn a_valid_new_account_passes_and_each_bad_field_is_named() {
        assert!(check_new_account(&account("student01", "s@example.com", "Violet#Harbour-2026")).is_ok());
        let Err(PolicyError::Refused(fields)) = check_new_account(&account("abc", "nope", "weak")) else {
            panic!("expected a refusal")
        };
        let mut names: Vec<&str> = fields.iter().map(|(name, _)| name.as_str()).collect();
        names.sort_unstable();
        assert_eq!(names, ["email", "password", "username"]);
    }

    #[test]
    fn an_oversized_detail_of_a_new_account_is_named() {
        let valid = account("student01", "s@example.com", "Violet#Harbour-2026");
        let form = RegistrationForm { address: "a".repeat(256), ..valid };
        let Err(PolicyError::Refused(fields)) = check_new_account(&form) else { panic!("expected a refusal") };
        assert_eq!(fields.iter().map(|(name, _)| name.as_str()).collect::<Vec<_>>(), ["address"]);
    }

    #[test]
    fn a_new_password_longer_than_the_maximum_is_refused_before_zxcvbn_reads_it() {
        let long = format!("Violet#Harbour-2026{}", "x".repeat(200));
        let Err(PolicyError::Refused(fields)) = check_new_password(&long, &[]) else { panic!("expected a refusal") };
        assert_eq!(fields[0].0, "password");
        assert_eq!(fields[0].1.get(academy_shared::Lang::En), "This field must be at most 128 characters");
    }

    #[test]
    fn a_password_made_of_the_username_is_refused() {
        assert!(check_new_password("student01", &["student01"]).is_err());
    }
}
