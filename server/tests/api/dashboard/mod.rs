//! The dashboard: catalogue management and each role's home.

mod catalogue;
mod home;
