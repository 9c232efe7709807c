//! [`TeamName`]: a team's name as shown and its case-folded key, unique over all teams.

use super::TeamError;

/// The fewest characters of a team name, after trimming.
pub const TEAM_NAME_MIN_CHARS: usize = 2;
/// The most characters of a team name, after trimming.
pub const TEAM_NAME_MAX_CHARS: usize = 24;

/// A checked team name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamName {
    /// The name as shown: the input with surrounding white space trimmed.
    pub display: String,
    /// The case-folded name, unique over all teams (`Red Dragons` and `red dragons` collide).
    pub key: String,
}

impl TeamName {
    /// Checks `raw`: 2–24 characters after trimming, no control characters.
    ///
    /// # Errors
    /// [`TeamError::NameLength`] or [`TeamError::NameControl`].
    pub fn parse(raw: &str) -> Result<TeamName, TeamError> {
        let display = raw.trim();
        let chars = display.chars().count();
        if !(TEAM_NAME_MIN_CHARS..=TEAM_NAME_MAX_CHARS).contains(&chars) {
            return Err(TeamError::NameLength);
        }
        if display.chars().any(char::is_control) {
            return Err(TeamError::NameControl);
        }
        Ok(TeamName {
            display: display.to_owned(),
            key: name_key(display),
        })
    }
}

/// The case-folded key of a name: lower case, inner runs of white space made one space.
#[must_use]
pub fn name_key(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_checked() {
        let n = TeamName::parse("  Red Dragons ").expect("valid");
        assert_eq!(n.display, "Red Dragons");
        assert_eq!(n.key, "red dragons");
        assert_eq!(
            TeamName::parse("楚河").map(|n| n.key),
            Ok("楚河".to_owned())
        );
        assert_eq!(TeamName::parse(" a "), Err(TeamError::NameLength));
        assert_eq!(TeamName::parse(&"x".repeat(25)), Err(TeamError::NameLength));
        assert!(TeamName::parse(&"象".repeat(24)).is_ok());
        assert_eq!(TeamName::parse("ab\u{7}c"), Err(TeamError::NameControl));
        assert_eq!(TeamName::parse("ab\ncd"), Err(TeamError::NameControl));
    }

    #[test]
    fn keys_fold_case_and_inner_spaces() {
        assert_eq!(name_key("RED  Dragons"), name_key("red dragons"));
        assert_ne!(name_key("red dragon"), name_key("red dragons"));
    }
}
