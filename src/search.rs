//! The search: micro-Max's hashed, iteratively deepened alpha-beta, made readable.
//!
//! From the bottom up (each module imports only those above it in this list):
//! * `score`: the special scores (`MATE`, `DRAW`, ...) and `MAX_PLY`; `level`: the playing
//!   levels below full strength; `options`: the UCI options the search reads; `time`: the
//!   `go` limits turned into deadlines; `params`: the hand-set margins and divisors of the
//!   search, constants unless built for tuning;
//! * `tt`: the transposition table, with the score bounds and hits it answers; `wdl`: the
//!   win/draw/loss model; `report`: what the search tells its [`Reporter`];
//! * `ordering` (a folder): the histories of quiet moves and captures, and each move's sort
//!   key; `correction`: the static evaluation's errors, learned by pawn structure and by
//!   each side's pieces;
//! * `root`: the root move list, each move with its score, PV and nodes;
//! * `thread_data`: what each search thread owns (histories, PV table, per-ply frames,
//!   caches); `picker`: a node's moves in stages, in its ply's frame; `searcher`: one
//!   thread's search and the bookkeeping every node does;
//! * `pruning` (a folder): where the search looks less than full width or full depth (static
//!   cuts, null move, ProbCut, move-loop pruning, late-move reductions) or deeper (singular
//!   extensions);
//! * `iterate` (iterative deepening and aspiration windows at the root), `alphabeta` (every
//!   node, the root included), `node_eval` (a node's static score) and `quiescence`: the
//!   search itself, as methods of [`Searcher`]; `tablebase`: the endgame tables at the root
//!   and in the search; `weaken`: how a limited level chooses its move among what the search
//!   found.
//!
//! Scores are centipawns from the side to move's point of view (see `score`).

mod alphabeta;
mod correction;
mod iterate;
pub mod level;
mod node_eval;
pub mod options;
mod ordering;
pub mod params;
mod picker;
mod pruning;
mod quiescence;
pub mod report;
pub mod root;
pub mod score;
mod searcher;
mod tablebase;
mod thread_data;
pub mod time;
pub mod tt;
pub mod wdl;
mod weaken;

pub use searcher::{SearchInputs, SearchResult, Searcher, Signals};
pub use thread_data::ThreadData;
