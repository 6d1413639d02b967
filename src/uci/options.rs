//! The UCI options, each declared once in [`OPTIONS`]: its name, type, default and range,
//! where its value goes, and what the front end must do when it changes. From that one
//! entry come the `option name ...` line of `uci`, the parsing and range check of
//! `setoption` with its error text, and the default values. Adding an option is one entry
//! (and, if the search reads it, a field of `SearchOptions`).

use crate::search::level::{MAX_ELO, MIN_ELO};
use crate::search::options::SearchOptions;
use crate::syzygy::folders::EMPTY_PATH;

/// The options' values as the front end keeps them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// Search threads, the main one included.
    pub threads: usize,
    /// UCI_Chess960: castling written as the king taking its rook, Shredder-FEN in `d`.
    pub chess960: bool,
    /// The values the search reads, sent with every `go`.
    pub search: SearchOptions,
}

/// An option's UCI type, with its default and range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A whole number in `min..=max`.
    Spin {
        /// The value before any `setoption`.
        default: i64,
        /// The smallest value accepted.
        min: i64,
        /// The largest value accepted.
        max: i64,
    },
    /// `true` or `false`.
    Check {
        /// The value before any `setoption`.
        default: bool,
    },
    /// An action with no value.
    Button,
    /// Free text (a path).
    Text {
        /// The value before any `setoption`; `<empty>` for none, as Stockfish writes it.
        default: &'static str,
    },
}

/// A `setoption` value, checked against the option's type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A spin's number, inside its range.
    Spin(i64),
    /// A check's state.
    Check(bool),
    /// A button was pressed.
    Press,
    /// A text option's value, as written (empty for none).
    Text(String),
}

impl Value {
    /// The number of a spin (0 for the other kinds, which their setters never ask).
    fn number(&self) -> i64 {
        if let Value::Spin(n) = self {
            *n
        } else {
            0
        }
    }
}

/// What the front end does once an option's value is stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Nothing: the value is read where it is needed.
    None,
    /// Allocate a table of the new size (keeping the old size if the memory is not there).
    ResizeHash,
    /// Empty the table.
    ClearHash,
    /// Start or end helper threads.
    SetThreads,
    /// Load the endgame tables the value names.
    LoadTablebases,
}

/// One UCI option.
#[derive(Clone, Copy, Debug)]
pub struct UciOption {
    /// The name, as `uci` announces it (`setoption` matches it in any case).
    pub name: &'static str,
    /// Type, default and range.
    pub kind: Kind,
    /// Stores a checked value in the settings.
    pub store: fn(&mut Settings, Value),
    /// What changing it sets off.
    pub effect: Effect,
}

