//! Asking the person before a rule plugin runs: a variant whose library lies outside
//! the trusted places waits for a yes, shown with the library's path and SHA-256.

use super::Session;
use chess4d_variants::{LoadError, UntrustedPlugin};

/// A plugin waiting for the person's trust before its variant can start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrustRequest {
    /// The variant that needs it.
    pub variant: String,
    /// The library, with its SHA-256.
    pub plugin: UntrustedPlugin,
}

impl Session {
    /// The plugin the viewer should ask about, if a variant is waiting for one.
    pub fn trust_request(&self) -> Option<&TrustRequest> {
        self.trust_request.as_ref()
    }

    /// Remembers that starting `variant` needs the person's trust, when `error` says so.
    pub(super) fn ask_trust(&mut self, variant: &str, error: &LoadError) -> bool {
        let LoadError::PluginLibrary(e) = error else {
            return false;
        };
        let Some(plugin) = e.untrusted() else {
            return false;
        };
        self.trust_request = Some(TrustRequest {
            variant: variant.to_string(),
            plugin,
        });
        true
    }

    /// The person's answer: with `yes` the library is trusted (kept in the data folder)
    /// and the variant starts; without, nothing is loaded and the game stays.
    pub fn answer_trust(&mut self, yes: bool) -> bool {
        let Some(request) = self.trust_request.take() else {
            return false;
        };
        if !yes {
            self.notify(
                false,
                format!(
                    "{} was not loaded: its rule plugin is not trusted",
                    request.variant
                ),
            );
            return false;
        }
        if let Err(e) = self.catalog.trust().trust(&request.plugin) {
            self.notify(true, format!("cannot trust the plugin: {e}"));
            return false;
        }
        self.new_game(&request.variant)
    }
}
