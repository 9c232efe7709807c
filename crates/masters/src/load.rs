//! Loading master games into the store: files are walked and read on a thread of their own
//! (decoding, parsing, classifying), the rows go to the database in batches, each game once.

use crate::game::master_row;
use crate::pack::{is_pack, read_pack};
use crate::sources::{walk, Entry, Skipped};
use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;
use store::{Db, NewMasterGame, StoreError};
use study::Encoding;

/// Games written by one transaction (`chuhe admin masters import`).
const BATCH: usize = 500;

/// A shipped set loads beside a serving site: small transactions and a pause after each, so that
/// the site's own writes (moves, the heartbeat) wait for at most one of them (SQLite has one
/// writer at a time).
const GENTLE_BATCH: usize = 40;
const GENTLE_PAUSE: std::time::Duration = std::time::Duration::from_millis(15);

/// How a load names and reads what it is given.
#[derive(Clone, Debug)]
pub struct LoadOptions {
    /// The source the games are filed under (`masters_sources.name`, `masters_games.source`).
    pub source: String,
    /// The credit shown with them.
    pub credit: String,
    /// The text encoding of every file, instead of detecting it per file.
    pub encoding: Option<&'static Encoding>,
}

/// How far a load is.
#[derive(Clone, Copy, Debug, Default)]
pub struct Progress {
    /// Input bytes read (compressed, for archives).
    pub bytes: u64,
    /// Files read.
    pub files: u64,
    /// Games read (duplicates too).
    pub games: u64,
    /// Games new to the database.
    pub added: u64,
}

/// What a load did.
#[derive(Debug, Default)]
pub struct Report {
    /// Files read (archive members count one by one).
    pub files: u64,
    /// Games read from them, duplicates included.
    pub games: u64,
    /// Distinct games among them (by moves and result).
    pub distinct: u64,
    /// Games new to the database (0 when everything was loaded before).
    pub added: u64,
    /// Games that could not be read inside files that otherwise read.
    pub broken_games: u64,
    /// Files refused whole, with the reason (the first 1,000).
    pub refused: Vec<(String, String)>,
    /// How many files were refused in all.
    pub refused_count: u64,
    /// Wall time, seconds.
    pub seconds: f64,
}

/// Counters shared between the reading thread and the writer.
#[derive(Default)]
struct Shared {
    bytes: Arc<AtomicU64>,
    files: AtomicU64,
    games: AtomicU64,
}

/// What the reading thread hands over at the end.
#[derive(Default)]
struct Tally {
    distinct: u64,
    broken: u64,
    refused: Vec<(String, String)>,
    refused_count: u64,
    /// The credit carried by a shipped set that was read (it wins over the options').
    credit: Option<String>,
}

impl Tally {
    fn refuse(&mut self, name: String, reason: String) {
        self.refused_count += 1;
        if self.refused.len() < 1000 {
            self.refused.push((name, reason));
        }
    }
}

/// Loads every game below `paths` (directories, `.tar.xz`/`.zip` archives, record files and
/// shipped sets) into `db`, calling `progress` after each batch.
///
/// # Errors
/// [`StoreError`] from the database; what was written before stays (a later load of the same
/// files adds the rest).
pub async fn load_paths(
    db: &Db,
    paths: Vec<PathBuf>,
    opts: &LoadOptions,
    progress: &mut (dyn FnMut(Progress) + Send),
) -> Result<Report, StoreError> {
    run(
        db,
        opts,
        (BATCH, std::time::Duration::ZERO),
        move |shared, each, skipped| walk(&paths, &shared.bytes, each, skipped),
        progress,
    )
    .await
}

/// Loads a shipped set held in memory (the one built in, or a file read by the caller), gently:
/// transactions of 40 games with a short pause after each, as it runs beside a serving site.
///
/// # Errors
/// [`StoreError`] from the database.
pub async fn load_pack(
    db: &Db,
    bytes: Vec<u8>,
    opts: &LoadOptions,
    progress: &mut (dyn FnMut(Progress) + Send),
) -> Result<Report, StoreError> {
    run(
        db,
        opts,
        (GENTLE_BATCH, GENTLE_PAUSE),
        move |shared, each, _| {
            shared
                .bytes
                .fetch_add(bytes.len() as u64, Ordering::Relaxed);
            each(Entry {
                name: "shipped set".into(),
                bytes,
            });
        },
        progress,
    )
    .await
}

type Walker = dyn FnOnce(&Shared, &mut dyn FnMut(Entry) -> bool, &mut dyn FnMut(Skipped)) + Send;

