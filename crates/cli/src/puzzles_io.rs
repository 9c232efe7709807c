//! What `chuhe puzzles` shares: finding records, reading their games, the puzzle file (JSON
//! lines) with its de-duplication, and turning a mined line into a tagged puzzle.
//!
//! Key decision: the output is append-only JSON lines, one `platform::puzzle::Puzzle` per line,
//! and a run reads back what is already there, so a stopped run resumes without duplicates; the
//! de-duplication is the domain's (`canon`: mirror- and colour-canonical, near-identical boards).

use crate::cmd_convert::{read_games, InputFormat};
use engine::mine::Solution;
use platform::puzzle::canon::{self, Canonical};
use platform::puzzle::rating::seed_rating;
use platform::puzzle::{tag, Puzzle, Source};
use platform::rating::Glicko2Params;
use std::collections::{HashMap, HashSet};
use std::fs::{self, File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use xiangqi::record::Game;
use xiangqi::{Move, Position};

/// Every record file (`.pgn`, `.xqf`) under `root` (or `root` itself), sorted.
pub fn record_files(root: &Path) -> Vec<PathBuf> {
    if root.is_file() {
        return vec![root.to_path_buf()];
    }
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p
                .extension()
                .is_some_and(|x| x.eq_ignore_ascii_case("pgn") || x.eq_ignore_ascii_case("xqf"))
            {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The games of a record file (unreadable files give none).
pub fn games_of(path: &Path) -> Vec<Game> {
    let Ok(bytes) = fs::read(path) else {
        return vec![];
    };
    let name = path.display().to_string();
    read_games(&bytes, InputFormat::Auto, &name)
        .map(|(g, _)| g)
        .unwrap_or_default()
}

/// A game's identity: its start and its moves (the same game filed under several folders).
pub fn game_key(game: &Game) -> String {
    let mut key = game.start.fen();
    for m in &game.moves {
        key.push(' ');
        key.push_str(&m.to_string());
    }
    format!("{:016x}", fnv(&key))
}

fn fnv(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The path of `file` relative to `root`, with `/` separators (stored as the source).
pub fn relative(root: &Path, file: &Path) -> String {
    file.strip_prefix(root)
        .unwrap_or(file)
        .to_string_lossy()
        .replace('\\', "/")
}

/// A tagged puzzle from a solved position.
#[must_use]
pub fn make_puzzle(
    pos: &Position,
    last_move: Option<Move>,
    solution: &Solution,
    source: Source,
) -> Puzzle {
    let c = canon::canonical(pos, &solution.line);
    let params = Glicko2Params::default();
    Puzzle {
        id: canon::puzzle_id(&c),
        fen: pos.fen(),
        last_move,
        line: solution.line.clone(),
        alternatives: solution.alternatives.clone(),
        themes: tag::tag(pos, &solution.line),
        rating: seed_rating(&params, solution.line.len().div_ceil(2), solution.mate),
        source,
    }
}

/// The puzzle file: what is in it, and appending to it without duplicates.
pub struct PuzzleFile {
    file: File,
    keys: HashSet<u64>,
    by_first: HashMap<Option<Move>, Vec<Canonical>>,
    /// Puzzles in the file.
    pub count: usize,
}

impl PuzzleFile {
    /// Opens (creating) `path` and reads the puzzles already there.
    pub fn open(path: &Path) -> Result<PuzzleFile, String> {
        let mut pf = PuzzleFile {
            file: OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("cannot open {}: {e}", path.display()))?,
            keys: HashSet::new(),
            by_first: HashMap::new(),
            count: 0,
        };
        let read = File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        for line in BufReader::new(read).lines() {
            let line = line.map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let Ok(p) = serde_json::from_str::<Puzzle>(&line) else {
                continue;
            };
            if let Ok(pos) = p.position() {
                pf.remember(canon::canonical(&pos, &p.line));
                pf.count += 1;
            }
        }
        Ok(pf)
    }

    fn remember(&mut self, c: Canonical) {
        self.keys.insert(canon::dedupe_key(&c));
        self.by_first
            .entry(c.line.first().copied())
            .or_default()
            .push(c);
    }

    /// Whether a puzzle like this one is already in the file.
    pub fn has(&self, p: &Puzzle) -> bool {
        let Ok(pos) = p.position() else {
            return true;
        };
        let c = canon::canonical(&pos, &p.line);
        self.keys.contains(&canon::dedupe_key(&c))
            || self
                .by_first
                .get(&c.line.first().copied())
                .is_some_and(|v| v.iter().any(|o| canon::near_identical(o, &c)))
    }

    /// Appends `p` unless it is a duplicate; returns whether it was added.
    pub fn add(&mut self, p: &Puzzle) -> Result<bool, String> {
        if self.has(p) {
            return Ok(false);
        }
        let text = serde_json::to_string(p).map_err(|e| e.to_string())?;
        writeln!(self.file, "{text}").map_err(|e| format!("cannot write a puzzle: {e}"))?;
        if let Ok(pos) = p.position() {
            self.remember(canon::canonical(&pos, &p.line));
        }
        self.count += 1;
        Ok(true)
    }

    /// Flushes to disk.
    pub fn flush(&mut self) -> Result<(), String> {
        self.file
            .flush()
            .and_then(|()| self.file.sync_data())
            .map_err(|e| format!("cannot write the puzzles: {e}"))
    }
}

/// The set of done items of a resumable run (one per line), and appending to it.
pub struct DoneList {
    file: File,
    done: HashSet<String>,
}

impl DoneList {
    /// Opens (creating) `path`.
    pub fn open(path: &Path) -> Result<DoneList, String> {
        let done = fs::read_to_string(path)
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect();
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        Ok(DoneList { file, done })
    }

    /// Whether `key` is done.
    pub fn contains(&self, key: &str) -> bool {
        self.done.contains(key)
    }

    /// Marks `key` done (written at once).
    pub fn mark(&mut self, key: &str) -> Result<(), String> {
        if self.done.insert(key.to_string()) {
            writeln!(self.file, "{key}").map_err(|e| format!("cannot write the state: {e}"))?;
        }
        Ok(())
    }
}
