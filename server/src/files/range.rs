//! The byte range a `Range: bytes=…` header asks of a file, so video players can start anywhere and seek.
//! One range is served (`a-b`, `a-`, `-n`); a header this does not understand (another unit, several ranges,
//! a malformed one) is ignored and the whole file is served, as HTTP allows.

use std::ops::Range;

/// What to send of a file of a given size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Requested {
    /// The whole file (200).
    Whole,
    /// These bytes (206 with `Content-Range`).
    Part(Range<u64>),
    /// A range starting past the end (416 with `Content-Range: bytes */size`).
    Unsatisfiable,
}

/// The part of a `size`-byte file that the `Range` header `header` asks for.
pub fn requested(header: Option<&str>, size: u64) -> Requested {
    let Some(spec) = header.and_then(|h| {
        let h = h.trim();
        h.get(..6).filter(|unit| unit.eq_ignore_ascii_case("bytes=")).map(|_| h[6..].trim())
    }) else {
        return Requested::Whole;
    };
    let Some((first, last)) = spec.split_once('-').filter(|_| !spec.contains(',')) else { return Requested::Whole };
    let number =
        |text: &str| text.trim().parse::<u64>().ok().filter(|_| text.trim().bytes().all(|b| b.is_ascii_digit()));
    match (first.trim().is_empty(), last.trim().is_empty()) {
        // `-n`: the last n bytes.
        (true, false) => match number(last) {
            Some(0) => Requested::Unsatisfiable,
            Some(_) if size == 0 => Requested::Unsatisfiable,
            Some(n) => Requested::Part(size - n.min(size)..size),
            None => Requested::Whole,
        },
        // `a-`: from a to the end.
        (false, true) => match number(first) {
            Some(start) if start >= size => Requested::Unsatisfiable,
            Some(start) => Requested::Part(start..size),
            None => Requested::Whole,
        },
        // `a-b`: from a to b included, b cut at the end.
        (false, false) => match (number(first), number(last)) {
            (Some(start), Some(end)) if start <= end => {
                if start >= size {
                    Requested::Unsatisfiable
                } else {
                    Requested::Part(start..end.min(size - 1) + 1)
                }
            }
            _ => Requested::Whole,
        },
        (true, true) => Requested::Whole,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_range_of_bytes_is_read_in_its_three_forms() {
        let cases = [
            ("bytes=0-99", Requested::Part(0..100)),
            ("bytes=100-", Requested::Part(100..1000)),
            ("bytes=-100", Requested::Part(900..1000)),
            ("bytes=990-2000", Requested::Part(990..1000)),
            ("bytes=-5000", Requested::Part(0..1000)),
            ("BYTES= 5-5 ", Requested::Part(5..6)),
        ];
        for (header, part) in cases {
            assert_eq!(requested(Some(header), 1000), part, "{header}");
        }
    }

    #[test]
    fn a_range_starting_past_the_end_cannot_be_satisfied() {
        for header in ["bytes=1000-", "bytes=1000-1001", "bytes=-0"] {
            assert_eq!(requested(Some(header), 1000), Requested::Unsatisfiable, "{header}");
        }
        assert_eq!(requested(Some("bytes=-10"), 0), Requested::Unsatisfiable);
        assert_eq!(requested(Some("bytes=0-"), 0), Requested::Unsatisfiable);
    }

    #[test]
    fn anything_else_gets_the_whole_file() {
        for header in [
            None,
            Some("items=0-9"),
            Some("bytes=0-9,20-29"),
            Some("bytes=9-0"),
            Some("bytes=a-b"),
            Some("bytes=-"),
            Some("bytes=+1-2"),
            Some("bytes"),
        ] {
            assert_eq!(requested(header, 1000), Requested::Whole, "{header:?}");
        }
    }
}
