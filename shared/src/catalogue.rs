//! The dashboard's catalogue forms (courses with their curriculum, categories and other named items): checks
//! shared by the browser and the server.

use serde::{Deserialize, Serialize};

use crate::i18n::Lang;
use crate::media::{MediaLinkError, video_link};
use crate::validation::{Field, FieldErrors, Message};

/// The longest title or name, in characters.
pub const TITLE_MAX_CHARS: usize = 200;
/// The longest description, in characters.
pub const DESCRIPTION_MAX_CHARS: usize = 10_000;
/// The most sections of a curriculum, and lessons of a section.
pub const MAX_SECTIONS: usize = 100;
pub const MAX_LESSONS_PER_SECTION: usize = 200;
/// The levels a course can have.
pub const LEVELS: [&str; 3] = ["beginner", "intermediate", "advanced"];
/// Currency codes a price can be in.
pub const CURRENCIES: [&str; 2] = ["VND", "USD"];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CatalogueField {
    TitleVi,
    TitleEn,
    NameVi,
    NameEn,
    Slug,
    Description,
    Price,
    Discount,
    Currency,
    Level,
    TotalSeat,
    CategoryId,
    Sections,
    /// A banner's picture.
    Image,
    /// A subject's or syllabus's code.
    Code,
    /// A syllabus's length in weeks.
    DurationWeeks,
    /// A subject's credits.
    Credits,
    /// A syllabus's status.
    Status,
    /// A syllabus's ordered subjects.
    Subjects,
}

