//! The payment settings an administrator keeps: the bank account that receives transfers (as VietQR names it),
//! the platform's commission and how long an order waits for its payment.

use serde::{Deserialize, Serialize};

use super::split::Commission;
use crate::{i18n::Lang, validation::Message};

/// How long an order waits for its payment unless an administrator sets another time: 30 minutes.
pub const DEFAULT_ORDER_EXPIRY_MINUTES: i64 = 30;
/// The shortest and longest waits an administrator may set (5 minutes to 2 days).
pub const ORDER_EXPIRY_MINUTES: std::ops::RangeInclusive<i64> = 5..=2880;
/// The longest account name a VietQR code carries.
pub const ACCOUNT_NAME_MAX_CHARS: usize = 50;
/// The longest bank name kept.
pub const BANK_NAME_MAX_CHARS: usize = 100;

/// The receiving bank account, as a VietQR code names it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BankAccount {
    /// The bank's 6-digit BIN (Napas identifier), e.g. `970436` for Vietcombank.
    pub bank_bin: String,
    /// The bank's name as shown to the person paying, e.g. `Vietcombank`.
    pub bank_name: String,
    /// The account number: 6–19 letters or digits.
    pub account_number: String,
    /// The account holder's name: upper-case letters without marks, digits and spaces (banks show it so).
    pub account_name: String,
}

/// A field of the bank account that breaks its rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BankAccountError {
    #[error("a BIN is 6 digits")]
    Bin,
    #[error("a bank name is 1-100 characters")]
    BankName,
    #[error("an account number is 6-19 letters or digits")]
    AccountNumber,
    #[error("an account name is 1-50 upper-case letters without marks, digits or spaces")]
    AccountName,
}

impl BankAccountError {
    /// The field's name in forms and payloads.
    pub fn field(self) -> &'static str {
        match self {
            Self::Bin => "bankBin",
            Self::BankName => "bankName",
            Self::AccountNumber => "accountNumber",
            Self::AccountName => "accountName",
        }
    }
}

impl Message for BankAccountError {
    fn message(&self, lang: Lang) -> String {
        match self {
            Self::Bin => lang.pick("Mã BIN ngân hàng gồm đúng 6 chữ số.", "A bank BIN is exactly 6 digits."),
            Self::BankName => {
                lang.pick("Tên ngân hàng có từ 1 đến 100 ký tự.", "The bank name must be 1–100 characters.")
            }
            Self::AccountNumber => lang.pick(
                "Số tài khoản gồm 6–19 chữ số hoặc chữ cái.",
                "The account number must be 6–19 digits or letters.",
            ),
            Self::AccountName => lang.pick(
                "Tên chủ tài khoản gồm 1–50 chữ in hoa không dấu, chữ số hoặc khoảng trắng.",
                "The account name must be 1–50 upper-case letters without marks, digits or spaces.",
            ),
        }
        .into()
    }
}

/// The stored form of a bank account (trimmed; the account name upper case with single spaces), or every field
/// that breaks its rule, in the order of the form.
pub fn normalize_bank_account(account: &BankAccount) -> Result<BankAccount, Vec<BankAccountError>> {
    let bank_bin = account.bank_bin.trim().to_owned();
    let bank_name = account.bank_name.trim().to_owned();
    let account_number = account.account_number.trim().to_ascii_uppercase();
    let account_name = account.account_name.split_whitespace().collect::<Vec<_>>().join(" ").to_uppercase();
    let mut errors = Vec::new();
    if bank_bin.len() != 6 || !bank_bin.bytes().all(|b| b.is_ascii_digit()) {
        errors.push(BankAccountError::Bin);
    }
    if bank_name.is_empty() || bank_name.chars().count() > BANK_NAME_MAX_CHARS {
        errors.push(BankAccountError::BankName);
    }
    if !(6..=19).contains(&account_number.len()) || !account_number.bytes().all(|b| b.is_ascii_alphanumeric()) {
        errors.push(BankAccountError::AccountNumber);
    }
    let name_ok = |c: char| c.is_ascii_uppercase() || c.is_ascii_digit() || c == ' ';
    if account_name.is_empty() || account_name.len() > ACCOUNT_NAME_MAX_CHARS || !account_name.chars().all(name_ok) {
        errors.push(BankAccountError::AccountName);
    }
    if errors.is_empty() { Ok(BankAccount { bank_bin, bank_name, account_number, account_name }) } else { Err(errors) }
}

/// An order wait outside the allowed range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("an order waits 5 minutes to 2 days for its payment")]
pub struct ExpiryOutOfRange;

impl Message for ExpiryOutOfRange {
    fn message(&self, lang: Lang) -> String {
        lang.pick(
            "Thời gian chờ thanh toán phải từ 5 phút đến 2 ngày (2880 phút).",
            "The time to pay must be between 5 minutes and 2 days (2880 minutes).",
        )
        .into()
    }
}

/// Checks how many minutes an order waits for its payment.
pub fn check_order_expiry(minutes: i64) -> Result<i64, ExpiryOutOfRange> {
    if ORDER_EXPIRY_MINUTES.contains(&minutes) { Ok(minutes) } else { Err(ExpiryOutOfRange) }
}

/// What the platform keeps and how long orders wait, with their defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SaleTerms {
    pub commission: Commission,
    pub order_expiry_minutes: i64,
}

impl Default for SaleTerms {
    fn default() -> Self {
        SaleTerms { commission: Commission::DEFAULT, order_expiry_minutes: DEFAULT_ORDER_EXPIRY_MINUTES }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vietcombank() -> BankAccount {
        BankAccount {
            bank_bin: " 970436 ".into(),
            bank_name: "Vietcombank".into(),
            account_number: "0011004356789".into(),
            account_name: "  cong ty   hoc vien  ".into(),
        }
    }

    #[test]
    fn a_bank_account_is_stored_trimmed_with_its_holder_in_upper_case() {
        let account = normalize_bank_account(&vietcombank()).expect("valid");
        assert_eq!(account.bank_bin, "970436");
        assert_eq!(account.account_name, "CONG TY HOC VIEN");
    }

    #[test]
    fn each_broken_field_of_a_bank_account_is_named() {
        let broken = BankAccount {
            bank_bin: "97043".into(),
            bank_name: " ".into(),
            account_number: "12-34".into(),
            account_name: "Công ty Học viện".into(),
        };
        let errors = normalize_bank_account(&broken).expect_err("refused");
        let fields: Vec<&str> = errors.iter().map(|e| e.field()).collect();
        assert_eq!(fields, ["bankBin", "bankName", "accountNumber", "accountName"]);
        for error in errors {
            assert_ne!(error.message(Lang::Vi), error.message(Lang::En));
        }
    }

    #[test]
    fn orders_wait_between_five_minutes_and_two_days() {
        assert_eq!(check_order_expiry(30), Ok(30));
        assert_eq!(check_order_expiry(5), Ok(5));
        assert_eq!(check_order_expiry(2880), Ok(2880));
        assert_eq!(check_order_expiry(4), Err(ExpiryOutOfRange));
        assert_eq!(check_order_expiry(2881), Err(ExpiryOutOfRange));
        assert_eq!(SaleTerms::default().order_expiry_minutes, 30);
        assert_eq!(SaleTerms::default().commission.percent(), 20);
    }
}
