//! The lag meter: how much time each move costs our clock outside the search.
//!
//! Between two of our moves the GUI's clock for us should fall by exactly what we spent
//! thinking (and rise by the increment). Whatever else it fell by was lost in the pipes, the
//! scheduler or the GUI: behind a loaded machine or Wine that can be tens of milliseconds a
//! move, which a default `Move Overhead` does not cover and which drains a sudden-death
//! clock move after move. The meter compares the clock the GUI sends with the one our last
//! move should have left, and the time manager keeps the measured delay back (`time.rs`).

use crate::search::time::{previous_root, Clock};

/// Samples kept for the typical delay.
const SAMPLES: usize = 8;
/// A clock that rose by more than this beyond the increment was topped up (a new period):
/// that move tells nothing about the delay.
const TOP_UP_MS: u64 = 20;
/// A delay beyond this is a one-off (a GUI paused, a machine swapped), not the pipe: it is
/// left out rather than taxing every later move.
const MAX_SAMPLE_MS: u64 = 500;
/// The peak decays by an eighth (rounded up) at every timed search.
const PEAK_DECAY: u64 = 8;

/// What our last timed move started from.
#[derive(Clone, Copy, Debug)]
struct LastMove {
    /// The root of that search.
    key: u64,
    /// Our clock and increment as the GUI gave them.
    time_left: u64,
    increment: u64,
    /// From reading `go` to printing `bestmove`, in milliseconds.
    spent: u64,
}

/// Measures the delay outside the search from the clocks the GUI sends.
#[derive(Clone, Debug, Default)]
pub struct LagMeter {
    last: Option<LastMove>,
    /// The latest samples, oldest overwritten first; a missing sample counts as 0.
    samples: [u64; SAMPLES],
    next: usize,
    /// The worst recent delay, decaying.
    peak: u64,
}

impl LagMeter {
    /// Before a search: measures what our last move cost outside the search, if this position
    /// follows from it (`history` holds the keys of the positions before the root, and the
    /// last move's root is two plies back), and writes the delays into `clock`.
    pub fn measure(&mut self, clock: &mut Clock, history: &[u64]) {
        let follows = |last: &LastMove| previous_root(history) == Some(last.key);
        if let Some(last) = self.last.take().filter(follows) {
            let expected = last.time_left.saturating_add(last.increment).saturating_sub(last.spent);
            let topped_up = clock.time_left > expected.saturating_add(TOP_UP_MS);
            let sample = expected.saturating_sub(clock.time_left);
            if !topped_up && sample <= MAX_SAMPLE_MS {
                self.samples[self.next] = sample;
                self.next = (self.next + 1) % SAMPLES;
                self.peak = self.peak.max(sample);
            }
        }
        clock.lag = self.typical();
        clock.lag_peak = self.peak;
    }

    /// After a search: remembers it, if it ran on our clock (`clock`), for the next
    /// measurement; a search that waited for the GUI (ponder, infinite) does not count. The
    /// peak decays at every timed search.
    pub fn record(&mut self, key: u64, clock: Option<&Clock>, spent_ms: u64, waited: bool) {
        self.last = match clock {
            Some(clock) if !waited => {
                self.peak -= self.peak.div_ceil(PEAK_DECAY);
                Some(LastMove { key, time_left: clock.time_left, increment: clock.increment, spent: spent_ms })
            }
            _ => None,
        };
    }

    /// The typical delay: the lower median of the last samples, so a single slow move does
    /// not tax every later one (the peak covers it on the next few).
    fn typical(&self) -> u64 {
        let mut sorted = self.samples;
        sorted.sort_unstable();
        sorted[SAMPLES / 2 - 1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays `moves` moves of a 10+0 game on paper: each spends `think` ms and the pipe
    /// `delay(move)` more. Returns the clock the search saw at each move.
    fn game(meter: &mut LagMeter, moves: u64, think: u64, delay: impl Fn(u64) -> u64) -> Vec<Clock> {
        let mut time_left = 10_000u64;
        let mut seen = Vec::new();
        for mv in 0..moves {
            // The positions before the root: two plies back, our last root (key mv - 1), then
            // the position our move left.
            let history = [mv.wrapping_sub(1), 1000 + mv];
            let mut clock = Clock { time_left, ..Clock::default() };
            meter.measure(&mut clock, &history);
            seen.push(clock);
            meter.record(mv, Some(&clock), think, false);
            time_left -= think + delay(mv);
        }
        seen
    }

    #[test]
    fn a_steady_pipe_is_measured() {
        let mut meter = LagMeter::default();
        let seen = game(&mut meter, 20, 100, |_| 40);
        assert_eq!((seen[0].lag, seen[0].lag_peak), (0, 0), "nothing measured before a move");
        assert_eq!(seen[19].lag, 40);
        assert!(seen[19].lag_peak >= 35);
    }

    #[test]
    fn a_hiccup_fades_and_a_pause_is_left_out() {
        let mut meter = LagMeter::default();
        let seen = game(&mut meter, 40, 100, |mv| match mv {
            5 => 300,   // one slow move
            20 => 5000, // the GUI paused: not a pipe
            _ => 2,
        });
        assert_eq!(seen[7].lag, 2, "one slow move is not the typical delay");
        assert!(seen[7].lag_peak > 200, "but it is kept back for the next moves");
        assert!(seen[30].lag_peak < 50, "{}", seen[30].lag_peak);
        assert!(seen[22].lag_peak < 50, "a pause is not a sample: {}", seen[22].lag_peak);
    }

    #[test]
    fn only_a_continued_game_is_measured() {
        // The peak measured when our last search (root 7, 5 s left, 100 ms spent, `waited`
        // if it was a ponder search) is followed by `history` and a clock of `time_left`.
        let peak_after = |waited: bool, history: &[u64], time_left: u64| {
            let mut meter = LagMeter::default();
            meter.record(7, Some(&Clock { time_left: 5000, ..Clock::default() }), 100, waited);
            let mut next = Clock { time_left, ..Clock::default() };
            meter.measure(&mut next, history);
            next.lag_peak
        };
        // Another game (its position two plies back is not our last root): no sample.
        assert_eq!(peak_after(false, &[99, 98], 1000), 0);
        // A new period topped the clock up: no sample either.
        assert_eq!(peak_after(false, &[7, 8], 65_000), 0);
        // After a ponder search nothing is known of what our clock did.
        assert_eq!(peak_after(true, &[7, 8], 4000), 0);
        // The same game, 50 ms lost: measured.
        assert_eq!(peak_after(false, &[7, 8], 4850), 50);
    }
}
