//! The shape of the source tree, checked: the layers of `src/lib.rs` hold (a module imports
//! only from the layers below its own), no group of modules imports itself in a circle, and no
//! source file grows past 400 lines.
//!
//! The imports are read from the source text: every path that starts with `crate::`,
//! `super::` or `self::`, every `use` tree, and every path through a module's own child
//! modules (`options::OPTIONS`). Each is resolved to the deepest module it names. Test code
//! counts like any other code. Method calls between files that extend one type (`impl
//! Searcher` in several files) are not imports and are not seen.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The top-level modules from the bottom layer up; a module may import only from those
/// listed before it.
const LAYERS: [&str; 6] = ["chess", "eval", "syzygy", "search", "engine", "uci"];
/// The longest a source file may be.
const MAX_LINES: usize = 400;

/// A module's path from the crate root: `["search", "tt"]`; the root is `[]`.
type ModulePath = Vec<String>;

/// Every library module with its source text. `src/a/b.rs` is module `a::b`; `main.rs` and
/// `bin/` are binaries, outside the library.
fn library_modules() -> BTreeMap<ModulePath, String> {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut modules = BTreeMap::new();
    for file in rust_files(&src) {
        let relative = file.strip_prefix(&src).unwrap().with_extension("");
        let path: ModulePath = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
        if path == ["main"] || path.first().map(String::as_str) == Some("bin") {
            continue;
        }
        let module = if path == ["lib"] { Vec::new() } else { path };
        modules.insert(module, std::fs::read_to_string(&file).unwrap());
    }
    modules
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// The source with comments, string literals and character literals blanked out, so only
/// code is searched for paths. Lifetimes (`'a`) are kept. A visibility path (`pub(in
/// crate::search)`) names who may see an item, not what it uses, so it becomes `pub`.
fn code_only(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let rest = |k: usize| at(i + k);
        if chars[i..].starts_with(&['p', 'u', 'b', '(', 'i', 'n', ' ']) {
            while i < chars.len() && chars[i] != ')' {
                i += 1;
            }
            i += 1;
            out.push_str("pub");
        } else if chars[i] == '/' && rest(1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if chars[i] == '/' && rest(1) == '*' {
            i += 2;
            while i < chars.len() && !(chars[i] == '*' && at(i + 1) == '/') {
                i += 1;
            }
            i += 2;
            out.push(' ');
        } else if chars[i] == 'r' && (rest(1) == '"' || (rest(1) == '#' && rest(2) == '"')) {
            let hashes = (1..).take_while(|&k| rest(k) == '#').count();
            i += 2 + hashes;
            let closing = format!("\"{}", "#".repeat(hashes));
            while i < chars.len() && !chars[i..].iter().collect::<String>().starts_with(&closing) {
                i += 1;
            }
            i += closing.len();
            out.push_str("\"\"");
        } else if chars[i] == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if chars[i] == '\'' && (rest(2) == '\'' || (rest(1) == '\\' && (rest(3) == '\'' || rest(1) == '\\'))) {
            // A character literal ('x', '\n', '\''; longer escapes end at the next quote).
            i += 2;
            while i < chars.len() && chars[i] != '\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// The module that `segments` names when written inside `from`: `crate`, `super` and `self`
/// are followed, a first segment naming a child module of `from` starts there, and the path
/// then descends through modules as far as they exist. `None` for paths outside the crate.
fn resolve(from: &ModulePath, segments: &[String], modules: &BTreeMap<ModulePath, String>) -> Option<ModulePath> {
    let mut at = from.clone();
    let mut rest = segments;
    match segments.first().map(String::as_str) {
        Some("crate") => {
            at.clear();
            rest = &segments[1..];
        }
        Some("self") => rest = &segments[1..],
        Some("super") => {
            while rest.first().map(String::as_str) == Some("super") {
                at.pop();
                rest = &rest[1..];
            }
        }
        Some(first) => {
            let mut child = from.clone();
            child.push(first.to_string());
            if !modules.contains_key(&child) {
                return None;
            }
        }
        None => return None,
    }
    for segment in rest {
        let mut next = at.clone();
        next.push(segment.clone());
        if !modules.contains_key(&next) {
            break;
        }
        at = next;
    }
    Some(at)
}

/// The paths of every `use` tree in the code, expanded: `use a::{b::C, d};` gives `a::b::C`
/// and `a::d`; each with the offset of its `use`.
fn use_paths(code: &str) -> Vec<(usize, Vec<String>)> {
    let mut paths = Vec::new();
    let bytes = code.as_bytes();
    let mut start = 0;
    while let Some(found) = code[start..].find("use ") {
        let at = start + found;
        start = at + 4;
        let boundary = at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
        if !boundary {
            continue;
        }
        let Some(end) = code[at..].find(';') else { break };
        let tree: String = without_aliases(&code[at + 4..at + end]).chars().filter(|c| !c.is_whitespace()).collect();
        let mut expanded = Vec::new();
        expand(&tree, &mut Vec::new(), &mut expanded);
        paths.extend(expanded.into_iter().map(|path| (at, path)));
    }
    paths
}

/// A `use` tree with its renamings (`X as Y`) cut to the names they rename (`X`).
fn without_aliases(tree: &str) -> String {
    let words: Vec<&str> = tree.split_whitespace().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < words.len() {
        if words[i] == "as" && i + 1 < words.len() {
            // Keep what follows the alias name in the same word (`Y},` keeps `},`).
            out.extend(words[i + 1].chars().skip_while(|c| c.is_alphanumeric() || *c == '_'));
            i += 2;
        } else {
            out.push_str(words[i]);
            out.push(' ');
            i += 1;
        }
    }
    out
}

fn expand(tree: &str, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    // Split at top-level commas inside a group.
    if let Some(open) = tree.find('{') {
        let head: Vec<String> = tree[..open].split("::").filter(|s| !s.is_empty()).map(str::to_string).collect();
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let mut depth = 0;
        let mut part_start = 0;
        let mut parts = Vec::new();
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(&inner[part_start..i]);
                    part_start = i + 1;
                }
                _ => {}
            }
        }
        parts.push(&inner[part_start..]);
        let len = prefix.len();
        prefix.extend(head);
        for part in parts.into_iter().filter(|p| !p.is_empty()) {
            expand(part, prefix, out);
        }
        prefix.truncate(len);
    } else {
        let mut path = prefix.clone();
        path.extend(tree.split("::").filter(|s| !s.is_empty() && *s != "*").map(str::to_string));
        out.push(path);
    }
}

/// The other paths in the code: runs of `ident::ident::...`, each with its offset (the
/// paths inside `use` trees are found again here, which does no harm).
fn expression_paths(code: &str) -> Vec<(usize, Vec<String>)> {
    let mut paths = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut i = 0;
    while i < chars.len() {
        if ident(chars[i]) && (i == 0 || !(ident(chars[i - 1]) || chars[i - 1] == ':')) {
            let mut segments = Vec::new();
            let mut j = i;
            loop {
                let s = j;
                while j < chars.len() && ident(chars[j]) {
                    j += 1;
                }
                segments.push(chars[s..j].iter().collect::<String>());
                if j + 2 < chars.len() && chars[j] == ':' && chars[j + 1] == ':' && ident(chars[j + 2]) {
                    j += 2;
                } else {
                    break;
                }
            }
            if segments.len() > 1 {
                paths.push((i, segments));
            }
            i = j;
        } else {
            i += 1;
        }
    }
    paths
}

/// The byte spans of the inline modules (`mod tests { ... }`) in the code. Inside one,
/// `super` means the file's own module.
fn inline_modules(code: &str) -> Vec<(usize, usize)> {
    let bytes = code.as_bytes();
    let mut spans = Vec::new();
    let mut start = 0;
    while let Some(found) = code[start..].find("mod ") {
        let at = start + found;
        start = at + 4;
        if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_') {
            continue;
        }
        let name_end = at + 4 + code[at + 4..].find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(0);
        let after = code[name_end..].trim_start();
        if !after.starts_with('{') {
            continue; // `mod name;`: a module in its own file
        }
        let open = code.len() - after.len();
        let mut depth = 0;
        for (i, c) in code[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        spans.push((open, open + i));
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    spans
}

/// Every import edge between library modules: (importer, imported), importer != imported.
fn import_edges(modules: &BTreeMap<ModulePath, String>) -> BTreeSet<(ModulePath, ModulePath)> {
    let mut edges = BTreeSet::new();
    for (module, source) in modules {
        let code = code_only(source);
        let inline = inline_modules(&code);
        for (offset, mut path) in use_paths(&code).into_iter().chain(expression_paths(&code)) {
            // Inside an inline module, each `super` first leaves an inline module.
            let depth = inline.iter().filter(|&&(open, close)| open < offset && offset < close).count();
            let supers = path.iter().take_while(|s| *s == "super").count();
            path.drain(..supers.min(depth));
            if supers > 0 && supers <= depth && path.first().map(String::as_str) != Some("super") {
                path.insert(0, "self".to_string());
            }
            if let Some(target) = resolve(module, &path, modules) {
                if &target != module {
                    edges.insert((module.clone(), target));
                }
            }
        }
    }
    edges
}

/// Within the folder of module `parent`, the node a module belongs to: the parent's own
/// file (`"."`), or the child of `parent` whose subtree holds it. `None` if outside.
fn node_in(parent: &ModulePath, module: &ModulePath) -> Option<String> {
    if !module.starts_with(parent) {
        return None;
    }
    Some(module.get(parent.len()).cloned().unwrap_or_else(|| ".".to_string()))
}

/// A circle in a directed graph, if there is one, as the list of its nodes.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(node.to_string(), 1);
        stack.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            match state.get(next).copied().unwrap_or(0) {
                1 => {
                    let from = stack.iter().position(|n| n == next).unwrap();
                    let mut cycle = stack[from..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(cycle) = visit(next, graph, state, stack) {
                        return Some(cycle);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(node.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for node in graph.keys() {
        if state.get(node).copied().unwrap_or(0) == 0 {
            if let Some(cycle) = visit(node, graph, &mut state, &mut Vec::new()) {
                return Some(cycle);
            }
        }
    }
    None
}

fn name(path: &ModulePath) -> String {
    if path.is_empty() {
        "crate".to_string()
    } else {
        path.join("::")
    }
}

#[test]
fn no_module_imports_one_that_imports_it() {
    let modules = library_modules();
    let edges = import_edges(&modules);
    assert!(edges.len() > 100, "the import scan found only {} edges", edges.len());
    let mut faults = Vec::new();
    // In every folder, the parent's own file and the subtrees of its children form a graph
    // that must have no circle.
    for parent in modules.keys() {
        let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (from, to) in &edges {
            if let (Some(a), Some(b)) = (node_in(parent, from), node_in(parent, to)) {
                if a != b {
                    graph.entry(a).or_default().insert(b);
                }
            }
        }
        if let Some(cycle) = find_cycle(&graph) {
            faults.push(format!("in {}: {}", name(parent), cycle.join(" -> ")));
        }
    }
    assert!(
        faults.is_empty(),
        "modules that import each other (\".\" is the folder's own file):\n{}",
        faults.join("\n")
    );
}

#[test]
fn each_layer_imports_only_the_layers_below() {
    let modules = library_modules();
    let layer = |m: &ModulePath| m.first().map(|top| LAYERS.iter().position(|l| l == top));
    for top in modules.keys().filter(|m| m.len() == 1) {
        assert!(layer(top).flatten().is_some(), "{} is in no layer: add it to LAYERS", name(top));
    }
    let mut faults = Vec::new();
    for (from, to) in import_edges(&modules) {
        if let (Some(Some(a)), Some(Some(b))) = (layer(&from), layer(&to)) {
            if a < b {
                faults.push(format!("{} (layer {}) imports {} (layer {})", name(&from), a + 1, name(&to), b + 1));
            }
        }
    }
    assert!(faults.is_empty(), "imports that go up the layers:\n{}", faults.join("\n"));
}

#[test]
fn no_source_file_is_longer_than_400_lines() {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let long: Vec<String> = rust_files(&src)
        .into_iter()
        .filter_map(|file| {
            let lines = std::fs::read_to_string(&file).unwrap().lines().count();
            (lines > MAX_LINES).then(|| format!("{} ({lines} lines)", file.display()))
        })
        .collect();
    assert!(long.is_empty(), "files over {MAX_LINES} lines: split them by concept:\n{}", long.join("\n"));
}

#[test]
fn the_scanner_sees_imports_and_ignores_comments_and_strings() {
    let code = code_only(
        "use a::{b::C, d as e, phase}; // crate::x::y\nlet s = \"super::z\"; let c = '\\''; f::<'a>(g::h);\npub(in crate::w) fn f() {}",
    );
    assert!(!code.contains("crate::x") && !code.contains("super::z") && !code.contains("crate::w"));
    let uses: Vec<Vec<String>> = use_paths(&code).into_iter().map(|(_, p)| p).collect();
    assert_eq!(uses, [vec!["a", "b", "C"], vec!["a", "d"], vec!["a", "phase"]]);
    assert!(expression_paths(&code).iter().any(|(_, p)| p == &["g", "h"]));
    assert_eq!(inline_modules("mod a;\nmod tests { fn f() { } }"), [(17, 30)]);
    let mut modules = BTreeMap::new();
    for m in [vec![], vec!["x".to_string()], vec!["x".to_string(), "y".to_string()]] {
        modules.insert(m, String::new());
    }
    let inside_y = vec!["x".to_string(), "y".to_string()];
    let path = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(resolve(&inside_y, &path(&["super", "Item"]), &modules), Some(vec!["x".to_string()]));
    assert_eq!(resolve(&vec![], &path(&["crate", "x", "y", "Z"]), &modules), Some(inside_y.clone()));
    assert_eq!(resolve(&vec!["x".to_string()], &path(&["y", "Z"]), &modules), Some(inside_y));
    assert_eq!(resolve(&vec![], &path(&["std", "fmt"]), &modules), None);
}
