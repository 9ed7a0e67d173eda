//! The identity routes: tokens, logout and password recovery ([`auth`]), accounts ([`users`]) and the users
//! admin ([`admin_users`]).

pub mod admin_users;
pub mod auth;
pub mod security;
pub mod users;

// The HTTP edge's names the routes below use as `super::…` (their OpenAPI attributes too).
use crate::http::{
    ApiError, ApiResult, ClientAddr, Envelope, Json, Language, Pagination, Path, Query, Text, error, ok,
};
use crate::identity::{accounts::AccountError, policy::PolicyError};

/// 422 whose message is the first field's text (so a client showing only `result.message` shows the cause).
impl From<PolicyError> for ApiError {
    fn from(refusal: PolicyError) -> ApiError {
        match refusal {
            PolicyError::Refused(fields) => ApiError::invalid_fields(fields),
        }
    }
}

/// A refusal as [`PolicyError`]'s, a taken username or email as 409, a failure to hash as 500.
impl From<AccountError> for ApiError {
    fn from(error: AccountError) -> ApiError {
        match error {
            AccountError::Refused(refusal) => refusal.into(),
            AccountError::Create(e) => users::create_error(e),
            AccountError::Hash(e) => ApiError::internal(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use academy_shared::i18n::Lang;

    use super::*;

    #[test]
    fn a_refusal_is_a_422_whose_message_is_the_text_of_the_first_refused_field() {
        let refusal = PolicyError::Refused(vec![
            ("username".to_owned(), Text::new("tên", "name")),
            ("email".to_owned(), Text::new("thư", "mail")),
        ]);
        let ApiError::Unprocessable { message, fields } = ApiError::from(refusal) else { panic!("expected 422") };
        assert_eq!(message.get(Lang::En), "name");
        assert_eq!(fields.keys().map(String::as_str).collect::<Vec<_>>(), ["email", "username"]);
    }
}
