//! [`Spec`]: how an event is run, as the organiser gave it and as stored with the event (JSON in
//! `tournaments.spec`).

use platform::clock::TimeControl;
use platform::rating::{Profile, RatingScope, Title};
use platform::table::{RepetitionPolicy, SpectatorDelay};
use platform::tournament::arena::ArenaConfig;
use platform::tournament::knockout::{KnockoutConfig, MatchFormat};
use platform::tournament::robin::RobinConfig;
use platform::tournament::swiss::SwissConfig;
use platform::tournament::Preset;
use platform::Millis;
use serde::{Deserialize, Serialize};
use tables::room_config::{default_move_limit, default_repetition, default_rules, table_rules};
use xiangqi::rulings::RuleSet;

/// Most rounds of an event (table ids hold the round in three digits).
pub const MAX_ROUNDS: u32 = 99;
/// Most players of an event (a round has at most 999 boards).
pub const MAX_PLAYERS: u32 = 1_998;
/// Most players of a round robin (a Berger table of 24 is 276 games a cycle).
pub const MAX_ROBIN_PLAYERS: u32 = 24;
/// Most cycles of a round robin.
pub const MAX_CYCLES: u32 = 4;
/// Most players of a knockout (a bracket of 512: at most 256 matches a round).
pub const MAX_KNOCKOUT_PLAYERS: u32 = 512;
/// Most regular games of a knockout match (the tie-break games follow).
pub const MAX_MATCH_GAMES: u32 = 20;
/// Most places an event awards a title to.
pub const MAX_TITLED_PLACES: usize = 16;
/// The longest arena, in minutes (a day).
pub const MAX_ARENA_MINUTES: u32 = 1_440;
/// The most moves an arena may ask of a berserker before their win earns the bonus point (a
/// berserk win of 100 moves is already rare; more would never pay).
pub const MAX_BERSERK_MIN_MOVES: u32 = 100;
/// The most best players of a team that a team battle counts.
pub const MAX_TEAM_TOP: u32 = 100;
/// The systems the director runs.
pub const SYSTEMS: [&str; 4] = ["swiss", "robin", "knockout", "arena"];

/// How an event is run. Every field has a default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Spec {
    /// The system: `swiss`, `robin` (round robin), `knockout` or `arena`.
    pub system: String,
    /// Planned rounds (Swiss; a round robin has as many as its Berger table, a knockout as
    /// its bracket).
    pub rounds: u32,
    /// Round robin: 1 = single, 2 = double (colours swapped on the return leg), …
    pub cycles: u32,
    /// Knockout: regular games per match, before the tie-break games (rapid, blitz, sudden
    /// death).
    pub games: u32,
    /// Knockout: whether the semi-final losers play for third place.
    pub third_place: bool,
    /// Arena: its length in minutes from the start.
    pub minutes: u32,
    /// Arena: whether players may berserk (half their time, no increment, a bonus point for a
    /// win of enough plies).
    pub berserk: bool,
    /// Arena: a berserk win earns its bonus point only once the berserker made this many moves
    /// (default 7).
    pub berserk_min_moves: u32,
    /// Arena: a team battle when above 0 — players enter with their team and a team scores
    /// the sum of its this many best players' scores (lichess's rule); 0: no team scoring.
    pub team_top: u32,
    /// The games' time control, by preset name (`rapid`, `blitz`, `ourgame`, `qq`).
    pub time_control: String,
    /// Scoring and tie-break preset (`cxa-swiss-opp`, `cxa-swiss-prog`, `cxa-rr`, `lichess`,
    /// `online`);
    /// empty: the system's own (`cxa-swiss-opp` for a Swiss, `cxa-rr` for a round robin).
    pub preset: String,
    /// A player who has not made their first move this long after their game started forfeits
    /// it and is withdrawn (seconds).
    pub no_show_secs: u64,
    /// Pause between a round's last result and the next pairing (seconds).
    pub round_gap_secs: u64,
    /// Most players.
    pub max_players: u32,
    /// Draw offers are refused before this move (`draw_too_early`); 0: any time.
    pub draw_offers_from_move: u32,
    /// Entry fee in coins (0: free), escrowed at registration.
    pub entry_fee: i64,
    /// The prize table: per mille of the pot (all fees) for places 1, 2, …; what is not awarded
    /// goes to the house.
    pub prizes: Vec<u32>,
    /// Tournament-only titles of the site's ladder awarded to places 1, 2, … when the event
    /// finishes (e.g. `["特级大师", "一级大师"]`); kept for good (PLATFORM.md §4).
    pub titles: Vec<String>,
    /// The repetition rules of the games: `axf` or `cxa`.
    pub rules: String,
    /// The natural move limit of the games, in moves without a capture (0: none).
    pub move_limit: u32,
    /// A move that would lose by repetition: `warn` (played, and loses) or `refuse`.
    pub repetition: String,
    /// The behaviour score (0–100, docs/behaviour.md) a player needs to join; 0: any.
    pub min_behaviour: u8,
    /// Spectators see each ply of the games only once this many more plies were played
    /// (0: no delay by plies); the players are never delayed.
    pub spectator_delay_plies: u32,
    /// Spectators see each ply of the games only this many seconds after it was played (0: no
    /// delay by time).
    pub spectator_delay_secs: u32,
    /// The rating its games change and its players are seeded by: `"site"` (the default), or
    /// a pool of its own, `{"pool": "spring-open", "profile": "glicko2"}` (docs/economy.md).
    pub rating: RatingScope,
}

