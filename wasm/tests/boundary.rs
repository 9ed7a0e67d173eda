//! The rule module seen from JavaScript: values go in as JS objects and come out as JS objects.
//! Run with `wasm-pack test --node` (see `test_wasm` in .ci/setup.sh). The dashboard's module has its own
//! tests in `dashboard.rs`.

#![cfg(all(target_arch = "wasm32", feature = "initial"))]

use academy_wasm::*;
use js_sys::{Array, JSON, Object, Reflect};
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

#[wasm_bindgen_test]
fn an_empty_login_reports_both_required_fields_in_english() {
    let form = object(&[("username", "  ".into()), ("password", "".into())]);
    let result = ok(validate_login(form, "en"));
    assert_eq!(get(&result, "ok"), JsValue::FALSE);
    assert_eq!(get(&result, "errors.username").as_string().as_deref(), Some("Username is required"));
    assert_eq!(get(&result, "errors.password").as_string().as_deref(), Some("Password is required"));
}

#[wasm_bindgen_test]
fn a_login_speaks_vietnamese_by_default() {
    let result = ok(validate_login(object(&[]), "fr"));
    assert_eq!(get(&result, "errors.username").as_string().as_deref(), Some("Vui lòng nhập tên đăng nhập"));
}

#[wasm_bindgen_test]
fn a_valid_login_returns_the_trimmed_payload() {
    let form = object(&[("username", " alice ".into()), ("password", "pw".into())]);
    assert_eq!(json(&ok(validate_login(form, "en"))), r#"{"ok":true,"value":{"username":"alice","password":"pw"}}"#);
}

#[wasm_bindgen_test]
fn a_login_form_that_is_not_an_object_throws_instead_of_panicking() {
    assert!(validate_login(JsValue::from_str("alice"), "en").is_err());
}

#[wasm_bindgen_test]
fn a_valid_registration_returns_the_spec_payload_with_null_dob() {
    let form = object(&[
        ("email", "t@x.vn".into()),
        ("username", "teacher1".into()),
        ("password", "Abcdef1!".into()),
        ("confirmPassword", "Abcdef1!".into()),
        ("role", "Teacher".into()),
    ]);
    let result = ok(validate_registration(form, "en"));
    assert_eq!(
        json(&get(&result, "value")),
        r#"{"firstName":"","lastName":"","username":"teacher1","email":"t@x.vn","password":"Abcdef1!","phoneNumber":"","address":"","dob":null,"roleName":"Teacher","loginType":""}"#
    );
}

#[wasm_bindgen_test]
fn a_five_character_username_is_too_short() {
    let form = object(&[("username", "abcde".into())]);
    let result = ok(validate_registration(form, "en"));
    assert_eq!(get(&result, "errors.username").as_string().as_deref(), Some("Username must be at least 6 characters"));
}

#[wasm_bindgen_test]
fn password_strength_crosses_as_an_object() {
    let strength = ok(password_strength("Abcdef1!"));
    assert_eq!(get(&strength, "score").as_f64(), Some(5.0));
    assert_eq!(get(&strength, "colour").as_string().as_deref(), Some("green"));
    assert_eq!(get(&strength, "label").as_string().as_deref(), Some("strong"));
    assert_eq!(get(&strength, "checks.minLength"), JsValue::TRUE);
    assert!(registration_submit_disabled(false, "abcdefgh", "abcdefgh"));
    assert!(!registration_submit_disabled(false, "Abcdefgh", "Abcdefgh"));
}

#[wasm_bindgen_test]
fn a_profile_with_a_future_birth_date_and_a_big_photo_is_refused() {
    let form = object(&[
        ("firstName", "An".into()),
        ("lastName", "Lê".into()),
        ("email", "an@example.vn".into()),
        ("dob", "2026-11-23".into()),
        ("avatarBytes", 4_000_000.into()),
    ]);
    let result = ok(validate_profile(form, "2026-11-22", "en"));
    assert_eq!(get(&result, "errors.dob").as_string().as_deref(), Some("Date of birth cannot be later than today"));
    assert_eq!(get(&result, "errors.avatar").as_string().as_deref(), Some("Image size must be less than 3.6MB"));
    assert!(validate_profile(object(&[]), "not a date", "en").is_err());
}

#[wasm_bindgen_test]
fn a_chosen_file_that_is_not_an_accepted_picture_gets_the_servers_text() {
    assert_eq!(image_type_error("image/png", "vi"), None);
    assert_eq!(image_type_error("IMAGE/WEBP", "en"), None);
    assert_eq!(
        image_type_error("image/svg+xml", "en").as_deref(),
        Some("Only JPEG, PNG, GIF or WebP images are accepted.")
    );
    assert_eq!(image_type_error("", "vi").as_deref(), Some("Chỉ chấp nhận ảnh JPEG, PNG, GIF hoặc WebP."));
    assert_eq!(accepted_image_types(), "image/jpeg,image/png,image/gif,image/webp");
}

#[wasm_bindgen_test]
fn a_valid_profile_omits_empty_optional_values() {
    let form = object(&[("firstName", "An".into()), ("lastName", "Lê".into()), ("email", "an@example.vn".into())]);
    let result = ok(validate_profile(form, "2026-11-22", "vi"));
    assert_eq!(json(&get(&result, "value")), r#"{"firstName":"An","lastName":"Lê","email":"an@example.vn"}"#);
}

#[wasm_bindgen_test]
fn a_change_of_ones_own_email_asks_for_the_current_password_and_sends_it() {
    let form = |password: &str| {
        object(&[
            ("firstName", "An".into()),
            ("lastName", "Lê".into()),
            ("email", "an.le@example.vn".into()),
            ("ownEmail", "an@example.vn".into()),
            ("currentPassword", password.into()),
        ])
    };
    let missing = ok(validate_profile(form(""), "2026-11-22", "en"));
    assert_eq!(
        get(&missing, "errors.currentPassword").as_string().as_deref(),
        Some("Enter your current password to change your email")
    );
    let given = ok(validate_profile(form(" secret "), "2026-11-22", "en"));
    assert_eq!(get(&given, "value.currentPassword").as_string().as_deref(), Some("secret"));
    assert!(changes_email("an@example.vn", "an.le@example.vn"));
    assert!(!changes_email("an@example.vn", " AN@example.VN "));
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
fn upload_progress_follows_the_milestones() {
    let step = |name: &str| object(&[("step", name.into())]);
    let sending = object(&[("step", "sending".into()), ("loaded", 50.into()), ("total", 100.into())]);
    let progress = |value| upload_progress(value).unwrap_or_else(|_| panic!("the call failed"));
    assert_eq!(progress(step("started")), 10);
    assert_eq!(progress(step("urlReceived")), 30);
    assert_eq!(progress(sending), 50);
    assert_eq!(progress(step("uploaded")), 70);
    assert_eq!(progress(step("done")), 100);
    assert_eq!(progress(step("reset")), 0);
    assert!(upload_progress(step("exploded")).is_err());
}

#[wasm_bindgen_test]
fn prices_follow_currency_and_language() {
    assert_eq!(format_price(1_000_000.0, "VND", "vi"), "1.000.000 ₫");
    assert_eq!(format_price(1_000_000.0, "VND", "en"), "₫1,000,000");
    assert_eq!(format_price(1_250.0, "USD", "en"), "$12.50");
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
fn a_username_one_character_over_the_maximum_is_refused_and_the_limit_is_exported() {
    let at_max = object(&[("username", "u".repeat(50).into())]);
    let over = object(&[("username", "u".repeat(51).into())]);
    assert!(get(&ok(validate_registration(at_max, "en")), "errors.username").is_undefined());
    let result = ok(validate_registration(over, "vi"));
    assert_eq!(get(&result, "errors.username").as_string().as_deref(), Some("Trường này tối đa 50 ký tự"));
    assert_eq!(get(&ok(text_limits()), "username").as_f64(), Some(50.0));
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

#[wasm_bindgen_test]
fn a_profile_address_over_the_maximum_is_refused_in_english() {
    let form = object(&[
        ("firstName", "An".into()),
        ("lastName", "Lê".into()),
        ("email", "an@example.vn".into()),
        ("address", "Đ".repeat(256).into()),
    ]);
    let result = ok(validate_profile(form, "2026-11-22", "en"));
    let message = get(&result, "errors.address").as_string();
    assert_eq!(message.as_deref(), Some("This field must be at most 255 characters"));
}
