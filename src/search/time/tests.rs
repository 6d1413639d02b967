//! The deadlines as pure functions: every clock form, its edge cases, and whole games played
//! on paper (each move spends its soft deadline, the pipe costs a fixed delay), so the plans
//! are checked over 150 moves and more without a clock.

use super::*;

fn clock(time_left: u64, increment: u64, moves_to_go: Option<u32>) -> Clock {
    Clock { time_left, increment, moves_to_go, ..Clock::default() }
}

fn limits(clock: Clock) -> Limits {
    Limits { clock: Some(clock), ..Limits::default() }
}

fn ms(d: Option<Duration>) -> u64 {
    d.unwrap().as_millis() as u64
}

/// (soft, hard) in milliseconds with a Move Overhead of 10 ms.
fn plan(clock: Clock) -> (u64, u64) {
    let d = deadlines(&limits(clock), 10);
    (ms(d.soft), ms(d.hard))
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
    assert_eq!((ms(d.soft), ms(d.hard)), (1000, 1000));
    // With a clock as well, the tighter of the two.
    let both = Limits { movetime: Some(1000), ..limits(clock(100, 0, None)) };
    assert!(ms(deadlines(&both, 10).hard) < 100);
}

#[test]
fn every_clock_form_stays_inside_the_clock() {
    for &(time, inc, mtg) in &[
        (1, 0, None),         // 1 ms left
        (1, 0, Some(1)),      // 1 ms left, last move of a period
        (0, 0, None),         // wtime 0 (and a negative wtime, which the parser makes 0)
        (0, 100, None),       // wtime 0 with an increment
        (50, 1000, None),     // the increment larger than the clock
        (50, 1000, Some(10)), // ... in a period
        (5000, 0, Some(1)),   // movestogo 1
        (5000, 0, Some(0)),   // movestogo 0, from a careless GUI: planned as 1
        (1000, 10, None),
        (10_000, 100, None),
        (10_000, 0, None),
        (60_000, 0, Some(40)),
        (40, 10, None),
        (u64::MAX / 4, u64::MAX / 4, Some(0)),
        (u64::MAX, u64::MAX, None),
        (u64::MAX, 0, None),
    ] {
        for (lag, lag_peak) in [(0, 0), (30, 80), (u64::MAX, u64::MAX)] {
            let (soft, hard) = plan(Clock { lag, lag_peak, ..clock(time, inc, mtg) });
            assert!(soft <= hard, "{time}+{inc}/{mtg:?}");
            let ceiling = time.saturating_sub(lag_peak.max(10)) as u128 * MAX_SHARE as u128 / 100;
            assert!(hard as u128 <= ceiling, "hard {hard} for {time}+{inc}/{mtg:?} lag {lag}");
        }
    }
    // An absurd clock is still a clock: a long think, not a wrapped-around nothing.
    for mtg in [None, Some(1), Some(40)] {
        assert!(plan(clock(u64::MAX / 4, 0, mtg)).0 > 1_000_000_000, "{mtg:?}");
    }
}

#[test]
fn the_overhead_and_the_measured_lag_come_off_first() {
    let plain = plan(clock(10_000, 0, None)).0;
    let lagged = plan(Clock { lag: 30, lag_peak: 60, ..clock(10_000, 0, None) }).0;
    assert!(lagged < plain, "{lagged} {plain}");
    // A clock under the overhead: nothing to plan with, the search plays its first move.
    assert_eq!(plan(clock(8, 0, None)), (0, 0));
    assert_eq!(plan(Clock { lag_peak: 200, ..clock(150, 100, None) }), (0, 0));
}

#[test]
fn with_an_increment_the_middlegame_gets_more_than_the_opening() {
    let at = |time_left, game_ply| plan(Clock { game_ply, ..clock(time_left, 100, None) }).0;
    // 10+0.1: about 270 ms for the first move, more by move 20 with 7 s left.
    let (first, twentieth) = (at(10_000, 0), at(7_000, 40));
    assert!((240..=300).contains(&first), "{first}");
    assert!(twentieth > first + 50, "{first} {twentieth}");
    // Late, with little left: under the increment, so that the clock grows back.
    assert!(at(400, 160) < 100, "{}", at(400, 160));
    // Living on the increment: with little left, think well under the increment.
    let (soft, hard) = plan(clock(60, 10, None));
    assert!(soft < 5 && hard < 15, "{soft} {hard}");
}

#[test]
fn sudden_death_takes_a_growing_share_of_a_reserved_budget() {
    let at = |time_left, game_ply| plan(Clock { game_ply, ..clock(time_left, 0, None) }).0;
    // 10+0: about 1.8% of the clock at the first move, 4% by move 40.
    assert!((160..=200).contains(&at(10_000, 0)), "{}", at(10_000, 0));
    assert!(at(10_000, 80) > at(10_000, 0) + 150, "{}", at(10_000, 80));
    assert!(at(10_000, 160) <= 450);
    // Deep in a long game the reserve for 52 more moves is spent, but a move still gets 1%
    // of what is left after 20 moves' overhead.
    assert_eq!(at(600, 300), 3);
    assert_eq!(at(150, 300), 0);
}

