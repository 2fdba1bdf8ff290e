//! Faults: what a plugin did wrong while a game was running.
//!
//! Most `Rules` methods cannot return an error, so a plugin that returns nonsense there
//! gets its bad data dropped and the fault recorded here, for the program to show.

use super::PluginRules;
use chess4d_core::Rules;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};

/// The faults of one plugin: how many, and the latest message.
#[derive(Debug, Default)]
pub(crate) struct Faults {
    count: AtomicU64,
    last: Mutex<Option<String>>,
}

impl Faults {
    pub(crate) fn record(&self, msg: String) {
        self.count.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut last) = self.last.lock() {
            *last = Some(msg);
        }
    }

    pub(crate) fn count(&self) -> u64 {
        self.count.load(Ordering::Relaxed)
    }

    pub(crate) fn last(&self) -> Option<String> {
        self.last.lock().ok().and_then(|l| l.clone())
    }

    pub(crate) fn take(&self) -> Option<String> {
        self.last.lock().ok().and_then(|mut l| l.take())
    }
}

static LOADED: Mutex<Vec<Weak<PluginRules>>> = Mutex::new(Vec::new());

pub(crate) fn register(rules: &Arc<PluginRules>) {
    if let Ok(mut list) = LOADED.lock() {
        list.retain(|w| w.strong_count() > 0);
        list.push(Arc::downgrade(rules));
    }
}

/// The plugin behind a `dyn Rules`, when it is one (the catalog hands out `dyn Rules`).
///
/// # Examples
///
/// ```
/// let catalog = chess4d_variants::Catalog::embedded();
/// let full = catalog.get("full").unwrap();
/// assert!(chess4d_variants::plugin_of(&*full).is_none());
/// ```
pub fn plugin_of(rules: &dyn Rules) -> Option<Arc<PluginRules>> {
    let addr = rules as *const dyn Rules as *const ();
    let list = LOADED.lock().ok()?;
    list.iter()
        .find(|w| Weak::as_ptr(w) as *const () == addr)
        .and_then(Weak::upgrade)
}

/// The latest fault of the plugin behind `rules`, if it is a plugin and has faulted.
pub fn plugin_fault(rules: &dyn Rules) -> Option<String> {
    plugin_of(rules).and_then(|p| p.last_fault())
}
