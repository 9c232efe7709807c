//! Repetition rulings in words, in Chinese and English: "黑方长捉：马在 d4 与 e2 之间往返，每步捉
//! 红车（c2）。黑方负。" / "Black chases perpetually: the horse shuttles between d4 and e2,
//! attacking Red's chariot on c2 every move. Black loses." Points are ICCS (`e2`, ranks 0–9).

use super::evidence::{Conduct, CycleStep, RepetitionEvidence};
use crate::{Color, EndReason, Piece, Role, Square};

/// The language of an explanation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// Simplified Chinese.
    #[default]
    Zh,
    /// English.
    En,
}

impl Lang {
    /// Both languages.
    pub const ALL: [Lang; 2] = [Lang::Zh, Lang::En];

    /// `zh` or `en`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::En => "en",
        }
    }
}

impl RepetitionEvidence {
    /// The ruling in one or two sentences: who did what with which pieces, and the result.
    ///
    /// ```
    /// use xiangqi::rulings::{Judge, Lang, RuleSet};
    /// use xiangqi::Position;
    /// // Red's horse attacks the chariot from d4; back on e2 it mounts the cannon h2, which
    /// // attacks it in turn. Black's king only steps to and fro.
    /// let start = Position::from_fen("3k5/9/9/9/9/9/9/2r1N2C1/9/5K3 w - - 0 1")?;
    /// let mut judge = Judge::new(start, RuleSet::default());
    /// for m in "e2d4 d9e9 d4e2 e9d9 e2d4 d9e9 d4e2 e9d9".split(' ') {
    ///     judge.play(m.parse()?)?;
    /// }
    /// let evidence = judge.evidence().expect("a repetition ruling");
    /// assert_eq!(
    ///     evidence.explain(Lang::Zh),
    ///     "红方长捉：马在 e2 与 d4 之间往返，每步捉黑车（c2）（马、h2 炮轮流捉）。红方负。"
    /// );
    /// assert_eq!(
    ///     evidence.explain(Lang::En),
    ///     "Red chases perpetually: the horse shuttles between e2 and d4, attacking Black's \
    ///      chariot on c2 every move (in turn by the horse and the cannon on h2). Red loses."
    /// );
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn explain(&self, lang: Lang) -> String {
        let Some(loser) = self.loser() else {
            return self.explain_draw(lang);
        };
        let moves = movement(self, loser, lang);
        let name = side(loser, lang);
        let mut text = match (self.conduct(loser), lang) {
            (Conduct::PerpetualCheck, Lang::En) => {
                format!("{name} checks perpetually: {moves}, giving check every move.")
            }
            (Conduct::PerpetualCheck, Lang::Zh) => format!("{name}长将：{moves}，每步将军。"),
            (Conduct::PerpetualChase(victims), Lang::En) => format!(
                "{name} chases perpetually: {moves}, attacking {} every move{}.",
                pieces(victims, lang),
                chasers(self, loser, victims, lang)
            ),
            (Conduct::PerpetualChase(victims), Lang::Zh) => format!(
                "{name}长捉：{moves}，每步捉{}{}。",
                pieces(victims, lang),
                chasers(self, loser, victims, lang)
            ),
            (_, Lang::En) => format!(
                "{name} attacks on every move ({}): {moves}{}. The Chinese rules forbid it.",
                kinds(self, loser, lang),
                chased_list(self, loser, lang)
            ),
            (_, Lang::Zh) => format!(
                "{name}{}：{moves}{}，属禁止着法。",
                kinds(self, loser, lang),
                chased_list(self, loser, lang)
            ),
        };
        if let (EndReason::PerpetualCheck, Conduct::PerpetualChase(victims)) =
            (self.outcome.reason, self.conduct(!loser))
        {
            let (other, victims) = (side(!loser, lang), pieces(victims, lang));
            text.push_str(&match lang {
                Lang::En => format!(
                    " {other} chases perpetually too ({victims}), which weighs less than a \
                     perpetual check."
                ),
                Lang::Zh => format!("{other}虽长捉{victims}，轻于长将。"),
            });
        }
        match lang {
            Lang::En => format!("{text} {name} loses."),
            Lang::Zh => format!("{text}{name}负。"),
        }
    }

