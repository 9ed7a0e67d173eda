//! QR codes for the browser to draw: the module matrix of a text at error-correction level M (about 15 % of the
//! code may be damaged and it still scans), and an SVG path of its dark modules with the four-module quiet zone
//! scanners need around it. Built with the `qr` feature (the checkout's wasm module); the server does not need it.

use qrcodegen::{QrCode, QrCodeEcc, QrSegment, Version};
use serde::{Deserialize, Serialize};

use crate::i18n::Lang;
use crate::validation::Message;

/// The light margin around the code, in modules, that the QR standard asks for.
pub const QUIET_ZONE: u32 = 4;

/// Why a text has no QR code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum QrError {
    #[error("The text is too long for a QR code")]
    TooLong,
}

impl Message for QrError {
    fn message(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Vi => match self {
                Self::TooLong => "Nội dung quá dài để tạo mã QR".into(),
            },
        }
    }
}

impl QrError {
    pub fn message(&self, lang: Lang) -> String {
        Message::message(self, lang)
    }
}

/// The modules of a QR code, row by row; `true` is dark.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QrMatrix {
    size: u32,
    modules: Vec<bool>,
}

/// A QR code as SVG: draw `path` filled in a `0 0 side side` view box (quiet zone included) on a light background.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct QrSvg {
    /// The side of the view box in modules: the code's size plus the quiet zone on both sides.
    pub side: u32,
    /// One sub-path per run of dark modules in a row: `M<x> <y>h<run>v1h-<run>z`.
    pub path: String,
}

impl QrMatrix {
    /// Encodes `text` in the smallest version that holds it at level M exactly (never raised to a higher level,
    /// so the same text always gives the same code), in the most compact mode its characters allow: numeric,
    /// alphanumeric (digits, capitals, space and `$%*+-./:`) or bytes (UTF-8).
    pub fn encode(text: &str) -> Result<Self, QrError> {
        let segments = QrSegment::make_segments(text);
        let code =
            QrCode::encode_segments_advanced(&segments, QrCodeEcc::Medium, Version::MIN, Version::MAX, None, false)
                .map_err(|_| QrError::TooLong)?;
        let size = code.size();
        let modules =
            (0..size).flat_map(|y| (0..size).map(move |x| (x, y))).map(|(x, y)| code.get_module(x, y)).collect();
        Ok(Self { size: size.unsigned_abs(), modules })
    }

    /// Modules per side: 21 for version 1, 4 more per version, up to 177.
    pub fn size(&self) -> u32 {
        self.size
    }

    /// Whether the module at column `x`, row `y` is dark (outside the code: light).
    pub fn is_dark(&self, x: u32, y: u32) -> bool {
        x < self.size && y < self.size && self.modules[(y * self.size + x) as usize]
    }

    /// The SVG drawing of the code, quiet zone included.
    pub fn svg(&self) -> QrSvg {
        let mut path = String::new();
        for y in 0..self.size {
            let mut x = 0;
            while x < self.size {
                if !self.is_dark(x, y) {
                    x += 1;
                    continue;
                }
                let start = x;
                while x < self.size && self.is_dark(x, y) {
                    x += 1;
                }
                let run = x - start;
                path.push_str(&format!("M{} {}h{run}v1h-{run}z", start + QUIET_ZONE, y + QUIET_ZONE));
            }
        }
        QrSvg { side: self.size + 2 * QUIET_ZONE, path }
    }
}

