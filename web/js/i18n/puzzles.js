// Texts of the puzzles (谜题): solving, the daily puzzle, streak and the dashboard, merged into
// i18n.js's dictionary (kept apart so that other areas' additions do not collide with these).

export const PUZZLES = {
  zh: {
    'nav.puzzles': '谜题',
    'pz.title': '象棋谜题', 'pz.train': '练习', 'pz.daily': '每日一题', 'pz.streak': '连胜挑战', 'pz.dashboard': '成绩',
    'pz.toMove.red': '红方走，找出最佳着法', 'pz.toMove.black': '黑方走，找出最佳着法',
    'pz.moves': '共 {n} 步', 'pz.rating': '谜题等级分 {n}', 'pz.myRating': '我的谜题等级分：{n}',
    'pz.right': '正确！继续', 'pz.wrong': '不对，这步棋不是答案', 'pz.solved': '解开了！',
    'pz.failed': '没有解开', 'pz.delta': '等级分 {sign}{n}', 'pz.unrated': '游客练习，不计等级分',
    'pz.next': '下一题', 'pz.solution': '看答案', 'pz.hint': '提示', 'pz.none': '暂时没有可做的谜题',
    'pz.credit': '来源：{credit}', 'pz.casual': '不计分', 'pz.signIn': '登录后可保存等级分和进度',
    'pz.streak.score': '连胜：{n}', 'pz.streak.start': '开始', 'pz.streak.skip': '跳过（每局一次）',
    'pz.streak.over': '挑战结束，连胜 {n} 题', 'pz.streak.needUser': '连胜挑战需要登录',
    'pz.dash.rounds': '已做 {n} 题，解开 {w} 题', 'pz.dash.theme': '主题', 'pz.dash.perf': '表现分',
    'pz.dash.best': '最佳连胜 {s} · 最佳冲刺 {m}', 'pz.dash.empty': '还没有做过谜题',
    'pz.difficulty': '难度', 'pz.diff.easiest': '最易', 'pz.diff.easier': '较易', 'pz.diff.normal': '适中',
    'pz.diff.harder': '较难', 'pz.diff.hardest': '最难',
    'err.puzzle_refused': '这道谜题已经做过了',
  },
  en: {
    'nav.puzzles': 'Puzzles',
    'pz.title': 'Xiangqi puzzles', 'pz.train': 'Train', 'pz.daily': 'Daily puzzle', 'pz.streak': 'Streak', 'pz.dashboard': 'Results',
    'pz.toMove.red': 'Red to move: find the best move', 'pz.toMove.black': 'Black to move: find the best move',
    'pz.moves': '{n} moves to find', 'pz.rating': 'Puzzle rating {n}', 'pz.myRating': 'My puzzle rating: {n}',
    'pz.right': 'Right! Keep going', 'pz.wrong': 'Not the move: that is not the answer', 'pz.solved': 'Solved!',
    'pz.failed': 'Not solved', 'pz.delta': 'Rating {sign}{n}', 'pz.unrated': 'Visitor practice, unrated',
    'pz.next': 'Next puzzle', 'pz.solution': 'Show the solution', 'pz.hint': 'Hint', 'pz.none': 'No puzzle to play right now',
    'pz.credit': 'Source: {credit}', 'pz.casual': 'Unrated', 'pz.signIn': 'Sign in to keep your rating and progress',
    'pz.streak.score': 'Streak: {n}', 'pz.streak.start': 'Start', 'pz.streak.skip': 'Skip (once a run)',
    'pz.streak.over': 'The run is over: {n} solved in a row', 'pz.streak.needUser': 'Streak needs an account',
    'pz.dash.rounds': '{n} played, {w} solved', 'pz.dash.theme': 'Theme', 'pz.dash.perf': 'Performance',
    'pz.dash.best': 'Best streak {s} · best storm {m}', 'pz.dash.empty': 'No puzzle played yet',
    'pz.difficulty': 'Difficulty', 'pz.diff.easiest': 'Easiest', 'pz.diff.easier': 'Easier', 'pz.diff.normal': 'Normal',
    'pz.diff.harder': 'Harder', 'pz.diff.hardest': 'Hardest',
    'err.puzzle_refused': 'This puzzle was played already',
  },
};
