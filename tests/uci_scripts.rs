//! Black-box protocol tests: every scripted UCI session in `uci-scripts/*.uci` is played against
//! the built engine, each in its own process started with `RUST_LOG=warn`.
//!
//! The script format is documented in `uci-scripts/README.md`. Scripts run on two worker threads
//! (the machine has two cores) and every failure is reported together, with the script line and
//! the engine's last output. Every wait is bounded, so a hung engine fails its script instead of
//! hanging the test, and each engine process is killed when its script ends.
//!
//! Environment:
//! - `MAXIM_ENGINE=/path/to/engine` plays the scripts against another binary (for example
//!   `/usr/games/stockfish`, to check that a script only tests what the UCI spec says);
//! - `UCI_SCRIPT=name,other` runs only the scripts whose file name contains one of the words;
//! - `UCI_SCRIPTS_LAX=1` turns off the stdout discipline check, for engines that print a banner;
//! - `MAXIM_ENGINE_OS=windows` (or `unix`) says which system the engine runs on, when it is not
//!   this one: a Windows build under Wine runs the `only windows` scripts, and sees this
//!   repository's folder through Wine's drive `Z:`.

// The modules sit in `tests/uci_scripts/`; a test crate's root looks for them beside itself, and
// a `tests/*.rs` file there would become a test crate of its own, hence the explicit paths.
#[path = "uci_scripts/script.rs"]
mod script;
#[path = "uci_scripts/session.rs"]
mod session;

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::thread;
use std::time::Instant;

use script::{parse, Failure, System};
use session::{check_discipline, Session};

/// Worker threads: one script each, so two engines share the two cores.
const JOBS: usize = 2;

/// How one script went.
enum Outcome {
    Passed,
    /// The script is for another system (`only`).
    Skipped,
    /// The failure report: script line, what went wrong, the engine's last output.
    Failed(String),
}

/// The system the engine under test runs on: `MAXIM_ENGINE_OS`, or this one.
fn engine_system() -> System {
    match std::env::var("MAXIM_ENGINE_OS").as_deref() {
        Ok("windows") => System::Windows,
        Ok("unix") => System::Unix,
        _ if cfg!(windows) => System::Windows,
        _ => System::Unix,
    }
}

/// This repository's folder as the engine names it: itself, or under Wine, on drive `Z:`
/// (where Wine shows the Unix file tree) with Windows separators.
fn repo_for_engine() -> String {
    let repo = env!("CARGO_MANIFEST_DIR");
    if engine_system() == System::Windows && !cfg!(windows) {
        format!("Z:{}", repo.replace('/', "\\"))
    } else {
        repo.to_string()
    }
}

/// Plays one script.
fn run_script(engine: &Path, path: &Path) -> Outcome {
    let name = path.file_name().unwrap_or_default().to_string_lossy().to_string();
    let report = |failure: Failure, tail: &str| {
        let place = failure.line.map(|l| format!(":{l}")).unwrap_or_default();
        Outcome::Failed(format!("uci-scripts/{name}{place}: {}\n{tail}", failure.message))
    };
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => return report(Failure { line: None, message: format!("cannot read: {e}") }, ""),
    };
    let script = match parse(&text, &repo_for_engine()) {
        Ok(script) => script,
        Err(failure) => return report(failure, ""),
    };
    if script.only.is_some_and(|only| only != engine_system()) {
        return Outcome::Skipped;
    }
    let mut session = match Session::start(engine) {
        Ok(session) => session,
        Err(e) => {
            return report(Failure { line: None, message: format!("cannot start {}: {e}", engine.display()) }, "")
        }
    };
    let mut outcome = Ok(());
    for (line, directive) in &script.steps {
        if let Err(message) = session.run(directive) {
            let source = text.lines().nth(line - 1).unwrap_or("").trim();
            outcome = Err(Failure::at(*line, format!("`{source}`: {message}")));
            break;
        }
    }
    session.finish();
    match outcome.and_then(|()| check_discipline(&session, script.free_output)) {
        Ok(()) => Outcome::Passed,
        Err(failure) => report(failure, &session.tail()),
    }
}

/// The scripts to run: all of `uci-scripts/*.uci`, narrowed by `UCI_SCRIPT` if set.
fn scripts() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("uci-scripts");
    let filter = std::env::var("UCI_SCRIPT").unwrap_or_default();
    let words: Vec<&str> = filter.split(',').map(str::trim).filter(|w| !w.is_empty()).collect();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "uci"))
        .filter(|p| {
            let name = p.file_name().unwrap_or_default().to_string_lossy();
            words.is_empty() || words.iter().any(|w| name.contains(w))
        })
        .collect();
    paths.sort();
    paths
}

#[test]
fn every_uci_script_passes() {
    let engine = std::env::var_os("MAXIM_ENGINE").map(PathBuf::from).unwrap_or(env!("CARGO_BIN_EXE_maxim").into());
    let paths = scripts();
    assert!(!paths.is_empty(), "no uci-scripts/*.uci matched (UCI_SCRIPT filter?)");
    let queue = Mutex::new(paths.iter().collect::<VecDeque<_>>());
    let failures = Mutex::new(Vec::new());
    let skipped = Mutex::new(0);
    thread::scope(|scope| {
        for _ in 0..JOBS {
            scope.spawn(|| {
                while let Some(path) = queue.lock().unwrap().pop_front() {
                    let started = Instant::now();
                    let outcome = run_script(&engine, path);
                    let verdict = match outcome {
                        Outcome::Passed => "ok",
                        Outcome::Skipped => "skip",
                        Outcome::Failed(_) => "FAIL",
                    };
                    let name = path.file_name().unwrap_or_default().to_string_lossy();
                    println!("{verdict:>4} uci-scripts/{name} ({} ms)", started.elapsed().as_millis());
                    match outcome {
                        Outcome::Passed => {}
                        Outcome::Skipped => *skipped.lock().unwrap() += 1,
                        Outcome::Failed(report) => failures.lock().unwrap().push(report),
                    }
                }
            });
        }
    });
    let mut failures = failures.into_inner().unwrap();
    failures.sort();
    let skipped = skipped.into_inner().unwrap();
    let passed = paths.len() - failures.len() - skipped;
    assert!(
        failures.is_empty(),
        "{} of {} UCI scripts failed against {} ({passed} passed, {skipped} for another system):\n\n{}",
        failures.len(),
        paths.len(),
        engine.display(),
        failures.join("\n")
    );
    println!("{passed} scripts passed, {skipped} skipped (for another system)");
}
