//! The payout settings an administrator keeps: the money rules (holding days, the new account's wait, the
//! smallest payout, tax withholding), the payout methods (bank transfer paid by hand, always on; payOS payouts
//! when configured and enabled; each with its minimum, fee and a note for teachers) and the academy's details as
//! payer. Kept as one JSON value in the server's settings; the defaults until saved.

use academy_shared::payouts::{PayoutFee, PayoutRules};
use serde::{Deserialize, Serialize};

use super::error::FinanceError;
use crate::platform::{db::Pool, settings, text::Text};

const KEY: &str = "finance.payouts";

/// The method every academy has: the administrator transfers the money from the bank and records it.
pub const BANK_MANUAL: &str = "bank_manual";
/// Transfers through payOS's payouts API (when its keys are configured and an administrator enables it).
pub const PAYOS: &str = "payos";

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

/// A method an administrator turns on or off, with its terms.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OptionalMethod {
    #[serde(default)]
    pub enabled: bool,
    #[serde(flatten)]
    pub terms: MethodTerms,
}

impl Default for OptionalMethod {
    fn default() -> Self {
        Self {
            enabled: false,
            terms: MethodTerms {
                note_vi: "Chuyển qua payOS, thường đến tài khoản trong vài phút sau khi học viện duyệt.".to_owned(),
                note_en: "Sent through payOS; it usually reaches the account minutes after the academy approves it."
                    .to_owned(),
                ..MethodTerms::default()
            },
        }
    }
}

/// Who pays teachers, as the yearly withholding statement names them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Payer {
    /// The academy's legal name (empty: the sender name of its mail).
    #[serde(default)]
    pub name: String,
    /// Its tax code (mã số thuế).
    #[serde(default)]
    pub tax_code: String,
    #[serde(default)]
    pub address: String,
}

/// What is stored.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PayoutSettings {
    #[serde(default)]
    pub rules: PayoutRules,
    #[serde(default)]
    pub bank_manual: MethodTerms,
    /// payOS payouts: offered only when its keys are configured and it is enabled (null, as read where payOS is
    /// not configured, keeps the defaults).
    #[serde(default, deserialize_with = "null_as_default")]
    pub payos: OptionalMethod,
    #[serde(default)]
    pub payer: Payer,
}

fn null_as_default<'de, D: serde::Deserializer<'de>, T: Default + Deserialize<'de>>(d: D) -> Result<T, D::Error> {
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}

/// The longest note for teachers.
pub const NOTE_MAX_CHARS: usize = 500;

impl PayoutSettings {
    /// The terms of a method teachers may choose, by name (payOS only when configured and enabled).
    pub fn method(&self, name: &str, payos_configured: bool) -> Option<&MethodTerms> {
        match name {
            BANK_MANUAL => Some(&self.bank_manual),
            PAYOS if payos_configured && self.payos.enabled => Some(&self.payos.terms),
            _ => None,
        }
    }

    /// The methods teachers may choose now, by name.
    pub fn methods(&self, payos_configured: bool) -> Vec<(&'static str, &MethodTerms)> {
        let mut methods = vec![(BANK_MANUAL, &self.bank_manual)];
        if payos_configured && self.payos.enabled {
            methods.push((PAYOS, &self.payos.terms));
        }
        methods
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
    let methods = [&new.bank_manual, &new.payos.terms];
    if !academy_shared::payouts::withdrawal::MINIMUM_PAYOUT.contains(&rules.minimum_payout)
        || methods.iter().any(|m| !academy_shared::payouts::withdrawal::MINIMUM_PAYOUT.contains(&m.minimum))
    {
        return Err(invalid(
            "minimumPayout",
            "Số tiền rút tối thiểu từ 10.000 ₫ đến 100.000.000 ₫.",
            "The smallest payout must be ₫10,000–₫100,000,000.",
        ));
    }
    if methods.iter().any(|m| !m.fee.is_valid()) {
        return Err(invalid("fee", "Phí không hợp lệ (tối đa 10%).", "The fee is not valid (at most 10%)."));
    }
    if methods.iter().flat_map(|m| [&m.note_vi, &m.note_en]).any(|n| n.chars().count() > NOTE_MAX_CHARS) {
        return Err(invalid("note", "Ghi chú dài tối đa 500 ký tự.", "A note is at most 500 characters."));
    }
    let payer = &new.payer;
    if [&payer.name, &payer.tax_code, &payer.address].iter().any(|t| t.chars().count() > 200) {
        return Err(invalid(
            "payer",
            "Tên, mã số thuế và địa chỉ của học viện dài tối đa 200 ký tự.",
            "The academy's name, tax code and address are at most 200 characters each.",
        ));
    }
    let json = serde_json::to_string(new).map_err(|e| FinanceError::Internal(e.into()))?;
    settings::put(pool, KEY, &json).await?;
    Ok(())
}
