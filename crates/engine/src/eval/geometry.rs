//! What the evaluation knows about the board, learned from the rules on an empty board
//! when a search starts: the lines a pawn advances along, where it promotes and how far
//! away that is, which squares it attacks, each piece's rays, and the king's
//! neighbourhood. Nothing here assumes an 8x8 board or any number of axes.

use chess4d_core::{Color, Move, Piece, PieceKind, Position, Rules, Square};

/// Sets of squares, `words` u64s per set, stored one after another.
pub(crate) struct Masks {
    words: usize,
    data: Vec<u64>,
}

impl Masks {
    pub(crate) fn new(words: usize, sets: usize) -> Masks {
        Masks {
            words,
            data: vec![0; words * sets],
        }
    }

    #[inline]
    pub(crate) fn get(&self, set: usize) -> &[u64] {
        &self.data[set * self.words..(set + 1) * self.words]
    }

    /// The first word of a set: the whole set on a board of at most 64 squares.
    #[inline]
    pub(crate) fn first_word(&self, set: usize) -> u64 {
        self.data.get(set * self.words).copied().unwrap_or(0)
    }

    pub(crate) fn insert(&mut self, set: usize, sq: usize) {
        self.data[set * self.words + sq / 64] |= 1 << (sq % 64);
    }
}

