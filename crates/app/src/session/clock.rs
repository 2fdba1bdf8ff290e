//! The chess clock of a local game, with no window and no real time in it: every call
//! takes `now`, a monotonic instant the caller reads (the session reads the system's;
//! tests build instants by adding durations), so flag falls are tested to the
//! millisecond without sleeping.
//!
//! As on lichess: nobody's time runs before the game's first move; after a move the
//! mover gets the increment (not once the flag fell) and the other side's time runs;
//! a takeback gives no time back. The clock keeps the mover's time left after every
//! move for the game record (PGN's `%clk`).

use chess4d_core::Color;
use std::fmt;
use std::time::{Duration, Instant};

/// A time control: the time each side starts with and what each move adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// Each side's time at the start.
    pub initial: Duration,
    /// Added to the mover's time after each move.
    pub increment: Duration,
}

/// lichess's presets, minutes + seconds: bullet, blitz, rapid and classical.
pub const PRESETS: [(u64, u64); 11] = [
    (1, 0),
    (2, 1),
    (3, 0),
    (3, 2),
    (5, 0),
    (5, 3),
    (10, 0),
    (10, 5),
    (15, 10),
    (30, 0),
    (30, 20),
];

impl TimeControl {
    /// `minutes` + `increment` seconds.
    pub fn minutes(minutes: u64, increment: u64) -> TimeControl {
        TimeControl {
            initial: Duration::from_secs(minutes * 60),
            increment: Duration::from_secs(increment),
        }
    }

    /// The presets offered in the Play tab.
    pub fn presets() -> Vec<TimeControl> {
        PRESETS
            .iter()
            .map(|&(m, i)| TimeControl::minutes(m, i))
            .collect()
    }

    /// The PGN `TimeControl` tag's value: seconds + increment seconds ("300+3").
    pub fn pgn_tag(self) -> String {
        format!("{}+{}", self.initial.as_secs(), self.increment.as_secs())
    }

    /// Reads a `TimeControl` value as PGN writes it ("300+3", "60"); `None` for "-"
    /// (no clock) and "?" (unknown).
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d::session::clock::TimeControl;
    /// assert_eq!(TimeControl::parse("300+3"), Ok(Some(TimeControl::minutes(5, 3))));
    /// assert_eq!(TimeControl::parse("-"), Ok(None));
    /// assert!(TimeControl::parse("5 min").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Option<TimeControl>, String> {
        let text = text.trim();
        if text == "-" || text == "?" {
            return Ok(None);
        }
        let (initial, increment) = text.split_once('+').unwrap_or((text, "0"));
        let secs = |s: &str| s.trim().parse::<u64>().ok();
        match (secs(initial), secs(increment)) {
            (Some(i), Some(inc)) if i > 0 && i <= 24 * 3600 && inc <= 3600 => {
                Ok(Some(TimeControl {
                    initial: Duration::from_secs(i),
                    increment: Duration::from_secs(inc),
                }))
            }
            _ => Err(format!(
                "time control '{text}': write seconds + increment seconds, as 300+3 \
                 (at most a day, and an hour of increment), or - for none"
            )),
        }
    }

    /// Below this much time left a side's clock shows red: 10 s in bullet and short
    /// blitz (3 minutes or less), 20 s in longer games.
    pub fn low_time(self) -> Duration {
        if self.initial <= Duration::from_secs(180) {
            Duration::from_secs(10)
        } else {
            Duration::from_secs(20)
        }
    }
}

impl fmt::Display for TimeControl {
    /// The way players say it: minutes + seconds ("5+3", "½+0" is written "0.5+0").
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.initial.as_secs();
        if secs.is_multiple_of(60) {
            write!(f, "{}+{}", secs / 60, self.increment.as_secs())
        } else {
            write!(f, "{}+{}", secs as f64 / 60.0, self.increment.as_secs())
        }
    }
}

/// Both sides' clocks in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    /// Time left at the moment the running side's time began to run (or now, stopped).
    left: [Duration; 2],
    /// The side whose time runs, and since when.
    running: Option<(Color, Instant)>,
    /// The mover's time left after each move of the game, in order.
    after_moves: Vec<Duration>,
}

