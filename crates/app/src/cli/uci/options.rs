//! The engine's UCI options: what `uci` lists and what `setoption` may change.

use chess4d_engine::{Level, MAX_CONTEMPT};
use chess4d_variants::Catalog;

/// Fairy-Stockfish's `UCI_Variant` names for our catalog's variants, where it has one.
const FAIRY_NAMES: &[(&str, &str)] = &[("orthodox", "chess")];

/// The `UCI_Variant` name of a catalog variant.
pub fn uci_variant_name(catalog_name: &str) -> String {
    FAIRY_NAMES
        .iter()
        .find(|(ours, _)| *ours == catalog_name)
        .map_or(catalog_name, |(_, theirs)| theirs)
        .to_string()
}

/// The catalog name of a `UCI_Variant` value (either spelling is accepted).
pub fn catalog_name(uci_name: &str) -> String {
    FAIRY_NAMES
        .iter()
        .find(|(_, theirs)| theirs.eq_ignore_ascii_case(uci_name))
        .map_or(uci_name, |(ours, _)| ours)
        .to_string()
}

/// The most lines `MultiPV` may ask for.
pub const MAX_MULTIPV: u32 = 32;
/// The most search threads.
pub const MAX_THREADS: u32 = 64;
/// The largest hash, in MiB.
pub const MAX_HASH_MB: u32 = 1024;

/// The options' current values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// `UCI_Variant`, as a catalog name.
    pub variant: String,
    /// `MultiPV`: how many best lines to report.
    pub multipv: u32,
    /// `Level` (or `Skill Level` mapped onto it).
    pub level: Level,
    /// `Hash`, MiB.
    pub hash_mb: u32,
    /// `Threads`.
    pub threads: u32,
    /// `UCI_Chess960`: castling written as king takes rook.
    pub chess960: bool,
    /// `Ponder`: only tells the engine the GUI may send `go ponder`.
    pub ponder: bool,
    /// `Move Overhead`, ms kept back from each move's time for the GUI's delays.
    pub move_overhead_ms: u32,
    /// `Contempt`, centipawns a draw costs the engine (below 0: it welcomes one).
    pub contempt: i32,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            variant: "orthodox".into(),
            multipv: 1,
            level: Level::MAX,
            hash_mb: 16,
            threads: 1,
            chess960: false,
            ponder: false,
            move_overhead_ms: 30,
            contempt: 0,
        }
    }
}

/// What a changed option asks of the session besides storing the value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Nothing more.
    None,
    /// The variant changed: reset the position to its start.
    NewVariant,
    /// The hash size changed, or `Clear Hash` was pressed: make a fresh table.
    NewHash,
}

impl Options {
    /// The `option ...` lines `uci` prints, the variants combo built from `catalog`.
    pub fn describe(catalog: &Catalog) -> Vec<String> {
        let d = Options::default();
        let mut variants = String::new();
        for e in catalog.entries().iter().filter(|e| e.error().is_none()) {
            variants.push_str(" var ");
            variants.push_str(&uci_variant_name(&e.name));
        }
        vec![
            format!(
                "option name UCI_Variant type combo default {}{variants}",
                uci_variant_name(&d.variant)
            ),
            format!(
                "option name MultiPV type spin default {} min 1 max {MAX_MULTIPV}",
                d.multipv
            ),
            format!(
                "option name Level type spin default {} min 1 max 8",
                d.level
            ),
            "option name Skill Level type spin default 20 min 0 max 20".into(),
            format!(
                "option name Hash type spin default {} min 1 max {MAX_HASH_MB}",
                d.hash_mb
            ),
            "option name Clear Hash type button".into(),
            format!(
                "option name Threads type spin default {} min 1 max {MAX_THREADS}",
                d.threads
            ),
            "option name UCI_Chess960 type check default false".into(),
            "option name Ponder type check default false".into(),
            format!(
                "option name Move Overhead type spin default {} min 0 max 5000",
                d.move_overhead_ms
            ),
            format!(
                "option name Contempt type spin default {} min -{MAX_CONTEMPT} max {MAX_CONTEMPT}",
                d.contempt
            ),
        ]
    }

