//! The grasshopper (along queen lines to the first piece, then just past it) and the
//! rose (knight leaps turning round an octagon), on 2, 3 and 4 axes. Counted by hand
//! from the definitions; attacks agree with captures everywhere.

use chess4d_core::{Color, Piece, Position, Rules, TableRules, perft};
use chess4d_variants::{VariantSpec, parse_variant};

fn variant(board: &str, start: &str, king: &str) -> String {
    format!(
        r#"
[variant]
name = "hoppers"
board = {board}
start = "{start}"

[[piece]]
letter = "K"
name = "king"
royal = true
moves = [{{ step = {king} }}]

[[piece]]
letter = "G"
name = "grasshopper"
value = 300
moves = [{{ slide = {king}, hop = "grasshopper" }}]

[[piece]]
letter = "O"
name = "rose"
value = 800
moves = [{{ rose = [2, 1] }}]

[[piece]]
letter = "H"
name = "kinghopper"
value = 200
moves = [{{ slide = [1, 2], range = 1, hop = "grasshopper" }}]

[[piece]]
letter = "C"
name = "crooked bishop"
value = 300
moves = [{{ cycle = [[1, 1], [1, -1]] }}]
"#
    )
}

fn rules(text: &str) -> Box<TableRules> {
    match parse_variant(text, "hoppers.toml") {
        Ok(VariantSpec::Table(r)) => r,
        Ok(_) => panic!("a table variant"),
        Err(e) => panic!("{e}"),
    }
}

fn flat(fen: &str) -> Box<TableRules> {
    rules(&variant("[8, 8]", fen, "[1, 2]"))
}

/// The legal moves of the piece on `from` (a square name).
fn moves_from(r: &TableRules, from: &str) -> Vec<String> {
    let shape = r.info().shape;
    let from = shape.parse_square(from).unwrap();
    let mut moves = Vec::new();
    r.legal_moves(&r.start_position(), &mut moves);
    let mut names: Vec<String> = moves
        .iter()
        .filter(|m| m.from == from)
        .map(|m| shape.square_name(m.to))
        .collect();
    names.sort();
    names
}

#[test]
fn the_grasshopper_lands_just_past_its_hurdle() {
    // G d4 with hurdles d6 (two squares up), b6 (two up-left), f4 (two right): it
    // lands on d7, a7 and g4. The white king a1 on d4's diagonal is a hurdle with no
    // square past it; the black king h8 likewise.
    let r = flat("7k/8/1g1g4/8/3G1g2/8/8/K7 w - - 0 1");
    assert_eq!(moves_from(&r, "d4"), ["a7", "d7", "g4"]);
    // An enemy just past the hurdle is captured; a friend there blocks.
    let r = flat("7k/3g4/3g4/8/3G1gG1/8/8/K7 w - - 0 1");
    assert_eq!(moves_from(&r, "d4"), ["d7"]);
    // Without any piece on its lines it cannot move at all.
    let r = flat("7k/8/8/8/3G4/8/8/K7 w - - 0 1");
    assert!(moves_from(&r, "d4").is_empty());
}

#[test]
fn the_kinghopper_needs_its_hurdle_next_to_it() {
    // H d4 with hurdles e5 (next to it) and d6 (two away): only e5 is close enough, so
    // it lands on f6.
    let r = flat("7k/8/3g4/4g3/3H4/8/8/K7 w - - 0 1");
    assert_eq!(moves_from(&r, "d4"), ["f6"]);
}

#[test]
fn the_grasshopper_checks_over_a_hurdle() {
    // The white grasshopper e1 jumps the black grasshopper e7 onto the king e8: check.
    let r = flat("4k3/4g3/8/8/8/8/8/K3G3 b - - 0 1");
    let e8 = r.info().shape.parse_square("e8").unwrap();
    assert!(r.is_attacked(&r.start_position(), e8, Color::White));
    // The e7 grasshopper that screens the king cannot move (it has no hurdle with a
    // landing square), so only the king answers: d8, f8, d7, f7.
    assert_eq!(perft(&*r, &mut r.start_position(), 1), 4);
    // Moved aside, the hurdle is gone: no check.
    let r = flat("4k3/3g4/8/8/8/8/8/K3G3 b - - 0 1");
    assert!(!r.is_attacked(&r.start_position(), e8, Color::White));
}

