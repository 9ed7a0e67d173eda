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

/// The video formats accepted for lessons, the two every browser's own player plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VideoKind {
    Mp4,
    Webm,
}

impl VideoKind {
    pub const ALL: [VideoKind; 2] = [VideoKind::Mp4, VideoKind::Webm];

    /// The media type served with the file.
    pub fn mime(self) -> &'static str {
        match self {
            VideoKind::Mp4 => "video/mp4",
            VideoKind::Webm => "video/webm",
        }
    }

    /// The extension of stored names, which is also how a stored video's type is known again.
    pub fn extension(self) -> &'static str {
        match self {
            VideoKind::Mp4 => "mp4",
            VideoKind::Webm => "webm",
        }
    }
}

/// How many first bytes [`sniff_video`] reads.
pub const VIDEO_SIGNATURE_BYTES: usize = 12;

/// The video kind of a file by its first bytes: an MP4 (ISO base media) file starts with its `ftyp` box, whose
/// type sits at offset 4 after the box's size; a WebM file is an EBML document (magic `1A 45 DF A3`). `None`
/// for anything else.
pub fn sniff_video(bytes: &[u8]) -> Option<VideoKind> {
    match bytes {
        [_, _, _, _, b'f', b't', b'y', b'p', ..] => Some(VideoKind::Mp4),
        [0x1A, 0x45, 0xDF, 0xA3, ..] => Some(VideoKind::Webm),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mp4_and_webm_are_recognised_by_their_first_bytes() {
        let cases: [(&[u8], VideoKind); 4] = [
            (b"\0\0\0\x18ftypisom\0\0\x02\0", VideoKind::Mp4),
            (b"\0\0\0\x20ftypmp42", VideoKind::Mp4),
            (b"\0\0\0\x1cftyp", VideoKind::Mp4),
            (b"\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01", VideoKind::Webm),
        ];
        for (bytes, kind) in cases {
            assert_eq!(sniff_video(bytes), Some(kind), "{bytes:?}");
        }
    }

    #[test]
    fn pictures_documents_and_truncated_signatures_are_no_video() {
        let cases: [&[u8]; 9] = [
            b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR",
            b"\xFF\xD8\xFF\xE0\0\x10JFIF",
            b"RIFF\x24\0\0\0AVI LIST",
            b"ftypisom\0\0\0\0",
            b"\0\0\0\x18ftyx",
            b"\0\0\0\x18fty",
            b"\x1a\x45\xdf",
            b"<html><video>",
            b"",
        ];
        for bytes in cases {
            assert_eq!(sniff_video(bytes), None, "{bytes:?}");
        }
    }

    #[test]
    fn the_sniffed_video_kinds_are_exactly_the_types_the_shared_video_rule_accepts() {
        let mimes: Vec<&str> = VideoKind::ALL.iter().map(|k| k.mime()).collect();
        assert_eq!(mimes, academy_shared::upload::ACCEPTED_VIDEO_TYPES);
    }

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
