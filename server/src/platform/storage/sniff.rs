//! What an uploaded file really is, read from its first bytes. The client's `Content-Type` and file name are
//! never trusted: an "image" that is really HTML or SVG would run script when opened from our origin.

/// The image formats accepted for avatars. SVG is deliberately absent (it can carry script).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageKind {
    Jpeg,
    Png,
    Gif,
    Webp,
}

impl ImageKind {
    pub const ALL: [ImageKind; 4] = [ImageKind::Jpeg, ImageKind::Png, ImageKind::Gif, ImageKind::Webp];

    /// The media type served with the file.
    pub fn mime(self) -> &'static str {
        match self {
            ImageKind::Jpeg => "image/jpeg",
            ImageKind::Png => "image/png",
            ImageKind::Gif => "image/gif",
            ImageKind::Webp => "image/webp",
        }
    }

    /// The extension of stored names, which is also how a stored file's type is known again.
    pub fn extension(self) -> &'static str {
        match self {
            ImageKind::Jpeg => "jpg",
            ImageKind::Png => "png",
            ImageKind::Gif => "gif",
            ImageKind::Webp => "webp",
        }
    }

    pub fn from_extension(ext: &str) -> Option<ImageKind> {
        ImageKind::ALL.into_iter().find(|k| k.extension() == ext)
    }
}

/// The image kind of `bytes` by its signature, or `None` for anything else.
pub fn sniff_image(bytes: &[u8]) -> Option<ImageKind> {
    match bytes {
        [0xFF, 0xD8, 0xFF, ..] => Some(ImageKind::Jpeg),
        [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, ..] => Some(ImageKind::Png),
        [b'G', b'I', b'F', b'8', b'7' | b'9', b'a', ..] => Some(ImageKind::Gif),
        [b'R', b'I', b'F', b'F', _, _, _, _, b'W', b'E', b'B', b'P', ..] => Some(ImageKind::Webp),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_four_image_signatures_are_recognised() {
        let cases: [(&[u8], ImageKind); 5] = [
            (&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, b'J', b'F'], ImageKind::Jpeg),
            (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", ImageKind::Png),
            (b"GIF89a\x01\0\x01\0", ImageKind::Gif),
            (b"GIF87a\x01\0\x01\0", ImageKind::Gif),
            (b"RIFF\x24\0\0\0WEBPVP8 ", ImageKind::Webp),
        ];
        for (bytes, kind) in cases {
            assert_eq!(sniff_image(bytes), Some(kind));
        }
    }

    #[test]
    fn the_sniffed_kinds_are_exactly_the_types_the_shared_picture_rule_accepts() {
        let mimes: Vec<&str> = ImageKind::ALL.iter().map(|k| k.mime()).collect();
        assert_eq!(mimes, academy_shared::upload::ACCEPTED_IMAGE_TYPES);
        assert!(mimes.iter().all(|m| academy_shared::upload::accepted_image_type(m)));
    }

    #[test]
    fn everything_else_is_refused_including_svg_and_html_named_like_images() {
        let cases: [&[u8]; 8] = [
            b"<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>",
            b"<?xml version=\"1.0\"?><svg/>",
            b"<html><script>alert(1)</script>",
            b"%PDF-1.7",
            b"RIFF\x24\0\0\0WAVEfmt ",
            b"\xFF\xD8",
            b"",
            b"GIF89",
        ];
        for bytes in cases {
            assert_eq!(sniff_image(bytes), None, "{bytes:?}");
        }
    }
}
