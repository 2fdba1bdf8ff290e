//! Loader errors made clearer: a kind for each, "did you mean" for an unknown key, and
//! the piece letters that exist for an unknown one.

use super::{Finding, Kind};
use crate::error::VariantFileError;

/// The loader's error as a finding, its message extended where that helps.
pub(super) fn explain(mut e: VariantFileError, letters: &[char]) -> Finding {
    let kind = if e.message.starts_with("unknown field") {
        if let Some(hint) = did_you_mean(&e.message) {
            e.message = format!("{}; did you mean `{hint}`?", e.message);
        }
        Kind::UnknownKey
    } else if e.message.starts_with("invalid type")
        || e.message.starts_with("missing field")
        || e.message.starts_with("invalid value")
        || e.message.starts_with("duplicate key")
        || e.message.starts_with("expected")
        || e.message.starts_with("invalid")
    {
        Kind::Syntax
    } else {
        Kind::Invalid
    };
    let about_letter = e.message.contains("is not a piece of this variant")
        || e.message.contains("no such non-royal piece")
        || e.message.contains("a promotion choice is one piece letter");
    if about_letter && !letters.is_empty() {
        let list: Vec<String> = letters.iter().map(|c| c.to_string()).collect();
        e.message = format!(
            "{} (the pieces are {}, upper case for White, lower case for Black)",
            e.message,
            list.join(", ")
        );
    }
    Finding { kind, place: e }
}

/// The known name closest to the unknown one in "unknown field `x`, expected one of
/// `a`, `b`", if it is close enough to be a slip.
fn did_you_mean(message: &str) -> Option<String> {
    let mut names = message.split('`').skip(1).step_by(2);
    let unknown = names.next()?;
    names
        .map(|n| (distance(unknown, n), n))
        .filter(|&(d, n)| d <= (n.len().max(unknown.len()) / 3).max(1) || n.starts_with(unknown))
        .min_by_key(|&(d, _)| d)
        .map(|(_, n)| n.to_string())
}

/// The name of `known` closest to `unknown`, if it is close enough to be a slip.
pub(super) fn closest<'a>(unknown: &str, known: &[&'a str]) -> Option<&'a str> {
    known
        .iter()
        .map(|&n| (distance(unknown, n), n))
        .filter(|&(d, n)| d <= (n.len().max(unknown.len()) / 3).max(1) || n.starts_with(unknown))
        .min_by_key(|&(d, _)| d)
        .map(|(_, n)| n)
}

/// Edit distance (insertions, deletions, substitutions).
pub(crate) fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let here = row[j + 1];
            row[j + 1] = (here + 1).min(row[j] + 1).min(prev + usize::from(ca != cb));
            prev = here;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slip_gets_the_key_it_was_meant_to_be() {
        let m = "unknown field `royalty`, expected one of `letter`, `name`, `value`, `royal`, `pawn`, `moves`";
        assert_eq!(did_you_mean(m).as_deref(), Some("royal"));
        let m =
            "unknown field `promtion`, expected one of `en_passant`, `promotion`, `promotion_axes`";
        assert_eq!(did_you_mean(m).as_deref(), Some("promotion"));
        let m = "unknown field `colour`, expected one of `letter`, `color`, `king`, `rook`";
        assert_eq!(did_you_mean(m).as_deref(), Some("color"));
        let m = "unknown field `zzzz`, expected one of `letter`, `color`";
        assert_eq!(did_you_mean(m), None);
    }

    #[test]
    fn edit_distance() {
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("same", "same"), 0);
    }
}
