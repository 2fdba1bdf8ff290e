//! The evaluator of the variant searched last, kept with a hash table so that the
//! searches of one game (a UCI session's moves) learn the geometry once, not per move.

use super::Evaluator;
use super::family::RulesKey;
use chess4d_core::Rules;
use std::sync::{Arc, Mutex};

/// The kept evaluator and the key of the rules it was made for.
#[derive(Default)]
pub(crate) struct Kept(Mutex<Option<(RulesKey, Arc<Evaluator>)>>);

impl Kept {
    /// The evaluator for `rules`: the kept one if it was made for rules with the same
    /// key (what they are, not where they live), else a new one.
    pub(crate) fn evaluator(&self, rules: &dyn Rules) -> Arc<Evaluator> {
        let key = RulesKey::of(rules);
        let mut kept = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((k, e)) = kept.as_ref()
            && *k == key
        {
            return e.clone();
        }
        let e = Arc::new(Evaluator::new(rules));
        *kept = Some((key, e.clone()));
        e
    }
}
