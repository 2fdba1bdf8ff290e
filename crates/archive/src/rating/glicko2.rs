//! Glicko-2, after Mark Glickman, "Example of the Glicko-2 system" (2022 revision).
//!
//! A rating carries a deviation (how sure we are) and a volatility (how erratic the
//! player is). A rating period is whatever the caller batches: the archive rates each
//! game as its own period, so every finished game moves both players at once.

use std::f64::consts::PI;

use super::{InvalidRatingConfig, Outcome, Rating, RatingPeriodSystem, RatingSystem};

/// Converts between the public rating scale and Glicko-2's internal one (μ, φ).
const SCALE: f64 = 173.7178;
/// The public rating that maps to μ = 0.
const CENTRE: f64 = 1500.0;
/// The volatility search never needs many steps; the cap only guards against
/// pathological inputs (infinities) looping for ever.
const MAX_ITERATIONS: usize = 200;

/// A Glicko-2 rating on the public (Elo-like) scale.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Glicko2Rating {
    /// The rating, 1500 for a newcomer.
    pub rating: f64,
    /// The rating deviation (RD): about two deviations either side of the rating hold
    /// the player's true strength with 95% confidence.
    pub deviation: f64,
    /// How much the player's strength is expected to fluctuate.
    pub volatility: f64,
}

impl Glicko2Rating {
    /// The rating of someone who has never played: 1500 / 350 / 0.06.
    pub const NEWCOMER: Glicko2Rating = Glicko2Rating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };

    /// A rating from its three numbers.
    pub fn new(rating: f64, deviation: f64, volatility: f64) -> Self {
        Glicko2Rating {
            rating,
            deviation,
            volatility,
        }
    }

    fn mu(&self) -> f64 {
        (self.rating - CENTRE) / SCALE
    }

    fn phi(&self) -> f64 {
        self.deviation / SCALE
    }
}

impl Default for Glicko2Rating {
    fn default() -> Self {
        Glicko2Rating::NEWCOMER
    }
}

impl Rating for Glicko2Rating {
    fn rating(&self) -> f64 {
        self.rating
    }

    fn uncertainty(&self) -> Option<f64> {
        Some(self.deviation)
    }
}

/// The settings of the Glicko-2 system.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Glicko2Config {
    /// τ, how fast volatility may change; Glickman suggests 0.3 to 1.2.
    pub tau: f64,
    /// When the volatility search stops (ε in the paper).
    pub convergence_tolerance: f64,
    /// The deviation never grows past this (a long absence makes a player a newcomer
    /// again, not less known than one).
    pub max_deviation: f64,
}

impl Default for Glicko2Config {
    fn default() -> Self {
        Glicko2Config {
            tau: 0.5,
            convergence_tolerance: 0.000_001,
            max_deviation: Glicko2Rating::NEWCOMER.deviation,
        }
    }
}

/// The Glicko-2 rating system.
///
/// # Examples
///
/// ```
/// use chess4d_archive::rating::glicko2::{Glicko2, Glicko2Rating};
/// use chess4d_archive::rating::{Outcome, RatingSystem};
///
/// let glicko = Glicko2::default();
/// let (winner, loser) = glicko.rate_game(
///     &Glicko2Rating::NEWCOMER,
///     &Glicko2Rating::NEWCOMER,
///     Outcome::Win,
/// );
/// assert!(winner.rating > 1500.0 && loser.rating < 1500.0);
/// assert!(winner.deviation < 350.0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Glicko2 {
    config: Glicko2Config,
}

impl Glicko2 {
    /// A Glicko-2 system with the given settings, refused when one makes no sense.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_archive::rating::glicko2::{Glicko2, Glicko2Config};
    ///
    /// let calm = Glicko2::new(Glicko2Config { tau: 0.3, ..Glicko2Config::default() });
    /// assert!(calm.is_ok());
    /// let broken = Glicko2::new(Glicko2Config { tau: 0.0, ..Glicko2Config::default() });
    /// assert!(broken.is_err());
    /// ```
    pub fn new(config: Glicko2Config) -> Result<Self, InvalidRatingConfig> {
        let positive = "a finite number above 0";
        if !(config.tau.is_finite() && config.tau > 0.0) {
            return Err(InvalidRatingConfig {
                setting: "tau",
                value: config.tau,
                expected: positive,
            });
        }
        if !(config.convergence_tolerance.is_finite() && config.convergence_tolerance > 0.0) {
            return Err(InvalidRatingConfig {
                setting: "convergence_tolerance",
                value: config.convergence_tolerance,
                expected: positive,
            });
        }
        if !(config.max_deviation.is_finite() && config.max_deviation > 0.0) {
            return Err(InvalidRatingConfig {
                setting: "max_deviation",
                value: config.max_deviation,
                expected: positive,
            });
        }
        Ok(Glicko2 { config })
    }