impl Default for Spec {
    fn default() -> Self {
        Spec {
            system: "swiss".into(),
            rounds: 5,
            cycles: 1,
            games: 1,
            third_place: false,
            minutes: 60,
            berserk: false,
            berserk_min_moves: 7,
            team_top: 0,
            time_control: "rapid".into(),
            preset: String::new(),
            no_show_secs: 60,
            round_gap_secs: 10,
            max_players: 256,
            draw_offers_from_move: 0,
            entry_fee: 0,
            prizes: vec![500, 300, 200],
            titles: Vec::new(),
            rules: default_rules(),
            move_limit: default_move_limit(),
            repetition: default_repetition(),
            min_behaviour: 0,
            spectator_delay_plies: 0,
            spectator_delay_secs: 0,
            rating: RatingScope::Site,
        }
    }
}

impl Spec {
    /// Checks the spec; returns its time control and scoring preset.
    ///
    /// # Errors
    /// Why it is unusable, in words.
    pub fn check(&self) -> Result<(TimeControl, Preset), String> {
        if !SYSTEMS.contains(&self.system.as_str()) {
            return Err(format!(
                "unknown system {:?} (swiss, robin, knockout or arena)",
                self.system
            ));
        }
        if self.min_behaviour > 100 {
            return Err("min_behaviour is a score of 0 to 100".into());
        }
        if !(1..=MAX_CYCLES).contains(&self.cycles) {
            return Err(format!("cycles must be 1..={MAX_CYCLES}"));
        }
        if !(1..=MAX_MATCH_GAMES).contains(&self.games) {
            return Err(format!("games must be 1..={MAX_MATCH_GAMES}"));
        }
        if !(1..=MAX_ARENA_MINUTES).contains(&self.minutes) {
            return Err(format!("minutes must be 1..={MAX_ARENA_MINUTES}"));
        }
        if !(1..=MAX_BERSERK_MIN_MOVES).contains(&self.berserk_min_moves) {
            return Err(format!(
                "berserk_min_moves must be 1..={MAX_BERSERK_MIN_MOVES} (the berserker's own moves)"
            ));
        }
        if self.team_top > MAX_TEAM_TOP || (self.team_top > 0 && self.system != "arena") {
            return Err(format!(
                "team_top is an arena's team battle: 0 (none) or 1..={MAX_TEAM_TOP}"
            ));
        }
        if !(1..=MAX_ROUNDS).contains(&self.rounds) {
            return Err(format!("rounds must be 1..={MAX_ROUNDS}"));
        }
        if !(2..=MAX_PLAYERS).contains(&self.max_players) {
            return Err(format!("max_players must be 2..={MAX_PLAYERS}"));
        }
        if !(1..=3_600).contains(&self.no_show_secs) {
            return Err("no_show_secs must be 1..=3600".into());
        }
        if self.draw_offers_from_move > 500 {
            return Err("draw_offers_from_move must be at most 500".into());
        }
        if self.round_gap_secs > 86_400 {
            return Err("round_gap_secs must be at most 86400".into());
        }
        if !(0..=platform::ledger::MAX_COINS.0).contains(&self.entry_fee) {
            return Err("entry_fee must be 0..=10^18".into());
        }
        if self.prizes.iter().map(|p| u64::from(*p)).sum::<u64>() > 1_000 {
            return Err("prizes are per mille of the pot and sum to at most 1000".into());
        }
        self.table_rules()?;
        self.spectator_delay()?;
        let control = TimeControl::preset(&self.time_control)
            .filter(|c| c.validate().is_ok())
            .ok_or_else(|| format!("unknown time control {:?}", self.time_control))?;
        let scoring = Preset::by_name(self.preset_name())
            .ok_or_else(|| format!("unknown preset {:?}", self.preset))?;
        Ok((control, scoring))
    }

