//! The evaluation's weights: every term's size in centipawns, as one list a tuner can
//! read and write (`examples/tune.rs`).
//!
//! Terms come in pairs for the middlegame and the endgame; the evaluation blends them
//! by how much non-pawn material is left.
//!
//! [`Weights::default`] is the set a search of orthodox chess or Chess960 uses: fitted
//! (`examples/tune.rs` with `SQUARES=1`) to Stockfish's evaluation of 176k quiet
//! positions together with the square corrections of `nets/orthodox.squares`, which it
//! complements. Variants without corrections use [`Weights::for_axes`].

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
    tempo = 24,
    /// A pawn's advance, as per cent of a pawn at the far rank (grows with the square
    /// of its progress), middlegame.
    advance_mg = 65,
    /// A pawn's advance, endgame.
    advance_eg = 15,
    /// The king in the centre, middlegame (negative: it belongs behind its pawns).
    king_centre_mg = -137,
    /// The king in the centre, endgame.
    king_centre_eg = 73,
    /// A pawn with another of its side on the same line ahead of it, middlegame.
    doubled_mg = -22,
    /// Doubled pawn, endgame.
    doubled_eg = -29,
    /// A pawn with no pawn of its side on a neighbouring line, middlegame.
    isolated_mg = -8,
    /// Isolated pawn, endgame.
    isolated_eg = -2,
    /// A pawn defended by a pawn, middlegame.
    supported_mg = 12,
    /// Supported pawn, endgame.
    supported_eg = 16,
    /// A pawn with another of its side level with it on a neighbouring line,
    /// middlegame.
    phalanx_mg = 6,
    /// A pawn beside another, endgame.
    phalanx_eg = 6,
    /// A passed pawn at the square before promotion (less, by the square of its
    /// progress, further back), middlegame.
    passed_mg = 36,
    /// Passed pawn, endgame.
    passed_eg = 217,
    /// A passed pawn's base bonus at any distance, endgame.
    passed_base_eg = -5,
    /// Per square of king distance: the enemy king's distance to a passed pawn minus
    /// its own king's, scaled by the pawn's progress (endgame).
    passed_king_eg = 37,
    /// A passed pawn whose next square is occupied, per cent of its bonus lost.
    passed_blocked = 63,
    /// Per pawn of the king's side in front of it, middlegame.
    shield_mg = 0,
    /// Per line into the king's neighbourhood with no pawn of its side ahead of it.
    open_line_mg = -14,
    /// King danger: squared attack units around the king, per 16 (middlegame). Twice
    /// what the tuner finds: quiet positions rarely show what an attack is worth, and
    /// Stockfish's judgement of the moves played agrees with the larger weight
    /// (`scripts/move-quality.py`).
    king_attack_mg = -16,
    /// King danger, endgame.
    king_attack_eg = -19,
    /// Per empty square from which an enemy piece could check the king and that the
    /// king's side does not guard, middlegame.
    safe_check_mg = -12,
    /// A safe check, endgame.
    safe_check_eg = -16,
    /// A piece (not a pawn or royal) attacked by an enemy pawn, per cent of its value,
    /// middlegame (a bonus to the attacker).
    threat_pawn_mg = 15,
    /// Threat by a pawn, endgame.
    threat_pawn_eg = 10,
    /// A piece attacked by an enemy piece of lower value, middlegame.
    threat_lesser_mg = 41,
    /// Threat by a lesser piece, endgame.
    threat_lesser_eg = 50,
    /// A piece attacked by the enemy and defended by nothing, middlegame.
    hanging_mg = 14,
    /// Hanging, endgame.
    hanging_eg = 33,
    /// A line-sliding piece (a rook, not the most valuable kind) on a line with no pawn
    /// at all, middlegame.
    line_open_mg = 45,
    /// On an open line, endgame.
    line_open_eg = 0,
    /// A line-sliding piece on a line with enemy pawns but none of its side's,
    /// middlegame.
    line_half_mg = 22,
    /// On a half-open line, endgame.
    line_half_eg = 14,
    /// Pieces of a kind bound to half the board (bishops) on both halves, middlegame.
    pair_mg = 35,
    /// The pair, endgame.
    pair_eg = 67,
    /// A minor piece (not line-sliding, not the most valuable kind) in the enemy half
    /// on a square an own pawn defends and no enemy pawn can ever attack, middlegame.
    outpost_mg = 34,
    /// An outpost, endgame.
    outpost_eg = 23,
    /// A pawn attacked by the enemy and defended by nothing, middlegame.
    hanging_pawn_mg = 12,
    /// A hanging pawn, endgame.
    hanging_pawn_eg = 42,
    /// The value of a minor piece that is neither bound to half the board nor a line slider (the knight), per cent more than the variant's value for it,
    /// middlegame.
    minor_value_mg = 2,
    /// Its value, endgame.
    minor_value_eg = 10,
    /// Its centralisation, at the centre, middlegame.
    minor_centre_mg = 61,
    /// Its centralisation, endgame.
    minor_centre_eg = 78,
    /// Its progress toward the enemy's side, at the far rank, middlegame.
    minor_forward_mg = -22,
    /// Its progress, endgame.
    minor_forward_eg = 40,
    /// Its mobility per safe move, per 4 centipawns and scaled by the kind's reach,
    /// middlegame.
    minor_mobility_mg = 6,
    /// Its mobility, endgame.
    minor_mobility_eg = 8,
    /// On its side's own back rank (not yet brought out), middlegame.
    minor_back_mg = -8,
    /// On its back rank, endgame.
    minor_back_eg = 29,
    /// Its weight in the attack on an enemy king, per cent of the weight its value
    /// gives, for each square of the king's neighbourhood it reaches.
    minor_attack = 75,
    /// The value of a piece bound to half the board (the bishop), per cent more than the variant's value for it,
    /// middlegame.
    bound_value_mg = 10,
    /// Its value, endgame.
    bound_value_eg = 16,
    /// Its centralisation, at the centre, middlegame.
    bound_centre_mg = -13,
    /// Its centralisation, endgame.
    bound_centre_eg = 38,
    /// Its progress toward the enemy's side, at the far rank, middlegame.
    bound_forward_mg = 4,
    /// Its progress, endgame.
    bound_forward_eg = 50,
    /// Its mobility per safe move, per 4 centipawns and scaled by the kind's reach,
    /// middlegame.
    bound_mobility_mg = 12,
    /// Its mobility, endgame.
    bound_mobility_eg = 16,
    /// On its side's own back rank (not yet brought out), middlegame.
    bound_back_mg = -22,
    /// On its back rank, endgame.
    bound_back_eg = 2,
    /// Its weight in the attack on an enemy king, per cent of the weight its value
    /// gives, for each square of the king's neighbourhood it reaches.
    bound_attack = 81,
    /// The value of a piece sliding along the pawns' lines, not the most valuable kind (the rook), per cent more than the variant's value for it,
    /// middlegame.
    line_value_mg = -9,
    /// Its value, endgame.
    line_value_eg = 30,
    /// Its centralisation, at the centre, middlegame.
    line_centre_mg = 50,
    /// Its centralisation, endgame.
    line_centre_eg = 16,
    /// Its progress toward the enemy's side, at the far rank, middlegame.
    line_forward_mg = 60,
    /// Its progress, endgame.
    line_forward_eg = 108,
    /// Its mobility per safe move, per 4 centipawns and scaled by the kind's reach,
    /// middlegame.
    line_mobility_mg = 12,
    /// Its mobility, endgame.
    line_mobility_eg = 14,
    /// On its side's own back rank (not yet brought out), middlegame.
    line_back_mg = 25,
    /// On its back rank, endgame.
    line_back_eg = 20,
    /// Its weight in the attack on an enemy king, per cent of the weight its value
    /// gives, for each square of the king's neighbourhood it reaches.
    line_attack = 75,
    /// The value of the most valuable kind (the queen), per cent more than the variant's value for it,
    /// middlegame.
    major_value_mg = 31,
    /// Its value, endgame.
    major_value_eg = 33,
    /// Its centralisation, at the centre, middlegame.
    major_centre_mg = -46,
    /// Its centralisation, endgame.
    major_centre_eg = 101,
    /// Its progress toward the enemy's side, at the far rank, middlegame.
    major_forward_mg = -40,
    /// Its progress, endgame.
    major_forward_eg = 275,
    /// Its mobility per safe move, per 4 centipawns and scaled by the kind's reach,
    /// middlegame.
    major_mobility_mg = 8,
    /// Its mobility, endgame.
    major_mobility_eg = 29,
    /// On its side's own back rank (not yet brought out), middlegame.
    major_back_mg = -18,
    /// On its back rank, endgame.
    major_back_eg = -7,
    /// Its weight in the attack on an enemy king, per cent of the weight its value
    /// gives, for each square of the king's neighbourhood it reaches.
    major_attack = 100,
    /// A pawn's value, per cent more than the variant's value for it, middlegame.
    pawn_value_mg = -29,
    /// A pawn's value, endgame.
    pawn_value_eg = -6,
    /// The king's progress toward the enemy's side, at the far rank, middlegame.
    king_forward_mg = -11,
    /// The king's progress, endgame.
    king_forward_eg = 35,
    /// Per castling right a side still holds, middlegame.
    castling_mg = 8,
}

