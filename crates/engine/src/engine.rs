//! The engine as the protocols see it: a game position, options and `go`.
//!
//! Key decision: `Engine` owns the searcher (hash table, history) and the game since the given
//! base position, and knows no text. Protocol adapters (`ucci.rs`, `uci.rs`) translate lines into
//! these calls; they move the `Engine` into a search thread for `go` and get it back when the
//! search ends.

use crate::control::Control;
use crate::level::{self, Rng, MAX_LEVEL};
use crate::repetition::RepEntry;
use crate::search::{Limits, SearchInfo, SearchOptions, SearchResult, Searcher};
use crate::tt::Entry;
use xiangqi::{IllegalMove, Move, Position};

/// Default hash size in MiB.
pub const DEFAULT_HASH_MB: usize = 64;

/// Most search threads (`Threads` option).
pub const MAX_THREADS: usize = 64;

/// The computer opponent.
pub struct Engine {
    searcher: Searcher,
    /// Helper searchers of a parallel search (Lazy SMP), sharing the main searcher's table.
    helpers: Vec<Searcher>,
    threads: usize,
    base: Position,
    moves: Vec<Move>,
    pos: Position,
    history: Vec<RepEntry>,
    banned: Vec<Move>,
    level: u8,
    options: SearchOptions,
    rng: Rng,
    hash_mb: usize,
    book: bool,
    /// The evaluation network (`None`: the hand-written evaluation, the default).
    net: Option<std::sync::Arc<crate::nnue::Network>>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(DEFAULT_HASH_MB)
    }
}

impl Engine {
    /// An engine at full strength with a hash table of `hash_mb` MiB, set to the start position.
    #[must_use]
    pub fn new(hash_mb: usize) -> Engine {
        let pos = Position::startpos();
        Engine {
            searcher: Searcher::new(hash_mb),
            helpers: Vec::new(),
            threads: 1,
            history: vec![entry(&pos)],
            base: pos.clone(),
            moves: Vec::new(),
            pos,
            banned: Vec::new(),
            level: MAX_LEVEL,
            options: SearchOptions::default(),
            rng: Rng::new(0x5EED),
            hash_mb,
            book: true,
            net: None,
        }
    }

