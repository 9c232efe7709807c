// Texts of the team and league screens (#/teams, #/team/ID, #/leagues, #/league/ID and its
// matches), merged into i18n.js's dictionary. Kept apart so other areas' additions do not collide.

export const TEAMS = {
  zh: {
    'nav.teams': '团体', 'team.title': '团体', 'team.create': '创建团体', 'team.name': '团体名称',
    'team.nameHint': '2–24 个字', 'team.members': '{n} 名队员', 'team.captain': '队长', 'team.open': '开放加入',
    'team.closed': '不再接收新队员', 'team.join': '加入', 'team.leave': '退出团体', 'team.kick': '移出',
    'team.makeCaptain': '设为队长', 'team.close': '停止接收新队员', 'team.reopen': '开放加入',
    'team.player': '队员', 'team.rating': '等级分', 'team.games': '对局', 'team.record': '胜/和/负',
    'team.results': '全队战绩：{w} 胜 {d} 和 {l} 负', 'team.none': '还没有团体', 'team.mine': '我的团体',
    'team.all': '全部团体', 'team.created': '团体已创建', 'team.joined': '已加入团体', 'team.left': '已退出团体',
    'team.dissolved': '团体已解散', 'team.kickAsk': '将 {name} 移出团体？', 'team.captainAsk': '将队长交给 {name}？',
    'team.leaveAsk': '退出这个团体？', 'team.you': '（我）', 'team.more': '更多',
    'err.team_refused': '团体拒绝了这个操作',
  },
  en: {
    'nav.teams': 'Teams', 'team.title': 'Teams', 'team.create': 'Create a team', 'team.name': 'Team name',
    'team.nameHint': '2–24 characters', 'team.members': '{n} members', 'team.captain': 'Captain', 'team.open': 'open to join',
    'team.closed': 'closed to new members', 'team.join': 'Join', 'team.leave': 'Leave the team', 'team.kick': 'Remove',
    'team.makeCaptain': 'Make captain', 'team.close': 'Close to new members', 'team.reopen': 'Open to join',
    'team.player': 'Player', 'team.rating': 'Rating', 'team.games': 'Games', 'team.record': 'W/D/L',
    'team.results': 'Team record: {w} won, {d} drawn, {l} lost', 'team.none': 'No teams yet', 'team.mine': 'My teams',
    'team.all': 'All teams', 'team.created': 'Team created', 'team.joined': 'You joined the team', 'team.left': 'You left the team',
    'team.dissolved': 'The team is dissolved', 'team.kickAsk': 'Remove {name} from the team?', 'team.captainAsk': 'Make {name} captain?',
    'team.leaveAsk': 'Leave this team?', 'team.you': ' (me)', 'team.more': 'More',
    'err.team_refused': 'The team refused that',
  },
};
