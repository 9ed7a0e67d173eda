//! Uploads, pictures, lesson videos and the links people may set.

mod media_links;
mod pictures;
mod range;
mod uploads;
mod videos;

pub(crate) use uploads::staged;
