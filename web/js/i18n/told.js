// Texts of what people are told at a table and after it (#36, item 4): the request to play
// again (再来一局) and its answer, and a lowered behaviour score (品行) with its reason. Merged
// into i18n.js's dictionary.

export const TOLD = {
  zh: {
    'rematch.asked': '对方请求再来一局', 'rematch.waiting': '已请求再来一局，等待对方答复',
    'rematch.accept': '再来一局', 'rematch.decline': '不了，谢谢',
    'told.rematch': '对方拒绝了再来一局', 'told.rematchLeft': '对方已离座，不能再来一局',
    'err.no_rematch_request': '没有再来一局的请求',
    'conduct.no_show': '你没有在时限内走出第一步，对局已取消。品行分扣分，现为 {score}。',
    'conduct.left': '你在对局中离开（逃跑），判负。品行分扣分，现为 {score}。',
    'conduct.timeout_away': '你掉线超时判负。品行分扣分，现为 {score}。',
    'conduct.aborted': '你取消了对局。品行分现为 {score}。',
    'conduct.ban': '因多次违规，{until} 前不能入座。',
  },
  en: {
    'rematch.asked': 'Your opponent asks for a rematch', 'rematch.waiting': 'Rematch asked: waiting for your opponent',
    'rematch.accept': 'Rematch', 'rematch.decline': 'No, thanks',
    'told.rematch': 'Your opponent declined the rematch', 'told.rematchLeft': 'Your opponent left the seat: no rematch',
    'err.no_rematch_request': 'No rematch request to answer',
    'conduct.no_show': 'You did not make your first move in time, so the game was called off. Your conduct score was lowered to {score}.',
    'conduct.left': 'You left your game (and lost it). Your conduct score was lowered to {score}.',
    'conduct.timeout_away': 'You lost on time while disconnected. Your conduct score was lowered to {score}.',
    'conduct.aborted': 'You called the game off. Your conduct score is now {score}.',
    'conduct.ban': 'After repeated offences you may not sit down until {until}.',
  },
};
