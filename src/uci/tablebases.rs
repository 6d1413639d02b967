//! The `SyzygyPath` option: the tables it names loaded, and what was found told to the user
//! (`info string`), before the search thread is handed them.

use super::output::{send_line, tell};
use crate::syzygy::Tablebases;
use std::sync::Arc;

/// At most this many of the files or folders a `SyzygyPath` leaves out are named one by one.
const MAX_TABLE_PROBLEMS_SHOWN: usize = 10;

/// Loads the tables a `SyzygyPath` value names and tells the user what was found: how many
/// WDL and DTZ tables, the most pieces, and every folder or file left out with its reason.
/// None when there is nothing to probe.
pub fn load(path: &str) -> Option<Arc<Tablebases>> {
    let tables = Tablebases::load(path);
    let report = tables.report();
    for problem in report.problems.iter().take(MAX_TABLE_PROBLEMS_SHOWN) {
        tell(&format!("Syzygy: {problem}"));
    }
    if report.problems.len() > MAX_TABLE_PROBLEMS_SHOWN {
        tell(&format!(
            "Syzygy: {} more left out (RUST_LOG=debug lists them)",
            report.problems.len() - MAX_TABLE_PROBLEMS_SHOWN
        ));
        report.problems.iter().skip(MAX_TABLE_PROBLEMS_SHOWN).for_each(|p| log::debug!("Syzygy: {p}"));
    }
    if report.folders == 0 {
        send_line("info string Syzygy: no tables (SyzygyPath is empty)");
        return None;
    }
    let folders = if report.folders == 1 { "1 folder".to_string() } else { format!("{} folders", report.folders) };
    send_line(&format!(
        "info string Syzygy: found {} WDL and {} DTZ tables in {folders}, up to {} pieces",
        report.wdl, report.dtz, report.max_pieces
    ));
    (report.max_pieces > 0).then(|| Arc::new(tables))
}
