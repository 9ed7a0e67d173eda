//! The site's rules (wasm/pkg, npm `academy-wasm`): what public pages need for their first paint — text limits,
//! search, time, display, roles and the API envelope. This module is in the first download of every visitor: it
//! stays within its budget (`check_wasm_budget`); what only account forms need goes to `account.rs`, what only the
//! dashboard needs to `dashboard.rs`, what only the checkout needs to `checkout.rs`.

use academy_shared::format::{self, CalendarDate};
use academy_shared::{countdown, display, envelope, mentorship, money, roles, search};
use wasm_bindgen::prelude::*;

use crate::{JsResult, count, lang, set, to_js, whole};

fn role(name: Option<String>) -> Option<roles::Role> {
    name.as_deref().and_then(roles::Role::parse)
}

// Forms

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

/// Whether a "Join" link of an online room [startMs, endMs) shows at `nowMs`: from its opening (10 minutes
/// before the start) to its close (15 minutes after the end).
#[wasm_bindgen(js_name = joinLinkShown)]
pub fn join_link_shown(now_ms: f64, start_ms: f64, end_ms: f64) -> bool {
    academy_shared::meeting::join_link_shown(whole(now_ms), whole(start_ms), whole(end_ms))
}

/// The instant (epoch ms) an online room starting at `startMs` opens.
#[wasm_bindgen(js_name = meetingOpensAt)]
pub fn meeting_opens_at(start_ms: f64) -> f64 {
    academy_shared::meeting::opens_at(whole(start_ms)) as f64
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

#[wasm_bindgen(js_name = formatPrice)]
pub fn format_price(
    minor: f64,
    currency: &str,
    #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str,
) -> String {
    money::format_price_code(whole(minor), currency, lang(lang_code))
}

#[wasm_bindgen(js_name = formatCount)]
pub fn format_count(n: f64, #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str) -> String {
    format::format_count(whole(n), lang(lang_code))
}

/// A date in the language's long form from JavaScript's numbers (month 1..=12, out-of-range values clamped):
/// "5 tháng 3, 2025" / "5 March 2025"; without a day, its month and year: "tháng 3 năm 2025" / "March 2025".
/// One export for both keeps the first download's glue small.
#[wasm_bindgen(js_name = longDate)]
#[allow(clippy::cast_sign_loss)]
pub fn long_date(
    year: f64,
    month: f64,
    day: Option<f64>,
    #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str,
) -> String {
    let day_of_month = |n: f64| whole(n).clamp(0, 31) as u64;
    let date = CalendarDate { year: whole(year), month: day_of_month(month), day: day.map_or(1, day_of_month) };
    match day {
        Some(_) => format::long_date(date, lang(lang_code)),
        None => format::month_year(date, lang(lang_code)),
    }
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
