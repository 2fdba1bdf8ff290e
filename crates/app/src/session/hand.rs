//! Pieces in hand (crazyhouse, shogi): which kinds each side holds, picking one to drop
//! by click, drag or keyboard, and where it may go. A drop is [`Move::drop`] (from and
//! to the same square), so picking a hand piece makes its drops the targets.

use super::keyboard::Stop;
use super::{Drag, Mode, Session, learn};
use chess4d_core::{Color, Move, PieceKind, Square};

/// One kind a side holds in hand, and how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandSlot {
    /// Whose hand.
    pub color: Color,
    /// The kind held.
    pub kind: PieceKind,
    /// How many.
    pub count: u8,
}

impl Session {
    /// Both hands of the game on the board, White's kinds then Black's in the variant's
    /// order, each kind held at least once; `None` when the board shows no game with
    /// pockets (a variant without drops, the piece explorer, a Learn picture).
    pub fn hands(&self) -> Option<Vec<HandSlot>> {
        let game_shown = match self.mode {
            Mode::Play | Mode::Puzzle | Mode::Online => true,
            Mode::Explore(_) => false,
            Mode::Learn => self.learn.step == learn::TRY_IT,
        };
        let pos = self.game.position();
        if !game_shown || !pos.has_pockets() {
            return None;
        }
        let kinds = self.rules().info().pieces.len();
        let slots = Color::ALL
            .into_iter()
            .flat_map(|color| {
                (0..kinds).filter_map(move |k| {
                    let kind = PieceKind(k as u8);
                    let count = pos.in_hand(color, kind);
                    (count > 0).then_some(HandSlot { color, kind, count })
                })
            })
            .collect();
        Some(slots)
    }

    /// How the board's pictures and hand strips lie in `area` for `view`, as the scene
    /// draws them (strips for a game with pockets, flipped with the boards).
    pub fn board_layout(
        &self,
        view: chess4d_render::View,
        area: chess4d_render::Rect,
    ) -> chess4d_render::Layout {
        chess4d_render::layout_with_hands(
            view,
            area,
            self.hands().is_some(),
            self.black_at_bottom(),
        )
    }

    /// The pointer is over `color`'s `kind` in hand (or over no hand piece).
    pub fn set_hover_hand(&mut self, piece: Option<(Color, PieceKind)>) {
        if self.hover_hand != piece {
            self.hover_hand = piece;
            self.touch();
        }
    }

    /// The piece in hand under the pointer, in words: "white pawn in hand (2): dropped
    /// on an empty square instead of a move", then how it moves.
    pub fn hover_hand_words(&self) -> Option<String> {
        let (color, kind) = self.hover_hand?;
        let info = self.rules().info().pieces.get(kind.index())?;
        let count = self.game.position().in_hand(color, kind);
        let side = color.name().to_lowercase();
        let mut text = format!(
            "{side} {} in hand ({count}): dropped on an empty square instead of a move",
            info.name
        );
        if let Some(how) = super::picture::moves_in_words(&info.name) {
            text.push_str(&format!("\n{how}"));
        }
        Some(text)
    }

    /// The kind picked in the hand of the side to move, if any.
    pub fn selected_hand(&self) -> Option<PieceKind> {
        self.selected_hand
    }

    /// The kind in the hand of the side to move that the keyboard focuses, if any.
    pub fn focus_hand(&self) -> Option<PieceKind> {
        self.focus_hand
    }

    /// The kind being dragged from the hand, if any.
    pub fn dragging_hand(&self) -> Option<PieceKind> {
        self.drag.and_then(|d| d.hand)
    }

