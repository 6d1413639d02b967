//! The script format of `uci-scripts/*.uci` (documented in `uci-scripts/README.md`): the
//! directives, the parser, and the two matchers scripts rely on, glob patterns and UCI move syntax.

use std::time::Duration;

/// One script line, already parsed.
#[derive(Debug, PartialEq)]
pub(crate) enum Directive {
    /// `>`, `>bytes`, `>repeat`: bytes for the engine's stdin, newline included where due.
    Send(Vec<u8>),
    /// `< PATTERN`: wait for a stdout line matching the pattern.
    Expect(String),
    /// `! PATTERN`: no stdout line since the previous `<` match matches the pattern.
    Forbid(String),
    /// `count PATTERN N`: exactly N stdout lines of the whole session match the pattern.
    Count(String, usize),
    /// `sleep MS`: wait, reading output meanwhile.
    Sleep(Duration),
    /// `timeout MS`: the bound for later waits.
    Timeout(Duration),
    /// `within MS`: the next `<` must match this soon after the last send.
    Within(Duration),
    /// `close`: close the engine's stdin.
    Close,
    /// `exit CODE`: the engine exits with this code.
    Exit(i32),
    /// `legal`: the move of the latest `bestmove` line is well-formed UCI.
    Legal,
    /// `stderr PATTERN`: wait for a stderr line matching the pattern.
    Stderr(String),
}

/// The kind of system an engine runs on, for the scripts that test one system's paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum System {
    /// Linux, macOS, ...: folders separated by `:`, `/` in paths.
    Unix,
    /// Windows (or Wine): folders separated by `;`, drive letters, `\` in paths.
    Windows,
}

/// A parsed script: its directives with their 1-based line numbers.
pub(crate) struct Script {
    pub(crate) steps: Vec<(usize, Directive)>,
    pub(crate) free_output: bool,
    /// `only unix` / `only windows`: the script runs only against an engine on that system.
    pub(crate) only: Option<System>,
}

/// Why a script failed; `line` is the script line, if the failure belongs to one.
#[derive(Debug)]
pub(crate) struct Failure {
    pub(crate) line: Option<usize>,
    pub(crate) message: String,
}

impl Failure {
    pub(crate) fn at(line: usize, message: impl Into<String>) -> Self {
        Failure { line: Some(line), message: message.into() }
    }
}

