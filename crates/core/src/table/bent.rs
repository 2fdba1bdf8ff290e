//! Bent riders: one step, then a slide that turns outward from it — the griffon (a
//! diagonal step, then along one of its two axes), the aanca (an orthogonal step, then
//! a diagonal that keeps its direction) — on any number of axes. Each way to bend is a
//! path of the ray store; its attacks are paths back from the target, one per length,
//! so that attack detection, pins and checks treat it like any line.

use super::geometry::Rays;
use super::{Line, Mode, UNLIMITED};
use crate::geometry::Shape;
use std::collections::HashMap;

/// The second legs after a first step `first`: `axes_changed` axes by one each, on
/// allowed axes of the board, keeping `first`'s sign on every axis they share (at least
/// one), and not `first` itself.
pub(super) fn second_legs(
    shape: &Shape,
    first: [i8; 4],
    axes_changed: u8,
    allowed: u8,
) -> Vec<[i8; 4]> {
    let sizes = shape.sizes();
    let mut out = Vec::new();
    for n in 0..81u32 {
        let mut v = [0i8; 4];
        let mut rest = n;
        for c in v.iter_mut() {
            *c = (rest % 3) as i8 - 1;
            rest /= 3;
        }
        let changed = v.iter().filter(|&&c| c != 0).count();
        let usable = (0..4).all(|a| v[a] == 0 || (allowed & (1 << a) != 0 && sizes[a] > 1));
        let shared = (0..4).filter(|&a| v[a] != 0 && first[a] != 0).count();
        let outward = (0..4).all(|a| v[a] == 0 || first[a] == 0 || v[a] == first[a]);
        if changed == axes_changed as usize && usable && shared > 0 && outward && v != first {
            out.push(v);
        }
    }
    out
}

/// What a bent movement adds for one piece code: its lines, and its attack paths by
/// (walk path, minimum) -> range for `code`.
pub(super) struct Bent<'a> {
    pub rays: &'a mut Rays,
    pub shape: &'a Shape,
    pub lines: &'a mut Vec<Line>,
    pub attacks: &'a mut HashMap<(usize, u16, u8), Vec<u8>>,
    pub color: usize,
    pub code: usize,
    pub ncodes: usize,
}

impl Bent<'_> {
    /// Adds the lines of a first step `first` bending into `legs`, going at most
    /// `range` squares after the bend (0: without limit).
    pub(super) fn add(
        &mut self,
        first: [i8; 4],
        legs: &[[i8; 4]],
        range: u8,
        mode: Mode,
        once: bool,
    ) {
        let longest = self.shape.sizes().into_iter().max().unwrap_or(1) as usize;
        let after = if range == 0 {
            longest
        } else {
            (range as usize).min(longest)
        };
        let neg = |v: [i8; 4]| [-v[0], -v[1], -v[2], -v[3]];
        for (i, &leg) in legs.iter().enumerate() {
            let dir = self.rays.intern_path(self.shape, &[first, leg], true);
            // The square of the first step belongs to the first bend only.
            self.lines.push(Line {
                dir,
                range: if range == 0 {
                    UNLIMITED
                } else {
                    range.saturating_add(1)
                },
                mode,
                first: once,
                min: if i == 0 { 1 } else { 2 },
            });
            if mode == Mode::Move {
                continue;
            }
            for j in (if i == 0 { 0 } else { 1 })..=after {
                let mut back = vec![neg(leg); j];
                back.push(neg(first));
                let path = self.rays.intern_path(self.shape, &back, false);
                let r = self
                    .attacks
                    .entry((self.color, path, j as u8 + 1))
                    .or_insert_with(|| vec![0; self.ncodes]);
                r[self.code] = r[self.code].max(j as u8 + 1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_griffon_and_the_aanca_bend_outward() {
        let board = Shape::new(&[8, 8]).unwrap();
        let griffon = second_legs(&board, [1, 1, 0, 0], 1, 0b1111);
        assert_eq!(griffon, vec![[1, 0, 0, 0], [0, 1, 0, 0]]);
        let mut aanca = second_legs(&board, [1, 0, 0, 0], 2, 0b1111);
        aanca.sort();
        assert_eq!(aanca, vec![[1, -1, 0, 0], [1, 1, 0, 0]]);
        // In 3D a griffon's diagonal in x, y bends along x or y only.
        let cube = Shape::new(&[5, 5, 5]).unwrap();
        assert_eq!(second_legs(&cube, [1, -1, 0, 0], 1, 0b1111).len(), 2);
        assert_eq!(second_legs(&cube, [1, 0, 0, 0], 2, 0b1111).len(), 4);
    }
}
