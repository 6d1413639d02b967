//! The search's hand-set numbers (margins, divisors, windows) in one place, so that they can be
//! tuned by SPSA (`tools/spsa.py`, `docs/tuning.md`). Each is declared once below with its
//! default, the range a tuner may move it in, and `c_end`, the size of the tuner's last
//! perturbation (in the parameter's own unit: about what one step changes in strength).
//!
//! The search reads each one through an accessor named after it (`rfp_margin()`). In the
//! default build the accessor returns the default, a constant the compiler folds in where it
//! is used, so the engine is exactly the one written with `const`s: same code, same nodes.
//! With the cargo feature `tune` each is an atomic that the front end sets from a UCI option
//! of the parameter's name ([`set_tunable`]); the search reads it with `Relaxed` ordering (a
//! value changed during a search is picked up by each thread at its next read, and no two
//! values need to agree).
//!
//! Depth limits and move counts stay `const`s beside their code: small integers a tuner's
//! steps would hardly move, which also decide the shape of the tree more than its margins.

/// Declares the parameters: for each, its doc comment, `accessor / NAME = default, min, max,
/// c_end;`. `c_end` is a float or an integer literal.
macro_rules! params {
    ($($(#[doc = $doc:literal])* $accessor:ident / $name:ident = $default:literal, $min:literal, $max:literal, $c_end:literal;)*) => {
        $(
            const _: () = assert!($min <= $default && $default <= $max, "a default outside its range");

            $(#[doc = $doc])*
            #[cfg(not(feature = "tune"))]
            #[inline(always)]
            pub(super) fn $accessor() -> i32 {
                $default
            }

            $(#[doc = $doc])*
            #[cfg(feature = "tune")]
            #[inline(always)]
            pub(super) fn $accessor() -> i32 {
                cells::$name.load(Ordering::Relaxed)
            }
        )*

        /// The tune build's values, one atomic per parameter.
        #[cfg(feature = "tune")]
        mod cells {
            use std::sync::atomic::AtomicI32;
            $(pub(super) static $name: AtomicI32 = AtomicI32::new($default);)*
        }

        /// Every parameter, in the order declared.
        #[cfg(feature = "tune")]
        static TUNABLES: &[Tunable] = &[$(Tunable {
            name: stringify!($name),
            default: $default,
            min: $min,
            max: $max,
            c_end: $c_end as f64,
            value: &cells::$name,
        }),*];
    };
}

params! {
    /// Reverse futility pruning (`pruning/static_cuts.rs`): the margin per ply of depth by which the
    /// static score must stand above beta.
    rfp_margin / RFP_MARGIN = 80, 40, 160, 6;
    /// Razoring (`pruning/static_cuts.rs`): the static score must be below alpha by this much plus
    /// `RAZOR_PER_DEPTH2` per ply of depth squared.
    razor_base / RAZOR_BASE = 200, 50, 400, 20;
    razor_per_depth2 / RAZOR_PER_DEPTH2 = 150, 50, 300, 12;
    /// Futility pruning of quiet moves (`pruning/move_loop.rs`): the margin is this base plus
    /// `FUTILITY_PER_DEPTH` per ply of depth (0, 150, 300 and 450 at depths 0 to 3).
    futility_base / FUTILITY_BASE = 0, -100, 200, 12;
    futility_per_depth / FUTILITY_PER_DEPTH = 150, 60, 300, 10;
    /// History pruning (`pruning/move_loop.rs`): a late quiet move whose statistics are below this much
    /// per ply of depth, negated, is not searched.
    history_prune_margin / HISTORY_PRUNE_MARGIN = 4000, 1000, 10000, 300;
    /// SEE pruning (`pruning/move_loop.rs`): a quiet move that loses more than this much per ply of depth
    /// in the exchange on its square is not searched, nor a capture that loses more than this
    /// much per ply of depth squared (a capture that loses a piece may still win it back
    /// deeper in the tree).
    see_quiet_margin / SEE_QUIET_MARGIN = 60, 20, 150, 5;
    see_capture_margin / SEE_CAPTURE_MARGIN = 20, 5, 60, 2;
    /// Late-move reductions (`pruning/reductions.rs`): the reduction is `LMR_BASE / 1000 + ln(depth) *
    /// ln(move number) / (LMR_DIVISOR / 1000)`, rounded down: 0.75 + ln * ln / 2.25.
    lmr_base / LMR_BASE = 750, 0, 1500, 50;
    lmr_divisor / LMR_DIVISOR = 2250, 1200, 4000, 100;
    /// A late quiet move's reduction shrinks by one ply for this much of its statistics
    /// (history and continuation history, `ordering/history.rs`) above 0, and grows by one for as much
    /// below.
    lmr_history_divisor / LMR_HISTORY_DIVISOR = 8192, 3000, 20000, 500;
    /// Null-move pruning (`pruning/null_move.rs`): one more ply is taken off the null-move search per
    /// this much of the static score above beta: the further ahead the side to move stands,
    /// the less the pass needs proving.
    null_eval_divisor / NULL_EVAL_DIVISOR = 200, 80, 400, 15;
    /// ProbCut (`pruning/probcut.rs`): the shallow search must beat beta by this much.
    probcut_margin / PROBCUT_MARGIN = 100, 40, 250, 8;
    /// Singular extensions (`pruning/singular.rs`): the other moves must stay this many sixteenths of
    /// a centipawn per ply of depth below the hash move's stored score (2 cp per ply).
    singular_margin_x16 / SINGULAR_MARGIN_X16 = 32, 12, 64, 3;
    /// Off the PV, a hash move whose rivals stay this much further below is extended two
    /// plies.
    double_margin / DOUBLE_MARGIN = 20, 4, 60, 3;
    /// Aspiration windows (`iterate.rs`): the half-width of the first window around the last
    /// iteration's score.
    aspiration_window / ASPIRATION_WINDOW = 13, 6, 40, 2;
    /// Delta pruning in quiescence (`quiescence.rs`): a capture is skipped when even winning
    /// the captured piece for nothing, plus this much for what the static score may miss
    /// (plus `eval::LAZY_MARGIN`, for a lazy stand-pat score), would leave the side below
    /// alpha.
    delta_base / DELTA_BASE = 200, 60, 400, 15;
    /// The history bonus of a cutoff at depth d (`ordering/history.rs`): `HISTORY_BONUS_QUAD * d * d +
    /// HISTORY_BONUS_LIN * d`, at most `HISTORY_BONUS_MAX`; growing with the square of the
    /// depth, since a deep cutoff saved a large subtree.
    history_bonus_quad / HISTORY_BONUS_QUAD = 16, 4, 40, 2;
    history_bonus_lin / HISTORY_BONUS_LIN = 32, 0, 100, 6;
    history_bonus_max / HISTORY_BONUS_MAX = 1600, 600, 3000, 100;
}

#[cfg(feature = "tune")]
use std::sync::atomic::{AtomicI32, Ordering};

/// SPSA's `r_end`, the same for every parameter: the last step's size relative to `c_end`
/// (OpenBench's usual value). `tools/spsa.py` reads it with the rest from `tunables`.
#[cfg(feature = "tune")]
pub const R_END: f64 = 0.002;

/// One tunable parameter of the tune build.
#[cfg(feature = "tune")]
#[derive(Debug)]
pub struct Tunable {
    /// The name, as the UCI option is called (`setoption` matches it in any case).
    pub name: &'static str,
    /// The value the default build compiles in.
    pub default: i32,
    /// The smallest value accepted.
    pub min: i32,
    /// The largest value accepted.
    pub max: i32,
    /// SPSA's `c_end`: the size of the last perturbation, in the parameter's unit.
    pub c_end: f64,
    value: &'static AtomicI32,
}

#[cfg(feature = "tune")]
impl Tunable {
    /// The value the search reads now.
    pub fn current(&self) -> i32 {
        self.value.load(Ordering::Relaxed)
    }
}

/// Every parameter, in the order declared.
#[cfg(feature = "tune")]
pub fn tunables() -> &'static [Tunable] {
    TUNABLES
}

/// The parameter called `name`, in any case.
#[cfg(feature = "tune")]
pub fn find_tunable(name: &str) -> Option<&'static Tunable> {
    TUNABLES.iter().find(|t| t.name.eq_ignore_ascii_case(name.trim()))
}

/// Sets the parameter called `name` (in any case) to `value`. An unknown name or a value out
/// of the parameter's range is an error, and nothing changes.
#[cfg(feature = "tune")]
pub fn set_tunable(name: &str, value: i64) -> Result<(), String> {
    let tunable = find_tunable(name).ok_or_else(|| format!("no search parameter '{}'", name.trim()))?;
    let (min, max) = (tunable.min, tunable.max);
    if value < min as i64 || value > max as i64 {
        return Err(format!("{}: {value} is out of range {min}..{max}; unchanged", tunable.name));
    }
    tunable.value.store(value as i32, Ordering::Relaxed);
    Ok(())
}

#[cfg(all(test, feature = "tune"))]
mod tests {
    use super::*;

    // Other tests search in parallel with these, so a value is only ever set to its default.
    #[test]
    fn names_are_found_in_any_case_and_ranges_are_checked() {
        assert_eq!(tunables().len(), 20);
        assert!(tunables().iter().all(|t| t.min <= t.default && t.default <= t.max && t.c_end > 0.0));
        assert!(tunables().iter().all(|t| t.current() == t.default));
        assert_eq!(set_tunable(" rfp_margin ", 80), Ok(()));
        assert_eq!(rfp_margin(), 80);
        assert!(set_tunable("RFP_MARGIN", 161).unwrap_err().contains("out of range 40..160"));
        assert!(set_tunable("RFP_MARGIN", -5).is_err());
        assert!(set_tunable("NO_SUCH_MARGIN", 1).unwrap_err().contains("no search parameter"));
        assert_eq!(rfp_margin(), 80);
        assert_eq!(find_tunable("futility_base").map(|t| (t.min, t.max)), Some((-100, 200)));
    }
}
