//! [`PerIp`]: open connections per IP address, each held by a [`Slot`] that gives its place
//! back when dropped (also when the connection became a WebSocket and that closes).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// Counts open connections per address, at most `max` each.
#[derive(Debug, Clone)]
pub struct PerIp {
    max: usize,
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// One admitted connection; dropping it frees its place.
#[derive(Debug)]
pub struct Slot {
    ip: IpAddr,
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl PerIp {
    /// At most `max` connections per address.
    #[must_use]
    pub fn new(max: usize) -> PerIp {
        PerIp {
            max,
            open: Arc::default(),
        }
    }

    /// A slot for a new connection from `ip`, or `None` when it already has `max` open.
    #[must_use]
    pub fn admit(&self, ip: IpAddr) -> Option<Slot> {
        let mut open = self.open.lock().ok()?;
        let n = open.entry(ip).or_insert(0);
        if *n >= self.max {
            return None;
        }
        *n += 1;
        Some(Slot {
            ip,
            open: self.open.clone(),
        })
    }

    /// Connections open from `ip`.
    #[must_use]
    pub fn count(&self, ip: IpAddr) -> usize {
        self.open
            .lock()
            .map_or(0, |m| m.get(&ip).copied().unwrap_or(0))
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        if let Ok(mut open) = self.open.lock() {
            if let Some(n) = open.get_mut(&self.ip) {
                *n -= 1;
                if *n == 0 {
                    open.remove(&self.ip);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn admits_up_to_max_per_address_and_frees_on_drop() {
        let p = PerIp::new(2);
        let a: IpAddr = [10, 0, 0, 1].into();
        let b: IpAddr = [10, 0, 0, 2].into();
        let s1 = p.admit(a).unwrap();
        let _s2 = p.admit(a).unwrap();
        assert!(p.admit(a).is_none());
        let _s3 = p.admit(b).unwrap();
        drop(s1);
        assert_eq!(p.count(a), 1);
        assert!(p.admit(a).is_some());
        assert_eq!(p.open.lock().unwrap().len(), 2);
    }
}
