//! Time management: turns the `go` limits into two deadlines, as pure functions of the
//! numbers the GUI sent (and the pipe delay the engine has measured), so they can be tested
//! without a clock.
//!
//! * The **soft** deadline: after it, no new iteration starts (an iteration that cannot finish
//!   would be wasted time). Between iterations it is scaled by `soft_scale`: more time while
//!   the best move keeps changing or the score falls, less once the move has held.
//! * The **hard** deadline: the search aborts, and plays the best move found so far.
//!
//! A clock comes in one of three forms, each with its own plan:
//!
//! * **Increment** (`winc`, no `movestogo`): a share of what is left plus the increments to
//!   come, growing with the game's ply.
//! * **Sudden death** (no increment, no `movestogo`): the game may last 150 moves or more and
//!   nothing comes back, so a move takes about 2-4% of what is left after a reserve for the
//!   pipe delays of every move still to play.
//! * **Periods** (`movestogo`): what is left and the period's increments, over the moves to
//!   the control plus five, so that the last moves of a period still have time.

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
    /// does not say): a later move may take a larger share of the clock.
    pub game_ply: u32,
    /// The typical time in milliseconds a move has lately cost our clock outside the search
    /// (pipes, scheduling, the GUI), as the engine measured it (`engine::lag`); 0 from a GUI.
    pub lag: u64,
    /// The worst such cost seen lately, decaying: kept back from this move's budget.
    pub lag_peak: u64,
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

impl Deadlines {
    /// No deadline: the search ends on `stop`, or on a limit that is not a time.
    pub const NONE: Deadlines = Deadlines { soft: None, hard: None };
}

/// The share of the budget a move takes, in per-million: SHARE_BASE + SHARE_GROWTH ×
/// (ply + 3)^0.45, about 1.8% at the first move, 3.3% at move 20, 4% at move 40. The early
/// moves of a game are mostly settled by a plan a short search finds as well; the
/// middlegame's are where the game is decided. The shape and the constants are Stockfish's
/// (its 15.1 time manager).
const SHARE_BASE: f64 = 12_000.0;
const SHARE_GROWTH: f64 = 3_900.0;

// --- Increment ---
/// With an increment, the budget is what the clock will have had over this many moves (what
/// is left, and their increments while the bank holds them).
const PLAN_MOVES: u64 = 50;
/// A move never takes more than this percentage of what is left (Stockfish's 20%).
const SHARE_CAP_PERCENT: u64 = 20;
/// Increments the remaining time must cover before the increment is spent in full: every
/// move also costs latency outside the search, so a clock living on its increment alone must
/// think for less than the increment or drain.
const INCREMENT_BANK: u64 = 20;

// --- Sudden death ---
/// Without an increment a move takes Stockfish's share of a budget from which every later
/// move's overhead has been taken (SUDDEN_DEATH_SHARE_FACTOR times it), but never more than
/// SUDDEN_DEATH_SHARE_CAP of it, in per-million (4.5%). 1.25 times the share, capped at 3.75%,
/// spent more of the clock in the first 40 moves and a quarter less in the next 40 than the
/// old plan of a thirtieth of the clock, and lost 18 ± 20 Elo to it at 10+0 (docs/time.md).
const SUDDEN_DEATH_SHARE_FACTOR: f64 = 1.0;
const SUDDEN_DEATH_SHARE_CAP: f64 = 45_000.0;
/// Moves whose overhead is kept back from the budget: a game that has lasted 100 moves may
/// well last 50 more.
const SUDDEN_DEATH_RESERVE_MOVES: u64 = 52;
/// Moves of measured pipe delay kept back as well, at most RESERVE_LAG_QUARTERS/4 of the
/// clock: behind a slow pipe the clock drains by the delay at every move whatever we think.
const LAG_RESERVE_MOVES: u64 = 100;
const LAG_RESERVE_QUARTERS: u64 = 3;
/// Deep in a long game the budget may be spent: a move still takes 1% of what is left after
/// this many moves' overhead, so it plays sensible moves instead of instant ones.
const SUDDEN_DEATH_FLOOR_MOVES: u64 = 20;
const SUDDEN_DEATH_FLOOR_PERCENT: u64 = 1;

