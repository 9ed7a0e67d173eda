//! The schedule's module seen from JavaScript: a week goes in as the editor holds it and comes out checked (the
//! zone, or each broken field's message), the bookable session times as `[start, end]` pairs, and the zone names.
//! Run with `wasm-pack test --node -- --no-default-features --features schedule` (see `test_wasm` in
//! .ci/setup.sh).

#![cfg(all(target_arch = "wasm32", feature = "schedule"))]

use academy_wasm::*;
use js_sys::{JSON, Reflect};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

fn parse(text: &str) -> JsValue {
    JSON::parse(text).expect("json")
}

fn json(value: &JsValue) -> String {
    JSON::stringify(value).expect("stringifies").as_string().expect("a string")
}

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &JsValue::from_str(key)).expect("reads a property")
}

fn ok(value: Result<JsValue, wasm_bindgen::JsError>) -> JsValue {
    value.unwrap_or_else(|_| panic!("the call failed"))
}

const BERLIN_NINE: &str = r#"{"zone":"Europe/Berlin","weekly":[[{"start":540,"end":600}],[{"start":540,"end":600}],
[{"start":540,"end":600}],[{"start":540,"end":600}],[{"start":540,"end":600}],[{"start":540,"end":600}],
[{"start":540,"end":600}]],"bufferMinutes":0,"noticeMinutes":0}"#;

#[wasm_bindgen_test]
fn a_week_is_checked_field_by_field_in_the_asked_language() {
    let checked = ok(validate_availability(parse(BERLIN_NINE), parse("[]"), "en"));
    assert_eq!(json(&checked), r#"{"ok":true,"value":"Europe/Berlin"}"#);
    let broken = parse(
        r#"{"zone":"Mars/Base","weekly":[[{"start":600,"end":720},{"start":660,"end":780}],[],[],[],[],[],[]],
        "bufferMinutes":200,"noticeMinutes":0}"#,
    );
    let checked = ok(validate_availability(broken, parse("[]"), "en"));
    let errors = get(&checked, "errors");
    assert_eq!(get(&errors, "zone").as_string().as_deref(), Some("Unknown time zone"));
    assert_eq!(
        get(&errors, "weekly.0").as_string().as_deref(),
        Some("Intervals must be in order and must not overlap")
    );
    assert_eq!(get(&errors, "bufferMinutes").as_string().as_deref(), Some("Enter a whole number from 0 to 120"));
    assert!(validate_availability(parse(r#"{"zone":1}"#), parse("[]"), "en").is_err(), "a shapeless week throws");
}

#[wasm_bindgen_test]
fn nine_in_berlin_moves_an_hour_in_utc_across_the_spring_switch() {
    // 2027-03-27T00:00Z .. 2027-03-30T00:00Z.
    let from = 1_806_105_600_000.0;
    let slots =
        ok(open_slots(parse(BERLIN_NINE), parse("[]"), parse("[]"), from, from + 3.0 * 86_400_000.0, 0.0, 60.0));
    let hour = 3_600_000.0;
    let day = 24.0 * hour;
    let expected = [from + 8.0 * hour, from + day + 7.0 * hour, from + 2.0 * day + 7.0 * hour]
        .map(|start| format!("[{start},{}]", start + hour))
        .join(",");
    assert_eq!(json(&slots), format!("[{expected}]"));
}

#[wasm_bindgen_test]
fn the_zone_names_include_ho_chi_minh_city() {
    assert!(json(&ok(time_zones())).contains("\"Asia/Ho_Chi_Minh\""));
}
