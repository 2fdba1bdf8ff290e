//! Themes, read from the geometry of a puzzle's first move and its line.
//!
//! A check "across W" is given by a move whose W coordinate changes: the king is
//! attacked from another cube. Fork, pin and discovered attack look at what the
//! solver's pieces attack before and after the first move.

use chess4d_core::{Axis, Color, Move, Position, Rules, Square};

/// What a puzzle teaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The line ends in checkmate.
    Mate,
    /// Mate with the solver's `n`-th move (1 to 3).
    MateIn(u8),
    /// The line wins material rather than mating.
    Material,
    /// The first move gives check and changes its piece's W coordinate.
    CheckAcrossW,
    /// The first move gives check and changes its piece's Z coordinate.
    CheckAcrossZ,
    /// The first move's piece attacks two or more pieces worth taking.
    Fork,
    /// The first move's piece pins a piece to a more valuable one behind it.
    Pin,
    /// The first move uncovers an attack by another piece on a piece worth taking.
    DiscoveredAttack,
    /// A move of the solver's promotes.
    Promotion,
    /// A move of the solver's drops a piece from hand.
    Drop,
}

impl Theme {
    /// The name written in puzzle files.
    pub fn name(self) -> String {
        match self {
            Theme::Mate => "mate".into(),
            Theme::MateIn(n) => format!("mate-in-{n}"),
            Theme::Material => "material".into(),
            Theme::CheckAcrossW => "check-across-w".into(),
            Theme::CheckAcrossZ => "check-across-z".into(),
            Theme::Fork => "fork".into(),
            Theme::Pin => "pin".into(),
            Theme::DiscoveredAttack => "discovered-attack".into(),
            Theme::Promotion => "promotion".into(),
            Theme::Drop => "drop".into(),
        }
    }
}

/// The themes of the line `line` from `pos` (solver to move): `mate_in` is the mate's
/// length in the solver's moves, `None` for a material puzzle.
pub fn detect(rules: &dyn Rules, pos: &Position, line: &[Move], mate_in: Option<u8>) -> Vec<Theme> {
    let mut themes = Vec::new();
    match mate_in {
        Some(n) => themes.extend([Theme::Mate, Theme::MateIn(n)]),
        None => themes.push(Theme::Material),
    }
    let Some(&key) = line.first() else {
        return themes;
    };
    let shape = rules.info().shape;
    let mut after = pos.clone();
    rules.make_move(&mut after, key);
    if !key.is_drop() && rules.in_check(&after) {
        let (from, to) = (shape.coords(key.from), shape.coords(key.to));
        if from[Axis::W as usize] != to[Axis::W as usize] {
            themes.push(Theme::CheckAcrossW);
        }
        if from[Axis::Z as usize] != to[Axis::Z as usize] {
            themes.push(Theme::CheckAcrossZ);
        }
    }
    if is_fork(rules, &after, key.to) {
        themes.push(Theme::Fork);
    }
    if is_pin(rules, &after, key.to) {
        themes.push(Theme::Pin);
    }
    if is_discovered(rules, pos, &after, key) {
        themes.push(Theme::DiscoveredAttack);
    }
    let solver_moves = line.iter().step_by(2);
    if solver_moves
        .clone()
        .any(|m| !m.is_drop() && m.promotion.is_some())
    {
        themes.push(Theme::Promotion);
    }
    if solver_moves.clone().any(|m| m.is_drop()) {
        themes.push(Theme::Drop);
    }
    themes
}

/// A piece's value, the king's counted as above every other.
fn value(rules: &dyn Rules, pos: &Position, sq: Square) -> i32 {
    pos.piece_at(sq)
        .and_then(|p| rules.info().pieces.get(p.kind().index()))
        .map_or(0, |i| if i.royal { i32::MAX / 2 } else { i.value })
}

/// The enemy pieces the piece on `sq` attacks that are worth attacking: royal, worth
/// more than it, or undefended.
fn targets(rules: &dyn Rules, after: &Position, sq: Square) -> Vec<Square> {
    let Some(mover) = after.piece_at(sq) else {
        return Vec::new();
    };
    let own = value(rules, after, sq);
    let enemy = !mover.color();
    let mut attackers = Vec::new();
    let mut out = Vec::new();
    for (t, p) in after.pieces() {
        if p.color() != enemy {
            continue;
        }
        attackers.clear();
        rules.attackers(after, t, mover.color(), &mut attackers);
        if !attackers.contains(&sq) {
            continue;
        }
        let v = value(rules, after, t);
        if v > own || !rules.is_attacked(after, t, enemy) {
            out.push(t);
        }
    }
    out
}

fn is_fork(rules: &dyn Rules, after: &Position, sq: Square) -> bool {
    targets(rules, after, sq).len() >= 2
}

/// Whether the piece on `sq` attacks an enemy piece that shields a more valuable one:
/// with the shield lifted off, the piece would attack what stood behind it.
fn is_pin(rules: &dyn Rules, after: &Position, sq: Square) -> bool {
    let Some(mover) = after.piece_at(sq) else {
        return false;
    };
    let enemy = !mover.color();
    let attacked_by_mover = |pos: &Position, t: Square| {
        let mut a = Vec::new();
        rules.attackers(pos, t, mover.color(), &mut a);
        a.contains(&sq)
    };
    for (shield, p) in after.pieces() {
        if p.color() != enemy || !attacked_by_mover(after, shield) {
            continue;
        }
        let shield_value = value(rules, after, shield);
        if shield_value >= i32::MAX / 2 {
            continue;
        }
        let mut lifted = after.clone();
        lifted.put(shield, None);
        let behind = after.pieces().any(|(t, q)| {
            q.color() == enemy
                && t != shield
                && value(rules, after, t) > shield_value
                && !attacked_by_mover(after, t)
                && attacked_by_mover(&lifted, t)
        });
        if behind {
            return true;
        }
    }
    false
}

/// Whether a piece other than the one moved attacks, after the move, an enemy piece
/// worth attacking that it did not attack before: the move opened its line.
fn is_discovered(rules: &dyn Rules, before: &Position, after: &Position, key: Move) -> bool {
    let solver: Color = before.side_to_move();
    let enemy = !solver;
    let mut now = Vec::new();
    let mut then = Vec::new();
    for (t, p) in after.pieces() {
        if p.color() != enemy {
            continue;
        }
        now.clear();
        then.clear();
        rules.attackers(after, t, solver, &mut now);
        rules.attackers(before, t, solver, &mut then);
        let opened = now.iter().any(|&a| {
            a != key.to
                && !then.contains(&a)
                && value(rules, after, t) > value(rules, after, a).min(299)
        });
        if opened {
            return true;
        }
    }
    false
}
