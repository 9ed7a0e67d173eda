//! The payout rules of the dashboard's module: the banks a payout can go to, a payout account's check and the
//! holder's name as banks print it (shown as the teacher types), and what a payout request gives (fee, tax, net),
//! all from `academy_shared::payouts`, the functions the server runs.

use academy_shared::payouts::{
    self, BANKS, PayoutAccountInput, PayoutFee, Withholding, bank_holder_name, mask_account_number,
};
use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

use crate::{JsResult, checked, expect_object, lang, number, set, text, to_js, whole};

/// The banks a payout can go to, by short name: `[{ bin, code, shortName, name, paysVietqr }]`.
#[wasm_bindgen(js_name = payoutBanks)]
pub fn payout_banks() -> Result<Array, JsError> {
    let list = Array::new();
    for bank in BANKS {
        let item = Object::new();
        set(&item, "bin", &JsValue::from_str(bank.bin))?;
        set(&item, "code", &JsValue::from_str(bank.code))?;
        set(&item, "shortName", &JsValue::from_str(bank.short_name))?;
        set(&item, "name", &JsValue::from_str(bank.name))?;
        set(&item, "paysVietqr", &JsValue::from_bool(bank.pays_vietqr))?;
        list.push(&item);
    }
    Ok(list)
}

/// A name as banks print it: "Nguyễn Văn Ánh" → "NGUYEN VAN ANH".
#[wasm_bindgen(js_name = bankHolderName)]
pub fn printed_holder_name(name: &str) -> String {
    bank_holder_name(name)
}

/// An account number as others see it: "•••• 3651".
#[wasm_bindgen(js_name = maskAccountNumber)]
pub fn masked_account_number(number: &str) -> String {
    mask_account_number(number)
}

/// A payout account form (`{ bankBin, accountNumber, holderName }`): `{ ok: true, value }` with its stored form,
/// or `{ ok: false, errors: { field: message } }`.
#[wasm_bindgen(js_name = checkPayoutAccount)]
pub fn check_payout_account(
    form: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str,
) -> JsResult {
    expect_object(&form, "payout account form")?;
    let input = PayoutAccountInput {
        bank_bin: text(&form, "bankBin"),
        account_number: text(&form, "accountNumber"),
        holder_name: text(&form, "holderName"),
    };
    checked(payouts::parse_payout_account(&input), lang(lang_code))
}

/// What a payout request of `amount` gives (`{ ok: true, value: { amount, fee, tax, net } }`) or why it is
/// refused (`{ ok: false, message }`). `terms`: `{ available, minimum, fee: PayoutFee, withholdTax, committed }`.
#[wasm_bindgen(js_name = quotePayout)]
pub fn quote_payout(
    amount: f64,
    terms: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str,
) -> JsResult {
    expect_object(&terms, "payout terms")?;
    let available = number(&terms, "available").map_or(0, whole);
    let minimum = number(&terms, "minimum").map_or(0, whole);
    let fee_object = js_sys::Reflect::get(&terms, &JsValue::from_str("fee")).unwrap_or(JsValue::UNDEFINED);
    let fee = match text(&fee_object, "kind").as_str() {
        "fixed" => PayoutFee::Fixed { amount: number(&fee_object, "amount").map_or(0, whole) },
        "percent" => PayoutFee::Percent { basis_points: number(&fee_object, "basisPoints").map_or(0, whole) },
        _ => PayoutFee::None,
    };
    let flag = |name: &str| js_sys::Reflect::get(&terms, &JsValue::from_str(name)).ok().and_then(|v| v.as_bool());
    let withholding =
        Withholding { enabled: flag("withholdTax").unwrap_or(false), committed: flag("committed").unwrap_or(false) };
    let result = Object::new();
    match payouts::quote_payout(whole(amount), available, minimum, fee, withholding) {
        Ok(quote) => {
            set(&result, "ok", &JsValue::TRUE)?;
            set(&result, "value", &to_js(&quote)?)?;
        }
        Err(refusal) => {
            set(&result, "ok", &JsValue::FALSE)?;
            set(&result, "message", &JsValue::from_str(&academy_shared::Message::message(&refusal, lang(lang_code))))?;
        }
    }
    Ok(result.into())
}