#[test]
fn the_rose_circles_from_a_corner() {
    // From a1 only (1, 2) and (2, 1) start inside the board. Turning clockwise from
    // (1, 2): b3, d4, f3, g1; anticlockwise: b3, a5. From (2, 1) clockwise: c2, e1;
    // anticlockwise: c2, d4, c6, a7. d4 is found twice but is one move: 9.
    let r = flat("7K/8/8/7k/8/8/8/O7 w - - 0 1");
    assert_eq!(
        moves_from(&r, "a1"),
        ["a5", "a7", "b3", "c2", "c6", "d4", "e1", "f3", "g1"]
    );
    // A black rose on d4 closes both paths through it (and is taken there): b3, a5, c2,
    // e1, xd4. It attacks g7 (d4-e6-g7), so the king h8 has g8 and h7: 5 + 2.
    let r = flat("7K/8/8/7k/3o4/8/8/O7 w - - 0 1");
    assert_eq!(moves_from(&r, "a1"), ["a5", "b3", "c2", "d4", "e1"]);
    assert_eq!(perft(&*r, &mut r.start_position(), 1), 7);
}

#[test]
fn the_rose_has_a_circle_in_every_plane() {
    // 8x8x8, rose on the corner: in each of the planes xy, xz, yz the nine squares of
    // the flat corner; the two of them on each axis (4 and 6 squares along it) belong
    // to both planes of that axis: 3 * 9 - 3 * 2 = 21.
    let empty8 = "8/8/8/8/8/8/8/8";
    let mut boards = vec![empty8.to_string(); 8];
    boards[0] = "8/8/8/8/8/8/8/O7".into();
    boards[7] = "7k/8/8/8/8/8/8/7K".into();
    let fen = format!("{} w - - 0 1", boards.join("|"));
    let r = rules(&variant("[8, 8, 8]", &fen, "[1, 2, 3]"));
    assert_eq!(moves_from(&r, &rose_square(&r)).len(), 21);
    // 4D, 7x7x7x7: six planes of 5 squares off the axes, and 2 on each of 4 axes: 38.
    let empty7 = "7/7/7/7/7/7/7";
    let mut boards = vec![empty7.to_string(); 49];
    boards[0] = "7/7/7/7/7/7/O6".into();
    boards[48] = "6k/7/7/7/7/7/6K".into();
    let fen = format!("{} w - - 0 1", boards.join("|"));
    let r = rules(&variant("[7, 7, 7, 7]", &fen, "[1, 2, 3, 4]"));
    assert_eq!(moves_from(&r, &rose_square(&r)).len(), 38);
}