/// Every option the engine offers, in the order `uci` lists them.
pub static OPTIONS: [UciOption; 15] = [
    UciOption {
        name: "Hash",
        kind: Kind::Spin { default: 16, min: 1, max: 65_536 },
        store: |s, v| s.hash_mib = v.number() as usize,
        effect: Effect::ResizeHash,
    },
    UciOption { name: "Clear Hash", kind: Kind::Button, store: |_, _| {}, effect: Effect::ClearHash },
    // Lazy SMP: the main search thread and Threads - 1 helpers over one shared table.
    UciOption {
        name: "Threads",
        kind: Kind::Spin { default: 1, min: 1, max: 1024 },
        store: |s, v| s.threads = v.number() as usize,
        effect: Effect::SetThreads,
    },
    // Stockfish's default: the engine also measures the delay a move costs its clock outside
    // the search and keeps that back (engine/lag.rs), so the option need only cover what one
    // move cannot show. 10 and 30 were measured against each other at 1+0.01 (docs/time.md).
    UciOption {
        name: "Move Overhead",
        kind: Kind::Spin { default: 10, min: 0, max: 5000 },
        store: |s, v| s.search.move_overhead_ms = v.number() as u64,
        effect: Effect::None,
    },
    // Tells the GUI it may send `go ponder`; the search learns of pondering from the `go`.
    UciOption { name: "Ponder", kind: Kind::Check { default: false }, store: |_, _| {}, effect: Effect::None },
    // The best lines searched and shown at each depth; `bestmove` is the first line's move.
    UciOption {
        name: "MultiPV",
        kind: Kind::Spin { default: 1, min: 1, max: 500 },
        store: |s, v| s.search.multi_pv = v.number() as usize,
        effect: Effect::None,
    },
    // GUIs set this for analysis; Maxim searches the same way in both modes.
    UciOption { name: "UCI_AnalyseMode", kind: Kind::Check { default: false }, store: |_, _| {}, effect: Effect::None },
    // A weaker player at UCI_Elo (`search::level`): one thread, fewer nodes, a blurred
    // evaluation, and at the lower levels a choice among the best few moves.
    UciOption {
        name: "UCI_LimitStrength",
        kind: Kind::Check { default: false },
        store: |s, v| s.search.limit_strength = v == Value::Check(true),
        effect: Effect::None,
    },
    // The scale is Stockfish 15.1's UCI_Elo; the maximum is this build's full strength on it.
    // The default is the minimum, as in Stockfish.
    UciOption {
        name: "UCI_Elo",
        kind: Kind::Spin { default: MIN_ELO as i64, min: MIN_ELO as i64, max: MAX_ELO as i64 },
        store: |s, v| s.search.elo = v.number() as u32,
        effect: Effect::None,
    },
    // A win/draw/loss estimate beside every score (`wdl W D L`, in per mille; `search::wdl`).
    UciOption {
        name: "UCI_ShowWDL",
        kind: Kind::Check { default: false },
        store: |s, v| s.search.show_wdl = v == Value::Check(true),
        effect: Effect::None,
    },
    // Chess960 castling notation (king takes rook, `e1h1`) out; both forms are read always,
    // and Chess960 positions are played whatever this says.
    UciOption {
        name: "UCI_Chess960",
        kind: Kind::Check { default: false },
        store: |s, v| s.chess960 = v == Value::Check(true),
        effect: Effect::None,
    },
    // The Syzygy endgame tables, as Stockfish offers them (`syzygy`, `search::tablebase`):
    // their folders (`:` between folders, `;` on Windows); the least depth at which a node
    // with as many pieces as SyzygyProbeLimit is probed (smaller endings are probed at any
    // depth); whether the 50-move rule counts; and the most pieces probed.
    UciOption {
        name: "SyzygyPath",
        kind: Kind::Text { default: EMPTY_PATH },
        store: |_, _| {}, // the front end keeps the tables themselves
        effect: Effect::LoadTablebases,
    },
    UciOption {
        name: "SyzygyProbeDepth",
        kind: Kind::Spin { default: 1, min: 1, max: 100 },
        store: |s, v| s.search.syzygy.probe_depth = v.number() as i32,
        effect: Effect::None,
    },
    UciOption {
        name: "Syzygy50MoveRule",
        kind: Kind::Check { default: true },
        store: |s, v| s.search.syzygy.rule_50 = v == Value::Check(true),
        effect: Effect::None,
    },
    UciOption {
        name: "SyzygyProbeLimit",
        kind: Kind::Spin { default: 7, min: 0, max: 7 },
        store: |s, v| s.search.syzygy.probe_limit = v.number() as usize,
        effect: Effect::None,
    },
];

/// The `option name ...` line that `uci` prints for an option.
pub fn declaration(option: &UciOption) -> String {
    let kind = match option.kind {
        Kind::Spin { default, min, max } => format!("type spin default {default} min {min} max {max}"),
        Kind::Check { default } => format!("type check default {default}"),
        Kind::Button => "type button".to_string(),
        Kind::Text { default } => format!("type string default {default}"),
    };
    format!("option name {} {kind}", option.name)
}

/// Every option at its default.
pub fn defaults() -> Settings {
    let mut settings = Settings { hash_mib: 0, threads: 0, chess960: false, search: SearchOptions::default() };
    for option in &OPTIONS {
        match option.kind {
            Kind::Spin { default, .. } => (option.store)(&mut settings, Value::Spin(default)),
            Kind::Check { default } => (option.store)(&mut settings, Value::Check(default)),
            Kind::Text { default } => (option.store)(&mut settings, Value::Text(default.into())),
            Kind::Button => {}
        }
    }
    settings
}

/// The option called `name`, in any case and with spaces around it ignored.
pub fn find(name: &str) -> Option<&'static UciOption> {
    OPTIONS.iter().find(|o| o.name.eq_ignore_ascii_case(name.trim()))
}

