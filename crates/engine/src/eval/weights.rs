//! The evaluation's weights: every term's size in centipawns, as one list a tuner can
//! read and write (`examples/tune.rs`).
//!
//! Terms come in pairs for the middlegame and the endgame; the evaluation blends them
//! by how much non-pawn material is left.

macro_rules! weights {
    ($($(#[doc = $doc:literal])* $name:ident = $value:expr,)*) => {
        /// The weights of the evaluation terms, in centipawns (see each field).
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct Weights {
            $($(#[doc = $doc])* pub $name: i32,)*
        }

        impl Default for Weights {
            fn default() -> Weights {
                Weights { $($name: $value,)* }
            }
        }

        impl Weights {
            /// The field names, in the order of [`Weights::to_vec`].
            pub const NAMES: &'static [&'static str] = &[$(stringify!($name),)*];

            /// The weights as a list, in the order of [`Weights::NAMES`].
            pub fn to_vec(&self) -> Vec<i32> {
                vec![$(self.$name,)*]
            }

            /// Weights from a list in the order of [`Weights::NAMES`]; missing entries
            /// keep their defaults.
            pub fn from_slice(values: &[i32]) -> Weights {
                let mut w = Weights::default();
                let mut it = values.iter().copied();
                $(if let Some(v) = it.next() { w.$name = v; })*
                w
            }
        }
    };
}

weights! {
    /// Bonus for having the move.
    tempo = 12,
    /// Centralisation of pieces (not pawns or kings), at the centre, middlegame.
    centre_mg = 8,
    /// Centralisation of pieces, endgame.
    centre_eg = 8,
    /// A pawn's advance, as per cent of a pawn at the far rank (grows with the square
    /// of its progress), middlegame.
    advance_mg = 10,
    /// A pawn's advance, endgame.
    advance_eg = 35,
    /// The king in the centre, middlegame (negative: it belongs behind its pawns).
    king_centre_mg = -20,
    /// The king in the centre, endgame.
    king_centre_eg = 30,
    /// Mobility per safe move, scaled per piece kind by its reach, middlegame.
    mobility_mg = 5,
    /// Mobility per safe move, endgame.
    mobility_eg = 6,
    /// A pawn with another of its side on the same line ahead of it, middlegame.
    doubled_mg = -10,
    /// Doubled pawn, endgame.
    doubled_eg = -20,
    /// A pawn with no pawn of its side on a neighbouring line, middlegame.
    isolated_mg = -10,
    /// Isolated pawn, endgame.
    isolated_eg = -12,
    /// A pawn defended by a pawn, middlegame.
    supported_mg = 8,
    /// Supported pawn, endgame.
    supported_eg = 8,
    /// A passed pawn at the square before promotion (less, by the square of its
    /// progress, further back), middlegame.
    passed_mg = 70,
    /// Passed pawn, endgame.
    passed_eg = 160,
    /// A passed pawn's base bonus at any distance, endgame.
    passed_base_eg = 12,
    /// Per square of king distance: the enemy king's distance to a passed pawn minus
    /// its own king's, scaled by the pawn's progress (endgame).
    passed_king_eg = 10,
    /// A passed pawn whose next square is occupied, per cent of its bonus lost.
    passed_blocked = 40,
    /// Per pawn of the king's side in front of it, middlegame.
    shield_mg = 10,
    /// Per line into the king's neighbourhood with no pawn of its side ahead of it.
    open_line_mg = -14,
    /// King danger: squared attack units around the king, per 16 (middlegame).
    king_attack_mg = -6,
    /// King danger, endgame.
    king_attack_eg = -1,
    /// A piece (not a pawn or royal) attacked by an enemy pawn, per cent of its value,
    /// middlegame (a bonus to the attacker).
    threat_pawn_mg = 15,
    /// Threat by a pawn, endgame.
    threat_pawn_eg = 10,
    /// A piece attacked by an enemy piece of lower value, middlegame.
    threat_lesser_mg = 40,
    /// Threat by a lesser piece, endgame.
    threat_lesser_eg = 30,
    /// A piece attacked by the enemy and defended by nothing, middlegame.
    hanging_mg = 40,
    /// Hanging, endgame.
    hanging_eg = 25,
    /// A line-sliding piece (a rook, not the most valuable kind) on a line with no pawn
    /// at all, middlegame.
    line_open_mg = 0,
    /// On an open line, endgame.
    line_open_eg = 0,
    /// A line-sliding piece on a line with enemy pawns but none of its side's,
    /// middlegame.
    line_half_mg = 0,
    /// On a half-open line, endgame.
    line_half_eg = 0,
    /// Pieces of a kind bound to half the board (bishops) on both halves, middlegame.
    pair_mg = 0,
    /// The pair, endgame.
    pair_eg = 0,
    /// A minor piece (not line-sliding, not the most valuable kind) in the enemy half
    /// on a square an own pawn defends and no enemy pawn can ever attack, middlegame.
    outpost_mg = 0,
    /// An outpost, endgame.
    outpost_eg = 0,
    /// A pawn attacked by the enemy and defended by nothing, middlegame.
    hanging_pawn_mg = 40,
    /// A hanging pawn, endgame.
    hanging_pawn_eg = 25,
}