    /// Sets the number of search threads (1..=[`MAX_THREADS`]). With more than one, helper threads
    /// search the same position with a shared hash table (Lazy SMP); the result is then no
    /// longer reproducible node for node. One thread (the default) is deterministic.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
        self.helpers.truncate(self.threads - 1);
    }

    /// The number of search threads.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Resizes the hash table (clears it).
    pub fn set_hash_mb(&mut self, mb: usize) {
        let mb = mb.clamp(1, 4096);
        if mb != self.hash_mb {
            self.hash_mb = mb;
            self.searcher.resize_hash(mb);
        }
    }

    /// Hash size in MiB.
    #[must_use]
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// Sets the level (1–10, clamped); 10 is full strength.
    pub fn set_level(&mut self, level: u8) {
        self.level = level.clamp(1, MAX_LEVEL);
    }

    /// The level.
    #[must_use]
    pub fn level(&self) -> u8 {
        self.level
    }

    /// Plies without capture after which the game is a draw (0 = no limit).
    pub fn set_move_limit(&mut self, plies: u32) {
        self.options.move_limit = plies;
    }

    /// Draw score for the engine (positive: avoid draws).
    pub fn set_contempt(&mut self, cp: i32) {
        self.options.contempt = cp.clamp(-200, 200);
    }

    /// Switches the built-in opening book (`book.rs`) on or off (on by default). The book is
    /// used only for searches limited by time.
    pub fn set_book(&mut self, on: bool) {
        self.book = on;
    }

    /// Evaluates with `net` (`None`: the hand-written evaluation, the default). Changing it
    /// clears the hash table, as a new game does.
    pub fn set_network(&mut self, net: Option<std::sync::Arc<crate::nnue::Network>>) {
        let same = match (&self.net, &net) {
            (Some(a), Some(b)) => std::sync::Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if same {
            return;
        }
        self.searcher.set_network(net.clone());
        self.net = net;
        self.new_game();
    }

    /// The evaluation network in use, if any.
    #[must_use]
    pub fn network(&self) -> Option<&std::sync::Arc<crate::nnue::Network>> {
        self.net.as_ref()
    }

    /// Seeds the random choices of the lower levels.
    pub fn set_seed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    /// Forgets the hash table and history (a new game).
    pub fn new_game(&mut self) {
        self.searcher.clear();
        self.helpers.clear();
    }

    /// Sets the position: `base` followed by `moves`. On an illegal move nothing changes.
    ///
    /// # Errors
    /// The first illegal move.
    pub fn set_position(&mut self, base: &Position, moves: &[Move]) -> Result<(), IllegalMove> {
        let mut pos = base.clone();
        let mut history = vec![entry(&pos)];
        for &m in moves {
            pos.play_mut(m)?;
            history.push(entry(&pos));
        }
        self.pos = pos;
        self.base = base.clone();
        self.moves = moves.to_vec();
        self.history = history;
        self.banned.clear();
        Ok(())
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Forbids root moves (UCCI `banmoves`) until the next [`Engine::set_position`].
    pub fn set_banned(&mut self, moves: &[Move]) {
        self.banned = moves.to_vec();
    }

    /// The banned moves.
    #[must_use]
    pub fn banned(&self) -> &[Move] {
        &self.banned
    }

    /// The hash entry of `pos`, if any (UCCI `probe`).
    #[must_use]
    pub fn probe(&self, pos: &Position) -> Option<Entry> {
        self.searcher.tt().probe(pos.hash())
    }

    /// Searches the current position within `limits` (narrowed by the level) and returns the move
    /// to play. `best` is `None` only when there is no legal move.
    pub fn go(
        &mut self,
        limits: &Limits,
        control: &Control,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let timed = limits.depth.is_none() && limits.nodes.is_none() && !limits.infinite;
        if self.book && timed && self.banned.is_empty() && !control.is_pondering() {
            // Low levels pick any book move; higher ones follow the weights.
            if let Some(m) = crate::book::book_move(&self.pos, self.level <= 3, &mut self.rng) {
                return SearchResult {
                    best: Some(m),
                    ..SearchResult::default()
                };
            }
        }
        let s = level::settings(self.level);
        let mut limits = limits.clone();
        let mut options = self.options;
        if self.level < MAX_LEVEL {
            limits.depth = Some(limits.depth.map_or(s.max_depth.unwrap_or(100), |d| {
                d.min(s.max_depth.unwrap_or(100))
            }));
            if let Some(n) = s.max_nodes {
                limits.nodes = Some(limits.nodes.map_or(n, |l| l.min(n)));
            }
            options.exact_root = true;
        }
        // Moves that would lose by perpetual chase at the third repetition count as banned.
        let mut banned = self.banned.clone();
        banned.extend(crate::chase::losing_chase_moves(&self.base, &self.moves));
        self.searcher.set_game_moves(&self.moves);
        let mut result = if self.threads > 1 {
            self.parallel_search(&banned, &limits, options, control, on_info)
        } else {
            self.searcher.search(
                &self.pos,
                &self.history,
                &banned,
                &limits,
                options,
                control,
                on_info,
            )
        };
        if self.level < MAX_LEVEL && !result.root_scores.is_empty() {
            let i = level::choose(&result.root_scores, self.level, &mut self.rng);
            if let Some(&(m, score)) = result.root_scores.get(i) {
                if Some(m) != result.best {
                    result.best = Some(m);
                    result.score = score;
                    result.ponder = None;
                }
            }
        }
        result
    }
}

impl Engine {
    /// Lazy SMP: the helpers search the same root with the shared table until the main search
    /// ends; only the main searcher's result and reports count.
    fn parallel_search(
        &mut self,
        banned: &[Move],
        limits: &Limits,
        options: SearchOptions,
        control: &Control,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let tt = self.searcher.shared_tt();
        self.helpers
            .retain(|h| std::sync::Arc::ptr_eq(&h.shared_tt(), &tt));
        while self.helpers.len() < self.threads - 1 {
            let mut h = Searcher::sharing(std::sync::Arc::clone(&tt));
            h.set_helper(self.helpers.len() + 1);
            h.set_network(self.net.clone());
            self.helpers.push(h);
        }
        // Helpers stop with the main search; they obey no clock or node limit of their own.
        let helper_limits = Limits {
            depth: limits.depth,
            nodes: None,
            time: None,
            infinite: true,
        };
        let helper_control = Control::new();
        let (pos, history, moves) = (&self.pos, &self.history, &self.moves);
        let searcher = &mut self.searcher;
        let helpers = &mut self.helpers;
        std::thread::scope(|scope| {
            for h in helpers.iter_mut() {
                let (limits, stop) = (&helper_limits, &helper_control);
                let spawned = std::thread::Builder::new()
                    .stack_size(64 * 1024 * 1024)
                    .spawn_scoped(scope, move || {
                        h.set_game_moves(moves);
                        h.search(pos, history, banned, limits, options, stop, &mut |_| {});
                    });
                // A helper that cannot start only costs speed.
                drop(spawned);
            }
            let result = searcher.search(pos, history, banned, limits, options, control, on_info);
            helper_control.stop();
            result
        })
    }
}

fn entry(pos: &Position) -> RepEntry {
    RepEntry {
        key: pos.hash(),
        check: pos.is_check(),
        halfmoves: pos.halfmoves(),
    }
}
