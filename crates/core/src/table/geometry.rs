//! Precomputed rays: for every direction and square, the squares along it to the edge.

use crate::geometry::{Shape, Square};
use std::collections::HashMap;

/// Every direction vector a variant uses, with each one's rays precomputed.
#[derive(Clone, Debug)]
pub(crate) struct Rays {
    nsq: usize,
    /// By square: a hole, which no piece enters or passes.
    holes: Vec<bool>,
    /// Bit mask of the axes that wrap around (a cylinder's x).
    wrap: u8,
    /// By line: its first step (the direction of a straight line).
    pub(crate) dirs: Vec<[i8; 4]>,
    /// Lines by their steps and whether the last step repeats.
    index: HashMap<(Vec<[i8; 4]>, bool), u16>,
    start: Vec<u32>,
    len: Vec<u8>,
    squares: Vec<Square>,
}

impl Rays {
    pub(crate) fn new(shape: &Shape) -> Rays {
        Rays::with_board(shape, vec![false; shape.len()], 0)
    }

    /// The holes (by square) and the bit mask of the wrapping axes, for the viewer.
    pub(crate) fn board(&self) -> (&[bool], u8) {
        (&self.holes, self.wrap)
    }

    /// Rays on a board with holes (by square) and axes that wrap around.
    pub(crate) fn with_board(shape: &Shape, holes: Vec<bool>, wrap: u8) -> Rays {
        Rays {
            nsq: shape.len(),
            holes,
            wrap,
            dirs: Vec::new(),
            index: HashMap::new(),
            start: Vec::new(),
            len: Vec::new(),
            squares: Vec::new(),
        }
    }

    /// The index of a direction, adding it (and computing its rays) if new.
    pub(crate) fn intern(&mut self, shape: &Shape, v: [i8; 4]) -> u16 {
        self.intern_path(shape, &[v], true)
    }

    /// The index of a path of steps (the last one repeated when `repeat`), adding it if
    /// new: a straight line is one repeated step, a griffon's line a diagonal step then
    /// a repeated orthogonal one.
    pub(crate) fn intern_path(&mut self, shape: &Shape, steps: &[[i8; 4]], repeat: bool) -> u16 {
        let key = (steps.to_vec(), repeat);
        if let Some(&i) = self.index.get(&key) {
            return i;
        }
        let id = self.dirs.len() as u16;
        self.dirs.push(steps.first().copied().unwrap_or([0; 4]));
        self.index.insert(key, id);
        for sq in shape.squares() {
            self.start.push(self.squares.len() as u32);
            let mut cur = sq;
            let mut n = 0u8;
            // A ray ends at the edge, before a hole, or (around a wrapping axis) before
            // it comes back to where it started.
            for i in 0.. {
                let v = match steps.get(i) {
                    Some(&v) => v,
                    None if repeat && !steps.is_empty() => steps[steps.len() - 1],
                    None => break,
                };
                let Some(next) = self.step(shape, cur, v) else {
                    break;
                };
                if self.holes[next.index()] || next == sq || n == u8::MAX {
                    break;
                }
                self.squares.push(next);
                cur = next;
                n += 1;
            }
            self.len.push(n);
        }
        id
    }

    /// One step of `v` from `from`, around the wrapping axes.
    fn step(&self, shape: &Shape, from: Square, v: [i8; 4]) -> Option<Square> {
        if self.wrap == 0 {
            return shape.offset(from, v);
        }
        let c = shape.coords(from);
        let sizes = shape.sizes();
        let mut out = [0u8; 4];
        for a in 0..4 {
            let size = sizes[a] as i16;
            let x = c[a] as i16 + v[a] as i16;
            out[a] = if self.wrap & (1 << a) != 0 {
                x.rem_euclid(size) as u8
            } else if (0..size).contains(&x) {
                x as u8
            } else {
                return None;
            };
        }
        shape.square(out)
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

/// Why a list of directed offsets cannot be used, if it cannot.
pub(crate) fn check_offsets(offsets: &[[i8; 4]]) -> Result<(), &'static str> {
    if offsets.iter().any(|o| o.iter().all(|&c| c == 0)) {
        return Err("an offset must change at least one axis");
    }
    if offsets.iter().flatten().any(|c| c.unsigned_abs() > 25) {
        return Err("an offset is larger than any board");
    }
    Ok(())
}

/// The direction vectors of a directed movement for a mover of the given forward
/// sign: the offsets as written for White, reversed on the `mirror` axes for Black,
/// without those that never fit on the board.
pub(crate) fn offset_vectors(
    shape: &Shape,
    offsets: &[[i8; 4]],
    mirror: u8,
    forward_sign: i8,
) -> Vec<[i8; 4]> {
    let sizes = shape.sizes();
    let mut out: Vec<[i8; 4]> = Vec::new();
    for o in offsets {
        let mut v = *o;
        for (a, c) in v.iter_mut().enumerate() {
            if forward_sign < 0 && mirror & (1 << a) != 0 {
                *c = -*c;
            }
        }
        let fits = (0..4).all(|a| (v[a].unsigned_abs() as u16) < sizes[a] as u16);
        if fits && !out.contains(&v) {
            out.push(v);
        }
    }
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
