//! Log lines of `chuhe serve`: tracing's usual format, each line starting with `node=<id>` so
//! the logs of a cluster's nodes can be merged and still told apart.

use std::fmt;
use tracing::{Event, Subscriber};
use tracing_subscriber::fmt::format::{self, Format, FormatEvent, FormatFields};
use tracing_subscriber::fmt::FmtContext;
use tracing_subscriber::registry::LookupSpan;

/// The default format with the node id in front.
struct NodeFormat {
    node: String,
    inner: Format,
}

impl<S, N> FormatEvent<S, N> for NodeFormat
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
{
    fn format_event(
        &self,
        ctx: &FmtContext<'_, S, N>,
        mut writer: format::Writer<'_>,
        event: &Event<'_>,
    ) -> fmt::Result {
        write!(writer, "node={} ", self.node)?;
        self.inner.format_event(ctx, writer, event)
    }
}

/// Installs the global subscriber (level from `RUST_LOG`, default `info`).
pub fn init(node: &str) {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .event_format(NodeFormat {
            node: node.to_owned(),
            inner: Format::default(),
        })
        .init();
}
