//! The checkout's rules (wasm/pkg-checkout, npm `academy-wasm-checkout`): the VietQR payload of a bank transfer,
//! the QR code drawn from it, and the time left before an unpaid order expires. Loaded only by the checkout
//! (`web/src/lib/wasm-checkout.ts`); the QR encoder lives in this module alone.

use academy_shared::{FieldErrors, countdown, money::Currency, qr, vietqr};
use wasm_bindgen::prelude::*;

use crate::{JsResult, checked, expect_object, lang, number, text, to_js, whole};

/// The payload a banking app scans for a transfer (`{ bin, accountNumber, amount, currency, note }`, the amount in
/// minor units of its currency, which must be VND): `{ ok: true, value: "000201…6304ABCD" }`, or
/// `{ ok: false, errors: { <field>: message } }` naming the first input that breaks its rule. An amount that is
/// not a whole number, or a currency code that is neither VND nor USD, throws: money is never rounded here.
#[wasm_bindgen(js_name = vietqrPayload)]
pub fn vietqr_payload(
    #[wasm_bindgen(
        unchecked_param_type = "{ bin: string; accountNumber: string; amount: number; currency: string; note: string }"
    )]
    input: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str,
) -> JsResult {
    expect_object(&input, "transfer")?;
    let [bin, account, note] = ["bin", "accountNumber", "note"].map(|name| text(&input, name));
    let amount = number(&input, "amount")
        .filter(|n| n.is_finite() && n.fract() == 0.0)
        .map(whole)
        .ok_or_else(|| JsError::new("transfer: amount must be a whole number of minor units"))?;
    let currency = text(&input, "currency").parse::<Currency>().map_err(|e| JsError::new(&format!("transfer: {e}")))?;
    let transfer = vietqr::VietQrTransfer { bank_bin: &bin, account_number: &account, amount, currency, note: &note };
    let outcome = vietqr::vietqr_payload(&transfer).map_err(|error| {
        let mut errors = FieldErrors::default();
        errors.add(error.field(), error);
        errors
    });
    checked(outcome, lang(lang_code))
}

/// The QR code of `text` at error-correction level M as `{ side, path }`: fill `path` in a `0 0 side side` view
/// box, quiet zone included. Throws when the text is too long for any QR code.
#[wasm_bindgen(js_name = qrSvgPath)]
pub fn qr_svg_path(text: &str) -> JsResult {
    to_js(&qr::qr_svg(text).map_err(|e| JsError::new(&e.to_string()))?)
}

/// The time left at `nowMs` until `expiresAtMs` (epoch milliseconds), in whole seconds rounded up; zero and
/// `done` from the deadline on.
#[wasm_bindgen(js_name = expiryRemaining)]
pub fn expiry_remaining(expires_at_ms: f64, now_ms: f64) -> JsResult {
    to_js(&countdown::until(whole(expires_at_ms), whole(now_ms)))
}
