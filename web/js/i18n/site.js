// Texts of the site's frame for everyone, a visitor included: the sign-in prompt that an
// action raises, the visitor's header, numbered games and players, named time controls and
// event systems in lists. Merged into i18n.js's dictionary.

export const SITE = {
  zh: {
    'game.numbered': '第 {n} 局', 'tour.playerN': '棋手 {n}', 'nav.menu': '菜单',
    'visitor.signIn': '登录 / 注册', 'visitor.guest': '游客进入',
    'visitor.askTitle': '先登录，或以游客身份继续', 'visitor.askBody': '观战无需登录。入座、约战和报名需要一个身份：注册后对局计分，游客只能下不计分的棋。',
    'visitor.hello': '欢迎来到楚河：可以先看看正在进行的对局，或者直接和电脑下一盘。',
    'visitor.watch': '正在进行的对局', 'visitor.noLive': '现在没有正在进行的对局',
    'tour.system': '赛制', 'tour.control': '时限',
    'gate.guestLobby': '注册用户凭 {n} 币进入',
    'ev.tournament': '比赛', 'ev.ladder': '梯级挑战', 'ev.league': '联赛', 'ev.board': '第 {n} 台', 'ev.back': '返回赛事',
    'replay.missing': '没有第 {n} 局这盘棋', 'replay.missingBack': '回到大厅',
    'told.draw': '对方拒绝了你的和棋提议', 'told.undo': '对方拒绝了你的悔棋请求', 'told.control': '对方拒绝了你的时限提议', 'told.handicap': '对方拒绝了你的让子提议',
    'board.lastMove': '第 {n} 着：{mv}',
    'tour.feeConfirm': '报名需交 {n} 币报名费，确定报名吗？', 'tour.cancelledNote': '比赛已取消。', 'tour.cancelledRefund': '比赛已取消，{n} 币报名费已退还。',
    'unrated.next': '下一局不计等级分',
    'game.youWon': '你赢了', 'game.youLost': '你输了', 'game.youDrew': '和棋',
  },
  en: {
    'game.numbered': 'Game {n}', 'tour.playerN': 'Player {n}', 'nav.menu': 'Menu',
    'visitor.signIn': 'Sign in / register', 'visitor.guest': 'Play as guest',
    'visitor.askTitle': 'Sign in, or continue as a guest', 'visitor.askBody': 'Watching needs no account. Sitting down, seeking and entering events need one: registered players\' games are rated, guests play unrated games.',
    'visitor.hello': 'Welcome to Chuhe: watch the games being played, or play the computer right away.',
    'visitor.watch': 'Games being played', 'visitor.noLive': 'No game is being played right now',
    'tour.system': 'System', 'tour.control': 'Time control',
    'gate.guestLobby': 'registered players with {n} coins',
    'ev.tournament': 'Tournament', 'ev.ladder': 'Ladder', 'ev.league': 'League', 'ev.board': 'board {n}', 'ev.back': 'Back to the event',
    'replay.missing': 'There is no game {n}', 'replay.missingBack': 'Back to the lobby',
    'told.draw': 'Your opponent declined your draw offer', 'told.undo': 'Your opponent declined your takeback request', 'told.control': 'Your opponent declined your time control', 'told.handicap': 'Your opponent declined your handicap',
    'board.lastMove': 'Move {n}: {mv}',
    'tour.feeConfirm': 'Entering costs {n} coins. Enter?', 'tour.cancelledNote': 'The event was cancelled.', 'tour.cancelledRefund': 'The event was cancelled; the {n}-coin entry fee was refunded.',
    'unrated.next': 'The next game will not be rated',
    'game.youWon': 'You won', 'game.youLost': 'You lost', 'game.youDrew': 'Draw',
  },
};

/** A time control preset's name (`rapid` -> 快棋 15分+10秒), given `t`; an unknown one as is. */
export function presetName(key, t) {
  const k = `tc.p.${key}`;
  const s = t(k);
  return s === k ? key : s;
}
