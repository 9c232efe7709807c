// Chinese and English texts. The choice is saved in localStorage ("chuhe.lang"); elements with
// data-i18n="key" are translated by translate(root). Missing keys fall back to English, then the key.

const DICT = {
  zh: {
    'app.name': '楚河', 'app.tagline': '中国象棋对弈平台',
    'nav.lobby': '大厅', 'nav.profile': '我的战绩', 'nav.logout': '退出', 'nav.ai': '人机对弈',
    'net.online': '在线', 'net.offline': '连接中断，正在重连…', 'net.connecting': '连接中…',
    'auth.title': '登录或注册', 'auth.name': '用户名', 'auth.password': '密码', 'auth.login': '登录',
    'auth.register': '注册', 'auth.guest': '游客进入', 'auth.or': '或',
    'lobby.title': '游戏大厅', 'lobby.table': '桌', 'lobby.watch': '观战', 'lobby.sit': '入座',
    'lobby.spectators': '观众', 'lobby.empty': '空位', 'lobby.minCoins': '入场：{n} 币',
    'status.waiting': '等待中', 'status.playing': '对局中', 'status.finished': '已结束',
    'color.red': '红方', 'color.black': '黑方',
    'table.sitRed': '坐红方', 'table.sitBlack': '坐黑方', 'table.stand': '起身', 'table.ready': '准备',
    'table.unready': '取消准备', 'table.isReady': '已准备', 'table.away': '掉线', 'table.control': '时限',
    'table.setControl': '设置时限', 'table.proposal': '{who}提议时限：{tc}', 'table.accept': '同意',
    'table.decline': '拒绝', 'table.withdraw': '撤回', 'table.leave': '离开', 'table.spectators': '观众',
    'table.chat': '聊天', 'table.send': '发送', 'table.flip': '翻转棋盘', 'table.waitingGame': '等待开局',
    'game.resign': '认输', 'game.resignConfirm': '确定认输吗？', 'game.draw': '提和', 'game.undo': '悔棋',
    'game.abort': '取消对局', 'game.drawOffered': '{who}提议和棋', 'game.undoRequested': '{who}请求悔棋',
    'game.yes': '确定', 'game.no': '取消', 'game.rematch': '再来一局', 'game.close': '关闭',
    'game.over': '对局结束', 'game.hint': '提示', 'game.yourTurn': '轮到你走', 'game.theirTurn': '等待对方走棋',
    'game.rating': '等级分', 'game.replay': '复盘', 'game.check': '将军！',
    'result.1-0': '红胜', 'result.0-1': '黑胜', 'result.1/2-1/2': '和棋', 'result.*': '未结束',
    'result.aborted': '对局取消',
    'reason.checkmate': '将死', 'reason.stalemate': '困毙', 'reason.perpetual_check': '长将',
    'reason.perpetual_chase': '长捉', 'reason.repetition': '重复局面', 'reason.move_limit': '步数限制',
    'reason.insufficient_material': '双方无进攻子力', 'reason.resignation': '认输', 'reason.timeout': '超时',
    'reason.agreement': '协议和棋', 'reason.abandoned': '逃跑', 'reason.adjudication': '裁决',
    'reason.requested': '请求取消', 'reason.no_first_move': '未走第一步',
    'clock.byoyomi': '读秒', 'clock.perMove': '步时', 'clock.game': '局时', 'clock.untimed': '不限时',
    'clock.stageMoves': '本阶段还需 {n} 步',
    'tc.title': '时限设置', 'tc.preset': '预设', 'tc.system': '计时方式', 'tc.untimed': '不限时',
    'tc.perMoveShort': '步时', 'tc.byoyomiShort': '读秒',
    'tc.sys.two_stage': '联众两段制', 'tc.sys.qq': 'QQ 局时/步时/读秒', 'tc.sys.fischer': '加秒制（快棋）',
    'tc.sys.byoyomi': '读秒制', 'tc.sys.total_per_move': '总时+步时', 'tc.sys.untimed': '不限时',
    'tc.p.ourgame': '联众 20分/30步 + 5分/10步', 'tc.p.qq': 'QQ 30分/5分/3分', 'tc.p.qq_fast': 'QQ 10分/1分/30秒',
    'tc.p.blitz': '快棋 5分+3秒', 'tc.p.rapid': '慢棋 15分+10秒', 'tc.p.bullet': '超快 1分+1秒',
    'tc.p.byoyomi': '10分 + 3×30秒读秒', 'tc.p.guangdong': '总时20分 步时2分', 'tc.p.untimed': '不限时',
    'tc.f.t1': '第一阶段（分）', 'tc.f.m1': '步数', 'tc.f.t2': '之后每阶段（分）', 'tc.f.m2': '步数',
    'tc.f.game': '局时（分）', 'tc.f.perMove': '步时（分）', 'tc.f.byoyomi': '读秒（秒）',
    'tc.f.base': '基本时间（分）', 'tc.f.inc': '每步加秒', 'tc.f.main': '基本时间（分）',
    'tc.f.periods': '读秒次数', 'tc.f.period': '每次读秒（秒）', 'tc.f.total': '总时（分）',
    'tc.propose': '提议', 'tc.invalid': '时限设置无效',
    'ai.title': '人机对弈', 'ai.level': '难度', 'ai.side': '执子', 'ai.start': '开始', 'ai.computer': '电脑',
    'moves.title': '着法', 'moves.notation': '记谱', 'moves.chinese': '中文', 'moves.wxf': 'WXF', 'moves.iccs': 'ICCS',
    'moves.first': '开局', 'moves.prev': '上一步', 'moves.next': '下一步', 'moves.last': '最新',
    'profile.title': '个人资料', 'profile.rating': '等级分', 'profile.title2': '称号', 'profile.games': '对局数',
    'profile.history': '对局记录', 'profile.none': '暂无对局', 'profile.opponent': '对手', 'profile.result': '结果',
    'profile.date': '日期', 'profile.provisional': '（未定级）', 'profile.guest': '游客',
    'replay.title': '复盘', 'replay.pgn': '下载 PGN',
    'err.generic': '操作失败：{msg}', 'err.bad_credentials': '用户名或密码错误', 'err.name_taken': '用户名已被占用',
    'err.invalid_name': '用户名需2-20个字符（字母、数字、_、-）', 'err.invalid_password': '密码需8-128个字符',
    'err.rate_limited': '尝试次数过多，请稍后再试', 'err.illegal_move': '不合法的着法', 'err.not_your_turn': '还没轮到你',
    'err.seat_taken': '座位已被占用', 'err.chat_flood': '发言太频繁', 'err.undo_limit': '悔棋次数已用完',
    'err.not_found': '未找到', 'err.too_many_ai_games': '人机对局数已达上限', 'err.hint_not_allowed': '现在不能提示',
    'room.beginner': '新手房', 'room.intermediate': '中级房', 'room.advanced': '高级房',
    'lang.switch': 'English',
  },
  en: {
    'app.name': 'Chuhe', 'app.tagline': 'Xiangqi online',
    'nav.lobby': 'Lobby', 'nav.profile': 'My games', 'nav.logout': 'Log out', 'nav.ai': 'Play computer',
    'net.online': 'online', 'net.offline': 'Connection lost, reconnecting…', 'net.connecting': 'connecting…',
    'auth.title': 'Log in or register', 'auth.name': 'Name', 'auth.password': 'Password', 'auth.login': 'Log in',
    'auth.register': 'Register', 'auth.guest': 'Play as guest', 'auth.or': 'or',
    'lobby.title': 'Hall', 'lobby.table': 'Table', 'lobby.watch': 'Watch', 'lobby.sit': 'Sit',
    'lobby.spectators': 'spectators', 'lobby.empty': 'empty', 'lobby.minCoins': 'entry: {n} coins',
    'status.waiting': 'waiting', 'status.playing': 'playing', 'status.finished': 'finished',
    'color.red': 'Red', 'color.black': 'Black',
    'table.sitRed': 'Sit as Red', 'table.sitBlack': 'Sit as Black', 'table.stand': 'Stand up', 'table.ready': 'Ready',
    'table.unready': 'Not ready', 'table.isReady': 'ready', 'table.away': 'away', 'table.control': 'Time control',
    'table.setControl': 'Time control…', 'table.proposal': '{who} proposes: {tc}', 'table.accept': 'Accept',
    'table.decline': 'Decline', 'table.withdraw': 'Withdraw', 'table.leave': 'Leave', 'table.spectators': 'Spectators',
    'table.chat': 'Chat', 'table.send': 'Send', 'table.flip': 'Flip board', 'table.waitingGame': 'Waiting for the game',
    'game.resign': 'Resign', 'game.resignConfirm': 'Really resign?', 'game.draw': 'Offer draw', 'game.undo': 'Undo',
    'game.abort': 'Abort', 'game.drawOffered': '{who} offers a draw', 'game.undoRequested': '{who} asks to take back',
    'game.yes': 'Yes', 'game.no': 'No', 'game.rematch': 'Rematch', 'game.close': 'Close',
    'game.over': 'Game over', 'game.hint': 'Hint', 'game.yourTurn': 'Your move', 'game.theirTurn': 'Waiting for the opponent',
    'game.rating': 'Rating', 'game.replay': 'Replay', 'game.check': 'Check!',
    'result.1-0': 'Red wins', 'result.0-1': 'Black wins', 'result.1/2-1/2': 'Draw', 'result.*': 'unfinished',
    'result.aborted': 'Game aborted',
    'reason.checkmate': 'checkmate', 'reason.stalemate': 'stalemate', 'reason.perpetual_check': 'perpetual check',
    'reason.perpetual_chase': 'perpetual chase', 'reason.repetition': 'repetition', 'reason.move_limit': 'move limit',
    'reason.insufficient_material': 'insufficient material', 'reason.resignation': 'resignation', 'reason.timeout': 'time out',
    'reason.agreement': 'agreement', 'reason.abandoned': 'abandoned', 'reason.adjudication': 'adjudication',
    'reason.requested': 'requested', 'reason.no_first_move': 'no first move',
    'clock.byoyomi': 'Byoyomi', 'clock.perMove': 'Move', 'clock.game': 'Game', 'clock.untimed': 'untimed',
    'clock.stageMoves': '{n} moves to the next stage',
    'tc.title': 'Time control', 'tc.preset': 'Preset', 'tc.system': 'System', 'tc.untimed': 'untimed',
    'tc.perMoveShort': 'move', 'tc.byoyomiShort': 'byo',
    'tc.sys.two_stage': 'Two stages (Ourgame)', 'tc.sys.qq': 'Game / move / byoyomi (QQ)', 'tc.sys.fischer': 'Increment (blitz)',
    'tc.sys.byoyomi': 'Byoyomi', 'tc.sys.total_per_move': 'Total + per move', 'tc.sys.untimed': 'Untimed',
    'tc.p.ourgame': 'Ourgame 20′/30 + 5′/10', 'tc.p.qq': 'QQ 30′ / 5′ / 3′', 'tc.p.qq_fast': 'QQ 10′ / 1′ / 30″',
    'tc.p.blitz': 'Blitz 5+3', 'tc.p.rapid': 'Rapid 15+10', 'tc.p.bullet': 'Bullet 1+1',
    'tc.p.byoyomi': '10′ + 3×30″ byoyomi', 'tc.p.guangdong': 'Total 20′, 2′ per move', 'tc.p.untimed': 'Untimed',
    'tc.f.t1': 'First stage (min)', 'tc.f.m1': 'moves', 'tc.f.t2': 'Then each stage (min)', 'tc.f.m2': 'moves',
    'tc.f.game': 'Game time (min)', 'tc.f.perMove': 'Per move (min)', 'tc.f.byoyomi': 'Byoyomi (s)',
    'tc.f.base': 'Base (min)', 'tc.f.inc': 'Increment (s)', 'tc.f.main': 'Main time (min)',
    'tc.f.periods': 'Periods', 'tc.f.period': 'Period (s)', 'tc.f.total': 'Total (min)',
    'tc.propose': 'Propose', 'tc.invalid': 'Invalid time control',
    'ai.title': 'Play the computer', 'ai.level': 'Level', 'ai.side': 'Play as', 'ai.start': 'Start', 'ai.computer': 'Computer',
    'moves.title': 'Moves', 'moves.notation': 'Notation', 'moves.chinese': '中文', 'moves.wxf': 'WXF', 'moves.iccs': 'ICCS',
    'moves.first': 'Start', 'moves.prev': 'Back', 'moves.next': 'Forward', 'moves.last': 'Latest',
    'profile.title': 'Profile', 'profile.rating': 'Rating', 'profile.title2': 'Title', 'profile.games': 'Games',
    'profile.history': 'Game history', 'profile.none': 'No games yet', 'profile.opponent': 'Opponent', 'profile.result': 'Result',
    'profile.date': 'Date', 'profile.provisional': '(provisional)', 'profile.guest': 'guest',
    'replay.title': 'Replay', 'replay.pgn': 'Download PGN',
    'err.generic': 'Failed: {msg}', 'err.bad_credentials': 'Wrong name or password', 'err.name_taken': 'That name is taken',
    'err.invalid_name': 'Name: 2–20 letters, digits, _ or -', 'err.invalid_password': 'Password: 8–128 characters',
    'err.rate_limited': 'Too many attempts, try again later', 'err.illegal_move': 'Illegal move', 'err.not_your_turn': 'Not your turn',
    'err.seat_taken': 'That seat is taken', 'err.chat_flood': 'Too many messages', 'err.undo_limit': 'No undos left',
    'err.not_found': 'Not found', 'err.too_many_ai_games': 'Too many games against the computer', 'err.hint_not_allowed': 'No hint available now',
    'room.beginner': 'Beginners', 'room.intermediate': 'Intermediate', 'room.advanced': 'Advanced',
    'lang.switch': '中文',
  },
};

