//! The finance endpoints: a teacher's balance, statement and payout accounts, payout requests and their queue
//! ([`payouts`], [`accounts`]), the administrators' balances and payout settings, the bank batch file and the
//! yearly withholding statement ([`documents`]). Each handler reads the request, calls a use case and presents its
//! answer; [`From<FinanceError>`] gives each refusal its HTTP answer.

pub mod accounts;
pub mod documents;
pub mod payouts;

use std::collections::BTreeMap;

use academy_shared::roles::Role;
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;

use super::{error::FinanceError, repo};
use crate::{
    http::{ApiError, CurrentUser, Text},
    state::AppState,
};

/// Every finance route.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().merge(payouts::router()).merge(accounts::router()).merge(documents::router())
}

impl From<FinanceError> for ApiError {
    fn from(error: FinanceError) -> ApiError {
        let text = error.text();
        match (error, text) {
            (FinanceError::Database(e), _) => e.into(),
            (FinanceError::Ledger(e), _) => ApiError::internal(e),
            (FinanceError::Internal(e), _) => ApiError::Internal(e),
            (FinanceError::PayosUnavailable(e), _) => ApiError::Unavailable(e),
            (
                FinanceError::AccountNotFound | FinanceError::RequestNotFound | FinanceError::TeacherNotFound,
                Some(text),
            ) => ApiError::NotFound(text),
            (FinanceError::InvalidAccount(errors), Some(text)) => {
                let fields = errors
                    .iter()
                    .map(|(field, e)| {
                        use academy_shared::{Field as _, Message as _};
                        (field.name().to_owned(), Text::localized(|lang| e.message(lang)))
                    })
                    .collect();
                ApiError::Unprocessable { message: text, fields }
            }
            (FinanceError::Invalid { field, .. }, Some(text)) => unprocessable(field, text),
            (FinanceError::WrongPassword, Some(text)) => unprocessable("password", text),
            (FinanceError::Refused(_), Some(text)) => unprocessable("amount", text),
            (FinanceError::Throttled { retry_after_secs }, Some(text)) => {
                ApiError::RateLimited { message: text, retry_after_secs }
            }
            (_, Some(text)) => ApiError::Conflict(text),
            (error, None) => ApiError::internal(error),
        }
    }
}

fn unprocessable(field: &str, text: Text) -> ApiError {
    ApiError::Unprocessable { message: text.clone(), fields: BTreeMap::from([(field.to_owned(), text)]) }
}

/// Whose money a request is about.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct TeacherParam {
    /// A teacher's id (administrators; a teacher may name only themselves). Absent: the caller.
    pub teacher_id: Option<String>,
}

/// The teacher a request is about: the caller, or (administrators only) the teacher named. A teacher naming
/// someone else is told there is no such teacher, as is anyone naming a person who is not a teacher.
pub async fn teacher_of(state: &AppState, user: &CurrentUser, named: Option<&str>) -> Result<String, ApiError> {
    let Some(named) = named.map(str::trim).filter(|id| !id.is_empty() && *id != user.id) else {
        return Ok(user.id.clone());
    };
    if user.role != Role::Admin {
        return Err(FinanceError::TeacherNotFound.into());
    }
    if repo::user_role(&state.pool, named).await?.is_some_and(Role::teaches) {
        Ok(named.to_owned())
    } else {
        Err(FinanceError::TeacherNotFound.into())
    }
}
