//! The tune build's search parameters (`search::params`) over UCI: `uci` announces each as a
//! spin option after the usual ones, `setoption` sets it, and the `tunables` command prints
//! them as the input of an SPSA tuner (`tools/spsa.py`, OpenBench). Only built with the
//! feature `tune`; the default build's protocol has none of it.

use super::options::{declaration, parse_value, Effect, Kind, UciOption, Value};
use super::output::{send_line, tell};
use crate::search::params::{find_tunable, set_tunable, tunables, Tunable, R_END};

/// A parameter as an option of the options table's shape, for its declaration and the
/// parsing of its value (a number out of range is clamped with a warning, as for every spin
/// option). The settings do not hold it: [`set`] stores it.
fn as_option(tunable: &Tunable) -> UciOption {
    let kind = Kind::Spin { default: tunable.default as i64, min: tunable.min as i64, max: tunable.max as i64 };
    UciOption { name: tunable.name, kind, store: |_, _| {}, effect: Effect::None }
}

/// The `option name ...` lines of the parameters, in the order declared.
pub(super) fn declarations() -> Vec<String> {
    tunables().iter().map(|t| declaration(&as_option(t))).collect()
}

/// `setoption` for a parameter: false when `name` is none (the caller answers for an unknown
/// option). Problems are answered with `info string`, and leave the value as it was.
pub(super) fn set(name: &str, value: Option<&str>) -> bool {
    let Some(tunable) = find_tunable(name) else {
        return false;
    };
    let mut warnings = Vec::new();
    let parsed = parse_value(&as_option(tunable), value, &mut warnings);
    warnings.iter().for_each(|w| tell(w));
    match parsed {
        Ok(Value::Spin(n)) => {
            if let Err(e) = set_tunable(tunable.name, n) {
                tell(&e);
            }
        }
        Ok(_) => {} // a spin option's value is a number
        Err(e) => tell(&e),
    }
    true
}

/// `tunables`: one line per parameter in OpenBench's SPSA input form,
/// `NAME, int, value, min, max, c_end, r_end`, with the value the search reads now.
pub(super) fn print() {
    for t in tunables() {
        send_line(&format!("{}, int, {}, {}, {}, {}, {}", t.name, t.current(), t.min, t.max, t.c_end, R_END));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_are_spin_options() {
        let lines = declarations();
        assert_eq!(lines.len(), tunables().len());
        assert_eq!(lines[0], "option name RFP_MARGIN type spin default 80 min 40 max 160");
        assert!(lines.iter().any(|l| l == "option name FUTILITY_BASE type spin default 0 min -100 max 200"));
        // Set to the default only: other tests search meanwhile.
        assert!(set("rfp_margin", Some("80")));
        assert!(!set("Hash", Some("16")));
    }
}
