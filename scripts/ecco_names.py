#!/usr/bin/env python3
"""Writes crates/study/data/ecco_names.tsv from the Chinese Chess Practical Dataset (CCPD, Yu-Han
Tseng, CC BY 4.0): for every ECCO code, the opening name seen most often with that code in the
data, converted to simplified characters, and an English gloss composed term by term from the
glossary below (ours).

Where the names are read: CCPD has no [Opening]/[Variation] headers; the names people gave the
openings sit in the [Event] header of master games and of the 開局 lines, next to tournament,
round and player (`全國個人賽 中炮兩頭蛇對反宮馬`, `第三章 順炮橫車對直車 第一節 …`). The
[Event] is split at spaces and punctuation; a piece is a candidate name when it is all Chinese
(full-width digits allowed), at least 3 characters, names a piece (炮 馬 車 相 兵 …), has none of
the characters of results, rounds and events (勝 負 和 屆 賽 杯 年 …) and is not part of a player,
team or site header (火車頭, 馬來亞, 馬武廉 …). Each game votes once per candidate for its [ECCO]
code; a code takes its most voted candidate (ties: the longer, then the first in code-point order).
A code no game in the data names keeps an empty name (`none` in the fourth column); the crate
leaves it unnamed. The names are converted to simplified characters before the votes are counted.

Usage: scripts/ecco_names.py [CCPD Dataset dir, default /tmp/ccpd/Dataset] > crates/study/data/ecco_names.tsv"""
import collections
import os
import re
import sys

# The ECCO codes (A00-E99, in groups of ten; not every number is used).
RANGES = """A00-A08 A10-A16 A20-A39 A40-A45 A50-A54 A60-A65 B00-B07 B10-B14 B20-B25 B30-B36 B40-B45
B50-B56 C00-C06 C10-C25 C30-C39 C40-C49 C50-C56 C60-C68 C70-C78 C80-C86 C90-C99 D00-D05 D10-D15
D20-D29 D30-D36 D40-D43 D50-D55 E00-E09 E10-E17 E20-E27 E30-E38 E40-E48"""


def codes():
    out = []
    for r in RANGES.split():
        a, b = r.split('-')
        out += [f"{a[0]}{n:02d}" for n in range(int(a[1:]), int(b[1:]) + 1)]
    return out


PIECES = set('炮砲包馬傌車俥相象兵卒仕士')
NOT_NAMES = set('勝負和屆賽杯年月日第章節輪選隊組盃級省市')
SPLIT = re.compile(r'[\s\u3000()（）;；,，:：\-－—/、\[\]【】《》“”"\'.]+')
TAG = re.compile(r'^\[(\w+) "(.*)"\]', re.M)

# Traditional -> simplified for the characters these names use (written by us).
T2S = dict(zip(
    '馬傌車俥對進將帥過邊鉤兩頭蛇屏風馬單雙後補順鴛鴦龜炮盤河兌轉還跆佈開緩衝橫實戰當飛與屯窩齊騎護擺應連尋總鳳佔條攔歸換棄'
    '結構學習類麼宮紅',
    '马马车车对进将帅过边钩两头蛇屏风马单双后补顺鸳鸯龟炮盘河兑转还跆布开缓冲横实战当飞与屯窝齐骑护摆应连寻总凤占条拦归换弃'
    '结构学习类么宫红'))


# Slips in the data that would otherwise split the votes (仙人指跆 for 仙人指路, 中跑 for 中炮).
SLIPS = {'指跆': '指路', '跑': '炮'}


def simplified(s):
    s = ''.join(T2S.get(ch, ch) for ch in s)
    for a, b in SLIPS.items():
        s = s.replace(a, b)
    return s


def read(path):
    text = open(path, 'rb').read().decode('big5', errors='replace')
    return {k: v for k, v in TAG.findall(text)}


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else '/tmp/ccpd/Dataset'
    games, people = [], []
    for d, _, files in sorted(os.walk(root)):
        for f in sorted(files):
            if f.endswith('.pgn'):
                t = read(os.path.join(d, f))
                games.append((t.get('ECCO', ''), t.get('Event', '')))
                people += [t.get(k, '') for k in ('Red', 'Black', 'RedTeam', 'BlackTeam', 'Site')]
    people = '\n'.join(sorted(set(people)))
    votes = collections.defaultdict(collections.Counter)
    for code, event in games:
        if not code:
            continue
        seen = set()
        for tok in SPLIT.split(event):
            if (len(tok) >= 3 and re.fullmatch(r'[\u4e00-\u9fff０-９]+', tok)
                    and set(tok) & PIECES and not set(tok) & NOT_NAMES
                    and '象棋' not in tok and tok not in people):
                seen.add(tok)
        for tok in seen:
            votes[code.upper()][simplified(tok)] += 1

    def best(counter):
        return min(counter.items(), key=lambda kv: (-kv[1], -len(kv[0]), kv[0]))

    print('# ECCO codes with opening names from the Chinese Chess Practical Dataset (CCPD, Yu-Han Tseng,')
    print('# CC BY 4.0): for each code, the name seen most often with it in the [Event] headers of')
    print('# CCPD games and opening lines, in simplified characters; English glosses and the selection are')
    print('# ours (scripts/ecco_names.py). Columns: code, name, English, source (data N: named so by N')
    print('# CCPD games; none: no name for this code in CCPD, left empty).')
    for code in codes():
        if votes[code]:
            name, n = best(votes[code])
            source = f"data {n}"
        else:
            print(f"{code}\t\t\tnone")
            continue
        print(f"{code}\t{name}\t{gloss(name)}\t{source}")


