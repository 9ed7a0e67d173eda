//! wasm-bindgen wrappers over `academy-shared`: type conversion only, no rules.
//!
//! Every export is camelCase. Results cross the boundary through serde-wasm-bindgen as plain JSON-like objects;
//! their TypeScript types are generated from the Rust types into `web/src/lib/rules/` and applied by
//! `web/src/lib/wasm.ts`. Form objects are read field by field (a missing or non-string field reads as empty),
//! which keeps serde's deserialisers, and the float printing their error messages pull in, out of the module.
//! Nothing here unwraps: bad input becomes a thrown `Error` (a `JsError`) or, for numbers, is clamped.

use academy_shared::{
    Lang, Message, auth_rules, countdown, display, envelope, mentorship, money, password, profile, roles, search,
    validation::{Field, FieldErrors},
};
use js_sys::{Object, Reflect};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Installs the readable panic messages in debug builds only.
#[wasm_bindgen(start)]
pub fn start() {
    #[cfg(debug_assertions)]
    console_error_panic_hook::set_once();
}

type JsResult = Result<JsValue, JsError>;


fn to_js<T: Serialize>(value: &T) -> JsResult {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

/// The property `name` of a form object: its string, or empty when missing or not a string.
fn text(object: &JsValue, name: &str) -> String {
    Reflect::get(object, &JsValue::from_str(name)).ok().and_then(|v| v.as_string()).unwrap_or_default()
}

/// The property `name` of an object as a number, when it is one.
fn number(object: &JsValue, name: &str) -> Option<f64> {
    Reflect::get(object, &JsValue::from_str(name)).ok().and_then(|v| v.as_f64())
}

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

fn role(name: Option<String>) -> Option<roles::Role> {
    name.as_deref().and_then(roles::Role::parse)
}

/// A JavaScript number as a non-negative whole count (NaN and negatives are 0; `as` saturates).
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
fn count(n: f64) -> u64 {
    if n.is_finite() && n > 0.0 { n.floor() as u64 } else { 0 }
}

/// A JavaScript number as a whole signed value (NaN is 0; `as` saturates).
#[allow(clippy::cast_possible_truncation)]
fn whole(n: f64) -> i64 {
    if n.is_nan() { 0 } else { n.trunc() as i64 }
}

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

// Forms

#[wasm_bindgen(js_name = validateLogin)]
pub fn validate_login(
    #[wasm_bindgen(unchecked_param_type = "{ username: string; password: string }")] form: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str,
) -> JsResult {
    expect_object(&form, "login form")?;
    let form = auth_rules::LoginForm { username: text(&form, "username"), password: text(&form, "password") };
    checked(auth_rules::validate_login(&form), lang(lang_code))
}

#[wasm_bindgen(js_name = validateRegistration)]
pub fn validate_registration(form: JsValue, #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str) -> JsResult {
    expect_object(&form, "registration form")?;
    let form = auth_rules::RegistrationForm {
        email: text(&form, "email"),
        username: text(&form, "username"),
        password: text(&form, "password"),
        confirm_password: text(&form, "confirmPassword"),
        role: auth_rules::SignupRole::parse(&text(&form, "role")),
    };
    checked(auth_rules::validate_registration(&form), lang(lang_code))
}

#[wasm_bindgen(js_name = registrationSubmitDisabled)]
pub fn registration_submit_disabled(submitting: bool, password: &str, confirm: &str) -> bool {
    auth_rules::submit_disabled(submitting, password, confirm)
}

#[wasm_bindgen(js_name = passwordStrength)]
pub fn password_strength(password: &str) -> JsResult {
    to_js(&password::password_strength(password))
}

#[wasm_bindgen(js_name = validateProfile)]
pub fn validate_profile(
    form: JsValue,
    today_iso: &str,
    #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str,
) -> JsResult {
    expect_object(&form, "profile form")?;
    let form = profile::ProfileForm {
        first_name: text(&form, "firstName"),
        last_name: text(&form, "lastName"),
        email: text(&form, "email"),
        phone_number: text(&form, "phoneNumber"),
        address: text(&form, "address"),
        dob: text(&form, "dob"),
        avatar: text(&form, "avatar"),
        avatar_bytes: number(&form, "avatarBytes").map(|n| u32::try_from(count(n)).unwrap_or(u32::MAX)),
    };
    let today = profile::IsoDate::parse(today_iso)
        .ok_or_else(|| JsError::new("invalid today: expected YYYY-MM-DD"))?;
    checked(profile::validate_profile(&form, today), lang(lang_code))
}

#[wasm_bindgen(js_name = avatarSizeError)]
pub fn avatar_size_error(bytes: f64, #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str) -> Option<String> {
    profile::check_avatar_size(count(bytes)).err().map(|e| e.message(lang(lang_code)))
}

// Search

#[wasm_bindgen(js_name = searchTarget)]
pub fn search_target(text: &str) -> Option<String> {
    search::search_target(text)
}

#[wasm_bindgen(js_name = normalizeSearch)]
pub fn normalize_search(text: &str) -> String {
    search::normalize_search(text)
}

// Time

#[wasm_bindgen(js_name = countdownStart)]
pub fn countdown_start() -> JsResult {
    to_js(&countdown::countdown_start())
}

#[wasm_bindgen(js_name = countdownRemaining)]
pub fn countdown_remaining(elapsed_secs: f64) -> JsResult {
    to_js(&countdown::remaining(count(elapsed_secs)))
}

#[wasm_bindgen(js_name = mentorshipStatus)]
pub fn mentorship_status(end_ms: f64, now_ms: f64) -> JsResult {
    to_js(&mentorship::mentorship_status(whole(end_ms), whole(now_ms)))
}

// Display

#[wasm_bindgen(js_name = notificationTypeLabel)]
pub fn notification_type_label(name: &str) -> String {
    display::notification_type_label(name)
}

#[wasm_bindgen(js_name = notificationType)]
pub fn notification_type(name: &str) -> String {
    display::NotificationType::parse(name).as_str().to_owned()
}

#[wasm_bindgen(js_name = truncateTitle)]
pub fn truncate_title(title: &str) -> String {
    display::truncate_title(title)
}

#[wasm_bindgen(js_name = servicesPreview)]
pub fn services_preview(services: Vec<String>, narrow: bool) -> JsResult {
    to_js(&display::services_preview(&services, narrow))
}

#[wasm_bindgen(js_name = expertisePreview)]
pub fn expertise_preview(expertise: Vec<String>) -> JsResult {
    to_js(&display::expertise_preview(&expertise))
}

#[wasm_bindgen(js_name = uploadProgress)]
pub fn upload_progress(step: JsValue) -> Result<u8, JsError> {
    use display::UploadStep;
    expect_object(&step, "upload step")?;
    let bytes = |name| u32::try_from(count(number(&step, name).unwrap_or(0.0))).unwrap_or(u32::MAX);
    let step = match text(&step, "step").as_str() {
        "started" => UploadStep::Started,
        "urlReceived" => UploadStep::UrlReceived,
        "sending" => UploadStep::Sending { loaded: bytes("loaded"), total: bytes("total") },
        "uploaded" => UploadStep::Uploaded,
        "done" => UploadStep::Done,
        "reset" => UploadStep::Reset,
        other => return Err(JsError::new(&format!("unknown upload step {other}"))),
    };
    Ok(display::upload_progress(step))
}

#[wasm_bindgen(js_name = formatPrice)]
pub fn format_price(minor: f64, currency: &str, #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str) -> String {
    money::format_price_code(whole(minor), currency, lang(lang_code))
}

#[wasm_bindgen(js_name = ratingDisplay)]
pub fn rating_display(rating: f64) -> JsResult {
    to_js(&display::rating_display(rating))
}

// Roles and access

#[wasm_bindgen(js_name = parseRole)]
pub fn parse_role(name: &str) -> Option<String> {
    roles::Role::parse(name).map(|r| r.as_str().to_owned())
}

#[wasm_bindgen(js_name = guardRoute, unchecked_return_type = "\"open\" | \"allowed\" | \"redirectToLogin\" | \"forbidden\"")]
pub fn guard_route(path: &str, #[wasm_bindgen(unchecked_param_type = "\"ADMIN\" | \"STAFF\" | \"TEACHER\" | \"STUDENT\" | null | undefined")] role_name: Option<String>) -> JsResult {
    to_js(&roles::guard(path, role(role_name)))
}

#[wasm_bindgen(js_name = menuFor)]
pub fn menu_for(#[wasm_bindgen(unchecked_param_type = "\"ADMIN\" | \"STAFF\" | \"TEACHER\" | \"STUDENT\" | null | undefined")] role_name: Option<String>) -> JsResult {
    let menu = role(role_name).map(roles::menu_for).unwrap_or_default();
    to_js(&menu)
}

#[wasm_bindgen(js_name = headerShowsDashboard)]
pub fn header_shows_dashboard(#[wasm_bindgen(unchecked_param_type = "\"ADMIN\" | \"STAFF\" | \"TEACHER\" | \"STUDENT\" | null | undefined")] role_name: Option<String>) -> bool {
    roles::header_shows_dashboard(role(role_name))
}

#[wasm_bindgen(js_name = bottomBarShowsDashboard)]
pub fn bottom_bar_shows_dashboard(#[wasm_bindgen(unchecked_param_type = "\"ADMIN\" | \"STAFF\" | \"TEACHER\" | \"STUDENT\" | null | undefined")] role_name: Option<String>) -> bool {
    roles::bottom_bar_shows_dashboard(role(role_name))
}

// API envelope

#[wasm_bindgen(js_name = isSuccess)]
pub fn is_success(code: f64, requires_token: bool, has_token: bool) -> bool {
    i32::try_from(whole(code)).is_ok_and(|code| envelope::is_success(code, requires_token, has_token))
}