#[test]
fn the_crooked_bishop_zigzags_along_either_axis() {
    // From a1 the zigzags must start b2: along x b2-c1-d2-e1-f2-g1-h2, along y
    // b2-a3-b4-a5-b6-a7-b8: 13 squares (b2 once). The king h8: g8, g7, h7.
    let r = flat("3k3K/8/8/8/8/8/8/C7 w - - 0 1");
    assert_eq!(moves_from(&r, "a1").len(), 13);
    assert_eq!(perft(&*r, &mut r.start_position(), 1), 16);
    // A black crooked bishop on c1 ends the x zigzag there (taken): b2, c1 and the
    // six of the y zigzag after b2; it reaches none of the king's squares: 8 + 3.
    let r = flat("3k3K/8/8/8/8/8/8/C1c5 w - - 0 1");
    assert_eq!(
        moves_from(&r, "a1"),
        ["a3", "a5", "a7", "b2", "b4", "b6", "b8", "c1"]
    );
    assert_eq!(perft(&*r, &mut r.start_position(), 1), 11);
    // 4x4x4, from a corner: in each of the three planes the first square (1, 1); each
    // axis's square two along it, reached from both planes of that axis; then one
    // third square per ordered pair of axes (six): 3 + 3 + 6 = 12.
    let text = variant(
        "[4, 4, 4]",
        "3k/4/4/4|4/4/4/4|3K/4/4/4|4/4/4/C3 w - - 0 1",
        "[1, 2, 3]",
    );
    let r = rules(&text);
    let c = r
        .start_position()
        .pieces()
        .find(|(_, p)| r.info().pieces[p.kind().index()].letter == 'C')
        .map(|(sq, _)| r.info().shape.square_name(sq))
        .unwrap();
    assert_eq!(moves_from(&r, &c).len(), 12);
}

/// The name of the white rose's square, which must be a corner.
fn rose_square(r: &TableRules) -> String {
    let shape = r.info().shape;
    let (sq, _) = r
        .start_position()
        .pieces()
        .find(|(_, p)| p.color() == Color::White && r.info().pieces[p.kind().index()].letter == 'O')
        .unwrap();
    let c = shape.coords(sq);
    assert!(
        (0..4).all(|a| c[a] == 0 || c[a] + 1 == shape.sizes()[a]),
        "a corner"
    );
    shape.square_name(sq)
}

/// For every square of the mover's piece and a scatter of targets: a target is
/// attacked exactly when a capture lands on it, and no move is listed twice.
fn attacks_agree(text: &str, letter: char) {
    let r = rules(text);
    let info = r.info();
    let piece = Piece::new(info.kind_by_letter(letter).unwrap(), Color::White);
    let target = Piece::new(info.kind_by_letter('K').unwrap(), Color::Black);
    for from in info.shape.squares() {
        for layout in 0..3u64 {
            let mut pos = Position::empty(info.shape);
            pos.put(from, Some(piece));
            for sq in info.shape.squares() {
                let pick =
                    (sq.index() as u64 * 5 + layout * 11 + from.index() as u64).is_multiple_of(4);
                if sq != from && pick {
                    pos.put(sq, Some(target));
                }
            }
            let mut moves = Vec::new();
            r.legal_moves(&pos, &mut moves);
            for (sq, p) in pos.pieces() {
                if p == target {
                    assert_eq!(
                        r.is_attacked(&pos, sq, Color::White),
                        moves.iter().any(|m| m.to == sq),
                        "{letter} on {}, target {}",
                        info.shape.square_name(from),
                        info.shape.square_name(sq)
                    );
                }
            }
            let mut seen = moves.clone();
            seen.sort_by_key(|m| (m.from, m.to));
            seen.dedup_by_key(|m| (m.from, m.to));
            assert_eq!(seen.len(), moves.len());
        }
    }
}

#[test]
fn attacks_agree_with_captures_in_2d_and_3d() {
    let flat = variant("[8, 8]", "7k/8/8/8/8/8/8/K7 w - - 0 1", "[1, 2]");
    for letter in ['G', 'O', 'H', 'C'] {
        attacks_agree(&flat, letter);
    }
    let cube = variant(
        "[5, 5, 5]",
        "4k/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/K4 w - - 0 1",
        "[1, 2, 3]",
    );
    for letter in ['G', 'O', 'H', 'C'] {
        attacks_agree(&cube, letter);
    }
    let mut boards = vec!["4/4/4/4"; 16];
    boards[0] = "4/4/4/K3";
    boards[15] = "3k/4/4/4";
    let tesseract = variant(
        "[4, 4, 4, 4]",
        &format!("{} w - - 0 1", boards.join("|")),
        "[1, 2, 3, 4]",
    );
    for letter in ['G', 'O', 'C'] {
        attacks_agree(&tesseract, letter);
    }
}