G = {
    # openings and systems
    '仙人指路': 'Pawn Opening', '中炮': 'Central Cannon', '屏风马': 'Screen Horses',
    '反宫马': 'Sandwiched Horses', '单提马': 'Single Lifted Horse', '三步虎': 'Three-Step Tiger',
    '左炮封车': 'Left Cannon Blockade', '列炮': 'Opposite Cannons', '顺炮': 'Same-Direction Cannons',
    '后补列炮': 'Delayed Opposite Cannons', '鸳鸯炮': 'Mandarin-Duck Cannons', '龟背炮': 'Turtle-Back Cannon',
    '飞相': 'Elephant', '飞象': 'Elephant', '顺相': 'Same-Side Elephant', '列相': 'Opposite-Side Elephant',
    '起马': 'Horse', '仕角炮': 'Palcorner Cannon', '士角炮': 'Palcorner Cannon', '过宫炮': 'Cross-Palace Cannon',
    '卒底炮': 'Pawn-Base Cannon', '兵底炮': 'Pawn-Base Cannon', '金钩炮': 'Golden-Hook Cannon',
    '巡河炮': 'Riverbank Cannon', '过河炮': 'River-Crossing Cannon', '巡河车': 'Riverbank Chariot',
    '过河车': 'River-Crossing Chariot', '两头蛇': 'Two-Headed Snake', '对兵': 'Pawn vs Pawn',
    '五七炮': 'Five-Seven Cannons', '五六炮': 'Five-Six Cannons', '五八炮': 'Five-Eight Cannons',
    '五九炮': 'Five-Nine Cannons', '七路马': 'Seventh-File Horse', '上仕': 'Advisor', '上士': 'Advisor',
    '边马': 'Edge Horse', '边炮': 'Edge Cannon', '边兵': 'Edge Pawn', '边卒': 'Edge Pawn', '边相': 'Edge Elephant',
    '横车': 'Ranked Chariot', '直车': 'Filed Chariot', '缓开车': 'Delayed Chariot', '正马': 'Proper Horse',
    '马盘河': 'Riverbank Horse', '马外盘河': 'Outer Riverbank Horse', '骑河车': 'River-Straddling Chariot',
    '拐角马': 'Corner-Turning Horse', '高右炮': 'Raised Right Cannon', '双炮过河': 'Both Cannons across the River',
    '平炮兑车': 'Cannon Shift to Exchange Chariots', '平炮压马': 'Cannon Shift pinning the Horse',
    '炮打中卒': 'Cannon takes Central Pawn', '进炮打马': 'Cannon Advance attacking the Horse',
    '退边炮': 'Retreated Edge Cannon', '后补': 'delayed ', '过河': ' across the River', '巡河': ' to the Riverbank', '飞': '', '上': '', '士': 'Advisor', '马': 'Horse', '车': 'Chariot', '马': 'Horse', '炮': 'Cannon',
    '顺手象': 'Same-Side Elephant', '列手象': 'Opposite-Side Elephant', '列手炮': 'Opposite Cannons',
    '半途列炮': 'Midway Opposite Cannons', '挺卒': 'Pawn Push', '挺兵': 'Pawn Push', '上马': 'Horse',
    # parts
    '局': ' Opening', '其他开局': 'Other Openings', '其他': 'Others', '对': ' vs ', '转': ' into ', '或': ' or ',
    '红': 'Red ', '黑': 'Black ', '互进': 'both advancing ', '进': 'advancing ', '连进': 'twice advancing ',
    '急进': 'quick ', '不进': 'without ', '先': 'first ', '弃': 'sacrificing ', '兑': 'exchanging ',
    '右': 'Right ', '左': 'Left ', '双': 'Double ', '高': 'Raised ', '中兵': 'Central Pawn', '中卒': 'Central Pawn',
    '七兵': '7th Pawn', '三兵': '3rd Pawn', '双兵': 'both Pawns', '３卒': '3rd Pawn', '７卒': '7th Pawn', '7卒': '7th Pawn',
    '兵': 'Pawn', '卒': 'Pawn', '象': 'Elephant', '相': 'Elephant',
}
KEYS = sorted(G, key=len, reverse=True)


def gloss(zh):
    out, i = [], 0
    while i < len(zh):
        for k in KEYS:
            if zh.startswith(k, i):
                out.append(G[k])
                i += len(k)
                break
        else:
            raise SystemExit(f"no gloss for {zh[i:]!r} in {zh!r}")
    text = ' '.join(out)
    return ' '.join(text.split())


main()
