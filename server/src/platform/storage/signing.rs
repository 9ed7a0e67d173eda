//! Signed upload URLs for the local store: `/files/upload/{key}?expires=..&max=..&sig=..`.
//!
//! The signature is HMAC-SHA256 over the method, key, expiry and size limit, with a key derived from the
//! server secret (so it can never be confused with a token signature). The PUT handler recomputes it and
//! compares in constant time; a URL is good only for that key, that method, that limit, that purpose (a picture,
//! at `/files/upload/{key}`, or a lesson video, at `/files/upload-video/{key}`) and until it expires.

use hmac::{Hmac, Mac as _};
use serde::Deserialize;
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// The query string of a signed upload URL.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct UploadQuery {
    /// Expiry, seconds since the epoch.
    pub expires: i64,
    /// Largest body accepted, in bytes.
    pub max: u64,
    /// Hex HMAC.
    pub sig: String,
}

/// Why an upload URL was refused (403, except `Expired` which the web shows as an upload failure too).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum UploadUrlError {
    #[error("upload URL signature invalid")]
    BadSignature,
    #[error("upload URL expired")]
    Expired,
}

/// Where lesson videos are PUT: `/files/upload-video/{key}`.
pub const VIDEO_UPLOAD_ROUTE: &str = "/files/upload-video/";

/// What an upload URL is for: each has its own route and limit, and a URL of one is refused by the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// A picture, read whole in memory and checked as it arrives (`/files/upload/{key}`).
    Picture,
    /// A lesson video, streamed to storage (`/files/upload-video/{key}`).
    Video,
}

impl Purpose {
    fn route(self) -> &'static str {
        match self {
            Purpose::Picture => "/files/upload/",
            Purpose::Video => VIDEO_UPLOAD_ROUTE,
        }
    }
}

/// Signs and checks upload URLs.
#[derive(Clone)]
pub struct UploadSigner {
    key: [u8; 32],
}

impl std::fmt::Debug for UploadSigner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("UploadSigner(..)")
    }
}

impl UploadSigner {
    /// A signer keyed by `HMAC(server_secret, "academy upload url v1")`.
    pub fn new(server_secret: &[u8]) -> Self {
        let mut mac = mac(server_secret);
        mac.update(b"academy upload url v1");
        Self { key: mac.finalize().into_bytes().into() }
    }

    /// The path and query of a PUT URL for `key`, valid until `expires` (epoch seconds), for at most `max` bytes.
    pub fn upload_path(&self, key: &str, expires: i64, max: u64) -> String {
        self.path_for(Purpose::Picture, key, expires, max)
    }

    /// The path and query of a PUT URL for `key` for `purpose`, valid until `expires`, for at most `max` bytes.
    pub fn path_for(&self, purpose: Purpose, key: &str, expires: i64, max: u64) -> String {
        let mac = self.mac_for(purpose, "PUT", key, expires, max);
        let sig = crate::platform::crypto::hex(&mac.finalize().into_bytes());
        format!("{}{key}?expires={expires}&max={max}&sig={sig}", purpose.route())
    }

    /// Checks a picture upload to `key` with `query`; returns the size limit that was signed.
    pub fn verify(&self, method: &str, key: &str, query: &UploadQuery, now_ms: i64) -> Result<u64, UploadUrlError> {
        self.verify_for(Purpose::Picture, method, key, query, now_ms)
    }

    /// Checks an upload to `key` for `purpose` with `query`; returns the size limit that was signed.
    pub fn verify_for(
        &self,
        purpose: Purpose,
        method: &str,
        key: &str,
        query: &UploadQuery,
        now_ms: i64,
    ) -> Result<u64, UploadUrlError> {
        let sig = decode_hex(&query.sig).ok_or(UploadUrlError::BadSignature)?;
        // `verify_slice` compares in constant time.
        self.mac_for(purpose, method, key, query.expires, query.max)
            .verify_slice(&sig)
            .map_err(|_| UploadUrlError::BadSignature)?;
        if now_ms.div_euclid(1000) >= query.expires {
            return Err(UploadUrlError::Expired);
        }
        Ok(query.max)
    }

    fn mac_for(&self, purpose: Purpose, method: &str, key: &str, expires: i64, max: u64) -> HmacSha256 {
        let mut mac = mac(&self.key);
        // Newline-separated: none of the parts can contain a newline (keys are validated, the rest are numbers).
        // A picture's message is the four parts alone, a video's has a fifth, so neither verifies as the other.
        match purpose {
            Purpose::Picture => mac.update(format!("{method}\n{key}\n{expires}\n{max}").as_bytes()),
            Purpose::Video => mac.update(format!("{method}\n{key}\n{expires}\n{max}\nvideo").as_bytes()),
        }
        mac
    }
}

/// The folder lesson videos are stored in: its files are read only through a signed URL ([`VideoViewSigner`]).
pub const VIDEO_FOLDER: &str = "videos";
/// How long a signed video URL plays at least: a long lesson's player keeps reading byte ranges while it plays.
pub const VIDEO_VIEW_LIFETIME_SECS: i64 = 2 * 60 * 60;
/// Expiries are rounded up to this step, so the URL of a video is the same for a while (a player's or a
/// browser's cache keeps it, and the pages carrying it stay the same).
const VIDEO_VIEW_STEP_SECS: i64 = 10 * 60;

/// The query string of a signed video URL: `?expires=..&sig=..`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct ViewQuery {
    /// Expiry, seconds since the epoch.
    pub expires: Option<i64>,
    /// Hex HMAC.
    pub sig: Option<String>,
}

/// Signs and checks the URLs lesson videos are read at: HMAC-SHA256 over the key and the expiry, with a key of
/// its own derived from the server secret. Whoever the server hands one to (a person allowed to watch the
/// lesson) can play it until it expires; after that, only a new one from the server plays it.
#[derive(Clone)]
pub struct VideoViewSigner {
    key: [u8; 32],
}

