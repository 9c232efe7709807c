//! The client messages a relay reads or rewrites as text (`crate::relay`): the head of
//! a `table_state` (which table, feed and number it places a connection at) and a `join`
//! without its `since`, for when the relay cannot answer it and the owner sends the whole state.

use platform::TableId;

/// The table, feed epoch and number of a `table_state` message.
#[must_use]
pub fn state_head(msg: &str) -> Option<(TableId, String, u64)> {
    #[derive(serde::Deserialize)]
    struct Head {
        table: TableId,
        epoch: String,
        v: u64,
    }
    if !msg.starts_with(r#"{"t":"table_state","#) {
        return None;
    }
    let head = serde_json::from_str::<Head>(msg).ok()?;
    Some((head.table, head.epoch, head.v))
}

/// A client's `join` without its `since` (the owner then sends the whole `table_state`).
#[must_use]
pub fn without_since(text: &str) -> String {
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(mut v) => {
            if let Some(o) = v.as_object_mut() {
                o.remove("since");
                o.remove("epoch");
            }
            v.to_string()
        }
        Err(_) => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_join_loses_its_since_and_a_state_is_read() {
        let j = without_since(r#"{"t":"join","id":3,"table":7,"epoch":"e","since":4}"#);
        let v: serde_json::Value = serde_json::from_str(&j).unwrap_or_default();
        assert_eq!(v, serde_json::json!({"t":"join","id":3,"table":7}));
        let s = r#"{"t":"table_state","table":7,"epoch":"e.spectators","v":9,"now":1,"state":{}}"#;
        assert_eq!(
            state_head(s),
            Some((TableId(7), "e.spectators".to_owned(), 9))
        );
        assert_eq!(state_head(r#"{"t":"ev","table":7,"v":9}"#), None);
    }
}
