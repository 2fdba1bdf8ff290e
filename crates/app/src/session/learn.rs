//! The Learn panel: the page's four steps, each a picture on the board, and its
//! closing "try it" — the rook from `a1[0,0]` to `a1[0,1]` in a real game.

use super::picture::{Picture, explorer, explorer_home, slide_path};
use chess4d_core::{Color, Move, Rules, Square};
use chess4d_render::{Arrow, ArrowKind, Highlight};

/// One step of the walk-through.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    /// Heading.
    pub title: &'static str,
    /// What to look at.
    pub text: &'static str,
}

/// The steps, in order; the last is "try it".
pub const STEPS: [Step; 5] = [
    Step {
        title: "1. The four axes",
        text: "A square is a1[z,w]: file a-d (X, across a board), rank 1-4 (Y, up a board), \
               then Z (left board 0, right board 1) and W (bottom row 0, top row 1). In the \
               tesseract the W = 0 cube (White's two boards) and the W = 1 cube (Black's) \
               stand side by side, the same size; the View tab can nest them, W = 0 inside \
               W = 1, as the 4D page draws them. The arrows leave a1[0,0] along X, Y, Z \
               and W.",
    },
    Step {
        title: "2. Every piece's reach",
        text: "Pick a piece: it stands alone on b2[0,0] and every square it can reach lights \
               up, on the flat boards and in the tesseract at once.",
    },
    Step {
        title: "3. Count the coordinates that change",
        text: "A rook changes exactly one coordinate; a bishop exactly two, by equal \
               distances. a1[0,0] to a1[0,1] changes only W: a straight rook move, even where \
               the drawing makes it look diagonal (blue). a1[0,0] to a1[1,1] changes Z and W: \
               a bishop move, not a rook's (red). Judge a move by its coordinates.",
    },
    Step {
        title: "4. Threats across W",
        text: "The white rook on a1[0,0] checks the black king on a1[0,1] along W. Distance \
               on screen gives no protection, and a one-step W attack has no square between \
               to block: the king must move or the rook be taken. In the full set's start \
               the pawns stand face to face across W: a white pawn takes one step forward \
               along Y plus one along X, Z or W, so the pawn on b2[0,0] already attacks \
               the black pawn on b3[0,1], on the board above (and that pawn attacks it). \
               The guided game below shows where that leads.",
    },
    Step {
        title: "5. Try it",
        text: "A sandbox board: you move both sides, nobody answers, and your game waits \
               until you leave Learn. Move the rook from a1[0,0] to the board above: \
               a1[0,0] to a1[0,1] (click the rook, then a1 of the top-left board — or \
               Tab/arrows/Alt+Up and Enter).",
    },
];

/// Index of the "try it" step.
pub const TRY_IT: usize = STEPS.len() - 1;

/// Where the Learn walk-through stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Learn {
    /// The step shown.
    pub step: usize,
    /// The piece kind shown in step 2 (index into the variant's pieces).
    pub piece: usize,
    /// Whether the player made the "try it" move.
    pub done: bool,
    /// The guided game's moves shown, while it is on the board (guided.rs).
    pub guide: Option<usize>,
}

impl Default for Learn {
    fn default() -> Self {
        Learn::new()
    }
}

impl Learn {
    /// At the first step.
    pub fn new() -> Learn {
        Learn {
            step: 0,
            piece: 0,
            done: false,
            guide: None,
        }
    }
}

fn sq(rules: &dyn Rules, name: &str) -> Option<Square> {
    rules.info().shape.parse_square(name).ok()
}

