//! A teacher's payout account: a bank from [`BANKS`](super::banks::BANKS), an account number of 6–19 digits and
//! the holder's name as banks print it (upper case, no marks). Numbers are shown masked to everyone but their
//! owner and administrators.

use serde::{Deserialize, Serialize};

use super::banks::bank_by_bin;
use crate::{Field, FieldErrors, Message, i18n::Lang, search::normalize_search};

/// The fewest and most digits of an account number.
pub const ACCOUNT_NUMBER_DIGITS: std::ops::RangeInclusive<usize> = 6..=19;
/// The longest holder name banks print.
pub const HOLDER_NAME_MAX_CHARS: usize = 50;

/// A payout account as a teacher types it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PayoutAccountInput {
    pub bank_bin: String,
    pub account_number: String,
    pub holder_name: String,
}

/// A field of a payout account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PayoutAccountField {
    BankBin,
    AccountNumber,
    HolderName,
}

impl Field for PayoutAccountField {
    fn name(self) -> &'static str {
        match self {
            Self::BankBin => "bankBin",
            Self::AccountNumber => "accountNumber",
            Self::HolderName => "holderName",
        }
    }
}

/// A rule a payout account breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PayoutAccountError {
    #[error("the bank is not in the list")]
    UnknownBank,
    #[error("an account number is 6-19 digits")]
    AccountNumber,
    #[error("a holder name is required")]
    HolderNameMissing,
    #[error("a holder name is at most 50 characters")]
    HolderNameTooLong,
}

impl Message for PayoutAccountError {
    fn message(&self, lang: Lang) -> String {
        match self {
            Self::UnknownBank => lang.pick("Hãy chọn ngân hàng trong danh sách.", "Choose a bank from the list."),
            Self::AccountNumber => {
                lang.pick("Số tài khoản gồm 6–19 chữ số.", "The account number must be 6–19 digits.")
            }
            Self::HolderNameMissing => lang.pick(
                "Hãy nhập tên chủ tài khoản như ngân hàng in trên thẻ.",
                "Enter the account holder's name as the bank prints it.",
            ),
            Self::HolderNameTooLong => lang.pick(
                "Tên chủ tài khoản dài tối đa 50 ký tự.",
                "The account holder's name must be at most 50 characters.",
            ),
        }
        .into()
    }
}

/// A payout account that keeps every rule: the BIN of a listed bank, the number's digits without spaces, the
/// holder's name as banks print it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PayoutAccount {
    pub bank_bin: String,
    pub account_number: String,
    pub holder_name: String,
}

/// A name as banks print it: marks removed (`đ`/`Đ` as `D`), upper case, single spaces, only letters, digits and
/// spaces kept. "Nguyễn Văn Ánh" → "NGUYEN VAN ANH". The look-alike `Ð`/`ð` (U+00D0/U+00F0, which some keyboards
/// type for `Đ`) is `D` too. The form shows it as the person types.
pub fn bank_holder_name(name: &str) -> String {
    let name: String = name.chars().map(|c| if matches!(c, 'Ð' | 'ð') { 'D' } else { c }).collect();
    let plain: String = normalize_search(&name)
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_uppercase() } else { ' ' })
        .collect();
    plain.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Checks a payout account and gives its stored form, or each field's first broken rule.
