//! Each piece's rays as square sets, on boards of at most 64 squares whose rays all run
//! monotonically through the square indices (every board without wrapping: an index
//! is `x + X·(y + Y·(z + Z·w))`, so a straight line changes it by a constant). A
//! piece's reach is then its one-square rays together and, per longer ray, the squares
//! up to and including the first man on it, found by one bit scan in the ray's
//! direction: the squares the ray walk of [`super::terms`] visits, without walking.

use super::geometry::RayTable;

/// The most squares a board may have for the bit path.
pub(crate) const MAX_SQUARES: usize = 64;

/// Per (piece code, square): the squares of its one-square rays, and the range of its
/// longer rays in [`BitRays::lines`].
#[derive(Clone, Copy, Default)]
struct Entry {
    near: u64,
    start: u32,
    end: u32,
}

/// A ray of two squares or more: its squares, and whether they rise in index from the
/// piece (else they fall).
#[derive(Clone, Copy)]
struct Line {
    mask: u64,
    up: bool,
}

/// The ray table of one variant as square sets.
pub(crate) struct BitRays {
    squares: usize,
    entries: Vec<Entry>,
    lines: Vec<Line>,
}

impl BitRays {
    /// The square sets of every ray in `rays` on a board of `squares` squares, or
    /// `None` where the board is too large or some ray bends or wraps (not monotonic
    /// in the index): the walk serves those.
    pub(crate) fn build(rays: &RayTable, squares: usize) -> Option<BitRays> {
        if squares == 0 || squares > MAX_SQUARES {
            return None;
        }
        let codes = rays.codes(squares);
        let mut t = BitRays {
            squares,
            entries: Vec::with_capacity(codes * squares),
            lines: Vec::new(),
        };
        for code in 0..codes {
            for sq in 0..squares {
                let mut entry = Entry {
                    start: t.lines.len() as u32,
                    ..Entry::default()
                };
                for ray in rays.rays(code, squares, sq) {
                    let mask = ray.iter().fold(0u64, |m, &s| m | 1 << s);
                    match ray {
                        [one] => entry.near |= 1 << one,
                        _ if ray.windows(2).all(|w| w[0] < w[1]) => {
                            t.lines.push(Line { mask, up: true })
                        }
                        _ if ray.windows(2).all(|w| w[0] > w[1]) => {
                            t.lines.push(Line { mask, up: false })
                        }
                        _ => return None,
                    }
                }
                entry.end = t.lines.len() as u32;
                t.entries.push(entry);
            }
        }
        Some(t)
    }

    /// The squares a piece `code` on `sq` reaches on a board whose occupied squares
    /// are `occupied`: every square of its rays up to and including the first man on
    /// each.
    #[inline]
    pub(crate) fn reach(&self, code: usize, sq: usize, occupied: u64) -> u64 {
        let Some(entry) = self.entries.get(code * self.squares + sq) else {
            return 0;
        };
        let mut reach = entry.near;
        let lines = self
            .lines
            .get(entry.start as usize..entry.end as usize)
            .unwrap_or(&[]);
        for line in lines {
            let men = line.mask & occupied;
            reach |= line.mask
                & if line.up {
                    // Every bit up to and including the lowest man (all of them if none).
                    men ^ men.wrapping_sub(1)
                } else {
                    // Every bit from the highest man up (all of them if none: `| 1`).
                    u64::MAX << (63 - (men | 1).leading_zeros())
                };
        }
        reach
    }
}
