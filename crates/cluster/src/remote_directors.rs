//! On a node that does not run an event's, a ladder's or a league's director: a command for it goes to
//! the node that does, as a [`DirectorRequest`] on `<prefix>.d.<lease id>`
//! ([`super::director_service`]), and its answer comes back as the local director's would —
//! the same acks and refusals. While the director's node is unreachable (it died and its lease
//! has not been taken over yet) the request is tried again until the lease plus a margin has
//! passed (docs/scale.md, "Directors across nodes").

use super::failover::Failover;
use super::notes::{DirectorReply, DirectorRequest};
use crate::site::Site;
use bus::RequestError;
use bytes::Bytes;
use events::ladder::LadderMsg;
use events::tournament::{DirectorMsg, Refusal};
use platform::ladder::ChallengeId;
use platform::league::{LeagueCommand, LeagueEvent};
use platform::{TableId, UserId};
use std::time::Duration;
use tables::table::{ConnId, Outbox};

/// Longest wait for one answer (a command waits for its journal write there).
const REQUEST_TIMEOUT: Duration = Duration::from_secs(5);

/// What is said when the director's node stays unreachable.
const UNREACHABLE: &str = "the event's server is not reachable; try again";

/// Sends `req` to the director with lease id `lease`; `None`: nobody answered in time.
async fn request(state: &Site, lease: TableId, req: &DirectorRequest) -> Option<DirectorReply> {
    let payload = Bytes::from(serde_json::to_vec(req).ok()?);
    let subject = state.broker.subjects().director(lease);
    let tries = Failover::start(state);
    loop {
        let answer = Failover::ask(state, &subject, &payload, REQUEST_TIMEOUT).await;
        match answer
            .as_ref()
            .map(|r| serde_json::from_slice::<DirectorReply>(r))
        {
            Ok(Ok(DirectorReply::Gone)) | Err(_) => {}
            Ok(Ok(reply)) => return Some(reply),
            Ok(Err(e)) => {
                tracing::warn!(lease = lease.0, "unreadable director reply: {e}");
                return None;
            }
        }
        if let Err(RequestError::NoResponders) = answer {
            // Nobody ever held the lease: no director anywhere.
            if matches!(state.db.table_owner(lease).await, Ok(None)) {
                return None;
            }
        }
        if !tries.wait().await {
            return None;
        }
    }
}

/// Whether event `event` is not over (its director runs somewhere).
async fn live_event(state: &Site, event: u64) -> bool {
    matches!(
        state.db.tournament(event).await,
        Ok(Some(row)) if row.status == "upcoming" || row.status == "running"
    )
}

/// Hands `msg` to event `event`'s director on another node and its answer to `msg`'s reply;
/// the reply is dropped (no director: the event is over) when the event is not live.
pub async fn tournament(state: &Site, event: u64, msg: DirectorMsg) {
    let (req, reply) = match msg {
        DirectorMsg::Join {
            user,
            rating,
            reply,
        } => (
            DirectorRequest::TJoin {
                event,
                user,
                rating,
            },
            reply,
        ),
        DirectorMsg::Withdraw { user, reply } => {
            (DirectorRequest::TWithdraw { event, user }, reply)
        }
        DirectorMsg::Start(reply) => (DirectorRequest::TStart { event }, reply),
        DirectorMsg::Cancel(reply) => (DirectorRequest::TCancel { event }, reply),
        _ => return,
    };
    if !live_event(state, event).await {
        return;
    }
    let answer = match request(state, events::tournament::lease_id(event), &req).await {
        Some(DirectorReply::Refused { kind, why }) => Err(match kind.as_str() {
            "not_enough_coins" => Refusal::NotEnoughCoins,
            "not_stored" => Refusal::NotStored(why),
            _ => Refusal::Remote(why),
        }),
        Some(_) => Ok(()),
        None => Err(Refusal::NotStored(UNREACHABLE.into())),
    };
    let _ = reply.send(answer);
}

/// A ladder refusal as it came back.
fn l_refused(reply: Option<DirectorReply>) -> events::ladder::Refusal {
    match reply {
        Some(DirectorReply::Refused { kind, why }) if kind == "not_stored" => {
            events::ladder::Refusal::NotStored(why)
        }
        Some(DirectorReply::Refused { why, .. }) => events::ladder::Refusal::Remote(why),
        Some(_) => events::ladder::Refusal::NotStored("unexpected answer".into()),
        None => events::ladder::Refusal::NotStored(UNREACHABLE.into()),
    }
}