impl Clock {
    /// Both sides at the control's initial time, nobody's time running.
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            left: [control.initial; 2],
            running: None,
            after_moves: Vec::new(),
        }
    }

    /// A clock continuing a record: `after_moves` is the mover's time after each move
    /// played (saved with the game); each side's time left is its last entry.
    pub fn resumed(control: TimeControl, first_mover: Color, after_moves: Vec<Duration>) -> Clock {
        let mut clock = Clock::new(control);
        let mut side = first_mover;
        for &t in &after_moves {
            clock.left[side.index()] = t;
            side = !side;
        }
        clock.after_moves = after_moves;
        clock
    }

    /// A clock from an archive record: its time control ("300+3") and the mover's
    /// milliseconds left after each move; `None` without a readable time control.
    pub fn from_record(
        time_control: Option<&str>,
        readings_ms: &[u64],
        first_mover: Color,
    ) -> Option<Clock> {
        let control = TimeControl::parse(time_control?).ok()??;
        let after = readings_ms.iter().map(|&ms| Duration::from_millis(ms));
        Some(Clock::resumed(control, first_mover, after.collect()))
    }

    /// The mover's time left after each move in milliseconds, for the archive.
    pub fn readings_ms(&self) -> Vec<u64> {
        self.after_moves
            .iter()
            .map(|t| u64::try_from(t.as_millis()).unwrap_or(u64::MAX))
            .collect()
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// `color`'s time left at `now`.
    pub fn left(&self, color: Color, now: Instant) -> Duration {
        let stored = self.left[color.index()];
        match self.running {
            Some((side, since)) if side == color => {
                stored.saturating_sub(now.saturating_duration_since(since))
            }
            _ => stored,
        }
    }

    /// The side whose time runs.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(side, _)| side)
    }

    /// The mover's time left after each move, in the game's order (for `%clk`).
    pub fn after_moves(&self) -> &[Duration] {
        &self.after_moves
    }

    /// Whether `color` is low on time at `now` (the display turns red).
    pub fn low(&self, color: Color, now: Instant) -> bool {
        self.left(color, now) < self.control.low_time()
    }

    /// The side whose flag has fallen at `now`: the running side, out of time.
    pub fn flagged(&self, now: Instant) -> Option<Color> {
        self.running
            .map(|(side, _)| side)
            .filter(|&side| self.left(side, now).is_zero())
    }

    /// How long until the running side's flag falls (when the window must look again).
    pub fn until_flag(&self, now: Instant) -> Option<Duration> {
        self.running.map(|(side, _)| self.left(side, now))
    }

    /// Stops the time (the game ended, or the board no longer shows it); the time used
    /// so far is kept.
    pub fn stop(&mut self, now: Instant) {
        if let Some((side, _)) = self.running {
            self.left[side.index()] = self.left(side, now);
        }
        self.running = None;
    }

    /// Starts `side`'s time at `now` (a resumed game, the other side's turn after a
    /// takeback); the time running before is charged first.
    pub fn start(&mut self, side: Color, now: Instant) {
        self.stop(now);
        self.running = Some((side, now));
    }

    /// `mover` has just moved at `now`: their time used is charged, the increment
    /// added (unless their flag has fallen), their time recorded, the other side's
    /// time starts.
    pub fn moved(&mut self, mover: Color, now: Instant) {
        self.stop(now);
        let mine = &mut self.left[mover.index()];
        if !mine.is_zero() {
            *mine += self.control.increment;
        }
        self.after_moves.push(*mine);
        self.running = Some((!mover, now));
    }

    /// Moves were taken back (or replayed) so that `plies` moves stand and `to_move`
    /// moves next: no time comes back, the record keeps the moves still standing (a
    /// record shorter than the moves, from an edited file, is filled with each mover's
    /// time now), and `to_move`'s time runs if any move stands.
    pub fn jumped(&mut self, plies: usize, to_move: Color, now: Instant) {
        self.stop(now);
        self.after_moves.truncate(plies);
        while self.after_moves.len() < plies {
            // The last move standing was `!to_move`'s; the movers alternate back from it.
            let from_last = plies - 1 - self.after_moves.len();
            let mover = if from_last.is_multiple_of(2) {
                !to_move
            } else {
                to_move
            };
            self.after_moves.push(self.left[mover.index()]);
        }
        if plies > 0 {
            self.running = Some((to_move, now));
        }
    }
}