    /// The drops of `kind` the side to move has now.
    fn drops_of(&self, kind: PieceKind) -> Vec<Move> {
        self.game
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| m.dropped() == Some(kind))
            .collect()
    }

    /// Picks `kind` in the hand of the side to move: its legal drops become the targets
    /// (lit on the board). Says so when it cannot be dropped anywhere.
    pub fn select_hand(&mut self, kind: PieceKind) {
        if !self.can_move_now() {
            return;
        }
        let targets = self.drops_of(kind);
        if targets.is_empty() {
            let name = self.piece_name(kind);
            self.notify(false, format!("The {name} in hand has nowhere to go now."));
            return;
        }
        self.choice = None;
        self.selected = None;
        self.selected_hand = Some(kind);
        self.targets = targets;
        self.touch();
    }

    fn piece_name(&self, kind: PieceKind) -> String {
        self.rules()
            .info()
            .pieces
            .get(kind.index())
            .map_or_else(|| "piece".into(), |p| p.name.clone())
    }

    /// The mouse button went down on `color`'s `kind` in hand: picks it up for a drag
    /// (only the side to move's, on a person's turn).
    pub fn press_hand(&mut self, color: Color, kind: PieceKind) {
        if color != self.game.position().side_to_move() {
            return;
        }
        let was_selected = self.selected_hand == Some(kind);
        self.select_hand(kind);
        if self.selected_hand == Some(kind) {
            self.drag = Some(Drag {
                from: Square(0),
                was_selected,
                hand: Some(kind),
            });
        }
    }

    /// A hand piece's drag ended over `sq` (None: off the board): drops it there when
    /// that is legal; released where it was picked up, it stays picked for a click on
    /// a square (or, picked already, is put back).
    pub(super) fn release_hand_piece(&mut self, sq: Option<Square>, was_selected: bool) {
        match sq {
            Some(to) => {
                let moves: Vec<Move> = self
                    .targets
                    .iter()
                    .copied()
                    .filter(|m| m.to == to)
                    .collect();
                if !self.offer(moves) {
                    self.touch();
                }
            }
            None if was_selected => self.clear_selection(),
            None => self.touch(),
        }
    }

    /// A click on `sq` with a hand piece picked: drops it there, picks the own piece
    /// there instead, or puts the hand piece back.
    pub(super) fn click_with_hand_piece(&mut self, sq: Square) {
        let moves: Vec<Move> = self
            .targets
            .iter()
            .copied()
            .filter(|m| m.to == sq)
            .collect();
        if self.offer(moves) {
            return;
        }
        let own = self
            .game
            .position()
            .piece_at(sq)
            .is_some_and(|p| p.color() == self.game.position().side_to_move());
        if own {
            self.clear_selection();
            self.click(sq);
        } else {
            self.clear_selection();
        }
    }

    /// Enter on a focused hand piece: picks it, or puts it back when picked.
    pub(super) fn activate_hand_piece(&mut self, kind: PieceKind) {
        if self.selected_hand == Some(kind) {
            self.clear_selection();
        } else {
            self.select_hand(kind);
        }
    }

    /// Every Tab stop in order: the board's ([`Session::tab_stops`]), then, with nothing
    /// picked, the kinds in the hand of the side to move that can be dropped.
    pub fn all_tab_stops(&self) -> Vec<Stop> {
        let mut stops: Vec<Stop> = self.tab_stops().into_iter().map(Stop::Square).collect();
        if self.selected.is_none() && self.selected_hand.is_none() && self.can_move_now() {
            let mut kinds: Vec<PieceKind> = self
                .game
                .legal_moves()
                .iter()
                .filter_map(|m| m.dropped())
                .collect();
            kinds.sort_unstable_by_key(|k| k.0);
            kinds.dedup();
            stops.extend(kinds.into_iter().map(Stop::Hand));
        }
        stops
    }

    /// The stop after (or before) the focus, wrapping round; the first (or last) when
    /// the focus is on no stop.
    pub(super) fn next_stop(&self, forward: bool) -> Option<Stop> {
        let stops = self.all_tab_stops();
        let now = match (self.focus_hand, self.focus) {
            (Some(kind), _) => Some(Stop::Hand(kind)),
            (None, Some(sq)) => Some(Stop::Square(sq)),
            (None, None) => None,
        };
        let first = if forward { stops.first() } else { stops.last() };
        let Some(i) = now.and_then(|n| stops.iter().position(|&s| s == n)) else {
            return first.copied();
        };
        let n = stops.len();
        let next = if forward {
            (i + 1) % n
        } else {
            (i + n - 1) % n
        };
        stops.get(next).copied()
    }

    pub(super) fn focus_square(&mut self, sq: Square) {
        self.focus = Some(sq);
        self.focus_hand = None;
    }

    pub(super) fn focus_hand_piece(&mut self, kind: PieceKind) {
        self.focus = None;
        self.focus_hand = Some(kind);
    }
}
