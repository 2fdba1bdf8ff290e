//! The trainers' fit (`tune.rs`, `tune_values.rs`): coordinate descent on whole
//! centipawns, which needs no gradient of an evaluation full of `if`s.

/// Moves each weight in turn by its first step, then by doubled steps the same way
/// while the error still falls (a weight far from its best gets there in one pass),
/// trying the other way only where the first did not help; stops after `passes`
/// passes or the first pass that changes nothing. `step(i, value)` is weight `i`'s
/// first step (`None` leaves it as it is); no weight leaves `-limit..=limit`.
/// Returns the error the weights end with, printing it after each pass.
pub fn descend(
    w: &mut Vec<i32>,
    passes: usize,
    step: impl Fn(usize, i32) -> Option<i32>,
    limit: i32,
    mut error: impl FnMut(&[i32]) -> f64,
) -> f64 {
    let mut best = error(w);
    for pass in 0..passes {
        let mut improved = false;
        for i in 0..w.len() {
            let Some(first) = step(i, w[i]) else {
                continue;
            };
            for dir in [1, -1] {
                let mut stride = first;
                let mut moved = false;
                loop {
                    let mut trial = w.clone();
                    trial[i] += dir * stride;
                    if trial[i].abs() > limit {
                        break;
                    }
                    let e = error(&trial);
                    if e >= best {
                        break;
                    }
                    (best, *w, moved) = (e, trial, true);
                    stride *= 2;
                }
                if moved {
                    improved = true;
                    break;
                }
            }
        }
        eprintln!("pass {}: error {best:.6}", pass + 1);
        if !improved {
            break;
        }
    }
    best
}
