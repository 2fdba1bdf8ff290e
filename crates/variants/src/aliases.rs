//! The names other programs give our variants (Fairy-Stockfish's `chess`, lichess's
//! `standard`, `kingOfTheHill`, `threeCheck`, ...), and "did you mean" for a name the
//! catalog does not know.

/// Other programs' names, squeezed ([`squeeze`]), with the catalog name each stands
/// for. Only variants that are the same game here: lichess's `atomic` has no
/// counterpart, so it is not listed.
pub const ALIASES: &[(&str, &str)] = &[
    // Fairy-Stockfish's UCI_Variant name for orthodox chess, and python-chess's.
    ("chess", "orthodox"),
    ("normal", "orthodox"),
    // lichess's API and PGN `[Variant]` names.
    ("standard", "orthodox"),
    ("chess960", "fischerandom"),
    ("fischerrandom", "fischerandom"),
    ("960", "fischerandom"),
    ("threecheck", "3check"),
    ("kingofthehill", "kingofthehill"),
    ("racingkings", "racingkings"),
    ("antichess", "antichess"),
    ("horde", "horde"),
    ("crazyhouse", "crazyhouse"),
    ("zh", "crazyhouse"),
    // pychess's and Fairy-Stockfish's names, and the long forms game texts write.
    ("capablancachess", "capablanca"),
    ("capablancarandom", "caparandom"),
    ("schess", "seirawan"),
    ("seirawanchess", "seirawan"),
    ("tensorchess", "tensor"),
];

/// A name as compared with others: lower case, without spaces, `-` and `_`
/// (`kingOfTheHill`, `King of the Hill` and `kingofthehill` are one name).
pub fn squeeze(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// The catalog name another program's name stands for, if it is one of [`ALIASES`].
pub fn alias_target(name: &str) -> Option<&'static str> {
    let squeezed = squeeze(name);
    ALIASES
        .iter()
        .find(|(alias, _)| *alias == squeezed)
        .map(|&(_, target)| target)
}

/// The known names nearest to `unknown`, best first, at most three: those within a
/// slip's edit distance (a third of the name's length, at least 1), or that begin with
/// it or it with them.
pub fn nearest<'a>(unknown: &str, known: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let want = squeeze(unknown);
    let mut close: Vec<(usize, &str)> = known
        .into_iter()
        .filter_map(|name| {
            let have = squeeze(name);
            let d = crate::check::distance(&want, &have);
            let slip = d <= (have.len().max(want.len()) / 3).max(1);
            let prefix = !want.is_empty() && (have.starts_with(&want) || want.starts_with(&have));
            (slip || prefix).then_some((d, name))
        })
        .collect();
    close.sort();
    close.dedup_by_key(|c| c.1);
    close.into_iter().take(3).map(|(_, n)| n).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_programs_names_squeeze_to_one() {
        assert_eq!(alias_target("kingOfTheHill"), Some("kingofthehill"));
        assert_eq!(alias_target("Three-check"), Some("3check"));
        assert_eq!(alias_target("chess"), Some("orthodox"));
        assert_eq!(alias_target("atomic"), None, "no atomic here");
    }

    #[test]
    fn every_alias_names_a_catalog_variant() {
        let mut catalog = crate::Catalog::embedded();
        catalog.add_dir(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants"));
        for (alias, target) in ALIASES {
            assert_eq!(squeeze(alias), *alias, "{alias} is not squeezed");
            assert_eq!(catalog.canonical_name(alias), Some(*target), "{alias}");
        }
    }

    #[test]
    fn nearest_names_are_slips_and_prefixes() {
        let known = [
            "orthodox",
            "classic",
            "crazyhouse",
            "capahouse",
            "shogi",
            "minishogi",
        ];
        assert_eq!(nearest("orthodx", known), ["orthodox"]);
        assert_eq!(nearest("crazy", known), ["crazyhouse"]);
        assert_eq!(nearest("shogi9", known), ["shogi"]);
        assert!(nearest("qwertyuiop", known).is_empty());
    }
}