pub fn parse_payout_account(
    input: &PayoutAccountInput,
) -> Result<PayoutAccount, FieldErrors<PayoutAccountField, PayoutAccountError>> {
    let mut errors = FieldErrors::default();
    let bank_bin = input.bank_bin.trim().to_owned();
    if bank_by_bin(&bank_bin).is_none() {
        errors.add(PayoutAccountField::BankBin, PayoutAccountError::UnknownBank);
    }
    let account_number: String = input.account_number.chars().filter(|c| !matches!(c, ' ' | '-' | '.')).collect();
    if !ACCOUNT_NUMBER_DIGITS.contains(&account_number.len()) || !account_number.bytes().all(|b| b.is_ascii_digit()) {
        errors.add(PayoutAccountField::AccountNumber, PayoutAccountError::AccountNumber);
    }
    let holder_name = bank_holder_name(&input.holder_name);
    if holder_name.is_empty() {
        errors.add(PayoutAccountField::HolderName, PayoutAccountError::HolderNameMissing);
    } else if holder_name.len() > HOLDER_NAME_MAX_CHARS {
        errors.add(PayoutAccountField::HolderName, PayoutAccountError::HolderNameTooLong);
    }
    errors.into_result(|| PayoutAccount { bank_bin, account_number, holder_name })
}

/// An account number as others see it: its last four digits ("•••• 3651").
pub fn mask_account_number(number: &str) -> String {
    let digits: Vec<char> = number.chars().collect();
    let tail: String = digits[digits.len().saturating_sub(4)..].iter().collect();
    format!("•••• {tail}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(bin: &str, number: &str, name: &str) -> PayoutAccountInput {
        PayoutAccountInput { bank_bin: bin.into(), account_number: number.into(), holder_name: name.into() }
    }

    #[test]
    fn a_vietnamese_name_is_written_as_banks_print_it() {
        assert_eq!(bank_holder_name("Nguyễn Văn Ánh"), "NGUYEN VAN ANH");
        assert_eq!(bank_holder_name("  Đặng   Thị  Ðào "), "DANG THI DAO");
        assert_eq!(bank_holder_name("Phạm Quỳnh-Anh"), "PHAM QUYNH ANH");
        assert_eq!(bank_holder_name("NGUYEN VAN A"), "NGUYEN VAN A");
        assert_eq!(bank_holder_name("!!"), "");
    }

    #[test]
    fn a_good_account_is_stored_in_its_plain_form() {
        let account = parse_payout_account(&input(" 970436 ", "0071 0012 3651", "Trần Thị Bình")).expect("valid");
        assert_eq!(
            account,
            PayoutAccount {
                bank_bin: "970436".into(),
                account_number: "007100123651".into(),
                holder_name: "TRAN THI BINH".into()
            }
        );
    }

    #[test]
    fn an_account_number_is_six_to_nineteen_digits() {
        assert!(parse_payout_account(&input("970436", "123456", "A")).is_ok());
        assert!(parse_payout_account(&input("970436", "1234567890123456789", "A")).is_ok());
        for bad in ["12345", "12345678901234567890", "12345A", ""] {
            let errors = parse_payout_account(&input("970436", bad, "A")).expect_err(bad);
            assert_eq!(errors.get(PayoutAccountField::AccountNumber), Some(&PayoutAccountError::AccountNumber));
        }
    }

    #[test]
    fn a_bank_outside_the_list_and_an_empty_name_are_refused_together() {
        let errors = parse_payout_account(&input("999999", "123456789", "  ")).expect_err("invalid");
        assert_eq!(errors.get(PayoutAccountField::BankBin), Some(&PayoutAccountError::UnknownBank));
        assert_eq!(errors.get(PayoutAccountField::HolderName), Some(&PayoutAccountError::HolderNameMissing));
        assert_eq!(errors.messages(Lang::Vi)["bankBin"], "Hãy chọn ngân hàng trong danh sách.");
    }

    #[test]
    fn a_holder_name_longer_than_banks_print_is_refused() {
        let errors = parse_payout_account(&input("970436", "123456789", &"A".repeat(51))).expect_err("long");
        assert_eq!(errors.get(PayoutAccountField::HolderName), Some(&PayoutAccountError::HolderNameTooLong));
    }

    #[test]
    fn others_see_only_the_last_four_digits() {
        assert_eq!(mask_account_number("0071000123651"), "•••• 3651");
        assert_eq!(mask_account_number("123"), "•••• 123");
    }
}
