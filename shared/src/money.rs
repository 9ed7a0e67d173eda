//! Prices: integer minor units plus a currency, shown per language.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::format::{format_count, group_thousands};
use crate::i18n::Lang;

/// The currencies prices come in. VND (the default) has no minor unit; USD has cents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "UPPERCASE")]
pub enum Currency {
    #[default]
    Vnd,
    Usd,
}

impl Currency {
    pub fn code(self) -> &'static str {
        match self {
            Self::Vnd => "VND",
            Self::Usd => "USD",
        }
    }

    /// Digits after the decimal point: 0 for VND, 2 for USD.
    pub fn minor_digits(self) -> u32 {
        match self {
            Self::Vnd => 0,
            Self::Usd => 2,
        }
    }
}

impl fmt::Display for Currency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A currency code that is neither VND nor USD.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown currency {0:?}")]
pub struct UnknownCurrency(pub String);

impl TryFrom<String> for Currency {
    type Error = UnknownCurrency;

    fn try_from(code: String) -> Result<Self, Self::Error> {
        code.parse()
    }
}

impl FromStr for Currency {
    type Err = UnknownCurrency;

    fn from_str(code: &str) -> Result<Self, Self::Err> {
        match code.trim().to_ascii_uppercase().as_str() {
            "VND" => Ok(Self::Vnd),
            "USD" => Ok(Self::Usd),
            _ => Err(UnknownCurrency(code.to_owned())),
        }
    }
}

/// A price for display: VND as "1.000.000 ₫" in Vietnamese and "₫1,000,000" in English; USD as "$12.50" in
/// both (the spec's dollar sign).
pub fn format_price(minor: i64, currency: Currency, lang: Lang) -> String {
    let sign = if minor < 0 { "-" } else { "" };
    let amount = minor.unsigned_abs();
    match (currency, lang) {
        (Currency::Vnd, Lang::Vi) => format!("{sign}{} ₫", group_thousands(amount, '.')),
        (Currency::Vnd, Lang::En) => format!("{sign}₫{}", group_thousands(amount, ',')),
        (Currency::Usd, _) => format!("{sign}${}.{:02}", group_thousands(amount / 100, ','), amount % 100),
    }
}

/// A price in the currency named by `code` (any case). Codes other than VND and USD show as "<amount> <CODE>",
/// the amount taken as whole units and grouped as the language groups VND.
pub fn format_price_code(minor: i64, code: &str, lang: Lang) -> String {
    match code.parse::<Currency>() {
        Ok(currency) => format_price(minor, currency, lang),
        Err(_) => format!("{} {}", format_count(minor, lang), code.trim().to_ascii_uppercase()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_show_in_the_currency_and_language_conventions() {
        let cases = [
            (1_000_000, Currency::Vnd, Lang::Vi, "1.000.000 ₫"),
            (1_000_000, Currency::Vnd, Lang::En, "₫1,000,000"),
            (0, Currency::Vnd, Lang::Vi, "0 ₫"),
            (999, Currency::Vnd, Lang::Vi, "999 ₫"),
            (1_000, Currency::Vnd, Lang::En, "₫1,000"),
            (1_250, Currency::Usd, Lang::En, "$12.50"),
            (1_250, Currency::Usd, Lang::Vi, "$12.50"),
            (5, Currency::Usd, Lang::En, "$0.05"),
            (123_456_789, Currency::Usd, Lang::En, "$1,234,567.89"),
            (-50_000, Currency::Vnd, Lang::Vi, "-50.000 ₫"),
        ];
        for (minor, currency, lang, shown) in cases {
            assert_eq!(format_price(minor, currency, lang), shown, "{minor} {currency} {lang:?}");
        }
    }

    #[test]
    fn a_currency_named_by_code_uses_its_convention_and_unknown_codes_show_the_code() {
        assert_eq!(format_price_code(1_000_000, "vnd", Lang::Vi), "1.000.000 ₫");
        assert_eq!(format_price_code(1_250, "USD", Lang::Vi), "$12.50");
        assert_eq!(format_price_code(1_500, "eur", Lang::En), "1,500 EUR");
    }

    #[test]
    fn currency_codes_parse_in_any_case() {
        assert_eq!("vnd".parse(), Ok(Currency::Vnd));
        assert_eq!("USD".parse(), Ok(Currency::Usd));
        assert!("EUR".parse::<Currency>().is_err());
        assert_eq!(Currency::default(), Currency::Vnd);
    }
}
