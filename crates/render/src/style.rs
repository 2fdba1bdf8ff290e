//! The palette: square colours per theme, one colour per highlight and arrow kind, and
//! piece fill/outline colours. Colours are sRGB in 0..1.

use crate::scene::{ArrowKind, Highlight, Theme};

pub(crate) type Rgba = [f32; 4];

/// Colours that depend on the theme.
pub(crate) struct Palette {
    pub(crate) background: Rgba,
    pub(crate) light_square: Rgba,
    pub(crate) dark_square: Rgba,
    pub(crate) board_frame: Rgba,
    pub(crate) label: Rgba,
    pub(crate) cube_line: Rgba,
    pub(crate) separator: Rgba,
}

pub(crate) fn palette(theme: Theme) -> Palette {
    match theme {
        Theme::Dark => Palette {
            background: [0.075, 0.085, 0.105, 1.0],
            light_square: [0.80, 0.83, 0.87, 1.0],
            dark_square: [0.45, 0.53, 0.63, 1.0],
            board_frame: [0.20, 0.23, 0.28, 1.0],
            label: [0.72, 0.76, 0.82, 1.0],
            cube_line: [0.55, 0.65, 0.80, 0.55],
            separator: [0.22, 0.25, 0.30, 1.0],
        },
        Theme::Light => Palette {
            background: [0.93, 0.94, 0.96, 1.0],
            light_square: [0.86, 0.88, 0.91, 1.0],
            dark_square: [0.52, 0.60, 0.70, 1.0],
            board_frame: [0.36, 0.40, 0.47, 1.0],
            label: [0.25, 0.28, 0.33, 1.0],
            cube_line: [0.30, 0.38, 0.52, 0.55],
            separator: [0.75, 0.78, 0.82, 1.0],
        },
    }
}

/// The colour of a square mark; tests look for these on screen.
pub(crate) fn highlight_colour(h: Highlight) -> Rgba {
    match h {
        Highlight::Selected => [0.98, 0.78, 0.18, 1.0],
        Highlight::LegalMove => [0.22, 0.80, 0.36, 1.0],
        Highlight::LegalCapture => [0.95, 0.38, 0.16, 1.0],
        Highlight::LastMove => [0.86, 0.84, 0.38, 1.0],
        Highlight::Check => [0.95, 0.10, 0.12, 1.0],
        Highlight::Threat => [1.00, 0.55, 0.00, 1.0],
        Highlight::Focus => [0.20, 0.55, 1.00, 1.0],
        Highlight::Hover => [0.90, 0.94, 1.00, 1.0],
        Highlight::Path => [0.25, 0.80, 0.86, 1.0],
        Highlight::Moved => [1.00, 0.86, 0.22, 1.0],
        Highlight::Region => [0.62, 0.36, 0.86, 1.0],
        Highlight::Goal => [0.20, 0.85, 0.55, 1.0],
    }
}

/// Which mark tints a tesseract cell when a square carries several (higher wins).
pub(crate) fn highlight_rank(h: Highlight) -> u8 {
    match h {
        Highlight::Check => 9,
        Highlight::Selected => 8,
        Highlight::LegalCapture => 7,
        Highlight::Threat => 6,
        Highlight::LegalMove => 5,
        Highlight::Focus => 4,
        Highlight::Hover => 3,
        Highlight::Moved => 2,
        Highlight::LastMove => 2,
        Highlight::Path => 1,
        Highlight::Goal => 1,
        Highlight::Region => 0,
    }
}

pub(crate) fn arrow_colour(kind: ArrowKind) -> Rgba {
    match kind {
        ArrowKind::Check => [0.95, 0.12, 0.12, 0.78],
        ArrowKind::Hint => [0.25, 0.55, 1.00, 0.78],
        ArrowKind::LastMove => [0.98, 0.80, 0.20, 0.72],
    }
}

/// Fill and outline of a piece: white is light with a dark outline; black is dark with
/// a mid-grey outline, so it still reads black when drawn small. The outline's alpha
/// says how strongly the inner detail strokes take the outline colour (the rest is
/// fill): black's strokes stay dark.
pub(crate) fn piece_colours(white: bool) -> (Rgba, Rgba) {
    if white {
        ([0.98, 0.96, 0.91, 1.0], [0.07, 0.07, 0.09, 1.0])
    } else {
        ([0.09, 0.09, 0.11, 1.0], [0.62, 0.64, 0.68, 0.4])
    }
}

/// The colour that tells W layers apart in both views (cube lines, board frames,
/// tile tints, labels): blue for W = 0, amber for the last layer, green and magenta
/// between on boards with more.
pub(crate) fn w_tint(w: u32, layers: u32) -> Rgba {
    const FOUR: [Rgba; 4] = [
        [0.36, 0.66, 1.00, 1.0],
        [0.40, 0.86, 0.48, 1.0],
        [0.92, 0.45, 0.90, 1.0],
        [1.00, 0.68, 0.22, 1.0],
    ];
    match layers {
        0 | 1 => [0.62, 0.70, 0.84, 1.0],
        2 => [FOUR[0], FOUR[3]][(w as usize).min(1)],
        3 => [FOUR[0], FOUR[1], FOUR[3]][(w as usize).min(2)],
        _ => FOUR[(w as usize) % 4],
    }
}

/// `a` mixed towards `b` by `t` (alpha from `a`).
pub(crate) fn mix(a: Rgba, b: Rgba, t: f32) -> Rgba {
    let m = |i: usize| a[i] + (b[i] - a[i]) * t;
    [m(0), m(1), m(2), a[3]]
}

/// `c` with its alpha replaced.
pub(crate) fn with_alpha(c: Rgba, a: f32) -> Rgba {
    [c[0], c[1], c[2], a]
}
