//! The dashboard's catalogue forms (courses with their curriculum, categories and other named items): checks
//! shared by the browser and the server.

use serde::{Deserialize, Serialize};

use crate::i18n::Lang;
pub use crate::limits::{CODE_MAX_CHARS, DESCRIPTION_MAX_CHARS, TITLE_MAX_CHARS};
use crate::limits::{
    ID_MAX_CHARS, IMAGE_URL_MAX_CHARS, LIST_ITEM_MAX_CHARS, LIST_MAX_ITEMS, SLUG_MAX_CHARS, TooLong, URL_MAX_CHARS,
    check_max, exceeds,
};
use crate::media::{MediaLinkError, OWN_FILES_PATH, check_picture_link, video_link};
use crate::validation::{Field, FieldErrors, Message};

crate::stored_names! {
    /// Where a course stands: being written (`draft`, seen only by who edits it), on sale, or withdrawn.
    pub enum CourseStatus("course status") {
        Draft = "draft",
        Published = "published",
        Archived = "archived",
    }
}

crate::stored_names! {
    /// Where a syllabus stands (the same three states as a course's).
    pub enum SyllabusStatus("syllabus status") {
        Draft = "draft",
        Published = "published",
        Archived = "archived",
    }
}

crate::stored_names! {
    /// Whether a blog post is shown.
    pub enum PostStatus("post status") {
        Draft = "draft",
        Published = "published",
    }
}

crate::stored_names! {
    /// Whether a feed post is shown (a moderator hides one).
    pub enum FeedStatus("feed post status") {
        Visible = "visible",
        Hidden = "hidden",
    }
}

/// The most sections of a curriculum, lessons of a section, and lessons of a whole course: a course page
/// carries its whole outline, and one far larger would slow every visitor's page and the server with it.
pub const MAX_SECTIONS: usize = 50;

/// How many courses a page of the course list asks for (the web app's lists and the server's first view).
pub const COURSES_PAGE_SIZE: u32 = 12;
/// How many reviews a course page asks for first.
pub const REVIEWS_PAGE_SIZE: u32 = 5;
/// The course list's sorts, its default first.
pub const COURSE_SORTS: [&str; 5] = ["popular", "best-selling", "best-rated", "newest", "free"];
pub const MAX_LESSONS_PER_SECTION: usize = 100;
pub const MAX_COURSE_LESSONS: usize = 500;
/// The most subjects a syllabus lists.
pub const MAX_SYLLABUS_SUBJECTS: usize = 100;
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
    DescriptionVi,
    DescriptionEn,
    /// A banner's subtitle.
    SubtitleVi,
    SubtitleEn,
    /// A course's badge.
    BadgeVi,
    BadgeEn,
    /// A course's lists, one text per line in each language.
    WhatYouWillLearn,
    Requirements,
    Thumbnail,
    /// A banner's target.
    Link,
    /// A course's language.
    Language,
    /// A course's type.
    TypeId,
    /// A syllabus's owner.
    OwnerId,
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
            Self::DescriptionVi => "description.vi",
            Self::DescriptionEn => "description.en",
            Self::SubtitleVi => "subtitle.vi",
            Self::SubtitleEn => "subtitle.en",
            Self::BadgeVi => "courseBadge.vi",
            Self::BadgeEn => "courseBadge.en",
            Self::WhatYouWillLearn => "whatYouWillLearn",
            Self::Requirements => "requirements",
            Self::Thumbnail => "thumbnail",
            Self::Link => "link",
            Self::Language => "language",
            Self::TypeId => "typeId",
            Self::OwnerId => "ownerId",
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
    #[error("{}", TooLong { max: *max })]
    TooLong { max: usize },
    #[error("At most {max} items")]
    TooManyItems { max: usize },
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
    #[error("A course has at most {max} sections")]
    TooManySections { max: usize },
    #[error("A section has at most {max} lessons")]
    TooManyLessonsInSection { max: usize },
    #[error("A course has at most {max} lessons")]
    TooManyLessons { max: usize },
    /// A picture link is not one [`crate::media::check_picture_link`] accepts.
    #[error("{}", MediaLinkError::PictureNotAllowed)]
    PictureLinkNotAllowed,
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

impl From<TooLong> for CatalogueError {
    fn from(TooLong { max }: TooLong) -> Self {
        Self::TooLong { max }
    }
}

impl Message for CatalogueError {
    fn message(&self, lang: Lang) -> String {
        match (lang, self) {
            (_, Self::TooLong { max }) => TooLong { max: *max }.message(lang),
            (Lang::En, _) => self.to_string(),
            (Lang::Vi, Self::Required) => "Trường này là bắt buộc".into(),
            (Lang::Vi, Self::TooManyItems { max }) => format!("Tối đa {max} mục"),
            (Lang::Vi, Self::SlugInvalid) => "Chỉ dùng chữ thường không dấu, chữ số và dấu gạch ngang".into(),
            (Lang::Vi, Self::PriceNegative) => "Giá không được âm".into(),
            (Lang::Vi, Self::DiscountNotBelowPrice) => "Giá khuyến mãi phải thấp hơn giá gốc".into(),
            (Lang::Vi, Self::CurrencyUnknown) => "Loại tiền tệ không hợp lệ".into(),
            (Lang::Vi, Self::LevelUnknown) => "Trình độ không hợp lệ".into(),
            (Lang::Vi, Self::SeatsNegative) => "Số chỗ không được âm".into(),
            (Lang::Vi, Self::CurriculumInvalid) => {
                "Mỗi chương và bài học cần tiêu đề và thời lượng từ 0 trở lên".into()
            }
            (Lang::Vi, Self::VideoLinkNotAllowed) => MediaLinkError::VideoNotAllowed.message(lang),
            (Lang::Vi, Self::PictureLinkNotAllowed) => MediaLinkError::PictureNotAllowed.message(lang),
            (Lang::Vi, Self::TooManySections { max }) => format!("Một khóa học có tối đa {max} chương"),
            (Lang::Vi, Self::TooManyLessonsInSection { max }) => format!("Mỗi chương có tối đa {max} bài học"),
            (Lang::Vi, Self::TooManyLessons { max }) => format!("Một khóa học có tối đa {max} bài học"),
            (Lang::Vi, Self::CodeInvalid) => {
                "Dùng 2 đến 40 chữ cái, chữ số, dấu chấm hoặc gạch ngang, bắt đầu bằng chữ hoặc số".into()
            }
            (Lang::Vi, Self::NumberOutOfRange { min, max }) => format!("Nhập một số nguyên từ {min} đến {max}"),
            (Lang::Vi, Self::StatusUnknown) => "Trạng thái không hợp lệ".into(),
            (Lang::Vi, Self::SubjectRepeated) => "Mỗi môn học chỉ được chọn một lần".into(),
            (Lang::Vi, Self::SubjectUnknown) => "Một môn học đã chọn không còn tồn tại".into(),
        }
    }
}