#[test]
fn the_grasshopper_jumps_along_every_line_of_a_tesseract() {
    // 4x4x4x4: a white grasshopper on the corner (0,0,0,0), black hurdles on
    // (1,1,1,1), (0,0,0,1) and (2,0,2,0): it lands on (2,2,2,2), (0,0,0,2) and
    // (3,0,3,0). The kings stand off its lines.
    let mut boards = vec!["4/4/4/4".to_string(); 16];
    // Boards in z-fastest order: index z + 4 w; ranks from y = 3 down to 0.
    let put = |boards: &mut Vec<String>, [x, y, z, w]: [usize; 4], c: char| {
        let i = z + 4 * w;
        let mut ranks: Vec<Vec<char>> = vec![vec!['.'; 4]; 4];
        for (r, rank) in boards[i].split('/').enumerate() {
            let mut f = 0;
            for ch in rank.chars() {
                match ch.to_digit(10) {
                    Some(n) => f += n as usize,
                    None => {
                        ranks[r][f] = ch;
                        f += 1;
                    }
                }
            }
        }
        ranks[3 - y][x] = c;
        boards[i] = ranks
            .iter()
            .map(|rank| {
                let mut out = String::new();
                let mut gap = 0;
                for &ch in rank {
                    if ch == '.' {
                        gap += 1;
                    } else {
                        if gap > 0 {
                            out.push_str(&gap.to_string());
                        }
                        gap = 0;
                        out.push(ch);
                    }
                }
                if gap > 0 {
                    out.push_str(&gap.to_string());
                }
                out
            })
            .collect::<Vec<_>>()
            .join("/");
    };
    put(&mut boards, [0, 0, 0, 0], 'G');
    for hurdle in [[1, 1, 1, 1], [0, 0, 0, 1], [2, 0, 2, 0]] {
        put(&mut boards, hurdle, 'o');
    }
    put(&mut boards, [3, 1, 0, 0], 'K');
    put(&mut boards, [0, 3, 1, 3], 'k');
    let text = variant(
        "[4, 4, 4, 4]",
        &format!("{} w - - 0 1", boards.join("|")),
        "[1, 2, 3, 4]",
    );
    let r = rules(&text);
    let shape = r.info().shape;
    let g = shape.square([0, 0, 0, 0]).unwrap();
    let mut moves = Vec::new();
    r.legal_moves(&r.start_position(), &mut moves);
    let mut landings: Vec<[u8; 4]> = moves
        .iter()
        .filter(|m| m.from == g)
        .map(|m| shape.coords(m.to))
        .collect();
    landings.sort();
    assert_eq!(landings, [[0, 0, 0, 2], [2, 2, 2, 2], [3, 0, 3, 0]]);
}

#[test]
fn a_wrong_hop_name_is_an_error() {
    let text = variant("[8, 8]", "7k/8/8/8/8/8/8/K7 w - - 0 1", "[1, 2]");
    let bad = text.replacen("hop = \"grasshopper\"", "hop = \"grashopper\"", 1);
    let e = parse_variant(&bad, "hoppers.toml").unwrap_err();
    assert!(e.message.contains("did you mean \"grasshopper\""), "{e}");
}

#[test]
fn the_example_with_its_own_pictures_checks_clean() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/variants/own-pictures.toml"
    );
    let checked = chess4d_variants::check_file(std::path::Path::new(path)).unwrap();
    assert!(checked.spec.is_ok(), "{:?}", checked.spec.err());
    assert!(checked.warnings.is_empty(), "{:?}", checked.warnings);
    use chess4d_variants::PiecePicture;
    // The catalog keeps the pictures with the variant's entry.
    let mut catalog = chess4d_variants::Catalog::embedded();
    let name = catalog.add_file(std::path::Path::new(path)).name.clone();
    let pictures = catalog.pictures(&name);
    assert!(catalog.pictures("orthodox").is_empty());
    let find = |c: char| pictures.iter().find(|p| p.0 == c).map(|p| p.1.clone());
    assert_eq!(find('L'), Some(PiecePicture::BuiltIn("grasshopper".into())));
    assert!(matches!(find('O'), Some(PiecePicture::Outline(s)) if s.len() == 2));
    assert!(matches!(find('D'), Some(PiecePicture::Image(p)) if p.is_file()));
}

