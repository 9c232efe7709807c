//! One's settings of the web client: `GET /api/me/settings` and `PUT /api/me/settings`. The
//! settings are one small JSON object whose keys and values are checked here against
//! [`SETTINGS`] before it is stored; the client applies them on every page load.

use super::auth::CurrentUser;
use crate::error::AppError;
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use kit::clock;
use protocol::error_code::ErrorCode;
use serde::Serialize;
use serde_json::{Map, Value};

/// The largest settings body accepted, in bytes.
pub const MAX_SETTINGS_BYTES: usize = 2048;

/// What a setting's value may be.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// `true` or `false`.
    Switch,
    /// One of these strings.
    OneOf(&'static [&'static str]),
}

/// Every setting the client knows, and its values.
const SETTINGS: &[(&str, Kind)] = &[
    ("board", Kind::OneOf(&["wood", "green", "dark"])),
    ("pieces", Kind::OneOf(&["chars", "icons"])),
    ("sound", Kind::Switch),
    ("notation", Kind::OneOf(&["auto", "chinese", "wxf", "iccs"])),
    ("confirm", Kind::Switch),
    ("premove", Kind::Switch),
    ("orientation", Kind::OneOf(&["auto", "red"])),
    ("keyboard", Kind::Switch),
];

/// The routes.
pub fn routes() -> Router<AppState> {
    Router::new().route("/api/me/settings", get(read).put(write))
}

#[derive(Serialize)]
struct SettingsBody {
    settings: Value,
}

fn refused(message: String) -> AppError {
    AppError::BadRequest(ErrorCode::InvalidSettings, message)
}

/// `body` read as settings: a JSON object of known keys with values of their kind.
///
/// # Errors
/// [`AppError::BadRequest`] `invalid_settings` saying what is wrong.
pub fn check_settings(body: &[u8]) -> Result<Map<String, Value>, AppError> {
    if body.len() > MAX_SETTINGS_BYTES {
        return Err(refused(format!(
            "settings are at most {MAX_SETTINGS_BYTES} bytes"
        )));
    }
    let value: Value =
        serde_json::from_slice(body).map_err(|e| refused(format!("settings are not JSON: {e}")))?;
    let Value::Object(map) = value else {
        return Err(refused("settings are a JSON object".into()));
    };
    for (key, v) in &map {
        let Some((_, kind)) = SETTINGS.iter().find(|(k, _)| k == key) else {
            return Err(refused(format!("unknown setting {key:?}")));
        };
        let ok = match kind {
            Kind::Switch => v.is_boolean(),
            Kind::OneOf(values) => v.as_str().is_some_and(|s| values.contains(&s)),
        };
        if !ok {
            return Err(refused(format!("{key:?} cannot be {v}")));
        }
    }
    Ok(map)
}

async fn read(
    State(state): State<AppState>,
    user: CurrentUser,
) -> Result<Json<SettingsBody>, AppError> {
    let stored = state.db.user_settings(user.0.id).await?;
    // What was stored was checked on the way in; a row that no longer reads is shown as none.
    let settings = stored
        .and_then(|s| check_settings(s.as_bytes()).ok())
        .map_or_else(|| Value::Object(Map::new()), Value::Object);
    Ok(Json(SettingsBody { settings }))
}

async fn write(
    State(state): State<AppState>,
    user: CurrentUser,
    body: Bytes,
) -> Result<Json<SettingsBody>, AppError> {
    let map = check_settings(&body)?;
    let settings = Value::Object(map);
    state
        .db
        .set_user_settings(user.0.id, &settings.to_string(), clock::now().0)
        .await?;
    Ok(Json(SettingsBody { settings }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_keys_with_their_values_pass_and_nothing_else() {
        assert!(check_settings(br#"{"board":"green","sound":false}"#).is_ok());
        assert!(check_settings(b"{}").is_ok());
        for bad in [
            &br#"{"colour":"red"}"#[..],
            br#"{"board":"pink"}"#,
            br#"{"sound":"yes"}"#,
            br#"[1]"#,
            b"not json",
        ] {
            let e = check_settings(bad).unwrap_err();
            assert_eq!(e.code(), ErrorCode::InvalidSettings);
        }
        let big = format!(r#"{{"board":"wood"{}}}"#, " ".repeat(MAX_SETTINGS_BYTES));
        assert!(check_settings(big.as_bytes()).is_err());
    }
}
