//! [`Hooks`](crate::site::Hooks) as the seams of the tables (`tables::TableSite`) and of the
//! events (`events::EventsSite`): each call goes to the cluster's module that does it.

use crate::site::Hooks;
use crate::{director_service, remote_directors, remote_tables, seat_service, table_service};
use events::EventsSite;
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

    fn ask_director(&self, lease: TableId, body: Vec<u8>) -> BoxFuture<'_, Option<Vec<u8>>> {
        Box::pin(async move {
            let site = self.site()?;
            remote_directors::ask(&site, lease, body).await
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
