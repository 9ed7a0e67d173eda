//! The rules of the academy, written once and compiled into both the server and the browser's wasm module.
//!
//! Nothing here performs I/O or reads a clock: every function takes the values it needs (including `now`)
//! and returns values, so the same call gives the same answer on both sides.

pub mod envelope;
pub mod i18n;
