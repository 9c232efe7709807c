//! [`Hashing`]: argon2id on blocking threads, at most `password_hashes_at_once` at a time (each
//! takes 19 MiB) with a bounded queue; beyond it requests are refused with `busy` (503) rather
//! than piling up. A login for a name that does not exist is checked against a dummy hash, so
//! its timing does not tell whether the name exists.

use crate::error::AppError;
use argon2::password_hash::{
    rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString,
};
use argon2::Argon2;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// An argon2id hash with the default parameters that no known password matches: verified in place
/// of a real one when the name does not exist.
const DUMMY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$gkMd6bmE2kDCoOFJfbV3Pw$\
    9dXWkxrgkmGW0tXfB9cFUSuyA3ExlAfXuc5LZ2hlpio";

/// Bounded password hashing.
#[derive(Debug)]
pub struct Hashing {
    slots: Arc<Semaphore>,
    waiting: AtomicUsize,
    queue: usize,
}

impl Hashing {
    /// `at_once` hashes in parallel, up to `queue` more requests waiting.
    #[must_use]
    pub fn new(at_once: usize, queue: usize) -> Hashing {
        Hashing {
            slots: Arc::new(Semaphore::new(at_once.max(1))),
            waiting: AtomicUsize::new(0),
            queue,
        }
    }

    async fn slot(&self) -> Result<OwnedSemaphorePermit, AppError> {
        if let Ok(p) = self.slots.clone().try_acquire_owned() {
            return Ok(p);
        }
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.queue {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(AppError::Busy);
        }
        let permit = self.slots.clone().acquire_owned().await;
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        permit.map_err(|_| AppError::Busy)
    }

    /// An argon2id hash of `password`.
    ///
    /// # Errors
    /// [`AppError::Busy`] when the queue is full, [`AppError::Internal`] if hashing fails.
    pub async fn hash(&self, password: String) -> Result<String, AppError> {
        let permit = self.slot().await?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let salt = SaltString::generate(&mut OsRng);
            Argon2::default()
                .hash_password(password.as_bytes(), &salt)
                .map(|h| h.to_string())
                .map_err(|e| AppError::Internal(format!("argon2: {e}")))
        })
        .await
        .map_err(|e| AppError::Internal(e.to_string()))?
    }

    /// Whether `password` matches `hash`; with no hash (no such user), the same work is done
    /// against a dummy hash and the answer is `false`.
    ///
    /// # Errors
    /// [`AppError::Busy`] when the queue is full.
    pub async fn verify(&self, password: String, hash: Option<String>) -> Result<bool, AppError> {
        let permit = self.slot().await?;
        let real = hash.is_some();
        let hash = hash.unwrap_or_else(|| DUMMY_HASH.to_owned());
        let matches = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            PasswordHash::new(&hash).is_ok_and(|h| {
                Argon2::default()
                    .verify_password(password.as_bytes(), &h)
                    .is_ok()
            })
        })
        .await
        .unwrap_or(false);
        Ok(real && matches)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn passwords_verify_only_when_right_and_hashes_are_argon2id() {
        let h = Hashing::new(1, 0);
        let hash = h.hash("correct horse".into()).await.unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(h
            .verify("correct horse".into(), Some(hash.clone()))
            .await
            .unwrap());
        assert!(!h.verify("wrong horse".into(), Some(hash)).await.unwrap());
        assert!(!h.verify("correct horse".into(), None).await.unwrap());
    }

    #[test]
    fn the_dummy_hash_costs_what_a_real_one_does() {
        let dummy = PasswordHash::new(DUMMY_HASH).unwrap();
        let salt = SaltString::generate(&mut OsRng);
        let real_text = Argon2::default()
            .hash_password(b"x", &salt)
            .unwrap()
            .to_string();
        let real = PasswordHash::new(&real_text).unwrap();
        assert_eq!(dummy.algorithm, real.algorithm);
        assert_eq!(dummy.version, real.version);
        assert_eq!(dummy.params, real.params);
        assert_eq!(dummy.hash.map(|h| h.len()), real.hash.map(|h| h.len()));
    }

    #[tokio::test]
    async fn a_full_queue_is_refused_at_once() {
        let h = Arc::new(Hashing::new(1, 1));
        let held = h.slots.clone().try_acquire_owned().unwrap();
        let waiter = {
            let h = h.clone();
            tokio::spawn(async move { h.slot().await.map(drop) })
        };
        while h.waiting.load(Ordering::SeqCst) == 0 {
            tokio::task::yield_now().await;
        }
        assert!(matches!(h.slot().await, Err(AppError::Busy)));
        drop(held);
        assert!(waiter.await.unwrap().is_ok());
        assert!(h.slot().await.is_ok());
    }
}
