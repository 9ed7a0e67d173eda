//! Randomness from the operating system, and hexadecimal text of bytes (tokens, signatures, key hashes).

/// `N` random bytes from the operating system.
pub(crate) fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    // The OS generator does not fail on supported platforms; a failure here means no safe randomness at all.
    #[allow(clippy::expect_used)]
    getrandom::fill(&mut bytes).expect("the operating system's random generator failed");
    bytes
}

/// Lower-case hexadecimal.
pub(crate) fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::with_capacity(bytes.len() * 2), |mut out, b| {
        let _ = write!(out, "{b:02x}");
        out
    })
}
