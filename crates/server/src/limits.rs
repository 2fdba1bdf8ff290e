//! Rate limits: token buckets per connection and per address, and lichess's move limit
//! (at most 100 moves in 20 s on one socket).

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// A token bucket: `capacity` at most, refilled at `per_second`.
#[derive(Clone, Debug)]
pub struct Bucket {
    capacity: f64,
    per_second: f64,
    tokens: f64,
    last: Instant,
}

impl Bucket {
    /// A full bucket.
    pub fn new(capacity: f64, per_second: f64) -> Bucket {
        Bucket {
            capacity,
            per_second,
            tokens: capacity,
            last: Instant::now(),
        }
    }

    /// Takes one token if there is one.
    pub fn take(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.last).as_secs_f64() * self.per_second;
        self.tokens = (self.tokens + refill).min(self.capacity);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// The moves of one socket in the last 20 s.
#[derive(Clone, Debug, Default)]
pub struct MoveWindow {
    times: VecDeque<Instant>,
}

impl MoveWindow {
    /// The most moves allowed in the window.
    pub const MAX: usize = 100;
    /// The window.
    pub const SPAN: Duration = Duration::from_secs(20);

    /// Records a move; false once the socket is past the limit.
    pub fn record(&mut self) -> bool {
        let now = Instant::now();
        while self
            .times
            .front()
            .is_some_and(|t| now.duration_since(*t) > Self::SPAN)
        {
            self.times.pop_front();
        }
        self.times.push_back(now);
        self.times.len() <= Self::MAX
    }
}

/// What one address may still do.
#[derive(Clone, Debug)]
pub struct Address {
    /// Open sockets.
    pub sockets: usize,
    /// Sign-ups (10 a minute).
    pub signups: Bucket,
    /// Sign-ins and guest sessions (30 a minute by default).
    pub logins: Bucket,
}

impl Address {
    fn new(sessions_per_minute: u32) -> Address {
        let sessions = f64::from(sessions_per_minute.max(1));
        Address {
            sockets: 0,
            signups: Bucket::new(10.0, 10.0 / 60.0),
            logins: Bucket::new(sessions, sessions / 60.0),
        }
    }
}

/// Limits per address.
pub struct AddressLimits {
    by_address: HashMap<IpAddr, Address>,
    sessions_per_minute: u32,
}

impl AddressLimits {
    /// Limits allowing `sessions_per_minute` sign-ins and guest sessions per address.
    pub fn new(sessions_per_minute: u32) -> AddressLimits {
        AddressLimits {
            by_address: HashMap::new(),
            sessions_per_minute,
        }
    }

    /// The address's state.
    pub fn get(&mut self, ip: IpAddr) -> &mut Address {
        let per_minute = self.sessions_per_minute;
        self.by_address
            .entry(ip)
            .or_insert_with(|| Address::new(per_minute))
    }
}
