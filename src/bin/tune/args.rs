//! The tuner's command line: `tune [--resolve] [--lambda=L] [--from-engine] [--only=NAMES]
//! DATA [EPOCHS [L2 [L2_PSQ [HELD_OUT]]]]` (see the module comment of `main.rs`).

pub const USAGE: &str =
    "usage: tune [--resolve] [--lambda=L] [--from-engine] [--only=NAMES] DATA.epd [EPOCHS [L2 [L2_PSQ [HELD_OUT.epd]]]]";

/// What a run was asked to do.
#[derive(Debug)]
pub struct Args {
    /// Replace each position by the quiet end of its best line of captures first.
    pub resolve: bool,
    /// The share of the game's result in a position's target (the rest is the search's score).
    pub lambda: f64,
    /// Start from the engine's weights and square corrections, and pull towards them.
    pub from_engine: bool,
    /// The only weights that move (whole tables by name), if any are named.
    pub only: Option<Vec<String>>,
    pub data: String,
    pub epochs: usize,
    /// The pull of each weight towards where it started: (w - w0)^2 per weight, added to the
    /// mean error, so that terms the data says little about stay where they were.
    pub l2: f64,
    /// The same pull for the piece-square corrections (towards 0, the formula, or towards the
    /// engine's corrections with `from_engine`).
    pub l2_psq: f64,
    /// Held-out positions from other games: a tenth of DATA's positions shares games with the
    /// rest, so it cannot show a fit to those games' particulars; other games can.
    pub held_out: Option<String>,
}

impl Args {
    /// Reads the arguments after the program's name.
    pub fn parse(mut args: Vec<String>) -> Result<Args, String> {
        let mut flag = |name: &str| {
            let found = args.iter().any(|a| a == name);
            args.retain(|a| a != name);
            found
        };
        let resolve = flag("--resolve");
        let from_engine = flag("--from-engine");
        let mut value = |prefix: &str| {
            let found = args.iter().find_map(|a| a.strip_prefix(prefix).map(str::to_string));
            args.retain(|a| !a.starts_with(prefix));
            found
        };
        let lambda = match value("--lambda=").map(|l| l.parse::<f64>()) {
            None => 1.0,
            Some(Ok(l)) if (0.0..=1.0).contains(&l) => l,
            Some(_) => return Err("--lambda wants a number from 0 to 1".into()),
        };
        let only: Option<Vec<String>> = value("--only=").map(|l| l.split(',').map(str::to_string).collect());
        let data = args.first().ok_or(USAGE)?.clone();
        let number = |i: usize| args.get(i).and_then(|e| e.parse::<f64>().ok());
        let l2 = number(2).unwrap_or(0.0);
        Ok(Args {
            resolve,
            lambda,
            from_engine: from_engine || only.is_some(),
            only,
            data,
            epochs: args.get(1).and_then(|e| e.parse().ok()).unwrap_or(1000),
            l2,
            l2_psq: number(3).unwrap_or(l2),
            held_out: args.get(4).cloned(),
        })
    }

    /// Whether weight `name` may move: every weight without `--only`; with it, the weights it
    /// names and the entries of the tables it names.
    pub fn moves(&self, name: &str) -> bool {
        self.only.as_ref().is_none_or(|list| list.iter().any(|o| names(o, name)))
    }

    /// The names of `--only` that name none of `weights`.
    pub fn unknown_names(&self, weights: &[String]) -> Vec<String> {
        let only = self.only.iter().flatten();
        only.filter(|o| !weights.iter().any(|w| names(o, w))).cloned().collect()
    }
}

/// True when `given` names weight `name`: the weight itself, or the table it is an entry of
/// (`passed_pawn` names `passed_pawn[3]`).
fn names(given: &str, name: &str) -> bool {
    name == given || name.strip_prefix(given).is_some_and(|rest| rest.starts_with('['))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Args, String> {
        Args::parse(line.split_whitespace().map(str::to_string).collect())
    }

    #[test]
    fn flags_and_numbers_are_read_in_any_order() {
        let args = parse("--lambda=0.5 data.epd 300 1e-7 --from-engine 1e-8 held.epd").unwrap();
        assert_eq!((args.lambda, args.from_engine, args.resolve), (0.5, true, false));
        assert_eq!((args.data.as_str(), args.epochs, args.l2, args.l2_psq), ("data.epd", 300, 1e-7, 1e-8));
        assert_eq!(args.held_out.as_deref(), Some("held.epd"));
        let plain = parse("data.epd").unwrap();
        assert_eq!(
            (plain.lambda, plain.epochs, plain.l2, plain.from_engine, plain.held_out),
            (1.0, 1000, 0.0, false, None)
        );
        assert!(parse("--lambda=2 data.epd").is_err());
        assert_eq!(parse("--resolve").unwrap_err(), USAGE);
    }

    #[test]
    fn only_names_whole_weights_and_tables() {
        let args = parse("--only=passed_pawn,knight_outpost data.epd").unwrap();
        assert!(args.from_engine);
        assert!(args.moves("knight_outpost"));
        assert!(args.moves("passed_pawn[3]"));
        assert!(!args.moves("passed_pawn_more"));
        assert!(!args.moves("bishop_outpost"));
        assert!(parse("data.epd").unwrap().moves("anything"));
        let names: Vec<String> = ["passed_pawn[1]", "knight_outpost"].map(str::to_string).to_vec();
        assert!(args.unknown_names(&names).is_empty());
        let typo = parse("--only=knight_outpost,pased_pawn data.epd").unwrap();
        assert_eq!(typo.unknown_names(&names), vec!["pased_pawn".to_string()]);
    }
}