impl CatalogueError {
    pub fn message(&self, lang: Lang) -> String {
        Message::message(self, lang)
    }

    /// Whether the error is about the curriculum's size as a whole (no one item is at fault).
    pub fn is_curriculum_size(&self) -> bool {
        matches!(
            self,
            Self::TooManySections { .. } | Self::TooManyLessonsInSection { .. } | Self::TooManyLessons { .. }
        )
    }
}

/// What a course costs now: its sale price when it is on sale (a `discount` from 0 up to below the list price),
/// else its list price. The one price rule: carts, checkout and every course view use it.
pub fn current_price(price: i64, discount: Option<i64>) -> i64 {
    match discount {
        Some(sale) if (0..price).contains(&sale) => sale,
        _ => price,
    }
}

/// A slug: 1–[`SLUG_MAX_CHARS`] characters of `a-z`, `0-9` and single dashes inside.
pub fn is_valid_slug(slug: &str) -> bool {
    !slug.is_empty()
        && slug.len() <= SLUG_MAX_CHARS
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
    slug.chars().take(SLUG_MAX_CHARS).collect::<String>().trim_end_matches('-').to_owned()
}

/// At most `max` characters (as sent), and something besides spaces when `required`.
fn check_text(text: &str, max: usize, required: bool) -> Result<(), CatalogueError> {
    check_max(text, max)?;
    if required && text.trim().is_empty() { Err(CatalogueError::Required) } else { Ok(()) }
}

/// A picture link as typed: at most `max` characters, present when `required`, and one
/// [`check_picture_link`] accepts when given.
fn check_picture(url: &str, max: usize, required: bool) -> Result<(), CatalogueError> {
    check_text(url, max, required)?;
    if url.trim().is_empty() || check_picture_link(url, OWN_FILES_PATH).is_ok() {
        Ok(())
    } else {
        Err(CatalogueError::PictureLinkNotAllowed)
    }
}

/// A slug as typed: at most [`SLUG_MAX_CHARS`], and a valid slug when not empty.
fn check_slug(slug: &str) -> Result<(), CatalogueError> {
    check_max(slug, SLUG_MAX_CHARS)?;
    if slug.is_empty() || is_valid_slug(slug) { Ok(()) } else { Err(CatalogueError::SlugInvalid) }
}

/// A list of `(vi, en)` lines: at most [`LIST_MAX_ITEMS`] of at most [`LIST_ITEM_MAX_CHARS`] each.
fn check_list(items: &[(&str, &str)]) -> Result<(), CatalogueError> {
    if items.len() > LIST_MAX_ITEMS {
        return Err(CatalogueError::TooManyItems { max: LIST_MAX_ITEMS });
    }
    if items.iter().any(|(vi, en)| exceeds(vi, LIST_ITEM_MAX_CHARS) || exceeds(en, LIST_ITEM_MAX_CHARS)) {
        return Err(CatalogueError::TooLong { max: LIST_ITEM_MAX_CHARS });
    }
    Ok(())
}

/// The fields of a course form the rules look at. Texts the form leaves empty are `""`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CourseFacts<'a> {
    pub title_vi: &'a str,
    pub title_en: &'a str,
    pub slug: &'a str,
    pub description_vi: &'a str,
    pub description_en: &'a str,
    /// What you will learn, `(vi, en)` per line.
    pub outcomes: Vec<(&'a str, &'a str)>,
    /// Requirements, `(vi, en)` per line.
    pub requirements: Vec<(&'a str, &'a str)>,
    pub thumbnail: &'a str,
    pub price: i64,
    pub discount: Option<i64>,
    pub currency: &'a str,
    pub badge_vi: &'a str,
    pub badge_en: &'a str,
    pub level: &'a str,
    pub total_seat: i64,
    pub category_id: &'a str,
    pub type_id: &'a str,
    pub language: &'a str,
}

