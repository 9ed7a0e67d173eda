//! wasm-bindgen wrappers over `academy-shared`: type conversion only, no rules.
//!
//! Every export is camelCase. Results cross the boundary through serde-wasm-bindgen as plain JSON-like objects;
//! their TypeScript types are generated from the Rust types into `web/src/lib/rules/` and applied by
//! `web/src/lib/wasm.ts`. Form objects are read field by field (a missing or non-string field reads as empty),
//! which keeps serde's deserialisers, and the float printing their error messages pull in, out of the module.
//! Nothing here unwraps: bad input becomes a thrown `Error` (a `JsError`) or, for numbers, is clamped.
//!
//! Five modules are built from this crate (see `build_wasm` in .ci/setup.sh), one feature each, so every page
//! downloads only the rules it uses:
//! - `initial` (default): what public pages need for their first paint, `wasm/pkg` = npm `academy-wasm`, in the
//!   first download (within its budget);
//! - `account`: the account forms (login, registration, password reset, profile, staff accounts),
//!   `wasm/pkg-account` = npm `academy-wasm-account`, loaded by those pages through `web/src/lib/wasm-account.ts`;
//! - `dashboard`: the catalogue editor's, the broadcast form's, the payout forms' and the academy settings' rules, `wasm/pkg-dashboard` = npm `academy-wasm-dashboard`, loaded with
//!   the dashboard's pages through `web/src/lib/wasm-dashboard.ts`;
//! - `checkout`: the VietQR payload, its QR code and the order's expiry, `wasm/pkg-checkout` = npm
//!   `academy-wasm-checkout`, loaded by the checkout through `web/src/lib/wasm-checkout.ts`;
//! - `schedule`: a teacher's week (its check, the bookable session times, the zone names), `wasm/pkg-schedule` =
//!   npm `academy-wasm-schedule`, loaded by the schedule page through `web/src/lib/wasm-schedule.ts`.
//!
//! The lazy modules are built with `--no-default-features --features <name>`.

use academy_shared::Lang;
#[cfg(any(feature = "account", feature = "dashboard", feature = "checkout", feature = "schedule"))]
use academy_shared::{
    Message,
    validation::{Field, FieldErrors},
};
use js_sys::{Object, Reflect};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[cfg(feature = "initial")]
mod initial;
#[cfg(feature = "initial")]
pub use initial::*;

#[cfg(feature = "account")]
mod account;
#[cfg(feature = "account")]
pub use account::*;

#[cfg(any(feature = "account", feature = "dashboard"))]
mod pictures;
#[cfg(any(feature = "account", feature = "dashboard"))]
pub use pictures::*;

#[cfg(feature = "dashboard")]
mod dashboard;
#[cfg(feature = "dashboard")]
pub use dashboard::*;

#[cfg(feature = "dashboard")]
mod payouts;
#[cfg(feature = "dashboard")]
pub use payouts::*;

#[cfg(feature = "dashboard")]
mod promotions;
#[cfg(feature = "dashboard")]
pub use promotions::*;

#[cfg(feature = "dashboard")]
mod site;
#[cfg(feature = "dashboard")]
pub use site::*;

#[cfg(feature = "dashboard")]
mod notifications;
#[cfg(feature = "dashboard")]
pub use notifications::*;
#[cfg(feature = "checkout")]
mod checkout;
#[cfg(feature = "checkout")]
pub use checkout::*;

#[cfg(feature = "schedule")]
mod schedule;
#[cfg(feature = "schedule")]
pub use schedule::*;

/// Installs the readable panic messages in debug builds only.
#[wasm_bindgen(start)]
pub fn start() {
    #[cfg(debug_assertions)]
    console_error_panic_hook::set_once();
}

type JsResult = Result<JsValue, JsError>;

fn to_js<T: Serialize>(value: &T) -> JsResult {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(|e| JsError::new(&e.to_string()))
}

#[cfg(any(feature = "account", feature = "dashboard", feature = "checkout"))]
/// The property `name` of a form object: its string, or empty when missing or not a string.
fn text(object: &JsValue, name: &str) -> String {
    Reflect::get(object, &JsValue::from_str(name)).ok().and_then(|v| v.as_string()).unwrap_or_default()
}

#[cfg(any(feature = "account", feature = "dashboard", feature = "checkout"))]
/// The property `name` of an object as a number, when it is one.
fn number(object: &JsValue, name: &str) -> Option<f64> {
    Reflect::get(object, &JsValue::from_str(name)).ok().and_then(|v| v.as_f64())
}

#[cfg(any(feature = "account", feature = "dashboard", feature = "checkout"))]
fn expect_object(value: &JsValue, what: &str) -> Result<(), JsError> {
    if value.is_object() { Ok(()) } else { Err(JsError::new(&format!("{what}: expected an object"))) }
}

fn set(object: &Object, key: &str, value: &JsValue) -> Result<(), JsError> {
    Reflect::set(object, &JsValue::from_str(key), value).map(drop).map_err(|_| JsError::new("cannot build the result"))
}

/// "vi", "en", "en-US"…; anything unknown is Vietnamese, the default.
fn lang(code: &str) -> Lang {
    Lang::from_code(code).unwrap_or_default()
}

#[cfg(any(feature = "initial", feature = "dashboard", feature = "checkout", feature = "schedule"))]
/// A JavaScript number as a whole signed value (NaN is 0; `as` saturates).
#[allow(clippy::cast_possible_truncation)]
fn whole(n: f64) -> i64 {
    if n.is_nan() { 0 } else { n.trunc() as i64 }
}

/// A JavaScript number as a non-negative whole count (NaN and negatives are 0; `as` saturates).
#[cfg(any(feature = "initial", feature = "account", feature = "dashboard"))]
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
fn count(n: f64) -> u64 {
    if n.is_finite() && n > 0.0 { n.floor() as u64 } else { 0 }
}

#[cfg(any(feature = "account", feature = "dashboard", feature = "checkout", feature = "schedule"))]
/// `{ ok: true, value }` or `{ ok: false, errors: { field: message } }`.
fn checked<T: Serialize, F: Field, E: Message>(outcome: Result<T, FieldErrors<F, E>>, lang: Lang) -> JsResult {
    let result = Object::new();
    match outcome {
        Ok(value) => {
            set(&result, "ok", &JsValue::TRUE)?;
            set(&result, "value", &to_js(&value)?)?;
        }
        Err(errors) => {
            let messages = Object::new();
            for (field, error) in errors.iter() {
                set(&messages, field.name(), &JsValue::from_str(&error.message(lang)))?;
            }
            set(&result, "ok", &JsValue::FALSE)?;
            set(&result, "errors", &messages)?;
        }
    }
    Ok(result.into())
}