// --- Periods ---
/// With `movestogo`, what is left over the moves to the control plus PERIOD_SPARE_MOVES (so
/// the last moves of a period are not starved), times PERIOD_FACTOR_PERCENT; every move to
/// the control, and PERIOD_OVERHEAD_SPARE more, has its overhead taken off first.
const PERIOD_SPARE_MOVES: u64 = 5;
const PERIOD_FACTOR_PERCENT: u64 = 125;
const PERIOD_OVERHEAD_SPARE: u64 = 2;
/// `movestogo` beyond this is planned as this many (Stockfish's horizon too).
const PERIOD_MAX_MOVES: u32 = 50;

// --- Every clock ---
/// The hard deadline allows this many soft slices, for an iteration that is nearly done.
const HARD_FACTOR: u64 = 4;
/// Never plan to use more than this percentage of the remaining time on one move: the rest
/// is the safety margin against stalls and scheduling.
const MAX_SHARE: u64 = 40;
/// With a single legal move there is nothing to decide: the soft deadline is at most this.
pub const ONE_MOVE_SOFT: Duration = Duration::from_millis(500);

/// The root of our previous search, if the game went on from it: the position two plies
/// before the current root (`history` holds the keys of the positions before the root). The
/// stop rules and the lag meter learn from our last move only when it is this one.
pub fn previous_root(history: &[u64]) -> Option<u64> {
    history.len().checked_sub(2).map(|back| history[back])
}

/// The deadlines for a search. `overhead_ms` is the Move Overhead option: time lost between
/// the GUI's clock and ours (pipes, scheduling, GUI latency) on every move.
pub fn deadlines(limits: &Limits, overhead_ms: u64) -> Deadlines {
    if limits.infinite {
        return Deadlines::NONE;
    }
    let mut soft: Option<u64> = None;
    let mut hard: Option<u64> = None;
    if let Some(movetime) = limits.movetime {
        // An exact time: use all of it.
        soft = Some(movetime);
        hard = Some(movetime);
    }
    if let Some(clock) = limits.clock {
        let (clock_soft, clock_hard) = clock_deadlines(&clock, overhead_ms);
        soft = Some(soft.map_or(clock_soft, |s| s.min(clock_soft)));
        hard = Some(hard.map_or(clock_hard, |h| h.min(clock_hard)));
    }
    Deadlines { soft: soft.map(Duration::from_millis), hard: hard.map(Duration::from_millis) }
}

/// Soft and hard deadlines in milliseconds for a clock.
fn clock_deadlines(clock: &Clock, overhead_ms: u64) -> (u64, u64) {
    // This move loses the worst delay seen lately; each later one the typical delay (or the
    // option, if larger).
    let this_move = overhead_ms.max(clock.lag_peak);
    let each_move = overhead_ms.max(clock.lag);
    let available = clock.time_left.saturating_sub(this_move);
    let slice = match (clock.moves_to_go, clock.increment) {
        (Some(moves), _) => period_slice(clock, available, moves, each_move),
        (None, 0) => sudden_death_slice(clock, available, each_move),
        (None, _) => increment_slice(clock, available),
    };
    // Saturating: a GUI may send absurd clocks, and a wrapped product would be nonsense.
    let ceiling = available.saturating_mul(MAX_SHARE) / 100;
    (slice.min(ceiling), slice.saturating_mul(HARD_FACTOR).min(ceiling))
}

/// Stockfish's share of the budget at this ply, as a fraction.
fn ply_share(game_ply: u32) -> f64 {
    (SHARE_BASE + SHARE_GROWTH * (game_ply as f64 + 3.0).powf(0.45)) / 1_000_000.0
}

/// `ms` × `fraction`, for budgets that may be absurdly large.
fn part(ms: u64, fraction: f64) -> u64 {
    (ms as f64 * fraction) as u64
}