/// [`QrMatrix::encode`], then [`QrMatrix::svg`].
pub fn qr_svg(text: &str) -> Result<QrSvg, QrError> {
    QrMatrix::encode(text).map(|matrix| matrix.svg())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use proptest::prelude::*;

    /// The error-correction level written in the format bits next to the top-left finder: the two modules at
    /// (0, 8) and (1, 8) carry the level's two bits, masked with the standard's pattern 0b10.
    fn level(matrix: &QrMatrix) -> &'static str {
        match (!matrix.is_dark(0, 8), matrix.is_dark(1, 8)) {
            (false, false) => "M",
            (false, true) => "L",
            (true, true) => "Q",
            (true, false) => "H",
        }
    }

    /// Whether a 7×7 finder pattern (dark ring, light ring, dark 3×3 centre) has its corner at (left, top).
    fn finder_at(matrix: &QrMatrix, left: u32, top: u32) -> bool {
        (0..7).all(|dy| {
            (0..7).all(|dx| {
                let ring = dx.min(dy).min(6 - dx).min(6 - dy);
                matrix.is_dark(left + dx, top + dy) == (ring != 1)
            })
        })
    }

    /// The dark cells a path draws, read back from its `M x y h n v1 h-n z` runs.
    fn drawn_cells(path: &str) -> BTreeSet<(u32, u32)> {
        let mut cells = BTreeSet::new();
        for run in path.split('M').filter(|r| !r.is_empty()) {
            let (xy, rest) = run.split_once('h').expect("a run");
            let (x, y) = xy.split_once(' ').expect("x and y");
            let (n, tail) = rest.split_once('v').expect("a height");
            let [x, y, n]: [u32; 3] = [x, y, n].map(|v| v.parse().expect("a number"));
            assert_eq!(tail, format!("1h-{n}z"));
            for dx in 0..n {
                assert!(cells.insert((x + dx, y)), "runs never overlap");
            }
        }
        cells
    }

    #[test]
    fn a_short_text_is_a_version_1_code_at_level_m_with_its_three_finders() {
        let matrix = QrMatrix::encode("HELLO WORLD").expect("fits");
        assert_eq!(matrix.size(), 21);
        assert_eq!(level(&matrix), "M", "kept at M although Q would fit the same version");
        assert!(finder_at(&matrix, 0, 0) && finder_at(&matrix, 14, 0) && finder_at(&matrix, 0, 14));
        assert!(!finder_at(&matrix, 14, 14));
        assert!(!matrix.is_dark(21, 0) && !matrix.is_dark(0, 21));
    }

    #[test]
    fn the_version_grows_with_the_text_at_level_m() {
        // At level M a version 1 code holds 20 alphanumeric characters, version 2 holds 38.
        assert_eq!(QrMatrix::encode(&"A".repeat(20)).expect("fits").size(), 21);
        assert_eq!(QrMatrix::encode(&"A".repeat(21)).expect("fits").size(), 25);
        assert_eq!(QrMatrix::encode(&"A".repeat(39)).expect("fits").size(), 29);
        // A VietQR payload (about 120 capitals and digits) fits version 6 or less.
        let payload = "00020101021238540010A00000072701240006970422011003429710860208QRIBFTTA53037045405500005802VN\
                       62240820SUB220260930AB3KX9MQ6304ACE2";
        let matrix = QrMatrix::encode(payload).expect("fits");
        assert!(matrix.size() <= 41, "size {}", matrix.size());
        assert_eq!(level(&matrix), "M");
    }

    #[test]
    fn a_text_beyond_the_largest_code_is_refused_in_both_languages() {
        assert_eq!(QrMatrix::encode(&"x".repeat(2_400)), Err(QrError::TooLong));
        assert!(QrMatrix::encode(&"x".repeat(2_300)).is_ok());
        assert_eq!(QrError::TooLong.message(Lang::En), "The text is too long for a QR code");
        assert_eq!(QrError::TooLong.message(Lang::Vi), "Nội dung quá dài để tạo mã QR");
    }

    #[test]
    fn the_svg_path_draws_exactly_the_dark_modules_inside_the_quiet_zone() {
        let matrix = QrMatrix::encode("HELLO WORLD").expect("fits");
        let svg = matrix.svg();
        assert_eq!(svg.side, 29);
        assert!(svg.path.starts_with("M4 4h7v1h-7z"), "the top-left finder's first row: {}", &svg.path[..20]);
        let expected: BTreeSet<(u32, u32)> = (0..21)
            .flat_map(|y| (0..21).map(move |x| (x, y)))
            .filter(|&(x, y)| matrix.is_dark(x, y))
            .map(|(x, y)| (x + QUIET_ZONE, y + QUIET_ZONE))
            .collect();
        assert_eq!(drawn_cells(&svg.path), expected);
        assert_eq!(qr_svg("HELLO WORLD"), Ok(svg));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn every_code_is_square_at_level_m_and_its_path_stays_inside_the_quiet_zone(text in "[ -~]{1,200}") {
            let matrix = QrMatrix::encode(&text).expect("fits");
            prop_assert_eq!((matrix.size() - 17) % 4, 0);
            prop_assert_eq!(level(&matrix), "M");
            prop_assert!(finder_at(&matrix, 0, 0));
            let svg = matrix.svg();
            let cells = drawn_cells(&svg.path);
            let inside = QUIET_ZONE..svg.side - QUIET_ZONE;
            prop_assert!(cells.iter().all(|(x, y)| inside.contains(x) && inside.contains(y)));
        }
    }
}
