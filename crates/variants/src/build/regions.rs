//! `[region.NAME]` to the core's `RegionDef`: squares, ranks, files and boxes on any
//! axes, each side's squares worked out.

use super::Builder;
use crate::error::VariantFileError;
use crate::schema::RegionFile;
use chess4d_core::{RegionDef, Shape, Square};
use std::collections::BTreeMap;
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
        let err = |msg: String| self.err(span.clone(), format!("region \"{name}\": {msg}"));
        let sizes = shape.sizes();
        // Per axis, the coordinates allowed by one selector (None: any).
        let mut selectors: Vec<[Option<Vec<u8>>; 4]> = Vec::new();
        let one_based = |axis: usize, v: i64| -> Result<u8, VariantFileError> {
            if (1..=sizes[axis] as i64).contains(&v) {
                Ok((v - 1) as u8)
            } else {
                Err(err(format!(
                    "{v} is off axis {} (1-{})",
                    ["x", "y", "z", "w"][axis],
                    sizes[axis]
                )))
            }
        };
        if let Some(ranks) = &r.ranks {
            let ys = ranks
                .iter()
                .map(|&v| one_based(1, v))
                .collect::<Result<_, _>>()?;
            selectors.push([None, Some(ys), None, None]);
        }
        if let Some(letters) = &r.files {
            let mut xs = Vec::new();
            for l in letters {
                let x = match l.as_bytes() {
                    [c @ b'a'..=b'z'] => (c - b'a') as i64 + 1,
                    _ => return Err(err(format!("a file is one letter a-z, not \"{l}\""))),
                };
                xs.push(one_based(0, x)?);
            }
            selectors.push([Some(xs), None, None, None]);
        }
        if let Some(cuboid) = &r.cuboid {
            let mut sel: [Option<Vec<u8>>; 4] = [None, None, None, None];
            for (axis_name, [lo, hi]) in cuboid {
                let axis = axis_index(axis_name)
                    .ok_or_else(|| err(format!("unknown axis \"{axis_name}\" in box")))?;
                let (lo, hi) = (one_based(axis, *lo)?, one_based(axis, *hi)?);
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
            let sq = shape.parse_square(text).map_err(|e| err(e.to_string()))?;
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
            let axis =
                axis_index(a).ok_or_else(|| err(format!("unknown axis \"{a}\" in mirror")))?;
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

fn axis_index(name: &str) -> Option<usize> {
    ["x", "y", "z", "w"].iter().position(|&a| a == name)
}
