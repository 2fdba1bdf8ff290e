//! One movement entry against the board: axes it names, how many axes it changes,
//! whether its `range` can apply and whether it fits on the board at all.

use super::raw::{Doc, Table, Value, array, entry, int};
use super::{Finding, Kind};

/// The movement kinds and whether each moves more than once along a line.
const KINDS: [(&str, bool); 9] = [
    ("slide", true),
    ("step", false),
    ("leap", false),
    ("ride", true),
    ("directed_leap", false),
    ("directed_ride", true),
    ("bent", true),
    ("rose", true),
    ("cycle", true),
];

/// Checks one `{ ... }` of a piece's `moves`; returns whether it has `forward` (a
/// movement that never goes back).
pub(super) fn check(doc: &Doc, m: &Table, out: &mut Vec<Finding>) -> bool {
    super::hops::check(doc, m, out);
    let mut allowed = 0b1111u8;
    if let Some((_, v)) = entry(m, "axes") {
        allowed = doc.check_axis_list(v, "axes", out);
    }
    let forward = entry(m, "forward");
    if let Some((k, v)) = forward {
        let mask = doc.check_axis_list(v, "forward", out);
        if mask != 0 && mask & allowed == 0 && entry(m, "axes").is_some() {
            out.push(doc.at(
                Kind::MissingAxis,
                k.span(),
                "forward: none of these axes is among the movement's `axes`, so it can never move forward",
            ));
        }
    }
    let Some(sizes) = doc.sizes else {
        return forward.is_some();
    };
    let usable: Vec<u8> = (0..4)
        .filter(|&a| allowed & (1 << a) != 0 && sizes[a] > 1)
        .map(|a| sizes[a])
        .collect();
    let Some((name, repeats, key, value)) = KINDS
        .iter()
        .find_map(|&(name, r)| entry(m, name).map(|(k, v)| (name, r, k, v)))
    else {
        return forward.is_some(); // another kind of movement: its own checks apply
    };
    for key in ["range", "min_range"] {
        if let Some((k, _)) = entry(m, key)
            && !repeats
        {
            out.push(doc.at(
                Kind::RangeIgnored,
                k.span(),
                format!(
                    "`{key}` does not apply to a `{name}`, which moves once; use `{}` for a movement that repeats",
                    match name {
                        "step" => "slide",
                        "leap" => "ride",
                        _ => "directed_ride",
                    }
                ),
            ));
        }
    }
    let where_ = where_axes(doc, entry(m, "axes").is_some(), usable.len());
    match name {
        "slide" | "step" => counts(doc, name, key.span(), value, &usable, &where_, out),
        "leap" | "ride" | "rose" => distances(doc, name, key.span(), value, &usable, &where_, out),
        "bent" => bent(doc, key.span(), value, &usable, &where_, out),
        _ => directed(doc, name, value, sizes, out),
    }
    // A rose or cycle turns every way: `forward` on it is refused, not a forward piece.
    forward.is_some() && name != "rose" && name != "cycle"
}

/// "the board has 2 axes (x, y)" or "its `axes` leave 1".
fn where_axes(doc: &Doc, limited: bool, n: usize) -> String {
    if limited {
        format!("its `axes` leave {n} the board has")
    } else {
        format!("the board has {n} ({})", doc.axis_names())
    }
}

/// `slide`/`step` counts: more axes than usable is an error if none fits, else the
/// counts that do not fit have no effect.
fn counts(
    doc: &Doc,
    name: &str,
    span: std::ops::Range<usize>,
    value: &Value,
    usable: &[u8],
    where_: &str,
    out: &mut Vec<Finding>,
) {
    let list: Vec<i64> = match array(value) {
        Some(a) => a.iter().filter_map(int).collect(),
        None => int(value).into_iter().collect(),
    };
    let list: Vec<i64> = list.into_iter().filter(|n| (1..=4).contains(n)).collect();
    let over: Vec<String> = list
        .iter()
        .filter(|&&n| n as usize > usable.len())
        .map(|n| n.to_string())
        .collect();
    if over.is_empty() {
        return;
    }
    if over.len() == list.len() {
        out.push(doc.at(
            Kind::TooManyAxes,
            span,
            format!(
                "{name} = {} changes {} axes, but {where_}: this movement can never be made",
                over.join(" or "),
                over.join(" or ")
            ),
        ));
    } else {
        out.push(doc.at(
            Kind::NoEffect,
            span,
            format!(
                "{name}: {} axes at once never happen, because {where_}",
                over.join(" and ")
            ),
        ));
    }
}