    /// The settings in use.
    pub fn config(&self) -> Glicko2Config {
        self.config
    }

    /// The rating of a player who played no game in a period: only the deviation
    /// grows, because we know less about someone we have not seen play.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess4d_archive::rating::glicko2::{Glicko2, Glicko2Rating};
    ///
    /// let idle = Glicko2::default().inactive(&Glicko2Rating::new(1700.0, 60.0, 0.06));
    /// assert_eq!(idle.rating, 1700.0);
    /// assert!(idle.deviation > 60.0);
    /// ```
    pub fn inactive(&self, player: &Glicko2Rating) -> Glicko2Rating {
        let phi_star = player.phi().hypot(player.volatility);
        Glicko2Rating {
            rating: player.rating,
            deviation: self.capped(phi_star * SCALE),
            volatility: player.volatility,
        }
    }

    /// The score `player` is expected to make against `opponent` (0 to 1); the
    /// opponent's deviation flattens the curve, the player's own does not count.
    pub fn expected_score(&self, player: &Glicko2Rating, opponent: &Glicko2Rating) -> f64 {
        expectation(player.mu(), opponent.mu(), g(opponent.phi()))
    }

    fn capped(&self, deviation: f64) -> f64 {
        deviation.min(self.config.max_deviation)
    }

    /// Step 5 of the paper: the new volatility σ', found with the Illinois algorithm.
    fn new_volatility(&self, sigma: f64, phi: f64, v: f64, delta: f64) -> f64 {
        let tau = self.config.tau;
        let a = (sigma * sigma).ln();
        let phi2 = phi * phi;
        let delta2 = delta * delta;
        let f = |x: f64| {
            let ex = x.exp();
            let denominator = phi2 + v + ex;
            ex * (delta2 - phi2 - v - ex) / (2.0 * denominator * denominator)
                - (x - a) / (tau * tau)
        };

        let mut big_a = a;
        let mut big_b = if delta2 > phi2 + v {
            (delta2 - phi2 - v).ln()
        } else {
            let mut k = 1.0;
            let mut steps = 0;
            while f(a - k * tau) < 0.0 && steps < MAX_ITERATIONS {
                k += 1.0;
                steps += 1;
            }
            a - k * tau
        };
        let mut f_a = f(big_a);
        let mut f_b = f(big_b);
        let mut steps = 0;
        while (big_b - big_a).abs() > self.config.convergence_tolerance && steps < MAX_ITERATIONS {
            let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
            let f_c = f(big_c);
            if f_c * f_b <= 0.0 {
                big_a = big_b;
                f_a = f_b;
            } else {
                f_a /= 2.0;
            }
            big_b = big_c;
            f_b = f_c;
            steps += 1;
        }
        (big_a / 2.0).exp()
    }
}

impl RatingPeriodSystem for Glicko2 {
    type Rating = Glicko2Rating;

    fn rate_period(
        &self,
        player: &Glicko2Rating,
        results: &[(Glicko2Rating, Outcome)],
    ) -> Glicko2Rating {
        if results.is_empty() {
            return self.inactive(player);
        }
        let mu = player.mu();
        let phi = player.phi();

        // Steps 3 and 4: the estimated variance v and the improvement Δ/v.
        let mut inverse_v = 0.0;
        let mut improvement = 0.0;
        for (opponent, outcome) in results {
            let g_j = g(opponent.phi());
            let e_j = expectation(mu, opponent.mu(), g_j);
            inverse_v += g_j * g_j * e_j * (1.0 - e_j);
            improvement += g_j * (outcome.score() - e_j);
        }
        let v = 1.0 / inverse_v;
        let delta = v * improvement;

        let sigma_new = self.new_volatility(player.volatility, phi, v, delta);
        let phi_star = phi.hypot(sigma_new);
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + inverse_v).sqrt();
        let mu_new = mu + phi_new * phi_new * improvement;

