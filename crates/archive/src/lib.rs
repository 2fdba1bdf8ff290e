pub mod rating;
mod record;
pub mod storage;
pub use record::{BadMove, GameResult, MAX_MOVE_LEN, UnknownResult, check_move};
