//! The picture rule for a chosen file, in the account module (the avatar) and the dashboard's (catalogue
//! pictures, lesson videos): the same check the server answers a refused upload with.

use academy_shared::upload;
use wasm_bindgen::prelude::*;

use crate::lang;

/// The picture rule for a chosen file's type (`File.type`): the message when it is not an accepted image, else
/// nothing.
#[wasm_bindgen(js_name = imageTypeError)]
pub fn image_type_error(
    content_type: &str,
    #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str,
) -> Option<String> {
    upload::check_image_type(content_type).err().map(|e| e.message(lang(lang_code)))
}

/// The accepted picture types joined for a file input's `accept` attribute.
#[wasm_bindgen(js_name = acceptedImageTypes)]
pub fn accepted_image_types() -> String {
    upload::ACCEPTED_IMAGE_TYPES.join(",")
}

/// The lesson video rule for a chosen file (`File.type`, `File.size`): the message when it is not an MP4 or WebM
/// video of at most 2 GB, else nothing.
#[cfg(feature = "dashboard")]
#[wasm_bindgen(js_name = videoFileError)]
pub fn video_file_error(
    content_type: &str,
    size: f64,
    #[wasm_bindgen(unchecked_param_type = "string")] lang_code: &str,
) -> Option<String> {
    upload::check_video(content_type, crate::count(size), upload::LESSON_VIDEO_MAX_BYTES)
        .err()
        .map(|e| e.message(lang(lang_code)))
}

/// The accepted lesson video types joined for a file input's `accept` attribute.
#[cfg(feature = "dashboard")]
#[wasm_bindgen(js_name = acceptedVideoTypes)]
pub fn accepted_video_types() -> String {
    upload::ACCEPTED_VIDEO_TYPES.join(",")
}
