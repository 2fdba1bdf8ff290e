//! Faults: what a plugin did wrong while a game was running.
//!
//! Most `Rules` methods cannot return an error, so a plugin that returns nonsense there
//! gets its bad data dropped and the fault recorded here, for the program to show
//! through the one fault channel, [`chess4d_core::Rules::faults`].

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

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
