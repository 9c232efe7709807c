// Chinese and English texts. The choice is saved in localStorage ("chuhe.lang"); elements with
// data-i18n="key" are translated by translate(root). Missing keys fall back to English, then the key.

import { STUDY } from './i18n/study.js';
import { MASTERS } from './i18n/masters.js';
import { NOTICES } from './i18n/notices.js';
import { ORGANISER } from './i18n/organiser.js';
import { TEAMS } from './i18n/teams.js';
import { POOLS } from './i18n/pools.js';
import { ERRORS } from './i18n/errors.js';
import { SITE } from './i18n/site.js';
import { SETTINGS } from './i18n/settings.js';
import { PUZZLES } from './i18n/puzzles.js';
import { TOLD } from './i18n/told.js';

const DICT = {
  zh: {
    'app.name': '楚河', 'app.tagline': '中国象棋对弈平台',
    'nav.lobby': '大厅', 'nav.profile': '个人主页', 'nav.logout': '退出', 'nav.ai': '人机对弈',
    'net.online': '在线', 'net.offline': '连接中断，正在重连…', 'net.connecting': '连接中…',
    'auth.title': '登录或注册', 'auth.name': '用户名', 'auth.password': '密码', 'auth.login': '登录',
    'auth.register': '注册', 'auth.guest': '游客进入', 'auth.or': '或',
    'lobby.title': '游戏大厅', 'lobby.table': '桌', 'lobby.watch': '观战', 'lobby.sit': '入座',
    'lobby.spectators': '观众',
    'lobby.figures': '{games} 局对弈 · {people} 人 · {free} 桌有空位', 'lobby.show.all': '全部', 'lobby.show.free': '有空位',
    'lobby.show.live': '观战', 'lobby.anyControl': '全部时限', 'lobby.noTables': '没有符合条件的桌子', 'lobby.open': '进入', 'lobby.more': '显示更多（还有 {n} 桌）', 'lobby.empty': '空位', 'lobby.minCoins': '入场：{n} 币',
    'seek.quick': '快速开始', 'seek.waiting.quick': '正在寻找对手：{tc}', 'seek.waiting.open': '已发布约战：{tc}',
    'seek.waiting.challenge': '已向 {to} 发出挑战：{tc}', 'seek.waiting.link': '邀请好友：{tc}，把链接发给对方',
    'seek.window': '等级分范围 ±{n}', 'seek.anyRating': '不限等级分', 'seek.cancel': '取消',
    'seek.open': '发布约战', 'seek.invite': '邀请好友（链接）', 'seek.challenge': '挑战', 'seek.playerName': '对手用户名',
    'seek.accept': '应战', 'seek.decline': '拒绝', 'seek.gone.declined': '{by} 拒绝了你的挑战', 'seek.yours': '我的约战', 'seek.list': '约战列表', 'seek.none': '暂无约战',
    'seek.rated': '计分', 'seek.unrated': '不计分', 'seek.challenged': '{who} 向你挑战：{tc}',
    'seek.gone.no_free_table': '没有空桌，请稍后再试', 'seek.gone.expired': '约战已过期',
    'err.seek_not_found': '约战已不存在（已被接受、取消或过期）', 'err.own_seek': '不能接受自己的约战',
    'err.not_for_you': '这是给别人的挑战', 'err.guest_rated': '游客只能下不计分的棋', 'err.self_challenge': '不能挑战自己',
    'err.already_seeking': '已在寻找同样的对局', 'err.too_many_seeks': '约战太多', 'err.already_playing': '你正在对局中，不能约战', 'seek.gone.playing': '对局已开始，约战已取消', 'err.not_yours': '不是你的约战',
    'status.waiting': '等待中', 'status.playing': '对局中', 'status.finished': '已结束',
    'color.red': '红方', 'color.black': '黑方',
    'table.sitRed': '坐红方', 'table.sitBlack': '坐黑方', 'table.stand': '起身', 'table.ready': '准备',
    'table.unready': '取消准备', 'table.isReady': '已准备', 'table.away': '掉线', 'table.control': '时限',
    'table.delayPlies': '延迟 {n} 步', 'table.delaySecs': '延迟 {n} 秒',
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
    'clock.firstMove': '请在 {s} 内走出第一步，否则对局取消',
    'tc.firstMoveRule': '开局规则：每方须在 {n} 秒内走出第一步，否则对局取消（不计分）。',
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
    'ai.title': '人机对弈', 'ai.level': '难度', 'ai.side': '执子', 'ai.start': '开始', 'ai.computer': '电脑', 'ai.game': '人机对局', 'ai.levelN': '{n}级',
    'ai.rated': '计分', 'ai.ratedNo': '不计分（可悔棋、提示）', 'ai.ratedYes': '计分（须限时，不可悔棋、提示）', 'ai.levelRating': '{n}级 · {rating}',
    'unrated.title': '本局不计等级分', 'unrated.both_provisional': '双方都在定级期（各不足 20 局计分对局）', 'unrated.too_short': '对局太短',
    'unrated.invalid_rating': '等级分数据无效', 'unrated.guest': '游客对局不计分', 'unrated.casual': '不计分对局（休闲）', 'unrated.unfinished': '对局未完成',
    'profile.played': '对局', 'profile.playedCounts': '计分 {rated} · 不计分 {unrated}',
    'game.toMove': '{color}走棋',
    'moves.title': '着法', 'moves.notation': '记谱', 'moves.chinese': '中文', 'moves.wxf': 'WXF', 'moves.iccs': 'ICCS',
    'moves.first': '开局', 'moves.prev': '上一步', 'moves.next': '下一步', 'moves.last': '最新',
    'profile.title': '个人资料', 'profile.rating': '等级分', 'profile.title2': '称号', 'profile.games': '计分对局',
    'profile.rated': '计分', 'profile.ratedYes': '计分', 'profile.ratedNo': '不计分',
    'profile.win': '胜', 'profile.loss': '负', 'profile.draw': '和', 'replay.plies': '{n} 着', 'replay.length': '着数',
    'profile.history': '对局记录', 'profile.none': '暂无对局', 'profile.opponent': '对手', 'profile.result': '结果',
    'profile.date': '日期', 'profile.provisional': '（未定级）', 'profile.guest': '游客',
    'replay.title': '复盘', 'replay.pgn': '下载 PGN',
    'behaviour.title': '品行记录', 'behaviour.score': '品行分', 'behaviour.completed': '正常完成',
    'behaviour.left': '逃跑', 'behaviour.aborted': '取消对局', 'behaviour.no_shows': '未走第一步', 'behaviour.timeouts_away': '掉线超时',
    'table.behaviour': '品行 {n}', 'sanction.banned': '你已被禁赛，剩余', 'sanction.muted': '你已被禁言，剩余', 'sanction.reason': '原因',
    'err.banned': '你已被禁赛', 'err.muted': '你已被禁言', 'err.behaviour_too_low': '品行分不足，不能在此入座或报名',
    'err.not_moderator': '只有管理员可以这样做', 'err.report_open': '你对该玩家的举报尚未处理',
    'an.title': '引擎分析', 'an.analyse': '分析', 'an.queued': '排队中：第 {n} 位', 'an.running': '分析中：{done}/{total} 个局面',
    'an.failed': '这盘棋无法分析', 'an.login': '登录后可请求分析', 'an.accuracy': '准确率 {n}', 'an.counts': '缓着 {i} · 错着 {m} · 败着 {b}',
    'an.graph': '局势曲线（红方视角，单位：兵）', 'an.depth': '每个局面搜索 {n} 层', 'an.better': '更好的着法', 'an.pick': '点击一步棋查看引擎的建议',
    'an.inaccuracy': '缓着', 'an.mistake': '错着', 'an.blunder': '败着',
    'err.too_many_analyses': '你已有一盘棋在分析队列中，请等它完成', 'err.not_finished': '对局尚未结束，结束后才能分析',
    'err.bad_fen': '局面无效', 'err.analysis_busy': '服务器分析繁忙，请稍后再试',
    'err.generic': '操作失败：{msg}', 'err.bad_credentials': '用户名或密码错误', 'err.name_taken': '用户名已被占用',
    'err.invalid_name': '用户名需2-20个字符（字母、数字、_、-）', 'err.invalid_password': '密码需8-128个字符',
    'err.rate_limited': '尝试次数过多，请稍后再试', 'err.illegal_move': '不合法的着法', 'err.not_your_turn': '还没轮到你',
    'err.seat_taken': '座位已被占用', 'err.chat_flood': '发言太频繁', 'err.undo_limit': '悔棋次数已用完',
    'err.not_found': '未找到', 'err.too_many_ai_games': '人机对局数已达上限', 'err.hint_not_allowed': '现在不能提示',
    'profile.coins': '财富', 'profile.awarded': '授予称号', 'profile.honorary': '荣誉称号',
    'chart.title': '等级分走势', 'chart.empty': '还没有计分的对局。', 'chart.start': '起始分', 'chart.games': '局数', 'chart.axis': '横轴：计分对局序号',
    'chart.point': '第 {game} 局 · {rating}（{delta}）· {date}', 'chart.now': '当前', 'chart.best': '最高', 'chart.rated': '计分对局',
    'ledger.title': '财富记录', 'ledger.more': '更多', 'ledger.none': '暂无记录', 'ledger.date': '时间', 'ledger.kind': '项目',
    'ledger.amount': '变动', 'ledger.after': '余额',
    'ledger.k.starting_grant': '注册赠送', 'ledger.k.admin_grant': '管理员发放', 'ledger.k.wager_escrow': '竞猜押金',
    'ledger.k.wager_topup': '竞猜追加', 'ledger.k.wager_settle': '竞猜结算', 'ledger.k.wager_refund': '竞猜退还',
    'ledger.k.bet': '观众下注', 'ledger.k.pool_settle': '下注结算', 'ledger.k.pool_refund': '下注退还', 'ledger.k.reward': '胜局奖励',
    'wager.title': '竞猜', 'wager.history': '竞猜记录', 'wager.historyTitle': '本桌竞猜记录', 'wager.noHistory': '本桌还没有竞猜',
    'wager.none': '本局没有竞猜。对局双方可以发起竞猜，胜者赢得双方押注。',
    'wager.phase.none': '无', 'wager.phase.negotiating': '协商中', 'wager.phase.confirmed': '待同意',
    'wager.phase.escrowed': '已押注', 'wager.phase.in_game': '对局中',
    'wager.mode.ordinary': '普通竞猜', 'wager.mode.coaching': '有偿指导', 'wager.coachIs': '指导方：{who}',
    'wager.modeLabel': '方式', 'wager.stake': '押注', 'wager.stakes': '押注（红:黑）', 'wager.confirmed': '确认', 'wager.agreed': '同意',
    'wager.you': '你', 'wager.pot': '奖池', 'wager.tax': '税率', 'wager.returned': '返还', 'wager.net': '净得',
    'wager.wait.negotiating.you': '对方提出了押注，请确认或修改。', 'wager.wait.negotiating.them': '等待对方确认…',
    'wager.wait.confirmed.you': '双方已确认，请按“同意”押注。', 'wager.wait.confirmed.them': '等待对方同意…',
    'wager.nextGame': '押注已托管，用于下一局。',
    'wager.propose': '发起竞猜', 'wager.confirm': '确认', 'wager.agree': '同意', 'wager.modify': '修改',
    'wager.cancel': '取消竞猜', 'wager.topup': '追加', 'wager.topupTitle': '追加押注', 'wager.topupAmount': '追加数额',
    'wager.balance': '你的财富', 'wager.proposeTitle': '发起竞猜', 'wager.modifyTitle': '修改竞猜',
    'wager.coach': '指导方', 'wager.fee': '指导费', 'wager.invalid': '请输入有效的押注（整数，至少一方大于 0）',
    'wager.rules': '每方押注不超过其财富；和棋退还。',
    'wager.settledTitle': '竞猜结算', 'wager.last': '上次竞猜',
    'wager.outcome.won': '胜方赢得押注', 'wager.outcome.drawn': '和棋，押注退还', 'wager.outcome.coaching': '指导费已支付',
    'wager.outcome.refunded': '押注已退还', 'wager.outcomeLabel': '结果',
    'bet.title': '观众下注', 'bet.noPool': '对局开始后，观众可以在这里下注。', 'bet.open': '可下注', 'bet.closed': '已截止',
    'bet.total': '总额', 'bet.bettors': '人', 'bet.people': '人',
    'bet.pick.red': '红胜', 'bet.pick.black': '黑胜', 'bet.pick.draw': '和棋',
    'mybets.title': '我的下注', 'mybets.none': '还没有下注', 'mybets.game': '对局', 'mybets.pick': '押',
    'mybets.amount': '数额', 'mybets.status': '状态', 'mybets.payout': '返还',
    'mybets.s.open': '可下注', 'mybets.s.closed': '已截止', 'mybets.s.settled': '已结算', 'mybets.s.refunded': '已退还',
    'bet.closesAt': '第 {n} 回合（{ply} 步）前可下注', 'bet.closedNote': '下注已截止，等待对局结果。', 'bet.ended': '对局已结束，等待结算。', 'bet.nobody': '本局没有观众下注。',
    'bet.mine': '我的下注', 'bet.payout': '赔付', 'bet.settled': '已结算：{result}', 'bet.refunded': '全部退还（{why}）',
    'bet.why.single_bettor': '只有一人下注', 'bet.why.no_winner': '无人猜中', 'bet.why.aborted': '对局取消',
    'bet.playersCannot': '对局者不能下注。', 'bet.guests': '游客不能下注，请注册。',
    'bet.place': '下注', 'bet.add': '加注', 'bet.amount': '数额',
    'bet.estimate': '若猜中：押 {stake}，约得 {pay}', 'bet.estimateNone': '目前猜中也只退还本金（需有人押其他结果）',
    'gate.title': '财富不足，不能入座', 'gate.titleRoom': '财富不足，不能进入这个房间',
    'gate.textRoom': '{room}需要至少 {min} 币才能进入，你现有 {coins} 币。', 'gate.hintRoom': '赢取更多财富后再来，或回到', 'gate.enter': '需 {n} 币', 'gate.text': '{room}需要至少 {min} 币才能入座，你现有 {coins} 币。',
    'gate.textShort': '这个房间的入场要求更高，你现有 {coins} 币。', 'gate.hint': '你仍可以观战，或回到', 'gate.lobby': '你的 {coins} 币不足以进入',
    'err.not_enough_coins': '财富不足', 'err.betting_closed': '下注已截止', 'err.player_cannot_bet': '对局者不能下注',
    'err.no_game': '没有进行中的对局', 'err.pick_locked': '加注只能押同一结果', 'err.idempotency_conflict': '重复的请求',
    'err.wager_not_allowed': '不能竞猜（仅限两位注册棋手的真人对局）', 'err.no_wager': '没有竞猜', 'err.wager_state': '现在不能这样操作竞猜',
    'err.stale_wager': '竞猜数额刚刚变了，请看清新的数额再确定', 'err.stale_game': '那盘棋已经结束，下注未被接受',
    'err.guest_not_allowed': '游客不能竞猜或下注，请注册',
    'err.mode_locked': '竞猜方式已确定，不能更改', 'err.invalid_amount': '数额无效（有偿指导：指导方押 0，学生付费）',
    'nav.ladders': '梯级挑战', 'ladder.title': '梯级挑战赛', 'ladder.players': '{n} 人', 'ladder.openCount': '{n} 场挑战进行中',
    'ladder.join': '加入', 'ladder.leave': '退出', 'ladder.challenge': '挑战', 'ladder.rating': '等级分', 'ladder.rungs': '排名',
    'ladder.myOpen': '我的挑战', 'ladder.history': '挑战记录', 'ladder.deadline': '开局期限', 'ladder.days': '{n}天',
    'ladder.mePlace': '你排第 {place} 名，可挑战第 {range} 名', 'ladder.mePlaceTop': '你排第 {place} 名',
    'ladder.iChallenged': '我挑战 {name}', 'ladder.challengedMe': '{name} 挑战我', 'ladder.vs': '{a} 挑战 {b}',
    'ladder.o.challenger_won': '挑战者胜', 'ladder.o.defender_won': '守擂者胜', 'ladder.o.draw': '和棋（名次不变）',
    'ladder.o.timed_out_challenger': '挑战者超时负', 'ladder.o.timed_out_defender': '守擂者超时负',
    'ladder.o.no_show_challenger': '挑战者未到，判负', 'ladder.o.no_show_defender': '守擂者未到，判负', 'ladder.o.no_show_both': '双方未到',
    'ladder.o.withdrawn': '已撤销', 'ladder.n.challenged': '梯级挑战：新的挑战已成立', 'ladder.n.deadline_near': '梯级挑战：开局期限将到',
    'ladder.n.ended': '梯级挑战结束', 'ladder.n.up': '梯级名次上升：{from} → {to}', 'ladder.n.down': '梯级名次下降：{from} → {to}',
    'ladder.n.removed_timeouts': '多次超时，已被移出梯级', 'ladder.n.removed_inactive': '长期未下棋，已被移出梯级',
    'err.ladder_refused': '不能这样挑战',
    'nav.tournaments': '比赛', 'tour.title': '比赛', 'tour.upcoming': '即将开始', 'tour.running': '进行中', 'tour.finished': '已结束',
    'tour.none': '暂无', 'tour.s.upcoming': '报名中', 'tour.s.running': '进行中', 'tour.s.finished': '已结束', 'tour.s.cancelled': '已取消',
    'tour.rounds': '{n} 轮', 'tour.fee': '报名费', 'tour.join': '报名', 'tour.withdraw': '退赛', 'tour.player': '棋手', 'tour.points': '积分',
    'tour.round': '第 {n} 轮', 'tour.bye': '轮空', 'tour.go': '去对局', 'tour.standings': '排名',
    'tour.sys.swiss': '积分编排制（瑞士制）', 'tour.sys.robin': '循环赛', 'tour.sys.knockout': '淘汰赛', 'tour.cycles': '{n} 循环',
    'tour.crosstable': '成绩交叉表', 'tour.bracket': '对阵图', 'tour.place': '名次', 'tour.final': '决赛', 'tour.semi': '半决赛', 'tour.third': '三四名决赛',
    'tour.stage.regular': '慢棋', 'tour.stage.rapid': '快棋', 'tour.stage.blitz': '超快棋', 'tour.stage.sudden_death': '附加赛（和棋黑胜）',
    'tour.create': '创建比赛', 'tour.f.name': '名称', 'tour.f.system': '赛制', 'tour.f.rounds': '轮数', 'tour.f.cycles': '循环数',
    'tour.f.games': '每场对局数', 'tour.f.third': '三四名决赛', 'tour.f.control': '用时', 'tour.f.start': '开始时间',
    'tour.f.fee': '报名费', 'tour.f.prizes': '奖金（千分比，逗号分隔）',
    'tour.tb.opponent_score': '对手分', 'tour.tb.progressive': '累进分', 'tour.tb.sonneborn_berger': '小分', 'tour.tb.wins': '胜局',
    'tour.tb.head_to_head': '直胜', 'tour.tb.fouls': '犯规', 'tour.tb.black_games': '后走局数', 'tour.tb.black_wins': '后走胜局', 'tour.tb.performance': '表现分',
    'tour.tb.earlier_rounds': '逐轮比较', 'tour.tb.progressive_cut': '去轮累进', 'tour.tb.earliest_finish': '先完赛',
    'ledger.k.entry_fee': '报名费', 'ledger.k.entry_refund': '报名费退还', 'ledger.k.prize': '比赛奖金',
    'rules.label': '规则', 'rules.axf': '亚洲规则（AXF）', 'rules.cxa': '中国规则（CXA）', 'rules.limit': '{n} 回合自然限着',
    'rules.noLimit': '不限着', 'rules.rep.warn': '长打提醒', 'rules.rep.refuse': '禁止长打',
    'rep.loses': '注意：{mv} 将被判{reason}负', 'rep.refused': '禁着：{mv} 为{reason}，本桌不允许走',
    'rep.last': '注意：{mv} 为最后一次允许的重复局面', 'rep.lastLoses': '注意：{mv} 为最后一次允许的重复，再重复将判你负',
    'rep.confirm': '此着将被判{reason}负，确定要走吗？', 'err.losing_repetition': '此着为长打禁着，本桌不允许',
    'tour.f.rules': '规则', 'tour.f.moveLimit': '自然限着（回合，0 为不限）', 'tour.f.repetition': '长打',
    'tour.sys.arena': '竞技场', 'tour.f.minutes': '时长（分钟）', 'tour.f.berserk': '允许狂暴（时间减半）', 'tour.f.preset': '计分与排名规则',
    'tour.preset.default': '赛制默认', 'tour.preset.cxa-swiss-opp': '中国象棋协会·对手分', 'tour.preset.cxa-swiss-prog': '中国象棋协会·累进分',
    'tour.preset.cxa-rr': '中国象棋协会·循环赛（小分）', 'tour.preset.lichess': 'lichess（小分、表现分）', 'tour.preset.online': '网络赛（对手分、胜局、后手、先完赛）',
    'tour.arenaMins': '竞技场 {n} 分钟', 'tour.pause': '暂停', 'tour.rejoin': '回到竞技场', 'tour.games': '对局',
    'tour.startsIn': '距开始 {t}', 'tour.endsIn': '距结束 {t}', 'tour.nextIn': '下一轮 {t} 后开始', 'tour.status': '状态',
    'tour.st.waiting': '等待配对', 'tour.st.playing': '对局中', 'tour.st.paused': '暂停', 'tour.sheet': '成绩', 'tour.fire': '连胜加倍', 'tour.void': '不计分', 'tour.pgn': '全部棋谱（PGN）', 'tour.f.titles': '授予称号（按名次，逗号分隔）',
    'room.beginner': '新手房', 'room.intermediate': '中级房', 'room.advanced': '高级房',
    'hc.kind.first_move': '让先', 'hc.kind.horse': '让单马', 'hc.kind.two_horses': '让双马', 'hc.kind.chariot': '让单车', 'hc.kind.position': '让子（自定局面）',
    'hc.label': '{who}{what}', 'hc.none': '不让子', 'hc.set': '让子…', 'hc.drop': '取消让子', 'hc.title': '让子', 'hc.giver': '让子方',
    'hc.kind': '让法', 'hc.fen': '局面（FEN）', 'hc.propose': '提议', 'hc.proposal': '{who}提议让子：{what}', 'hc.rated': '计分（让 {n} 分）',
    'hc.unrated': '不计分', 'hc.current': '让子：{what}', 'unrated.handicap': '让子对局不计分',
    'err.invalid_handicap': '此桌无法这样让子', 'err.no_opponent': '对面座位还空着',
    'lang.switch': 'English', 'sound.on': '声音：开（点击静音）', 'sound.off': '声音：关（点击打开）',
  },
  en: {
    'app.name': 'Chuhe', 'app.tagline': 'Xiangqi online',
    'nav.lobby': 'Lobby', 'nav.profile': 'My profile', 'nav.logout': 'Log out', 'nav.ai': 'Play computer',
    'net.online': 'online', 'net.offline': 'Connection lost, reconnecting…', 'net.connecting': 'connecting…',
    'auth.title': 'Log in or register', 'auth.name': 'Name', 'auth.password': 'Password', 'auth.login': 'Log in',
    'auth.register': 'Register', 'auth.guest': 'Play as guest', 'auth.or': 'or',
    'lobby.title': 'Hall', 'lobby.table': 'Table', 'lobby.watch': 'Watch', 'lobby.sit': 'Sit',
    'lobby.spectators': 'spectators',
    'lobby.figures': '{games} playing · {people} people · {free} with free seats', 'lobby.show.all': 'All', 'lobby.show.free': 'Free seats',
    'lobby.show.live': 'Watch', 'lobby.anyControl': 'Any time control', 'lobby.noTables': 'No table matches', 'lobby.open': 'Open', 'lobby.more': 'Show more ({n} more tables)', 'lobby.empty': 'empty', 'lobby.minCoins': 'entry: {n} coins',
    'seek.quick': 'Quick game', 'seek.waiting.quick': 'Looking for an opponent: {tc}', 'seek.waiting.open': 'Your open seek: {tc}',
    'seek.waiting.challenge': 'Challenge sent to {to}: {tc}', 'seek.waiting.link': 'Invite a friend: {tc}; send them the link',
    'seek.window': 'rating range ±{n}', 'seek.anyRating': 'any rating', 'seek.cancel': 'Cancel',
    'seek.open': 'Create a seek', 'seek.invite': 'Invite by link', 'seek.challenge': 'Challenge', 'seek.playerName': "Player's name",
    'seek.accept': 'Accept', 'seek.decline': 'Decline', 'seek.gone.declined': '{by} declined your challenge', 'seek.yours': 'your seek', 'seek.list': 'Open seeks', 'seek.none': 'No open seeks',
    'seek.rated': 'rated', 'seek.unrated': 'unrated', 'seek.challenged': '{who} challenges you: {tc}',
    'seek.gone.no_free_table': 'No free table; try again shortly', 'seek.gone.expired': 'Your seek expired',
    'err.seek_not_found': 'That seek is gone (taken, cancelled or expired)', 'err.own_seek': 'You cannot accept your own seek',
    'err.not_for_you': 'This challenge is for another player', 'err.guest_rated': 'Guests play unrated games only', 'err.self_challenge': 'You cannot challenge yourself',
    'err.already_seeking': 'You are already seeking this game', 'err.too_many_seeks': 'Too many seeks', 'err.already_playing': 'You are playing a game; finish it first', 'seek.gone.playing': 'A game of yours started; your seek was withdrawn', 'err.not_yours': 'Not your seek',
    'status.waiting': 'waiting', 'status.playing': 'playing', 'status.finished': 'finished',
    'color.red': 'Red', 'color.black': 'Black',
    'table.sitRed': 'Sit as Red', 'table.sitBlack': 'Sit as Black', 'table.stand': 'Stand up', 'table.ready': 'Ready',
    'table.unready': 'Not ready', 'table.isReady': 'ready', 'table.away': 'away', 'table.control': 'Time control',
    'table.delayPlies': 'delayed {n} plies', 'table.delaySecs': 'delayed {n} s',
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
    'clock.firstMove': 'First move within {s} or the game is cancelled',
    'tc.firstMoveRule': 'First-move rule: each side must make its first move within {n} seconds, or the game is cancelled (unrated).',
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
    'ai.title': 'Play the computer', 'ai.level': 'Level', 'ai.side': 'Play as', 'ai.start': 'Start', 'ai.computer': 'Computer', 'ai.game': 'Computer game', 'ai.levelN': 'level {n}',
    'ai.rated': 'Rated', 'ai.ratedNo': 'Unrated (undo and hints)', 'ai.ratedYes': 'Rated (timed, no undo, no hints)', 'ai.levelRating': 'Level {n} · {rating}',
    'unrated.title': 'This game was not rated', 'unrated.both_provisional': 'both players are provisional (fewer than 20 rated games each)', 'unrated.too_short': 'the game was too short',
    'unrated.invalid_rating': 'a rating was invalid', 'unrated.guest': 'games with guests are unrated', 'unrated.casual': 'a casual (unrated) game', 'unrated.unfinished': 'the game did not finish',
    'profile.played': 'Games', 'profile.playedCounts': 'rated {rated} · unrated {unrated}',
    'game.toMove': '{color} to move',
    'moves.title': 'Moves', 'moves.notation': 'Notation', 'moves.chinese': '中文', 'moves.wxf': 'WXF', 'moves.iccs': 'ICCS',
    'moves.first': 'Start', 'moves.prev': 'Back', 'moves.next': 'Forward', 'moves.last': 'Latest',
    'profile.title': 'Profile', 'profile.rating': 'Rating', 'profile.title2': 'Title', 'profile.games': 'Rated games',
    'profile.rated': 'Rated', 'profile.ratedYes': 'rated', 'profile.ratedNo': 'unrated',
    'profile.win': 'Won', 'profile.loss': 'Lost', 'profile.draw': 'Drawn', 'replay.plies': '{n} plies', 'replay.length': 'Length',
    'profile.history': 'Game history', 'profile.none': 'No games yet', 'profile.opponent': 'Opponent', 'profile.result': 'Result',
    'profile.date': 'Date', 'profile.provisional': '(provisional)', 'profile.guest': 'guest',
    'replay.title': 'Replay', 'replay.pgn': 'Download PGN',
    'behaviour.title': 'Behaviour', 'behaviour.score': 'Behaviour score', 'behaviour.completed': 'Completed',
    'behaviour.left': 'Left', 'behaviour.aborted': 'Aborted', 'behaviour.no_shows': 'First moves missed', 'behaviour.timeouts_away': 'Lost on time while away',
    'table.behaviour': 'behaviour {n}', 'sanction.banned': 'You are banned from playing for', 'sanction.muted': 'You are muted for', 'sanction.reason': 'reason',
    'err.banned': 'You are banned from playing', 'err.muted': 'You are muted', 'err.behaviour_too_low': 'Your behaviour score is too low to play here',
    'err.not_moderator': 'Only moderators may do that', 'err.report_open': 'You have an open report of this player already',
    'an.title': 'Engine analysis', 'an.analyse': 'Analyse', 'an.queued': 'Queued: position {n}', 'an.running': 'Analysing: {done}/{total} positions',
    'an.failed': 'This game could not be analysed', 'an.login': 'Log in to request an analysis', 'an.accuracy': 'accuracy {n}', 'an.counts': '{i} inaccuracies · {m} mistakes · {b} blunders',
    'an.graph': 'Evaluation over the game (Red\'s view, in pawns)', 'an.depth': 'Each position searched to depth {n}', 'an.better': 'Better', 'an.pick': 'Click a move to see the engine\'s suggestion',
    'an.inaccuracy': 'inaccuracy', 'an.mistake': 'mistake', 'an.blunder': 'blunder',
    'err.too_many_analyses': 'You have an analysis queued already; wait until it is done', 'err.not_finished': 'The game is still in progress; analyse it when it ends',
    'err.bad_fen': 'Invalid position', 'err.analysis_busy': 'The server is busy analysing; try again soon',
    'err.generic': 'Failed: {msg}', 'err.bad_credentials': 'Wrong name or password', 'err.name_taken': 'That name is taken',
    'err.invalid_name': 'Name: 2–20 letters, digits, _ or -', 'err.invalid_password': 'Password: 8–128 characters',
    'err.rate_limited': 'Too many attempts, try again later', 'err.illegal_move': 'Illegal move', 'err.not_your_turn': 'Not your turn',
    'err.seat_taken': 'That seat is taken', 'err.chat_flood': 'Too many messages', 'err.undo_limit': 'No undos left',
    'err.not_found': 'Not found', 'err.too_many_ai_games': 'Too many games against the computer', 'err.hint_not_allowed': 'No hint available now',
    'profile.coins': 'Coins', 'profile.awarded': 'Awarded title', 'profile.honorary': 'Honorary title',
    'chart.title': 'Rating history', 'chart.empty': 'No rated games yet.', 'chart.start': 'Start', 'chart.games': 'games', 'chart.axis': 'x axis: rated games',
    'chart.point': 'Game {game} · {rating} ({delta}) · {date}', 'chart.now': 'Now', 'chart.best': 'Best', 'chart.rated': 'Rated games',
    'ledger.title': 'Coin history', 'ledger.more': 'More', 'ledger.none': 'Nothing yet', 'ledger.date': 'Time', 'ledger.kind': 'What',
    'ledger.amount': 'Amount', 'ledger.after': 'Balance',
    'ledger.k.starting_grant': 'Welcome grant', 'ledger.k.admin_grant': 'Grant', 'ledger.k.wager_escrow': 'Wager stake',
    'ledger.k.wager_topup': 'Wager top-up', 'ledger.k.wager_settle': 'Wager settled', 'ledger.k.wager_refund': 'Wager refund',
    'ledger.k.bet': 'Bet', 'ledger.k.pool_settle': 'Bet settled', 'ledger.k.pool_refund': 'Bet refund', 'ledger.k.reward': 'Winner reward',
    'wager.title': 'Wager', 'wager.history': 'History', 'wager.historyTitle': 'Wagers at this table', 'wager.noHistory': 'No wagers at this table yet',
    'wager.none': 'No wager. Either player may propose one; the winner takes both stakes.',
    'wager.phase.none': 'none', 'wager.phase.negotiating': 'negotiating', 'wager.phase.confirmed': 'to agree',
    'wager.phase.escrowed': 'staked', 'wager.phase.in_game': 'in game',
    'wager.mode.ordinary': 'Ordinary', 'wager.mode.coaching': 'Paid coaching', 'wager.coachIs': 'coach: {who}',
    'wager.modeLabel': 'Mode', 'wager.stake': 'Stake', 'wager.stakes': 'Stakes (R:B)', 'wager.confirmed': 'Confirmed', 'wager.agreed': 'Agreed',
    'wager.you': 'you', 'wager.pot': 'Pot', 'wager.tax': 'Tax', 'wager.returned': 'Returned', 'wager.net': 'Net',
    'wager.wait.negotiating.you': 'Your opponent proposed stakes: confirm or modify them.', 'wager.wait.negotiating.them': 'Waiting for your opponent to confirm…',
    'wager.wait.confirmed.you': 'Both confirmed: press Agree to stake.', 'wager.wait.confirmed.them': 'Waiting for your opponent to agree…',
    'wager.nextGame': 'Stakes are held for the next game.',
    'wager.propose': 'Propose wager', 'wager.confirm': 'Confirm', 'wager.agree': 'Agree', 'wager.modify': 'Modify',
    'wager.cancel': 'Cancel wager', 'wager.topup': 'Top up', 'wager.topupTitle': 'Add to your stake', 'wager.topupAmount': 'Amount',
    'wager.balance': 'Your coins', 'wager.proposeTitle': 'Propose a wager', 'wager.modifyTitle': 'Modify the wager',
    'wager.coach': 'Coach', 'wager.fee': 'Fee', 'wager.invalid': 'Enter valid stakes (whole coins, at least one above 0)',
    'wager.rules': 'each stake ≤ that player\'s coins; a draw refunds.',
    'wager.settledTitle': 'Wager settled', 'wager.last': 'Last wager',
    'wager.outcome.won': 'The winner takes the stakes', 'wager.outcome.drawn': 'Draw: stakes returned', 'wager.outcome.coaching': 'Coaching fee paid',
    'wager.outcome.refunded': 'Stakes refunded', 'wager.outcomeLabel': 'Outcome',
    'bet.title': 'Spectator bets', 'bet.noPool': 'Spectators can bet here once the game starts.', 'bet.open': 'open', 'bet.closed': 'closed',
    'bet.total': 'Pool', 'bet.bettors': 'bettors', 'bet.people': '',
    'bet.pick.red': 'Red wins', 'bet.pick.black': 'Black wins', 'bet.pick.draw': 'Draw',
    'mybets.title': 'My bets', 'mybets.none': 'No bets yet', 'mybets.game': 'Game', 'mybets.pick': 'Pick',
    'mybets.amount': 'Amount', 'mybets.status': 'Status', 'mybets.payout': 'Returned',
    'mybets.s.open': 'open', 'mybets.s.closed': 'closed', 'mybets.s.settled': 'settled', 'mybets.s.refunded': 'refunded',
    'bet.closesAt': 'Open until move {n} (ply {ply})', 'bet.closedNote': 'Betting closed; waiting for the result.', 'bet.ended': 'Game over; settling.', 'bet.nobody': 'Nobody bet on this game.',
    'bet.mine': 'My bet', 'bet.payout': 'Payout', 'bet.settled': 'Settled: {result}', 'bet.refunded': 'All refunded ({why})',
    'bet.why.single_bettor': 'a single bettor', 'bet.why.no_winner': 'nobody picked the result', 'bet.why.aborted': 'game aborted',
    'bet.playersCannot': 'Players cannot bet on their own game.', 'bet.guests': 'Guests cannot bet: please register.',
    'bet.place': 'Bet', 'bet.add': 'Add', 'bet.amount': 'Amount',
    'bet.estimate': 'If right: stake {stake}, about {pay} back', 'bet.estimateNone': 'For now a right pick only returns the stake',
    'gate.title': 'Not enough coins to sit here', 'gate.titleRoom': 'Not enough coins to enter this room',
    'gate.textRoom': '{room} needs at least {min} coins to enter; you have {coins}.', 'gate.hintRoom': 'Come back with more coins, or go back to the', 'gate.enter': 'needs {n}', 'gate.text': '{room} needs at least {min} coins to sit; you have {coins}.',
    'gate.textShort': 'This room needs more coins to sit; you have {coins}.', 'gate.hint': 'You can still watch, or go back to the', 'gate.lobby': 'your {coins} coins are not enough to enter',
    'err.not_enough_coins': 'Not enough coins', 'err.betting_closed': 'Betting is closed', 'err.player_cannot_bet': 'Players cannot bet',
    'err.no_game': 'No game in progress', 'err.pick_locked': 'You can only add to the same pick', 'err.idempotency_conflict': 'Duplicate request',
    'err.wager_not_allowed': 'No wager here (two registered players at a human table only)', 'err.no_wager': 'No wager', 'err.wager_state': 'Not possible at this step of the wager',
    'err.stale_wager': 'The stakes just changed: check the new amounts and confirm again', 'err.stale_game': 'That game is over: the bet was not placed',
    'err.guest_not_allowed': 'Guests cannot wager or bet: please register',
    'err.mode_locked': 'The wager mode is fixed', 'err.invalid_amount': 'Invalid amount (coaching: the coach stakes 0, the student pays)',
    'nav.ladders': 'Ladder', 'ladder.title': 'Ladder challenge', 'ladder.players': '{n} players', 'ladder.openCount': '{n} open challenges',
    'ladder.join': 'Join', 'ladder.leave': 'Leave', 'ladder.challenge': 'Challenge', 'ladder.rating': 'Rating', 'ladder.rungs': 'Rungs',
    'ladder.myOpen': 'My challenges', 'ladder.history': 'History', 'ladder.deadline': 'first moves due in', 'ladder.days': '{n}d',
    'ladder.mePlace': 'You are number {place}; you may challenge places {range}', 'ladder.mePlaceTop': 'You are number {place}',
    'ladder.iChallenged': 'I challenged {name}', 'ladder.challengedMe': '{name} challenged me', 'ladder.vs': '{a} challenged {b}',
    'ladder.o.challenger_won': 'challenger won', 'ladder.o.defender_won': 'defender won', 'ladder.o.draw': 'draw (places unchanged)',
    'ladder.o.timed_out_challenger': 'challenger lost on time', 'ladder.o.timed_out_defender': 'defender lost on time',
    'ladder.o.no_show_challenger': 'challenger did not show', 'ladder.o.no_show_defender': 'defender did not show', 'ladder.o.no_show_both': 'neither showed',
    'ladder.o.withdrawn': 'withdrawn', 'ladder.n.challenged': 'Ladder: a new challenge is on', 'ladder.n.deadline_near': 'Ladder: a deadline is near',
    'ladder.n.ended': 'Ladder challenge over', 'ladder.n.up': 'Ladder: up from {from} to {to}', 'ladder.n.down': 'Ladder: down from {from} to {to}',
    'ladder.n.removed_timeouts': 'Removed from the ladder for repeated time-outs', 'ladder.n.removed_inactive': 'Removed from the ladder for inactivity',
    'err.ladder_refused': 'The ladder refused that',
    'nav.tournaments': 'Tournaments', 'tour.title': 'Tournaments', 'tour.upcoming': 'Upcoming', 'tour.running': 'Running', 'tour.finished': 'Finished',
    'tour.none': 'None', 'tour.s.upcoming': 'Registration open', 'tour.s.running': 'Running', 'tour.s.finished': 'Finished', 'tour.s.cancelled': 'Cancelled',
    'tour.rounds': '{n} rounds', 'tour.fee': 'Entry fee', 'tour.join': 'Join', 'tour.withdraw': 'Withdraw', 'tour.player': 'Player', 'tour.points': 'Points',
    'tour.round': 'Round {n}', 'tour.bye': 'bye', 'tour.go': 'Play', 'tour.standings': 'Standings',
    'tour.sys.swiss': 'Swiss', 'tour.sys.robin': 'Round robin', 'tour.sys.knockout': 'Knockout', 'tour.cycles': '{n} cycles',
    'tour.crosstable': 'Crosstable', 'tour.bracket': 'Bracket', 'tour.place': 'Place', 'tour.final': 'Final', 'tour.semi': 'Semi-finals', 'tour.third': 'Third place',
    'tour.stage.regular': 'Game', 'tour.stage.rapid': 'Rapid', 'tour.stage.blitz': 'Blitz', 'tour.stage.sudden_death': 'Sudden death (draw: Black wins)',
    'tour.create': 'Create an event', 'tour.f.name': 'Name', 'tour.f.system': 'System', 'tour.f.rounds': 'Rounds', 'tour.f.cycles': 'Cycles',
    'tour.f.games': 'Games per match', 'tour.f.third': 'Third-place match', 'tour.f.control': 'Time control', 'tour.f.start': 'Starts at',
    'tour.f.fee': 'Entry fee', 'tour.f.prizes': 'Prizes (per mille, comma-separated)',
    'tour.tb.opponent_score': 'Opp. score', 'tour.tb.progressive': 'Progressive', 'tour.tb.sonneborn_berger': 'S-B', 'tour.tb.wins': 'Wins',
    'tour.tb.head_to_head': 'Head to head', 'tour.tb.fouls': 'Fouls', 'tour.tb.black_games': 'Games as Black', 'tour.tb.black_wins': 'Wins as Black', 'tour.tb.performance': 'Performance',
    'tour.tb.earlier_rounds': 'Later rounds first', 'tour.tb.progressive_cut': 'Progressive cut', 'tour.tb.earliest_finish': 'Finished first',
    'ledger.k.entry_fee': 'Entry fee', 'ledger.k.entry_refund': 'Entry fee refund', 'ledger.k.prize': 'Prize',
    'rules.label': 'Rules', 'rules.axf': 'Asian rules (AXF)', 'rules.cxa': 'Chinese rules (CXA)', 'rules.limit': '{n}-move limit',
    'rules.noLimit': 'no move limit', 'rules.rep.warn': 'losing repetitions warned', 'rules.rep.refuse': 'losing repetitions refused',
    'rep.loses': 'Careful: {mv} loses by {reason}', 'rep.refused': 'Not allowed here: {mv} would lose by {reason}',
    'rep.last': 'Careful: {mv} repeats the position for the last allowed time',
    'rep.lastLoses': 'Careful: {mv} repeats for the last allowed time; the next repetition loses',
    'rep.confirm': 'This move loses by {reason}. Play it?', 'err.losing_repetition': 'That move would lose by repetition; this table refuses it',
    'tour.f.rules': 'Rules', 'tour.f.moveLimit': 'Move limit (moves, 0: none)', 'tour.f.repetition': 'Losing repetitions',
    'tour.sys.arena': 'Arena', 'tour.f.minutes': 'Length (minutes)', 'tour.f.berserk': 'Berserk allowed (half the time)', 'tour.f.preset': 'Scoring and tie-breaks',
    'tour.preset.default': "The system's own", 'tour.preset.cxa-swiss-opp': 'CXA · opponents\' score', 'tour.preset.cxa-swiss-prog': 'CXA · progressive',
    'tour.preset.cxa-rr': 'CXA · round robin (S-B)', 'tour.preset.lichess': 'lichess (S-B, performance)', 'tour.preset.online': 'Online (opp. score, wins, as Black, finished first)',
    'tour.arenaMins': 'Arena, {n} minutes', 'tour.pause': 'Pause', 'tour.rejoin': 'Back to the arena', 'tour.games': 'Games',
    'tour.startsIn': 'Starts in {t}', 'tour.endsIn': 'Ends in {t}', 'tour.nextIn': 'Next round in {t}', 'tour.status': 'Status',
    'tour.st.waiting': 'waiting', 'tour.st.playing': 'playing', 'tour.st.paused': 'paused', 'tour.sheet': 'Sheet', 'tour.fire': 'on fire: double points', 'tour.void': 'void', 'tour.pgn': 'All games (PGN)', 'tour.f.titles': 'Titles awarded (by place, comma-separated)',
    'room.beginner': 'Beginners', 'room.intermediate': 'Intermediate', 'room.advanced': 'Advanced',
    'hc.kind.first_move': 'gives the first move', 'hc.kind.horse': 'gives a horse', 'hc.kind.two_horses': 'gives both horses', 'hc.kind.chariot': 'gives a chariot', 'hc.kind.position': 'gives a handicap (own position)',
    'hc.label': '{who} {what}', 'hc.none': 'No handicap', 'hc.set': 'Handicap…', 'hc.drop': 'Drop handicap', 'hc.title': 'Handicap (让子)', 'hc.giver': 'Given by',
    'hc.kind': 'Handicap', 'hc.fen': 'Position (FEN)', 'hc.propose': 'Propose', 'hc.proposal': '{who} proposes a handicap: {what}', 'hc.rated': 'rated (offset {n})',
    'hc.unrated': 'unrated', 'hc.current': 'Handicap: {what}', 'unrated.handicap': 'handicap games are unrated here',
    'err.invalid_handicap': 'That handicap cannot be played at this table', 'err.no_opponent': 'The other seat is empty',
    'lang.switch': '中文', 'sound.on': 'Sound on (click to mute)', 'sound.off': 'Sound off (click to turn on)',
  },
};

