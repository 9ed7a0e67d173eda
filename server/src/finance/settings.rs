//! The payout settings an administrator keeps: the money rules (holding days, the new account's wait, the
//! smallest payout, tax withholding) and the payout methods (bank transfer paid by hand, always on, with its fee
//! and a note for teachers). Kept as one JSON value in the server's settings; the defaults until saved.

use academy_shared::payouts::{PayoutFee, PayoutRules};
use serde::{Deserialize, Serialize};

use super::error::FinanceError;
use crate::platform::{db::Pool, settings, text::Text};

const KEY: &str = "finance.payouts";

/// The method every academy has: the administrator transfers the money from the bank and records it.
pub const BANK_MANUAL: &str = "bank_manual";

/// A payout method's terms.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MethodTerms {
    /// The smallest payout through it, VND.
    pub minimum: i64,
    pub fee: PayoutFee,
    /// Shown to teachers when they ask (e.g. when transfers are made).
    pub note_vi: String,
    pub note_en: String,
}

impl Default for MethodTerms {
    fn default() -> Self {
        Self {
            minimum: PayoutRules::default().minimum_payout,
            fee: PayoutFee::None,
            note_vi: "Học viện chuyển khoản trong 3 ngày làm việc.".to_owned(),
            note_en: "The academy transfers the money within 3 working days.".to_owned(),
        }
    }
}

/// What is stored.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PayoutSettings {
    #[serde(default)]
    pub rules: PayoutRules,
    #[serde(default)]
    pub bank_manual: MethodTerms,
}

/// The longest note for teachers.
pub const NOTE_MAX_CHARS: usize = 500;

impl PayoutSettings {
    /// The terms of a method by name.
    pub fn method(&self, name: &str) -> Option<&MethodTerms> {
        (name == BANK_MANUAL).then_some(&self.bank_manual)
    }
}

/// The settings now (the defaults when never saved or unreadable).
pub async fn read(pool: &Pool) -> Result<PayoutSettings, sqlx::Error> {
    let stored = settings::get(pool, KEY).await?;
    Ok(stored.and_then(|json| serde_json::from_str(&json).ok()).unwrap_or_default())
}

fn invalid(field: &'static str, vi: &'static str, en: &'static str) -> FinanceError {
    FinanceError::Invalid { field, message: Text::new(vi, en) }
}

/// Checks and saves the settings.
pub async fn save(pool: &Pool, new: &PayoutSettings) -> Result<(), FinanceError> {
    let rules = &new.rules;
    if !academy_shared::payouts::withdrawal::HOLDING_DAYS.contains(&rules.holding_days) {
        return Err(invalid("holdingDays", "Số ngày giữ tiền từ 0 đến 90.", "Holding days must be 0–90."));
    }
    if !academy_shared::payouts::withdrawal::ACCOUNT_WAIT_HOURS.contains(&rules.account_wait_hours) {
        return Err(invalid(
            "accountWaitHours",
            "Thời gian chờ của tài khoản mới từ 0 đến 168 giờ.",
            "A new account's wait must be 0–168 hours.",
        ));
    }
    if !academy_shared::payouts::withdrawal::MINIMUM_PAYOUT.contains(&rules.minimum_payout)
        || !academy_shared::payouts::withdrawal::MINIMUM_PAYOUT.contains(&new.bank_manual.minimum)
    {
        return Err(invalid(
            "minimumPayout",
            "Số tiền rút tối thiểu từ 10.000 ₫ đến 100.000.000 ₫.",
            "The smallest payout must be ₫10,000–₫100,000,000.",
        ));
    }
    if !new.bank_manual.fee.is_valid() {
        return Err(invalid("fee", "Phí không hợp lệ (tối đa 10%).", "The fee is not valid (at most 10%)."));
    }
    if [&new.bank_manual.note_vi, &new.bank_manual.note_en].iter().any(|n| n.chars().count() > NOTE_MAX_CHARS) {
        return Err(invalid("note", "Ghi chú dài tối đa 500 ký tự.", "A note is at most 500 characters."));
    }
    let json = serde_json::to_string(new).map_err(|e| FinanceError::Internal(e.into()))?;
    settings::put(pool, KEY, &json).await?;
    Ok(())
}
