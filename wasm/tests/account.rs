//! The account forms' module seen from JavaScript: login, registration, password strength, profile, avatar.
//! Run with `wasm-pack test --node -- --no-default-features --features account` (see `test_wasm` in
//! .ci/setup.sh).

#![cfg(all(target_arch = "wasm32", feature = "account"))]

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
fn a_username_one_character_over_the_maximum_is_refused() {
    let at_max = object(&[("username", "u".repeat(50).into())]);
    let over = object(&[("username", "u".repeat(51).into())]);
    assert!(get(&ok(validate_registration(at_max, "en")), "errors.username").is_undefined());
    let result = ok(validate_registration(over, "vi"));
    assert_eq!(get(&result, "errors.username").as_string().as_deref(), Some("Trường này tối đa 50 ký tự"));
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
