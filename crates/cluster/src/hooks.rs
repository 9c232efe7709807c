//! [`Hooks`](crate::site::Hooks) as the seams of the tables (`tables::TableSite`) and of the
//! events (`events::EventsSite`): each call goes to the cluster's module that does it.

use crate::site::Hooks;
use crate::{director_service, remote_directors, remote_tables, seat_service, table_service};
use events::ladder::LadderMsg;
use events::league::Refusal as LeagueRefusal;
use events::tournament::DirectorMsg;
use events::EventsSite;
use platform::league::{LeagueCommand, LeagueEvent};
use platform::TableId;
use std::sync::Arc;
use tables::site::{BoxFuture, SeatRequest};
use tables::TableSite;

/// What is said when the site is already gone (the node is stopping).
const STOPPING: &str = "the node is stopping";

impl TableSite for Hooks {
    fn is_clustered(&self) -> bool {
        !self.broker.is_local()
    }

    fn offer_event(&self, table: TableId, delayed: bool, v: u64, msg: &Arc<str>) {
        self.remote.events.offer(table, delayed, v, msg);
    }

    fn serve_table(&self, table: TableId) {
        if let Some(site) = self.site() {
            table_service::spawn(&site, table);
        }
    }

    fn seat_at<'a>(
        &'a self,
        node: &'a str,
        req: &'a SeatRequest,
    ) -> BoxFuture<'a, Result<(), String>> {
        Box::pin(async move {
            let site = self.site().ok_or_else(|| STOPPING.to_owned())?;
            seat_service::seat_at(&site, node, req).await
        })
    }
}

impl EventsSite for Hooks {
    fn is_clustered(&self) -> bool {
        !self.broker.is_local()
    }

    fn ask_tournament(&self, event: u64, msg: DirectorMsg) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            if let Some(site) = self.site() {
                remote_directors::tournament(&site, event, msg).await;
            }
        })
    }

    fn ask_ladder(&self, id: u32, msg: LadderMsg) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            if let Some(site) = self.site() {
                remote_directors::ladder(&site, id, msg).await;
            }
        })
    }

    fn ask_league(
        &self,
        id: u32,
        cmd: LeagueCommand,
    ) -> BoxFuture<'_, Result<Vec<LeagueEvent>, LeagueRefusal>> {
        Box::pin(async move {
            match self.site() {
                Some(site) => remote_directors::league(&site, id, cmd).await,
                None => Err(LeagueRefusal::NotStored(STOPPING.into())),
            }
        })
    }

    fn serve_director(&self, lease: TableId, closed: BoxFuture<'static, ()>) {
        if let Some(site) = self.site() {
            director_service::spawn(&site, lease, closed);
        }
    }

    fn announce_owner(&self, table: TableId) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            if let Some(site) = self.site() {
                remote_tables::announce_owner(&site, table).await;
            }
        })
    }
}
