//! Notifications: what the academy tells one person (a purchase receipt, a booking confirmation, a payout
//! decision, an administrator's broadcast), shown in the header's dropdown, on `/notification` and counted in
//! the dashboard's sidebar; delivered live to open pages, and by mail when important.
//!
//! # Telling someone something (other domains)
//!
//! ```ignore
//! use academy_shared::display::NotificationType;
//! use crate::{notifications::service::{self, Notice}, platform::text::Text};
//!
//! service::notify(&state, Notice {
//!     user_id: buyer_id.clone(),
//!     kind: NotificationType::CoursePurchase,
//!     title: Text::new("Mua khóa học thành công", "Course purchased"),
//!     message: Text::new(format!("Bạn đã mua {title_vi}."), format!("You bought {title_en}.")),
//!     image: Some(thumbnail),                 // a file uploaded here or an https picture
//!     link: Some("/profile".to_owned()),       // a path of this site or an https link
//!     mail: true,                              // also by mail, through the job queue
//! }).await?;
//! ```
//!
//! Inside a transaction (the notification then exists exactly when the purchase does), store it with
//! [`service::notify_in`] and announce it after the commit: `let pending = notify_in(&mut tx, notice).await?;
//! tx.commit().await?; pending.announce(&state).await;`. Both refuse a notice whose texts, picture or link
//! break the rules of `academy_shared::notifications` ([`service::NotificationError::Invalid`]). An event that
//! may be reported more than once (a paid order, a webhook retried) uses [`service::notify_once`] with a key of
//! the event: each person is told once.
//!
//! # Parts
//! - [`service`]: the use cases of a person's notifications; [`broadcast`]: the administrators' broadcasts,
//!   written in batches by the job queue; [`mail`]: the job that mails important ones;
//! - [`live`]: delivery to open pages across instances (PostgreSQL `LISTEN/NOTIFY` carrying ids, an
//!   in-process channel on SQLite); [`feed`]: one person's live feed built on it;
//! - [`repo`]: the SQL; [`views`]: the shapes of the API; [`routes`]: the HTTP calls; [`demo`]: the demo's
//!   notifications.

pub mod broadcast;
pub mod demo;
pub mod feed;
pub mod live;
pub mod mail;
pub mod repo;
pub mod routes;
pub mod service;
pub mod views;

/// Every route of this domain (notifications, live delivery, broadcasts); the API merges it.
pub fn router() -> utoipa_axum::router::OpenApiRouter<crate::state::AppState> {
    utoipa_axum::router::OpenApiRouter::new().merge(routes::router())
}
