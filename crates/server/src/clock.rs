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
    /// Lag quota left per side, and each side's gain per move (lowered to its frame
    /// lag, as lichess's `withFrameLag`).
    quota: [u64; 2],
    gain: [u64; 2],
    /// The largest gain of this time control (lichess's `maxQuotaGainFor`).
    max_gain: u64,
}

/// lila's estimated CPU lag added to the frame lag, 4 centiseconds.
const ESTIMATED_CPU_LAG_MS: u64 = 40;

/// lichess's quota gain for a time control, in ms: `min(100, est * 2 / 5 + 15)`
/// centiseconds, `est` the estimated game seconds (initial + 40 × increment, whole
/// seconds, integer arithmetic as scalachess's `LagTracker.maxQuotaGainFor`).
pub fn max_quota_gain_ms(initial_ms: u64, increment_ms: u64) -> u64 {
    let estimate_s = initial_ms / 1000 + 40 * (increment_ms / 1000);
    (estimate_s * 2 / 5 + 15).min(100) * 10
}

impl Clock {
    /// Fresh clocks for a time control.
    pub fn new(config: ClockConfig) -> Clock {
        let (start, gain) = match config {
            // scalachess `Clock.Config.initTime`: no initial time starts with the
            // increment, at least 3 s.
            ClockConfig::Fischer {
                initial_ms: 0,
                increment_ms,
            } => (increment_ms.max(3000), max_quota_gain_ms(0, increment_ms)),
            ClockConfig::Fischer {
                initial_ms,
                increment_ms,
            } => (initial_ms, max_quota_gain_ms(initial_ms, increment_ms)),
            ClockConfig::Correspondence { days } => (u64::from(days) * DAY_MS, 1000),
            ClockConfig::Unlimited => (0, 1000),
        };
        // scalachess `LagTracker.init`: the quota starts at 3 gains, at most 7.
        Clock {
            config,
            left: [start; 2],
            running: None,
            quota: [3 * gain; 2],
            gain: [gain; 2],
            max_gain: gain,
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

    /// `mover` moved at `now` with `lag_ms` of claimed lag (the move's, else the last
    /// ping's) and `frame_lag_ms` the lag its pings report, if any: its time is charged
    /// (less the lag credit its quota allows) and the increment added; correspondence
    /// resets the time for a move. The clock is then stopped; the caller starts the
    /// opponent's. This is scalachess's `Clock.step` with `withFrameLag` before it.
    pub fn on_move(
        &mut self,
        mover: Side,
        now: u64,
        lag_ms: u64,
        frame_lag_ms: Option<u64>,
    ) -> Result<(), Flagged> {
        let i = index(mover);
        if let Some(frame) = frame_lag_ms {
            self.gain[i] = self.max_gain.min(frame + ESTIMATED_CPU_LAG_MS);
        }
        if let Some((side, since)) = self.running
            && side == mover
        {
            let credit = lag_ms.min(self.quota[i]);
            // The cap stays 7 of the time control's gains (`quotaMax` is fixed at init).
            self.quota[i] = (self.quota[i] - credit + self.gain[i]).min(7 * self.max_gain);
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
        c.on_move(Side::White, 11_000, 0, None).unwrap();
        assert_eq!(c.remaining(Side::White, 99_999), 52_000);
        c.start(Side::Black, 11_000);
        assert_eq!(c.deadline(), Some(71_000));
    }

    #[test]
    fn lag_is_credited_only_up_to_the_quota() {
        let mut c = blitz();
        // estimate 60 + 80 = 140 s: gain 140 * 2 / 5 + 15 = 71 cs, quota 2130 ms.
        c.start(Side::White, 0);
        c.on_move(Side::White, 10_000, 100_000, None).unwrap();
        assert_eq!(c.remaining(Side::White, 0), 54_130);
        // The quota is now 710 ms (spent, then one gain).
        c.start(Side::White, 20_000);
        c.on_move(Side::White, 21_000, 5_000, None).unwrap();
        assert_eq!(c.remaining(Side::White, 0), 54_130 - 290 + 2_000);
    }

    #[test]
    fn the_flag_falls_when_time_runs_out() {
        let mut c = blitz();
        c.start(Side::Black, 0);
        assert_eq!(
            c.on_move(Side::Black, 60_000, 0, None),
            Err(Flagged(Side::Black))
        );
        assert_eq!(c.remaining(Side::Black, 70_000), 0);
    }

    #[test]
    fn correspondence_resets_each_move_and_unlimited_never_runs() {
        let mut c = Clock::new(ClockConfig::Correspondence { days: 2 });
        c.start(Side::White, 0);
        c.on_move(Side::White, DAY_MS, 0, None).unwrap();
        assert_eq!(c.remaining(Side::White, 0), 2 * DAY_MS);
        let mut u = Clock::new(ClockConfig::Unlimited);
        u.start(Side::White, 0);
        assert_eq!(u.deadline(), None);
    }
}

#[cfg(test)]
mod lichess_tests {
    use super::*;

    #[test]
    fn the_gain_is_scalachess_integer_formula() {
        // 3+2: 180 + 80 = 260 s, 260 * 2 / 5 + 15 = 119 cs, capped at 100 cs.
        assert_eq!(max_quota_gain_ms(180_000, 2_000), 1000);
        // 1+0: 60 * 2 / 5 + 15 = 39 cs; 0+1: 40 * 2 / 5 + 15 = 31 cs.
        assert_eq!(max_quota_gain_ms(60_000, 0), 390);
        assert_eq!(max_quota_gain_ms(0, 1_000), 310);
        // 141 s: 282 / 5 = 56 (integer), 71 cs, not 150 + 4 * 141 = 714 ms.
        assert_eq!(max_quota_gain_ms(141_000, 0), 710);
    }

    #[test]
    fn no_initial_time_starts_with_the_increment_at_least_three_seconds() {
        let c = Clock::new(ClockConfig::Fischer {
            initial_ms: 0,
            increment_ms: 1_000,
        });
        assert_eq!(c.remaining(Side::White, 0), 3_000);
    }

    #[test]
    fn the_frame_lag_lowers_the_gain_but_never_raises_it() {
        // 1+0: gain 390 ms, quota 1170 ms. A client whose pings say 10 ms gains 50 ms.
        let mut c = Clock::new(ClockConfig::Fischer {
            initial_ms: 60_000,
            increment_ms: 0,
        });
        c.start(Side::White, 0);
        c.on_move(Side::White, 2_000, 1_170, Some(10)).unwrap();
        assert_eq!(c.remaining(Side::White, 0), 60_000 - 2_000 + 1_170);
        // The quota is now 0 + 50: a second move with 1 s of claimed lag gets 50 ms.
        c.start(Side::White, 10_000);
        c.on_move(Side::White, 11_000, 1_000, Some(10)).unwrap();
        assert_eq!(c.remaining(Side::White, 0), 59_170 - 950);
        // A huge frame lag is capped at the time control's gain (390 ms).
        let mut d = Clock::new(ClockConfig::Fischer {
            initial_ms: 60_000,
            increment_ms: 0,
        });
        d.start(Side::Black, 0);
        d.on_move(Side::Black, 1_000, 1_170, Some(5_000)).unwrap();
        d.start(Side::Black, 2_000);
        d.on_move(Side::Black, 3_000, 5_000, Some(5_000)).unwrap();
        // First move: 1 s elapsed, 1170 ms credited, nothing charged (never below 0, as
        // scalachess's `(elapsed - lagComp).nonNeg`); second: 1 s less the 390 ms gained.
        assert_eq!(d.remaining(Side::Black, 0), 60_000 - 610);
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
