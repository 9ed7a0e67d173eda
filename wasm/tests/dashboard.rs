//! The dashboard's module seen from JavaScript: the catalogue editor's forms go in as the editor sends them to
//! the server and come back with the server's messages. Run with
//! `wasm-pack test --node -- --no-default-features --features dashboard` (see `test_wasm` in .ci/setup.sh).

#![cfg(all(target_arch = "wasm32", feature = "dashboard"))]

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

fn pair(vi: &str, en: &str) -> JsValue {
    object(&[("vi", vi.into()), ("en", en.into())])
}

fn array(items: Vec<JsValue>) -> JsValue {
    items.into_iter().collect::<Array>().into()
}

/// A property by its exact key (keys such as `title.vi` contain dots).
fn error(result: &JsValue, key: &str) -> Option<String> {
    let errors = Reflect::get(result, &JsValue::from_str("errors")).expect("reads errors");
    Reflect::get(&errors, &JsValue::from_str(key)).expect("reads a key").as_string()
}

fn json(value: &JsValue) -> String {
    JSON::stringify(value).expect("stringifies").as_string().expect("a string")
}

fn ok(value: Result<JsValue, wasm_bindgen::JsError>) -> JsValue {
    value.unwrap_or_else(|_| panic!("the call failed"))
}

fn course(changes: &[(&str, JsValue)]) -> JsValue {
    let form = object(&[
        ("title", pair("Lập trình Python", "Python programming")),
        ("slug", "".into()),
        ("description", pair("", "")),
        ("whatYouWillLearn", array(vec![])),
        ("thumbnail", JsValue::NULL),
        ("price", 1_000_000.into()),
        ("discount", JsValue::NULL),
        ("currency", "VND".into()),
        ("level", "beginner".into()),
        ("totalSeat", 100.into()),
        ("categoryId", "c1".into()),
        ("typeId", JsValue::NULL),
    ]);
    for (key, value) in changes {
        Reflect::set(&form, &JsValue::from_str(key), value).expect("sets a property");
    }
    form
}

fn lesson(title: &str, seconds: JsValue, url: JsValue) -> JsValue {
    object(&[
        ("title", pair(title, "")),
        ("durationSeconds", seconds),
        ("videoUrl", url),
        ("freePreview", false.into()),
    ])
}

fn section(title: &str, lessons: Vec<JsValue>) -> JsValue {
    object(&[("title", pair(title, "")), ("lessons", array(lessons))])
}