/// Checks a course form: titles (Vietnamese required), slug, price and sale price, currency, level, seats,
/// category, and every text at most its field's maximum.
pub fn validate_course(course: &CourseFacts<'_>) -> Result<(), FieldErrors<CatalogueField, CatalogueError>> {
    let mut errors = FieldErrors::default();
    errors.check(CatalogueField::TitleVi, check_text(course.title_vi, TITLE_MAX_CHARS, true));
    errors.check(CatalogueField::TitleEn, check_text(course.title_en, TITLE_MAX_CHARS, false));
    errors.check(CatalogueField::Slug, check_slug(course.slug));
    errors.check(CatalogueField::DescriptionVi, check_text(course.description_vi, DESCRIPTION_MAX_CHARS, false));
    errors.check(CatalogueField::DescriptionEn, check_text(course.description_en, DESCRIPTION_MAX_CHARS, false));
    errors.check(CatalogueField::WhatYouWillLearn, check_list(&course.outcomes));
    errors.check(CatalogueField::Requirements, check_list(&course.requirements));
    errors.check(CatalogueField::Thumbnail, check_picture(course.thumbnail, IMAGE_URL_MAX_CHARS, false));
    errors.check(CatalogueField::BadgeVi, check_text(course.badge_vi, TITLE_MAX_CHARS, false));
    errors.check(CatalogueField::BadgeEn, check_text(course.badge_en, TITLE_MAX_CHARS, false));
    errors.check(CatalogueField::TypeId, check_text(course.type_id, ID_MAX_CHARS, false));
    errors.check(CatalogueField::Language, check_text(course.language, CODE_MAX_CHARS, false));
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
    errors.check(CatalogueField::CategoryId, check_text(course.category_id, ID_MAX_CHARS, false));
    errors.into_result(|| ())
}

/// One lesson as the curriculum rule sees it. `id` is `""` for a new lesson.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LessonFacts<'a> {
    pub id: &'a str,
    pub title_vi: &'a str,
    pub title_en: &'a str,
    pub duration_seconds: i64,
    pub video_url: Option<&'a str>,
}

/// One section as the curriculum rule sees it, with its lessons in order. `id` is `""` for a new section.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SectionFacts<'a> {
    pub id: &'a str,
    pub title_vi: &'a str,
    pub title_en: &'a str,
    pub lessons: Vec<LessonFacts<'a>>,
}

/// A section's own fields (its lessons aside): Vietnamese title required, titles and id within their maxima.
fn check_section(section: &SectionFacts<'_>) -> Result<(), CatalogueError> {
    check_max(section.id, ID_MAX_CHARS)?;
    check_max(section.title_en, TITLE_MAX_CHARS)?;
    check_text(section.title_vi, TITLE_MAX_CHARS, true).map_err(|e| match e {
        CatalogueError::Required => CatalogueError::CurriculumInvalid,
        other => other,
    })
}

/// A lesson: texts within their maxima, then a Vietnamese title and a duration of 0 or more, then a video link
/// (when given) that [`video_link`] accepts.
fn check_lesson(lesson: &LessonFacts<'_>, own_files: &str) -> Result<(), CatalogueError> {
    check_max(lesson.id, ID_MAX_CHARS)?;
    check_max(lesson.title_vi, TITLE_MAX_CHARS)?;
    check_max(lesson.title_en, TITLE_MAX_CHARS)?;
    let url = lesson.video_url.unwrap_or_default();
    check_max(url, URL_MAX_CHARS)?;
    if lesson.title_vi.trim().is_empty() || lesson.duration_seconds < 0 {
        return Err(CatalogueError::CurriculumInvalid);
    }
    if !url.trim().is_empty() && video_link(url, own_files).is_err() {
        return Err(CatalogueError::VideoLinkNotAllowed);
    }
    Ok(())
}

/// Checks a curriculum: at most [`MAX_SECTIONS`] sections of at most [`MAX_LESSONS_PER_SECTION`] lessons,
/// [`MAX_COURSE_LESSONS`] in all,
/// every Vietnamese title present, texts within their maxima, durations not negative, video links (when given)
/// ones [`video_link`] accepts, with `own_files` the base our stored files are read at. The error is the first
/// broken item's (see [`curriculum_spots`] for all of them).
pub fn validate_curriculum(sections: &[SectionFacts<'_>], own_files: &str) -> Result<(), CatalogueError> {
    if sections.len() > MAX_SECTIONS {
        return Err(CatalogueError::TooManySections { max: MAX_SECTIONS });
    }
    if sections.iter().any(|s| s.lessons.len() > MAX_LESSONS_PER_SECTION) {
        return Err(CatalogueError::TooManyLessonsInSection { max: MAX_LESSONS_PER_SECTION });
    }
    if sections.iter().map(|s| s.lessons.len()).sum::<usize>() > MAX_COURSE_LESSONS {
        return Err(CatalogueError::TooManyLessons { max: MAX_COURSE_LESSONS });
    }
    curriculum_spots(sections, own_files).first().map_or(Ok(()), |spot| Err(spot.error))
}

/// Checks a named item (category, course type, banner, subject, syllabus): Vietnamese name required, both at
/// most [`TITLE_MAX_CHARS`], slug valid when given.
pub fn validate_named(
    name_vi: &str,
    name_en: &str,
    slug: &str,
) -> Result<(), FieldErrors<CatalogueField, CatalogueError>> {
    let mut errors = FieldErrors::default();
    errors.check(CatalogueField::NameVi, check_text(name_vi, TITLE_MAX_CHARS, true));
    errors.check(CatalogueField::NameEn, check_text(name_en, TITLE_MAX_CHARS, false));
    errors.check(CatalogueField::Slug, check_slug(slug));
    errors.into_result(|| ())
}

/// The descriptions of an item in both languages, each at most [`DESCRIPTION_MAX_CHARS`].
fn check_descriptions(
    errors: &mut FieldErrors<CatalogueField, CatalogueError>,
    (vi, en): (&str, &str),
    fields: (CatalogueField, CatalogueField),
) {
    errors.check(fields.0, check_text(vi, DESCRIPTION_MAX_CHARS, false));
    errors.check(fields.1, check_text(en, DESCRIPTION_MAX_CHARS, false));
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

/// The fields of a category or course type form. A course type has no picture (`""`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NamedFacts<'a> {
    pub name_vi: &'a str,
    pub name_en: &'a str,
    pub slug: &'a str,
    pub description_vi: &'a str,
    pub description_en: &'a str,
    pub image: &'a str,
}

/// A named item's form (category, course type) as a save checks it: [`validate_named`] on the slug
/// [`slug_for`] gives, descriptions at most [`DESCRIPTION_MAX_CHARS`], a picture address at most
/// [`IMAGE_URL_MAX_CHARS`]. Returns that slug.
pub fn validate_named_form(item: &NamedFacts<'_>) -> Result<String, FieldErrors<CatalogueField, CatalogueError>> {
    let slug = slug_for(item.slug, item.name_vi);
    let mut errors = validate_named(item.name_vi, item.name_en, &slug).err().unwrap_or_default();
    let descriptions = (CatalogueField::DescriptionVi, CatalogueField::DescriptionEn);
    check_descriptions(&mut errors, (item.description_vi, item.description_en), descriptions);
    errors.check(CatalogueField::Image, check_picture(item.image, IMAGE_URL_MAX_CHARS, false));
    errors.into_result(|| slug)
}

/// The fields of a banner form.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BannerFacts<'a> {
    pub title_vi: &'a str,
    pub title_en: &'a str,
    pub subtitle_vi: &'a str,
    pub subtitle_en: &'a str,
    pub slug: &'a str,
    pub image: &'a str,
    pub link: &'a str,
}

