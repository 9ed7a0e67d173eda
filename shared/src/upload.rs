//! What an uploaded picture may be (avatars, course thumbnails, category and banner images): the browser
//! checks the chosen file's type with this rule before sending it, and the server, which reads the real type
//! from the bytes, answers a refused file with the same text.

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

#[cfg(test)]
mod tests {
    use super::*;

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
