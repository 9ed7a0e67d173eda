//! Links to pictures and videos people set: an avatar is a picture uploaded here, a lesson's video is an https
//! link to YouTube, Vimeo or a file uploaded here. Anything else would let a profile or a course page make
//! every visitor's browser call a stranger's server (a tracking pixel, a look-alike player).
//!
//! "Here" is the base our stored files are read at, given by the caller: [`OWN_FILES_PATH`] on this site.

use crate::i18n::Lang;
use crate::validation::Message;

/// Where the server serves stored files (`/files/public/<key>`), on local disk or in a bucket.
pub const OWN_FILES_PATH: &str = "/files/public/";

/// The hosts whose players lessons may embed.
pub const VIDEO_EMBED_ORIGINS: [&str; 3] =
    ["https://www.youtube.com", "https://www.youtube-nocookie.com", "https://player.vimeo.com"];

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MediaLinkError {
    #[error("The avatar must be a picture uploaded here")]
    AvatarNotUploaded,
    #[error("Video links must be https links to YouTube, Vimeo or a file uploaded here")]
    VideoNotAllowed,
    #[error("The picture must be an http or https link, or a picture uploaded here")]
    PictureNotAllowed,
}

impl Message for MediaLinkError {
    fn message(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Vi => match self {
                Self::AvatarNotUploaded => "Ảnh đại diện phải là ảnh được tải lên tại đây".into(),
                Self::VideoNotAllowed => {
                    "Liên kết video phải là liên kết https tới YouTube, Vimeo hoặc tệp được tải lên tại đây".into()
                }
                Self::PictureNotAllowed => "Ảnh phải là liên kết http hoặc https, hoặc ảnh được tải lên tại đây".into(),
            },
        }
    }
}

impl MediaLinkError {
    pub fn message(&self, lang: Lang) -> String {
        Message::message(self, lang)
    }
}

/// Whether `url` is one of our stored files: `own_files` followed by a key of letters, digits, `-`, `_`, `.`
/// and `/`, without empty or `..` segments.
pub fn is_own_file(url: &str, own_files: &str) -> bool {
    let Some(key) = url.strip_prefix(own_files).filter(|_| !own_files.is_empty()) else { return false };
    is_plain_path(key)
}

/// Letters, digits, `-`, `_`, `.` and `/`, without empty or `..` segments.
fn is_plain_path(key: &str) -> bool {
    !key.is_empty()
        && key.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'/'))
        && key.split('/').all(|segment| !segment.is_empty() && segment != "." && segment != "..")
}

/// An avatar: a picture uploaded here ([`is_own_file`]).
pub fn check_avatar_url(url: &str, own_files: &str) -> Result<(), MediaLinkError> {
    if is_own_file(url.trim(), own_files) { Ok(()) } else { Err(MediaLinkError::AvatarNotUploaded) }
}

