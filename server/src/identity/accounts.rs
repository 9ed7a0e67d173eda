//! Accounts whose role the server chooses (the first administrator, staff): the registration rules, then the row.
//! The users admin's route and the `create-admin` command both create them here.

use academy_shared::{auth_rules::RegistrationForm, roles::Role};

use crate::{
    identity::{
        password::PasswordError,
        policy::{self, PolicyError},
        repo::{self as users, CreateUserError, NewUser, UserRow},
    },
    state::AppState,
};

/// Why an account was not created.
#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    /// The username, email or password breaks the registration rules.
    #[error(transparent)]
    Refused(#[from] PolicyError),
    /// Another account uses the username or the email, or the database failed.
    #[error(transparent)]
    Create(#[from] CreateUserError),
    /// The password could not be hashed.
    #[error(transparent)]
    Hash(#[from] PasswordError),
}

/// Creates an account with `role` after the registration checks (used for admins and staff).
pub async fn create_privileged(
    state: &AppState,
    username: &str,
    email: &str,
    password: &str,
    names: (Option<&str>, Option<&str>),
    role: Role,
) -> Result<UserRow, AccountError> {
    policy::check_new_account(&RegistrationForm {
        username: username.to_owned(),
        email: email.to_owned(),
        password: password.to_owned(),
        first_name: names.0.unwrap_or_default().to_owned(),
        last_name: names.1.unwrap_or_default().to_owned(),
        ..RegistrationForm::default()
    })?;
    let hash = state.passwords.hash(password.trim()).await?;
    let user = NewUser {
        username: username.trim(),
        email: email.trim(),
        password_hash: &hash,
        first_name: names.0,
        last_name: names.1,
        phone_number: None,
        address: None,
        dob: None,
        role,
    };
    Ok(users::create(&state.pool, &user).await?)
}

/// Texts of the refusals.
pub mod texts {
    use crate::platform::text::Text;

    pub fn username_taken() -> Text {
        Text::new("Tên đăng nhập này đã được sử dụng.", "This username is already taken.")
    }
    pub fn email_taken() -> Text {
        Text::new("Email này đã được sử dụng cho một tài khoản khác.", "This email is already used by another account.")
    }
}
