//! The search: micro-Max's hashed, iteratively deepened alpha-beta, made readable.
//!
//! From the bottom up (each module imports only those above it in this list):
//! * `score`: the special scores (`MATE`, `DRAW`, ...) and `MAX_PLY`; `level`: the playing
//!   levels below full strength; `options`: the UCI options the search reads; `time`: the
//!   `go` limits turned into deadlines; `params`: the hand-set margins and divisors of the
//!   search, constants unless built for tuning;
//! * `bound`: score bounds and table hits; `tt`: the transposition table; `wdl`: the
//!   win/draw/loss model; `report`: what the search tells its [`Reporter`];
//! * `history` (killers and history), `capture_history`, `ordering` (sort keys, MVV/LVA) and
//!   `picker` (a node's moves in stages): move ordering; `reductions`: how much a late move's
//!   search is cut; `correction`: the static evaluation's errors, learned by pawn structure;
//! * `root`: the root move list, each move with its score, PV and nodes;
//! * `thread_data`: what each search thread owns (killers, history, PV table, caches);
//!   `searcher`: one thread's search and the bookkeeping every node does;
//! * `iterate` (iterative deepening and aspiration windows at the root), `alphabeta` (every
//!   node, the root included) and `quiescence`: the search itself, as methods of [`Searcher`];
//!   `tablebase`: the endgame tables at the root and in the search;
//!   `weaken`: how a limited level chooses its move among what the search found.
//!
//! Scores are centipawns from the side to move's point of view (see `score`).

mod alphabeta;
pub mod bound;
mod capture_history;
mod correction;
mod history;
mod iterate;
pub mod level;
mod node_eval;
mod null_move;
pub mod options;
mod ordering;
pub mod params;
mod picker;
mod probcut;
mod pruning;
mod quiescence;
mod reductions;
pub mod report;
pub mod root;
pub mod score;
mod searcher;
mod singular;
mod static_cuts;
mod tablebase;
mod thread_data;
pub mod time;
pub mod tt;
pub mod wdl;
mod weaken;

pub use searcher::{SearchInputs, SearchResult, Searcher, Signals};
pub use thread_data::ThreadData;
