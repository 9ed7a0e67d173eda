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

/// An instant as the academy's messages name it: Vietnam time, with the zone said ("19:30 ngày 01/12/2026 (giờ
/// Việt Nam)", "19:30 on Dec 1, 2026 (Vietnam time)"). Empty for an instant out of range.
pub fn vietnam_time(at_ms: i64, lang: Lang) -> String {
    let (Some(vietnam), Some(at)) =
        (chrono::FixedOffset::east_opt(7 * 3600), chrono::DateTime::from_timestamp_millis(at_ms))
    else {
        return String::new();
    };
    let local = at.with_timezone(&vietnam);
    match lang {
        Lang::Vi => local.format("%H:%M ngày %d/%m/%Y (giờ Việt Nam)").to_string(),
        Lang::En => local.format("%H:%M on %b %-d, %Y (Vietnam time)").to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_instant_is_named_in_vietnam_time_in_each_language() {
        let at = chrono::DateTime::parse_from_rfc3339("2026-12-01T12:30:00Z").expect("time").timestamp_millis();
        assert_eq!(vietnam_time(at, Lang::Vi), "19:30 ngày 01/12/2026 (giờ Việt Nam)");
        assert_eq!(vietnam_time(at, Lang::En), "19:30 on Dec 1, 2026 (Vietnam time)");
    }
}
