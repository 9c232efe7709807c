// Texts of rating pools (a ladder's or an event's own rating, docs/economy.md), merged into
// i18n.js's dictionary, and how a `rating` scope ("site" or {pool, profile}) is worded.

export const POOLS = {
  zh: {
    'pool.label': '等级分', 'pool.site': '全站等级分', 'pool.of': '独立等级分池 {pool}（{profile}）',
    'pool.title': '赛事等级分', 'pool.name': '等级分池', 'pool.profile': '制度', 'pool.rating': '等级分',
    'pool.games': '对局', 'pool.provisional': '（定级中）',
    'pool.profile.ourgame': '联众', 'pool.profile.lotto': '乐透', 'pool.profile.qq': 'QQ', 'pool.profile.glicko2': 'Glicko-2',
    'tour.f.pool': '独立等级分池（留空：全站等级分）', 'tour.f.poolProfile': '等级分池制度',
  },
  en: {
    'pool.label': 'Rating', 'pool.site': 'site rating', 'pool.of': 'own rating pool {pool} ({profile})',
    'pool.title': 'Event ratings', 'pool.name': 'Pool', 'pool.profile': 'System', 'pool.rating': 'Rating',
    'pool.games': 'Games', 'pool.provisional': '(provisional)',
    'pool.profile.ourgame': 'Ourgame', 'pool.profile.lotto': 'Lotto', 'pool.profile.qq': 'QQ', 'pool.profile.glicko2': 'Glicko-2',
    'tour.f.pool': 'Own rating pool (empty: the site rating)', 'tour.f.poolProfile': 'Pool rating system',
  },
};

/** The profiles a pool may be rated with. */
export const POOL_PROFILES = ['glicko2', 'ourgame', 'lotto', 'qq'];

/** Words for a ladder's or event's `rating`: the site's, or its own pool and profile. */
export function ratingScopeText(rating, t) {
  if (!rating || rating === 'site') return `${t('pool.label')}: ${t('pool.site')}`;
  return `${t('pool.label')}: ${t('pool.of', { pool: rating.pool, profile: t(`pool.profile.${rating.profile}`) })}`;
}