impl std::fmt::Debug for VideoViewSigner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("VideoViewSigner(..)")
    }
}

impl VideoViewSigner {
    /// A signer keyed by `HMAC(server_secret, "academy video view v1")`.
    pub fn new(server_secret: &[u8]) -> Self {
        let mut mac = mac(server_secret);
        mac.update(b"academy video view v1");
        Self { key: mac.finalize().into_bytes().into() }
    }

    /// `path` (`<base>videos/<name>`) with its signed query, valid at least [`VIDEO_VIEW_LIFETIME_SECS`] from
    /// `now_secs`.
    pub fn sign(&self, path: &str, key: &str, now_secs: i64) -> String {
        let expires = (now_secs + VIDEO_VIEW_LIFETIME_SECS).div_euclid(VIDEO_VIEW_STEP_SECS) * VIDEO_VIEW_STEP_SECS
            + VIDEO_VIEW_STEP_SECS;
        let sig = crate::platform::crypto::hex(&self.mac_for(key, expires).finalize().into_bytes());
        format!("{path}?expires={expires}&sig={sig}")
    }

    /// Checks the signed query of a read of `key` at `now_secs`; answers its expiry.
    pub fn verify(&self, key: &str, query: &ViewQuery, now_secs: i64) -> Result<i64, UploadUrlError> {
        let (Some(expires), Some(sig)) = (query.expires, query.sig.as_deref()) else {
            return Err(UploadUrlError::BadSignature);
        };
        let sig = decode_hex(sig).ok_or(UploadUrlError::BadSignature)?;
        self.mac_for(key, expires).verify_slice(&sig).map_err(|_| UploadUrlError::BadSignature)?;
        if now_secs >= expires {
            return Err(UploadUrlError::Expired);
        }
        Ok(expires)
    }

    fn mac_for(&self, key: &str, expires: i64) -> HmacSha256 {
        let mut mac = mac(&self.key);
        mac.update(format!("GET\n{key}\n{expires}\nview").as_bytes());
        mac
    }
}

fn mac(key: &[u8]) -> HmacSha256 {
    // HMAC accepts keys of any length.
    #[allow(clippy::expect_used)]
    HmacSha256::new_from_slice(key).expect("HMAC takes any key length")
}

fn decode_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok()).collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    const NOW_MS: i64 = 1_800_000_000_000;

    fn query_of(path: &str) -> UploadQuery {
        let query = path.split_once('?').unwrap().1;
        serde_urlencoded_like(query)
    }

    fn serde_urlencoded_like(query: &str) -> UploadQuery {
        let get = |name: &str| query.split('&').find_map(|kv| kv.strip_prefix(&format!("{name}="))).unwrap().to_owned();
        UploadQuery { expires: get("expires").parse().unwrap(), max: get("max").parse().unwrap(), sig: get("sig") }
    }

    #[test]
    fn a_fresh_url_verifies_for_its_key_and_method_only() {
        let signer = UploadSigner::new(b"server secret");
        let path = signer.upload_path("staging/abc", NOW_MS / 1000 + 300, 3_774_873);
        assert!(path.starts_with("/files/upload/staging/abc?expires="));
        let query = query_of(&path);
        assert_eq!(signer.verify("PUT", "staging/abc", &query, NOW_MS), Ok(3_774_873));
        assert_eq!(signer.verify("PUT", "staging/abd", &query, NOW_MS), Err(UploadUrlError::BadSignature));
        assert_eq!(signer.verify("POST", "staging/abc", &query, NOW_MS), Err(UploadUrlError::BadSignature));
    }

    #[test]
    fn changing_the_limit_or_expiry_or_secret_breaks_the_signature() {
        let signer = UploadSigner::new(b"server secret");
        let query = query_of(&signer.upload_path("k", NOW_MS / 1000 + 300, 100));
        let bigger = UploadQuery { max: 10_000_000, ..query.clone() };
        let later = UploadQuery { expires: query.expires + 3600, ..query.clone() };
        let garbled = UploadQuery { sig: "zz".into(), ..query.clone() };
        for q in [bigger, later, garbled] {
            assert_eq!(signer.verify("PUT", "k", &q, NOW_MS), Err(UploadUrlError::BadSignature));
        }
        assert!(UploadSigner::new(b"other").verify("PUT", "k", &query, NOW_MS).is_err());
    }

    #[test]
    fn a_video_url_is_no_picture_url_and_the_reverse() {
        let signer = UploadSigner::new(b"server secret");
        let video = signer.path_for(Purpose::Video, "k", NOW_MS / 1000 + 300, 100);
        assert!(video.starts_with("/files/upload-video/k?expires="));
        let video = query_of(&video);
        let picture = query_of(&signer.upload_path("k", NOW_MS / 1000 + 300, 100));
        assert_eq!(signer.verify_for(Purpose::Video, "PUT", "k", &video, NOW_MS), Ok(100));
        assert_eq!(signer.verify("PUT", "k", &video, NOW_MS), Err(UploadUrlError::BadSignature));
        assert_eq!(signer.verify_for(Purpose::Video, "PUT", "k", &picture, NOW_MS), Err(UploadUrlError::BadSignature));
    }

    #[test]
    fn an_expired_url_is_refused() {
        let signer = UploadSigner::new(b"server secret");
        let query = query_of(&signer.upload_path("k", NOW_MS / 1000 + 300, 100));
        assert_eq!(signer.verify("PUT", "k", &query, NOW_MS + 300_000), Err(UploadUrlError::Expired));
        assert!(signer.verify("PUT", "k", &query, NOW_MS + 299_000).is_ok());
    }
}
