//! A teacher's payout accounts (`/api/finance/payout-accounts`): listed to their owner and administrators;
//! added, changed and removed by their owner, adding and changing with the current password.

use academy_shared::payouts::PayoutAccountInput;
use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{TeacherParam, teacher_of};
use crate::{
    finance::{accounts, views::AccountView},
    http::{Allowed, ApiResult, ClientAddr, Json, Path, Query, Teachers, error::ErrorEnvelope, ok},
    platform::db::now_ms,
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_payout_accounts, add_payout_account))
        .routes(routes!(change_payout_account, remove_payout_account))
        .routes(routes!(make_default_payout_account))
}

/// A payout account as the owner sends it, with their current password.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountBody {
    /// A listed bank's BIN (`GET /api/finance/banks`).
    pub bank_bin: String,
    /// 6–19 digits (spaces, dots and dashes are dropped).
    pub account_number: String,
    /// As the bank prints it; stored upper case without marks.
    pub holder_name: String,
    /// The owner's current password.
    pub password: String,
}

impl AccountBody {
    fn input(&self) -> PayoutAccountInput {
        PayoutAccountInput {
            bank_bin: self.bank_bin.clone(),
            account_number: self.account_number.clone(),
            holder_name: self.holder_name.clone(),
        }
    }
}

/// A teacher's payout accounts, the default first: the caller's, or (administrators) a teacher's.
#[utoipa::path(
    get,
    path = "/api/finance/payout-accounts",
    tag = "finance",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(TeacherParam),
    responses(
        (status = 200, description = "The accounts", body = crate::http::Envelope<Vec<AccountView>>),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
        (status = 404, description = "No such teacher (or not the caller)", body = ErrorEnvelope),
    )
)]
pub async fn list_payout_accounts(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<Teachers>,
    Query(params): Query<TeacherParam>,
) -> ApiResult<Vec<AccountView>> {
    let teacher = teacher_of(&state, &user, params.teacher_id.as_deref()).await?;
    let now = now_ms();
    Ok(ok(accounts::list(&state, &teacher).await?.iter().map(|row| AccountView::new(row, now)).collect()))
}

/// Adds a payout account of the caller's (the first becomes the default). It can receive payouts after the
/// waiting time of the settings; the owner is told by mail.
#[utoipa::path(
    post,
    path = "/api/finance/payout-accounts",
    tag = "finance",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    request_body = AccountBody,
    responses(
        (status = 200, description = "Added", body = crate::http::Envelope<AccountView>),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
        (status = 422, description = "A field breaks its rule, or the password is wrong", body = ErrorEnvelope),
        (status = 429, description = "Too many wrong passwords", body = ErrorEnvelope),
    )
)]
pub async fn add_payout_account(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<Teachers>,
    ClientAddr(ip): ClientAddr,
    Json(body): Json<AccountBody>,
) -> ApiResult<AccountView> {
    let row = accounts::add(&state, &user.id, &body.input(), &body.password, ip).await?;
    Ok(ok(AccountView::new(&row, now_ms())))
}

/// Changes a payout account of the caller's; it waits again before it can receive payouts.
#[utoipa::path(
    put,
    path = "/api/finance/payout-accounts/{id}",
    tag = "finance",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(("id" = String, Path, description = "The account's id")),
    request_body = AccountBody,
    responses(
        (status = 200, description = "Changed", body = crate::http::Envelope<AccountView>),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
        (status = 404, description = "No such account of the caller's", body = ErrorEnvelope),
        (status = 422, description = "A field breaks its rule, or the password is wrong", body = ErrorEnvelope),
        (status = 429, description = "Too many wrong passwords", body = ErrorEnvelope),
    )
)]
pub async fn change_payout_account(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<Teachers>,
    ClientAddr(ip): ClientAddr,
    Path(id): Path<String>,
    Json(body): Json<AccountBody>,
) -> ApiResult<AccountView> {
    let row = accounts::change(&state, &user.id, &id, &body.input(), &body.password, ip).await?;
    Ok(ok(AccountView::new(&row, now_ms())))
}

/// Removes a payout account of the caller's (requests made to it keep their copy).
#[utoipa::path(
    delete,
    path = "/api/finance/payout-accounts/{id}",
    tag = "finance",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(("id" = String, Path, description = "The account's id")),
    responses(
        (status = 200, description = "Removed", body = crate::http::Envelope<bool>),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
        (status = 404, description = "No such account of the caller's", body = ErrorEnvelope),
    )
)]
pub async fn remove_payout_account(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<Teachers>,
    Path(id): Path<String>,
) -> ApiResult<bool> {
    accounts::remove(&state, &user.id, &id).await?;
    Ok(ok(true))
}

/// Makes a payout account of the caller's the default; the accounts afterwards.
#[utoipa::path(
    post,
    path = "/api/finance/payout-accounts/{id}/default",
    tag = "finance",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(("id" = String, Path, description = "The account's id")),
    responses(
        (status = 200, description = "The accounts", body = crate::http::Envelope<Vec<AccountView>>),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
        (status = 404, description = "No such account of the caller's", body = ErrorEnvelope),
    )
)]
pub async fn make_default_payout_account(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<Teachers>,
    Path(id): Path<String>,
) -> ApiResult<Vec<AccountView>> {
    let now = now_ms();
    Ok(ok(accounts::make_default(&state, &user.id, &id).await?.iter().map(|row| AccountView::new(row, now)).collect()))
}
