//! What an uploaded picture may be (avatars, course thumbnails, category and banner images): the browser
//! checks the chosen file's type with this rule before sending it, and the server, which reads the real type
//! from the bytes, answers a refused file with the same text. A lesson's video follows the same pattern: the
//! browser checks the chosen video's type and size before sending it; the server counts the bytes as they
//! arrive and reads the real type from them when the video is committed.

use crate::i18n::Lang;
use crate::validation::Message;

/// The media types accepted for pictures: JPEG, PNG, GIF and WebP. SVG is deliberately absent (it can carry
/// script).
pub const ACCEPTED_IMAGE_TYPES: [&str; 4] = ["image/jpeg", "image/png", "image/gif", "image/webp"];

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum UploadError {
    #[error("Only JPEG, PNG, GIF or WebP images are accepted.")]
    NotAnImage,
}

impl Message for UploadError {
    fn message(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Vi => match self {
                Self::NotAnImage => "Chỉ chấp nhận ảnh JPEG, PNG, GIF hoặc WebP.".into(),
            },
        }
    }
}

impl UploadError {
    pub fn message(&self, lang: Lang) -> String {
        Message::message(self, lang)
    }
}

/// Whether a file of this media type (as a browser reports it, e.g. `File.type`) may be uploaded as a picture.
/// Case and parameters (`image/PNG; q=1`) do not matter; an empty type is refused.
pub fn accepted_image_type(content_type: &str) -> bool {
    let essence = content_type.split(';').next().unwrap_or_default().trim();
    ACCEPTED_IMAGE_TYPES.iter().any(|accepted| accepted.eq_ignore_ascii_case(essence))
}

/// [`accepted_image_type`] as a check with its message.
pub fn check_image_type(content_type: &str) -> Result<(), UploadError> {
    if accepted_image_type(content_type) { Ok(()) } else { Err(UploadError::NotAnImage) }
}

/// The media types accepted for a lesson's uploaded video: MP4 and WebM, the two every browser's own `<video>`
/// player plays.
pub const ACCEPTED_VIDEO_TYPES: [&str; 2] = ["video/mp4", "video/webm"];

/// The largest uploaded lesson video: 2 GiB. An hour of 1080p at a typical 4 Mbit/s is about 1.8 GB, so a long
/// lesson fits; a larger file takes too long to send over an ordinary connection in one request (a failure
/// starts again from zero) and belongs on a video host (a YouTube or Vimeo link).
pub const LESSON_VIDEO_MAX_BYTES: u64 = 2 * 1024 * 1024 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum VideoUploadError {
    #[error("Only MP4 or WebM videos are accepted.")]
    NotAVideo,
    #[error("The video must be at most {}.", human_size(*max_bytes))]
    TooLarge { max_bytes: u64 },
}

impl Message for VideoUploadError {
    fn message(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Vi => match self {
                Self::NotAVideo => "Chỉ chấp nhận video MP4 hoặc WebM.".into(),
                Self::TooLarge { max_bytes } => format!("Video tối đa {}.", human_size(*max_bytes)),
            },
        }
    }
}

impl VideoUploadError {
    pub fn message(&self, lang: Lang) -> String {
        Message::message(self, lang)
    }
}

/// A size in binary units as people read them: `2 GB`, `1.5 MB`, `64 KB` (one decimal when not whole).
pub fn human_size(bytes: u64) -> String {
    const UNITS: [(u64, &str); 3] = [(1 << 30, "GB"), (1 << 20, "MB"), (1 << 10, "KB")];
    for (unit, name) in UNITS {
        if bytes >= unit {
            let tenths = bytes.saturating_mul(10) / unit;
            return if tenths.is_multiple_of(10) {
                format!("{} {name}", tenths / 10)
            } else {
                format!("{}.{} {name}", tenths / 10, tenths % 10)
            };
        }
    }
    format!("{bytes} B")
}

/// Whether a file of this media type may be uploaded as a lesson's video (case and parameters do not matter).
pub fn accepted_video_type(content_type: &str) -> bool {
    let essence = content_type.split(';').next().unwrap_or_default().trim();
    ACCEPTED_VIDEO_TYPES.iter().any(|accepted| accepted.eq_ignore_ascii_case(essence))
}

