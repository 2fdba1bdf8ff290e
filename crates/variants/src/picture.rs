//! A piece's own picture: a built-in silhouette by name, an SVG path in the piece's unit
//! square, or an image beside the variant file. The file says it per piece:
//!
//! ```toml
//! picture = "unicorn"                         # a built-in silhouette
//! picture = { path = "M 0.2 0.1 L 0.8 0.1 L 0.5 0.9 Z" }
//! picture = { image = "dragon.png" }          # beside the variant file
//! ```
//!
//! The path is read here (so that `check` can point into it); the viewer fills it like
//! the built-in silhouettes. The catalog keeps each variant's pictures with its entry
//! ([`Catalog::pictures`](crate::Catalog::pictures)) and hands them to whoever draws it.

use std::path::{Path, PathBuf};

/// The built-in silhouettes a file may name (the renderer's pictures, and `letter` for
/// the letter on a disc).
pub const BUILT_IN_PICTURES: [&str; 20] = [
    "king",
    "queen",
    "rook",
    "bishop",
    "knight",
    "pawn",
    "archbishop",
    "chancellor",
    "amazon",
    "cannon",
    "elephant",
    "camel",
    "ferz",
    "wazir",
    "commoner",
    "unicorn",
    "nightrider",
    "grasshopper",
    "stone",
    "letter",
];

/// What a piece's `picture` says.
#[derive(Clone, Debug, PartialEq)]
pub enum PiecePicture {
    /// A built-in silhouette, by its name (one of [`BUILT_IN_PICTURES`]).
    BuiltIn(String),
    /// Closed outlines in the piece's unit square (x right, y up, 0 to 1), filled
    /// even-odd: a hole is an outline inside another.
    Outline(Vec<Vec<[f32; 2]>>),
    /// An image file (PNG): its opaque pixels are the piece.
    Image(PathBuf),
}

/// Why a path does not read: the byte offset in the path text, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathError {
    /// Byte offset into the path string.
    pub offset: usize,
    /// What is wrong, for a person.
    pub message: String,
}

/// Straight segments a curve is drawn with.
const CURVE_STEPS: usize = 12;

/// Reads an SVG path (`M`, `L`, `H`, `V`, `C`, `Q`, `Z`, upper case absolute, lower
/// case relative) into closed outlines; curves become short straight segments.
///
/// # Examples
///
/// ```
/// let shapes = chess4d_variants::parse_svg_path("M 0.2 0.1 L 0.8 0.1 L 0.5 0.9 Z").unwrap();
/// assert_eq!(shapes, vec![vec![[0.2, 0.1], [0.8, 0.1], [0.5, 0.9]]]);
/// let e = chess4d_variants::parse_svg_path("M 0 0 L 1 X").unwrap_err();
/// assert_eq!(e.offset, 10);
/// ```
pub fn parse_svg_path(d: &str) -> Result<Vec<Vec<[f32; 2]>>, PathError> {
    let mut reader = Reader { d, at: 0 };
    let mut shapes: Vec<Vec<[f32; 2]>> = Vec::new();
    let mut current: Vec<[f32; 2]> = Vec::new();
    let mut pen = [0.0f32; 2];
    let mut command: Option<(char, usize)> = None;
    loop {
        reader.skip_space();
        let Some(c) = reader.peek() else { break };
        if c.is_ascii_alphabetic() {
            if !"MLHVCQZmlhvcqz".contains(c) {
                return Err(reader.error(&format!(
                    "unknown path command '{c}': the commands are M, L, H, V, C, Q and Z"
                )));
            }
            reader.at += 1;
            command = Some((c, reader.at - 1));
            if c == 'Z' || c == 'z' {
                close(&mut current, &mut shapes, &mut pen);
                command = None;
            }
            continue;
        }
        let Some((cmd, _)) = command else {
            return Err(reader.error("a path starts with a command: M, L, H, V, C, Q or Z"));
        };
        let relative = cmd.is_ascii_lowercase();
        let base = if relative { pen } else { [0.0, 0.0] };
        let point = |r: &mut Reader| -> Result<[f32; 2], PathError> {
            let x = r.number()?;
            let y = r.number()?;
            Ok([base[0] + x, base[1] + y])
        };
        match cmd.to_ascii_uppercase() {
            'M' => {
                close(&mut current, &mut shapes, &mut pen);
                pen = point(&mut reader)?;
                current.push(pen);
                // Further pairs after a move are lines.
                command = Some((if relative { 'l' } else { 'L' }, reader.at));
            }
            'L' => {
                pen = point(&mut reader)?;
                current.push(pen);
            }
            'H' => {
                let x = reader.number()?;
                pen = [if relative { pen[0] + x } else { x }, pen[1]];
                current.push(pen);
            }
            'V' => {
                let y = reader.number()?;
                pen = [pen[0], if relative { pen[1] + y } else { y }];
                current.push(pen);
            }
            'Q' => {
                let (a, b) = (point(&mut reader)?, point(&mut reader)?);
                curve(&mut current, &[pen, a, b]);
                pen = b;
            }
            'C' => {
                let (a, b, c) = (
                    point(&mut reader)?,
                    point(&mut reader)?,
                    point(&mut reader)?,
                );
                curve(&mut current, &[pen, a, b, c]);
                pen = c;
            }
            _ => return Err(reader.error("a path command is expected here")),
        }
    }
    close(&mut current, &mut shapes, &mut pen);
    if shapes.is_empty() {
        return Err(PathError {
            offset: 0,
            message: "the path draws nothing: it needs at least three points (M x y L x y L x y Z)"
                .into(),
        });
    }
    let outside = shapes
        .iter()
        .flatten()
        .any(|p| !(-0.01..=1.01).contains(&p[0]) || !(-0.01..=1.01).contains(&p[1]));
    if outside {
        return Err(PathError {
            offset: 0,
            message: "the path leaves the piece's unit square: x and y go from 0 to 1".into(),
        });
    }
    Ok(shapes)
}