/// One role's weights, middlegame and endgame.
pub(crate) struct RoleWeights {
    pub(crate) value: [i32; 2],
    pub(crate) centre: [i32; 2],
    pub(crate) forward: [i32; 2],
    pub(crate) mobility: [i32; 2],
    pub(crate) back: [i32; 2],
    pub(crate) attack: i32,
}

impl Weights {
    /// The weights of role `r`: 0 minor, 1 bound, 2 line, 3 major.
    pub(crate) fn role(&self, r: usize) -> RoleWeights {
        let w = match r {
            0 => [
                self.minor_value_mg,
                self.minor_value_eg,
                self.minor_centre_mg,
                self.minor_centre_eg,
                self.minor_forward_mg,
                self.minor_forward_eg,
                self.minor_mobility_mg,
                self.minor_mobility_eg,
                self.minor_back_mg,
                self.minor_back_eg,
                self.minor_attack,
            ],
            1 => [
                self.bound_value_mg,
                self.bound_value_eg,
                self.bound_centre_mg,
                self.bound_centre_eg,
                self.bound_forward_mg,
                self.bound_forward_eg,
                self.bound_mobility_mg,
                self.bound_mobility_eg,
                self.bound_back_mg,
                self.bound_back_eg,
                self.bound_attack,
            ],
            2 => [
                self.line_value_mg,
                self.line_value_eg,
                self.line_centre_mg,
                self.line_centre_eg,
                self.line_forward_mg,
                self.line_forward_eg,
                self.line_mobility_mg,
                self.line_mobility_eg,
                self.line_back_mg,
                self.line_back_eg,
                self.line_attack,
            ],
            _ => [
                self.major_value_mg,
                self.major_value_eg,
                self.major_centre_mg,
                self.major_centre_eg,
                self.major_forward_mg,
                self.major_forward_eg,
                self.major_mobility_mg,
                self.major_mobility_eg,
                self.major_back_mg,
                self.major_back_eg,
                self.major_attack,
            ],
        };
        RoleWeights {
            value: [w[0], w[1]],
            centre: [w[2], w[3]],
            forward: [w[4], w[5]],
            mobility: [w[6], w[7]],
            back: [w[8], w[9]],
            attack: w[10],
        }
    }
}

