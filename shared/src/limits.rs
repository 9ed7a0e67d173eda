//! The longest text each field of the academy accepts, written once: the server refuses a longer value with
//! [`TooLong`] (422, the field named), and the browser gives each input the same `maxLength` (through
//! [`TEXT_LIMITS`], exported by the wasm module), so nobody can type more than the server keeps.
//!
//! Lengths are counted in characters (Unicode scalar values) of the text as sent, before trimming: that is what
//! the server stores at most, and it never exceeds what an input's `maxLength` (UTF-16 code units) lets through.
//! Every Vietnamese letter, precomposed or not, counts the same on both sides.
//!
//! The limits also bound what one list page can weigh: 20 users at every maximum stay under 50 KB of JSON.

use serde::Serialize;

use crate::i18n::Lang;
use crate::validation::Message;

/// A username: long enough for any real handle, short enough for lists and logs.
pub const USERNAME_MAX_CHARS: usize = 50;
/// An e-mail address: the longest a mail server can deliver to (RFC 5321 path limit of 256 octets, minus the
/// angle brackets).
pub const EMAIL_MAX_CHARS: usize = 254;
/// A first or last name.
pub const PERSON_NAME_MAX_CHARS: usize = 50;
/// A phone number as typed: an E.164 number has at most 15 digits; the rest is room for `+`, spaces and dashes.
pub const PHONE_MAX_CHARS: usize = 20;
/// A postal address on one line.
pub const ADDRESS_MAX_CHARS: usize = 255;
/// A password: long enough for any passphrase or password manager, and a bound on what the server hashes
/// (at sign-in too) so a request can never make it hash megabytes.
pub const PASSWORD_MAX_CHARS: usize = 128;
/// A title or a name: of a course, section, lesson, category, course type, banner, subject or syllabus, a
/// course's badge, and a visitor's name, subject or course of interest.
pub const TITLE_MAX_CHARS: usize = 200;
/// A message: a visitor's (contact and admission forms), a learner's review of a course and its teacher's reply.
pub const MESSAGE_MAX_CHARS: usize = 5000;
/// A description: of a course, category, course type, subject or syllabus, a banner's subtitle, and the text of
/// a reading lesson.
pub const DESCRIPTION_MAX_CHARS: usize = 10_000;
/// One line of a course's lists (what you will learn, requirements).
pub const LIST_ITEM_MAX_CHARS: usize = 500;
/// The most lines a course's list (what you will learn, requirements) can have.
pub const LIST_MAX_ITEMS: usize = 50;
/// A search query: more words than any search needs.
pub const SEARCH_MAX_CHARS: usize = 100;
/// A link (a lesson's video, a banner's target): the longest address every browser and proxy handles.
pub const URL_MAX_CHARS: usize = 2048;
/// A picture's address (avatar, course thumbnail, category or banner image): our own files are under 100
/// characters and any image host's fit; a page of 20 users, each with a picture, stays small.
pub const IMAGE_URL_MAX_CHARS: usize = 512;
/// A slug (the readable part of a course's or category's address).
pub const SLUG_MAX_CHARS: usize = 120;
/// A code: of a subject or syllabus, or a course's language.
pub const CODE_MAX_CHARS: usize = 40;
/// An id a form sends back (a category, course type, owner, subject, section or lesson): ours are 36.
pub const ID_MAX_CHARS: usize = 64;
/// The client's name of an uploaded file (`avatar-{filename}`).
pub const FILE_ID_MAX_CHARS: usize = 200;

/// Every limit the forms need, for the browser's `maxLength` attributes (`textLimits()` of the wasm modules).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TextLimits {
    pub username: u32,
    pub email: u32,
    pub person_name: u32,
    pub phone: u32,
    pub address: u32,
    pub password: u32,
    pub title: u32,
    pub message: u32,
    pub description: u32,
    pub list_item: u32,
    pub search: u32,
    pub url: u32,
    pub image_url: u32,
    pub slug: u32,
    pub code: u32,
}

/// The limits above, as the browser reads them.
pub const TEXT_LIMITS: TextLimits = TextLimits {
    username: USERNAME_MAX_CHARS as u32,
    email: EMAIL_MAX_CHARS as u32,
    person_name: PERSON_NAME_MAX_CHARS as u32,
    phone: PHONE_MAX_CHARS as u32,
    address: ADDRESS_MAX_CHARS as u32,
    password: PASSWORD_MAX_CHARS as u32,
    title: TITLE_MAX_CHARS as u32,
    message: MESSAGE_MAX_CHARS as u32,
    description: DESCRIPTION_MAX_CHARS as u32,
    list_item: LIST_ITEM_MAX_CHARS as u32,
    search: SEARCH_MAX_CHARS as u32,
    url: URL_MAX_CHARS as u32,
    image_url: IMAGE_URL_MAX_CHARS as u32,
    slug: SLUG_MAX_CHARS as u32,
    code: CODE_MAX_CHARS as u32,
};