#[wasm_bindgen_test]
fn a_valid_course_returns_the_slug_it_is_saved_under() {
    assert_eq!(json(&ok(validate_course(course(&[]), "vi"))), r#"{"ok":true,"value":"lap-trinh-python"}"#);
}

#[wasm_bindgen_test]
fn a_course_without_a_title_and_with_a_sale_price_above_the_price_names_both_fields() {
    let form = course(&[("title", pair(" ", "")), ("discount", 2_000_000.into())]);
    let result = ok(validate_course(form, "en"));
    assert_eq!(Reflect::get(&result, &"ok".into()).expect("ok"), JsValue::FALSE);
    assert_eq!(error(&result, "title.vi").as_deref(), Some("This field is required"));
    assert_eq!(error(&result, "discount").as_deref(), Some("The sale price must be below the price"));
}

#[wasm_bindgen_test]
fn course_messages_speak_vietnamese_by_default() {
    let result = ok(validate_course(course(&[("price", (-1).into()), ("categoryId", "".into())]), "fr"));
    assert_eq!(error(&result, "price").as_deref(), Some("Giá không được âm"));
    assert_eq!(error(&result, "categoryId").as_deref(), Some("Trường này là bắt buộc"));
}

#[wasm_bindgen_test]
fn a_typed_slug_with_capitals_is_refused() {
    let result = ok(validate_course(course(&[("slug", "Lap Trinh".into())]), "en"));
    assert_eq!(error(&result, "slug").as_deref(), Some("Use lower-case letters, digits and dashes only"));
}

#[wasm_bindgen_test]
fn a_course_form_that_is_not_an_object_throws_instead_of_panicking() {
    assert!(validate_course(JsValue::from_str("course"), "en").is_err());
    assert!(validate_named(JsValue::NULL, "en").is_err());
    assert!(validate_banner(JsValue::UNDEFINED, "en").is_err());
    assert!(validate_curriculum(object(&[]), "en").is_err());
    assert!(validate_subject(JsValue::from_str("PY101"), "en").is_err());
    assert!(validate_syllabus(JsValue::NULL, "en").is_err());
}

#[wasm_bindgen_test]
fn a_category_needs_its_vietnamese_name_and_keeps_names_short() {
    let form = object(&[("name", pair("", &"x".repeat(201))), ("slug", "".into())]);
    let result = ok(validate_named(form, "vi"));
    assert_eq!(error(&result, "name.vi").as_deref(), Some("Trường này là bắt buộc"));
    assert_eq!(error(&result, "name.en").as_deref(), Some("Trường này tối đa 200 ký tự"));
    let form = object(&[("name", pair("Thiết kế Đồ họa", "Design")), ("slug", "".into())]);
    assert_eq!(json(&ok(validate_named(form, "vi"))), r#"{"ok":true,"value":"thiet-ke-do-hoa"}"#);
}

#[wasm_bindgen_test]
fn a_banner_without_title_or_picture_names_both_under_the_servers_keys() {
    let form = object(&[("title", pair("", "")), ("slug", "".into()), ("image", " ".into())]);
    let result = ok(validate_banner(form, "en"));
    assert_eq!(error(&result, "name.vi").as_deref(), Some("This field is required"));
    assert_eq!(error(&result, "image").as_deref(), Some("This field is required"));
}

#[wasm_bindgen_test]
fn a_complete_curriculum_passes() {
    let youtube = "https://www.youtube.com/embed/aqz-KE-bpKQ";
    let sections = array(vec![section("Mở đầu", vec![lesson("Giới thiệu", 252.into(), youtube.into())])]);
    assert_eq!(json(&ok(validate_curriculum(sections, "vi"))), r#"{"ok":true}"#);
    assert_eq!(json(&ok(validate_curriculum(array(vec![]), "vi"))), r#"{"ok":true}"#);
}

#[wasm_bindgen_test]
fn a_curriculum_marks_each_section_and_lesson_the_rule_refuses() {
    let sections = array(vec![
        section("Mở đầu", vec![lesson("Bài 1", 60.into(), JsValue::NULL), lesson("", 60.into(), JsValue::NULL)]),
        section(
            " ",
            vec![
                lesson("Bài 1", f64::NAN.into(), JsValue::NULL),
                lesson("Bài 2", 0.into(), "javascript:alert(1)".into()),
            ],
        ),
    ]);
    let result = ok(validate_curriculum(sections, "en"));
    let message = "Every section and lesson needs a title and a duration of 0 or more";
    let errors = Reflect::get(&result, &"errors".into()).expect("errors");
    let mut keys: Vec<String> = Object::keys(&errors.into()).iter().filter_map(|k| k.as_string()).collect();
    keys.sort();
    assert_eq!(
        keys,
        ["sections", "sections.0.lessons.1", "sections.1.lessons.0", "sections.1.lessons.1", "sections.1.title"]
    );
    let video = "Video links must be https links to YouTube, Vimeo or a file uploaded here";
    for key in keys {
        let expected = if key == "sections.1.lessons.1" { video } else { message };
        assert_eq!(error(&result, &key).as_deref(), Some(expected), "{key}");
    }
}

#[wasm_bindgen_test]
fn a_video_link_to_another_site_is_refused_with_the_servers_words() {
    let sections = array(vec![section(
        "Mở đầu",
        vec![
            lesson("Bài 1", 60.into(), "https://vimeo.com/76979871".into()),
            lesson("Bài 2", 60.into(), "https://evil.example/track.mp4".into()),
        ],
    )]);
    let result = ok(validate_curriculum(sections, "vi"));
    let message = "Liên kết video phải là liên kết https tới YouTube, Vimeo hoặc tệp được tải lên tại đây";
    assert_eq!(error(&result, "sections").as_deref(), Some(message));
    assert_eq!(error(&result, "sections.0.lessons.1").as_deref(), Some(message));
    assert_eq!(error(&result, "sections.0.lessons.0"), None);
}

#[wasm_bindgen_test]
fn a_curriculum_of_more_than_50_sections_is_refused_with_the_servers_message() {
    let sections = array((0..51).map(|_| section("Chương", vec![])).collect());
    let result = ok(validate_curriculum(sections, "vi"));
    assert_eq!(error(&result, "sections").as_deref(), Some("Một khóa học có tối đa 50 chương"));
    let fifty = array((0..50).map(|_| section("Chương", vec![])).collect());
    let accepted = ok(validate_curriculum(fifty, "vi"));
    assert_eq!(Reflect::get(&accepted, &"ok".into()).expect("ok").as_bool(), Some(true), "{}", json(&accepted));
}

fn subject(changes: &[(&str, JsValue)]) -> JsValue {
    let form = object(&[
        ("code", "PY101".into()),
        ("name", pair("Lập trình Python", "Python programming")),
        ("description", pair("", "")),
        ("credits", 3.into()),
    ]);
    for (key, value) in changes {
        Reflect::set(&form, &JsValue::from_str(key), value).expect("sets a property");
    }
    form
}

fn syllabus(changes: &[(&str, JsValue)]) -> JsValue {
    let form = object(&[
        ("code", "SYL-WEB-2026".into()),
        ("name", pair("Lộ trình web", "Web path")),
        ("description", pair("", "")),
        ("durationWeeks", 12.into()),
        ("status", "draft".into()),
        ("ownerId", JsValue::NULL),
        ("subjects", array(vec!["a".into(), "b".into()])),
    ]);
    for (key, value) in changes {
        Reflect::set(&form, &JsValue::from_str(key), value).expect("sets a property");
    }
    form
}

#[wasm_bindgen_test]
fn a_complete_subject_and_syllabus_pass() {
    assert_eq!(json(&ok(validate_subject(subject(&[]), "vi"))), r#"{"ok":true,"value":null}"#);
    assert_eq!(json(&ok(validate_syllabus(syllabus(&[]), "vi"))), r#"{"ok":true,"value":null}"#);
}

#[wasm_bindgen_test]
fn a_subject_reports_its_name_code_credits_and_description_at_once() {
    let form = subject(&[
        ("name", pair(" ", "")),
        ("code", "py 101".into()),
        ("credits", 61.into()),
        ("description", pair(&"x".repeat(10_001), "")),
    ]);
    let result = ok(validate_subject(form, "en"));
    assert_eq!(error(&result, "name.vi").as_deref(), Some("This field is required"));
    assert_eq!(
        error(&result, "code").as_deref(),
        Some("Use 2 to 40 letters, digits, dots or dashes, starting with a letter or digit")
    );
    assert_eq!(error(&result, "credits").as_deref(), Some("Enter a whole number from 0 to 60"));
    assert_eq!(error(&result, "description.vi").as_deref(), Some("This field must be at most 10000 characters"));
}

#[wasm_bindgen_test]
fn a_subject_without_a_code_speaks_vietnamese_by_default() {
    let result = ok(validate_subject(subject(&[("code", "".into()), ("credits", (-1).into())]), "fr"));
    assert_eq!(error(&result, "code").as_deref(), Some("Trường này là bắt buộc"));
    assert_eq!(error(&result, "credits").as_deref(), Some("Nhập một số nguyên từ 0 đến 60"));
}

#[wasm_bindgen_test]
fn a_syllabus_reports_its_weeks_status_and_a_repeated_subject() {
    let form = syllabus(&[
        ("durationWeeks", 0.into()),
        ("status", "open".into()),
        ("subjects", array(vec!["a".into(), "b".into(), "a".into()])),
    ]);
    let result = ok(validate_syllabus(form, "en"));
    assert_eq!(error(&result, "durationWeeks").as_deref(), Some("Enter a whole number from 1 to 520"));
    assert_eq!(error(&result, "status").as_deref(), Some("Unknown status"));
    assert_eq!(error(&result, "subjects").as_deref(), Some("Each subject can be listed only once"));
    assert_eq!(error(&result, "code"), None);
}

#[wasm_bindgen_test]
fn a_syllabus_with_missing_or_odd_values_is_refused_rather_than_thrown() {
    let form = object(&[("name", pair("Lộ trình", "")), ("subjects", array(vec![1.into()]))]);
    let result = ok(validate_syllabus(form, "vi"));
    assert_eq!(error(&result, "code").as_deref(), Some("Trường này là bắt buộc"));
    assert_eq!(error(&result, "durationWeeks").as_deref(), Some("Nhập một số nguyên từ 1 đến 520"));
    assert_eq!(error(&result, "status").as_deref(), Some("Trạng thái không hợp lệ"));
    assert_eq!(error(&result, "subjects").as_deref(), Some("Mỗi môn học chỉ được chọn một lần"));
    let result = ok(validate_syllabus(syllabus(&[("durationWeeks", f64::NAN.into())]), "en"));
    assert_eq!(error(&result, "durationWeeks").as_deref(), Some("Enter a whole number from 1 to 520"));
}

#[wasm_bindgen_test]
fn a_lesson_whose_video_link_is_over_the_maximum_is_marked_with_its_own_message() {
    let long = format!("https://x.vn/{}", "v".repeat(2048));
    let sections = array(vec![section(
        "Mở đầu",
        vec![lesson("Bài 1", 60.into(), long.into()), lesson("", 60.into(), JsValue::NULL)],
    )]);
    let result = ok(validate_curriculum(sections, "en"));
    assert_eq!(error(&result, "sections").as_deref(), Some("This field must be at most 2048 characters"));
    assert_eq!(error(&result, "sections.0.lessons.0").as_deref(), Some("This field must be at most 2048 characters"));
    assert_eq!(
        error(&result, "sections.0.lessons.1").as_deref(),
        Some("Every section and lesson needs a title and a duration of 0 or more")
    );
}

#[wasm_bindgen_test]
fn a_course_description_in_english_over_the_maximum_is_refused_on_its_field() {
    let result = ok(validate_course(course(&[("description", pair("", &"d".repeat(10_001)))]), "vi"));
    assert_eq!(error(&result, "description.en").as_deref(), Some("Trường này tối đa 10000 ký tự"));
}

fn broadcast(changes: &[(&str, JsValue)]) -> JsValue {
    let form = object(&[
        ("audience", "role".into()),
        ("role", "STUDENT".into()),
        ("userIds", array(vec![])),
        ("title", pair("Lịch nghỉ lễ", "Holiday schedule")),
        ("message", pair("Academy nghỉ lễ ngày 2/9.", "Academy is closed on 2 September.")),
        ("imageUrl", "".into()),
        ("actionLink", "/informations".into()),
    ]);
    for (key, value) in changes {
        Reflect::set(&form, &JsValue::from_str(key), value).expect("sets a property");
    }
    form
}

#[wasm_bindgen_test]
fn a_broadcast_is_checked_with_the_servers_messages() {
    assert_eq!(json(&ok(validate_broadcast(broadcast(&[]), "en"))), r#"{"ok":true,"value":null}"#);
    let broken = broadcast(&[
        ("role", "PIRATE".into()),
        ("title", pair("", "Holiday")),
        ("actionLink", "javascript:alert(1)".into()),
    ]);
    let result = ok(validate_broadcast(broken, "en"));
    assert_eq!(error(&result, "role").as_deref(), Some("Choose a role"));
    assert_eq!(error(&result, "title.vi").as_deref(), Some("This field is required"));
    assert!(error(&result, "actionLink").is_some_and(|m| m.contains("https")));
    let nobody = ok(validate_broadcast(broadcast(&[("audience", "users".into())]), "vi"));
    assert_eq!(error(&nobody, "userIds").as_deref(), Some("Chọn ít nhất một người nhận"));
    let limits = json(&ok(broadcast_limits()));
    assert_eq!(limits, r#"{"title":200,"message":1000,"imageUrl":512,"actionLink":2048,"chosen":500}"#);
}

#[wasm_bindgen_test]
fn a_chosen_catalogue_picture_that_is_not_an_accepted_image_gets_the_servers_text() {
    assert_eq!(image_type_error("image/webp", "en"), None);
    assert_eq!(image_type_error("image/svg+xml", "vi").as_deref(), Some("Chỉ chấp nhận ảnh JPEG, PNG, GIF hoặc WebP."));
    assert_eq!(accepted_image_types(), "image/jpeg,image/png,image/gif,image/webp");
}

const NOW: f64 = 1_800_000_000_000.0;

fn class(changes: &[(&str, JsValue)]) -> JsValue {
    let form = object(&[
        ("topic", "Chữa bài tập chương 3".into()),
        ("description", "".into()),
        ("courseId", "c1".into()),
        ("planId", "".into()),
        ("startsAt", (NOW + 3_600_000.0).into()),
        ("minutes", 90.into()),
        ("seats", 20.into()),
    ]);
    for (key, value) in changes {
        Reflect::set(&form, &JsValue::from_str(key), value).expect("sets a property");
    }
    form
}

#[wasm_bindgen_test]
fn a_class_for_a_course_in_the_future_passes() {
    assert_eq!(json(&ok(validate_class(class(&[]), NOW, "vi"))), r#"{"ok":true,"value":null}"#);
}

#[wasm_bindgen_test]
fn a_class_names_its_audience_start_length_and_seats_with_the_servers_keys() {
    let changes = [
        ("courseId", JsValue::from_str("")),
        ("startsAt", JsValue::from_f64(NOW)),
        ("minutes", JsValue::from_f64(50.0)),
        ("seats", JsValue::NULL),
    ];
    let result = ok(validate_class(class(&changes), NOW, "en"));
    assert_eq!(
        error(&result, "audience").as_deref(),
        Some("Choose one of your courses or one of your mentorship plans")
    );
    assert_eq!(error(&result, "startsAt").as_deref(), Some("Choose a time in the future"));
    assert_eq!(error(&result, "minutes").as_deref(), Some("Enter 15 to 480 minutes in steps of 15"));
    assert_eq!(error(&result, "seats").as_deref(), Some("Enter a whole number from 1 to 500"));
}

#[wasm_bindgen_test]
fn the_payout_banks_are_listed_with_their_bins() {
    let banks = payout_banks().expect("lists");
    let vietcombank = banks
        .iter()
        .find(|bank| Reflect::get(bank, &"bin".into()).ok().and_then(|b| b.as_string()).as_deref() == Some("970436"))
        .expect("Vietcombank is listed");
    assert_eq!(
        Reflect::get(&vietcombank, &"shortName".into()).expect("name").as_string().as_deref(),
        Some("Vietcombank")
    );
}

#[wasm_bindgen_test]
fn a_holder_name_is_shown_as_banks_print_it_while_typed() {
    assert_eq!(printed_holder_name("Nguyễn Văn Ánh"), "NGUYEN VAN ANH");
    assert_eq!(masked_account_number("0071000123651"), "•••• 3651");
}

#[wasm_bindgen_test]
fn a_payout_account_form_gets_the_servers_messages() {
    let form =
        object(&[("bankBin", "999999".into()), ("accountNumber", "12".into()), ("holderName", "Trần Bình".into())]);
    let result = ok(check_payout_account(form, "vi"));
    assert_eq!(error(&result, "bankBin").as_deref(), Some("Hãy chọn ngân hàng trong danh sách."));
    assert_eq!(error(&result, "accountNumber").as_deref(), Some("Số tài khoản gồm 6–19 chữ số."));
    assert_eq!(error(&result, "holderName"), None);
}

#[wasm_bindgen_test]
fn a_payout_quote_shows_fee_tax_and_net() {
    let fee = object(&[("kind", "fixed".into()), ("amount", 5_500.into())]);
    let terms = object(&[
        ("available", 3_000_000.into()),
        ("minimum", 100_000.into()),
        ("fee", fee),
        ("withholdTax", JsValue::TRUE),
        ("committed", JsValue::FALSE),
    ]);
    let result = ok(quote_payout(2_000_000.0, terms, "vi"));
    assert_eq!(json(&result), r#"{"ok":true,"value":{"amount":2000000,"fee":5500,"tax":200000,"net":1794500}}"#);
    let low = object(&[("available", 3_000_000.into()), ("minimum", 100_000.into())]);
    let refused = ok(quote_payout(50_000.0, low, "vi"));
    assert_eq!(
        Reflect::get(&refused, &"message".into()).expect("message").as_string().as_deref(),
        Some("Số tiền rút tối thiểu là 100.000 ₫.")
    );
}

#[wasm_bindgen_test]
fn the_academy_settings_are_checked_with_the_servers_messages() {
    let form = object(&[
        ("academyName", "Academy".into()),
        ("phone", " 028 3822 0000 ".into()),
        ("email", "hello@academy.vn".into()),
        ("address", "1 Lê Lợi".into()),
        ("facebook", "https://facebook.com/academy".into()),
        ("defaultCurrency", "VND".into()),
        ("promoTitleVi", "Ưu đãi".into()),
        ("promoTitleEn", "Offer".into()),
    ]);
    let passed = json(&ok(validate_site_settings(form, "vi")));
    assert!(passed.starts_with(r#"{"ok":true,"value":{"academyName":"Academy","phone":"028 3822 0000""#), "{passed}");
    let broken =
        object(&[("phone", "12".into()), ("facebook", "http://x.vn".into()), ("defaultCurrency", "EUR".into())]);
    let result = ok(validate_site_settings(broken, "vi"));
    assert_eq!(error(&result, "academyName").as_deref(), Some("Vui lòng nhập trường này"));
    assert_eq!(error(&result, "phone").as_deref(), Some("Nhập số điện thoại từ 8 đến 15 chữ số"));
    assert_eq!(error(&result, "facebook").as_deref(), Some("Dùng liên kết https, hoặc để trống"));
    assert_eq!(error(&result, "defaultCurrency").as_deref(), Some("Chọn VND hoặc USD"));
}