impl Weights {
    /// The weights for a board of `axes` axes without square corrections (every
    /// variant but orthodox chess and Chess960). On one or two axes: the set the
    /// fourth pass tuned on orthodox chess before the corrections existed. Beyond two:
    /// the set tuned before the per-role, castling and safe-check terms, which keeps
    /// them neutral and scored better on the classic 4D set (48.8% for the 2D-tuned set
    /// over 40 games).
    pub fn for_axes(axes: usize) -> Weights {
        if axes <= 2 {
            Weights::alone_2d()
        } else {
            Weights::beyond_2d()
        }
    }

    /// The 2D set fitted on its own, without the square corrections.
    fn alone_2d() -> Weights {
        Weights {
            tempo: 20,
            advance_mg: 66,
            advance_eg: 6,
            king_centre_mg: -172,
            king_centre_eg: 65,
            doubled_mg: -20,
            doubled_eg: -14,
            isolated_mg: -14,
            isolated_eg: -2,
            supported_mg: 8,
            supported_eg: 10,
            phalanx_mg: 6,
            phalanx_eg: 6,
            passed_mg: 35,
            passed_eg: 217,
            passed_base_eg: -7,
            passed_king_eg: 33,
            passed_blocked: 41,
            shield_mg: 2,
            open_line_mg: -16,
            king_attack_mg: -16,
            king_attack_eg: -3,
            safe_check_mg: -8,
            safe_check_eg: -18,
            threat_pawn_mg: 9,
            threat_pawn_eg: 8,
            threat_lesser_mg: 41,
            threat_lesser_eg: 10,
            hanging_mg: 10,
            hanging_eg: 40,
            line_open_mg: 28,
            line_open_eg: -2,
            line_half_mg: 20,
            line_half_eg: 10,
            pair_mg: 38,
            pair_eg: 51,
            outpost_mg: 31,
            outpost_eg: 6,
            hanging_pawn_mg: 8,
            hanging_pawn_eg: 36,
            minor_value_mg: -2,
            minor_value_eg: 0,
            minor_centre_mg: 69,
            minor_centre_eg: 38,
            minor_forward_mg: -16,
            minor_forward_eg: 8,
            minor_mobility_mg: 8,
            minor_mobility_eg: 10,
            minor_back_mg: -4,
            minor_back_eg: -4,
            minor_attack: 75,
            bound_value_mg: 8,
            bound_value_eg: 4,
            bound_centre_mg: -5,
            bound_centre_eg: 31,
            bound_forward_mg: -6,
            bound_forward_eg: 8,
            bound_mobility_mg: 14,
            bound_mobility_eg: 12,
            bound_back_mg: -22,
            bound_back_eg: -2,
            bound_attack: 100,
            line_value_mg: -24,
            line_value_eg: 22,
            line_centre_mg: 96,
            line_centre_eg: -22,
            line_forward_mg: 27,
            line_forward_eg: 69,
            line_mobility_mg: 10,
            line_mobility_eg: 10,
            line_back_mg: 32,
            line_back_eg: 8,
            line_attack: 133,
            major_value_mg: 14,
            major_value_eg: 16,
            major_centre_mg: -37,
            major_centre_eg: 49,
            major_forward_mg: -54,
            major_forward_eg: 194,
            major_mobility_mg: 18,
            major_mobility_eg: -6,
            major_back_mg: -12,
            major_back_eg: -8,
            major_attack: 100,
            pawn_value_mg: -33,
            pawn_value_eg: -2,
            king_forward_mg: -78,
            king_forward_eg: 40,
            castling_mg: 16,
        }
    }