/// Whether two square sets share a square.
#[inline]
pub(crate) fn meets(a: &[u64], b: &[u64]) -> bool {
    // One word (boards of up to 64 squares) without the loop.
    if let ([x], Some(y)) = (a, b.first()) {
        return x & y != 0;
    }
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

/// How many squares two sets share.
#[inline]
pub(crate) fn common(a: &[u64], b: &[u64]) -> u32 {
    if let ([x], Some(y)) = (a, b.first()) {
        return (x & y).count_ones();
    }
    a.iter().zip(b).map(|(x, y)| (x & y).count_ones()).sum()
}

/// Whether a set holds a square.
#[inline]
pub(crate) fn holds(set: &[u64], sq: usize) -> bool {
    set.get(sq / 64).is_some_and(|w| w >> (sq % 64) & 1 != 0)
}

/// A piece's moves from one square on the empty board, grouped into rays: along a ray
/// each square is reached only through the ones before it.
#[derive(Default)]
pub(crate) struct RayTable {
    /// Per (piece code, square): the range of its rays in `rays`.
    index: Vec<(u32, u32)>,
    /// Per ray: the range of its squares in `squares`.
    rays: Vec<(u32, u32)>,
    squares: Vec<u16>,
    /// Parallel to `squares`: each square with how many squares of its ray follow it,
    /// so that a walk over all of a piece's rays is one flat loop that skips the rest
    /// of a ray where a man blocks it.
    steps: Vec<Step>,
}

/// A square of a ray and how many squares of the ray lie beyond it.
#[derive(Clone, Copy)]
pub(crate) struct Step {
    pub(crate) to: u16,
    pub(crate) rest: u16,
}

impl RayTable {
    /// The rays of `code` standing on `sq`, each a slice of squares nearest first.
    #[inline]
    pub(crate) fn rays(
        &self,
        code: usize,
        squares: usize,
        sq: usize,
    ) -> impl Iterator<Item = &[u16]> {
        let (a, b) = self
            .index
            .get(code * squares + sq)
            .copied()
            .unwrap_or((0, 0));
        self.rays[a as usize..b as usize]
            .iter()
            .map(|&(s, e)| &self.squares[s as usize..e as usize])
    }

    /// The squares of every ray of `code` standing on `sq`, ray after ray, nearest
    /// first: the same squares in the same order as [`RayTable::rays`].
    #[inline]
    pub(crate) fn steps(&self, code: usize, squares: usize, sq: usize) -> &[Step] {
        let (a, b) = self
            .index
            .get(code * squares + sq)
            .copied()
            .unwrap_or((0, 0));
        if a == b {
            return &[];
        }
        let (first, last) = (self.rays[a as usize].0, self.rays[b as usize - 1].1);
        &self.steps[first as usize..last as usize]
    }

    /// How many piece codes the table has entries for on a board of `squares` squares.
    pub(crate) fn codes(&self, squares: usize) -> usize {
        self.index.len() / squares.max(1)
    }

    /// Rays for every piece code in `kinds` (others get none).
    pub(crate) fn build(rules: &dyn Rules, kinds: &[bool]) -> RayTable {
        let shape = rules.info().shape;
        let n = shape.len();
        let codes = 2 * kinds.len() + 2;
        let mut t = RayTable {
            index: vec![(0, 0); codes * n],
            ..RayTable::default()
        };
        let mut moves = Vec::new();
        for (k, &wanted) in kinds.iter().enumerate() {
            if !wanted {
                continue;
            }
            for color in Color::ALL {
                let piece = Piece::new(PieceKind(k as u8), color);
                for sq in shape.squares() {
                    let targets = empty_board_targets(rules, piece, sq, &mut moves);
                    let start = t.rays.len() as u32;
                    t.add_rays(rules, sq, &targets);
                    t.index[piece.code() as usize * n + sq.index()] = (start, t.rays.len() as u32);
                }
            }
        }
        t.steps = t.squares.iter().map(|&to| Step { to, rest: 0 }).collect();
        for &(s, e) in &t.rays {
            for j in s..e {
                t.steps[j as usize].rest = u16::try_from(e - 1 - j).unwrap_or(u16::MAX);
            }
        }
        t
    }

    /// Splits `targets` (reached from `from`) into rays: a square whose step back
    /// towards `from` is also a target continues that square's ray.
    fn add_rays(&mut self, rules: &dyn Rules, from: Square, targets: &[Square]) {
        let shape = rules.info().shape;
        let origin = shape.coords(from);
        // (unit step, multiple) of every target.
        let mut steps: Vec<([i8; 4], i32, Square)> = targets
            .iter()
            .map(|&t| {
                let c = shape.coords(t);
                let d: [i32; 4] = std::array::from_fn(|a| c[a] as i32 - origin[a] as i32);
                let g = d.iter().fold(0, |g, &x| gcd(g, x.abs())).max(1);
                (std::array::from_fn(|a| (d[a] / g) as i8), g, t)
            })
            .collect();
        steps.sort_by_key(|s| (s.0, s.1));
        let mut i = 0;
        while i < steps.len() {
            let begin = self.squares.len() as u32;
            self.squares.push(steps[i].2.0);
            let mut j = i + 1;
            while j < steps.len() && steps[j].0 == steps[i].0 && steps[j].1 == steps[j - 1].1 + 1 {
                self.squares.push(steps[j].2.0);
                j += 1;
            }
            self.rays.push((begin, self.squares.len() as u32));
            i = j;
        }
    }
}

/// Per kind: whether it captures by hopping (the xiangqi cannon): on a board full of
/// enemies it takes a piece that is not the first its rays meet on the empty board.
/// Its attacks then lie behind the first piece on a ray (the screen), not on it.
pub(crate) fn hoppers(rules: &dyn Rules, rays: &RayTable, movers: &[bool]) -> Vec<bool> {
    let info = rules.info();
    let shape = info.shape;
    let n = shape.len();
    // The enemy that fills the board: a pawn where there is one (a cannon may not take
    // a cannon in some variants), else any other piece that is not royal.
    let filler = |k: usize| {
        (0..info.pieces.len())
            .find(|&j| info.pieces[j].pawn && j != k)
            .or_else(|| (0..info.pieces.len()).find(|&j| j != k && !info.pieces[j].royal))
    };
    let mut moves = Vec::new();
    (0..movers.len())
        .map(|k| {
            let Some(enemy) = filler(k).filter(|_| movers[k]) else {
                return false;
            };
            let piece = Piece::new(PieceKind(k as u8), Color::White);
            let enemy = Piece::new(PieceKind(enemy as u8), Color::Black);
            let code = piece.code() as usize;
            // A few squares from the middle of the board on are enough to tell.
            let squares: Vec<Square> = shape.squares().collect();
            let mut tried = 0;
            (0..n).map(|i| squares[(i + n / 2) % n]).any(|sq| {
                if tried >= HOPPER_SQUARES {
                    return false;
                }
                let firsts: Vec<u16> = rays
                    .rays(code, n, sq.index())
                    .filter_map(|r| r.first().copied())
                    .collect();
                if firsts.is_empty() {
                    return false;
                }
                tried += 1;
                let mut full = Position::empty(shape);
                for &s in &squares {
                    full.put(s, Some(if s == sq { piece } else { enemy }));
                }
                full.set_side_to_move(Color::White);
                rules.legal_moves(&full, &mut moves);
                moves
                    .iter()
                    .any(|m| m.from == sq && !firsts.contains(&m.to.0))
            })
        })
        .collect()
}

/// The squares [`hoppers`] tries per kind.
const HOPPER_SQUARES: usize = 6;

/// Per kind: whether it slides along the lines pawns advance on (a rook on its file),
/// reaching every square of the line ahead from every square that has one.
pub(crate) fn line_sliders(
    rays: &RayTable,
    pawns: &PawnGeometry,
    squares: usize,
    movers: &[bool],
    words: usize,
) -> Vec<bool> {
    let mut reach = vec![0u64; words];
    (0..movers.len())
        .map(|k| {
            if !movers[k] {
                return false;
            }
            let code = Piece::new(PieceKind(k as u8), Color::White).code() as usize;
            let mut lines = 0;
            let all = (0..squares).all(|sq| {
                let line = pawns.front_line.get(sq);
                if line.iter().all(|&w| w == 0) {
                    return true;
                }
                lines += 1;
                reach.fill(0);
                for &t in rays.rays(code, squares, sq).flatten() {
                    reach[t as usize / 64] |= 1 << (t % 64);
                }
                line.iter().zip(&reach).all(|(l, r)| l & !r == 0)
            });
            all && lines > 0
        })
        .collect()
}

/// Per kind: whether it is bound to one of two halves of the board (a bishop to its
/// colour), and per (kind, square) which half, 0 or 1 (0 for kinds not bound). The
/// halves are the squares its moves connect on the empty board.
pub(crate) fn colour_regions(
    rays: &RayTable,
    squares: usize,
    movers: &[bool],
) -> (Vec<bool>, Vec<u8>) {
    let kinds = movers.len();
    let mut bound = vec![false; kinds];
    let mut region = vec![0u8; kinds * squares];
    let mut label = vec![u8::MAX; squares];
    let mut stack = Vec::new();
    for k in 0..kinds {
        if !movers[k] {
            continue;
        }
        let code = Piece::new(PieceKind(k as u8), Color::White).code() as usize;
        label.fill(u8::MAX);
        let mut count = 0u8;
        for start in 0..squares {
            if label[start] != u8::MAX {
                continue;
            }
            if count == 2 {
                count = 3;
                break;
            }
            label[start] = count;
            stack.push(start);
            while let Some(sq) = stack.pop() {
                for &t in rays.rays(code, squares, sq).flatten() {
                    if label[t as usize] == u8::MAX {
                        label[t as usize] = count;
                        stack.push(t as usize);
                    }
                }
            }
            count += 1;
        }
        if count == 2 {
            bound[k] = true;
            region[k * squares..(k + 1) * squares].copy_from_slice(&label);
        }
    }
    (bound, region)
}

fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Where `piece` can move from `sq` on an empty board (no duplicates).
fn empty_board_targets(
    rules: &dyn Rules,
    piece: Piece,
    sq: Square,
    moves: &mut Vec<Move>,
) -> Vec<Square> {
    let mut pos = Position::empty(rules.info().shape);
    pos.put(sq, Some(piece));
    pos.set_side_to_move(piece.color());
    rules.legal_moves(&pos, moves);
    let mut out: Vec<Square> = moves
        .iter()
        .filter(|m| m.from == sq)
        .map(|m| m.to)
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// A pawn's geometry for both colours, learned from the first pawn kind.
pub(crate) struct PawnGeometry {
    /// Per colour and axis: +1 or -1 if the pawn advances along it, 0 if not.
    pub(crate) forward: [[i8; 4]; 2],
    /// Per (colour, square): single steps to promotion (`u8::MAX`: never).
    pub(crate) distance: Vec<u8>,
    /// The longest finite distance (a pawn on its start rank).
    pub(crate) max_distance: u8,
    /// Per (colour, square): the squares a pawn there attacks.
    pub(crate) attacks: Masks,
    /// Per (colour, square): enemy pawns here keep a pawn there from being passed.
    pub(crate) passed_span: Masks,
    /// Per (colour, square): own pawns here ahead on the same line (doubled).
    pub(crate) front_line: Masks,
    /// Per (colour, square): own pawns here on neighbouring lines (not isolated).
    pub(crate) neighbour_lines: Masks,
    /// Per (colour, square): own pawns here defend a pawn there.
    pub(crate) defenders: Masks,
    /// Per (colour, king square): the squares of its pawn shield.
    pub(crate) shield: Masks,
    /// Per (colour, square): the square and its front line: a line into the king's
    /// neighbourhood is open for the colour when none of its pawns stands here.
    pub(crate) open_line: Masks,
    /// Per (colour, square): the square of a single step forward (`u16::MAX`: none).
    next: Vec<u16>,
    /// Per square: the squares level with it (same forward coordinates) within one
    /// step on the other axes: the lines into a king's neighbourhood.
    pub(crate) lateral: Vec<Vec<u16>>,
}

impl PawnGeometry {
    pub(crate) fn learn(rules: &dyn Rules, pawn: PieceKind, words: usize) -> PawnGeometry {
        let shape = rules.info().shape;
        let n = shape.len();
        let coords: Vec<[u8; 4]> = shape.squares().map(|s| shape.coords(s)).collect();
        let mut forward = [[0i8; 4]; 2];
        let mut steps: Vec<Vec<Vec<u16>>> = vec![vec![Vec::new(); n]; 2];
        let mut promotes = vec![vec![false; n]; 2];
        let mut attacks = Masks::new(words, 2 * n);
        let mut moves = Vec::new();
        for color in Color::ALL {
            let c = color.index();
            let piece = Piece::new(pawn, color);
            let enemy = Piece::new(pawn, !color);
            for sq in shape.squares() {
                let mut pos = Position::empty(shape);
                pos.put(sq, Some(piece));
                pos.set_side_to_move(color);
                rules.legal_moves(&pos, &mut moves);
                for m in moves.iter().filter(|m| m.from == sq) {
                    let (a, b) = (coords[sq.index()], coords[m.to.index()]);
                    let d: [i32; 4] = std::array::from_fn(|i| b[i] as i32 - a[i] as i32);
                    if d.iter().all(|x| x.abs() <= 1) {
                        steps[c][sq.index()].push(m.to.0);
                        if m.promotion.is_some() {
                            promotes[c][sq.index()] = true;
                        }
                        for (axis, &x) in d.iter().enumerate() {
                            if x != 0 {
                                forward[c][axis] = x.signum() as i8;
                            }
                        }
                    }
                }
                // Its captures: every other square holds an enemy.
                let mut full = Position::empty(shape);
                for s in shape.squares() {
                    full.put(s, Some(if s == sq { piece } else { enemy }));
                }
                full.set_side_to_move(color);
                rules.legal_moves(&full, &mut moves);
                for m in moves.iter().filter(|m| m.from == sq) {
                    attacks.insert(c * n + sq.index(), m.to.index());
                }
            }
        }
        let mut distance = vec![u8::MAX; 2 * n];
        for c in 0..2 {
            distances(&steps[c], &promotes[c], &mut distance[c * n..(c + 1) * n]);
        }
        // The longest road is a pawn's from where the start position puts it (a square
        // behind that is never a pawn's).
        let start = rules.start_position();
        let from_start = start
            .pieces()
            .filter(|(_, p)| p.kind() == pawn)
            .map(|(s, p)| distance[p.color().index() * n + s.index()])
            .filter(|&d| d != u8::MAX)
            .max();
        let max_distance = from_start
            .or_else(|| distance.iter().copied().filter(|&d| d != u8::MAX).max())
            .unwrap_or(1);
        let next = steps
            .iter()
            .flat_map(|per_square| {
                per_square
                    .iter()
                    .map(|s| s.first().copied().unwrap_or(u16::MAX))
            })
            .collect();
        let mut g = PawnGeometry {
            next,
            forward,
            distance,
            max_distance,
            attacks,
            passed_span: Masks::new(words, 2 * n),
            front_line: Masks::new(words, 2 * n),
            neighbour_lines: Masks::new(words, 2 * n),
            defenders: Masks::new(words, 2 * n),
            shield: Masks::new(words, 2 * n),
            open_line: Masks::new(words, 2 * n),
            lateral: vec![Vec::new(); n],
        };
        g.relate(&coords);
        // The front line with the square itself.
        g.open_line.data.clone_from(&g.front_line.data);
        for set in 0..2 * n {
            g.open_line.insert(set, set % n);
        }
        g
    }

    /// Fills the masks that relate two squares by the forward axes.
    fn relate(&mut self, coords: &[[u8; 4]]) {
        let n = coords.len();
        let fwd_axes: [bool; 4] =
            std::array::from_fn(|a| self.forward[0][a] != 0 || self.forward[1][a] != 0);
        for c in 0..2 {
            for s in 0..n {
                for t in 0..n {
                    let (a, b) = (&coords[s], &coords[t]);
                    // How far t lies ahead of s along the forward axes (all must agree).
                    let mut ahead_min = i32::MAX;
                    let mut ahead_max = i32::MIN;
                    let mut side = 0;
                    for axis in 0..4 {
                        let d = b[axis] as i32 - a[axis] as i32;
                        if fwd_axes[axis] {
                            let f = d * self.forward[c][axis] as i32;
                            ahead_min = ahead_min.min(f);
                            ahead_max = ahead_max.max(f);
                        } else {
                            side = side.max(d.abs());
                        }
                    }
                    let set = c * n + s;
                    let level = ahead_min == 0 && ahead_max == 0;
                    if side <= 1 && ahead_min >= 0 && ahead_max > 0 {
                        self.passed_span.insert(set, t);
                        if (1..=2).contains(&ahead_max) {
                            self.shield.insert(set, t);
                        }
                    }
                    if side == 0 && ahead_min >= 0 && ahead_max > 0 {
                        self.front_line.insert(set, t);
                    }
                    if side == 1 {
                        self.neighbour_lines.insert(set, t);
                    }
                    if c == 0 && side <= 1 && level {
                        self.lateral[s].push(t as u16);
                    }
                    if holds(self.attacks.get(set), t) {
                        // A pawn of colour c on s defends t.
                        self.defenders.insert(c * n + t, s);
                    }
                }
            }
        }
    }

    /// The square a pawn on `sq` steps to next, if any.
    #[inline]
    pub(crate) fn next_step(&self, color: Color, squares: usize, sq: usize) -> Option<Square> {
        self.next
            .get(color.index() * squares + sq)
            .filter(|&&s| s != u16::MAX)
            .map(|&s| Square(s))
    }

    /// The pawn's progress to promotion on `sq`, from 0 (start) to 1024 (one step
    /// away); `None` where it can never promote.
    #[inline]
    pub(crate) fn progress(&self, color: Color, squares: usize, sq: usize) -> Option<i32> {
        let d = *self.distance.get(color.index() * squares + sq)?;
        if d == u8::MAX || d == 0 {
            return None;
        }
        let span = (self.max_distance as i32 - 1).max(1);
        Some(((self.max_distance as i32 - d as i32).max(0) * 1024 / span).min(1024))
    }
}

/// Breadth-first single steps from every square to a promoting move.
fn distances(steps: &[Vec<u16>], promotes: &[bool], out: &mut [u8]) {
    let n = steps.len();
    let mut back: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (s, targets) in steps.iter().enumerate() {
        for &t in targets {
            if let Some(b) = back.get_mut(t as usize) {
                b.push(s);
            }
        }
    }
    let mut queue = std::collections::VecDeque::new();
    for s in 0..n {
        if promotes[s] {
            out[s] = 1;
            queue.push_back(s);
        }
    }
    while let Some(s) = queue.pop_front() {
        for &p in &back[s] {
            if out[p] == u8::MAX {
                out[p] = out[s].saturating_add(1);
                queue.push_back(p);
            }
        }
    }
}

/// Per square: the squares a royal piece of `kind` steps to from it, and the square
/// itself (the king's neighbourhood).
pub(crate) fn king_zones(rules: &dyn Rules, kind: PieceKind, words: usize) -> Masks {
    let shape = rules.info().shape;
    let mut zones = Masks::new(words, shape.len());
    let mut moves = Vec::new();
    for sq in shape.squares() {
        zones.insert(sq.index(), sq.index());
        for t in empty_board_targets(rules, Piece::new(kind, Color::White), sq, &mut moves) {
            zones.insert(sq.index(), t.index());
        }
    }
    zones
}

#[cfg(test)]
mod tests {
    use super::*;

    fn learn(variant: &str) -> (std::sync::Arc<dyn Rules>, PawnGeometry) {
        let rules = chess4d_variants::Catalog::embedded()
            .resolve(variant)
            .expect("built-in variant");
        let pawn = rules
            .info()
            .pieces
            .iter()
            .position(|p| p.pawn)
            .expect("pawns");
        let words = rules.info().shape.len().div_ceil(64);
        let g = PawnGeometry::learn(&*rules, PieceKind(pawn as u8), words);
        (rules, g)
    }

    fn names(rules: &dyn Rules, set: &[u64]) -> Vec<String> {
        let shape = rules.info().shape;
        shape
            .squares()
            .filter(|s| holds(set, s.index()))
            .map(|s| shape.square_name(s))
            .collect()
    }

    #[test]
    fn orthodox_pawns_advance_along_the_files_to_the_far_rank() {
        let (rules, g) = learn("orthodox");
        let shape = rules.info().shape;
        let sq = |t: &str| shape.parse_square(t).expect("square").index();
        assert_eq!(g.forward[0], [0, 1, 0, 0]);
        assert_eq!(g.forward[1], [0, -1, 0, 0]);
        assert_eq!(g.distance[sq("e2")], 6);
        assert_eq!(g.distance[sq("e7")], 1);
        assert_eq!(g.distance[64 + sq("e7")], 6);
        assert_eq!(g.progress(Color::White, 64, sq("e2")), Some(0));
        assert_eq!(g.progress(Color::White, 64, sq("e7")), Some(1024));
        assert_eq!(names(&*rules, g.attacks.get(sq("e4"))), ["d5", "f5"]);
        assert_eq!(names(&*rules, g.attacks.get(64 + sq("e4"))), ["d3", "f3"]);
        assert_eq!(
            names(&*rules, g.front_line.get(sq("e5"))),
            ["e6", "e7", "e8"]
        );
        assert_eq!(
            names(&*rules, g.passed_span.get(sq("a6"))),
            ["a7", "b7", "a8", "b8"]
        );
        assert_eq!(names(&*rules, g.defenders.get(sq("e4"))), ["d3", "f3"]);
        assert_eq!(g.lateral[sq("g1")].len(), 3);
        assert_eq!(
            g.next_step(Color::Black, 64, sq("c7")),
            Some(Square(sq("c6") as u16))
        );
    }

    #[test]
    fn raumschach_pawns_advance_forward_and_up() {
        let (_, g) = learn("raumschach");
        assert_eq!(g.forward[0][1], 1);
        assert_eq!(g.forward[0][2], 1);
        assert_eq!(g.forward[1][1], -1);
        assert_eq!(g.forward[1][2], -1);
        assert!(g.max_distance >= 4);
    }

    #[test]
    fn classic_4d_pawns_see_their_lines_on_every_axis() {
        let (rules, g) = learn("classic");
        let shape = rules.info().shape;
        let b2 = shape.parse_square("b2[0,0]").expect("square").index();
        // Two steps from the second rank of four to promotion.
        assert_eq!(g.distance[b2], 2);
        // Neighbouring lines differ by one on x, z or w: 3 * 2 * 2 - 1 lines, 4 squares each.
        assert_eq!(
            g.neighbour_lines
                .get(b2)
                .iter()
                .map(|w| w.count_ones())
                .sum::<u32>(),
            11 * 4
        );
        let rays = RayTable::build(&*rules, &[false, false, true, false, false, false]);
        let rook = Piece::new(PieceKind(2), Color::White).code() as usize;
        // A rook on b2[0,0] slides along x (3 squares, two rays), y (3), z and w (1 each).
        let lens: Vec<usize> = rays.rays(rook, 64, b2).map(|r| r.len()).collect();
        assert_eq!(lens.iter().sum::<usize>(), 8);
        assert_eq!(lens.len(), 6);
    }
}
