// HTTP endpoints of docs/protocol.md §2. Errors become ApiError {code, message, status}.

export class ApiError extends Error {
  constructor(code, message, status) {
    super(message || code);
    this.code = code;
    this.status = status;
  }
}

/** A JSON request; the answer's body, or null for 204. */
export async function call(method, path, body) {
  const init = { method, headers: {}, credentials: 'same-origin' };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (e) {
    throw new ApiError('network', String(e), 0);
  }
  if (res.status === 204) return null;
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!res.ok) throw new ApiError(data?.error || 'http', data?.message || text, res.status);
  return data;
}

/** A raw body (bytes or text), answered like `call`. */
async function send(method, path, body) {
  let res;
  try {
    res = await fetch(path, { method, body, credentials: 'same-origin', headers: { 'content-type': 'application/octet-stream' } });
  } catch (e) {
    throw new ApiError('network', String(e), 0);
  }
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!res.ok) throw new ApiError(data?.error || 'http', data?.message || text, res.status);
  return data;
}

/** A query string of the non-empty fields of `o`. */
const query = (o) => Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== '')
  .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');

export const api = {
  register: (name, password) => call('POST', '/api/register', { name, password }),
  login: (name, password) => call('POST', '/api/login', { name, password }),
  guest: () => call('POST', '/api/guest'),
  logout: () => call('POST', '/api/logout'),
  me: () => call('GET', '/api/me'),
  /** One's saved settings {settings} (settings.js), and saving them. */
  settings: () => call('GET', '/api/me/settings'),
  putSettings: (settings) => call('PUT', '/api/me/settings', settings),
  /** A password change {signed_out}; signing out every other session {signed_out}. */
  changePassword: (old, next) => call('POST', '/api/me/password', { old, new: next }),
  signOutOthers: () => call('POST', '/api/me/sessions/others/logout'),
  lobby: () => call('GET', '/api/lobby'),
  user: (id) => call('GET', `/api/users/${encodeURIComponent(id)}`),
  /** The user's behaviour: {score, counters: {completed, left, aborted, no_shows, timeouts_away}, ban?, mute?}. */
  behaviour: (id) => call('GET', `/api/users/${encodeURIComponent(id)}/behaviour`),
  userGames: (id, limit = 30) => call('GET', `/api/users/${encodeURIComponent(id)}/games?limit=${limit}`),
  game: (id) => call('GET', `/api/games/${encodeURIComponent(id)}`),
  /** The user's rating history: {profile, start, points: [{game, at, rating, delta, games}]}. */
  /** The computer's levels with their current ratings: {levels: [{level, user}]}. */
  computerLevels: () => call('GET', '/api/computer/levels'),
  ratings: (id) => call('GET', `/api/users/${encodeURIComponent(id)}/ratings`),
  /** The user's ratings in events' own rating pools: {pools: [{pool, profile, rating, deviation, games, provisional}]}. */
  pools: (id) => call('GET', `/api/users/${encodeURIComponent(id)}/pools`),
  /** Own coin history, newest first: {balance, entries: [{tx, at, kind, memo, amount, balance_after}]}. */
  /** One's stored notices, newest first: {notices: [{id, at, seen, msg}], unseen}. */
  notices: (limit = 50, before = null) => call('GET', `/api/me/notices?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ''}`),
  /** Marks one's notices up to `upTo` seen: {changed, unseen}. */
  noticesSeen: (upTo) => call('POST', '/api/me/notices/seen', { up_to: upTo }),
  myBets: (limit = 20, before = null) => call('GET', `/api/me/bets?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ''}`),
  ledger: (limit = 50, before = null) => call('GET', `/api/me/ledger?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ''}`),
  /** A table's past wagers, newest first: {wagers: [{id, game_id, mode, stakes, outcome, statements, at}]}. */
  tableWagers: (id, limit = 20) => call('GET', `/api/tables/${encodeURIComponent(id)}/wagers?limit=${limit}`),
  /** Events: {upcoming, running, finished: [{id, name, system, status, starts_at}]}. */
  tournaments: () => call('GET', '/api/tournaments'),
  /** One event: players, rounds with boards, standings with tie-break columns. */
  tournament: (id) => call('GET', `/api/tournaments/${encodeURIComponent(id)}`),
  /** Creates an event (organisers): {name, starts_at, spec} → {id}. */
  createTournament: (body) => call('POST', '/api/tournaments', body),
  /** join | withdraw | start | cancel. */
  tournamentAct: (id, action) => call('POST', `/api/tournaments/${encodeURIComponent(id)}/${action}`, {}),
  /** The organiser's forbid {a, b} | pair {pairs, byes, absent} | foul {user} | correct {round, board, result}. */
  tournamentOrganise: (id, action, body) => call('POST', `/api/tournaments/${encodeURIComponent(id)}/${action}`, body),
  /** Ladders: [{id, name, time_control, players, open, rating}]. */
  ladders: () => call('GET', '/api/ladders'),
  /** One ladder: rules, rungs (with each player's top of reach), open challenges, history. */
  ladder: (id) => call('GET', `/api/ladders/${encodeURIComponent(id)}`),
  ladderJoin: (id) => call('POST', `/api/ladders/${encodeURIComponent(id)}/join`, {}),
  ladderLeave: (id) => call('POST', `/api/ladders/${encodeURIComponent(id)}/leave`, {}),
  /** {challenge, table}. */
  ladderChallenge: (id, defender) => call('POST', `/api/ladders/${encodeURIComponent(id)}/challenge`, { defender }),
  /** Teams: `{teams: [{id, name, captain, captain_name, members, open}]}`; `user` for one player's teams. */
  teams: (user) => call('GET', `/api/teams${user ? `?user=${encodeURIComponent(user)}` : ''}`),
  teamCreate: (name) => call('POST', '/api/teams', { name }),
  /** One team: name, captain, open, members [{id, name, rating, games, captain, wins, draws, losses}], results. */
  team: (id) => call('GET', `/api/teams/${encodeURIComponent(id)}`),
  teamJoin: (id) => call('POST', `/api/teams/${encodeURIComponent(id)}/join`, {}),
  teamLeave: (id) => call('POST', `/api/teams/${encodeURIComponent(id)}/leave`, {}),
  teamKick: (id, user) => call('POST', `/api/teams/${encodeURIComponent(id)}/kick`, { user }),
  teamCaptain: (id, user) => call('POST', `/api/teams/${encodeURIComponent(id)}/captain`, { user }),
  teamOpen: (id, open) => call('POST', `/api/teams/${encodeURIComponent(id)}/open`, { open }),
  /** Leagues (docs/leagues.md): `[{id, name, season, phase, divisions, teams}]`. */
  leagues: () => call('GET', '/api/leagues'),
  /** One league: divisions with standings, matches; of season `season` if given (kept seasons). */
  league: (id, season) => call('GET', `/api/leagues/${encodeURIComponent(id)}${season ? `?season=${encodeURIComponent(season)}` : ''}`),
  /** One match: boards with tables, lineups, appointment. */
  leagueMatch: (id, m) => call('GET', `/api/leagues/${encodeURIComponent(id)}/matches/${encodeURIComponent(m)}`),
  leagueLineup: (id, m, order) => call('POST', `/api/leagues/${encodeURIComponent(id)}/matches/${encodeURIComponent(m)}/lineup`, { order }),
  /** Reads a record (a File, Blob or text: PGN, XQF, DhtmlXQ) → {format, games, warnings, errors}. */
  importRecord: (data, encoding = '') => send('POST', `/api/import${encoding ? `?encoding=${encodeURIComponent(encoding)}` : ''}`, data),
  /** The masters database (docs/masters.md): {games, total, sources}. */
  masters: (filter = {}) => call('GET', `/api/masters?${query(filter)}`),
  masterGame: (id) => call('GET', `/api/masters/${encodeURIComponent(id)}`),
  /** The opening explorer from `fen` (or the start) after `moves` (ICCS, comma separated). */
  explorer: (q = {}) => call('GET', `/api/explorer?${query(q)}`),
  /** ECCO names along `moves` from the start: {game, positions}. */
  opening: (moves) => call('GET', `/api/opening?${query({ moves })}`),
  /** One's library, newest first, filtered by {player, event, opening, result, tag} → {games}. */
  collection: (filter = {}) => call('GET', `/api/me/collection?${query(filter)}`),
  collectionGame: (id) => call('GET', `/api/me/collection/${encodeURIComponent(id)}`),
  /** Saves a game (its PGN) with tags → {id}. */
  saveToCollection: (pgn, tags) => call('POST', '/api/me/collection', { pgn, tags }),
  setCollectionTags: (id, tags) => call('PUT', `/api/me/collection/${encodeURIComponent(id)}/tags`, { tags }),
  deleteFromCollection: (id) => call('DELETE', `/api/me/collection/${encodeURIComponent(id)}`),
  collectionPgnUrl: (filter = {}, notation = 'chinese') => `/api/me/collection.pgn?${query({ ...filter, notation })}`,
  /** The engine's analysis of a game: {status: none|queued|running|done|failed, position?, done?, total?, result?}. */
  analysis: (id) => call('GET', `/api/games/${encodeURIComponent(id)}/analysis`),
  /** Queues the analysis of a finished game; answers its status. */
  requestAnalysis: (id) => call('POST', `/api/games/${encodeURIComponent(id)}/analysis`, {}),
  pgnUrl: (id, notation = 'chinese') => `/api/games/${encodeURIComponent(id)}/pgn?notation=${notation}`,
};