impl TextLimits {
    /// Each limit under its name in the browser (the name serde gives its field), so the wasm module can build
    /// the object without serde's code.
    pub const fn entries(&self) -> [(&'static str, u32); 15] {
        [
            ("username", self.username),
            ("email", self.email),
            ("personName", self.person_name),
            ("phone", self.phone),
            ("address", self.address),
            ("password", self.password),
            ("title", self.title),
            ("message", self.message),
            ("description", self.description),
            ("listItem", self.list_item),
            ("search", self.search),
            ("url", self.url),
            ("imageUrl", self.image_url),
            ("slug", self.slug),
            ("code", self.code),
        ]
    }
}

/// A text longer than its field accepts. Every rule family reports it with this text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("This field must be at most {max} characters")]
pub struct TooLong {
    pub max: usize,
}

impl Message for TooLong {
    fn message(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Vi => format!("Trường này tối đa {} ký tự", self.max),
        }
    }
}

/// Whether `text` has more than `max` characters (counting stops at `max + 1`, so a huge text costs no more
/// than a long one).
pub fn exceeds(text: &str, max: usize) -> bool {
    text.chars().nth(max).is_some()
}

/// `Err(TooLong { max })` when `text` has more than `max` characters.
pub fn check_max(text: &str, max: usize) -> Result<(), TooLong> {
    if exceeds(text, max) { Err(TooLong { max }) } else { Ok(()) }
}

/// A one-line text (a person's name, a phone number) holding a line break or another control character: it
/// would break the lines of a mail's header or a log, and no name has one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("This field must not contain line breaks or control characters")]
pub struct ControlCharacters;

impl Message for ControlCharacters {
    fn message(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Vi => "Trường này không được chứa ký tự xuống dòng hay ký tự điều khiển".to_owned(),
        }
    }
}

/// `Err(ControlCharacters)` when `text` holds a control character (CR, LF, tab, NUL, DEL, the C1 set).
pub fn check_single_line(text: &str) -> Result<(), ControlCharacters> {
    if text.chars().any(char::is_control) { Err(ControlCharacters) } else { Ok(()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_break_or_another_control_character_is_no_part_of_a_one_line_text() {
        for text in ["An\r\nBcc: x@example.com", "An\n", "A\tn", "A\u{0}n", "A\u{7f}n", "A\u{85}n"] {
            assert_eq!(check_single_line(text), Err(ControlCharacters), "{text:?}");
        }
        for text in ["Nguyễn Văn An", "O'Brien-Đặng", ""] {
            assert_eq!(check_single_line(text), Ok(()), "{text:?}");
        }
        assert_eq!(
            ControlCharacters.message(Lang::Vi),
            "Trường này không được chứa ký tự xuống dòng hay ký tự điều khiển"
        );
    }

    #[test]
    fn a_text_of_exactly_the_maximum_passes_and_one_character_more_fails() {
        let cases = [
            USERNAME_MAX_CHARS,
            EMAIL_MAX_CHARS,
            PERSON_NAME_MAX_CHARS,
            PHONE_MAX_CHARS,
            ADDRESS_MAX_CHARS,
            PASSWORD_MAX_CHARS,
            TITLE_MAX_CHARS,
            MESSAGE_MAX_CHARS,
            DESCRIPTION_MAX_CHARS,
            LIST_ITEM_MAX_CHARS,
            SEARCH_MAX_CHARS,
            URL_MAX_CHARS,
            IMAGE_URL_MAX_CHARS,
            SLUG_MAX_CHARS,
            CODE_MAX_CHARS,
            ID_MAX_CHARS,
            FILE_ID_MAX_CHARS,
        ];
        for max in cases {
            assert_eq!(check_max(&"a".repeat(max), max), Ok(()), "{max}");
            assert_eq!(check_max(&"a".repeat(max + 1), max), Err(TooLong { max }), "{max}");
        }
    }

    #[test]
    fn characters_are_counted_not_bytes() {
        assert_eq!(check_max(&"ễ".repeat(50), 50), Ok(()), "150 bytes, 50 characters");
        assert!(exceeds(&"ễ".repeat(51), 50));
        assert!(!exceeds("", 0));
        assert!(exceeds(" ", 0));
    }

    #[test]
    fn surrounding_spaces_count_because_they_are_sent() {
        assert!(exceeds(&format!(" {} ", "a".repeat(50)), 50));
    }

    #[test]
    fn a_text_that_is_too_long_is_explained_in_both_languages() {
        let error = TooLong { max: 50 };
        assert_eq!(error.message(Lang::En), "This field must be at most 50 characters");
        assert_eq!(error.message(Lang::Vi), "Trường này tối đa 50 ký tự");
    }

    #[test]
    fn the_limits_the_browser_reads_are_the_constants_under_their_serde_names() {
        let json = serde_json::to_value(TEXT_LIMITS).expect("serialises");
        let entries: serde_json::Map<String, serde_json::Value> =
            TEXT_LIMITS.entries().iter().map(|(name, max)| ((*name).to_owned(), (*max).into())).collect();
        assert_eq!(json, serde_json::Value::Object(entries));
        assert_eq!(json["username"], USERNAME_MAX_CHARS);
        assert_eq!(json["personName"], PERSON_NAME_MAX_CHARS);
        assert_eq!(json["imageUrl"], IMAGE_URL_MAX_CHARS);
        assert_eq!(json["description"], DESCRIPTION_MAX_CHARS);
    }
}