/// Hands `msg` to ladder `id`'s director on another node and its answer to `msg`'s reply.
pub async fn ladder(state: &Site, id: u32, msg: LadderMsg) {
    let lease = events::ladder::lease_id(id);
    match msg {
        LadderMsg::Join {
            user,
            name,
            rating,
            reply,
        } => {
            let req = DirectorRequest::LJoin {
                ladder: id,
                user,
                name,
                rating,
            };
            let _ = reply.send(match request(state, lease, &req).await {
                Some(DirectorReply::Place { place }) => Ok(place),
                other => Err(l_refused(other)),
            });
        }
        LadderMsg::Leave { user, reply } => {
            let req = DirectorRequest::LLeave { ladder: id, user };
            let _ = reply.send(match request(state, lease, &req).await {
                Some(DirectorReply::Done { .. }) => Ok(()),
                other => Err(l_refused(other)),
            });
        }
        LadderMsg::Challenge {
            challenger,
            defender,
            rating,
            reply,
        } => {
            let req = DirectorRequest::LChallenge {
                ladder: id,
                challenger,
                defender,
                rating,
            };
            let _ = reply.send(match request(state, lease, &req).await {
                Some(DirectorReply::Challenge { challenge, table }) => {
                    Ok((ChallengeId(challenge), table))
                }
                other => Err(l_refused(other)),
            });
        }
        LadderMsg::GameEnded { .. } | LadderMsg::View(_) => {}
    }
}

/// Applies `cmd` at league `id`'s director on another node: its events, or why not (the same
/// refusals as at that node; [`events::league::Refusal::NotStored`] while it stays
/// unreachable).
pub async fn league(
    state: &Site,
    id: u32,
    cmd: LeagueCommand,
) -> Result<Vec<LeagueEvent>, events::league::Refusal> {
    let req = DirectorRequest::League { league: id, cmd };
    match request(state, events::league::lease_id(id), &req).await {
        Some(DirectorReply::League { events }) => Ok(events),
        Some(DirectorReply::Refused { kind, why }) if kind == "not_stored" => {
            Err(events::league::Refusal::NotStored(why))
        }
        Some(DirectorReply::Refused { why, .. }) => Err(events::league::Refusal::Remote(why)),
        Some(_) => Err(events::league::Refusal::NotStored(
            "unexpected answer".into(),
        )),
        None => Err(events::league::Refusal::NotStored(UNREACHABLE.into())),
    }
}

/// Connection `conn` (of `user`, outbox `out`) watches event `event`, whose director runs on
/// another node: that node acknowledges request `id` after the event's state. When another
/// node takes the director over, the connection is closed with 1012 and watches again.
///
/// # Errors
/// What to tell the client when no node runs the event.
pub async fn watch(
    state: &Site,
    event: u64,
    (conn, user, out): (ConnId, UserId, &Outbox),
    id: Option<u64>,
) -> Result<(), &'static str> {
    if !live_event(state, event).await {
        return Err("no such running tournament");
    }
    let lease = events::tournament::lease_id(event);
    state.remote.watch.add(lease, conn, out);
    let req = DirectorRequest::TWatch {
        event,
        node: state.node.id.clone(),
        conn: conn.0,
        user,
        id,
    };
    match request(state, lease, &req).await {
        Some(DirectorReply::Done { node }) => {
            state.remote.watch.joined(lease, conn, &node);
            Ok(())
        }
        _ => {
            state.remote.watch.remove(lease, conn);
            Err(UNREACHABLE)
        }
    }
}

/// Connection `conn` closed: each event it watched on another node is told, so that the
/// director's node drops the connection's stand-in.
pub async fn closed(state: &Site, conn: ConnId) {
    let first = events::tournament::FIRST_DIRECTOR_LEASE;
    for (lease, owner) in state.remote.watch.drop_conn(conn) {
        let event = lease.0.wrapping_sub(first);
        if owner.is_none() || lease.0 < first || lease.0 >= events::ladder::FIRST_LADDER_LEASE {
            continue;
        }
        let req = DirectorRequest::TUnwatch {
            event,
            node: state.node.id.clone(),
            conn: conn.0,
        };
        let _ = request(state, lease, &req).await;
    }
}