/// Whether `pattern` matches the whole of `text`: `*` is any run of characters, `?` one
/// character, everything else is literal. Greedy with one backtrack point, which is enough for
/// globs because a later `*` can always absorb what an earlier one would have.
pub(crate) fn glob(pattern: &str, text: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = text.chars().collect();
    let (mut pi, mut ti) = (0, 0);
    let mut backtrack: Option<(usize, usize)> = None; // (pattern after the last `*`, text it resumes at)
    while ti < t.len() {
        if pi < p.len() && p[pi] == '*' {
            backtrack = Some((pi + 1, ti));
            pi += 1;
        } else if pi < p.len() && (p[pi] == '?' || p[pi] == t[ti]) {
            pi += 1;
            ti += 1;
        } else if let Some((after_star, resume)) = backtrack {
            backtrack = Some((after_star, resume + 1));
            pi = after_star;
            ti = resume + 1;
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

/// Whether `text` is a syntactically valid UCI move: `[a-h][1-8][a-h][1-8][nbrq]?` or `0000`.
pub(crate) fn is_uci_move(text: &str) -> bool {
    let b = text.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    text == "0000"
        || ((b.len() == 4 || b.len() == 5)
            && square(b[0], b[1])
            && square(b[2], b[3])
            && (b.len() == 4 || b"nbrq".contains(&b[4])))
}

fn parse_ms(line: usize, text: &str) -> Result<Duration, Failure> {
    text.trim().parse().map(Duration::from_millis).map_err(|_| Failure::at(line, format!("not milliseconds: `{text}`")))
}

fn parse_hex(line: usize, text: &str) -> Result<Vec<u8>, Failure> {
    let digits: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let bad = || Failure::at(line, format!("not an even run of hex digits: `{text}`"));
    let pairs = digits.chunks_exact(2);
    if digits.is_empty() || !pairs.remainder().is_empty() {
        return Err(bad());
    }
    pairs.map(|pair| u8::from_str_radix(&pair.iter().collect::<String>(), 16).map_err(|_| bad())).collect()
}

/// Parses a script, failing on the first line that is not a directive. In the text sent by
/// `>`, `{repo}` stands for the repository's folder as the engine names it (`repo`).
pub(crate) fn parse(text: &str, repo: &str) -> Result<Script, Failure> {
    let mut script = Script { steps: Vec::new(), free_output: false, only: None };
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let raw = raw.trim_start();
        if raw.trim().is_empty() || raw.starts_with('#') {
            continue;
        }
        let (word, rest) = raw.split_once(char::is_whitespace).unwrap_or((raw, ""));
        let pattern = || rest.trim().to_string();
        let directive = match word {
            // The text of `>` is literal after the one space, so a script can send odd spacing.
            ">" => Directive::Send(format!("{}\n", raw.get(2..).unwrap_or("").replace("{repo}", repo)).into_bytes()),
            ">bytes" => Directive::Send(parse_hex(line, rest)?),
            ">repeat" => {
                let (count, text) = rest.split_once(' ').unwrap_or((rest, ""));
                let count: usize =
                    count.parse().map_err(|_| Failure::at(line, format!("`>repeat` needs a count: `{raw}`")))?;
                Directive::Send(format!("{}\n", text.repeat(count)).into_bytes())
            }
            "<" => Directive::Expect(pattern()),
            "!" => Directive::Forbid(pattern()),
            "stderr" => Directive::Stderr(pattern()),
            "count" => {
                let (pattern, count) = rest.trim().rsplit_once(char::is_whitespace).unwrap_or(("", rest.trim()));
                let count = count.parse().map_err(|_| Failure::at(line, format!("`count` needs N last: `{raw}`")))?;
                Directive::Count(pattern.trim().to_string(), count)
            }
            "sleep" => Directive::Sleep(parse_ms(line, rest)?),
            "timeout" => Directive::Timeout(parse_ms(line, rest)?),
            "within" => Directive::Within(parse_ms(line, rest)?),
            "close" => Directive::Close,
            "exit" => Directive::Exit(
                rest.trim().parse().map_err(|_| Failure::at(line, format!("`exit` needs a code: `{raw}`")))?,
            ),
            "legal" => Directive::Legal,
            "allow-free-output" => {
                script.free_output = true;
                continue;
            }
            "only" => {
                script.only = Some(match rest.trim() {
                    "unix" => System::Unix,
                    "windows" => System::Windows,
                    other => return Err(Failure::at(line, format!("`only` takes unix or windows, not `{other}`"))),
                });
                continue;
            }
            _ => return Err(Failure::at(line, format!("unknown directive `{word}`"))),
        };
        script.steps.push((line, directive));
    }
    Ok(script)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glob_matches_whole_lines() {
        assert!(glob("bestmove *", "bestmove e2e4 ponder e7e5"));
        assert!(glob("info depth * score cp * pv *", "info depth 3 seldepth 4 score cp 20 nodes 9 pv e2e4"));
        assert!(glob("a?c", "abc") && !glob("a?c", "abbc"));
        assert!(glob("*", "") && glob("**x*", "yyx"));
        assert!(!glob("bestmove", "bestmove e2e4") && !glob("*e4", "e2e4 e7e5"));
    }

    #[test]
    fn uci_move_syntax() {
        assert!(is_uci_move("e2e4") && is_uci_move("a7a8q") && is_uci_move("0000"));
        assert!(!is_uci_move("e2e9") && !is_uci_move("a7a8k") && !is_uci_move("(none)") && !is_uci_move("e2"));
    }

    #[test]
    fn directives_parse() {
        let script = parse(
            "# comment\n\n> uci\n>bytes 6100ff0a\n>repeat 3 ab\ncount info * 2\nallow-free-output\nonly unix\n> {repo}/x\n",
            "/r",
        )
        .unwrap();
        assert!(script.free_output);
        assert_eq!(script.only, Some(System::Unix));
        let steps: Vec<Directive> = script.steps.into_iter().map(|s| s.1).collect();
        assert_eq!(
            steps,
            [
                Directive::Send(b"uci\n".to_vec()),
                Directive::Send(vec![0x61, 0, 0xff, 0x0a]),
                Directive::Send(b"ababab\n".to_vec()),
                Directive::Count("info *".into(), 2),
                Directive::Send(b"/r/x\n".to_vec()),
            ]
        );
        assert_eq!(parse("wait 3", "").err().map(|f| f.line), Some(Some(1)));
        assert!(parse("only plan9", "").is_err());
    }
}
