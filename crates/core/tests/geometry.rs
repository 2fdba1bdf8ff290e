//! Board shapes of one to four axes: indices, coordinates and square names.

use chess4d_core::{Shape, ShapeError, Square};

#[test]
fn every_square_of_every_supported_shape_round_trips_through_its_name() {
    for sizes in [
        &[4u8, 4, 2, 2][..],
        &[8, 8],
        &[10, 8],
        &[5, 5, 5],
        &[4, 4, 4, 4],
        &[8, 8, 8, 8],
        &[26, 3],
        &[12],
    ] {
        let shape = Shape::new(sizes).unwrap();
        assert_eq!(
            shape.len(),
            sizes.iter().map(|&s| s as usize).product::<usize>()
        );
        for sq in shape.squares() {
            let name = shape.square_name(sq);
            assert_eq!(shape.parse_square(&name), Ok(sq), "{shape}: {name}");
            let c = shape.coords(sq);
            assert_eq!(shape.square(c), Some(sq));
        }
    }
}

#[test]
fn names_use_brackets_only_for_axes_beyond_x_and_y() {
    let chess = Shape::new(&[8, 8]).unwrap();
    assert_eq!(chess.square_name(chess.square([4, 3, 0, 0]).unwrap()), "e4");
    let raum = Shape::new(&[5, 5, 5]).unwrap();
    assert_eq!(
        raum.square_name(raum.square([2, 2, 2, 0]).unwrap()),
        "c3[2]"
    );
    let four = Shape::new(&[4, 4, 2, 2]).unwrap();
    assert_eq!(
        four.square_name(four.square([0, 0, 0, 1]).unwrap()),
        "a1[0,1]"
    );
    let tensor = Shape::new(&[10, 8]).unwrap();
    assert_eq!(tensor.square_name(Square(9 + 10 * 7)), "j8");
    assert_eq!(
        tensor
            .parse_square("a10")
            .map_err(|e| e.reason.contains("rank 10")),
        Err(true)
    );
}

#[test]
fn index_is_x_fastest() {
    let shape = Shape::new(&[4, 4, 2, 2]).unwrap();
    assert_eq!(shape.square([1, 0, 0, 0]), Some(Square(1)));
    assert_eq!(shape.square([0, 1, 0, 0]), Some(Square(4)));
    assert_eq!(shape.square([0, 0, 1, 0]), Some(Square(16)));
    assert_eq!(shape.square([0, 0, 0, 1]), Some(Square(32)));
    assert_eq!(shape.offset(Square(0), [0, 0, 0, 1]), Some(Square(32)));
    assert_eq!(shape.offset(Square(0), [0, 0, 0, -1]), None);
    assert_eq!(shape.square([4, 0, 0, 0]), None);
}

#[test]
fn bad_names_say_what_is_wrong() {
    let four = Shape::new(&[4, 4, 2, 2]).unwrap();
    for (text, needle) in [
        ("", "file letter"),
        ("e1[0,0]", "file 'e' is off the board"),
        ("a5[0,0]", "rank 5 is off the board"),
        ("a1", "write the square as a1[z,w]"),
        ("a1[2,0]", "z = 2 is off the board"),
        ("a1[0,0", "expected ']'"),
        ("a1[0;0]", "expected ','"),
        ("a1[0,0]x", "unexpected 'x'"),
        ("A1[0,0]", "file letter"),
    ] {
        let e = four.parse_square(text).unwrap_err();
        assert!(e.to_string().contains(needle), "{text}: {e}");
    }
}

#[test]
fn shapes_outside_the_limits_are_refused() {
    assert_eq!(Shape::new(&[]), Err(ShapeError::AxisCount(0)));
    assert_eq!(Shape::new(&[2, 2, 2, 2, 2]), Err(ShapeError::AxisCount(5)));
    assert!(matches!(Shape::new(&[8, 0]), Err(ShapeError::EmptyAxis(_))));
    assert_eq!(Shape::new(&[27, 2]), Err(ShapeError::TooManyFiles(27)));
    assert_eq!(Shape::new(&[9, 9, 9, 9]), Err(ShapeError::TooLarge(6561)));
    assert!(Shape::new(&[8, 8, 8, 8]).is_ok());
}
