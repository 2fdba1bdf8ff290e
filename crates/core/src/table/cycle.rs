//! Multi-leg riders: a list of legs walked in turn, over and over (the crooked bishop
//! zigzags `[1, 1]`, `[1, -1]`; a rose is the eight knight leaps in order), stopping at
//! the first piece as a rider does. The legs are written once; the piece gets every
//! image of them under the board's symmetries — any allowed axes for the axes they
//! use, either sign on each — so a 2-axis pattern works in every plane of a 3D or 4D
//! board. Each image is a path of the ray store; since a path walked back is not always
//! one of them, attacks are paths back from the target, one per length (as bent
//! riders'). Two images may reach one square, so the piece's moves are made distinct.

use super::geometry::Rays;
use super::{Line, Mode};
use crate::geometry::Shape;
use std::collections::HashMap;

/// Every image of `legs` under the board's symmetries: the axes the legs use mapped to
/// distinct allowed axes of the board, each with either sign.
pub(super) fn images(shape: &Shape, legs: &[[i8; 4]], allowed: u8) -> Vec<Vec<[i8; 4]>> {
    let sizes = shape.sizes();
    let used: Vec<usize> = (0..4).filter(|&a| legs.iter().any(|l| l[a] != 0)).collect();
    let usable: Vec<usize> = (0..4)
        .filter(|&a| allowed & (1 << a) != 0 && sizes[a] > 1)
        .collect();
    let mut out: Vec<Vec<[i8; 4]>> = Vec::new();
    let mut target = vec![0usize; used.len()];
    let mut emit = |target: &[usize]| {
        for signs in 0..(1u32 << used.len()) {
            let image: Vec<[i8; 4]> = legs
                .iter()
                .map(|l| {
                    let mut v = [0i8; 4];
                    for (i, &a) in used.iter().enumerate() {
                        let s = if signs & (1 << i) != 0 { -1 } else { 1 };
                        v[target[i]] = l[a] * s;
                    }
                    v
                })
                .collect();
            if !out.contains(&image) {
                out.push(image);
            }
        }
    };
    assign(&usable, 0, &mut target, &mut emit);
    out
}

/// Every way to give the used axes (`target.len()` of them) distinct usable axes.
fn assign(usable: &[usize], i: usize, target: &mut Vec<usize>, emit: &mut dyn FnMut(&[usize])) {
    if i == target.len() {
        emit(target);
        return;
    }
    for &a in usable {
        if !target[..i].contains(&a) {
            target[i] = a;
            assign(usable, i + 1, target, emit);
        }
    }
}

/// The legs walked in turn, `len` of them.
pub(super) fn unrolled(legs: &[[i8; 4]], len: usize) -> Vec<[i8; 4]> {
    (0..len).map(|i| legs[i % legs.len()]).collect()
}

/// What a multi-leg movement adds for one piece code: its lines, and its attack paths
/// by (colour, walk path, minimum) -> range for `code`.
pub(super) struct Cycle<'a> {
    pub rays: &'a mut Rays,
    pub shape: &'a Shape,
    pub lines: &'a mut Vec<Line>,
    pub attacks: &'a mut HashMap<(usize, u16, u8), Vec<u8>>,
    pub color: usize,
    pub code: usize,
    pub ncodes: usize,
}

impl Cycle<'_> {
    /// Adds the paths of `legs` on the `allowed` axes, at most `range` legs long (0: to
    /// the edge of the board).
    pub(super) fn add(&mut self, legs: &[[i8; 4]], allowed: u8, range: u8, mode: Mode) {
        // Each leg moves at least one square, so no path is longer than the board's
        // squares; the ray store cuts it at the edge or where it comes home.
        let most = self.shape.len().min(u8::MAX as usize);
        let len = if range == 0 {
            most
        } else {
            (range as usize).min(most)
        };
        for image in images(self.shape, legs, allowed) {
            let path = unrolled(&image, len);
            let dir = self.rays.intern_path(self.shape, &path, false);
            self.lines.push(Line {
                dir,
                range: len as u8,
                mode,
                first: false,
                min: 1,
            });
            if mode == Mode::Move {
                continue;
            }
            let longest = self.longest(dir);
            for j in 1..=longest {
                let back: Vec<[i8; 4]> = path[..j].iter().rev().map(|v| v.map(|c| -c)).collect();
                let rev = self.rays.intern_path(self.shape, &back, false);
                let r = self
                    .attacks
                    .entry((self.color, rev, j as u8))
                    .or_insert_with(|| vec![0; self.ncodes]);
                r[self.code] = r[self.code].max(j as u8);
            }
        }
    }

    /// The most squares the path `dir` walks from any square.
    fn longest(&self, dir: u16) -> usize {
        self.shape
            .squares()
            .map(|sq| self.rays.span(dir, sq).1)
            .max()
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_crooked_bishop_has_every_zigzag_of_the_plane() {
        let board = Shape::new(&[8, 8]).unwrap();
        let zigzag = [[1, 1, 0, 0], [1, -1, 0, 0]];
        // Along x or y, starting up or down, going either way: 8 images... of which
        // each zigzag is found twice (a sign flip of the other axis swaps the legs'
        // order only in its start): 8 distinct leg lists.
        let all = images(&board, &zigzag, 0b1111);
        assert_eq!(all.len(), 8);
        let cube = Shape::new(&[4, 4, 4]).unwrap();
        assert_eq!(images(&cube, &zigzag, 0b1111).len(), 24);
        assert_eq!(unrolled(&zigzag, 3)[2], [1, 1, 0, 0]);
    }
}
