//! The stored forms every domain shares: a text in both languages of the product ([`Localized`]) and JSON lists
//! kept in TEXT columns.

use academy_shared::i18n::Lang;
use serde::{Deserialize, Serialize};

/// A text in both languages of the product.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Localized {
    pub vi: String,
    pub en: String,
}

impl Localized {
    pub fn new(vi: impl Into<String>, en: impl Into<String>) -> Localized {
        Localized { vi: vi.into(), en: en.into() }
    }

    /// The text in `lang`, falling back to the other language when it is empty.
    pub fn get(&self, lang: Lang) -> &str {
        let text = lang.pick(&self.vi, &self.en);
        if text.is_empty() { lang.pick(&self.en, &self.vi) } else { text }
    }

    /// [`Localized::get`], taking the text instead of copying it.
    pub fn into_lang(self, lang: Lang) -> String {
        let (text, other) = match lang {
            Lang::Vi => (self.vi, self.en),
            Lang::En => (self.en, self.vi),
        };
        if text.is_empty() { other } else { text }
    }
}

/// Reads a JSON array of [`Localized`] as stored in a TEXT column; a damaged value reads as empty.
pub fn localized_list(json: &str) -> Vec<Localized> {
    serde_json::from_str(json).unwrap_or_default()
}

/// Picks every text of a stored JSON list in `lang`.
pub fn localized_list_in(json: &str, lang: Lang) -> Vec<String> {
    localized_list(json).iter().map(|l| l.get(lang).to_owned()).collect()
}

/// A stored JSON list of plain strings (e.g. image URLs).
pub fn string_list(json: &str) -> Vec<String> {
    serde_json::from_str(json).unwrap_or_default()
}

/// JSON text of a list, for storing.
pub fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "[]".to_owned())
}