#[test]
fn a_period_keeps_time_for_its_last_moves() {
    // 40/10 at its start: about 1.25 × 10 s / 45.
    let (first, _) = plan(Clock { game_ply: 0, ..clock(10_000, 0, Some(40)) });
    assert!((250..=290).contains(&first), "{first}");
    // The last move of a period: about a fifth of the clock, never most of it.
    let (last, hard) = plan(clock(3000, 0, Some(1)));
    assert!((500..=700).contains(&last) && hard <= 1200, "{last} {hard}");
    // An increment in a period adds the increments still to come.
    assert!(plan(clock(10_000, 500, Some(20))).0 > plan(clock(10_000, 0, Some(20))).0 + 300);
    // movestogo beyond 50 is planned as 50.
    assert_eq!(plan(clock(60_000, 0, Some(80))), plan(clock(60_000, 0, Some(50))));
}

/// A game on paper: every move spends `soft × spend_percent / 100` and the pipe `lag` ms,
/// with the lag meter's view set to `measured`. Returns the clock's lowest value and the
/// mean think time in each move band (1-40, 41-80, 81-120, 121+).
fn play(
    start: Clock,
    periods: &[(u32, u64)],
    moves: u32,
    spend_percent: u64,
    lag: u64,
    measured: u64,
) -> (i64, [u64; 4]) {
    let mut time_left = start.time_left as i64;
    let mut lowest = time_left;
    let mut sums = [(0u64, 0u64); 4];
    let (mut period, mut to_go) = (0, periods.first().map(|p| p.0));
    for mv in 0..moves {
        let now = Clock {
            time_left: time_left.max(0) as u64,
            moves_to_go: to_go,
            game_ply: 2 * mv,
            lag: measured,
            lag_peak: measured,
            ..start
        };
        let think = plan(now).0 * spend_percent / 100;
        time_left -= (think + lag) as i64;
        lowest = lowest.min(time_left);
        time_left += start.increment as i64;
        let band = (mv as usize / 40).min(3);
        sums[band] = (sums[band].0 + think, sums[band].1 + 1);
        if let Some(left) = to_go {
            to_go = Some(left - 1);
            if left == 1 {
                period = (period + 1).min(periods.len() - 1);
                time_left += periods[period].1 as i64;
                to_go = Some(periods[period].0);
            }
        }
    }
    (lowest, sums.map(|(sum, n)| sum / n.max(1)))
}

#[test]
fn sudden_death_lasts_a_long_game() {
    // 10+0 over 200 moves, a few ms of pipe each move: the clock never gets near zero, and
    // the moves to 120 still think (later ones get the 1% floor, tested above).
    let (lowest, bands) = play(clock(10_000, 0, None), &[], 200, 100, 3, 3);
    assert!(lowest > 500, "{lowest} {bands:?}");
    assert!(bands[0] > 150 && bands[2] >= 3, "{bands:?}");
    // Searches that overrun their soft deadline by half still leave a clock.
    let (lowest, _) = play(clock(10_000, 0, None), &[], 200, 150, 3, 3);
    assert!(lowest > 300, "{lowest}");
    // 3+0, 60+0 and 180+0 alike: the reserve of 52 moves' overhead stays.
    for base in [3_000, 60_000, 180_000] {
        let (lowest, bands) = play(clock(base, 0, None), &[], 200, 100, 3, 3);
        assert!(lowest > 400, "{base}: {lowest} {bands:?}");
    }
}

#[test]
fn a_slow_pipe_is_measured_and_survived() {
    // 25 ms each way behind the pipe: 50 ms a move lost whatever the search does. With the
    // delay measured, 10+0 lasts past move 160.
    let (lowest, bands) = play(clock(10_000, 0, None), &[], 170, 100, 50, 50);
    assert!(lowest > 0, "{lowest} {bands:?}");
    // Without the measurement, the same pipe flags the clock.
    let (unmeasured, _) = play(clock(10_000, 0, None), &[], 170, 100, 50, 0);
    assert!(unmeasured < 0, "{unmeasured}");
}

#[test]
fn periods_reset_and_mix() {
    // 40/10 repeating, 200 moves: about 7% of the period is left at its end.
    let (lowest, bands) = play(clock(10_000, 0, Some(40)), &[(40, 10_000)], 200, 100, 3, 3);
    assert!(lowest > 500, "{lowest} {bands:?}");
    // 40/300 s then 20/60 s repeating: the short periods too.
    let (lowest, bands) = play(clock(300_000, 0, Some(40)), &[(40, 300_000), (20, 60_000)], 200, 100, 3, 3);
    assert!(lowest > 3_000, "{lowest} {bands:?}");
    // With an increment added at every move.
    let (lowest, _) = play(clock(10_000, 100, Some(40)), &[(40, 10_000)], 200, 100, 3, 3);
    assert!(lowest > 500, "{lowest}");
}

#[test]
fn the_soft_deadline_follows_the_search() {
    let scale = |stable_iterations, changes, fall_since_last_move, fall_since_iterations| {
        soft_scale(&Progress { stable_iterations, changes, fall_since_last_move, fall_since_iterations })
    };
    assert_eq!(scale(1, 0.0, 0, 0), 1.0);
    assert_eq!(scale(4, 0.0, 0, 0), 0.6);
    // A change just made counts in full, and for three iterations after.
    assert!((scale(0, 1.0, 0, 0) - 1.6).abs() < 1e-9);
    assert!(scale(3, 0.125, 0, 0) > 1.0);
    // A rising score never shortens the search.
    assert_eq!(scale(2, 0.0, -300, -300), 1.0);
    // A falling score lengthens it, up to half as much again.
    assert!(scale(2, 0.0, 20, 10) > 1.3);
    assert_eq!(scale(2, 0.0, 500, 500), 1.5);
}