/// A picture of the catalogue (a course's thumbnail, a category's or a banner's image): a picture uploaded here
/// or another file of this site (a path of letters, digits, `-`, `_`, `.` and `/` from the root, without `..`),
/// or an `http(s)://` link with a host and nothing a browser would read otherwise (no spaces, quotes, angle
/// brackets, backslashes or control characters). `javascript:`, `data:` and the like are refused.
pub fn check_picture_link(url: &str, own_files: &str) -> Result<(), MediaLinkError> {
    let url = url.trim();
    if is_own_file(url, own_files) || url.strip_prefix('/').is_some_and(is_plain_path) {
        return Ok(());
    }
    let lower = url.get(..8).unwrap_or(url).to_ascii_lowercase();
    let rest = if lower.starts_with("https://") {
        &url[8..]
    } else if lower.starts_with("http://") {
        &url[7..]
    } else {
        return Err(MediaLinkError::PictureNotAllowed);
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let clean = url.chars().all(|c| !c.is_control() && !c.is_whitespace() && !"\"'<>\\`".contains(c));
    if host.is_empty() || !clean { Err(MediaLinkError::PictureNotAllowed) } else { Ok(()) }
}

/// A lesson's video link as it is saved and played: a file uploaded here as it is; YouTube and Vimeo links
/// (`youtube.com/watch?v=…`, `youtu.be/…`, `youtube.com/shorts/…`, `vimeo.com/…` and the players' own embed
/// links) as the player's embed link (`https://www.youtube.com/embed/<id>`,
/// `https://www.youtube-nocookie.com/embed/<id>`, `https://player.vimeo.com/video/<id>`), keeping a plain query
/// such as `?start=30` of an embed link; a file uploaded here without the query of its signed URL. Every other
/// link is refused, plain http included.
pub fn video_link(url: &str, own_files: &str) -> Result<String, MediaLinkError> {
    let url = url.trim();
    // A file uploaded here is saved without the signed query it was shown with.
    let path = url.split_once('?').map_or(url, |(path, _)| path);
    if is_own_file(path, own_files) {
        return Ok(path.to_owned());
    }
    let rest = url.strip_prefix("https://").ok_or(MediaLinkError::VideoNotAllowed)?;
    let host_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (host, rest) = rest.split_at(host_end);
    let (path, query) = match rest.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (rest, None),
    };
    let query_ok = query.is_none_or(|q| q.bytes().all(|b| b.is_ascii_alphanumeric() || b"=&_.-".contains(&b)));
    if path.contains('#') || !query_ok {
        return Err(MediaLinkError::VideoNotAllowed);
    }
    let kept_query = || query.filter(|q| !q.is_empty()).map(|q| format!("?{q}")).unwrap_or_default();
    let youtube = |id: &str| is_video_id(id).then(|| format!("https://www.youtube.com/embed/{id}{}", kept_query()));
    let embedded = match host.to_ascii_lowercase().as_str() {
        "www.youtube.com" | "youtube.com" | "m.youtube.com" => match path {
            "/watch" => query
                .and_then(|q| q.split('&').find_map(|pair| pair.strip_prefix("v=")))
                .filter(|id| is_video_id(id))
                .map(|id| format!("https://www.youtube.com/embed/{id}")),
            _ => path.strip_prefix("/embed/").or_else(|| path.strip_prefix("/shorts/")).and_then(youtube),
        },
        "youtu.be" => path.strip_prefix('/').and_then(youtube),
        "www.youtube-nocookie.com" | "youtube-nocookie.com" => path
            .strip_prefix("/embed/")
            .filter(|id| is_video_id(id))
            .map(|id| format!("https://www.youtube-nocookie.com/embed/{id}{}", kept_query())),
        "player.vimeo.com" => path
            .strip_prefix("/video/")
            .filter(|id| is_vimeo_id(id))
            .map(|id| format!("https://player.vimeo.com/video/{id}{}", kept_query())),
        "vimeo.com" | "www.vimeo.com" => {
            path.strip_prefix('/').filter(|id| is_vimeo_id(id)).map(|id| format!("https://player.vimeo.com/video/{id}"))
        }
        _ => None,
    };
    embedded.ok_or(MediaLinkError::VideoNotAllowed)
}

