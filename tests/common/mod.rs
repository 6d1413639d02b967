//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// A file from the repository's test data, `tests/data/` (where each file came from is in
/// `tests/data/README.md`). A missing file fails the test with its path.
pub fn test_data(file: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {} ({e})", path.display()))
}

/// The FEN and the `(depth, count)` pairs of one perft-suite line (`fen ;D1 20 ;D2 400 ...`).
pub fn perft_line(line: &str) -> (&str, Vec<(u32, u64)>) {
    let mut parts = line.split(';');
    let fen = parts.next().unwrap_or_default().trim();
    let counts = parts
        .filter_map(|p| {
            let mut it = p.split_whitespace();
            let depth = it.next()?.strip_prefix('D')?.parse().ok()?;
            let count = it.next()?.parse().ok()?;
            Some((depth, count))
        })
        .collect();
    (fen, counts)
}

/// The node count of the last `info depth` line among `lines` that has one (the search's total).
pub fn last_info_nodes(lines: &[String]) -> u64 {
    let words = lines
        .iter()
        .rev()
        .filter(|l| l.starts_with("info depth"))
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .find(|w| w.contains(&"nodes"))
        .expect("an info line with nodes");
    let at = words.iter().position(|w| *w == "nodes").unwrap();
    words[at + 1].parse().expect("a node count")
}

/// The engine binary under test, driven over its stdin and stdout with a bound on every
/// wait, for tests that run many searches in one process.
pub struct Engine {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    lines: std::sync::mpsc::Receiver<String>,
}

impl Engine {
    /// Starts the engine built by this crate.
    pub fn start() -> Engine {
        use std::io::BufRead;
        use std::process::{Command, Stdio};
        let mut child = Command::new(env!("CARGO_BIN_EXE_maxim"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the engine starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Engine { child, stdin, lines }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        use std::io::Write;
        writeln!(self.stdin, "{line}").expect("the engine reads its input");
        self.stdin.flush().unwrap();
    }

    /// Every line up to and including the first that starts with `prefix`; panics with the
    /// lines seen if none comes within `seconds`.
    pub fn read_until(&mut self, prefix: &str, seconds: u64) -> Vec<String> {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(_) => panic!(
                    "no `{prefix}` within {seconds} s; the last lines: {:?}",
                    seen.iter().rev().take(5).collect::<Vec<_>>()
                ),
            }
        }
    }

    /// The engine's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// `isready`, and waits for `readyok`.
    pub fn sync(&mut self) {
        self.send("isready");
        self.read_until("readyok", 10);
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.send("quit");
        let _ = self.child.wait();
    }
}