/// A banner's form: its titles as a named item's (the errors name `name.vi` / `name.en`, as the server's do),
/// subtitles at most [`DESCRIPTION_MAX_CHARS`], a picture (required, at most [`IMAGE_URL_MAX_CHARS`]) and a link
/// (at most [`URL_MAX_CHARS`]). Every broken field is reported at once.
pub fn validate_banner_form(banner: &BannerFacts<'_>) -> Result<String, FieldErrors<CatalogueField, CatalogueError>> {
    let slug = slug_for(banner.slug, banner.title_vi);
    let mut errors = validate_named(banner.title_vi, banner.title_en, &slug).err().unwrap_or_default();
    let subtitles = (CatalogueField::SubtitleVi, CatalogueField::SubtitleEn);
    check_descriptions(&mut errors, (banner.subtitle_vi, banner.subtitle_en), subtitles);
    errors.check(CatalogueField::Image, check_picture(banner.image, IMAGE_URL_MAX_CHARS, true));
    errors.check(CatalogueField::Link, check_text(banner.link, URL_MAX_CHARS, false));
    errors.into_result(|| slug)
}

/// The most credits a subject carries.
pub const MAX_CREDITS: i64 = 60;
/// The longest syllabus, in weeks (ten years).
pub const MAX_DURATION_WEEKS: i64 = 520;

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
    check_max(code, CODE_MAX_CHARS)?;
    if code.trim().is_empty() {
        Err(CatalogueError::Required)
    } else if is_valid_code(code.trim()) {
        Ok(())
    } else {
        Err(CatalogueError::CodeInvalid)
    }
}

/// The fields of a subject form.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SubjectFacts<'a> {
    pub name_vi: &'a str,
    pub name_en: &'a str,
    pub code: &'a str,
    pub credits: i64,
    pub description_vi: &'a str,
    pub description_en: &'a str,
}

/// Checks a subject form: names as a named item's ([`validate_named`]), a code, credits 0–[`MAX_CREDITS`],
/// descriptions at most [`DESCRIPTION_MAX_CHARS`].
pub fn validate_subject(subject: &SubjectFacts<'_>) -> Result<(), FieldErrors<CatalogueField, CatalogueError>> {
    let mut errors = validate_named(subject.name_vi, subject.name_en, "").err().unwrap_or_default();
    errors.check(CatalogueField::Code, check_code(subject.code));
    errors.check(CatalogueField::Credits, check_range(subject.credits, 0, MAX_CREDITS));
    let descriptions = (CatalogueField::DescriptionVi, CatalogueField::DescriptionEn);
    check_descriptions(&mut errors, (subject.description_vi, subject.description_en), descriptions);
    errors.into_result(|| ())
}

/// The fields of a syllabus form. `owner_id` is `""` when the form names no owner.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SyllabusFacts<'a> {
    pub name_vi: &'a str,
    pub name_en: &'a str,
    pub code: &'a str,
    pub description_vi: &'a str,
    pub description_en: &'a str,
    pub duration_weeks: i64,
    pub status: &'a str,
    pub owner_id: &'a str,
    /// Subject ids in teaching order.
    pub subject_ids: Vec<&'a str>,
}

/// Checks a syllabus form: names, a code, descriptions, 1–[`MAX_DURATION_WEEKS`] weeks, a known status, and at
/// most [`MAX_SYLLABUS_SUBJECTS`] subjects listed at most once each (their existence is the server's to check).
pub fn validate_syllabus(syllabus: &SyllabusFacts<'_>) -> Result<(), FieldErrors<CatalogueField, CatalogueError>> {
    let mut errors = validate_named(syllabus.name_vi, syllabus.name_en, "").err().unwrap_or_default();
    errors.check(CatalogueField::Code, check_code(syllabus.code));
    let descriptions = (CatalogueField::DescriptionVi, CatalogueField::DescriptionEn);
    check_descriptions(&mut errors, (syllabus.description_vi, syllabus.description_en), descriptions);
    errors.check(CatalogueField::DurationWeeks, check_range(syllabus.duration_weeks, 1, MAX_DURATION_WEEKS));
    if SyllabusStatus::parse(syllabus.status).is_none() {
        errors.add(CatalogueField::Status, CatalogueError::StatusUnknown);
    }
    errors.check(CatalogueField::OwnerId, check_text(syllabus.owner_id, ID_MAX_CHARS, false));
    let ids = &syllabus.subject_ids;
    if ids.len() > MAX_SYLLABUS_SUBJECTS {
        errors.add(CatalogueField::Subjects, CatalogueError::TooManyItems { max: MAX_SYLLABUS_SUBJECTS });
    } else if ids.iter().any(|id| exceeds(id, ID_MAX_CHARS)) {
        errors.add(CatalogueField::Subjects, CatalogueError::TooLong { max: ID_MAX_CHARS });
    }
    let repeated = || ids.iter().enumerate().any(|(i, id)| ids[..i].contains(id));
    if errors.get(CatalogueField::Subjects).is_none() && (ids.iter().any(|id| id.trim().is_empty()) || repeated()) {
        errors.add(CatalogueField::Subjects, CatalogueError::SubjectRepeated);
    }
    errors.into_result(|| ())
}

