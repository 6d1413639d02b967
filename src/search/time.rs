//! Time management: turns the `go` limits into two deadlines, as pure functions of the
//! numbers the GUI sent, so they can be tested without a clock.
//!
//! * The **soft** deadline: after it, no new iteration starts (an iteration that cannot finish
//!   would be wasted time).
//! * The **hard** deadline: the search aborts, and plays the best move found so far.

use std::time::Duration;

/// The clock part of `go`: what is left for the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Milliseconds left on our clock (negative values from a GUI arrive as 0).
    pub time_left: u64,
    /// Our increment per move in milliseconds.
    pub increment: u64,
    /// Moves until the next time control, if the game has one.
    pub moves_to_go: Option<u32>,
    /// Plies the game has had before this move (0 at its start, or where the GUI's position
    /// does not say): with an increment, a later move may take a larger share of the clock.
    pub game_ply: u32,
}

/// Everything in `go` that limits the search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Exact time to spend, in milliseconds.
    pub movetime: Option<u64>,
    /// Clock and increment for the side to move.
    pub clock: Option<Clock>,
    /// Stop once a mate in this many moves is found.
    pub mate: Option<u32>,
    /// Search until told to stop.
    pub infinite: bool,
}

/// When to stop starting iterations, and when to abort.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadlines {
    /// Do not start a new iteration after this.
    pub soft: Option<Duration>,
    /// Abort the search at this point.
    pub hard: Option<Duration>,
}

/// Moves we plan for when the GUI gives no `movestogo` and no increment (sudden death): the
/// game may go on for a long time, so each move gets a small share of what is left.
const SUDDEN_DEATH_MOVES: u64 = 30;
/// With an increment and no `movestogo`, the budget is what the clock will have had over
/// this many moves (what is left, and their increments while the bank holds them), and a
/// move takes a share of it that grows with the game's ply: in per-million, SHARE_BASE +
/// SHARE_GROWTH × (ply + 3)^0.45, about 1.8% at the first move, 3.3% at move 20, 4% at
/// move 40. The early moves of a game are mostly settled by a plan a short search finds as
/// well; the middlegame's are where the game is decided. The shape and the constants are
/// Stockfish's (its 15.1 time manager); SHARE_CAP_PERCENT of the clock caps a move as it
/// does (in percent: 20 of what is left).
const PLAN_MOVES: u64 = 50;
const SHARE_BASE: f64 = 12_000.0;
const SHARE_GROWTH: f64 = 3_900.0;
const SHARE_CAP_PERCENT: u64 = 20;
/// Share of the increment spent on top of the base slice, in percent.
const INCREMENT_SHARE: u64 = 75;
/// Increments the remaining time must cover before the increment is spent in full.
const INCREMENT_BANK: u64 = 20;
/// The hard deadline allows this many soft slices, for an iteration that is nearly done.
const HARD_FACTOR: u64 = 4;
/// Never plan to use more than this percentage of the remaining time on one move (with more
/// than one move to go): the rest is the safety margin against stalls and scheduling.
const MAX_SHARE: u64 = 40;
/// With one move to the time control, use at most this percentage of what is left.
const LAST_MOVE_SHARE: u64 = 80;