/// The start moves of `variants/rosecube.toml` by piece letter.
fn start_moves_by_letter(r: &TableRules) -> Vec<(char, usize)> {
    let pos = r.start_position();
    let mut moves = Vec::new();
    r.legal_moves(&pos, &mut moves);
    let mut out: Vec<(char, usize)> = Vec::new();
    for m in &moves {
        let p = pos.piece_at(m.from).unwrap();
        let letter = r.info().pieces[p.kind().index()].letter;
        match out.iter_mut().find(|(c, _)| *c == letter) {
            Some(e) => e.1 += 1,
            None => out.push((letter, 1)),
        }
    }
    out.sort();
    out
}

#[test]
fn the_rose_cube_counts_as_by_hand() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/rosecube.toml");
    let r = rules(&std::fs::read_to_string(path).unwrap());
    // Knights c1 and d1 on levels 0 and 2: two squares up one axis and one along
    // another, to rank 3 (b3, d3) or one level over (c3 on level 1): 3 each, 12.
    // Roses b1 and e1 on level 1: in the xy plane b1-c3-e4 and b1-a3-b5 (a black pawn,
    // taken; also the end of b1-c3-b5), in yz b1-b3 on levels 0 and 2 (then on to b5
    // again), xz is full of their own pieces: 6 each, 12.
    // Grasshoppers b1 and e1 on levels 0 and 2 jump the pawns in front to b3 and d3 on
    // their own level and on the far one (over the level-1 pawns): 4 each; those on a1
    // and f1 of level 1 jump to a3 and c3 (f3, d3): 2 each. 20.
    // Pawns: one step each, but b2 on level 1 shields its king d1 from Black's rose
    // b6 (b6-a4-b2-d1): 17. King, queen and rooks are walled in. 61.
    assert_eq!(
        start_moves_by_letter(&r),
        [('G', 20), ('N', 12), ('O', 12), ('P', 17)]
    );
    let mut pos = r.start_position();
    assert_eq!(perft(&*r, &mut pos, 1), 61);
    // Deeper, as counted by this generator (the same every run; a change in it or in
    // the file shows here).
    assert_eq!(perft(&*r, &mut pos, 2), 3_382);
    assert_eq!(perft(&*r, &mut pos, 3), 196_294);
}

/// A variant file saved with a mistake keeps the pictures it last gave (the game on the
/// board keeps its rules until the file reads again); read again, it gives the new ones.
#[test]
fn a_broken_save_keeps_the_pictures_and_a_good_one_replaces_them() {
    let source = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/variants/own-pictures.toml"
    );
    let text = std::fs::read_to_string(source).unwrap();
    let dir = std::env::temp_dir().join(format!("chess4d-pictures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("own-pictures.toml");
    std::fs::write(&file, &text).unwrap();
    let mut catalog = chess4d_variants::Catalog::embedded();
    catalog.add_file(&file);
    let first = catalog.pictures("own-pictures");
    assert_eq!(first.len(), 3);
    std::fs::write(&file, text.replace("[rules]", "[rules")).unwrap();
    assert!(catalog.add_file(&file).error().is_some());
    assert_eq!(catalog.pictures("own-pictures"), first);
    std::fs::write(&file, text.replace("picture = \"grasshopper\"", "")).unwrap();
    assert!(catalog.add_file(&file).error().is_none());
    let now = catalog.pictures("own-pictures");
    assert_eq!(now.len(), 2);
    let _ = std::fs::remove_dir_all(dir);
}
