//! The house's rooms import one another in one direction: between the
//! top-level modules of `src/` (a file `src/X.rs` or a folder `src/X/`),
//! the `crate::…` imports form no circle. A new one fails here, with the
//! circle named.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Top-level module → the top-level modules its files name as `crate::X`.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            let mut stack = vec![path.clone()];
            while let Some(dir) = stack.pop() {
                for e in std::fs::read_dir(dir).unwrap() {
                    let p = e.unwrap().path();
                    if p.is_dir() {
                        stack.push(p);
                    } else if p.extension().is_some_and(|x| x == "rs") {
                        files.push((name.clone(), p));
                    }
                }
            }
        } else if path.extension().is_some_and(|x| x == "rs") && name != "lib" && name != "main" {
            files.push((name, path));
        }
    }
    for (module, path) in files {
        let text = std::fs::read_to_string(&path).unwrap();
        // the tests of a file may reach anywhere
        let text = text.split("#[cfg(test)]").next().unwrap_or("");
        let edges = graph.entry(module.clone()).or_default();
        let mut rest = text;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let target: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !target.is_empty()
                && target != module
                && target.chars().next().unwrap().is_lowercase()
            {
                edges.insert(target);
            }
        }
    }
    let modules: BTreeSet<String> = graph.keys().cloned().collect();
    for edges in graph.values_mut() {
        edges.retain(|t| modules.contains(t));
    }
    graph
}

/// A circle through `start`, if any (depth-first, iterative).
fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    // 0 unseen, 1 on the path, 2 done
    let mut state: BTreeMap<&str, u8> = BTreeMap::new();
    for start in graph.keys() {
        if state.get(start.as_str()).copied().unwrap_or(0) != 0 {
            continue;
        }
        let mut path: Vec<(&str, Vec<&str>)> =
            vec![(start, graph[start].iter().map(String::as_str).collect())];
        state.insert(start, 1);
        while let Some((node, next)) = path.last_mut() {
            match next.pop() {
                Some(to) => match state.get(to).copied().unwrap_or(0) {
                    0 => {
                        state.insert(to, 1);
                        let edges = graph
                            .get(to)
                            .map(|e| e.iter().map(String::as_str).collect())
                            .unwrap_or_default();
                        path.push((to, edges));
                    }
                    1 => {
                        let from = path.iter().position(|(n, _)| *n == to).unwrap();
                        let mut found: Vec<String> =
                            path[from..].iter().map(|(n, _)| n.to_string()).collect();
                        found.push(to.to_string());
                        return Some(found);
                    }
                    _ => {}
                },
                None => {
                    state.insert(node, 2);
                    path.pop();
                }
            }
        }
    }
    None
}

/// A way back to `start` from its imports, if it stands on a circle
/// (breadth first, so the shortest).
fn circle_through(graph: &BTreeMap<String, BTreeSet<String>>, start: &str) -> Option<Vec<String>> {
    let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        for to in graph.get(node).into_iter().flatten() {
            if to == start {
                let mut found = vec![start.to_string()];
                let mut at = node;
                while at != start {
                    found.push(at.to_string());
                    at = came_from[at];
                }
                found.push(start.to_string());
                found.reverse();
                return Some(found);
            }
            if !came_from.contains_key(to.as_str()) {
                came_from.insert(to, node);
                queue.push_back(to);
            }
        }
    }
    None
}

/// The rooms of the daemon's doors and views stand on no circle: the
/// command line and its views, the control socket, the loop, repair,
/// status, the Xfcc door, the letters and the store. (Other circles that
/// are left, between the referee and the message reading and writing,
/// are listed by `every_circle_left_is_known`.)
#[test]
fn the_doors_and_the_views_stand_on_no_import_circle() {
    let graph = imports();
    for module in [
        "cli", "control", "daemon", "repair", "status", "xfcc", "check", "web", "store", "demo",
    ] {
        assert!(graph.contains_key(module), "{module}: {graph:?}");
        if let Some(found) = circle_through(&graph, module) {
            panic!("an import circle: {}", found.join(" -> "));
        }
    }
}

/// No top-level module stands on an import circle.
#[test]
fn no_module_stands_on_an_import_circle() {
    let graph = imports();
    if let Some(found) = circle(&graph) {
        panic!("an import circle: {}", found.join(" -> "));
    }
}