    fn beyond_2d() -> Weights {
        Weights {
            tempo: 18,
            advance_mg: 33,
            advance_eg: 22,
            king_centre_mg: -179,
            king_centre_eg: 49,
            doubled_mg: -41,
            doubled_eg: -8,
            isolated_mg: -12,
            isolated_eg: 0,
            supported_mg: 4,
            supported_eg: 6,
            phalanx_mg: 0,
            phalanx_eg: 0,
            passed_mg: 23,
            passed_eg: 217,
            passed_base_eg: -27,
            passed_king_eg: 33,
            passed_blocked: 17,
            shield_mg: -4,
            open_line_mg: -16,
            king_attack_mg: -8,
            king_attack_eg: -9,
            safe_check_mg: 0,
            safe_check_eg: 0,
            threat_pawn_mg: 11,
            threat_pawn_eg: 4,
            threat_lesser_mg: 52,
            threat_lesser_eg: 6,
            hanging_mg: 4,
            hanging_eg: 37,
            line_open_mg: 18,
            line_open_eg: 22,
            line_half_mg: 27,
            line_half_eg: 21,
            pair_mg: 51,
            pair_eg: 23,
            outpost_mg: 37,
            outpost_eg: -14,
            hanging_pawn_mg: 2,
            hanging_pawn_eg: 47,
            minor_value_mg: 0,
            minor_value_eg: 0,
            minor_centre_mg: 41,
            minor_centre_eg: 3,
            minor_forward_mg: 0,
            minor_forward_eg: 0,
            minor_mobility_mg: 12,
            minor_mobility_eg: 8,
            minor_back_mg: 0,
            minor_back_eg: 0,
            minor_attack: 100,
            bound_value_mg: 0,
            bound_value_eg: 0,
            bound_centre_mg: 41,
            bound_centre_eg: 3,
            bound_forward_mg: 0,
            bound_forward_eg: 0,
            bound_mobility_mg: 12,
            bound_mobility_eg: 8,
            bound_back_mg: 0,
            bound_back_eg: 0,
            bound_attack: 100,
            line_value_mg: 0,
            line_value_eg: 0,
            line_centre_mg: 41,
            line_centre_eg: 3,
            line_forward_mg: 0,
            line_forward_eg: 0,
            line_mobility_mg: 12,
            line_mobility_eg: 8,
            line_back_mg: 0,
            line_back_eg: 0,
            line_attack: 100,
            major_value_mg: 0,
            major_value_eg: 0,
            major_centre_mg: 41,
            major_centre_eg: 3,
            major_forward_mg: 0,
            major_forward_eg: 0,
            major_mobility_mg: 12,
            major_mobility_eg: 8,
            major_back_mg: 0,
            major_back_eg: 0,
            major_attack: 100,
            pawn_value_mg: 0,
            pawn_value_eg: 0,
            king_forward_mg: 0,
            king_forward_eg: 0,
            castling_mg: 0,
        }
    }
}