    fn explain_draw(&self, lang: Lang) -> String {
        let red = movement(self, Color::Red, lang);
        let black = movement(self, Color::Black, lang);
        let n = self.occurrences;
        match (&self.red, &self.black, lang) {
            (Conduct::PerpetualCheck, Conduct::PerpetualCheck, Lang::En) => {
                format!("Both sides check perpetually (Red: {red}; Black: {black}). Draw.")
            }
            (Conduct::PerpetualCheck, Conduct::PerpetualCheck, Lang::Zh) => {
                format!("双方长将（红方：{red}；黑方：{black}）。和棋。")
            }
            (Conduct::PerpetualChase(r), Conduct::PerpetualChase(b), Lang::En) => format!(
                "Both sides chase perpetually (Red: {red}, attacking {}; Black: {black}, \
                 attacking {}). Draw.",
                pieces(r, lang),
                pieces(b, lang)
            ),
            (Conduct::PerpetualChase(r), Conduct::PerpetualChase(b), Lang::Zh) => format!(
                "双方长捉（红方：{red}，捉{}；黑方：{black}，捉{}）。和棋。",
                pieces(r, lang),
                pieces(b, lang)
            ),
            (Conduct::Forbidden, Conduct::Forbidden, Lang::En) => {
                format!("Both sides attack on every move (Red: {red}; Black: {black}). Draw.")
            }
            (Conduct::Forbidden, Conduct::Forbidden, Lang::Zh) => {
                format!("双方均为禁止着法（红方：{red}；黑方：{black}）。和棋。")
            }
            (_, _, Lang::En) => format!(
                "The position occurred {n} times and neither side checked or chased on every \
                 move (Red: {red}; Black: {black}). Draw."
            ),
            (_, _, Lang::Zh) => format!(
                "同一局面出现 {n} 次，双方均无长将、长捉（红方：{red}；黑方：{black}）。和棋。"
            ),
        }
    }
}

/// 红方 / Red.
fn side(color: Color, lang: Lang) -> &'static str {
    match (color, lang) {
        (Color::Red, Lang::Zh) => "红方",
        (Color::Black, Lang::Zh) => "黑方",
        (Color::Red, Lang::En) => "Red",
        (Color::Black, Lang::En) => "Black",
    }
}

/// The English name of a role.
fn role_en(role: Role) -> &'static str {
    match role {
        Role::King => "king",
        Role::Advisor => "advisor",
        Role::Elephant => "elephant",
        Role::Horse => "horse",
        Role::Chariot => "chariot",
        Role::Cannon => "cannon",
        Role::Pawn => "pawn",
    }
}

/// An enemy piece on its point: "Red's chariot on c2" / "红车（c2）".
fn piece_at(piece: Piece, sq: Square, lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "{}'s {} on {sq}",
            side(piece.color, lang),
            role_en(piece.role)
        ),
        Lang::Zh => {
            let c = if piece.color == Color::Red {
                '红'
            } else {
                '黑'
            };
            format!("{c}{}（{sq}）", piece.notation_char())
        }
    }
}

/// A list of enemy pieces.
fn pieces(list: &[(Piece, Square)], lang: Lang) -> String {
    let names: Vec<String> = list.iter().map(|&(p, s)| piece_at(p, s, lang)).collect();
    join(&names, lang)
}

/// "a, b and c" / "a、b、c".
fn join(items: &[String], lang: Lang) -> String {
    match (lang, items) {
        (_, []) => String::new(),
        (_, [one]) => one.clone(),
        (Lang::Zh, _) => items.join("、"),
        (Lang::En, [init @ .., last]) => format!("{} and {last}", init.join(", ")),
    }
}

/// How `color`'s pieces moved in the cycle: "the horse shuttles between d4 and e2" /
/// "马在 d4 与 e2 之间往返", one phrase per piece.
fn movement(evidence: &RepetitionEvidence, color: Color, lang: Lang) -> String {
    let phrases: Vec<String> = chains(evidence, color)
        .iter()
        .map(|(piece, pts)| path(*piece, pts, lang))
        .collect();
    if phrases.is_empty() {
        return match lang {
            Lang::En => "no move".to_string(),
            Lang::Zh => "无着".to_string(),
        };
    }
    join(&phrases, lang)
}

/// The points each of `color`'s moving pieces visits in the cycle, one chain per piece: a move
/// continues the chain that ends where it starts.
fn chains(evidence: &RepetitionEvidence, color: Color) -> Vec<(Piece, Vec<Square>)> {
    let mut chains: Vec<(Piece, Vec<Square>)> = Vec::new();
    for step in evidence.moves_of(color) {
        let (from, to) = (step.mv.from(), step.mv.to());
        match chains.iter_mut().find(|(_, pts)| pts.last() == Some(&from)) {
            Some((_, pts)) => pts.push(to),
            None => chains.push((step.piece, vec![from, to])),
        }
    }
    chains
}