        Glicko2Rating {
            rating: mu_new * SCALE + CENTRE,
            deviation: self.capped(phi_new * SCALE),
            volatility: sigma_new,
        }
    }
}

impl RatingSystem for Glicko2 {
    type Rating = Glicko2Rating;

    fn rate_game(
        &self,
        first: &Glicko2Rating,
        second: &Glicko2Rating,
        outcome: Outcome,
    ) -> (Glicko2Rating, Glicko2Rating) {
        (
            self.rate_period(first, &[(*second, outcome)]),
            self.rate_period(second, &[(*first, outcome.reversed())]),
        )
    }

    fn expected_scores(&self, first: &Glicko2Rating, second: &Glicko2Rating) -> (f64, f64) {
        // Each side's expectation discounts only the other's deviation, so the two do
        // not sum to exactly 1; normalise them into a share of one game's point.
        let first_expects = self.expected_score(first, second);
        let second_expects = self.expected_score(second, first);
        let total = first_expects + second_expects;
        (first_expects / total, second_expects / total)
    }
}

/// g(φ): how much an opponent's uncertainty dampens what a game against them says.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// E(μ, μj, φj): the expected score against opponent j.
fn expectation(mu: f64, mu_j: f64, g_j: f64) -> f64 {
    1.0 / (1.0 + (-g_j * (mu - mu_j)).exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn glickmans_example() -> (Glicko2Rating, Vec<(Glicko2Rating, Outcome)>) {
        let player = Glicko2Rating::new(1500.0, 200.0, 0.06);
        let results = vec![
            (Glicko2Rating::new(1400.0, 30.0, 0.06), Outcome::Win),
            (Glicko2Rating::new(1550.0, 100.0, 0.06), Outcome::Loss),
            (Glicko2Rating::new(1700.0, 300.0, 0.06), Outcome::Loss),
        ];
        (player, results)
    }

    fn round_to(value: f64, places: i32) -> f64 {
        let factor = 10f64.powi(places);
        (value * factor).round() / factor
    }

    #[test]
    fn reproduces_glickmans_worked_example() {
        let (player, results) = glickmans_example();
        let glicko = Glicko2::new(Glicko2Config {
            tau: 0.5,
            ..Glicko2Config::default()
        })
        .expect("the paper's settings are valid");
        let after = glicko.rate_period(&player, &results);

        // The paper carries rounded intermediates (four places on the internal scale),
        // so each figure agrees to within one unit of the last place it prints.
        let close = |value: f64, paper: f64, unit: f64| {
            assert!(
                (value - paper).abs() < unit,
                "{value} vs the paper's {paper}"
            );
        };
        close((after.rating - CENTRE) / SCALE, -0.2069, 0.0001);
        close(after.deviation / SCALE, 0.8722, 0.0001);
        close(after.rating, 1464.06, 0.01);
        close(after.deviation, 151.52, 0.01);
        close(after.volatility, 0.05999, 0.00001);
        // Unrounded arithmetic gives 1464.0507 / 151.5165 / 0.0599960.
        assert_eq!(round_to(after.rating, 4), 1464.0507);
        assert_eq!(round_to(after.deviation, 4), 151.5165);
        assert_eq!(round_to(after.volatility, 7), 0.0599960);
    }

    #[test]
    fn reproduces_the_papers_intermediate_steps() {
        let (player, results) = glickmans_example();
        let mu = player.mu();
        let mut inverse_v = 0.0;
        let mut improvement = 0.0;
        let mut gs = Vec::new();
        let mut es = Vec::new();
        for (opponent, outcome) in &results {
            let g_j = g(opponent.phi());
            let e_j = expectation(mu, opponent.mu(), g_j);
            gs.push(round_to(g_j, 4));
            es.push(round_to(e_j, 3));
            inverse_v += g_j * g_j * e_j * (1.0 - e_j);
            improvement += g_j * (outcome.score() - e_j);
        }
        assert_eq!(gs, vec![0.9955, 0.9531, 0.7242]);
        assert_eq!(es, vec![0.639, 0.432, 0.303]);
        // The paper computes v and Δ from the rounded g and E above.
        let v = 1.0 / inverse_v;
        assert!((v - 1.7785).abs() < 0.001, "v = {v}");
        assert!(
            (v * improvement - -0.4834).abs() < 0.001,
            "delta = {}",
            v * improvement
        );
        let sigma = Glicko2::default().new_volatility(0.06, player.phi(), v, v * improvement);
        assert!((sigma - 0.05999).abs() < 0.00001, "sigma' = {sigma}");
    }

    #[test]
    fn deviation_grows_for_an_inactive_player() {
        let glicko = Glicko2::default();
        let mut player = Glicko2Rating::new(1620.0, 80.0, 0.06);
        let mut previous = player.deviation;
        for _ in 0..20 {
            player = glicko.rate_period(&player, &[]);
            assert!(player.deviation > previous, "{player:?}");
            assert_eq!(player.rating, 1620.0);
            assert_eq!(player.volatility, 0.06);
            previous = player.deviation;
        }
        // A long absence makes a player a newcomer again, never less known than one.
        for _ in 0..100_000 {
            player = glicko.inactive(&player);
        }
        assert_eq!(player.deviation, 350.0);
    }

    #[test]
    fn a_draw_between_equals_moves_only_the_deviation() {
        let glicko = Glicko2::default();
        let equal = Glicko2Rating::new(1500.0, 200.0, 0.06);
        let (white, black) = glicko.rate_game(&equal, &equal, Outcome::Draw);
        assert_eq!(white, black);
        assert_eq!(white.rating, 1500.0);
        assert!(
            white.deviation < 200.0,
            "a game teaches us something: {white:?}"
        );
        // Glicko-2 nudges the volatility of a wholly expected result down by a hair;
        // nothing a player could see at five places.
        assert_eq!(round_to(white.volatility, 5), 0.06);
    }

    #[test]
    fn both_sides_move_in_opposite_directions() {
        let glicko = Glicko2::default();
        let a = Glicko2Rating::new(1500.0, 120.0, 0.06);
        let b = Glicko2Rating::new(1450.0, 90.0, 0.06);
        let (a_won, b_lost) = glicko.rate_game(&a, &b, Outcome::Win);
        assert!(a_won.rating > a.rating);
        assert!(b_lost.rating < b.rating);
        let (a_lost, b_won) = glicko.rate_game(&a, &b, Outcome::Loss);
        assert!(a_lost.rating < a.rating);
        assert!(b_won.rating > b.rating);
        // The more certain rating moves less.
        assert!((b_lost.rating - b.rating).abs() < (a_won.rating - a.rating).abs());
    }

    #[test]
    fn expected_scores_favour_the_stronger_and_sum_to_one() {
        let glicko = Glicko2::default();
        let strong = Glicko2Rating::new(1800.0, 50.0, 0.06);
        let weak = Glicko2Rating::new(1400.0, 50.0, 0.06);
        let (s, w) = glicko.expected_scores(&strong, &weak);
        assert!(s > 0.85 && w < 0.15, "{s} {w}");
        assert!((s + w - 1.0).abs() < 1e-12);
        assert!((glicko.expected_score(&strong, &strong) - 0.5).abs() < 1e-12);
    }

    #[test]
    fn rejects_nonsense_settings() {
        for tau in [0.0, -0.5, f64::NAN, f64::INFINITY] {
            let config = Glicko2Config {
                tau,
                ..Glicko2Config::default()
            };
            assert!(Glicko2::new(config).is_err(), "tau {tau}");
        }
        let config = Glicko2Config {
            convergence_tolerance: 0.0,
            ..Glicko2Config::default()
        };
        assert!(Glicko2::new(config).is_err());
        let config = Glicko2Config {
            max_deviation: f64::NAN,
            ..Glicko2Config::default()
        };
        assert!(Glicko2::new(config).is_err());
    }

    #[test]
    fn survives_extreme_inputs_without_hanging() {
        let glicko = Glicko2::default();
        let odd = [
            Glicko2Rating::new(f64::INFINITY, 1.0, 0.06),
            Glicko2Rating::new(1500.0, 0.0, 0.0),
            Glicko2Rating::new(-1e300, 1e300, 1e300),
            Glicko2Rating::new(f64::NAN, f64::NAN, f64::NAN),
        ];
        for a in &odd {
            for b in &odd {
                // Only termination is asserted; garbage in may give garbage out.
                let _ = glicko.rate_game(a, b, Outcome::Win);
            }
        }
    }
}
