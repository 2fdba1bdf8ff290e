//! Prints perft (or divide with `-d`) for a FEN: `perftcli DEPTH [FEN] [-d]`.
use tensor_chess::{Position, divide, parse_fen, perft};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth: u32 = args.first().and_then(|d| d.parse().ok()).unwrap_or(3);
    let split = args.iter().any(|a| a == "-d");
    let fen = args.iter().skip(1).find(|a| *a != "-d");
    let pos = match fen {
        Some(f) => match parse_fen(f) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("bad FEN: {e}");
                std::process::exit(2);
            }
        },
        None => Position::start(),
    };
    if split {
        let mut total = 0;
        for (mv, n) in divide(&pos, depth) {
            println!("{mv} {n}");
            total += n;
        }
        println!("total {total}");
    } else {
        let t = std::time::Instant::now();
        let n = perft(&pos, depth);
        println!("perft({depth}) = {n} in {:?}", t.elapsed());
    }
}
