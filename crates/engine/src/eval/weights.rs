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
    tempo = 18,
    /// Centralisation of pieces (not pawns or kings), at the centre, middlegame.
    centre_mg = 41,
    /// Centralisation of pieces, endgame.
    centre_eg = 3,
    /// A pawn's advance, as per cent of a pawn at the far rank (grows with the square
    /// of its progress), middlegame.
    advance_mg = 33,
    /// A pawn's advance, endgame.
    advance_eg = 22,
    /// The king in the centre, middlegame (negative: it belongs behind its pawns).
    king_centre_mg = -179,
    /// The king in the centre, endgame.
    king_centre_eg = 49,
    /// Mobility per safe move, scaled per piece kind by its reach, middlegame.
    mobility_mg = 3,
    /// Mobility per safe move, endgame.
    mobility_eg = 2,
    /// A pawn with another of its side on the same line ahead of it, middlegame.
    doubled_mg = -41,
    /// Doubled pawn, endgame.
    doubled_eg = -8,
    /// A pawn with no pawn of its side on a neighbouring line, middlegame.
    isolated_mg = -12,
    /// Isolated pawn, endgame.
    isolated_eg = 0,
    /// A pawn defended by a pawn, middlegame.
    supported_mg = 4,
    /// Supported pawn, endgame.
    supported_eg = 6,
    /// A passed pawn at the square before promotion (less, by the square of its
    /// progress, further back), middlegame.
    passed_mg = 23,
    /// Passed pawn, endgame.
    passed_eg = 217,
    /// A passed pawn's base bonus at any distance, endgame.
    passed_base_eg = -27,
    /// Per square of king distance: the enemy king's distance to a passed pawn minus
    /// its own king's, scaled by the pawn's progress (endgame).
    passed_king_eg = 33,
    /// A passed pawn whose next square is occupied, per cent of its bonus lost.
    passed_blocked = 17,
    /// Per pawn of the king's side in front of it, middlegame.
    shield_mg = -4,
    /// Per line into the king's neighbourhood with no pawn of its side ahead of it.
    open_line_mg = -16,
    /// King danger: squared attack units around the king, per 16 (middlegame).
    king_attack_mg = -8,
    /// King danger, endgame.
    king_attack_eg = -9,
    /// A piece (not a pawn or royal) attacked by an enemy pawn, per cent of its value,
    /// middlegame (a bonus to the attacker).
    threat_pawn_mg = 11,
    /// Threat by a pawn, endgame.
    threat_pawn_eg = 4,
    /// A piece attacked by an enemy piece of lower value, middlegame.
    threat_lesser_mg = 52,
    /// Threat by a lesser piece, endgame.
    threat_lesser_eg = 6,
    /// A piece attacked by the enemy and defended by nothing, middlegame.
    hanging_mg = 4,
    /// Hanging, endgame.
    hanging_eg = 37,
    /// A line-sliding piece (a rook, not the most valuable kind) on a line with no pawn
    /// at all, middlegame.
    line_open_mg = 18,
    /// On an open line, endgame.
    line_open_eg = 22,
    /// A line-sliding piece on a line with enemy pawns but none of its side's,
    /// middlegame.
    line_half_mg = 27,
    /// On a half-open line, endgame.
    line_half_eg = 21,
    /// Pieces of a kind bound to half the board (bishops) on both halves, middlegame.
    pair_mg = 51,
    /// The pair, endgame.
    pair_eg = 23,
    /// A minor piece (not line-sliding, not the most valuable kind) in the enemy half
    /// on a square an own pawn defends and no enemy pawn can ever attack, middlegame.
    outpost_mg = 37,
    /// An outpost, endgame.
    outpost_eg = -14,
    /// A pawn attacked by the enemy and defended by nothing, middlegame.
    hanging_pawn_mg = 2,
    /// A hanging pawn, endgame.
    hanging_pawn_eg = 47,
}
