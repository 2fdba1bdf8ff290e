//! Rule plugins: dynamic libraries behind the `Rules` trait.

use crate::error::LoadError;
use chess4d_core::Rules;
use std::path::PathBuf;
use std::sync::Arc;

/// Loads the plugin library `library` for the variant `name`.
pub fn load(name: &str, library: &str, dirs: &[PathBuf]) -> Result<Arc<dyn Rules>, LoadError> {
    let _ = dirs;
    Err(LoadError::Plugin(format!(
        "variant '{name}' needs the rule plugin '{library}', and this build cannot load plugins yet"
    )))
}
