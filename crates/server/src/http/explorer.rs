//! `GET /api/explorer` and `GET /api/opening`: the opening explorer over the masters database
//! and the ECCO name of every position along some moves (docs/masters.md). Public.
//!
//! From a position (`fen`, or `moves` from the standard start) the explorer lists the moves the
//! masters played there with Red win / draw / Black win, how many games reached the resulting
//! position at all (by this move or by transposition), a flag on small samples, and the most
//! recent games through the position; `year_from`, `year_to` and `player` filter.

use super::masters::fen_key;
use crate::error::AppError;
use crate::state::AppState;
use axum::extract::{Query, State};
use axum::routing::get;
use axum::{Json, Router};
use masters::game::position_key;
use masters::names::search_key;
use protocol::error_code::ErrorCode;
use serde::{Deserialize, Serialize};
use store::{MasterEntry, MastersFilter};
use study::ecco::{names_along, Code};
use xiangqi::{Move, Position};

/// Fewer games than this behind a move are a small sample.
pub const SMALL_SAMPLE: u64 = 10;

/// Most moves a query may give.
const MAX_MOVES: usize = 400;

/// Top games listed.
const TOP_GAMES: u32 = 8;

/// The explorer routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/explorer", get(explore))
        .route("/api/opening", get(opening))
}

/// The query of both routes.
#[derive(Debug, Default, Deserialize)]
struct ExploreQuery {
    fen: Option<String>,
    /// ICCS moves from the start (`h2e2 h9g7` or `h2e2,h9g7`), played after `fen` if given.
    moves: Option<String>,
    year_from: Option<i64>,
    year_to: Option<i64>,
    player: Option<String>,
}

/// An opening's name.
#[derive(Clone, Debug, Serialize)]
pub struct OpeningView {
    /// ECCO code.
    pub code: String,
    /// Chinese name.
    pub name: &'static str,
    /// Variation, or empty.
    pub variation: &'static str,
    /// English gloss.
    pub english: &'static str,
}

/// The view of a code, when it is named.
#[must_use]
pub fn opening_view(code: Option<Code>) -> Option<OpeningView> {
    let o = code?.opening()?;
    Some(OpeningView {
        code: o.code.to_string(),
        name: o.name,
        variation: o.variation,
        english: o.english,
    })
}

/// The start of `q` and the moves after it, each legal.
fn line(q: &ExploreQuery) -> Result<(Position, Vec<Move>, bool), AppError> {
    let standard = q.fen.as_deref().is_none_or(|f| f.trim().is_empty());
    let start = if standard {
        Position::startpos()
    } else {
        let fen = q.fen.as_deref().unwrap_or_default();
        Position::from_fen(fen.trim())
            .map_err(|e| AppError::BadRequest(ErrorCode::BadFen, format!("bad FEN: {e}")))?
    };
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let text = q.moves.as_deref().unwrap_or_default();
    for (i, token) in text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .enumerate()
    {
        let bad = |why: String| AppError::BadRequest(ErrorCode::IllegalMove, why);
        if i >= MAX_MOVES {
            return Err(bad(format!("at most {MAX_MOVES} moves")));
        }
        let m: Move = token
            .parse()
            .map_err(|_| bad(format!("move {}: {token:?} is not an ICCS move", i + 1)))?;
        pos.play_mut(m)
            .map_err(|_| bad(format!("move {}: {token} is illegal", i + 1)))?;
        moves.push(m);
    }
    Ok((start, moves, standard))
}

/// One move in the explorer's answer.
#[derive(Serialize)]
struct MoveView {
    /// ICCS.
    #[serde(rename = "move")]
    mv: String,
    /// Games in which it was played here.
    games: u64,
    red: u64,
    draw: u64,
    black: u64,
    /// Games that reached the position after it at all (this move order or another).
    reached: u64,
    /// Of those, the ones that got there by another move order.
    transposed: u64,
    /// Fewer than [`SMALL_SAMPLE`] games.
    small: bool,
}

/// The masters part of the answer.
#[derive(Serialize)]
struct MastersView {
    /// Games through the position (with the filters).
    games: u64,
    /// Games that ended in it.
    ended_here: u64,
    moves: Vec<MoveView>,
    top_games: Vec<MasterEntry>,
    credit: String,
}

#[derive(Serialize)]
struct ExploreReply {
    fen: String,
    opening: Option<OpeningView>,
    masters: MastersView,
}

async fn explore(
    State(state): State<AppState>,
    Query(q): Query<ExploreQuery>,
) -> Result<Json<ExploreReply>, AppError> {
    let (start, moves, standard) = line(&q)?;
    let mut pos = start;
    for &m in &moves {
        // Checked legal by `line`.
        let _ = pos.play_mut(m);
    }
    let fen = pos.fen();
    let key = fen_key(&fen)?;
    let f = MastersFilter {
        player: q
            .player
            .as_deref()
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(search_key),
        year_from: q.year_from,
        year_to: q.year_to,
        ..MastersFilter::default()
    };
    let counts = state.db.explore_masters(key, &f).await?;
    let children: Vec<Option<i64>> = counts
        .moves
        .iter()
        .map(|m| {
            Move::from_u16(m.mv)
                .and_then(|m| pos.play(m).ok())
                .map(|p| position_key(&p))
        })
        .collect();
    let keys: Vec<i64> = children.iter().flatten().copied().collect();
    let reached = state.db.masters_reaching(&keys).await?;
    let mut views = Vec::with_capacity(counts.moves.len());
    for (m, child) in counts.moves.iter().zip(&children) {
        let Some(mv) = Move::from_u16(m.mv) else {
            continue;
        };
        let all = reached
            .iter()
            .find(|(k, _)| Some(*k) == *child)
            .map_or(0, |(_, n)| *n);
        views.push(MoveView {
            mv: mv.to_string(),
            games: m.games(),
            red: m.red,
            draw: m.draw,
            black: m.black,
            reached: all,
            transposed: all.saturating_sub(m.games()),
            small: m.games() < SMALL_SAMPLE,
        });
    }
    let games = counts
        .moves
        .iter()
        .map(store::ExplorerMove::games)
        .sum::<u64>()
        + counts.ended_here;
    let top_games = state.db.masters_top_games(key, TOP_GAMES).await?;
    let credit = state
        .db
        .masters_sources()
        .await?
        .into_iter()
        .map(|s| s.credit)
        .filter(|c| !c.is_empty())
        .collect::<Vec<_>>()
        .join("; ");
    let opening = if standard {
        opening_view(names_along(&moves).last().copied().flatten())
    } else {
        None
    };
    Ok(Json(ExploreReply {
        fen,
        opening,
        masters: MastersView {
            games,
            ended_here: counts.ended_here,
            moves: views,
            top_games,
            credit,
        },
    }))
}

/// `{"game": OpeningView|null, "positions": [OpeningView|null]}`: the game's code (by the ECCO
/// move order) and the name of each position along the moves (transposition-aware).
#[derive(Serialize)]
struct OpeningReply {
    game: Option<OpeningView>,
    positions: Vec<Option<OpeningView>>,
}

async fn opening(Query(q): Query<ExploreQuery>) -> Result<Json<OpeningReply>, AppError> {
    let (_, moves, standard) = line(&q)?;
    if !standard {
        return Ok(Json(OpeningReply {
            game: None,
            positions: vec![None; moves.len() + 1],
        }));
    }
    Ok(Json(OpeningReply {
        game: opening_view(study::ecco::classify(&moves)),
        positions: names_along(&moves).into_iter().map(opening_view).collect(),
    }))
}
