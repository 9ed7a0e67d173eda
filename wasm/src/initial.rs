//! The site's rules (wasm/pkg, npm `academy-wasm`): every page's forms, search, time, display, roles and the
//! API envelope. This module is in the first download of every visitor: it stays within its budget
//! (`check_wasm_budget`), and anything only the dashboard needs goes to `dashboard.rs` instead.

use academy_shared::{
    auth_rules, countdown, display, envelope, mentorship, money, password, profile, roles, search, upload,
};
use wasm_bindgen::prelude::*;

use crate::{JsResult, checked, expect_object, lang, number, set, text, to_js, whole};

fn role(name: Option<String>) -> Option<roles::Role> {
    name.as_deref().and_then(roles::Role::parse)
}

/// A JavaScript number as a non-negative whole count (NaN and negatives are 0; `as` saturates).
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
fn count(n: f64) -> u64 {
    if n.is_finite() && n > 0.0 { n.floor() as u64 } else { 0 }
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
pub fn validate_registration(
    form: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str,
) -> JsResult {
    expect_object(&form, "registration form")?;
    let form = auth_rules::RegistrationForm {
        email: text(&form, "email"),
        username: text(&form, "username"),
        password: text(&form, "password"),
        confirm_password: text(&form, "confirmPassword"),
        role: auth_rules::SignupRole::parse(&text(&form, "role")),
        first_name: text(&form, "firstName"),
        last_name: text(&form, "lastName"),
        phone_number: text(&form, "phoneNumber"),
        address: text(&form, "address"),
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
        own_email: Some(text(&form, "ownEmail")).filter(|e| !e.trim().is_empty()),
        current_password: Some(text(&form, "currentPassword")),
    };
    let today = profile::IsoDate::parse(today_iso).ok_or_else(|| JsError::new("invalid today: expected YYYY-MM-DD"))?;
    checked(profile::validate_profile(&form, today), lang(lang_code))
}

/// Whether `new_email` is another address than `current_email` (trimmed, any case): the profile dialog then asks
/// for the current password.
#[wasm_bindgen(js_name = changesEmail)]
pub fn changes_email(current_email: &str, new_email: &str) -> bool {
    profile::changes_email(current_email, new_email)
}

#[wasm_bindgen(js_name = avatarSizeError)]
pub fn avatar_size_error(
    bytes: f64,
    #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str,
) -> Option<String> {
    profile::check_avatar_size(count(bytes)).err().map(|e| e.message(lang(lang_code)))
}

/// The picture rule for a chosen file's type (`File.type`): the message when it is not an accepted image, else
/// nothing.
#[wasm_bindgen(js_name = imageTypeError)]
pub fn image_type_error(
    content_type: &str,
    #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str,
) -> Option<String> {
    upload::check_image_type(content_type).err().map(|e| e.message(lang(lang_code)))
}

/// The accepted picture types joined for a file input's `accept` attribute.
#[wasm_bindgen(js_name = acceptedImageTypes)]
pub fn accepted_image_types() -> String {
    upload::ACCEPTED_IMAGE_TYPES.join(",")
}

/// The longest text each kind of field accepts (`TextLimits`), for inputs' `maxLength`: the limits the rules and
/// the server check. Built from the limits' entries rather than with serde, which costs the first download more.
#[wasm_bindgen(js_name = textLimits)]
pub fn text_limits() -> JsResult {
    const ENTRIES: [(&str, u32); 15] = academy_shared::limits::TEXT_LIMITS.entries();
    let limits = js_sys::Object::new();
    for (name, max) in ENTRIES {
        set(&limits, name, &JsValue::from(max))?;
    }
    Ok(limits.into())
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
pub fn format_price(
    minor: f64,
    currency: &str,
    #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str,
) -> String {
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
pub fn guard_route(
    path: &str,
    #[wasm_bindgen(unchecked_param_type = "\"ADMIN\" | \"STAFF\" | \"TEACHER\" | \"STUDENT\" | null | undefined")]
    role_name: Option<String>,
) -> JsResult {
    to_js(&roles::guard(path, role(role_name)))
}

#[wasm_bindgen(js_name = menuFor)]
pub fn menu_for(
    #[wasm_bindgen(unchecked_param_type = "\"ADMIN\" | \"STAFF\" | \"TEACHER\" | \"STUDENT\" | null | undefined")]
    role_name: Option<String>,
) -> JsResult {
    let menu = role(role_name).map(roles::menu_for).unwrap_or_default();
    to_js(&menu)
}

#[wasm_bindgen(js_name = headerShowsDashboard)]
pub fn header_shows_dashboard(
    #[wasm_bindgen(unchecked_param_type = "\"ADMIN\" | \"STAFF\" | \"TEACHER\" | \"STUDENT\" | null | undefined")]
    role_name: Option<String>,
) -> bool {
    roles::header_shows_dashboard(role(role_name))
}

#[wasm_bindgen(js_name = bottomBarShowsDashboard)]
pub fn bottom_bar_shows_dashboard(
    #[wasm_bindgen(unchecked_param_type = "\"ADMIN\" | \"STAFF\" | \"TEACHER\" | \"STUDENT\" | null | undefined")]
    role_name: Option<String>,
) -> bool {
    roles::bottom_bar_shows_dashboard(role(role_name))
}

// API envelope

#[wasm_bindgen(js_name = isSuccess)]
pub fn is_success(code: f64, requires_token: bool, has_token: bool) -> bool {
    i32::try_from(whole(code)).is_ok_and(|code| envelope::is_success(code, requires_token, has_token))
}