/// A section (`lesson: None`, its own fields) or a lesson of a curriculum, with what is wrong with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CurriculumSpot {
    pub section: usize,
    pub lesson: Option<usize>,
    pub error: CatalogueError,
}

/// Where a curriculum breaks [`validate_curriculum`]: each section whose own fields, and each lesson that, the
/// rule refuses (so the editor can mark them), in order.
pub fn curriculum_spots(sections: &[SectionFacts<'_>], own_files: &str) -> Vec<CurriculumSpot> {
    let mut spots = Vec::new();
    for (s, section) in sections.iter().enumerate() {
        if let Err(error) = check_section(section) {
            spots.push(CurriculumSpot { section: s, lesson: None, error });
        }
        for (l, lesson) in section.lessons.iter().enumerate() {
            if let Err(error) = check_lesson(lesson, own_files) {
                spots.push(CurriculumSpot { section: s, lesson: Some(l), error });
            }
        }
    }
    spots
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_course_costs_its_sale_price_only_below_its_list_price() {
        assert_eq!(current_price(1_000_000, Some(700_000)), 700_000);
        assert_eq!(current_price(1_000_000, Some(0)), 0);
        assert_eq!(current_price(1_000_000, None), 1_000_000);
        // What validation refuses never lowers a price: a "sale" at or above the list price, or below zero.
        assert_eq!(current_price(1_000_000, Some(1_000_000)), 1_000_000);
        assert_eq!(current_price(1_000_000, Some(1_200_000)), 1_000_000);
        assert_eq!(current_price(1_000_000, Some(-1)), 1_000_000);
    }

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
            ..CourseFacts::default()
        }
    }

    fn section<'a>(title: &'a str, lessons: Vec<LessonFacts<'a>>) -> SectionFacts<'a> {
        SectionFacts { title_vi: title, lessons, ..SectionFacts::default() }
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

    const HERE: &str = OWN_FILES_PATH;

    #[test]
    fn a_lesson_without_title_or_with_a_script_link_breaks_the_curriculum() {
        let lesson = |title, url| LessonFacts {
            title_vi: title,
            duration_seconds: 60,
            video_url: url,
            ..LessonFacts::default()
        };
        let youtube = Some("https://www.youtube.com/embed/aqz-KE-bpKQ");
        assert!(validate_curriculum(&[section("Chương 1", vec![lesson("Bài 1", youtube)])], HERE).is_ok());
        let untitled = validate_curriculum(&[section("Chương 1", vec![lesson("", None)])], HERE);
        assert_eq!(untitled, Err(CatalogueError::CurriculumInvalid));
        let script =
            validate_curriculum(&[section("Chương 1", vec![lesson("Bài", Some("javascript:alert(1)"))])], HERE);
        assert_eq!(script, Err(CatalogueError::VideoLinkNotAllowed));
        assert!(validate_curriculum(&[section("", vec![])], HERE).is_err());
    }

    #[test]
    fn a_video_from_an_unknown_host_or_over_plain_http_is_refused_with_its_own_text() {
        let lesson = |url| LessonFacts {
            title_vi: "Bài 1",
            duration_seconds: 60,
            video_url: Some(url),
            ..LessonFacts::default()
        };
        for url in ["https://evil.example/track.mp4", "http://www.youtube.com/embed/x", "//vimeo.com/1"] {
            let refused = validate_curriculum(&[section("Chương 1", vec![lesson(url)])], HERE).expect_err(url);
            assert_eq!(refused, CatalogueError::VideoLinkNotAllowed);
            let en = refused.message(Lang::En);
            assert_eq!(en, "Video links must be https links to YouTube, Vimeo or a file uploaded here");
            assert!(refused.message(Lang::Vi).starts_with("Liên kết video phải là liên kết https"));
        }
        assert!(validate_curriculum(&[section("Chương 1", vec![lesson("https://vimeo.com/76979871")])], HERE).is_ok());
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
        assert_eq!(
            errors.messages(Lang::En).get("slug").map(String::as_str),
            Some("Use lower-case letters, digits and dashes only")
        );
        let errors = validate_course_form(&CourseFacts { title_vi: " ", slug: "", ..course() }).expect_err("no title");
        assert_eq!(errors.messages(Lang::Vi).keys().collect::<Vec<_>>(), ["title.vi"]);
    }

    fn named<'a>(name_vi: &'a str, name_en: &'a str, slug: &'a str) -> NamedFacts<'a> {
        NamedFacts { name_vi, name_en, slug, ..NamedFacts::default() }
    }

    fn banner<'a>(title_vi: &'a str, image: &'a str) -> BannerFacts<'a> {
        BannerFacts { title_vi, image, ..BannerFacts::default() }
    }

    fn subject<'a>(name_vi: &'a str, name_en: &'a str, code: &'a str, credits: i64) -> SubjectFacts<'a> {
        SubjectFacts { name_vi, name_en, code, credits, ..SubjectFacts::default() }
    }

    /// A valid subject with `credits`.
    fn py(credits: i64) -> SubjectFacts<'static> {
        subject("Tên", "", "PY1", credits)
    }

    /// A valid syllabus of `subjects`.
    fn path<'a>(subjects: &[&'a str]) -> SyllabusFacts<'a> {
        syllabus("Tên", 12, "draft", subjects)
    }

    /// A valid lesson.
    fn lesson() -> LessonFacts<'static> {
        LessonFacts { title_vi: "Bài", ..LessonFacts::default() }
    }

    fn syllabus<'a>(name: &'a str, weeks: i64, status: &'a str, subjects: &[&'a str]) -> SyllabusFacts<'a> {
        SyllabusFacts {
            name_vi: name,
            code: "SYL1",
            duration_weeks: weeks,
            status,
            subject_ids: subjects.to_vec(),
            ..SyllabusFacts::default()
        }
    }

    #[test]
    fn a_named_form_checks_its_names_and_typed_slug() {
        assert_eq!(validate_named_form(&named("Thiết kế", "", "")), Ok("thiet-ke".to_owned()));
        let errors = validate_named_form(&named("", &"x".repeat(201), "Bad Slug")).expect_err("three fields");
        let messages = errors.messages(Lang::Vi);
        assert_eq!(messages.get("name.vi").map(String::as_str), Some("Trường này là bắt buộc"));
        assert_eq!(messages.get("name.en").map(String::as_str), Some("Trường này tối đa 200 ký tự"));
        assert!(messages.contains_key("slug"));
    }

    #[test]
    fn a_banner_needs_a_title_and_a_picture_reported_together() {
        assert_eq!(validate_banner_form(&banner("Khai giảng", "/files/public/b.png")), Ok("khai-giang".to_owned()));
        let errors = validate_banner_form(&banner("", "  ")).expect_err("two fields");
        let messages = errors.messages(Lang::En);
        assert_eq!(messages.keys().collect::<Vec<_>>(), ["image", "name.vi"]);
        assert_eq!(messages.get("image").map(String::as_str), Some("This field is required"));
    }

    #[test]
    fn the_curriculum_spots_are_the_items_the_rule_refuses() {
        let lesson = |title, seconds, url| LessonFacts {
            title_vi: title,
            duration_seconds: seconds,
            video_url: url,
            ..LessonFacts::default()
        };
        let sections = [
            section("Chương 1", vec![lesson("Bài 1", 60, None), lesson("", 60, None)]),
            section(" ", vec![lesson("Bài 1", -1, None), lesson("Bài 2", 0, Some("https://x.vn/v.mp4"))]),
            section("Chương 3", vec![lesson("Bài 1", 0, Some("https://youtu.be/aqz-KE-bpKQ"))]),
        ];
        let spots = curriculum_spots(&sections, HERE);
        let spot = |section, lesson, error| CurriculumSpot { section, lesson, error };
        let invalid = CatalogueError::CurriculumInvalid;
        assert_eq!(
            spots,
            [
                spot(0, Some(1), invalid),
                spot(1, None, invalid),
                spot(1, Some(0), invalid),
                spot(1, Some(1), CatalogueError::VideoLinkNotAllowed),
            ]
        );
        assert_eq!(validate_curriculum(&sections, HERE), Err(CatalogueError::CurriculumInvalid));
        assert!(curriculum_spots(&sections[2..], HERE).is_empty());
        assert!(validate_curriculum(&sections[2..], HERE).is_ok());
    }

    #[test]
    fn subject_and_syllabus_codes_take_letters_digits_dots_and_dashes() {
        for (code, valid) in [
            ("PY101", true),
            ("SYL-WEB-2026", true),
            ("a.b_c", true),
            ("X", false),
            ("-AB", false),
            ("AB CD", false),
            ("Mã01", false),
            (&"A".repeat(41), false),
        ] {
            assert_eq!(is_valid_code(code), valid, "{code}");
        }
    }

    #[test]
    fn a_subject_with_too_many_credits_and_no_code_names_both_fields() {
        let errors = validate_subject(&subject("Python", "", "", 61)).expect_err("code and credits");
        assert_eq!(errors.get(CatalogueField::Code), Some(&CatalogueError::Required));
        assert_eq!(errors.get(CatalogueField::Credits), Some(&CatalogueError::NumberOutOfRange { min: 0, max: 60 }));
        assert!(validate_subject(&subject("Python", "Python", "PY101", 3)).is_ok());
    }

    #[test]
    fn a_syllabus_refuses_zero_weeks_an_unknown_status_and_a_repeated_subject() {
        let errors = validate_syllabus(&syllabus("", 0, "open", &["a", "b", "a"])).expect_err("four fields");
        assert_eq!(errors.get(CatalogueField::NameVi), Some(&CatalogueError::Required));
        assert!(errors.get(CatalogueField::DurationWeeks).is_some());
        assert_eq!(errors.get(CatalogueField::Status), Some(&CatalogueError::StatusUnknown));
        assert_eq!(errors.get(CatalogueField::Subjects), Some(&CatalogueError::SubjectRepeated));
        assert!(validate_syllabus(&syllabus("Lộ trình", 12, "draft", &["a", "b"])).is_ok());
    }

    #[test]
    fn a_curriculum_is_at_most_fifty_sections_of_a_hundred_lessons_and_five_hundred_lessons_in_all() {
        let lesson = LessonFacts { title_vi: "Bài", ..LessonFacts::default() };
        let section =
            |n: usize| SectionFacts {
                title_vi: "Chương", lessons: vec![lesson.clone(); n], ..SectionFacts::default()
            };
        let cases = [
            (vec![section(1); 50], Ok(())),
            (vec![section(1); 51], Err(CatalogueError::TooManySections { max: 50 })),
            (vec![section(100)], Ok(())),
            (vec![section(101)], Err(CatalogueError::TooManyLessonsInSection { max: 100 })),
            (vec![section(100); 5], Ok(())),
            (
                vec![section(100), section(100), section(100), section(100), section(99), section(2)],
                Err(CatalogueError::TooManyLessons { max: 500 }),
            ),
        ];
        for (sections, expected) in cases {
            assert_eq!(validate_curriculum(&sections, HERE), expected, "{} sections", sections.len());
        }
        assert_eq!(CatalogueError::TooManyLessons { max: 500 }.message(Lang::Vi), "Một khóa học có tối đa 500 bài học");
        assert_eq!(CatalogueError::TooManySections { max: 50 }.message(Lang::En), "A course has at most 50 sections");
    }

    #[test]
    fn material_messages_exist_in_both_languages() {
        let error = CatalogueError::NumberOutOfRange { min: 1, max: 520 };
        assert_eq!(error.message(Lang::En), "Enter a whole number from 1 to 520");
        assert_eq!(error.message(Lang::Vi), "Nhập một số nguyên từ 1 đến 520");
        let error = CatalogueError::TooManyItems { max: 50 };
        assert_eq!(error.message(Lang::En), "At most 50 items");
        assert_eq!(error.message(Lang::Vi), "Tối đa 50 mục");
    }

    /// Runs `validate` on `set(text)` for a text of `max` characters (passes) and of `max + 1` (refused on `field`
    /// as too long).
    fn assert_limit(field: CatalogueField, max: usize, validate: impl Fn(&str) -> Vec<Broken>) {
        // A picture is a link: a path of this site of that length.
        let text = |len: usize| match field {
            CatalogueField::Thumbnail | CatalogueField::Image => format!("/{}", "a".repeat(len - 1)),
            _ => "a".repeat(len),
        };
        assert_eq!(validate(&text(max)), [], "{} at {max}", field.name());
        let errors = validate(&text(max + 1));
        assert!(errors.contains(&(field, CatalogueError::TooLong { max })), "{}: {errors:?}", field.name());
    }

    type Broken = (CatalogueField, CatalogueError);

    fn errors_of<T>(outcome: Result<T, FieldErrors<CatalogueField, CatalogueError>>) -> Vec<Broken> {
        outcome.err().map(|e| e.iter().copied().collect()).unwrap_or_default()
    }

    #[test]
    fn course_texts_at_their_maximum_pass_and_one_character_more_is_refused() {
        type Set = for<'a> fn(CourseFacts<'a>, &'a str) -> CourseFacts<'a>;
        let cases: [(CatalogueField, usize, Set); 13] = [
            (CatalogueField::TitleVi, TITLE_MAX_CHARS, |c, t| CourseFacts { title_vi: t, ..c }),
            (CatalogueField::TitleEn, TITLE_MAX_CHARS, |c, t| CourseFacts { title_en: t, ..c }),
            (CatalogueField::Slug, SLUG_MAX_CHARS, |c, t| CourseFacts { slug: t, ..c }),
            (CatalogueField::DescriptionVi, DESCRIPTION_MAX_CHARS, |c, t| CourseFacts { description_vi: t, ..c }),
            (CatalogueField::DescriptionEn, DESCRIPTION_MAX_CHARS, |c, t| CourseFacts { description_en: t, ..c }),
            (CatalogueField::WhatYouWillLearn, LIST_ITEM_MAX_CHARS, |c, t| CourseFacts {
                outcomes: vec![(t, "")],
                ..c
            }),
            (CatalogueField::Requirements, LIST_ITEM_MAX_CHARS, |c, t| CourseFacts {
                requirements: vec![("", t)],
                ..c
            }),
            (CatalogueField::Thumbnail, IMAGE_URL_MAX_CHARS, |c, t| CourseFacts { thumbnail: t, ..c }),
            (CatalogueField::BadgeVi, TITLE_MAX_CHARS, |c, t| CourseFacts { badge_vi: t, ..c }),
            (CatalogueField::BadgeEn, TITLE_MAX_CHARS, |c, t| CourseFacts { badge_en: t, ..c }),
            (CatalogueField::CategoryId, ID_MAX_CHARS, |c, t| CourseFacts { category_id: t, ..c }),
            (CatalogueField::TypeId, ID_MAX_CHARS, |c, t| CourseFacts { type_id: t, ..c }),
            (CatalogueField::Language, CODE_MAX_CHARS, |c, t| CourseFacts { language: t, ..c }),
        ];
        for (field, max, set) in cases {
            assert_limit(field, max, |text| errors_of(validate_course(&set(course(), text))));
        }
    }

    #[test]
    fn a_course_list_of_more_than_fifty_lines_is_refused() {
        let lines = vec![("Một dòng", "A line"); LIST_MAX_ITEMS + 1];
        let errors = validate_course(&CourseFacts { outcomes: lines, ..course() }).expect_err("too many");
        assert_eq!(errors.get(CatalogueField::WhatYouWillLearn), Some(&CatalogueError::TooManyItems { max: 50 }));
        let lines = vec![("Một dòng", "A line"); LIST_MAX_ITEMS];
        assert!(validate_course(&CourseFacts { requirements: lines, ..course() }).is_ok());
    }

    #[test]
    fn category_banner_subject_and_syllabus_texts_at_their_maximum_pass_and_one_more_is_refused() {
        type Named = for<'a> fn(&'a str) -> NamedFacts<'a>;
        let named_cases: [(CatalogueField, usize, Named); 5] = [
            (CatalogueField::NameVi, TITLE_MAX_CHARS, |t| named(t, "", "")),
            (CatalogueField::NameEn, TITLE_MAX_CHARS, |t| named("Tên", t, "")),
            (CatalogueField::DescriptionVi, DESCRIPTION_MAX_CHARS, |t| NamedFacts {
                description_vi: t,
                ..named("T", "", "")
            }),
            (CatalogueField::DescriptionEn, DESCRIPTION_MAX_CHARS, |t| NamedFacts {
                description_en: t,
                ..named("T", "", "")
            }),
            (CatalogueField::Image, IMAGE_URL_MAX_CHARS, |t| NamedFacts { image: t, ..named("Tên", "", "") }),
        ];
        for (field, max, make) in named_cases {
            assert_limit(field, max, |text| errors_of(validate_named_form(&make(text))));
        }
        type Banner = for<'a> fn(&'a str) -> BannerFacts<'a>;
        let banner_cases: [(CatalogueField, usize, Banner); 4] = [
            (CatalogueField::SubtitleVi, DESCRIPTION_MAX_CHARS, |t| BannerFacts {
                subtitle_vi: t,
                ..banner("T", "/b")
            }),
            (CatalogueField::SubtitleEn, DESCRIPTION_MAX_CHARS, |t| BannerFacts {
                subtitle_en: t,
                ..banner("T", "/b")
            }),
            (CatalogueField::Image, IMAGE_URL_MAX_CHARS, |t| banner("T", t)),
            (CatalogueField::Link, URL_MAX_CHARS, |t| BannerFacts { link: t, ..banner("T", "/b") }),
        ];
        for (field, max, make) in banner_cases {
            assert_limit(field, max, |text| errors_of(validate_banner_form(&make(text))));
        }
        type Subject = for<'a> fn(&'a str) -> SubjectFacts<'a>;
        let subject_cases: [(CatalogueField, usize, Subject); 3] = [
            (CatalogueField::Code, CODE_MAX_CHARS, |t| subject("Tên", "", t, 3)),
            (CatalogueField::DescriptionVi, DESCRIPTION_MAX_CHARS, |t| SubjectFacts { description_vi: t, ..py(3) }),
            (CatalogueField::DescriptionEn, DESCRIPTION_MAX_CHARS, |t| SubjectFacts { description_en: t, ..py(3) }),
        ];
        for (field, max, make) in subject_cases {
            assert_limit(field, max, |text| errors_of(validate_subject(&make(text))));
        }
        type Syllabus = for<'a> fn(&'a str) -> SyllabusFacts<'a>;
        let syllabus_cases: [(CatalogueField, usize, Syllabus); 4] = [
            (CatalogueField::DescriptionVi, DESCRIPTION_MAX_CHARS, |t| SyllabusFacts {
                description_vi: t,
                ..path(&[])
            }),
            (CatalogueField::DescriptionEn, DESCRIPTION_MAX_CHARS, |t| SyllabusFacts {
                description_en: t,
                ..path(&[])
            }),
            (CatalogueField::OwnerId, ID_MAX_CHARS, |t| SyllabusFacts { owner_id: t, ..path(&[]) }),
            (CatalogueField::Subjects, ID_MAX_CHARS, |t| path(&[t])),
        ];
        for (field, max, make) in syllabus_cases {
            assert_limit(field, max, |text| errors_of(validate_syllabus(&make(text))));
        }
    }

    #[test]
    fn a_syllabus_of_more_than_a_hundred_subjects_is_refused_without_comparing_them_all() {
        let ids: Vec<String> = (0..100_000).map(|i| format!("s{i}")).collect();
        let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
        let errors = validate_syllabus(&syllabus("Tên", 12, "draft", &ids)).expect_err("too many");
        let too_many = CatalogueError::TooManyItems { max: MAX_SYLLABUS_SUBJECTS };
        assert_eq!(errors.get(CatalogueField::Subjects), Some(&too_many));
        assert!(validate_syllabus(&syllabus("Tên", 12, "draft", &ids[..MAX_SYLLABUS_SUBJECTS])).is_ok());
    }

    #[test]
    fn curriculum_texts_at_their_maximum_pass_and_one_character_more_is_refused() {
        type Set = for<'a> fn(&'a str) -> SectionFacts<'a>;
        let cases: [(usize, Set); 7] = [
            (TITLE_MAX_CHARS, |t| SectionFacts { title_vi: t, ..section("-", vec![]) }),
            (TITLE_MAX_CHARS, |t| SectionFacts { title_en: t, ..section("Chương", vec![]) }),
            (ID_MAX_CHARS, |t| SectionFacts { id: t, ..section("Chương", vec![]) }),
            (TITLE_MAX_CHARS, |t| section("Chương", vec![LessonFacts { title_vi: t, ..LessonFacts::default() }])),
            (TITLE_MAX_CHARS, |t| section("Chương", vec![LessonFacts { title_en: t, ..lesson() }])),
            (ID_MAX_CHARS, |t| section("Chương", vec![LessonFacts { id: t, ..lesson() }])),
            (URL_MAX_CHARS, |t| section("Chương", vec![LessonFacts { video_url: Some(t), ..lesson() }])),
        ];
        for (max, make) in cases {
            let youtube = "https://www.youtube.com/embed/aqz-KE-bpKQ?a=";
            let url = |n: usize| format!("{youtube}{}", "a".repeat(n - youtube.len()));
            for (n, expected) in [(max, Ok(())), (max + 1, Err(CatalogueError::TooLong { max }))] {
                let text = if max == URL_MAX_CHARS { url(n) } else { "a".repeat(n) };
                assert_eq!(validate_curriculum(&[make(&text)], HERE), expected, "{max}");
            }
        }
    }
}
