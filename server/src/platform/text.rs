//! Texts in the product's two languages: kept in both, shown in the reader's (errors and messages of the API,
//! refusals of the command line).

use std::borrow::Cow;

use academy_shared::i18n::Lang;

/// A text in both languages of the product.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Text {
    vi: Cow<'static, str>,
    en: Cow<'static, str>,
}

impl Text {
    /// A text given in Vietnamese and English.
    pub fn new(vi: impl Into<Cow<'static, str>>, en: impl Into<Cow<'static, str>>) -> Text {
        Text { vi: vi.into(), en: en.into() }
    }

    /// A text produced by a shared rule's `message(lang)`, evaluated for both languages.
    pub fn localized(message: impl Fn(Lang) -> String) -> Text {
        Text::new(message(Lang::Vi), message(Lang::En))
    }

    /// The text in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        lang.pick(&self.vi, &self.en)
    }
}