const KEY = 'chuhe.lang';
const listeners = new Set();
let lang = initial();

function initial() {
  try {
    const saved = globalThis.localStorage?.getItem(KEY);
    if (saved === 'zh' || saved === 'en') return saved;
  } catch { /* storage disabled */ }
  return 'zh';
}

/** The current language: 'zh' or 'en'. */
export const getLang = () => lang;

/** Switches language, remembers it, and notifies listeners. */
export function setLang(next) {
  if (next !== 'zh' && next !== 'en') return;
  lang = next;
  try { globalThis.localStorage?.setItem(KEY, next); } catch { /* storage disabled */ }
  if (globalThis.document) document.documentElement.lang = next === 'zh' ? 'zh-CN' : 'en';
  for (const fn of listeners) fn(next);
}

/** Calls fn(lang) after every switch; returns an unsubscribe function. */
export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The text for `key` with {name} placeholders filled from `params`. */
export function t(key, params = {}) {
  const s = DICT[lang][key] ?? DICT.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => (params[k] !== undefined ? String(params[k]) : `{${k}}`));
}

/** Whether `key` exists in the dictionary. */
export const has = (key) => key in DICT.en;

/** Translates every [data-i18n] element under root (textContent) and [data-i18n-ph] placeholders. */
export function translate(root) {
  for (const node of root.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll('[data-i18n-ph]')) node.placeholder = t(node.dataset.i18nPh);
}

/** A user's title in the current language (User.title is {zh, en}). */
export function titleText(title) {
  if (!title) return '';
  return title[lang] || title.en || title.zh || '';
}

export const DICTIONARY = DICT;
