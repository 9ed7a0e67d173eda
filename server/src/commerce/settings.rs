//! The payment settings: the bank account that receives transfers (shown to the student as a VietQR code), the
//! platform's commission and how long an order waits for its payment. Kept as one JSON value in the server's
//! settings; until an administrator saves the bank account, checkout is refused.

use academy_shared::{
    commerce::{
        Commission,
        settings::{BankAccount, SaleTerms, check_order_expiry, normalize_bank_account},
    },
    validation::Message,
};
use serde::{Deserialize, Serialize};

use super::error::CommerceError;
use crate::{
    platform::{db::Pool, settings, text::Text},
    state::AppState,
};

const KEY: &str = "commerce.payment";

/// What is stored.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentSettings {
    /// The receiving account; `None` until an administrator sets it.
    pub bank: Option<BankAccount>,
    #[serde(default)]
    pub terms: SaleTerms,
}

/// The settings now (the defaults when never saved, or when the stored value cannot be read).
pub async fn read(pool: &Pool) -> Result<PaymentSettings, sqlx::Error> {
    let stored = settings::get(pool, KEY).await?;
    Ok(stored.and_then(|json| serde_json::from_str(&json).ok()).unwrap_or_default())
}

/// What an administrator sends.
#[derive(Debug, Clone)]
pub struct SettingsInput {
    pub bank: BankAccount,
    pub commission_percent: Option<i64>,
    pub order_expiry_minutes: Option<i64>,
}

/// Checks and saves the settings; a broken field is refused with its text (the first one found).
pub async fn save(state: &AppState, input: SettingsInput) -> Result<PaymentSettings, CommerceError> {
    let current = read(&state.pool).await?;
    let bank = normalize_bank_account(&input.bank).map_err(|errors| {
        let first = errors[0];
        CommerceError::Invalid { field: first.field(), message: Text::localized(|lang| first.message(lang)) }
    })?;
    let commission = match input.commission_percent {
        Some(percent) => Commission::parse(percent).map_err(|e| CommerceError::Invalid {
            field: "commissionPercent",
            message: Text::localized(|lang| e.message(lang)),
        })?,
        None => current.terms.commission,
    };
    let order_expiry_minutes = match input.order_expiry_minutes {
        Some(minutes) => check_order_expiry(minutes).map_err(|e| CommerceError::Invalid {
            field: "orderExpiryMinutes",
            message: Text::localized(|lang| e.message(lang)),
        })?,
        None => current.terms.order_expiry_minutes,
    };
    let saved = PaymentSettings { bank: Some(bank), terms: SaleTerms { commission, order_expiry_minutes } };
    let json = serde_json::to_string(&saved).map_err(|e| CommerceError::Database(sqlx::Error::Decode(e.into())))?;
    settings::put(&state.pool, KEY, &json).await?;
    Ok(saved)
}
