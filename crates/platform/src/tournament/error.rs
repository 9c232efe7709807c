//! [`TournamentError`]: why a tournament system refused a command — one enum shared by the
//! Swiss, round robin and knockout cores, whose refusals are mostly the same (a refused command
//! changes nothing).

/// Why a tournament refused a command. A refused command changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    /// The event is over.
    #[error("the event is finished")]
    Finished,
    /// Registration is closed: the event has started.
    #[error("already started")]
    Started,
    /// The event has not started yet.
    #[error("not started")]
    NotStarted,
    /// Already registered.
    #[error("already registered")]
    AlreadyRegistered,
    /// Not registered (or already withdrawn).
    #[error("not registered")]
    NotRegistered,
    /// The field is full.
    #[error("the event is full")]
    Full,
    /// Fewer than two active players.
    #[error("not enough players")]
    NotEnoughPlayers,
    /// No pending game matches the result.
    #[error("no such game")]
    NoSuchGame,
    /// Swiss: more than half the rounds are paired.
    #[error("late entry is closed")]
    LateEntryClosed,
    /// Swiss: the current round still has games without a result.
    #[error("the current round is not complete")]
    RoundInProgress,
    /// Swiss: every planned round has been paired.
    #[error("all rounds are paired")]
    NoMoreRounds,
    /// Swiss: the Dutch system finds no pairing that meets the absolute criteria.
    #[error("no valid pairing exists")]
    NoValidPairing,
    /// Swiss: a score group is too large for the pairer's weight width.
    #[error("the field is too large to pair")]
    TooLarge,
    /// Swiss: a player cannot be paired with themselves.
    #[error("a player cannot meet themselves")]
    SamePlayer,
    /// Swiss: a manual pairing names a player twice, an unknown or withdrawn player, or two byes.
    #[error("invalid manual pairing: {0}")]
    InvalidPairing(&'static str),
    /// Swiss: a correction after the event finished — its standings are final and its prizes
    /// and titles were paid with the finish.
    #[error("results are final: the event is finished and its prizes paid")]
    ResultsFinal,
    /// Arena: a team battle, and the player has no team to enter with.
    #[error("a team battle: join a team first")]
    NoTeam,
    /// Knockout: the match format could end without a winner.
    #[error("the match format has no decisive last game")]
    NotDecisive,
}