/// The rooms inside a folder module (`src/referee/*`, `src/letters/*`, …)
/// → the rooms of the same folder they import (`crate::referee::X`,
/// `super::X`, `crate::referee::{X, Y}`).
fn inner_imports(folder: &str) -> BTreeMap<String, BTreeSet<String>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join(folder);
    let mut rooms: Vec<(String, std::path::PathBuf, bool)> = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            for e in std::fs::read_dir(&path).unwrap() {
                let p = e.unwrap().path();
                if p.extension().is_some_and(|x| x == "rs") {
                    rooms.push((name.clone(), p, false));
                }
            }
        } else if path.extension().is_some_and(|x| x == "rs") && name != "mod" {
            rooms.push((name, path, true));
        }
    }
    let names: BTreeSet<String> = rooms.iter().map(|(n, _, _)| n.clone()).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> =
        names.iter().map(|n| (n.clone(), BTreeSet::new())).collect();
    let prefix = format!("crate::{folder}::");
    for (room, path, direct) in rooms {
        let text = std::fs::read_to_string(&path).unwrap();
        let text = text.split("#[cfg(test)]").next().unwrap_or("").to_string();
        let mut targets = Vec::new();
        let mut heads = vec![prefix.as_str()];
        if direct {
            heads.push("super::");
        }
        for head in heads {
            let mut rest = text.as_str();
            while let Some(at) = rest.find(head) {
                rest = &rest[at + head.len()..];
                if let Some(group) = rest.strip_prefix('{') {
                    let inside = group.split('}').next().unwrap_or("");
                    for item in inside.split(',') {
                        targets.push(item.trim().split("::").next().unwrap_or("").to_string());
                    }
                } else {
                    let word: String = rest
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                        .collect();
                    targets.push(word);
                }
            }
        }
        let edges = graph.get_mut(&room).unwrap();
        for t in targets {
            if t != room && names.contains(&t) {
                edges.insert(t);
            }
        }
    }
    graph
}

/// Inside each folder module the rooms form no circle either: the
/// referee's decision files are a tree under `decide`, the standings stand
/// on the games and the tournament, the letters on their catalogs.
#[test]
fn no_room_of_a_folder_stands_on_an_import_circle() {
    // the graph sees the rooms' imports: decide dispatches to the handlers,
    // which build decisions from `decision`, below them all
    let referee = inner_imports("referee");
    assert!(referee["decide"].contains("decision") && referee["decide"].contains("director"));
    assert!(referee["director"].contains("decision") && !referee["director"].contains("decide"));
    assert!(referee["standings"].contains("game") && !referee["tournament"].contains("standings"));
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        if !path.is_dir() {
            continue;
        }
        let folder = path.file_name().unwrap().to_string_lossy().into_owned();
        let graph = inner_imports(&folder);
        if let Some(found) = circle(&graph) {
            panic!("an import circle in src/{folder}/: {}", found.join(" -> "));
        }
    }
}

#[test]
fn a_circle_is_found() {
    let mut graph = BTreeMap::new();
    for (a, b) in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")] {
        graph
            .entry(a.to_string())
            .or_insert_with(BTreeSet::new)
            .insert(b.to_string());
    }
    graph.insert("d".to_string(), BTreeSet::new());
    let found = circle(&graph).expect("a circle");
    assert_eq!(found.first(), found.last());
    assert_eq!(found.len(), 4, "{found:?}");
}

/// Every source file is a room of one purpose: it opens with a `//!` line
/// that says what it is for, and holds at most 1,000 lines before its
/// tests.
#[test]
fn every_file_says_what_it_is_for_and_stays_short() {
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    let mut files = 0;
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|x| x != "rs") {
                continue;
            }
            files += 1;
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(
                text.starts_with("//!"),
                "{}: no //! line says what it is for",
                path.display()
            );
            let before_tests = text
                .lines()
                .take_while(|l| !l.starts_with("#[cfg(test)]"))
                .count();
            assert!(
                before_tests <= 1000,
                "{}: {before_tests} lines before its tests",
                path.display()
            );
        }
    }
    assert!(files > 50, "{files} files read");
}
