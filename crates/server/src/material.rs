//! Whether the side with time can possibly win after a flag fall: the rule lives in
//! chess4d-variants so the viewer's local clocks judge flags the same way.

pub use chess4d_variants::material::{MatingCache, cannot_mate};