/// A YouTube video id: 1–64 letters, digits, `-` or `_`.
fn is_video_id(id: &str) -> bool {
    (1..=64).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A Vimeo video id: digits.
fn is_vimeo_id(id: &str) -> bool {
    (1..=20).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    const HERE: &str = OWN_FILES_PATH;

    #[test]
    fn an_avatar_uploaded_here_is_accepted() {
        for url in ["/files/public/avatars/0190a0b0c0d0e0f00112233445566778.png", " /files/public/a/b.webp "] {
            assert_eq!(check_avatar_url(url, HERE), Ok(()), "{url}");
        }
        let bucket = "https://cdn.academy.example/files/";
        assert_eq!(check_avatar_url("https://cdn.academy.example/files/avatars/x.png", bucket), Ok(()));
    }

    #[test]
    fn a_picture_is_a_web_link_or_a_file_uploaded_here() {
        for url in [
            "https://cdn.example/a.png",
            "HTTP://cdn.example/a.png?w=1",
            "/files/public/pictures/a.webp",
            "/demo/thumb-1.png",
        ] {
            assert_eq!(check_picture_link(url, HERE), Ok(()), "{url}");
        }
        for url in [
            "javascript:alert(1)",
            " JavaScript:alert(1)",
            "data:image/png;base64,AAAA",
            "vbscript:x",
            "//evil.example/a.png",
            "https://",
            "https:///a.png",
            "https://cdn.example/a.png\"onerror=\"x",
            "https://cdn.example/a b.png",
            "/files/public/../x",
            "/demo/../../x.png",
            "/demo/a b.png",
        ] {
            assert_eq!(check_picture_link(url, HERE), Err(MediaLinkError::PictureNotAllowed), "{url}");
        }
    }

    #[test]
    fn an_avatar_from_anywhere_else_is_refused() {
        for url in [
            "https://evil.example/track.gif",
            "//evil.example/track.gif",
            "http://evil.example/a.png",
            "/files/public/",
            "/files/public/../../etc/passwd",
            "/files/public/avatars//x.png",
            "/files/public/avatars/x.png?u=1",
            "/files/publicity/x.png",
            "/demo/student.svg",
            "javascript:alert(1)",
            "data:image/png;base64,AAAA",
            "https://cdn.academy.example.evil.example/files/avatars/x.png",
            "",
        ] {
            assert_eq!(check_avatar_url(url, HERE), Err(MediaLinkError::AvatarNotUploaded), "{url}");
        }
        assert!(check_avatar_url("/files/public/a.png", "").is_err(), "no base, no own files");
    }

    #[test]
    fn youtube_and_vimeo_links_become_their_players_embed_links() {
        let embed = "https://www.youtube.com/embed/aqz-KE-bpKQ";
        let cases = [
            (embed, embed),
            (
                "https://www.youtube.com/embed/aqz-KE-bpKQ?start=30",
                "https://www.youtube.com/embed/aqz-KE-bpKQ?start=30",
            ),
            ("https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=10", embed),
            ("https://youtube.com/watch?feature=share&v=aqz-KE-bpKQ", embed),
            ("https://m.youtube.com/shorts/aqz-KE-bpKQ", embed),
            ("https://youtu.be/aqz-KE-bpKQ", embed),
            (
                "https://www.youtube-nocookie.com/embed/eRsGyueVLvQ",
                "https://www.youtube-nocookie.com/embed/eRsGyueVLvQ",
            ),
            ("https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"),
            ("https://player.vimeo.com/video/76979871?h=8f6e", "https://player.vimeo.com/video/76979871?h=8f6e"),
            ("/files/public/videos/intro.mp4", "/files/public/videos/intro.mp4"),
            ("/files/public/videos/intro.mp4?expires=1800000000&sig=ab12", "/files/public/videos/intro.mp4"),
        ];
        for (url, embed) in cases {
            assert_eq!(video_link(url, HERE).as_deref(), Ok(embed), "{url}");
        }
    }

    #[test]
    fn every_other_video_link_is_refused() {
        for url in [
            "https://evil.example/track.mp4",
            "//www.youtube.com/embed/aqz-KE-bpKQ",
            "http://www.youtube.com/embed/aqz-KE-bpKQ",
            "https://www.youtube.com.evil.example/embed/x",
            "https://evil.example/?https://www.youtube.com/embed/x",
            "https://www.youtube.com@evil.example/embed/x",
            "https://www.youtube.com:8443/embed/x",
            "https://www.youtube.com/embed/",
            "https://www.youtube.com/embed/a/b",
            "https://www.youtube.com/watch?v=",
            "https://www.youtube.com/embed/x?a=<script>",
            "https://www.youtube.com/embed/x#t=3",
            "https://vimeo.com/channels/staffpicks",
            "https://player.vimeo.com/video/abc",
            "https://commondatastorage.googleapis.com/gtv-videos-bucket/sample/BigBuckBunny.mp4",
            "javascript:alert(1)",
            "/files/public/../x.mp4",
            "",
        ] {
            assert_eq!(video_link(url, HERE), Err(MediaLinkError::VideoNotAllowed), "{url}");
        }
    }

    #[test]
    fn the_refusals_are_worded_in_both_languages() {
        assert_eq!(
            MediaLinkError::VideoNotAllowed.message(Lang::En),
            "Video links must be https links to YouTube, Vimeo or a file uploaded here"
        );
        let avatar = MediaLinkError::AvatarNotUploaded.message(Lang::Vi);
        assert_eq!(avatar, "Ảnh đại diện phải là ảnh được tải lên tại đây");
    }
}
