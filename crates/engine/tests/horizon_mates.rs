//! Short mates from games lost to Fairy-Stockfish (scripts/match-fsf.py): positions
//! where the winner had a forced mate in two that the engine, on the winner's side,
//! did not see at the depth it reached in 200 ms. Each mate is first checked with the
//! rules alone (every defence allows a mate in one), then the engine must score it as
//! a mate at a small fixed depth.
//!
//! The xiangqi mate was lost to reverse futility: with 100 cp a ply (70 when
//! improving) it returned the static score at the defender's node after the quiet
//! first move, blind to the mate in one that move threatens; Stockfish's margins
//! (200, 100 when improving) keep the defence searched.

use chess4d_core::{Move, Position, Rules, Status};
use chess4d_engine::{Limits, search};

mod common;
use common::{legal, rules};

/// Whether the side to move has a move after which the game is won (checkmate, or a
/// side left without moves where that loses, as in xiangqi).
fn wins_in_one(rules: &dyn Rules, pos: &mut Position) -> bool {
    let mover = pos.side_to_move();
    legal(rules, pos).into_iter().any(|m| {
        let undo = rules.make_move(pos, m);
        let won = match rules.status(pos) {
            Status::Checkmate => true,
            Status::Ended { winner, .. } => winner == Some(mover),
            _ => false,
        };
        rules.unmake_move(pos, &undo);
        won
    })
}

/// Every reply to `mv` allows a win in one, and there is at least one reply.
fn forces_mate_in_two(rules: &dyn Rules, pos: &mut Position, mv: Move) -> bool {
    let undo = rules.make_move(pos, mv);
    let replies = legal(rules, pos);
    let forced = !replies.is_empty()
        && replies.iter().all(|&r| {
            let u = rules.make_move(pos, r);
            let ok = wins_in_one(rules, pos);
            rules.unmake_move(pos, &u);
            ok
        });
    rules.unmake_move(pos, &undo);
    forced
}

/// (variant, FEN, the mating move in UCI text, where it came from).
const MATES_IN_TWO: &[(&str, &str, &str, &str)] = &[(
    "xiangqi",
    "3aka3/9/b2rb4/p1p1p3R/6p2/9/P1P1r1P1P/2c6/4N4/1R1AKA3 b - - 0 31",
    "c3g3",
    "a cannon's quiet move; reverse futility with a margin of 70 to 100 cp a ply \
     cut the defence",
)];

#[test]
fn the_mates_are_forced_by_the_rules() {
    for &(variant, fen, mv, _) in MATES_IN_TWO {
        let rules = rules(variant);
        let mut pos = rules
            .parse_position(fen)
            .unwrap_or_else(|e| panic!("{fen}: {e}"));
        let m = rules
            .parse_move(&pos, mv)
            .unwrap_or_else(|e| panic!("{fen}: {mv}: {e}"));
        assert!(
            forces_mate_in_two(&*rules, &mut pos, m),
            "{variant} {fen}: {mv} does not force a mate in two"
        );
    }
}

#[test]
fn the_engine_sees_each_mate_in_two_at_depth_six() {
    for &(variant, fen, _, why) in MATES_IN_TWO {
        let rules = rules(variant);
        let pos = rules
            .parse_position(fen)
            .unwrap_or_else(|e| panic!("{fen}: {e}"));
        let r = search(&*rules, &pos, &Limits::depth(6)).expect("a move");
        assert_eq!(
            r.score.mate_in(),
            Some(2),
            "{variant} {fen} ({why}): the engine scores {:?} with {}",
            r.score,
            rules.format_move(&pos, r.best)
        );
    }
}
