//! The side panel's tabs, apart from panels.rs so that a card that switches tabs
//! (welcome.rs) does not import the panels that draw it. The tab chosen is part of the
//! app's state (crate::app_state::view).

pub use crate::app_state::Tab;
