//! The checkout's module seen from JavaScript: a transfer goes in as the checkout holds it and comes out as the
//! VietQR payload (or the broken input's message), its QR code as an SVG path, and the order's time left.
//! Run with `wasm-pack test --node -- --no-default-features --features checkout` (see `test_wasm` in
//! .ci/setup.sh).

#![cfg(all(target_arch = "wasm32", feature = "checkout"))]

use academy_wasm::*;
use js_sys::{JSON, Object, Reflect};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

fn object(pairs: &[(&str, JsValue)]) -> JsValue {
    let object = Object::new();
    for (key, value) in pairs {
        Reflect::set(&object, &JsValue::from_str(key), value).expect("sets a property");
    }
    object.into()
}

fn get(value: &JsValue, path: &str) -> JsValue {
    path.split('.').fold(value.clone(), |v, key| Reflect::get(&v, &JsValue::from_str(key)).expect("reads a property"))
}

fn json(value: &JsValue) -> String {
    JSON::stringify(value).expect("stringifies").as_string().expect("a string")
}

fn ok(value: Result<JsValue, wasm_bindgen::JsError>) -> JsValue {
    value.unwrap_or_else(|_| panic!("the call failed"))
}

fn transfer(amount: JsValue, note: &str) -> JsValue {
    object(&[
        ("bin", "970422".into()),
        ("accountNumber", "0342971086".into()),
        ("amount", amount),
        ("currency", "VND".into()),
        ("note", note.into()),
    ])
}

#[wasm_bindgen_test]
fn a_transfer_becomes_the_payload_banking_apps_scan() {
    // The VietQR test vector of Wei-Shaw/sub2api backend/internal/payment/provider/gpmpay_test.go.
    let result = ok(vietqr_payload(transfer(50_000.into(), "SUB220260930AB3KX9MQ"), "vi"));
    assert_eq!(
        json(&result),
        concat!(
            r#"{"ok":true,"value":"00020101021238540010A00000072701240006970422011003429710860208QRIBFTTA53037045405"#,
            r#"500005802VN62240820SUB220260930AB3KX9MQ6304ACE2"}"#
        )
    );
}

#[wasm_bindgen_test]
fn a_broken_input_is_named_with_its_message_in_the_requested_language() {
    let note = ok(vietqr_payload(transfer(50_000.into(), "don hang 12"), "en"));
    assert_eq!(get(&note, "ok"), JsValue::FALSE);
    assert_eq!(
        get(&note, "errors.note").as_string().as_deref(),
        Some("The transfer note must be 1 to 25 capital letters, digits or spaces")
    );
    let amount = ok(vietqr_payload(transfer(0.into(), "DH12"), "vi"));
    assert_eq!(json(&get(&amount, "errors")), r#"{"amount":"Số tiền phải lớn hơn 0"}"#);
    let bin = ok(vietqr_payload(object(&[("amount", 1.into()), ("currency", "vnd".into())]), "en"));
    assert_eq!(json(&get(&bin, "errors")), r#"{"bin":"The bank's BIN must be exactly 6 digits"}"#);
}

#[wasm_bindgen_test]
fn an_amount_that_is_not_a_whole_number_throws_instead_of_being_rounded() {
    assert!(vietqr_payload(transfer(1_000.5.into(), "DH12"), "en").is_err());
    assert!(vietqr_payload(transfer(f64::NAN.into(), "DH12"), "en").is_err());
    assert!(vietqr_payload(transfer("50000".into(), "DH12"), "en").is_err());
    assert!(vietqr_payload(JsValue::from_str("970422"), "en").is_err());
}

#[wasm_bindgen_test]
fn only_dong_is_paid_by_vietqr_and_an_unknown_currency_throws() {
    let dollars = object(&[("bin", "970422".into()), ("accountNumber", "1".into()), ("amount", 1_250.into())]);
    Reflect::set(&dollars, &"currency".into(), &"USD".into()).expect("sets the currency");
    Reflect::set(&dollars, &"note".into(), &"DH1".into()).expect("sets the note");
    let refused = ok(vietqr_payload(dollars.clone(), "vi"));
    assert_eq!(json(&get(&refused, "errors")), r#"{"amount":"Chuyển khoản VietQR chỉ nhận tiền đồng"}"#);
    Reflect::set(&dollars, &"currency".into(), &"EUR".into()).expect("sets the currency");
    assert!(vietqr_payload(dollars, "vi").is_err());
}

#[wasm_bindgen_test]
fn the_qr_code_crosses_as_a_view_box_side_and_a_path() {
    let svg = ok(qr_svg_path("HELLO WORLD"));
    assert_eq!(get(&svg, "side").as_f64(), Some(29.0), "21 modules and a quiet zone of 4 on each side");
    let path = get(&svg, "path").as_string().expect("a path");
    assert!(path.starts_with("M4 4h7v1h-7z"), "{path}");
    assert!(path.ends_with('z'));
    assert!(qr_svg_path(&"x".repeat(3_000)).is_err());
}

#[wasm_bindgen_test]
fn the_time_left_before_an_order_expires_rounds_up_and_stops_at_zero() {
    let now = 1_790_000_000_000.0;
    let left = ok(expiry_remaining(now + 15.0 * 60_000.0 - 1.0, now));
    assert_eq!(json(&left), r#"{"days":0,"hours":0,"minutes":15,"seconds":0,"totalSeconds":900,"done":false}"#);
    assert_eq!(get(&ok(expiry_remaining(now, now + 1.0)), "done"), JsValue::TRUE);
    assert_eq!(get(&ok(expiry_remaining(f64::NAN, now)), "totalSeconds").as_f64(), Some(0.0));
}
