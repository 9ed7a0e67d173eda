//! A teacher's payout accounts: added or changed only with the current password, each change mailed to the
//! account's address, and usable for a payout only after the waiting time the settings give (a stolen session
//! must not be enough to send someone's earnings elsewhere). One is the default.

use std::net::IpAddr;

use academy_shared::{
    display::NotificationType,
    payouts::{PayoutAccountInput, bank_by_bin, mask_account_number, parse_payout_account},
};

use super::{
    error::FinanceError,
    repo::{self, AccountRow},
    settings,
};
use crate::{
    identity::profile::{ProfileRefusal, confirm_own_password},
    notifications::service::{self, Notice},
    platform::{
        db::{begin_write, new_id, now_ms},
        text::Text,
    },
    state::AppState,
};

/// A teacher's accounts, the default first.
pub async fn list(state: &AppState, user_id: &str) -> Result<Vec<AccountRow>, FinanceError> {
    let mut conn = state.pool.acquire().await?;
    Ok(repo::accounts_of(&mut conn, user_id).await?)
}

async fn check_password(state: &AppState, user_id: &str, password: &str, ip: IpAddr) -> Result<(), FinanceError> {
    match confirm_own_password(state, user_id, password, ip).await {
        Ok(true) => Ok(()),
        Ok(false) => Err(FinanceError::WrongPassword),
        Err(ProfileRefusal::Throttled { retry_after_secs }) => Err(FinanceError::Throttled { retry_after_secs }),
        Err(ProfileRefusal::Database(e)) => Err(e.into()),
        Err(other) => Err(FinanceError::Internal(anyhow::anyhow!("checking a password: {other}"))),
    }
}

/// Adds an account (the first is the default), after the current password.
pub async fn add(
    state: &AppState,
    user_id: &str,
    input: &PayoutAccountInput,
    password: &str,
    ip: IpAddr,
) -> Result<AccountRow, FinanceError> {
    let account = parse_payout_account(input).map_err(FinanceError::InvalidAccount)?;
    check_password(state, user_id, password, ip).await?;
    let rules = settings::read(&state.pool).await?.rules;
    let now = now_ms();
    let mut tx = begin_write(&state.pool).await?;
    let existing = repo::accounts_of(&mut tx, user_id).await?;
    let row = AccountRow {
        id: new_id(),
        user_id: user_id.to_owned(),
        bank_bin: account.bank_bin,
        account_number: account.account_number,
        holder_name: account.holder_name,
        is_default: existing.is_empty().into(),
        ready_at: rules.account_ready_at(now),
        created_at: now,
        updated_at: now,
    };
    repo::insert_account(&mut tx, &row).await?;
    tx.commit().await?;
    tell_owner(state, &row, Change::Added).await;
    Ok(row)
}

/// Changes an account of the caller's; it waits again before it can receive a payout.
pub async fn change(
    state: &AppState,
    user_id: &str,
    id: &str,
    input: &PayoutAccountInput,
    password: &str,
    ip: IpAddr,
) -> Result<AccountRow, FinanceError> {
    let account = parse_payout_account(input).map_err(FinanceError::InvalidAccount)?;
    check_password(state, user_id, password, ip).await?;
    let rules = settings::read(&state.pool).await?.rules;
    let now = now_ms();
    let mut tx = begin_write(&state.pool).await?;
    let mut row =
        repo::account(&mut tx, id).await?.filter(|a| a.user_id == user_id).ok_or(FinanceError::AccountNotFound)?;
    row.bank_bin = account.bank_bin;
    row.account_number = account.account_number;
    row.holder_name = account.holder_name;
    row.ready_at = rules.account_ready_at(now);
    row.updated_at = now;
    repo::update_account(&mut tx, &row).await?;
    tx.commit().await?;
    tell_owner(state, &row, Change::Changed).await;
    Ok(row)
}

/// Makes an account of the caller's the default.
pub async fn make_default(state: &AppState, user_id: &str, id: &str) -> Result<Vec<AccountRow>, FinanceError> {
    let mut tx = begin_write(&state.pool).await?;
    repo::account(&mut tx, id).await?.filter(|a| a.user_id == user_id).ok_or(FinanceError::AccountNotFound)?;
    repo::set_default(&mut tx, user_id, id, now_ms()).await?;
    let accounts = repo::accounts_of(&mut tx, user_id).await?;
    tx.commit().await?;
    Ok(accounts)
}

/// Removes an account of the caller's (requests made to it keep their copy); another becomes the default.
pub async fn remove(state: &AppState, user_id: &str, id: &str) -> Result<(), FinanceError> {
    let now = now_ms();
    let mut tx = begin_write(&state.pool).await?;
    let row =
        repo::account(&mut tx, id).await?.filter(|a| a.user_id == user_id).ok_or(FinanceError::AccountNotFound)?;
    repo::remove_account(&mut tx, id, now).await?;
    if row.is_default.get()
        && let Some(next) = repo::accounts_of(&mut tx, user_id).await?.first()
    {
        repo::set_default(&mut tx, user_id, &next.id, now).await?;
    }
    tx.commit().await?;
    tell_owner(state, &row, Change::Removed).await;
    Ok(())
}

#[derive(Debug, Clone, Copy)]
enum Change {
    Added,
    Changed,
    Removed,
}

/// Tells the owner (in the app and by mail) that a payout account was added, changed or removed, naming the
/// bank and the last digits, so that a change they did not make is noticed.
async fn tell_owner(state: &AppState, row: &AccountRow, change: Change) {
    let bank = bank_by_bin(&row.bank_bin).map_or(row.bank_bin.as_str(), |b| b.short_name);
    let masked = mask_account_number(&row.account_number);
    let (title, verb_vi, verb_en) = match change {
        Change::Added => {
            (Text::new("Đã thêm tài khoản nhận tiền", "Payout account added"), "đã được thêm", "was added")
        }
        Change::Changed => {
            (Text::new("Đã đổi tài khoản nhận tiền", "Payout account changed"), "đã được thay đổi", "was changed")
        }
        Change::Removed => {
            (Text::new("Đã xoá tài khoản nhận tiền", "Payout account removed"), "đã bị xoá", "was removed")
        }
    };
    let notice = Notice {
        user_id: row.user_id.clone(),
        kind: NotificationType::PaymentRequest,
        title,
        message: Text::new(
            format!(
                "Tài khoản nhận tiền {bank} {masked} {verb_vi}. Nếu không phải bạn, hãy đổi mật khẩu và liên hệ học viện \
                 ngay."
            ),
            format!(
                "The payout account {bank} {masked} {verb_en}. If this was not you, change your password and contact \
                 the academy at once."
            ),
        ),
        image: None,
        link: Some("/dashboard/payment-account".to_owned()),
        mail: true,
    };
    if let Err(e) = service::notify(state, notice).await {
        tracing::error!(error = %e, user = %row.user_id, "telling of a payout account change failed");
    }
}