impl Field for CatalogueField {
    fn name(self) -> &'static str {
        match self {
            Self::TitleVi => "title.vi",
            Self::TitleEn => "title.en",
            Self::NameVi => "name.vi",
            Self::NameEn => "name.en",
            Self::Slug => "slug",
            Self::Description => "description",
            Self::Price => "price",
            Self::Discount => "discount",
            Self::Currency => "currency",
            Self::Level => "level",
            Self::TotalSeat => "totalSeat",
            Self::CategoryId => "categoryId",
            Self::Sections => "sections",
            Self::Image => "image",
            Self::Code => "code",
            Self::DurationWeeks => "durationWeeks",
            Self::Credits => "credits",
            Self::Status => "status",
            Self::Subjects => "subjects",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CatalogueError {
    #[error("This field is required")]
    Required,
    #[error("This field must be at most {max} characters")]
    TooLong { max: usize },
    #[error("Use lower-case letters, digits and dashes only")]
    SlugInvalid,
    #[error("The price cannot be negative")]
    PriceNegative,
    #[error("The sale price must be below the price")]
    DiscountNotBelowPrice,
    #[error("Unknown currency")]
    CurrencyUnknown,
    #[error("Unknown level")]
    LevelUnknown,
    #[error("The number of seats cannot be negative")]
    SeatsNegative,
    #[error("Every section and lesson needs a title and a duration of 0 or more")]
    CurriculumInvalid,
    /// A lesson's video link is not one [`crate::media::video_link`] accepts.
    #[error("{}", MediaLinkError::VideoNotAllowed)]
    VideoLinkNotAllowed,
    #[error("The curriculum is too long")]
    CurriculumTooLong,
    #[error("Use 2 to 40 letters, digits, dots or dashes, starting with a letter or digit")]
    CodeInvalid,
    #[error("Enter a whole number from {min} to {max}")]
    NumberOutOfRange { min: i64, max: i64 },
    #[error("Unknown status")]
    StatusUnknown,
    #[error("Each subject can be listed only once")]
    SubjectRepeated,
    #[error("A chosen subject no longer exists")]
    SubjectUnknown,
}

impl Message for CatalogueError {
    fn message(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Vi => match self {
                Self::Required => "Trường này là bắt buộc".into(),
                Self::TooLong { max } => format!("Trường này tối đa {max} ký tự"),
                Self::SlugInvalid => "Chỉ dùng chữ thường không dấu, chữ số và dấu gạch ngang".into(),
                Self::PriceNegative => "Giá không được âm".into(),
                Self::DiscountNotBelowPrice => "Giá khuyến mãi phải thấp hơn giá gốc".into(),
                Self::CurrencyUnknown => "Loại tiền tệ không hợp lệ".into(),
                Self::LevelUnknown => "Trình độ không hợp lệ".into(),
                Self::SeatsNegative => "Số chỗ không được âm".into(),
                Self::CurriculumInvalid => "Mỗi chương và bài học cần tiêu đề và thời lượng từ 0 trở lên".into(),
                Self::VideoLinkNotAllowed => MediaLinkError::VideoNotAllowed.message(lang),
                Self::CurriculumTooLong => "Nội dung khóa học quá dài".into(),
                Self::CodeInvalid => "Dùng 2 đến 40 chữ cái, chữ số, dấu chấm hoặc gạch ngang, bắt đầu bằng chữ hoặc số".into(),
                Self::NumberOutOfRange { min, max } => format!("Nhập một số nguyên từ {min} đến {max}"),
                Self::StatusUnknown => "Trạng thái không hợp lệ".into(),
                Self::SubjectRepeated => "Mỗi môn học chỉ được chọn một lần".into(),
                Self::SubjectUnknown => "Một môn học đã chọn không còn tồn tại".into(),
            },
        }
    }
}

impl CatalogueError {
    pub fn message(&self, lang: Lang) -> String {
        Message::message(self, lang)
    }
}

/// A slug: 1–120 characters of `a-z`, `0-9` and single dashes inside.
pub fn is_valid_slug(slug: &str) -> bool {
    !slug.is_empty()
        && slug.len() <= 120
        && slug.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !slug.starts_with('-')
        && !slug.ends_with('-')
        && !slug.contains("--")
}

/// A slug made from a title: marks dropped (`đ` → `d`), lower case, words joined by dashes.
pub fn slugify(title: &str) -> String {
    let normalized = crate::search::normalize_search(title);
    let mut slug = String::with_capacity(normalized.len());
    for c in normalized.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let slug = slug.trim_end_matches('-');
    slug.chars().take(120).collect::<String>().trim_end_matches('-').to_owned()
}

fn check_text(text: &str, max: usize, required: bool) -> Result<(), CatalogueError> {
    let n = text.trim().chars().count();
    if n == 0 && required {
        Err(CatalogueError::Required)
    } else if n > max {
        Err(CatalogueError::TooLong { max })
    } else {
        Ok(())
    }
}

/// The fields of a course form the rules look at.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CourseFacts<'a> {
    pub title_vi: &'a str,
    pub title_en: &'a str,
    pub slug: &'a str,
    pub description_vi: &'a str,
    pub price: i64,
    pub discount: Option<i64>,
    pub currency: &'a str,
    pub level: &'a str,
    pub total_seat: i64,
    pub category_id: &'a str,
}

/// Checks a course form: titles (Vietnamese required), slug, price and sale price, currency, level, seats,
/// category.
pub fn validate_course(course: &CourseFacts<'_>) -> Result<(), FieldErrors<CatalogueField, CatalogueError>> {
    let mut errors = FieldErrors::default();
    errors.check(CatalogueField::TitleVi, check_text(course.title_vi, TITLE_MAX_CHARS, true));
    errors.check(CatalogueField::TitleEn, check_text(course.title_en, TITLE_MAX_CHARS, false));
    if !course.slug.is_empty() && !is_valid_slug(course.slug) {
        errors.add(CatalogueField::Slug, CatalogueError::SlugInvalid);
    }
    errors.check(CatalogueField::Description, check_text(course.description_vi, DESCRIPTION_MAX_CHARS, false));
    if course.price < 0 {
        errors.add(CatalogueField::Price, CatalogueError::PriceNegative);
    }
    if let Some(discount) = course.discount
        && (discount < 0 || discount >= course.price)
    {
        errors.add(CatalogueField::Discount, CatalogueError::DiscountNotBelowPrice);
    }
    if !CURRENCIES.contains(&course.currency) {
        errors.add(CatalogueField::Currency, CatalogueError::CurrencyUnknown);
    }
    if !LEVELS.contains(&course.level) {
        errors.add(CatalogueField::Level, CatalogueError::LevelUnknown);
    }
    if course.total_seat < 0 {
        errors.add(CatalogueField::TotalSeat, CatalogueError::SeatsNegative);
    }
    if course.category_id.trim().is_empty() {
        errors.add(CatalogueField::CategoryId, CatalogueError::Required);
    }
    errors.into_result(|| ())
}