/// One piece's path.
fn path(piece: Piece, pts: &[Square], lang: Lang) -> String {
    let closed = pts.len() > 2 && pts.first() == pts.last();
    let mut distinct: Vec<Square> = Vec::new();
    for &p in pts {
        if !distinct.contains(&p) {
            distinct.push(p);
        }
    }
    let names: Vec<String> = distinct.iter().map(ToString::to_string).collect();
    let route: Vec<String> = pts.iter().map(ToString::to_string).collect();
    let (en, zh) = (role_en(piece.role), piece.notation_char());
    match (lang, closed, names.as_slice()) {
        (Lang::En, true, [a, b]) => format!("the {en} shuttles between {a} and {b}"),
        (Lang::Zh, true, [a, b]) => format!("{zh}在 {a} 与 {b} 之间往返"),
        (Lang::En, true, _) => format!("the {en} goes round {}", join(&names, lang)),
        (Lang::Zh, true, _) => format!("{zh}在 {} 之间循环", names.join("、")),
        (Lang::En, false, _) => format!("the {en} moves {}", route.join("–")),
        (Lang::Zh, false, _) => format!("{zh}走 {}", route.join("–")),
    }
}

/// The pieces that chased `victims` in turn, when more than one did: " (in turn by the horse
/// and the cannon on h2)" / "（马、h2 炮轮流捉）". A piece that moves in the cycle is named
/// without a point, one that stays with its point.
fn chasers(
    evidence: &RepetitionEvidence,
    color: Color,
    victims: &[(Piece, Square)],
    lang: Lang,
) -> String {
    let chains = chains(evidence, color);
    let mut found: Vec<(Piece, Option<Square>)> = Vec::new();
    for step in evidence.moves_of(color) {
        for t in &step.chases {
            if !victims.iter().any(|&(p, _)| p == t.target) {
                continue;
            }
            let moving = chains.iter().any(|(_, pts)| pts.contains(&t.from));
            let key = (t.piece, if moving { None } else { Some(t.from) });
            if !found.contains(&key) {
                found.push(key);
            }
        }
    }
    if found.len() < 2 {
        return String::new();
    }
    let names: Vec<String> = found
        .iter()
        .map(|&(p, sq)| match (lang, sq) {
            (Lang::En, None) => format!("the {}", role_en(p.role)),
            (Lang::En, Some(sq)) => format!("the {} on {sq}", role_en(p.role)),
            (Lang::Zh, None) => p.notation_char().to_string(),
            (Lang::Zh, Some(sq)) => format!("{sq} {}", p.notation_char()),
        })
        .collect();
    match lang {
        Lang::En => format!(" (in turn by {})", join(&names, lang)),
        Lang::Zh => format!("（{}轮流捉）", join(&names, lang)),
    }
}

/// The kinds of attacking moves in `color`'s cycle (CXA): "长杀", "一将一捉", … / "perpetual
/// mate threats", "checks and chases in turn", ….
fn kinds(evidence: &RepetitionEvidence, color: Color, lang: Lang) -> &'static str {
    let steps: Vec<&CycleStep> = evidence.moves_of(color).collect();
    let check = steps.iter().any(|s| s.is_check());
    let threat = steps.iter().any(|s| !s.is_check() && s.mate_threat);
    let chase = steps
        .iter()
        .any(|s| !s.is_check() && !s.mate_threat && !s.chases.is_empty());
    match (check, threat, chase, lang) {
        (false, true, false, Lang::Zh) => "长杀",
        (false, true, false, Lang::En) => "perpetual mate threats",
        (false, false, true, Lang::Zh) => "长捉",
        (false, false, true, Lang::En) => "perpetual chase",
        (true, true, false, Lang::Zh) => "一将一杀",
        (true, true, false, Lang::En) => "checks and mate threats in turn",
        (true, false, true, Lang::Zh) => "一将一捉",
        (true, false, true, Lang::En) => "checks and chases in turn",
        (false, true, true, Lang::Zh) => "一杀一捉",
        (false, true, true, Lang::En) => "mate threats and chases in turn",
        (_, _, _, Lang::Zh) => "将、杀、捉交替",
        (_, _, _, Lang::En) => "checks, mate threats and chases",
    }
}

/// The pieces `color` chased in the cycle: ", chasing Red's horse on c3" / "，捉红马（c3）".
fn chased_list(evidence: &RepetitionEvidence, color: Color, lang: Lang) -> String {
    let mut found: Vec<(Piece, Square)> = Vec::new();
    for step in evidence.moves_of(color) {
        for t in &step.chases {
            if !found.contains(&(t.target, t.square)) {
                found.push((t.target, t.square));
            }
        }
    }
    if found.is_empty() {
        return String::new();
    }
    match lang {
        Lang::En => format!(", chasing {}", pieces(&found, lang)),
        Lang::Zh => format!("，捉{}", pieces(&found, lang)),
    }
}
