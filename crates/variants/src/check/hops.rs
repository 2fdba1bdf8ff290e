//! Hoppers and circular riders: a `hop` name that does not exist (with "did you mean"),
//! `hop = false` (the default), and a rose's `range` past the leaps its circle has.

use super::raw::{Doc, Table, array, boolean, entry, int, string};
use super::{Finding, Kind, suggest};
use crate::schema::HOP_NAMES;

/// Checks the `hop` and `rose` keys of one movement.
pub(super) fn check(doc: &Doc, m: &Table, out: &mut Vec<Finding>) {
    if let Some((k, v)) = entry(m, "hop") {
        if let Some(name) = string(v)
            && !HOP_NAMES.contains(&name)
        {
            let hint = suggest::closest(name, &HOP_NAMES)
                .map(|n| format!("; did you mean \"{n}\"?"))
                .unwrap_or_default();
            out.push(doc.at(
                Kind::Invalid,
                v.span(),
                format!("hop = true, \"cannon\" or \"grasshopper\", not \"{name}\"{hint}"),
            ));
        }
        if boolean(v) == Some(false) {
            out.push(doc.at(
                Kind::NoEffect,
                k.span(),
                "hop = false is the default: the movement does not hop; remove it",
            ));
        }
    }
    if let Some((_, v)) = entry(m, "rose")
        && let Some(list) = array(v)
        && let [a, b] = list.iter().filter_map(int).collect::<Vec<_>>()[..]
        && let Some((rk, rv)) = entry(m, "range")
        && let Some(range) = int(rv)
    {
        // Eight leaps round for two different distances, four for equal ones; the
        // last comes home, so one fewer is the longest path.
        let most = if a == b { 3 } else { 7 };
        if range > most {
            out.push(doc.at(
                Kind::NoEffect,
                rk.span(),
                format!(
                    "range = {range}: a rose of [{a}, {b}] makes at most {most} leaps before it would come home; a larger range changes nothing"
                ),
            ));
        }
    }
}