/// One lesson as the curriculum rule sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LessonFacts<'a> {
    pub title_vi: &'a str,
    pub duration_seconds: i64,
    pub video_url: Option<&'a str>,
}

/// Checks a curriculum: at most [`MAX_SECTIONS`] sections of at most [`MAX_LESSONS_PER_SECTION`] lessons,
/// every title present, durations not negative, video links (when given) ones [`video_link`] accepts, with
/// `own_files` the base our stored files are read at.
pub fn validate_curriculum(sections: &[(&str, Vec<LessonFacts<'_>>)], own_files: &str) -> Result<(), CatalogueError> {
    if sections.len() > MAX_SECTIONS || sections.iter().any(|(_, l)| l.len() > MAX_LESSONS_PER_SECTION) {
        return Err(CatalogueError::CurriculumTooLong);
    }
    let title_ok = |t: &str| check_text(t, TITLE_MAX_CHARS, true).is_ok();
    let valid = sections.iter().all(|(title, lessons)| {
        title_ok(title) && lessons.iter().all(|l| title_ok(l.title_vi) && l.duration_seconds >= 0)
    });
    if !valid {
        return Err(CatalogueError::CurriculumInvalid);
    }
    let link_ok = |u: Option<&str>| u.is_none_or(|u| u.trim().is_empty() || video_link(u, own_files).is_ok());
    if sections.iter().all(|(_, lessons)| lessons.iter().all(|l| link_ok(l.video_url))) {
        Ok(())
    } else {
        Err(CatalogueError::VideoLinkNotAllowed)
    }
}

/// Checks a named item (category, course type, banner, subject, syllabus): Vietnamese name required, both at
/// most [`TITLE_MAX_CHARS`], slug or code valid when given.
pub fn validate_named(
    name_vi: &str,
    name_en: &str,
    slug: &str,
) -> Result<(), FieldErrors<CatalogueField, CatalogueError>> {
    let mut errors = FieldErrors::default();
    errors.check(CatalogueField::NameVi, check_text(name_vi, TITLE_MAX_CHARS, true));
    errors.check(CatalogueField::NameEn, check_text(name_en, TITLE_MAX_CHARS, false));
    if !slug.is_empty() && !is_valid_slug(slug) {
        errors.add(CatalogueField::Slug, CatalogueError::SlugInvalid);
    }
    errors.into_result(|| ())
}

/// The slug an item is saved under: the one typed (trimmed), else one made from the Vietnamese title.
pub fn slug_for(slug: &str, title_vi: &str) -> String {
    let slug = slug.trim();
    if slug.is_empty() { slugify(title_vi) } else { slug.to_owned() }
}

/// A currency code as it is checked and saved: trimmed, in upper case (` vnd ` is `VND`).
pub fn currency_code(currency: &str) -> String {
    currency.trim().to_uppercase()
}

/// The course editor's check as a save runs it: the slug defaults to one made from the Vietnamese title
/// ([`slug_for`]), the currency code is read as [`currency_code`] gives it, [`validate_course`] runs on those, and
/// a title that gives no slug at all is refused on the slug. Returns the slug the course is saved under.
pub fn validate_course_form(course: &CourseFacts<'_>) -> Result<String, FieldErrors<CatalogueField, CatalogueError>> {
    let slug = slug_for(course.slug, course.title_vi);
    let currency = currency_code(course.currency);
    validate_course(&CourseFacts { slug: &slug, currency: &currency, ..course.clone() })?;
    if slug.is_empty() {
        let mut errors = FieldErrors::default();
        errors.add(CatalogueField::Slug, CatalogueError::SlugInvalid);
        return Err(errors);
    }
    Ok(slug)
}

/// A named item's form (category, course type) as a save checks it: [`validate_named`] on the slug
/// [`slug_for`] gives. Returns that slug.
pub fn validate_named_form(
    name_vi: &str,
    name_en: &str,
    slug: &str,
) -> Result<String, FieldErrors<CatalogueField, CatalogueError>> {
    let slug = slug_for(slug, name_vi);
    validate_named(name_vi, name_en, &slug)?;
    Ok(slug)
}

/// A banner's form: its titles as a named item's (the errors name `name.vi` / `name.en`, as the server's do)
/// and a picture, required. Every broken field is reported at once.
pub fn validate_banner_form(
    title_vi: &str,
    title_en: &str,
    slug: &str,
    image: &str,
) -> Result<String, FieldErrors<CatalogueField, CatalogueError>> {
    let slug = slug_for(slug, title_vi);
    let mut errors = validate_named(title_vi, title_en, &slug).err().unwrap_or_default();
    if image.trim().is_empty() {
        errors.add(CatalogueField::Image, CatalogueError::Required);
    }
    errors.into_result(|| slug)
}

/// The longest subject or syllabus code, in characters.
pub const CODE_MAX_CHARS: usize = 40;
/// The most credits a subject carries.
pub const MAX_CREDITS: i64 = 60;
/// The longest syllabus, in weeks (ten years).
pub const MAX_DURATION_WEEKS: i64 = 520;
/// The statuses a syllabus can have.
pub const SYLLABUS_STATUSES: [&str; 3] = ["draft", "published", "archived"];

/// A subject or syllabus code such as `PY101` or `SYL-WEB-2026`: 2–[`CODE_MAX_CHARS`] ASCII letters, digits,
/// dots, dashes or underscores, starting with a letter or digit.
pub fn is_valid_code(code: &str) -> bool {
    (2..=CODE_MAX_CHARS).contains(&code.len())
        && code.bytes().next().is_some_and(|b| b.is_ascii_alphanumeric())
        && code.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_'))
}

fn check_range(value: i64, min: i64, max: i64) -> Result<(), CatalogueError> {
    if (min..=max).contains(&value) { Ok(()) } else { Err(CatalogueError::NumberOutOfRange { min, max }) }
}

fn check_code(code: &str) -> Result<(), CatalogueError> {
    if code.trim().is_empty() {
        Err(CatalogueError::Required)
    } else if is_valid_code(code.trim()) {
        Ok(())
    } else {
        Err(CatalogueError::CodeInvalid)
    }
}

/// Checks a subject form: names as a named item's ([`validate_named`]), a code, credits 0–[`MAX_CREDITS`],
/// description at most [`DESCRIPTION_MAX_CHARS`].
pub fn validate_subject(
    name_vi: &str,
    name_en: &str,
    code: &str,
    credits: i64,
    description_vi: &str,
) -> Result<(), FieldErrors<CatalogueField, CatalogueError>> {
    let mut errors = validate_named(name_vi, name_en, "").err().unwrap_or_default();
    errors.check(CatalogueField::Code, check_code(code));
    errors.check(CatalogueField::Credits, check_range(credits, 0, MAX_CREDITS));
    errors.check(CatalogueField::Description, check_text(description_vi, DESCRIPTION_MAX_CHARS, false));
    errors.into_result(|| ())
}

/// Checks a syllabus form: names, a code, 1–[`MAX_DURATION_WEEKS`] weeks, a known status, and subjects
/// listed at most once each (their existence is the server's to check).
pub fn validate_syllabus(
    name_vi: &str,
    name_en: &str,
    code: &str,
    duration_weeks: i64,
    status: &str,
    subject_ids: &[&str],
) -> Result<(), FieldErrors<CatalogueField, CatalogueError>> {
    let mut errors = validate_named(name_vi, name_en, "").err().unwrap_or_default();
    errors.check(CatalogueField::Code, check_code(code));
    errors.check(CatalogueField::DurationWeeks, check_range(duration_weeks, 1, MAX_DURATION_WEEKS));
    if !SYLLABUS_STATUSES.contains(&status) {
        errors.add(CatalogueField::Status, CatalogueError::StatusUnknown);
    }
    let repeated = subject_ids.iter().enumerate().any(|(i, id)| subject_ids[..i].contains(id));
    if repeated || subject_ids.iter().any(|id| id.trim().is_empty()) {
        errors.add(CatalogueField::Subjects, CatalogueError::SubjectRepeated);
    }
    errors.into_result(|| ())
}

/// A section (`lesson: None`, its title) or a lesson of a curriculum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CurriculumSpot {
    pub section: usize,
    pub lesson: Option<usize>,
}

/// Where a curriculum breaks [`validate_curriculum`]: each section whose title, and each lesson that, the rule
/// refuses on its own (so the editor can mark them). The rule itself is asked about each item, never restated.
pub fn curriculum_spots(sections: &[(&str, Vec<LessonFacts<'_>>)], own_files: &str) -> Vec<CurriculumSpot> {
    let mut spots = Vec::new();
    for (s, (title, lessons)) in sections.iter().enumerate() {
        if validate_curriculum(&[(*title, Vec::new())], own_files).is_err() {
            spots.push(CurriculumSpot { section: s, lesson: None });
        }
        for (l, lesson) in lessons.iter().enumerate() {
            if validate_curriculum(&[("-", vec![lesson.clone()])], own_files).is_err() {
                spots.push(CurriculumSpot { section: s, lesson: Some(l) });
            }
        }
    }
    spots
}

#[cfg(test)]
mod tests {
    use super::*;

    fn course() -> CourseFacts<'static> {
        CourseFacts {
            title_vi: "Lập trình Python",
            title_en: "Python",
            slug: "lap-trinh-python",
            description_vi: "",
            price: 1_000_000,
            discount: Some(700_000),
            currency: "VND",
            level: "beginner",
            total_seat: 100,
            category_id: "c1",
        }
    }

    #[test]
    fn a_complete_course_passes() {
        assert!(validate_course(&course()).is_ok());
    }

    #[test]
    fn each_broken_course_rule_names_its_field() {
        let cases: [(CourseFacts<'static>, &str); 7] = [
            (CourseFacts { title_vi: "  ", ..course() }, "title.vi"),
            (CourseFacts { slug: "Lập trình", ..course() }, "slug"),
            (CourseFacts { price: -1, discount: None, ..course() }, "price"),
            (CourseFacts { discount: Some(1_000_000), ..course() }, "discount"),
            (CourseFacts { currency: "EUR", ..course() }, "currency"),
            (CourseFacts { level: "expert", ..course() }, "level"),
            (CourseFacts { category_id: "", ..course() }, "categoryId"),
        ];
        for (facts, field) in cases {
            let errors = validate_course(&facts).expect_err(field);
            assert!(errors.messages(Lang::En).contains_key(field), "{field}: {:?}", errors.messages(Lang::En));
        }
    }

    #[test]
    fn a_free_course_cannot_be_on_sale() {
        let facts = CourseFacts { price: 0, discount: Some(0), ..course() };
        assert!(validate_course(&facts).is_err());
    }

    #[test]
    fn slugs_are_made_from_vietnamese_titles() {
        assert_eq!(slugify("Thiết kế Đồ họa: cơ bản!"), "thiet-ke-do-hoa-co-ban");
        assert!(is_valid_slug(&slugify("  Lập trình -- Rust  ")));
        assert!(!is_valid_slug("a--b"));
    }

    const HERE: &str = crate::media::OWN_FILES_PATH;

    #[test]
    fn a_lesson_without_title_or_with_a_script_link_breaks_the_curriculum() {
        let lesson = |title, url| LessonFacts { title_vi: title, duration_seconds: 60, video_url: url };
        let youtube = Some("https://www.youtube.com/embed/aqz-KE-bpKQ");
        let fine = [("Chương 1", vec![lesson("Bài 1", youtube), lesson("Bài 2", Some(""))])];
        assert!(validate_curriculum(&fine, HERE).is_ok());
        let untitled = validate_curriculum(&[("Chương 1", vec![lesson("", None)])], HERE);
        assert_eq!(untitled, Err(CatalogueError::CurriculumInvalid));
        let script = validate_curriculum(&[("Chương 1", vec![lesson("Bài", Some("javascript:alert(1)"))])], HERE);
        assert_eq!(script, Err(CatalogueError::VideoLinkNotAllowed));
        assert!(validate_curriculum(&[("", vec![])], HERE).is_err());
    }

    #[test]
    fn a_video_from_an_unknown_host_or_over_plain_http_is_refused_with_its_own_text() {
        let lesson = |url| LessonFacts { title_vi: "Bài 1", duration_seconds: 60, video_url: Some(url) };
        for url in ["https://evil.example/track.mp4", "http://www.youtube.com/embed/x", "//vimeo.com/1"] {
            let refused = validate_curriculum(&[("Chương 1", vec![lesson(url)])], HERE).expect_err(url);
            assert_eq!(refused, CatalogueError::VideoLinkNotAllowed);
            let en = refused.message(Lang::En);
            assert_eq!(en, "Video links must be https links to YouTube, Vimeo or a file uploaded here");
            assert!(refused.message(Lang::Vi).starts_with("Liên kết video phải là liên kết https"));
        }
        assert!(validate_curriculum(&[("Chương 1", vec![lesson("https://vimeo.com/76979871")])], HERE).is_ok());
    }

    #[test]
    fn a_course_form_without_a_slug_is_saved_under_one_made_from_its_title() {
        let facts = CourseFacts { slug: "  ", currency: " vnd ", ..course() };
        assert_eq!(validate_course_form(&facts), Ok("lap-trinh-python".to_owned()));
        assert_eq!(validate_course_form(&CourseFacts { slug: " my-slug ", ..course() }), Ok("my-slug".to_owned()));
    }

    #[test]
    fn a_course_form_whose_title_gives_no_slug_is_refused_on_the_slug() {
        let errors = validate_course_form(&CourseFacts { title_vi: "!!!", slug: "", ..course() }).expect_err("no slug");
        assert_eq!(errors.messages(Lang::En).get("slug").map(String::as_str), Some("Use lower-case letters, digits and dashes only"));
        let errors = validate_course_form(&CourseFacts { title_vi: " ", slug: "", ..course() }).expect_err("no title");
        assert_eq!(errors.messages(Lang::Vi).keys().collect::<Vec<_>>(), ["title.vi"]);
    }

    #[test]
    fn a_named_form_checks_its_names_and_typed_slug() {
        assert_eq!(validate_named_form("Thiết kế", "", ""), Ok("thiet-ke".to_owned()));
        let errors = validate_named_form("", &"x".repeat(201), "Bad Slug").expect_err("three fields");
        let messages = errors.messages(Lang::Vi);
        assert_eq!(messages.get("name.vi").map(String::as_str), Some("Trường này là bắt buộc"));
        assert_eq!(messages.get("name.en").map(String::as_str), Some("Trường này tối đa 200 ký tự"));
        assert!(messages.contains_key("slug"));
    }

    #[test]
    fn a_banner_needs_a_title_and_a_picture_reported_together() {
        assert_eq!(validate_banner_form("Khai giảng", "", "", "/files/public/b.png"), Ok("khai-giang".to_owned()));
        let errors = validate_banner_form("", "", "", "  ").expect_err("two fields");
        let messages = errors.messages(Lang::En);
        assert_eq!(messages.keys().collect::<Vec<_>>(), ["image", "name.vi"]);
        assert_eq!(messages.get("image").map(String::as_str), Some("This field is required"));
    }

    #[test]
    fn the_curriculum_spots_are_the_items_the_rule_refuses() {
        let lesson = |title, seconds, url| LessonFacts { title_vi: title, duration_seconds: seconds, video_url: url };
        let sections = [
            ("Chương 1", vec![lesson("Bài 1", 60, None), lesson("", 60, None)]),
            (" ", vec![lesson("Bài 1", -1, None), lesson("Bài 2", 0, Some("https://x.vn/v.mp4"))]),
            ("Chương 3", vec![lesson("Bài 1", 0, Some("https://youtu.be/aqz-KE-bpKQ"))]),
        ];
        let spots = curriculum_spots(&sections, HERE);
        let spot = |section, lesson| CurriculumSpot { section, lesson };
        assert_eq!(spots, [spot(0, Some(1)), spot(1, None), spot(1, Some(0)), spot(1, Some(1))]);
        assert!(validate_curriculum(&sections, HERE).is_err());
        assert!(curriculum_spots(&sections[2..], HERE).is_empty());
        assert!(validate_curriculum(&sections[2..], HERE).is_ok());
    }

    #[test]
    fn subject_and_syllabus_codes_take_letters_digits_dots_and_dashes() {
        for (code, valid) in [("PY101", true), ("SYL-WEB-2026", true), ("a.b_c", true), ("X", false),
            ("-AB", false), ("AB CD", false), ("Mã01", false), (&"A".repeat(41), false)] {
            assert_eq!(is_valid_code(code), valid, "{code}");
        }
    }

    #[test]
    fn a_subject_with_too_many_credits_and_no_code_names_both_fields() {
        let errors = validate_subject("Python", "", "", 61, "").expect_err("code and credits");
        assert_eq!(errors.get(CatalogueField::Code), Some(&CatalogueError::Required));
        assert_eq!(errors.get(CatalogueField::Credits), Some(&CatalogueError::NumberOutOfRange { min: 0, max: 60 }));
        assert!(validate_subject("Python", "Python", "PY101", 3, "").is_ok());
    }

    #[test]
    fn a_syllabus_refuses_zero_weeks_an_unknown_status_and_a_repeated_subject() {
        let errors = validate_syllabus("", "", "SYL1", 0, "open", &["a", "b", "a"]).expect_err("four fields");
        assert_eq!(errors.get(CatalogueField::NameVi), Some(&CatalogueError::Required));
        assert!(errors.get(CatalogueField::DurationWeeks).is_some());
        assert_eq!(errors.get(CatalogueField::Status), Some(&CatalogueError::StatusUnknown));
        assert_eq!(errors.get(CatalogueField::Subjects), Some(&CatalogueError::SubjectRepeated));
        assert!(validate_syllabus("Lộ trình", "Path", "SYL1", 12, "draft", &["a", "b"]).is_ok());
    }

    #[test]
    fn material_messages_exist_in_both_languages() {
        let error = CatalogueError::NumberOutOfRange { min: 1, max: 520 };
        assert_eq!(error.message(Lang::En), "Enter a whole number from 1 to 520");
        assert_eq!(error.message(Lang::Vi), "Nhập một số nguyên từ 1 đến 520");
    }
}