    /// The titles awarded to places 1, 2, … on `profile`'s ladder.
    ///
    /// # Errors
    /// A title that is not a tournament-only title of that ladder, in words.
    pub fn award_titles(&self, profile: &Profile) -> Result<Vec<Title>, String> {
        if self.titles.len() > MAX_TITLED_PLACES {
            return Err(format!("at most {MAX_TITLED_PLACES} titled places"));
        }
        if self.titles.is_empty() {
            return Ok(Vec::new());
        }
        let ladder = profile
            .ladder()
            .ok_or_else(|| format!("the {profile} profile has no titles to award"))?;
        self.titles
            .iter()
            .map(|name| {
                ladder
                    .find(name)
                    .filter(|t| t.is_tournament_only())
                    .ok_or_else(|| {
                        format!(
                            "{name:?} is not a tournament title here ({})",
                            ladder.tournament_names()
                        )
                    })
            })
            .collect()
    }

    /// The games' rule set and repetition policy.
    ///
    /// # Errors
    /// Unknown rules or policy, or a move limit out of range, in words.
    pub fn table_rules(&self) -> Result<(RuleSet, RepetitionPolicy), String> {
        table_rules(&self.rules, self.move_limit, &self.repetition)
    }

    /// How far behind the games their spectators are kept.
    ///
    /// # Errors
    /// A delay above its limit, in words.
    pub fn spectator_delay(&self) -> Result<SpectatorDelay, String> {
        SpectatorDelay::new(self.spectator_delay_plies, self.spectator_delay_secs)
    }

    /// The preset's name: the given one, or the system's own.
    #[must_use]
    pub fn preset_name(&self) -> &str {
        match (self.preset.as_str(), self.system.as_str()) {
            ("", "robin") => "cxa-rr",
            ("", "arena") => "lichess",
            ("", _) => "cxa-swiss-opp",
            (name, _) => name,
        }
    }

    /// The round robin core's configuration (at most [`MAX_ROBIN_PLAYERS`]).
    ///
    /// # Errors
    /// As [`Spec::check`].
    pub fn robin_config(&self) -> Result<RobinConfig, String> {
        let (_, preset) = self.check()?;
        Ok(RobinConfig {
            cycles: self.cycles,
            preset,
            max_players: self.max_players.min(MAX_ROBIN_PLAYERS),
        })
    }

    /// The knockout core's configuration: `games` regular games on the event's control, then
    /// CXA's tie-break games (at most [`MAX_KNOCKOUT_PLAYERS`]).
    ///
    /// # Errors
    /// As [`Spec::check`].
    pub fn knockout_config(&self) -> Result<KnockoutConfig, String> {
        let (control, _) = self.check()?;
        Ok(KnockoutConfig {
            format: MatchFormat::cxa(self.games, control),
            third_place: self.third_place,
            max_players: self.max_players.min(MAX_KNOCKOUT_PLAYERS),
        })
    }

    /// The arena core's configuration: from `starts_at` for `minutes`, on the event's control
    /// and the preset's scale, with lila's thresholds.
    ///
    /// # Errors
    /// As [`Spec::check`].
    pub fn arena_config(&self, starts_at: Millis) -> Result<ArenaConfig, String> {
        let (time_control, preset) = self.check()?;
        Ok(ArenaConfig {
            starts_at,
            ends_at: starts_at + Millis::from_mins(u64::from(self.minutes)),
            time_control,
            scale: preset.scale,
            berserk: self.berserk,
            berserk_min_moves: self.berserk_min_moves,
            team_top: self.team_top,
            ..ArenaConfig::default()
        })
    }

    /// The Swiss core's configuration.
    ///
    /// # Errors
    /// As [`Spec::check`].
    pub fn swiss_config(&self) -> Result<SwissConfig, String> {
        let (_, preset) = self.check()?;
        Ok(SwissConfig {
            rounds: self.rounds,
            preset,
            top_seed_red: true,
            max_players: self.max_players,
        })
    }
}