/// A time for people: "4:58", "1:02:03", and tenths under 10 s ("9.4").
pub fn format_left(left: Duration) -> String {
    let secs = left.as_secs();
    if secs < 10 {
        return format!("0:0{}.{}", secs, left.subsec_millis() / 100);
    }
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// A time as PGN's `%clk` writes it: "0:04:58" (whole seconds, rounded down as
/// lichess does).
pub fn format_clk(left: Duration) -> String {
    let secs = left.as_secs();
    format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}

/// Reads a `%clk` value ("0:04:58", "4:58", "0:00:09.5").
pub fn parse_clk(text: &str) -> Option<Duration> {
    let mut total = 0.0f64;
    for part in text.trim().split(':') {
        let v: f64 = part.parse().ok()?;
        if !(0.0..1e7).contains(&v) {
            return None;
        }
        total = total * 60.0 + v;
    }
    Some(Duration::from_secs_f64(total))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    #[test]
    fn nobody_runs_before_the_first_move_then_the_sides_alternate_with_increment() {
        let t0 = Instant::now();
        let mut c = Clock::new(TimeControl::minutes(3, 2));
        assert_eq!(c.left(White, t0 + secs(100)), secs(180));
        assert_eq!(c.flagged(t0 + secs(1000)), None);
        // White thinks 100 s before the first move: free, as on lichess.
        c.moved(White, t0 + secs(100));
        assert_eq!(c.left(White, t0 + secs(100)), secs(182));
        assert_eq!(c.running(), Some(Black));
        // Black uses 30 s, gets 2 back.
        c.moved(Black, t0 + secs(130));
        assert_eq!(c.left(Black, t0 + secs(130)), secs(152));
        // White's time runs now; Black's stands.
        assert_eq!(c.left(White, t0 + secs(140)), secs(172));
        assert_eq!(c.left(Black, t0 + secs(140)), secs(152));
        assert_eq!(c.after_moves(), [secs(182), secs(152)]);
    }

    #[test]
    fn the_flag_falls_at_zero_and_a_late_move_gets_no_increment() {
        let t0 = Instant::now();
        let mut c = Clock::new(TimeControl::minutes(1, 1));
        c.moved(White, t0);
        assert_eq!(c.until_flag(t0 + secs(20)), Some(secs(40)));
        assert!(!c.low(Black, t0 + secs(50)) && c.low(Black, t0 + secs(51)));
        assert_eq!(c.flagged(t0 + secs(60) - Duration::from_millis(1)), None);
        assert_eq!(c.flagged(t0 + secs(60)), Some(Black));
        c.moved(Black, t0 + secs(61));
        assert_eq!(c.left(Black, t0 + secs(70)), Duration::ZERO);
    }

    #[test]
    fn takebacks_give_no_time_back_and_stopping_freezes() {
        let t0 = Instant::now();
        let mut c = Clock::new(TimeControl::minutes(5, 0));
        c.moved(White, t0);
        c.moved(Black, t0 + secs(10));
        // White thinks 5 s, then takes back Black's move: Black to move again.
        c.jumped(1, Black, t0 + secs(15));
        assert_eq!(c.left(White, t0 + secs(15)), secs(295));
        assert_eq!(c.after_moves(), [secs(300)]);
        assert_eq!(c.left(Black, t0 + secs(20)), secs(285));
        c.stop(t0 + secs(20));
        assert_eq!(c.left(Black, t0 + secs(99)), secs(285));
        assert_eq!(c.flagged(t0 + secs(9999)), None);
        // Back to the start: nobody runs until the first move again.
        c.jumped(0, White, t0 + secs(30));
        assert_eq!(c.running(), None);
        // A record shorter than the moves (an edited file) is filled, so the next move
        // is recorded in its place.
        let mut short = Clock::resumed(TimeControl::minutes(5, 0), White, vec![secs(290)]);
        short.jumped(3, Black, t0);
        assert_eq!(short.after_moves(), [secs(290), secs(300), secs(290)]);
        short.moved(Black, t0 + secs(5));
        assert_eq!(short.after_moves().len(), 4);
    }

    #[test]
    fn a_record_resumes_each_sides_last_time() {
        let c = Clock::resumed(
            TimeControl::minutes(5, 3),
            White,
            vec![secs(303), secs(290), secs(250)],
        );
        let now = Instant::now();
        assert_eq!(
            (c.left(White, now), c.left(Black, now)),
            (secs(250), secs(290))
        );
        assert_eq!(c.running(), None);
    }

    #[test]
    fn controls_and_times_read_and_write_as_pgn_and_lichess() {
        let tc = TimeControl::minutes(5, 3);
        assert_eq!(
            (tc.pgn_tag(), tc.to_string()),
            ("300+3".into(), "5+3".into())
        );
        assert_eq!(
            TimeControl::parse("60"),
            Ok(Some(TimeControl::minutes(1, 0)))
        );
        assert!(TimeControl::parse("0+1").is_err());
        assert_eq!(TimeControl::presets().len(), 11);
        assert_eq!(TimeControl::minutes(1, 0).low_time(), secs(10));
        assert_eq!(TimeControl::minutes(5, 0).low_time(), secs(20));
        assert_eq!(format_clk(Duration::from_millis(298_900)), "0:04:58");
        assert_eq!(format_clk(secs(3723)), "1:02:03");
        assert_eq!(parse_clk("0:04:58"), Some(secs(298)));
        assert_eq!(parse_clk("x"), None);
        assert_eq!(format_left(secs(298)), "4:58");
        assert_eq!(format_left(Duration::from_millis(9_460)), "0:09.4");
        assert_eq!(format_left(secs(3723)), "1:02:03");
    }
}
