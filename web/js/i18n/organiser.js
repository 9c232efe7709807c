// Texts of the organiser's tools on an event page (views/tournament/organiser.js) and the arena's berserk
// button, merged into i18n.js's dictionary.

export const ORGANISER = {
  zh: {
    'org.title': '组织者工具', 'org.start': '立即开始', 'org.cancel': '取消比赛',
    'org.forbid': '禁止配对', 'org.forbidGo': '禁止这两人相遇',
    'org.pair': '手工编排第 {n} 轮', 'org.pairHint': '每行一台：红方编号 黑方编号；只写一个编号为轮空；未列出的棋手本轮缺席',
    'org.pairGo': '发布编排', 'org.foul': '记录犯规', 'org.foulGo': '记犯规',
    'org.correct': '更正结果', 'org.round': '第 {n} 轮',
    'org.correctHint': '任何一轮的结果都可更正，直到比赛结束；已编排的轮次不重排，名次随之重算。', 'org.board': '第 {n} 台', 'org.correctGo': '更正',
    'org.saved': '已保存', 'org.fouls': '犯规 {n}',
    'tour.berserk': '狂暴（用时减半，无加秒）', 'tour.berserked': '已狂暴',
    'tour.team': '队伍', 'tour.teams': '团体排名（每队前 {n} 名计分）', 'tour.teamTop': '计分队员',
    'tour.teamPlayers': '参赛人数', 'tour.teamBattle': '团体赛（每队前 {n} 名）',
    'tour.f.teamTop': '团体赛：每队计分人数（0 为不设）',
  },
  en: {
    'org.title': 'Organiser tools', 'org.start': 'Start now', 'org.cancel': 'Cancel the event',
    'org.forbid': 'Forbidden pairing', 'org.forbidGo': 'Never pair these two',
    'org.pair': 'Pair round {n} by hand', 'org.pairHint': 'One board a line: red id, black id; a single id is the bye; players not listed sit the round out',
    'org.pairGo': 'Publish the pairing', 'org.foul': 'Record a foul', 'org.foulGo': 'Record',
    'org.correct': 'Correct a result', 'org.round': 'Round {n}',
    'org.correctHint': 'Any round\'s result may be corrected until the event finishes; rounds already paired stay as they are, the standings follow.', 'org.board': 'Board {n}', 'org.correctGo': 'Correct',
    'org.saved': 'Saved', 'org.fouls': 'fouls {n}',
    'tour.berserk': 'Berserk (half the time, no increment)', 'tour.berserked': 'Berserk',
    'tour.team': 'Team', 'tour.teams': 'Team standings (top {n} of each team count)', 'tour.teamTop': 'Counted players',
    'tour.teamPlayers': 'Players', 'tour.teamBattle': 'team battle (top {n})',
    'tour.f.teamTop': 'Team battle: players counted per team (0: none)',
  },
};