    /// Sets an option (names are not case-sensitive); an error says why the value was
    /// refused, and the old value stays.
    pub fn set(
        &mut self,
        catalog: &Catalog,
        name: &str,
        value: Option<&str>,
    ) -> Result<Effect, String> {
        let key = name.to_ascii_lowercase();
        if key == "clear hash" {
            return Ok(Effect::NewHash);
        }
        let Some(value) = value.map(str::trim).filter(|v| !v.is_empty()) else {
            return Err(format!("option '{name}' needs a value"));
        };
        match key.as_str() {
            "uci_variant" => {
                let ours = catalog_name(value);
                match catalog.get(&ours) {
                    Ok(_) => {
                        let changed = ours != self.variant;
                        self.variant = ours;
                        Ok(if changed {
                            Effect::NewVariant
                        } else {
                            Effect::None
                        })
                    }
                    Err(e) => Err(format!("UCI_Variant '{value}': {e}")),
                }
            }
            "multipv" => spin(value, 1, MAX_MULTIPV).map(|n| {
                self.multipv = n;
                Effect::None
            }),
            "level" => spin(value, 1, 8).map(|n| {
                self.level = Level::new(n as u8).unwrap_or(Level::MAX);
                Effect::None
            }),
            "skill level" => spin(value, 0, 20).map(|n| {
                // Stockfish's 0-20 onto our 1-8, the ends meeting the ends.
                self.level = Level::new(1 + (n * 7 / 20) as u8).unwrap_or(Level::MAX);
                Effect::None
            }),
            "hash" => spin(value, 1, MAX_HASH_MB).map(|n| {
                self.hash_mb = n;
                Effect::NewHash
            }),
            "threads" => spin(value, 1, MAX_THREADS).map(|n| {
                self.threads = n;
                Effect::None
            }),
            "uci_chess960" => check(value).map(|b| {
                self.chess960 = b;
                Effect::None
            }),
            "ponder" => check(value).map(|b| {
                self.ponder = b;
                Effect::None
            }),
            "move overhead" => spin(value, 0, 5000).map(|n| {
                self.move_overhead_ms = n;
                Effect::None
            }),
            "contempt" => signed_spin(value, MAX_CONTEMPT).map(|n| {
                self.contempt = n;
                Effect::None
            }),
            _ => Err(format!("no option named '{name}'")),
        }
    }
}

fn spin(value: &str, min: u32, max: u32) -> Result<u32, String> {
    match value.parse::<i64>() {
        Ok(n) if (min as i64..=max as i64).contains(&n) => Ok(n as u32),
        _ => Err(format!("'{value}' is not a number from {min} to {max}")),
    }
}

/// A number from `-max` to `max`.
fn signed_spin(value: &str, max: i32) -> Result<i32, String> {
    match value.parse::<i64>() {
        Ok(n) if (-(max as i64)..=max as i64).contains(&n) => Ok(n as i32),
        _ => Err(format!("'{value}' is not a number from -{max} to {max}")),
    }
}

fn check(value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("'{value}' is neither true nor false")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_variant_combo_uses_fairy_stockfish_names() {
        let catalog = Catalog::embedded();
        let lines = Options::describe(&catalog);
        let combo = &lines[0];
        assert!(combo.contains("default chess"), "{combo}");
        for v in [" var chess", " var full", " var classic", " var raumschach"] {
            assert!(combo.contains(v), "{v} in {combo}");
        }
        assert!(!combo.contains("orthodox"));
        let mut o = Options::default();
        assert_eq!(
            o.set(&catalog, "UCI_Variant", Some("full")),
            Ok(Effect::NewVariant)
        );
        assert_eq!(
            o.set(&catalog, "uci_variant", Some("chess")),
            Ok(Effect::NewVariant)
        );
        assert_eq!(o.variant, "orthodox");
        assert!(o.set(&catalog, "UCI_Variant", Some("xiangqi")).is_err());
        assert_eq!(o.variant, "orthodox");
    }

    #[test]
    fn values_outside_their_range_are_refused() {
        let catalog = Catalog::embedded();
        let mut o = Options::default();
        assert_eq!(o.set(&catalog, "MultiPV", Some("3")), Ok(Effect::None));
        assert_eq!(o.multipv, 3);
        assert!(o.set(&catalog, "MultiPV", Some("0")).is_err());
        assert!(o.set(&catalog, "Threads", Some("many")).is_err());
        assert!(o.set(&catalog, "Hash", None).is_err());
        assert_eq!(o.set(&catalog, "Hash", Some("64")), Ok(Effect::NewHash));
        assert_eq!(o.set(&catalog, "Skill Level", Some("0")), Ok(Effect::None));
        assert_eq!(o.level.get(), 1);
        assert_eq!(o.set(&catalog, "skill level", Some("20")), Ok(Effect::None));
        assert_eq!(o.level, Level::MAX);
        assert!(o.set(&catalog, "UCI_Chess960", Some("yes")).is_err());
        assert_eq!(
            o.set(&catalog, "UCI_Chess960", Some("true")),
            Ok(Effect::None)
        );
        assert!(o.chess960);
        assert_eq!(o.set(&catalog, "Contempt", Some("-30")), Ok(Effect::None));
        assert_eq!(o.contempt, -30);
        assert!(o.set(&catalog, "Contempt", Some("201")).is_err());
        assert!(o.set(&catalog, "Contempt", Some("-201")).is_err());
        assert!(o.set(&catalog, "Contempt", Some("a little")).is_err());
        assert_eq!(o.contempt, -30);
        assert!(o.set(&catalog, "Nonsense", Some("10")).is_err());
        assert_eq!(o.multipv, 3);
    }
}
