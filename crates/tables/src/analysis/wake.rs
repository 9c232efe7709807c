//! [`AnalysisQueue`]: the handle that wakes this node's analysis workers (`queue.rs`) when a
//! request is queued; kept apart from the workers so that the shared state can hold it.

use std::sync::Arc;
use tokio::sync::Notify;

/// Wakes this node's analysis workers when something is queued.
#[derive(Clone, Debug, Default)]
pub struct AnalysisQueue {
    wake: Arc<Notify>,
}

impl AnalysisQueue {
    /// Tells a waiting worker that an analysis was queued.
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Waits until [`AnalysisQueue::wake`] is called.
    pub async fn woken(&self) {
        self.wake.notified().await;
    }
}