/// `leap`/`ride` distances: one axis each; an error if there are more than usable
/// axes, a warning if they fit no axes long enough.
fn distances(
    doc: &Doc,
    name: &str,
    span: std::ops::Range<usize>,
    value: &Value,
    usable: &[u8],
    where_: &str,
    out: &mut Vec<Finding>,
) {
    let Some(list) = array(value) else { return };
    let mut deltas: Vec<i64> = list.iter().filter_map(int).collect();
    if deltas.len() > usable.len() {
        out.push(doc.at(
            Kind::TooManyAxes,
            span,
            format!(
                "a {name} of {} distances changes {} axes, but {where_}: this movement can never be made",
                deltas.len(),
                deltas.len()
            ),
        ));
        return;
    }
    // The longest distance needs the longest axis, and so on down.
    deltas.sort_unstable_by(|a, b| b.cmp(a));
    let mut sizes = usable.to_vec();
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    if deltas.iter().zip(&sizes).any(|(&d, &s)| d >= s as i64) {
        let longest = sizes.first().copied().unwrap_or(1);
        out.push(doc.at(
            Kind::NoEffect,
            span,
            format!(
                "this {name} never fits on the board: its distances need axes longer than {} (the longest usable axis has {longest} squares)",
                deltas
                    .iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
}

/// Directed offsets: a component along an axis the board lacks can never be made.
fn directed(doc: &Doc, name: &str, value: &Value, sizes: [u8; 4], out: &mut Vec<Finding>) {
    let Some(list) = array(value) else { return };
    for offset in list.iter() {
        let Some(parts) = array(offset) else { continue };
        for (axis, c) in parts.iter().enumerate().take(4) {
            if int(c).is_some_and(|c| c != 0) && sizes[axis] <= 1 {
                out.push(doc.at(
                    Kind::MissingAxis,
                    c.span(),
                    format!(
                        "{name}: this offset moves along {}, an axis the board does not have (it has {})",
                        super::raw::AXES[axis],
                        doc.axis_names()
                    ),
                ));
            }
        }
    }
}

/// The offsets of a `directed_leap` or `directed_ride` as the core takes them: each 1
/// to 4 numbers (x first), each -25 to 25, not all 0.
pub(crate) fn directed_offsets(list: &[Vec<i64>]) -> Result<Vec<[i8; 4]>, String> {
    if list.is_empty() {
        return Err("list at least one offset, like [[1, 2], [-1, 2]]".into());
    }
    list.iter()
        .map(|o| {
            if o.is_empty() || o.len() > 4 {
                return Err(format!(
                    "an offset lists 1 to 4 numbers (x, y, z, w), not {}",
                    o.len()
                ));
            }
            let mut v = [0i8; 4];
            for (i, &c) in o.iter().enumerate() {
                if !(-25..=25).contains(&c) {
                    return Err(format!("offset {c} must be -25 to 25"));
                }
                v[i] = c as i8;
            }
            if v == [0; 4] {
                return Err("an offset must move along at least one axis".into());
            }
            Ok(v)
        })
        .collect()
}

/// A bent movement needs at least as many axes as its legs change together.
fn bent(
    doc: &Doc,
    span: std::ops::Range<usize>,
    value: &Value,
    usable: &[u8],
    where_: &str,
    out: &mut Vec<Finding>,
) {
    let Some(legs) = array(value) else { return };
    let legs: Vec<i64> = legs.iter().filter_map(int).collect();
    if let [first, then] = legs[..]
        && (first.max(then) as usize > usable.len()
            || (first == then && first as usize >= usable.len()))
    {
        out.push(doc.at(
            Kind::TooManyAxes,
            span,
            format!("bent = [{first}, {then}] needs more axes to turn into, but {where_}: it can never bend"),
        ));
    }
}
