//! The renderer's integration tests, one binary (each links wgpu, so one link keeps the
//! build small): `cargo test -p chess4d-render --test render offscreen::` runs one module.

mod common;
mod formats;
mod offscreen;
mod readability;