/// The lesson video rule for a chosen file: an accepted type, and at most `max_bytes`
/// ([`LESSON_VIDEO_MAX_BYTES`] on a real site).
pub fn check_video(content_type: &str, size: u64, max_bytes: u64) -> Result<(), VideoUploadError> {
    if !accepted_video_type(content_type) {
        return Err(VideoUploadError::NotAVideo);
    }
    if size > max_bytes {
        return Err(VideoUploadError::TooLarge { max_bytes });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mp4_and_webm_up_to_the_limit_are_accepted() {
        for content_type in ["video/mp4", "video/webm", "VIDEO/MP4", "video/webm; codecs=vp9"] {
            assert_eq!(check_video(content_type, 0, LESSON_VIDEO_MAX_BYTES), Ok(()), "{content_type:?}");
            assert_eq!(check_video(content_type, LESSON_VIDEO_MAX_BYTES, LESSON_VIDEO_MAX_BYTES), Ok(()));
        }
    }

    #[test]
    fn other_types_and_videos_over_the_limit_are_refused() {
        for content_type in ["video/quicktime", "video/x-matroska", "image/png", "video/", "", "video/mp4x"] {
            assert_eq!(check_video(content_type, 10, LESSON_VIDEO_MAX_BYTES), Err(VideoUploadError::NotAVideo));
        }
        let too_large = VideoUploadError::TooLarge { max_bytes: LESSON_VIDEO_MAX_BYTES };
        assert_eq!(check_video("video/mp4", LESSON_VIDEO_MAX_BYTES + 1, LESSON_VIDEO_MAX_BYTES), Err(too_large));
        assert_eq!(check_video("video/webm", 65_537, 65_536), Err(VideoUploadError::TooLarge { max_bytes: 65_536 }));
    }

    #[test]
    fn the_video_limit_is_two_gibibytes() {
        assert_eq!(LESSON_VIDEO_MAX_BYTES, 2_147_483_648);
    }

    #[test]
    fn a_refused_video_is_explained_in_both_languages() {
        let too_large = VideoUploadError::TooLarge { max_bytes: LESSON_VIDEO_MAX_BYTES };
        assert_eq!(VideoUploadError::NotAVideo.message(Lang::En), "Only MP4 or WebM videos are accepted.");
        assert_eq!(VideoUploadError::NotAVideo.message(Lang::Vi), "Chỉ chấp nhận video MP4 hoặc WebM.");
        assert_eq!(too_large.message(Lang::En), "The video must be at most 2 GB.");
        assert_eq!(too_large.message(Lang::Vi), "Video tối đa 2 GB.");
    }

    #[test]
    fn sizes_read_in_binary_units() {
        let cases = [(0, "0 B"), (1023, "1023 B"), (65_536, "64 KB"), (1_572_864, "1.5 MB"), (1 << 31, "2 GB")];
        for (bytes, text) in cases {
            assert_eq!(human_size(bytes), text);
        }
    }

    #[test]
    fn the_four_picture_types_are_accepted_whatever_their_case_or_parameters() {
        let cases = [
            "image/jpeg",
            "image/png",
            "image/gif",
            "image/webp",
            "IMAGE/PNG",
            " image/webp ",
            "image/jpeg; charset=binary",
        ];
        for content_type in cases {
            assert!(accepted_image_type(content_type), "{content_type:?}");
            assert_eq!(check_image_type(content_type), Ok(()));
        }
    }

    #[test]
    fn svg_other_images_documents_and_unknown_types_are_refused() {
        let cases = [
            "image/svg+xml",
            "image/bmp",
            "image/heic",
            "image/jpg",
            "image/",
            "image",
            "text/html",
            "application/pdf",
            "video/mp4",
            "",
            "image/png/x",
            "xinage/png",
        ];
        for content_type in cases {
            assert!(!accepted_image_type(content_type), "{content_type:?}");
            assert_eq!(check_image_type(content_type), Err(UploadError::NotAnImage));
        }
    }

    #[test]
    fn a_refused_file_is_explained_in_both_languages() {
        let error = UploadError::NotAnImage;
        assert_eq!(error.message(Lang::En), "Only JPEG, PNG, GIF or WebP images are accepted.");
        assert_eq!(error.message(Lang::Vi), "Chỉ chấp nhận ảnh JPEG, PNG, GIF hoặc WebP.");
    }
}
