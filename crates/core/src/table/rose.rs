//! Circular riders: the rose makes knight leaps one after another, each turned one
//! step further round the same way, so that its path runs round an octagon (from b1:
//! c3, e4, g3, h1 ...). A rose lives in a plane of two axes; on a board of more axes it
//! has one set of octagons in every plane its axes allow. Each way round from each
//! first leap is a path of the ray store, at most all its leaps but the one back home.
//!
//! The two ways round an octagon reach the same squares, so a rose can find one square
//! twice; its piece is marked to have its moves made distinct. A rose path walked
//! backwards is again a rose path, so its attacks are its paths reversed, as a rider's.

use super::geometry::Rays;
use super::{Line, Mode};
use crate::geometry::Shape;
use std::collections::HashMap;

/// The leaps of two distances in the plane of axes `a` and `b`, in order round the
/// circle (each the next one clockwise).
pub(super) fn circle(deltas: [u8; 2], a: usize, b: usize) -> Vec<[i8; 4]> {
    let (p, q) = (deltas[0] as i8, deltas[1] as i8);
    let mut leaps: Vec<[i8; 4]> = Vec::new();
    for (u, v) in [(p, q), (q, p)] {
        for (su, sv) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let mut l = [0i8; 4];
            l[a] = u * su;
            l[b] = v * sv;
            if !leaps.contains(&l) {
                leaps.push(l);
            }
        }
    }
    // Clockwise from "up" (along b): by the angle of (a, b) measured from b towards a.
    leaps.sort_by(|x, y| {
        let angle = |l: &[i8; 4]| {
            (l[a] as f64)
                .atan2(l[b] as f64)
                .rem_euclid(std::f64::consts::TAU)
        };
        angle(x).total_cmp(&angle(y))
    });
    leaps
}

/// The planes a circular rider uses: every two allowed axes of the board.
pub(super) fn planes(shape: &Shape, allowed: u8) -> Vec<(usize, usize)> {
    let sizes = shape.sizes();
    let usable: Vec<usize> = (0..4)
        .filter(|&a| allowed & (1 << a) != 0 && sizes[a] > 1)
        .collect();
    let mut out = Vec::new();
    for (i, &a) in usable.iter().enumerate() {
        for &b in &usable[i + 1..] {
            out.push((a, b));
        }
    }
    out
}

/// The paths of a circular rider: from every first leap, both ways round, `leaps`
/// leaps long at most (0: all but the one that comes home).
pub(super) fn paths(circle: &[[i8; 4]], leaps: u8) -> Vec<Vec<[i8; 4]>> {
    let n = circle.len();
    let longest = n.saturating_sub(1);
    let len = if leaps == 0 {
        longest
    } else {
        (leaps as usize).min(longest)
    };
    let mut out = Vec::new();
    for first in 0..n {
        for turn in [1, n - 1] {
            let path: Vec<[i8; 4]> = (0..len).map(|i| circle[(first + i * turn) % n]).collect();
            if !out.contains(&path) {
                out.push(path);
            }
        }
    }
    out
}

/// What a circular movement adds for one piece code: its lines, and its attack paths
/// by (colour, walk path, minimum) -> range for `code`.
pub(super) struct Rose<'a> {
    pub rays: &'a mut Rays,
    pub shape: &'a Shape,
    pub lines: &'a mut Vec<Line>,
    pub attacks: &'a mut HashMap<(usize, u16, u8), Vec<u8>>,
    pub color: usize,
    pub code: usize,
    pub ncodes: usize,
}

impl Rose<'_> {
    /// Adds the lines of the circular rider of `deltas` on the `allowed` axes, at most
    /// `leaps` leaps (0: without limit).
    pub(super) fn add(&mut self, deltas: [u8; 2], allowed: u8, leaps: u8, mode: Mode) {
        for (a, b) in planes(self.shape, allowed) {
            for path in paths(&circle(deltas, a, b), leaps) {
                let dir = self.rays.intern_path(self.shape, &path, false);
                let range = path.len() as u8;
                self.lines.push(Line {
                    dir,
                    range,
                    mode,
                    first: false,
                    min: 1,
                });
                if mode == Mode::Move {
                    continue;
                }
                let back: Vec<[i8; 4]> = path.iter().rev().map(|v| v.map(|c| -c)).collect();
                let rev = self.rays.intern_path(self.shape, &back, false);
                let r = self
                    .attacks
                    .entry((self.color, rev, 1))
                    .or_insert_with(|| vec![0; self.ncodes]);
                r[self.code] = r[self.code].max(range);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_knight_circle_turns_one_way_round() {
        let c = circle([2, 1], 0, 1);
        assert_eq!(c.len(), 8);
        assert_eq!(c[0], [1, 2, 0, 0]);
        assert_eq!(c[1], [2, 1, 0, 0]);
        assert_eq!(c[2], [2, -1, 0, 0]);
        // The eight leaps add up to nothing: the path comes home.
        let sum = c
            .iter()
            .fold([0i8; 4], |s, l| [s[0] + l[0], s[1] + l[1], 0, 0]);
        assert_eq!(sum, [0; 4]);
        // Sixteen paths of seven leaps; a diagonal circle is a square of three.
        assert_eq!(paths(&c, 0).len(), 16);
        assert!(paths(&c, 0).iter().all(|p| p.len() == 7));
        assert_eq!(paths(&circle([1, 1], 0, 1), 0)[0].len(), 3);
        let cube = Shape::new(&[8, 8, 8]).unwrap();
        assert_eq!(planes(&cube, 0b1111).len(), 3);
        assert_eq!(planes(&cube, 0b0101), vec![(0, 2)]);
    }
}
