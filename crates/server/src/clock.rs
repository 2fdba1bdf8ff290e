//! The server's clocks: Fischer (initial + increment) and correspondence (days per
//! move), with lichess's lag quota. Times are wall-clock milliseconds since 1970, so a
//! clock can be stored with each move and resumed after a restart.

use chess4d_protocol::{ClockConfig, Clocks, Side};

/// Milliseconds in a day.
const DAY_MS: u64 = 24 * 3600 * 1000;

/// The current time in milliseconds since 1970.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

fn index(side: Side) -> usize {
    match side {
        Side::White => 0,
        Side::Black => 1,
    }
}

/// A side ran out of time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flagged(pub Side);

/// Both clocks of a game.
#[derive(Clone, Debug)]
pub struct Clock {
    config: ClockConfig,
    /// Time left for each side when its turn began (or now, when it is not running).
    left: [u64; 2],
    /// The side whose clock runs, and since when.
    running: Option<(Side, u64)>,
    /// Lag quota left per side, and its gain per move and cap.
    quota: [u64; 2],
    gain: u64,
}

impl Clock {
    /// Fresh clocks for a time control.
    pub fn new(config: ClockConfig) -> Clock {
        let (start, estimate_s) = match config {
            ClockConfig::Fischer {
                initial_ms,
                increment_ms,
            } => (initial_ms, (initial_ms + 40 * increment_ms) / 1000),
            ClockConfig::Correspondence { days } => (u64::from(days) * DAY_MS, 180),
            ClockConfig::Unlimited => (0, 180),
        };
        // lichess's quota gain: min(1 s, 150 ms + 4 ms per estimated second).
        let gain = (150 + 4 * estimate_s).min(1000);
        Clock {
            config,
            left: [start; 2],
            running: None,
            quota: [3 * gain; 2],
            gain,
        }
    }

    /// Whether this time control has clocks at all.
    pub fn timed(&self) -> bool {
        !matches!(self.config, ClockConfig::Unlimited)
    }

    /// Time left for `side` at `now`.
    pub fn remaining(&self, side: Side, now: u64) -> u64 {
        let left = self.left[index(side)];
        match self.running {
            Some((s, since)) if s == side => left.saturating_sub(now.saturating_sub(since)),
            _ => left,
        }
    }

    /// When the running side's flag falls, if a clock runs.
    pub fn deadline(&self) -> Option<u64> {
        let (side, since) = self.running?;
        self.timed().then(|| since + self.left[index(side)])
    }

    /// Starts `side`'s clock at `now` (the other stops where it is).
    pub fn start(&mut self, side: Side, now: u64) {
        self.stop(now);
        if self.timed() {
            self.running = Some((side, now));
        }
    }

    /// Stops the running clock, keeping the time it has left.
    pub fn stop(&mut self, now: u64) {
        if let Some((side, _)) = self.running {
            self.left[index(side)] = self.remaining(side, now);
            self.running = None;
        }
    }

    /// `mover` moved at `now` with `lag_ms` of claimed lag: its time is charged (less the
    /// lag credit its quota allows) and the increment added; correspondence resets the
    /// time for a move. The clock is then stopped; the caller starts the opponent's.
    pub fn on_move(&mut self, mover: Side, now: u64, lag_ms: u64) -> Result<(), Flagged> {
        let i = index(mover);
        if let Some((side, since)) = self.running
            && side == mover
        {
            let credit = lag_ms.min(self.quota[i]);
            self.quota[i] = (self.quota[i] - credit + self.gain).min(7 * self.gain);
            let used = now.saturating_sub(since).saturating_sub(credit);
            if used >= self.left[i] {
                self.left[i] = 0;
                self.running = None;
                return Err(Flagged(mover));
            }
            self.left[i] -= used;
            // The increment comes with moves made on the clock (not the free first ones).
            if let ClockConfig::Fischer { increment_ms, .. } = self.config {
                self.left[i] += increment_ms;
            }
        }
        self.running = None;
        if let ClockConfig::Correspondence { days } = self.config {
            self.left = [u64::from(days) * DAY_MS; 2];
        }
        Ok(())
    }

    /// Both clocks at `now`, for the wire.
    pub fn snapshot(&self, now: u64) -> Clocks {
        Clocks {
            white_ms: self.remaining(Side::White, now),
            black_ms: self.remaining(Side::Black, now),
            running: self.running.map(|(s, _)| s),
        }
    }

    /// Clocks resumed from storage: time left for each side, and the running side since
    /// the stored instant (the clock ran while the server was down, as on lichess).
    pub fn resume(config: ClockConfig, left: (u64, u64), running: Option<(Side, u64)>) -> Clock {
        let mut clock = Clock::new(config);
        clock.left = [left.0, left.1];
        clock.running = running.filter(|_| clock.timed());
        clock
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blitz() -> Clock {
        Clock::new(ClockConfig::Fischer {
            initial_ms: 60_000,
            increment_ms: 2_000,
        })
    }

    #[test]
    fn time_is_charged_and_the_increment_added() {
        let mut c = blitz();
        c.start(Side::White, 1_000);
        assert_eq!(c.remaining(Side::White, 11_000), 50_000);
        c.on_move(Side::White, 11_000, 0).unwrap();
        assert_eq!(c.remaining(Side::White, 99_999), 52_000);
        c.start(Side::Black, 11_000);
        assert_eq!(c.deadline(), Some(71_000));
    }

    #[test]
    fn lag_is_credited_only_up_to_the_quota() {
        let mut c = blitz();
        // estimate 60 + 80 = 140 s: gain 150 + 560 = 710 ms, quota 2130 ms.
        c.start(Side::White, 0);
        c.on_move(Side::White, 10_000, 100_000).unwrap();
        assert_eq!(c.remaining(Side::White, 0), 54_130);
        // The quota is now 710 ms (spent, then one gain).
        c.start(Side::White, 20_000);
        c.on_move(Side::White, 21_000, 5_000).unwrap();
        assert_eq!(c.remaining(Side::White, 0), 54_130 - 290 + 2_000);
    }

    #[test]
    fn the_flag_falls_when_time_runs_out() {
        let mut c = blitz();
        c.start(Side::Black, 0);
        assert_eq!(c.on_move(Side::Black, 60_000, 0), Err(Flagged(Side::Black)));
        assert_eq!(c.remaining(Side::Black, 70_000), 0);
    }

    #[test]
    fn correspondence_resets_each_move_and_unlimited_never_runs() {
        let mut c = Clock::new(ClockConfig::Correspondence { days: 2 });
        c.start(Side::White, 0);
        c.on_move(Side::White, DAY_MS, 0).unwrap();
        assert_eq!(c.remaining(Side::White, 0), 2 * DAY_MS);
        let mut u = Clock::new(ClockConfig::Unlimited);
        u.start(Side::White, 0);
        assert_eq!(u.deadline(), None);
    }
}

#[cfg(test)]
mod resume_tests {
    use super::*;

    #[test]
    fn a_resumed_clock_ran_while_the_server_was_down() {
        let config = ClockConfig::Fischer {
            initial_ms: 60_000,
            increment_ms: 0,
        };
        let c = Clock::resume(config, (50_000, 40_000), Some((Side::Black, 1_000)));
        assert_eq!(c.remaining(Side::Black, 11_000), 30_000);
        assert_eq!(c.remaining(Side::White, 11_000), 50_000);
        assert_eq!(c.deadline(), Some(41_000));
    }
}
