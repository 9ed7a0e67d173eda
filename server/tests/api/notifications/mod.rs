//! A person's notifications, live delivery, broadcasts and purchase notices.

mod broadcast;
mod feed;
pub(crate) mod live;
mod purchase;

pub(crate) use feed::{get_as, notice, notify, post_form, unread};
