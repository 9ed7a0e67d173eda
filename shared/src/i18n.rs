//! The two languages of the product and how a request names them.

use serde::{Deserialize, Serialize};

/// A language of the product. Vietnamese is the default, English the fallback.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    Vi,
    En,
}

impl Lang {
    /// The language code: `vi` or `en`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Vi => "vi",
            Lang::En => "en",
        }
    }

    /// Reads a language code such as `en`, `en-US` or `vi-VN`; anything else is `None`.
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "vi" => Some(Lang::Vi),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// Picks the language of an `Accept-Language` header: the first supported entry by quality, else Vietnamese.
    pub fn from_accept_language(header: &str) -> Lang {
        let mut best: Option<(f32, Lang)> = None;
        for part in header.split(',') {
            let mut pieces = part.split(';');
            let Some(lang) = pieces.next().and_then(Lang::from_code) else { continue };
            let quality =
                pieces.find_map(|p| p.trim().strip_prefix("q=")).and_then(|q| q.parse::<f32>().ok()).unwrap_or(1.0);
            if best.is_none_or(|(q, _)| quality > q) {
                best = Some((quality, lang));
            }
        }
        best.map(|(_, lang)| lang).unwrap_or_default()
    }

    /// Chooses between a Vietnamese and an English text.
    pub fn pick<'a>(self, vi: &'a str, en: &'a str) -> &'a str {
        match self {
            Lang::Vi => vi,
            Lang::En => en,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_the_supported_language_with_the_highest_quality() {
        let cases = [
            ("", Lang::Vi),
            ("en", Lang::En),
            ("en-US,en;q=0.9", Lang::En),
            ("fr-FR, en;q=0.5, vi;q=0.8", Lang::Vi),
            ("fr, de", Lang::Vi),
            ("vi-VN", Lang::Vi),
        ];
        for (header, expected) in cases {
            assert_eq!(Lang::from_accept_language(header), expected, "{header:?}");
        }
    }
}