/**
 * The dictionaries of the areas that keep their texts in their own file (i18n/*.js), merged
 * into DICT. A key lives in one part only (`e2e/unit/i18n.test.mjs`): a second definition would
 * silently replace the first, as `an.depth` once did.
 */
export const PARTS = { base: { zh: { ...DICT.zh }, en: { ...DICT.en } }, STUDY, NOTICES, ORGANISER, TEAMS, POOLS, ERRORS, SITE, MASTERS, SETTINGS, PUZZLES, TOLD };
for (const part of [STUDY, NOTICES, ORGANISER, TEAMS, POOLS, ERRORS, SITE, MASTERS, SETTINGS, PUZZLES, TOLD]) {
  Object.assign(DICT.zh, part.zh);
  Object.assign(DICT.en, part.en);
}

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

/** Translates every [data-i18n] element under root (textContent), [data-i18n-ph] placeholders and [data-i18n-title] tooltips. */
export function translate(root) {
  for (const node of root.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll('[data-i18n-ph]')) node.placeholder = t(node.dataset.i18nPh);
  for (const node of root.querySelectorAll('[data-i18n-title]')) node.title = t(node.dataset.i18nTitle);
}

/**
 * A user's title in the current language (User.title is {zh, en}); '' for none (the server
 * words "no title" as 无称号 / untitled, which no badge shows).
 */
export function titleText(title) {
  if (!title || title.en === 'untitled') return '';
  return title[lang] || title.en || title.zh || '';
}

/**
 * A date (ms since the epoch, or an ISO string) for the chosen language, never in US order:
 * "2026/12/02 01:46" in Chinese, "2 Dec 2026, 01:46" in English; `time: false` leaves the time out.
 */
export function formatDate(at, { time = true } = {}) {
  const d = new Date(at);
  if (at === null || at === undefined || Number.isNaN(d.getTime())) return '';
  const opts = lang === 'zh'
    ? { year: 'numeric', month: '2-digit', day: '2-digit' }
    : { year: 'numeric', month: 'short', day: 'numeric' };
  if (time) Object.assign(opts, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', opts).format(d);
}

export const DICTIONARY = DICT;
