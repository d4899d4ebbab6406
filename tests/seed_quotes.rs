//! Every quotation of seed 004 (Polish) on a rules page has an English
//! rendering beside it: a quoted passage holding a Polish letter must be
//! followed, in the same paragraph and before the next Polish quotation, by
//! `(in English: "`.

use std::path::{Path, PathBuf};

const MARKER: &str = "(in English: \"";
const POLISH: &str = "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ";

fn pages(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            pages(&path, out);
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
}

/// Paragraphs (runs of non-blank lines outside code fences), each with the
/// number of its first line.
fn paragraphs(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut current: Option<(usize, String)> = None;
    let mut fenced = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        if fenced || line.trim().is_empty() || line.trim_start().starts_with("```") {
            out.extend(current.take());
            continue;
        }
        match &mut current {
            Some((_, p)) => {
                p.push('\n');
                p.push_str(line);
            }
            None => current = Some((i + 1, line.to_string())),
        }
    }
    out.extend(current);
    out
}

/// Problems in one paragraph, as (line, message).
fn unrendered(first_line: usize, paragraph: &str) -> Vec<(usize, String)> {
    let line_of = |at: usize| first_line + paragraph[..at].matches('\n').count();
    let marks: Vec<usize> = paragraph.match_indices('"').map(|(i, _)| i).collect();
    let polish: Vec<(usize, usize)> = marks
        .chunks(2)
        .filter(|pair| pair.len() == 2)
        .map(|pair| (pair[0], pair[1]))
        .filter(|&(open, close)| paragraph[open..close].contains(|c| POLISH.contains(c)))
        .collect();
    let mut problems = Vec::new();
    if marks.len() % 2 == 1 && paragraph.contains(|c| POLISH.contains(c)) {
        problems.push((
            line_of(marks[0]),
            "unbalanced quotation marks in a paragraph with Polish".to_string(),
        ));
    }
    for (k, &(open, close)) in polish.iter().enumerate() {
        let until = polish.get(k + 1).map_or(paragraph.len(), |next| next.0);
        if !paragraph[close..until].contains(MARKER) {
            let quote: String = paragraph[open..=close]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .chars()
                .take(60)
                .collect();
            problems.push((line_of(open), format!("no {MARKER}...\") after {quote}")));
        }
    }
    problems
}

#[test]
fn every_polish_quote_has_an_english_rendering() {
    let mut files = Vec::new();
    pages(Path::new("src/games"), &mut files);
    files.push(PathBuf::from("docs/games.md"));
    files.sort();
    let mut problems = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (first, paragraph) in paragraphs(&text) {
            for (line, message) in unrendered(first, &paragraph) {
                problems.push(format!("{}:{line}: {message}", file.display()));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} Polish quotations without an English rendering:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn the_check_finds_a_bare_quote_and_accepts_a_rendered_one() {
    let bare = "> \"Gracze losują,\n> kto rusza pierwszy.\"";
    assert_eq!(unrendered(7, bare).len(), 1);
    assert_eq!(unrendered(7, bare)[0].0, 7);
    let rendered = format!("{bare}\n> (in English: \"The players draw lots.\")");
    assert!(unrendered(7, &rendered).is_empty());
    let two = format!("x \"losują\" and {rendered}");
    assert_eq!(unrendered(3, &two).len(), 1);
    assert!(unrendered(1, "\"plain English\" only").is_empty());
}
