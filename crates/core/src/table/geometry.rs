//! Precomputed rays: for every direction and square, the squares along it to the edge.

use crate::geometry::{Shape, Square};
use std::collections::HashMap;

/// Every direction vector a variant uses, with each one's rays precomputed.
#[derive(Clone, Debug)]
pub(crate) struct Rays {
    nsq: usize,
    pub(crate) dirs: Vec<[i8; 4]>,
    index: HashMap<[i8; 4], u16>,
    start: Vec<u32>,
    len: Vec<u8>,
    squares: Vec<Square>,
}

impl Rays {
    pub(crate) fn new(shape: &Shape) -> Rays {
        Rays {
            nsq: shape.len(),
            dirs: Vec::new(),
            index: HashMap::new(),
            start: Vec::new(),
            len: Vec::new(),
            squares: Vec::new(),
        }
    }

    /// The index of a direction, adding it (and computing its rays) if new.
    pub(crate) fn intern(&mut self, shape: &Shape, v: [i8; 4]) -> u16 {
        if let Some(&i) = self.index.get(&v) {
            return i;
        }
        let id = self.dirs.len() as u16;
        self.dirs.push(v);
        self.index.insert(v, id);
        for sq in shape.squares() {
            self.start.push(self.squares.len() as u32);
            let mut cur = sq;
            let mut n = 0u8;
            while let Some(next) = shape.offset(cur, v) {
                self.squares.push(next);
                cur = next;
                n = n.saturating_add(1);
            }
            self.len.push(n);
        }
        id
    }

    /// Where the ray from `sq` along `dir` lies in the square store, and its length.
    #[inline]
    pub(crate) fn span(&self, dir: u16, sq: Square) -> (u32, usize) {
        let i = dir as usize * self.nsq + sq.index();
        (self.start[i], self.len[i] as usize)
    }

    /// `len` stored squares from `start`.
    #[inline]
    pub(crate) fn squares(&self, start: u32, len: usize) -> &[Square] {
        &self.squares[start as usize..start as usize + len]
    }
}

/// Every direction vector a movement produces for a mover of the given forward sign.
pub(crate) fn atom_vectors(
    shape: &Shape,
    deltas: &[u8],
    axes: u8,
    forward: u8,
    forward_sign: i8,
) -> Vec<[i8; 4]> {
    let sizes = shape.sizes();
    let mut out: Vec<[i8; 4]> = Vec::new();
    let mut chosen = [usize::MAX; 4];
    if axes & super::MoveAtom::ORDERED != 0 {
        // Each distance on its own axis, in order: fix the assignment up front.
        let order: Vec<usize> = (0..4).filter(|a| axes & (1 << a) != 0).collect();
        if order.len() != deltas.len() {
            return Vec::new();
        }
        for (i, &a) in order.iter().enumerate() {
            if deltas[i] as u16 >= sizes[a] as u16 {
                return Vec::new();
            }
            chosen[i] = a;
        }
        return atom_vectors_fixed(deltas, forward, forward_sign, &chosen);
    }
    assign(deltas, 0, axes, &sizes, &mut chosen, &mut |assignment| {
        let n = deltas.len();
        for signs in 0..(1u32 << n) {
            let mut v = [0i8; 4];
            for (i, &axis) in assignment[..n].iter().enumerate() {
                let d = deltas[i] as i8;
                v[axis] = if signs & (1 << i) != 0 { -d } else { d };
            }
            if forward != 0 {
                let mut any = false;
                let mut backward = false;
                for (a, &c) in v.iter().enumerate() {
                    if forward & (1 << a) != 0 && c != 0 {
                        any = true;
                        backward |= c.signum() != forward_sign;
                    }
                }
                if !any || backward {
                    continue;
                }
            }
            if !out.contains(&v) {
                out.push(v);
            }
        }
    });
    out
}

/// The vectors of one fixed assignment of distances to axes, every sign tried.
fn atom_vectors_fixed(
    deltas: &[u8],
    forward: u8,
    forward_sign: i8,
    chosen: &[usize; 4],
) -> Vec<[i8; 4]> {
    let mut out = Vec::new();
    for signs in 0..(1u32 << deltas.len()) {
        let mut v = [0i8; 4];
        for (i, &axis) in chosen[..deltas.len()].iter().enumerate() {
            let d = deltas[i] as i8;
            v[axis] = if signs & (1 << i) != 0 { -d } else { d };
        }
        let forward_ok = forward == 0
            || (v
                .iter()
                .enumerate()
                .any(|(a, &c)| forward & (1 << a) != 0 && c != 0)
                && v.iter().enumerate().all(|(a, &c)| {
                    forward & (1 << a) == 0 || c == 0 || c.signum() == forward_sign
                }));
        if forward_ok && !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

fn assign(
    deltas: &[u8],
    i: usize,
    axes: u8,
    sizes: &[u8; 4],
    chosen: &mut [usize; 4],
    emit: &mut dyn FnMut(&[usize; 4]),
) {
    if i == deltas.len() {
        emit(chosen);
        return;
    }
    for axis in 0..4 {
        let usable = axes & (1 << axis) != 0 && (deltas[i] as u16) < sizes[axis] as u16;
        if usable && !chosen[..i].contains(&axis) {
            chosen[i] = axis;
            assign(deltas, i + 1, axes, sizes, chosen, emit);
            chosen[i] = usize::MAX;
        }
    }
}
