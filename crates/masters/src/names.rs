//! Names as the masters database keeps them: the original as written, a simplified-Chinese form
//! for a zh-Hans interface, and a search key.
//!
//! Traditional characters become simplified ones one by one with the table of the `fast2s`
//! crate (`data/t2s.txt`, MIT, `data/t2s.LICENSE`): 胡榮華 → 胡荣华, 全國個人賽 → 全国个人赛.
//! Player names are what it is for; a character-by-character table is enough for them.

use std::collections::HashMap;
use std::sync::OnceLock;

/// The table: traditional character → simplified character.
fn table() -> &'static HashMap<char, char> {
    static TABLE: OnceLock<HashMap<char, char>> = OnceLock::new();
    TABLE.get_or_init(|| {
        include_str!("../data/t2s.txt")
            .lines()
            .filter_map(|line| {
                let mut chars = line.split(' ').map(|w| w.chars());
                let t = chars.next()?.next()?;
                let s = chars.next()?.next()?;
                Some((t, s))
            })
            .collect()
    })
}

/// `s` in simplified characters (characters without a simplified form are kept), with runs of
/// white space (full-width too) made one space and the ends trimmed.
#[must_use]
pub fn simplified(s: &str) -> String {
    let t = table();
    let mut out = String::with_capacity(s.len());
    for word in s.split(|c: char| c.is_whitespace() || c == '\u{3000}') {
        if word.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(word.chars().map(|c| *t.get(&c).unwrap_or(&c)));
    }
    out
}

/// The form searches compare: simplified, lower case, without spaces, so that 呂  欽, 呂欽 and
/// 吕钦 are one player.
#[must_use]
pub fn search_key(s: &str) -> String {
    simplified(s)
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn traditional_names_become_simplified() {
        assert_eq!(simplified("胡榮華"), "胡荣华");
        assert_eq!(simplified("  全國個人賽\u{3000}決賽 "), "全国个人赛 决赛");
        assert_eq!(simplified("许银川"), "许银川");
        assert_eq!(simplified("Deep Blue"), "Deep Blue");
    }

    #[test]
    fn search_keys_join_spellings_of_one_name() {
        assert_eq!(search_key("呂  欽"), search_key("吕钦"));
        assert_eq!(search_key("ABC Def"), "abcdef");
    }
}
