// Texts of the masters database, the opening explorer and opening names, merged into i18n.js's
// dictionary (kept apart so that other areas' additions do not collide with these).

export const MASTERS = {
  zh: {
    'nav.masters': '名局',
    'ms.title': '大师对局', 'ms.player': '棋手（繁简皆可）', 'ms.event': '赛事', 'ms.yearFrom': '起始年份', 'ms.yearTo': '截止年份',
    'ms.opening': '开局（ECCO 或名称）', 'ms.fen': '局面（FEN）', 'ms.search': '搜索', 'ms.count': '共 {n} 局',
    'ms.empty': '没有符合的对局', 'ms.more': '更多', 'ms.credit': '棋谱来源：{credit}', 'ms.thisPosition': '搜索此局面',
    'ex.title': '开局浏览', 'ex.masters': '大师对局', 'ex.move': '着法', 'ex.games': '局数', 'ex.score': '红胜 / 和 / 黑胜',
    'ex.reached': '经由移动次序转换到达：{n}', 'ex.small': '样本太少', 'ex.none': '大师对局中没有这个局面',
    'ex.top': '代表对局', 'ex.ended': '{n} 局在此结束', 'ex.years': '年份', 'ex.player': '棋手',
    'op.none': '（未定名）',
    'err.record_encoding': '无法识别棋谱的文字编码（支持 UTF-8、UTF-16、GBK/GB18030、Big5）',
    'err.unknown_encoding': '不认识这个编码名称',
    'import.encoding': '编码', 'import.auto': '自动识别',
  },
  en: {
    'nav.masters': 'Masters',
    'ms.title': 'Master games', 'ms.player': 'Player (traditional or simplified)', 'ms.event': 'Event', 'ms.yearFrom': 'From year', 'ms.yearTo': 'To year',
    'ms.opening': 'Opening (ECCO or name)', 'ms.fen': 'Position (FEN)', 'ms.search': 'Search', 'ms.count': '{n} games',
    'ms.empty': 'No games match', 'ms.more': 'More', 'ms.credit': 'Games from {credit}', 'ms.thisPosition': 'Search this position',
    'ex.title': 'Opening explorer', 'ex.masters': 'Master games', 'ex.move': 'Move', 'ex.games': 'Games', 'ex.score': 'Red / draw / Black',
    'ex.reached': 'reached by another move order: {n}', 'ex.small': 'small sample', 'ex.none': 'No master game reached this position',
    'ex.top': 'Top games', 'ex.ended': '{n} ended here', 'ex.years': 'Years', 'ex.player': 'Player',
    'op.none': '(unnamed)',
    'err.record_encoding': 'The record is in no text encoding known here (UTF-8, UTF-16, GBK/GB18030, Big5)',
    'err.unknown_encoding': 'Unknown encoding name',
    'import.encoding': 'Encoding', 'import.auto': 'Detect',
  },
};