/// With an increment and no `movestogo`.
fn increment_slice(clock: &Clock, available: u64) -> u64 {
    let bank = clock.increment.saturating_mul(INCREMENT_BANK).max(1);
    let banked = |ms: u64| (ms as u128 * available.min(bank) as u128 / bank as u128) as u64;
    let budget = available.saturating_add(banked(clock.increment.saturating_mul(PLAN_MOVES - 1)));
    part(budget, ply_share(clock.game_ply)).min(available.saturating_mul(SHARE_CAP_PERCENT) / 100)
}

/// With no increment and no `movestogo`.
fn sudden_death_slice(clock: &Clock, available: u64, each_move: u64) -> u64 {
    let lag_reserve = clock.lag.saturating_mul(LAG_RESERVE_MOVES).min(available / 4 * LAG_RESERVE_QUARTERS);
    let budget =
        available.saturating_sub(each_move.saturating_mul(SUDDEN_DEATH_RESERVE_MOVES)).saturating_sub(lag_reserve);
    let share = (ply_share(clock.game_ply) * SUDDEN_DEATH_SHARE_FACTOR).min(SUDDEN_DEATH_SHARE_CAP / 1_000_000.0);
    let floor =
        available.saturating_sub(each_move.saturating_mul(SUDDEN_DEATH_FLOOR_MOVES)).saturating_sub(lag_reserve) / 100
            * SUDDEN_DEATH_FLOOR_PERCENT;
    part(budget, share).max(floor)
}

/// With `movestogo`: `moves` moves (this one included) until the clock is topped up.
fn period_slice(clock: &Clock, available: u64, moves: u32, each_move: u64) -> u64 {
    let moves = moves.clamp(1, PERIOD_MAX_MOVES) as u64;
    let increments = clock.increment.saturating_mul(moves - 1);
    let overheads = each_move.saturating_mul(moves + PERIOD_OVERHEAD_SPARE);
    let budget = available.saturating_add(increments).saturating_sub(overheads);
    (budget / (moves + PERIOD_SPARE_MOVES)).saturating_mul(PERIOD_FACTOR_PERCENT) / 100
}

/// How a search has gone so far, for `soft_scale`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Progress {
    /// Iterations in a row that kept the same best move.
    pub stable_iterations: u32,
    /// Best-move changes, each halved at every later iteration: a change two iterations ago
    /// still counts a quarter (so the sum stays under 2).
    pub changes: f64,
    /// How far the score has fallen since our previous move's search (centipawns, 0 if it
    /// rose or is unknown).
    pub fall_since_last_move: i32,
    /// How far it has fallen over the last two iterations.
    pub fall_since_iterations: i32,
}

/// The soft deadline's scale between iterations.
const STABLE_ITERATIONS: u32 = 4;
const STABLE_SCALE: f64 = 0.6;
/// Each (decayed) best-move change adds this.
const CHANGE_SCALE: f64 = 0.6;
/// A falling score multiplies the scale by 1 + (12 × fall since the last move + 6 × fall
/// over the iterations) / FALL_DIVISOR, at most FALL_CAP: Stockfish's weights.
const FALL_DIVISOR: f64 = 700.0;
const FALL_CAP: f64 = 1.5;

/// The factor the soft deadline is scaled by after an iteration: 1 normally, 0.6 once the
/// best move has held for four iterations, plus 0.6 per recent best-move change, times up to
/// 1.5 while the score falls: at most (1 + 0.6 × 2) × 1.5 = 3.3. The hard deadline never
/// moves.
pub fn soft_scale(progress: &Progress) -> f64 {
    let base = if progress.stable_iterations < STABLE_ITERATIONS { 1.0 } else { STABLE_SCALE };
    let changes = progress.changes.max(0.0) * CHANGE_SCALE;
    let fall = 12 * progress.fall_since_last_move.max(0) + 6 * progress.fall_since_iterations.max(0);
    let falling = (1.0 + fall as f64 / FALL_DIVISOR).min(FALL_CAP);
    (base + changes) * falling
}

#[cfg(test)]
mod tests;