/// The deadlines for a search. `overhead_ms` is the Move Overhead option: time lost between
/// the GUI's clock and ours (pipes, scheduling, GUI latency), taken off the clock first.
pub fn deadlines(limits: &Limits, overhead_ms: u64) -> Deadlines {
    if limits.infinite {
        return Deadlines { soft: None, hard: None };
    }
    let mut soft: Option<u64> = None;
    let mut hard: Option<u64> = None;
    if let Some(movetime) = limits.movetime {
        // An exact time: use all of it, but stop new iterations a little early.
        soft = Some(movetime);
        hard = Some(movetime);
    }
    if let Some(clock) = limits.clock {
        let available = clock.time_left.saturating_sub(overhead_ms);
        let moves = clock.moves_to_go.map_or(SUDDEN_DEATH_MOVES, |m| m.clamp(1, 50) as u64);
        let share = if moves == 1 { LAST_MOVE_SHARE } else { MAX_SHARE };
        // Saturating: a GUI may send absurd clocks, and a wrapped product would be nonsense.
        let ceiling = available.saturating_mul(share) / 100;
        // The increment is only spent in full while the bank holds INCREMENT_BANK of them:
        // every move also costs latency outside the search (pipes, scheduling, the GUI), so a
        // clock living on its increment alone must think for less than the increment or drain.
        let bank = clock.increment.saturating_mul(INCREMENT_BANK).max(1);
        let banked = |ms: u64| (ms as u128 * available.min(bank) as u128 / bank as u128) as u64;
        let slice = if clock.increment > 0 && clock.moves_to_go.is_none() {
            let budget = available.saturating_add(banked(clock.increment.saturating_mul(PLAN_MOVES - 1)));
            let growth = SHARE_GROWTH * (clock.game_ply as f64 + 3.0).powf(0.45);
            let planned = (budget as f64 * (SHARE_BASE + growth) / 1_000_000.0) as u64;
            planned.min(available.saturating_mul(SHARE_CAP_PERCENT) / 100)
        } else {
            let increment_part = banked(clock.increment.saturating_mul(INCREMENT_SHARE) / 100);
            (available / moves).saturating_add(increment_part)
        };
        let clock_soft = slice.min(ceiling);
        let clock_hard = slice.saturating_mul(HARD_FACTOR).min(ceiling);
        soft = Some(soft.map_or(clock_soft, |s| s.min(clock_soft)));
        hard = Some(hard.map_or(clock_hard, |h| h.min(clock_hard)));
    }
    Deadlines { soft: soft.map(Duration::from_millis), hard: hard.map(Duration::from_millis) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(time_left: u64, increment: u64, moves_to_go: Option<u32>) -> Limits {
        Limits { clock: Some(Clock { time_left, increment, moves_to_go, game_ply: 0 }), ..Limits::default() }
    }

    fn ms(d: Option<Duration>) -> u64 {
        d.unwrap().as_millis() as u64
    }

    #[test]
    fn infinite_and_depth_have_no_deadline() {
        let d = deadlines(&Limits { infinite: true, ..Limits::default() }, 30);
        assert_eq!(d, Deadlines { soft: None, hard: None });
        let d = deadlines(&Limits { depth: Some(5), ..Limits::default() }, 30);
        assert_eq!(d.hard, None);
    }

    #[test]
    fn movetime_is_exact() {
        let d = deadlines(&Limits { movetime: Some(1000), ..Limits::default() }, 30);
        assert_eq!(ms(d.hard), 1000);
    }

    #[test]
    fn clock_budget_stays_inside_the_clock() {
        for &(time, inc, mtg) in &[
            (1000, 10, None),
            (10_000, 100, None),
            (60_000, 0, Some(40)),
            (5000, 0, Some(1)),
            (40, 10, None),
            (0, 0, None),
            (u64::MAX / 4, u64::MAX / 4, Some(0)),
        ] {
            let d = deadlines(&clock(time, inc, mtg), 30);
            let (soft, hard) = (ms(d.soft), ms(d.hard));
            assert!(soft <= hard, "{time}+{inc}");
            assert!(hard <= time.saturating_sub(30), "hard {hard} for {time}+{inc}");
        }
        // Living on the increment: with little left, think well under the increment, so the
        // latency outside the search cannot drain the clock move after move.
        let d = deadlines(&clock(60, 10, None), 30);
        assert!(ms(d.soft) < 5 && ms(d.hard) < 10, "{:?}", d);
        // 10+0.1: a sensible slice, not a blitz move nor a tenth of the clock.
        let d = deadlines(&clock(10_000, 100, None), 30);
        assert!((200..=600).contains(&ms(d.soft)), "{:?}", d);
    }

    #[test]
    fn with_an_increment_the_middlegame_gets_more_than_the_opening() {
        let at = |time_left, game_ply| {
            let clock = Clock { time_left, increment: 100, moves_to_go: None, game_ply };
            ms(deadlines(&Limits { clock: Some(clock), ..Limits::default() }, 30).soft)
        };
        // 10+0.1: about 270 ms for the first move, more by move 20 with 7 s left.
        let (first, twentieth) = (at(10_000, 0), at(7_000, 40));
        assert!((240..=300).contains(&first), "{first}");
        assert!(twentieth > first + 50, "{first} {twentieth}");
        // Late, with little left: under the increment, so that the clock grows back.
        assert!(at(400, 160) < 100, "{}", at(400, 160));
        // No increment: the old plan over SUDDEN_DEATH_MOVES, whatever the ply.
        let sudden = |game_ply| {
            let clock = Clock { time_left: 9030, increment: 0, moves_to_go: None, game_ply };
            ms(deadlines(&Limits { clock: Some(clock), ..Limits::default() }, 30).soft)
        };
        assert_eq!(sudden(0), 300);
        assert_eq!(sudden(100), 300);
    }
}