/// Ends the outline being drawn (a shape needs three points).
fn close(current: &mut Vec<[f32; 2]>, shapes: &mut Vec<Vec<[f32; 2]>>, pen: &mut [f32; 2]) {
    if let Some(&first) = current.first() {
        *pen = first;
    }
    if current.len() >= 3 {
        shapes.push(std::mem::take(current));
    } else {
        current.clear();
    }
}

/// Adds a Bézier curve from `points[0]` through its control points, as segments.
fn curve(out: &mut Vec<[f32; 2]>, points: &[[f32; 2]]) {
    for i in 1..=CURVE_STEPS {
        let t = i as f32 / CURVE_STEPS as f32;
        let mut p = points.to_vec();
        // De Casteljau: blend neighbours until one point is left.
        while p.len() > 1 {
            p = p
                .windows(2)
                .map(|w| {
                    [
                        w[0][0] + (w[1][0] - w[0][0]) * t,
                        w[0][1] + (w[1][1] - w[0][1]) * t,
                    ]
                })
                .collect();
        }
        out.push(p[0]);
    }
}

struct Reader<'a> {
    d: &'a str,
    at: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.d[self.at..].chars().next()
    }

    fn skip_space(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_whitespace() || c == ',' {
                self.at += c.len_utf8();
            } else {
                break;
            }
        }
    }

    fn error(&self, message: &str) -> PathError {
        PathError {
            offset: self.at,
            message: message.to_string(),
        }
    }

    /// One number (`0.5`, `-1`, `.25`, `1e-2`).
    fn number(&mut self) -> Result<f32, PathError> {
        self.skip_space();
        let rest = &self.d[self.at..];
        let mut end = 0;
        for (i, c) in rest.char_indices() {
            let sign_ok = (c == '-' || c == '+') && (i == 0 || rest[..i].ends_with(['e', 'E']));
            if c.is_ascii_digit() || c == '.' || c == 'e' || c == 'E' || sign_ok {
                end = i + c.len_utf8();
            } else {
                break;
            }
        }
        match rest[..end].parse::<f32>() {
            Ok(v) if v.is_finite() => {
                self.at += end;
                Ok(v)
            }
            _ => Err(self.error("a number is missing here")),
        }
    }
}

/// Where an image beside a variant file is: relative to the file's folder.
pub(crate) fn image_path(variant_file: &str, image: &str) -> PathBuf {
    match Path::new(variant_file).parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.join(image),
        _ => PathBuf::from(image),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_read_lines_curves_and_relative_moves() {
        let s = parse_svg_path("M0.1,0.1 H0.9 V0.9 h-0.8 z").unwrap();
        let want = [[0.1, 0.1], [0.9, 0.1], [0.9, 0.9], [0.1, 0.9]];
        assert_eq!(s.len(), 1);
        for (p, w) in s[0].iter().zip(want) {
            assert!(
                (p[0] - w[0]).abs() < 1e-6 && (p[1] - w[1]).abs() < 1e-6,
                "{p:?}"
            );
        }
        let s =
            parse_svg_path("M 0.1 0.1 Q 0.5 1 0.9 0.1 Z M 0.4 0.2 l 0.2 0 l -0.1 0.2 z").unwrap();
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].len(), 1 + CURVE_STEPS);
        assert!((s[1][2][0] - 0.5).abs() < 1e-6 && (s[1][2][1] - 0.4).abs() < 1e-6);
        let c = parse_svg_path("M 0 0 C 0 1 1 1 1 0 Z").unwrap();
        assert!(c[0].iter().all(|p| p[1] <= 0.76));
    }

    #[test]
    fn bad_paths_say_where() {
        assert_eq!(parse_svg_path("0 0 L 1 1").unwrap_err().offset, 0);
        let e = parse_svg_path("M 0 0 L 1 1 X 3").unwrap_err();
        assert_eq!(e.offset, 12);
        assert!(
            e.message.contains("unknown path command 'X'"),
            "{}",
            e.message
        );
        assert_eq!(parse_svg_path("M 0 0 L 1").unwrap_err().offset, 9);
        assert!(parse_svg_path("M 0 0 L 2 0 L 0 1 Z").is_err());
        assert!(parse_svg_path("M 0 0 L 1 0").is_err());
    }
}
