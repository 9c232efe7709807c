// Coins, wagers (竞猜) and spectator pools as the client needs them (docs/economy.md,
// docs/protocol.md). Pure: no DOM; tested in e2e/unit/.

const COLORS = ['red', 'black'];
const other = (c) => (c === 'red' ? 'black' : 'red');

/** A fresh idempotency key (8-64 chars of [A-Za-z0-9_-]); works outside secure contexts too. */
export function newKey() {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** "1,234" for 1234; "—" for a missing amount. */
export function formatCoins(n) {
  if (n === null || n === undefined || Number.isNaN(Number(n))) return '—';
  const v = Math.trunc(Number(n));
  const s = String(Math.abs(v)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return v < 0 ? `-${s}` : s;
}

/** "+90" / "-100" / "0": a signed amount. */
export function signedCoins(n) {
  const v = Math.trunc(Number(n) || 0);
  return v > 0 ? `+${formatCoins(v)}` : formatCoins(v);
}

/** "5%" or "2.5%" from a permille rate. */
export function percent(permille) {
  const p = (Number(permille) || 0) / 10;
  return `${Number.isInteger(p) ? p : p.toFixed(1)}%`;
}

/** Parses a coin amount typed by the user: a whole number ≥ min, else null. */
export function parseAmount(text, min = 1) {
  const s = String(text ?? '').trim().replace(/[,\s]/g, '');
  if (!/^\d{1,15}$/.test(s)) return null;
  const v = Number(s);
  return v >= min ? v : null;
}

/**
 * What a confirmation or agreement was given for: the version and stakes shown, sent with
 * `wager_confirm` / `wager_agree` so that one crossing the opponent's change is refused
 * (`stale_wager`) instead of confirming amounts the player never saw.
 */
export function wagerSeen(w) {
  if (!w?.stakes) return {};
  const seen = { stakes: { red: w.stakes.red, black: w.stakes.black } };
  if (Number.isInteger(w.version)) seen.version = w.version;
  return seen;
}

/** The game a bet is meant for: the pool's game (else the game shown). */
export function betGame(pool, game) {
  return pool?.game_id ?? game?.game_id ?? null;
}

/** The coins held by a wager: both stakes. */
export function wagerPot(w) {
  if (!w?.stakes) return 0;
  return (w.stakes.red || 0) + (w.stakes.black || 0);
}

/** In coaching mode, the colour of the coach (the side staking 0), else null. */
export function coachOf(w) {
  if (w?.mode !== 'coaching' || !w.stakes) return null;
  if (!w.stakes.red && w.stakes.black) return 'red';
  if (!w.stakes.black && w.stakes.red) return 'black';
  return null;
}

/**
 * The phase of a wager as the UI shows it: 'none' | 'negotiating' (amounts on the table, not both
 * confirmed) | 'confirmed' (both confirmed, waiting for both to agree) | 'escrowed' | 'in_game'.
 */
export function wagerPhase(w) {
  if (!w) return 'none';
  if (w.status === 'negotiating') {
    return w.confirmed?.red && w.confirmed?.black ? 'confirmed' : 'negotiating';
  }
  return w.status === 'in_game' ? 'in_game' : 'escrowed';
}

/**
 * What the player at `seat` may do with the table's wager `w`:
 * {propose, modify, confirm, agree, cancel, topup} booleans. A coach cannot top up (they stake 0);
 * a spectator (seat null) may do nothing.
 */
export function wagerActions(w, seat) {
  const none = { propose: false, modify: false, confirm: false, agree: false, cancel: false, topup: false };
  if (!COLORS.includes(seat)) return none;
  const phase = wagerPhase(w);
  if (phase === 'none') return { ...none, propose: true };
  if (phase === 'negotiating') {
    return { ...none, modify: true, confirm: !w.confirmed?.[seat], cancel: true };
  }
  if (phase === 'confirmed') {
    return { ...none, modify: true, agree: !w.agreed?.[seat], cancel: true };
  }
  return { ...none, topup: coachOf(w) !== seat };
}

/**
 * Whose turn it is in the negotiation, seen from `seat`: 'you' (you must confirm or agree),
 * 'them' (waiting for the other player), or null (nothing pending).
 */
export function wagerWaitingFor(w, seat) {
  const phase = wagerPhase(w);
  if (!COLORS.includes(seat)) return null;
  if (phase === 'negotiating') {
    if (!w.confirmed?.[seat]) return 'you';
    return w.confirmed?.[other(seat)] ? null : 'them';
  }
  if (phase === 'confirmed') {
    if (!w.agreed?.[seat]) return 'you';
    return w.agreed?.[other(seat)] ? null : 'them';
  }
  return null;
}

/** Stakes for a proposal from the dialog's fields. Coaching: the coach stakes 0, the student pays `fee`. */
export function proposalStakes({ mode, red, black, coach, fee }) {
  if (mode === 'coaching') {
    const f = parseAmount(fee, 1);
    if (f === null || !COLORS.includes(coach)) return null;
    return { [coach]: 0, [other(coach)]: f };
  }
  const r = parseAmount(red, 0);
  const b = parseAmount(black, 0);
  if (r === null || b === null || r + b <= 0) return null;
  return { red: r, black: b };
}

/**
 * What a winning bet of `amount` on `pick` would pay if the pool closed as it is now
 * (payout = ((T/Tw)·s − s)·(1 − t) + s, rounded down), adding the bet to the pool first unless
 * `included`. null when nothing would be won over the stake yet (a lone bettor is refunded).
 */
export function estimatePayout(pool, pick, amount, taxPermille, included = false) {
  if (!pool?.picks?.[pick] || !(amount > 0)) return null;
  const add = included ? 0 : amount;
  const total = (pool.total || 0) + add;
  const onPick = (pool.picks[pick].total || 0) + add;
  if (onPick <= 0 || total <= onPick) return null;
  const gain = (total / onPick) * amount - amount;
  return Math.floor(gain * (1 - (taxPermille || 0) / 1000) + amount);
}

/** The pool after a bet of `add` on `pick` (a new bettor unless `existing`). */
export function withBet(pool, pick, add, existing = false) {
  const p = pool.picks[pick] || { total: 0, bettors: 0 };
  return {
    ...pool,
    total: (pool.total || 0) + add,
    bettors: (pool.bettors || 0) + (existing ? 0 : 1),
    picks: { ...pool.picks, [pick]: { total: (p.total || 0) + add, bettors: (p.bettors || 0) + (existing ? 0 : 1) } },
  };
}

/**
 * What one's whole bet on `pick` would pay if it won, after adding `add` to a bet of `existing`
 * (0: a new bet) and nothing else changed. null when it would be refunded or win nothing.
 */
export function estimateAfterBet(pool, pick, add, existing, taxPermille) {
  if (!pool?.picks || !(add > 0)) return null;
  const after = withBet(pool, pick, add, existing > 0);
  if (after.bettors < 2) return null;
  return estimatePayout(after, pick, existing + add, taxPermille, true);
}

/** Each pick's share of the pool in percent (0..100, integers that need not sum to 100). */
export function poolShares(pool) {
  const out = { red: 0, black: 0, draw: 0 };
  if (!pool?.total) return out;
  for (const k of Object.keys(out)) out[k] = Math.round(((pool.picks?.[k]?.total || 0) * 100) / pool.total);
  return out;
}

/** Whether the pool still takes bets at game ply `ply`. */
export function poolOpen(pool, ply) {
  if (!pool?.open) return false;
  return !(Number.isFinite(pool.close_ply) && Number.isFinite(ply) && ply >= pool.close_ply);
}

/** The ledger entry kinds the server sends (docs/economy.md); unknown kinds are shown as is. */
export const LEDGER_KINDS = [
  'starting_grant', 'admin_grant', 'wager_escrow', 'wager_topup', 'wager_settle', 'wager_refund',
  'bet', 'pool_settle', 'pool_refund', 'reward',
];