async fn run(
    db: &Db,
    opts: &LoadOptions,
    (batch_games, pause): (usize, std::time::Duration),
    walker: impl FnOnce(&Shared, &mut dyn FnMut(Entry) -> bool, &mut dyn FnMut(Skipped))
        + Send
        + 'static,
    progress: &mut (dyn FnMut(Progress) + Send),
) -> Result<Report, StoreError> {
    let started = Instant::now();
    let shared = Arc::new(Shared::default());
    let (tx, mut rx) = tokio::sync::mpsc::channel::<Vec<NewMasterGame>>(4);
    let thread_shared = Arc::clone(&shared);
    let thread_opts = opts.clone();
    let walker: Box<Walker> = Box::new(walker);
    let reader = std::thread::spawn(move || {
        read_all(&thread_shared, &thread_opts, batch_games, walker, &tx)
    });
    let mut added = 0;
    let mut failure = None;
    while let Some(batch) = rx.recv().await {
        match db.insert_master_games(&batch).await {
            Ok(n) => {
                added += n;
                if !pause.is_zero() {
                    tokio::time::sleep(pause).await;
                }
            }
            Err(e) => {
                // Stop reading: dropping the receiver ends the thread's sends.
                failure = Some(e);
                break;
            }
        }
        progress(Progress {
            bytes: shared.bytes.load(Ordering::Relaxed),
            files: shared.files.load(Ordering::Relaxed),
            games: shared.games.load(Ordering::Relaxed),
            added,
        });
    }
    drop(rx);
    let tally = reader.join().unwrap_or_default();
    if let Some(e) = failure {
        return Err(e);
    }
    if added > 0 || tally.distinct > 0 {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
        let credit = tally.credit.as_deref().unwrap_or(&opts.credit);
        db.record_masters_source(&opts.source, credit, now, added)
            .await?;
    }
    Ok(Report {
        files: shared.files.load(Ordering::Relaxed),
        games: shared.games.load(Ordering::Relaxed),
        distinct: tally.distinct,
        added,
        broken_games: tally.broken,
        refused: tally.refused,
        refused_count: tally.refused_count,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// The reading thread: every entry decoded, parsed and made rows, de-duplicated, sent in batches.
fn read_all(
    shared: &Shared,
    opts: &LoadOptions,
    batch_games: usize,
    walker: Box<Walker>,
    tx: &tokio::sync::mpsc::Sender<Vec<NewMasterGame>>,
) -> Tally {
    let mut tally = Tally::default();
    let mut seen: HashSet<i64> = HashSet::new();
    let mut batch: Vec<NewMasterGame> = Vec::with_capacity(batch_games);
    let mut open = true;
    let mut each = |entry: Entry| -> bool {
        shared.files.fetch_add(1, Ordering::Relaxed);
        // Batches are sent as they fill, also in the middle of a file (a shipped set is one
        // file of thousands of games); a closed channel (the writer failed) stops the sends.
        let mut take = |game: xiangqi::record::Game| {
            shared.games.fetch_add(1, Ordering::Relaxed);
            let Some(row) = master_row(&game, &opts.source) else {
                return;
            };
            if seen.insert(row.dedupe_key) {
                batch.push(row);
            }
            if open && batch.len() >= batch_games {
                let full = std::mem::replace(&mut batch, Vec::with_capacity(batch_games));
                open = tx.blocking_send(full).is_ok();
            }
        };
        if is_pack(&entry.bytes) {
            match read_pack(&entry.bytes, &mut take) {
                Ok(credit) if !credit.is_empty() => tally.credit = Some(credit),
                Ok(_) => {}
                Err(e) => tally.refuse(entry.name, e.to_string()),
            }
        } else {
            match study::read_record(&entry.bytes, opts.encoding) {
                Ok(record) => {
                    tally.broken += record.collection.errors.len() as u64;
                    if record.collection.games.is_empty() {
                        let why = record
                            .collection
                            .errors
                            .first()
                            .map_or("no game found".to_owned(), |f| f.error.to_string());
                        tally.refuse(entry.name, why);
                    }
                    for g in record.collection.games {
                        take(g);
                    }
                }
                Err(e) => tally.refuse(entry.name, e.to_string()),
            }
        }
        open
    };
    let mut skips: Vec<Skipped> = Vec::new();
    let mut skipped = |s: Skipped| {
        if skips.len() < 1000 {
            skips.push(s);
        }
    };
    walker(shared, &mut each, &mut skipped);
    if open && !batch.is_empty() {
        let _ = tx.blocking_send(batch);
    }
    for s in skips {
        tally.refuse(s.name, s.reason);
    }
    tally.distinct = seen.len() as u64;
    tally
}
