//! `[region.NAME]` to the core's `RegionDef`: squares, ranks, files and boxes on any
//! axes, each side's squares worked out.

use super::Builder;
use crate::error::VariantFileError;
use crate::schema::RegionFile;
use chess4d_core::{RegionDef, Shape, Square};
use std::collections::BTreeMap;
use std::ops::Range;
use toml::Spanned;

impl Builder<'_> {
    /// Every region of the file, in name order.
    pub(super) fn regions(
        &self,
        shape: &Shape,
        files: &BTreeMap<String, Spanned<RegionFile>>,
    ) -> Result<Vec<RegionDef>, VariantFileError> {
        files
            .iter()
            .map(|(name, r)| self.region(shape, name, r))
            .collect()
    }

    fn region(
        &self,
        shape: &Shape,
        name: &str,
        file: &Spanned<RegionFile>,
    ) -> Result<RegionDef, VariantFileError> {
        let span = file.span();
        let r = file.get_ref();
        // At the value that is wrong (`ranks = [9]`), or the table when there is none.
        let err_at =
            |at: Range<usize>, msg: String| self.err(at, format!("region \"{name}\": {msg}"));
        let err = |msg: String| err_at(span.clone(), msg);
        let sizes = shape.sizes();
        // Per axis, the coordinates allowed by one selector (None: any).
        let mut selectors: Vec<[Option<Vec<u8>>; 4]> = Vec::new();
        // Ranks, files and boxes count from 1 on every axis; square names write z and w
        // from 0, so a message about those axes says both.
        let one_based = |axis: usize, v: i64, at: Range<usize>| -> Result<u8, VariantFileError> {
            if (1..=sizes[axis] as i64).contains(&v) {
                Ok((v - 1) as u8)
            } else {
                Err(err_at(at, off_axis(axis, v, sizes[axis])))
            }
        };
        if let Some(ranks) = &r.ranks {
            let ys = ranks
                .iter()
                .map(|v| one_based(1, *v.get_ref(), v.span()))
                .collect::<Result<_, _>>()?;
            selectors.push([None, Some(ys), None, None]);
        }
        if let Some(letters) = &r.files {
            let mut xs = Vec::new();
            for l in letters {
                let x = match l.get_ref().as_bytes() {
                    [c @ b'a'..=b'z'] => (c - b'a') as i64 + 1,
                    _ => {
                        return Err(err_at(
                            l.span(),
                            format!("a file is one letter a-z, not \"{}\"", l.get_ref()),
                        ));
                    }
                };
                xs.push(one_based(0, x, l.span())?);
            }
            selectors.push([Some(xs), None, None, None]);
        }
        if let Some(cuboid) = &r.cuboid {
            let mut sel: [Option<Vec<u8>>; 4] = [None, None, None, None];
            for (axis_name, range) in cuboid {
                let [lo, hi] = *range.get_ref();
                let axis = axis_index(axis_name).ok_or_else(|| {
                    err_at(range.span(), format!("unknown axis \"{axis_name}\" in box"))
                })?;
                let (lo, hi) = (
                    one_based(axis, lo, range.span())?,
                    one_based(axis, hi, range.span())?,
                );
                sel[axis] = Some((lo.min(hi)..=lo.max(hi)).collect());
            }
            selectors.push(sel);
        }
        let mut white: Vec<Square> = Vec::new();
        for sq in shape.squares() {
            let c = shape.coords(sq);
            let hit = selectors.iter().any(|sel| {
                (0..4).all(|a| {
                    sel[a]
                        .as_ref()
                        .is_none_or(|allowed| allowed.contains(&c[a]))
                })
            });
            if hit {
                white.push(sq);
            }
        }
        for text in r.squares.iter().flatten() {
            let sq = shape
                .parse_square(text.get_ref())
                .map_err(|e| err_at(text.span(), e.to_string()))?;
            if !white.contains(&sq) {
                white.push(sq);
            }
        }
        if white.is_empty() {
            return Err(err(
                "no squares: give squares, ranks, files or a box".to_string()
            ));
        }
        let mut flip = [false; 4];
        for a in r.mirror.iter().flatten() {
            let axis = axis_index(a.get_ref()).ok_or_else(|| {
                err_at(
                    a.span(),
                    format!("unknown axis \"{}\" in mirror", a.get_ref()),
                )
            })?;
            flip[axis] = true;
        }
        let black = white
            .iter()
            .filter_map(|&sq| {
                let mut c = shape.coords(sq);
                for a in 0..4 {
                    if flip[a] {
                        c[a] = sizes[a] - 1 - c[a];
                    }
                }
                shape.square(c)
            })
            .collect();
        Ok(RegionDef {
            name: name.to_string(),
            squares: [white, black],
        })
    }
}

/// "9 is off the board: ranks count 1-8" in the base the file uses (from 1), with the
/// square names' base beside it for z and w, which square names count from 0.
fn off_axis(axis: usize, v: i64, size: u8) -> String {
    match axis {
        0 => format!(
            "file {v} is off the board (files 1-{size}, a-{})",
            (b'a' + size - 1) as char
        ),
        1 => format!("rank {v} is off the board (ranks 1-{size})"),
        _ => {
            let a = ["z", "w"][axis - 2];
            format!(
                "{a} = {v} is off the board: regions count {a} from 1 like ranks (1-{size}), \
                 which square names write from 0 ([0]-[{}])",
                size - 1
            )
        }
    }
}

fn axis_index(name: &str) -> Option<usize> {
    ["x", "y", "z", "w"].iter().position(|&a| a == name)
}
