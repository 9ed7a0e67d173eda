//! A teacher's week in the browser (wasm/pkg-schedule, npm `academy-wasm-schedule`): the check of an availability
//! and the bookable session times, the same rules the server runs (shared/src/schedule). Loaded only by the
//! schedule page (`web/src/lib/wasm-schedule.ts`); the time zone database lives in this module alone.

use academy_shared::schedule::{self, Availability, DateOverride};
use wasm_bindgen::prelude::*;

use crate::{JsResult, checked, lang, to_js, whole};

fn read<T: serde::de::DeserializeOwned>(value: JsValue, what: &str) -> Result<T, JsError> {
    serde_wasm_bindgen::from_value(value).map_err(|e| JsError::new(&format!("{what}: {e}")))
}

/// Checks a week (`{ zone, weekly: 7 lists of { start, end }, bufferMinutes, noticeMinutes }`) and its dated
/// exceptions (`[{ date: "YYYY-MM-DD", intervals }]`): `{ ok: true, value: zone }` or
/// `{ ok: false, errors: { <field>: message } }` (fields `zone`, `weekly.0`…`weekly.6`, `overrides`,
/// `bufferMinutes`, `noticeMinutes`). Throws when the objects do not have that shape.
#[wasm_bindgen(js_name = validateAvailability)]
pub fn validate_availability(
    #[wasm_bindgen(unchecked_param_type = "Availability")] availability: JsValue,
    #[wasm_bindgen(unchecked_param_type = "DateOverride[]")] overrides: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str,
) -> JsResult {
    let availability: Availability = read(availability, "availability")?;
    let overrides: Vec<DateOverride> = read(overrides, "overrides")?;
    let outcome = schedule::validate_availability(&availability, &overrides).map(|zone| zone.name().to_owned());
    checked(outcome, lang(lang_code))
}

/// The session times a student can book starting in [fromMs, toMs) (epoch ms, at most 62 days), as
/// `[start, end]` pairs in order: each session time of the week that starts at least the notice after `nowMs`
/// and keeps the buffer clear of every busy `[start, end]`.
#[wasm_bindgen(js_name = openSlots)]
pub fn open_slots(
    #[wasm_bindgen(unchecked_param_type = "Availability")] availability: JsValue,
    #[wasm_bindgen(unchecked_param_type = "DateOverride[]")] overrides: JsValue,
    #[wasm_bindgen(unchecked_param_type = "[number, number][]")] busy: JsValue,
    from_ms: f64,
    to_ms: f64,
    now_ms: f64,
    session_minutes: f64,
) -> JsResult {
    let availability: Availability = read(availability, "availability")?;
    let overrides: Vec<DateOverride> = read(overrides, "overrides")?;
    let busy: Vec<(f64, f64)> = read(busy, "busy")?;
    let busy: Vec<(i64, i64)> = busy.into_iter().map(|(s, e)| (whole(s), whole(e))).collect();
    let minutes = u32::try_from(whole(session_minutes).clamp(0, 24 * 60)).unwrap_or(0);
    let slots =
        schedule::open_slots(&availability, &overrides, &busy, whole(from_ms), whole(to_ms), whole(now_ms), minutes);
    to_js(&slots)
}

/// The IANA names of the time zones a teacher can choose, in alphabetical order.
#[wasm_bindgen(js_name = timeZones)]
pub fn time_zones() -> JsResult {
    to_js(&schedule::zone_names())
}
