//! The money rules of paying teachers, written once for the server and the browser: the banks a payout can go
//! to ([`banks`]), a payout account and how banks print a holder's name ([`account`]), a payout method's fee
//! ([`fee`]), the personal income tax withheld ([`tax`]) and what a request of an amount gives ([`withdrawal`]).
//!
//! Amounts are integer VND; nothing here rounds through a float.

pub mod account;
pub mod banks;
pub mod fee;
pub mod tax;
pub mod withdrawal;

pub use account::{
    PayoutAccount, PayoutAccountError, PayoutAccountField, PayoutAccountInput, bank_holder_name, mask_account_number,
    parse_payout_account,
};
pub use banks::{BANKS, Bank, bank_by_bin};
pub use fee::PayoutFee;
pub use tax::{WITHHOLDING_PERCENT, WITHHOLDING_THRESHOLD_VND, Withholding, withheld_tax};
pub use withdrawal::{PayoutQuote, PayoutRequestError, PayoutRules, quote_payout};
