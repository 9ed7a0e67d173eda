//! wasm-bindgen wrappers over academy-shared.
