//! The academy server.