/// The picture of steps 1 to 4 on the full set's rules (None for "try it", which shows
/// the game, or if a square name does not exist on this board).
pub fn picture(rules: &dyn Rules, learn: &Learn) -> Option<Picture> {
    // Every arrow here is a slide: it runs through the squares of its line.
    let arrow = |from: Square, to: Square, kind| {
        Arrow::along(slide_path(&rules.info().shape, from, to), kind)
    };
    let a1 = sq(rules, "a1[0,0]")?;
    if learn.guide.is_some() {
        // The guided game's board is a game: it shows its own moves.
        return None;
    }
    match learn.step {
        0 => {
            let ends = ["d1[0,0]", "a4[0,0]", "a1[1,0]", "a1[0,1]"];
            let mut p = Picture {
                position: chess4d_core::Position::empty(rules.info().shape),
                highlights: vec![(a1, Highlight::Selected)],
                arrows: Vec::new(),
            };
            for e in ends {
                let e = sq(rules, e)?;
                p.highlights.push((e, Highlight::LegalMove));
                p.arrows.push(arrow(a1, e, ArrowKind::Hint));
            }
            Some(p)
        }
        1 => {
            let kinds = rules.info().pieces.len();
            let kind = chess4d_core::PieceKind((learn.piece % kinds.max(1)) as u8);
            Some(explorer(rules, kind, explorer_home(&rules.info().shape)))
        }
        2 => {
            let rook = rules.info().kind_by_letter('R')?;
            let mut p = explorer(rules, rook, a1);
            let up = sq(rules, "a1[0,1]")?;
            let diag = sq(rules, "a1[1,1]")?;
            p.highlights.push((diag, Highlight::Threat));
            p.arrows.push(arrow(a1, up, ArrowKind::Hint));
            p.arrows.push(arrow(a1, diag, ArrowKind::Check));
            Some(p)
        }
        3 => {
            let pos = rules
                .parse_position("4/4/4/R3|3K/4/4/4|4/4/4/k3|4/4/4/4 b - - 0 1")
                .ok()?;
            let king = pos.king(Color::Black)?;
            let mut attackers = Vec::new();
            rules.attackers(&pos, king, Color::White, &mut attackers);
            let mut p = Picture {
                position: pos,
                highlights: vec![(king, Highlight::Check)],
                arrows: Vec::new(),
            };
            for a in attackers {
                p.highlights.push((a, Highlight::Threat));
                p.arrows.push(arrow(a, king, ArrowKind::Check));
            }
            Some(p)
        }
        _ => None,
    }
}

/// Whether `mv` is the "try it" move: `a1[0,0]` to `a1[0,1]`.
pub fn is_try_it_move(rules: &dyn Rules, mv: Move) -> bool {
    sq(rules, "a1[0,0]") == Some(mv.from) && sq(rules, "a1[0,1]") == Some(mv.to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess4d_variants::Catalog;

    #[test]
    fn every_step_before_try_it_has_a_picture() {
        let rules = Catalog::embedded().get("full").unwrap();
        for step in 0..TRY_IT {
            let l = Learn {
                step,
                ..Learn::new()
            };
            assert!(picture(&*rules, &l).is_some(), "step {step}");
        }
        assert!(
            picture(
                &*rules,
                &Learn {
                    step: TRY_IT,
                    ..Learn::new()
                }
            )
            .is_none()
        );
    }

    #[test]
    fn the_threat_step_finds_the_rook_across_w() {
        let rules = Catalog::embedded().get("full").unwrap();
        let p = picture(
            &*rules,
            &Learn {
                step: 3,
                ..Learn::new()
            },
        )
        .unwrap();
        let a1 = sq(&*rules, "a1[0,0]").unwrap();
        assert!(p.highlights.contains(&(a1, Highlight::Threat)));
        assert_eq!(p.arrows.len(), 1);
    }

    #[test]
    fn the_pawns_start_face_to_face_across_w_as_step_4_says() {
        let rules = Catalog::embedded().get("full").unwrap();
        let pos = rules.start_position();
        let (white, black) = (
            sq(&*rules, "b2[0,0]").unwrap(),
            sq(&*rules, "b3[0,1]").unwrap(),
        );
        let mut by = Vec::new();
        rules.attackers(&pos, black, Color::White, &mut by);
        assert!(by.contains(&white), "{by:?}");
        by.clear();
        rules.attackers(&pos, white, Color::Black, &mut by);
        assert!(by.contains(&black), "{by:?}");
        assert!(STEPS[3].text.contains("b2[0,0]") && STEPS[3].text.contains("b3[0,1]"));
        // Step 5 says one thing: nobody answers on the sandbox.
        assert!(!STEPS[TRY_IT].text.contains("computer"));
    }
}
