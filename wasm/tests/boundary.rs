//! The site's first rule module seen from JavaScript: values go in as JS objects and come out as JS objects.
//! Run with `wasm-pack test --node` (see `test_wasm` in .ci/setup.sh). The lazily loaded modules have their own
//! tests: `account.rs`, `dashboard.rs`, `checkout.rs`.

#![cfg(all(target_arch = "wasm32", feature = "initial"))]

use academy_wasm::*;
use js_sys::{Array, JSON, Reflect};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

fn get(value: &JsValue, path: &str) -> JsValue {
    path.split('.').fold(value.clone(), |v, key| Reflect::get(&v, &JsValue::from_str(key)).expect("reads a property"))
}

fn json(value: &JsValue) -> String {
    JSON::stringify(value).expect("stringifies").as_string().expect("a string")
}

fn ok(value: Result<JsValue, wasm_bindgen::JsError>) -> JsValue {
    value.unwrap_or_else(|_| panic!("the call failed"))
}

#[wasm_bindgen_test]
fn search_goes_to_the_course_list_url_encoded_and_blank_goes_nowhere() {
    assert_eq!(search_target(" web design ").as_deref(), Some("/courselist?search=web%20design"));
    assert_eq!(search_target("   "), None);
    assert_eq!(normalize_search("Lập Trình"), "lap trinh");
    assert_eq!(normalize_search("Đồ họa"), "do hoa");
}

#[wasm_bindgen_test]
fn the_countdown_starts_at_120_days_and_stops_at_zero() {
    let start = ok(countdown_start());
    assert_eq!(json(&start), r#"{"days":120,"hours":2,"minutes":1,"seconds":10,"totalSeconds":10375270,"done":false}"#);
    let end = ok(countdown_remaining(1e12));
    assert_eq!(get(&end, "totalSeconds").as_f64(), Some(0.0));
    assert_eq!(get(&end, "done"), JsValue::TRUE);
    assert_eq!(get(&ok(countdown_remaining(-5.0)), "totalSeconds").as_f64(), Some(10_375_270.0));
}

#[wasm_bindgen_test]
fn a_mentorship_ending_in_a_day_and_a_bit_has_two_days_left() {
    let now = 1_790_000_000_000.0;
    assert_eq!(json(&ok(mentorship_status(now + 86_400_001.0, now))), r#"{"state":"active","daysLeft":2}"#);
    assert_eq!(json(&ok(mentorship_status(now, now))), r#"{"state":"expired","daysLeft":null}"#);
}

#[wasm_bindgen_test]
fn display_rules_cross_the_boundary() {
    assert_eq!(notification_type_label("CoursePurchase"), "Course Purchase");
    assert_eq!(notification_type_label("Whatever"), "Other");
    assert_eq!(notification_type("Whatever"), "Other");
    assert_eq!(truncate_title(&"á".repeat(51)), format!("{}...", "á".repeat(50)));
    let services: Vec<String> = (1..=5).map(|i| format!("s{i}")).collect();
    assert_eq!(json(&ok(services_preview(services.clone(), false))), r#"{"shown":["s1","s2","s3"],"more":2}"#);
    assert_eq!(json(&ok(services_preview(services.clone(), true))), r#"{"shown":["s1","s2","s3","s4"],"more":1}"#);
    assert_eq!(json(&ok(expertise_preview(services))), r#"{"shown":["s1"],"more":4}"#);
    assert_eq!(json(&ok(rating_display(5.3))), r#"{"stars":5,"value":"5.3","label":"5.3k"}"#);
}

#[wasm_bindgen_test]
fn prices_follow_currency_and_language() {
    assert_eq!(format_price(1_000_000.0, "VND", "vi"), "1.000.000 ₫");
    assert_eq!(format_price(1_000_000.0, "VND", "en"), "₫1,000,000");
    assert_eq!(format_price(1_250.0, "USD", "en"), "$12.50");
}

#[wasm_bindgen_test]
fn counts_and_dates_follow_the_language_and_bad_numbers_are_clamped() {
    assert_eq!(format_count(1_234_567.9, "vi"), "1.234.567");
    assert_eq!(format_count(f64::NAN, "en"), "0");
    assert_eq!(long_date(2025.0, 3.0, Some(5.0), "vi"), "5 tháng 3, 2025");
    assert_eq!(long_date(2024.0, 12.0, Some(31.0), "en-GB"), "31 December 2024");
    assert_eq!(long_date(2025.0, 3.0, None, "vi"), "tháng 3 năm 2025");
    assert_eq!(long_date(2025.0, 99.0, None, "en"), "December 2025");
}

#[wasm_bindgen_test]
fn a_student_is_forbidden_from_the_user_dashboard_and_a_visitor_is_sent_to_login() {
    assert_eq!(ok(guard_route("/dashboard/user", Some("STUDENT".into()))).as_string().as_deref(), Some("forbidden"));
    assert_eq!(ok(guard_route("/dashboard/user", Some("staff".into()))).as_string().as_deref(), Some("allowed"));
    assert_eq!(ok(guard_route("/profile", None)).as_string().as_deref(), Some("redirectToLogin"));
    assert_eq!(ok(guard_route("/courselist", None)).as_string().as_deref(), Some("open"));
}

#[wasm_bindgen_test]
fn menus_and_dashboard_links_follow_the_role() {
    let staff = Array::from(&ok(menu_for(Some("STAFF".into()))));
    let labels: Vec<String> = staff.iter().filter_map(|o| get(&o, "label").as_string()).collect();
    assert_eq!(labels, ["Users", "Material"]);
    assert_eq!(get(&staff.get(1), "children.0.path").as_string().as_deref(), Some("/dashboard/syllabus"));
    assert_eq!(Array::from(&ok(menu_for(None))).length(), 0);
    assert!(header_shows_dashboard(Some("ADMIN".into())));
    assert!(!bottom_bar_shows_dashboard(Some("ADMIN".into())));
    assert!(bottom_bar_shows_dashboard(Some("TEACHER".into())));
    assert_eq!(parse_role("teacher").as_deref(), Some("TEACHER"));
}

#[wasm_bindgen_test]
fn only_code_1000_is_success() {
    assert!(is_success(1000.0, false, false));
    assert!(!is_success(1001.0, false, false));
    assert!(!is_success(1000.0, true, false));
    assert!(is_success(1000.0, true, true));
}

#[wasm_bindgen_test]
fn the_text_limits_are_every_maximum_of_the_rules_by_name() {
    let limits = ok(text_limits());
    let expected = concat!(
        r#"{"username":50,"email":254,"personName":50,"phone":20,"address":255,"password":128,"title":200,"#,
        r#""message":5000,"description":10000,"listItem":500,"search":100,"url":2048,"imageUrl":512,"slug":120,"#,
        r#""code":40}"#
    );
    assert_eq!(json(&limits), expected);
}
