//! `docs/protocol.md` and the code say the same: every error code of `ErrorCode` is in §6 and
//! every code listed there exists; every client message type the server reads is in §3 and
//! every one listed there is read; every server message type the server sends is in §4 and
//! every one listed there is sent.

use protocol::{ClientMsg, ServerMsg};
use server::ErrorCode;
use std::collections::BTreeSet;

fn doc() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/protocol.md");
    std::fs::read_to_string(path).expect("docs/protocol.md")
}

/// The lines of the section whose heading starts with `heading`, up to the next `## `.
fn section<'a>(doc: &'a str, heading: &str) -> Vec<&'a str> {
    doc.lines()
        .skip_while(|l| !l.starts_with(heading))
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .collect()
}

/// The `code`-quoted words of `text` outside parentheses (inside them stand explanations).
fn quoted(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut depth, mut word, mut inside) = (0u32, String::new(), false);
    for c in text.chars() {
        match c {
            '`' if depth == 0 => {
                if inside {
                    out.push(std::mem::take(&mut word));
                }
                inside = !inside;
            }
            '(' if !inside => depth += 1,
            ')' if !inside => depth = depth.saturating_sub(1),
            _ if inside => word.push(c),
            _ => {}
        }
    }
    out
}

/// The cells of a table row `| a | b | c |`.
fn cells(line: &str) -> Vec<&str> {
    line.trim()
        .trim_matches('|')
        .split(" | ")
        .map(str::trim)
        .collect()
}

fn snake(word: &str) -> bool {
    !word.is_empty() && word.chars().all(|c| c.is_ascii_lowercase() || c == '_')
}

#[test]
fn every_error_code_is_documented_and_every_documented_code_exists() {
    let doc = doc();
    let mut documented = BTreeSet::new();
    for line in section(&doc, "## 6.")
        .iter()
        .filter(|l| l.starts_with("| "))
    {
        let row = cells(line);
        // Rows that group refusals list their codes in the second cell.
        let listed = if row[0].ends_with("refusals") || row[0].contains("refusals (") {
            row.get(1).copied().unwrap_or_default()
        } else {
            row[0]
        };
        documented.extend(quoted(listed).into_iter().filter(|w| snake(w)));
    }
    let in_code: BTreeSet<String> = ErrorCode::ALL
        .iter()
        .map(|c| c.as_str().to_owned())
        .collect();
    let undocumented: Vec<_> = in_code.difference(&documented).collect();
    let unknown: Vec<_> = documented.difference(&in_code).collect();
    assert!(
        undocumented.is_empty() && unknown.is_empty(),
        "codes missing from docs/protocol.md §6: {undocumented:?}; documented but not in ErrorCode: {unknown:?}"
    );
}

#[test]
fn every_client_message_is_documented_and_every_documented_one_is_read() {
    let doc = doc();
    let mut documented = BTreeSet::new();
    // Every row of §3's tables but their headers (`| \`t\` | fields | meaning |`).
    let rows = section(&doc, "## 3.");
    for line in rows
        .iter()
        .filter(|l| l.starts_with("| `") && !l.starts_with("| `t` |"))
    {
        documented.extend(quoted(cells(line)[0]).into_iter().filter(|w| snake(w)));
    }
    // serde names every variant it reads when it meets one it does not.
    let err = serde_json::from_str::<ClientMsg>(r#"{"t":"no_such_message"}"#)
        .expect_err("an unknown type is refused")
        .to_string();
    let expected = err
        .split("expected one of ")
        .nth(1)
        .unwrap_or_else(|| panic!("serde lists the variants: {err}"));
    let in_code: BTreeSet<String> = expected
        .split(", ")
        .map(|w| w.trim_matches(|c: char| c == '`' || !c.is_ascii_graphic()))
        .map(|w| w.split('`').next().unwrap_or_default().to_owned())
        .collect();
    let undocumented: Vec<_> = in_code.difference(&documented).collect();
    let unknown: Vec<_> = documented.difference(&in_code).collect();
    assert!(
        undocumented.is_empty() && unknown.is_empty(),
        "client messages missing from docs/protocol.md §3: {undocumented:?}; documented but not read: {unknown:?}"
    );
}

#[test]
fn every_server_message_is_documented_and_every_documented_one_is_sent() {
    let doc = doc();
    // The rows of §4's first table (`| \`t\` | fields | when |`), before its `###` parts.
    let documented: BTreeSet<String> = section(&doc, "## 4.")
        .into_iter()
        .take_while(|l| !l.starts_with("### "))
        .filter(|l| l.starts_with("| `") && !l.starts_with("| `t` |"))
        .flat_map(|l| quoted(cells(l)[0]))
        .filter(|w| snake(w))
        .collect();
    let in_code: BTreeSet<String> = ServerMsg::TYPES.iter().map(|t| (*t).to_owned()).collect();
    let undocumented: Vec<_> = in_code.difference(&documented).collect();
    let unknown: Vec<_> = documented.difference(&in_code).collect();
    assert!(
        undocumented.is_empty() && unknown.is_empty(),
        "server messages missing from docs/protocol.md §4: {undocumented:?}; documented but not sent: {unknown:?}"
    );
}