/// Checks a `setoption` value against the option's type. A number out of range is clamped,
/// with a warning; a value that cannot be read at all is an error, and the option keeps its
/// value. The texts name the option, the value and what was done. A text option takes any
/// value, `<empty>` and none included.
pub fn parse_value(option: &UciOption, text: Option<&str>, warnings: &mut Vec<String>) -> Result<Value, String> {
    let name = option.name;
    let text = text.unwrap_or("").trim();
    match option.kind {
        Kind::Spin { min, max, .. } => {
            // A fraction is taken as its whole part: some GUIs write every number as a float.
            let number = text.parse::<i64>().ok().or_else(|| text.parse::<f64>().ok().map(|f| f as i64));
            let Some(n) = number else {
                return Err(format!("option {name}: '{text}' is not a number; unchanged"));
            };
            let clamped = n.clamp(min, max);
            if clamped != n {
                warnings.push(format!("option {name}: {n} is out of range {min}..{max}; using {clamped}"));
            }
            Ok(Value::Spin(clamped))
        }
        Kind::Check { .. } => match text.to_ascii_lowercase().as_str() {
            "true" => Ok(Value::Check(true)),
            "false" => Ok(Value::Check(false)),
            _ => Err(format!("option {name}: '{text}' is not true or false; unchanged")),
        },
        Kind::Button => Ok(Value::Press),
        Kind::Text { .. } => Ok(Value::Text(text.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_come_from_the_table() {
        let lines: Vec<String> = OPTIONS.iter().map(declaration).collect();
        assert_eq!(
            lines,
            [
                "option name Hash type spin default 16 min 1 max 65536",
                "option name Clear Hash type button",
                "option name Threads type spin default 1 min 1 max 1024",
                "option name Move Overhead type spin default 10 min 0 max 5000",
                "option name Ponder type check default false",
                "option name MultiPV type spin default 1 min 1 max 500",
                "option name UCI_AnalyseMode type check default false",
                "option name UCI_LimitStrength type check default false",
                "option name UCI_Elo type spin default 1000 min 1000 max 2325",
                "option name UCI_ShowWDL type check default false",
                "option name UCI_Chess960 type check default false",
                "option name SyzygyPath type string default <empty>",
                "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
                "option name Syzygy50MoveRule type check default true",
                "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
            ]
        );
    }

    #[test]
    fn defaults_are_the_declared_ones() {
        let settings = defaults();
        assert_eq!((settings.hash_mib, settings.threads), (16, 1));
        assert_eq!(settings.search.move_overhead_ms, 10);
        assert_eq!((settings.search.multi_pv, settings.search.show_wdl), (1, false));
        assert_eq!((settings.search.limit_strength, settings.search.elo), (false, 1000));
        assert_eq!(settings.search.level(), None);
        assert_eq!(settings.search.syzygy, crate::search::options::SyzygyOptions::default());
    }

    #[test]
    fn values_are_checked_and_clamped() {
        let hash = find(" hAsH ").unwrap();
        let mut warnings = Vec::new();
        assert_eq!(parse_value(hash, Some("64"), &mut warnings), Ok(Value::Spin(64)));
        assert_eq!(parse_value(hash, Some("64.9"), &mut warnings), Ok(Value::Spin(64)));
        assert!(warnings.is_empty());
        assert_eq!(parse_value(hash, Some("999999999"), &mut warnings), Ok(Value::Spin(65_536)));
        assert_eq!(parse_value(hash, Some("0"), &mut warnings), Ok(Value::Spin(1)));
        assert_eq!(warnings.len(), 2);
        assert!(warnings[0].contains("Hash") && warnings[0].contains("65536"));
        assert!(parse_value(hash, Some("lots"), &mut warnings).unwrap_err().contains("not a number"));
        assert!(parse_value(hash, None, &mut warnings).is_err());
        let ponder = find("Ponder").unwrap();
        assert_eq!(parse_value(ponder, Some("TRUE"), &mut warnings), Ok(Value::Check(true)));
        assert!(parse_value(ponder, Some("yes"), &mut warnings).is_err());
        assert_eq!(parse_value(find("clear hash").unwrap(), Some("now"), &mut warnings), Ok(Value::Press));
        assert!(find("Contempt").is_none());
    }

    #[test]
    fn storing_a_value_sets_its_field() {
        let mut settings = defaults();
        (find("Move Overhead").unwrap().store)(&mut settings, Value::Spin(100));
        (find("Hash").unwrap().store)(&mut settings, Value::Spin(64));
        assert_eq!((settings.hash_mib, settings.search.move_overhead_ms), (64, 100));
        (find("multipv").unwrap().store)(&mut settings, Value::Spin(3));
        (find("UCI_ShowWDL").unwrap().store)(&mut settings, Value::Check(true));
        assert_eq!((settings.search.multi_pv, settings.search.show_wdl), (3, true));
        (find("UCI_LimitStrength").unwrap().store)(&mut settings, Value::Check(true));
        (find("uci_elo").unwrap().store)(&mut settings, Value::Spin(1500));
        assert_eq!(settings.search.level().map(|l| l.elo), Some(1500));
        (find("syzygyprobedepth").unwrap().store)(&mut settings, Value::Spin(5));
        (find("Syzygy50MoveRule").unwrap().store)(&mut settings, Value::Check(false));
        (find("SyzygyProbeLimit").unwrap().store)(&mut settings, Value::Spin(4));
        assert_eq!(
            settings.search.syzygy,
            crate::search::options::SyzygyOptions { probe_depth: 5, rule_50: false, probe_limit: 4 }
        );
        let path = find("SyzygyPath").unwrap();
        let mut warnings = Vec::new();
        assert_eq!(parse_value(path, Some(" /tb/a  b "), &mut warnings), Ok(Value::Text("/tb/a  b".into())));
        assert_eq!(parse_value(path, None, &mut warnings), Ok(Value::Text(String::new())));
    }
}
