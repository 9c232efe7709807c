// The puzzle API (docs/puzzles.md): `GET /api/puzzles/next|daily|dashboard|ID`,
// `POST /api/puzzles/ID/move|round`, streak runs. Errors become ApiError {code, message, status}.

import { call } from '../../net/http.js';

const enc = encodeURIComponent;

export const puzzleApi = {
  /** {puzzle: Puzzle | null, rating: number | null}; `difficulty` easiest…hardest, `theme` a key. */
  next: (difficulty = 'normal', theme = '') => call('GET', `/api/puzzles/next?difficulty=${enc(difficulty)}${theme ? `&theme=${enc(theme)}` : ''}`),
  daily: () => call('GET', '/api/puzzles/daily'),
  one: (id) => call('GET', `/api/puzzles/${enc(id)}`),
  /** {result: 'continue', reply} | {result: 'solved'} | {result: 'wrong', solution}. */
  move: (id, played, mv) => call('POST', `/api/puzzles/${enc(id)}/move`, { played, move: mv }),
  /** {win, rated, rating, delta, puzzle_rating, solution}. */
  round: (id, moves, rated) => call('POST', `/api/puzzles/${enc(id)}/round`, { moves, rated }),
  dashboard: () => call('GET', '/api/puzzles/dashboard'),
  /** A run: {id, kind, score, over, puzzle, remaining_ms, combo, can_skip}. */
  startRun: (kind) => call('POST', '/api/puzzles/runs', { kind }),
  answerRun: (id, body) => call('POST', `/api/puzzles/runs/${enc(id)}/answer`, body),
};
