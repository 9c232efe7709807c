//! Titles by rating, provisional players, tournament-only and honorary titles.

use platform::rating::{HonoraryTitle, Ladder, PlayerRating, Profile, TitleError, TitleRecord};

fn rated(rating: f64, games: u32) -> PlayerRating {
    PlayerRating {
        games,
        ..PlayerRating::new(rating)
    }
}

#[test]
fn ourgame_ladder_by_rating() {
    let l = Ladder::Ourgame;
    assert_eq!(l.by_rating(1099.9).zh(), "九级棋士");
    assert_eq!(l.by_rating(1100.0).zh(), "八级棋士");
    assert_eq!(l.by_rating(1400.0).zh(), "五级棋士");
    assert_eq!(l.by_rating(1799.0).zh(), "二级棋士");
    assert_eq!(l.by_rating(1800.0).zh(), "一级棋士");
    assert_eq!(l.by_rating(2000.0).zh(), "三级大师");
    assert_eq!(l.by_rating(2200.0).zh(), "二级大师");
    // 一级大师 and 特级大师 are never reached by rating.
    assert_eq!(l.by_rating(2450.0).zh(), "二级大师");
    assert_eq!(l.by_rating(3000.0).zh(), "二级大师");
    assert_eq!(l.by_rating(-50.0).zh(), "九级棋士");
}

#[test]
fn lotto_ladder_by_rating() {
    let l = Ladder::Lotto;
    assert_eq!(l.by_rating(800.0).zh(), "都尉");
    assert_eq!(l.by_rating(799.0).zh(), "校尉");
    assert_eq!(l.by_rating(0.0).zh(), "伍长");
    assert_eq!(l.by_rating(-1.0).zh(), "兵卒");
    assert_eq!(l.by_rating(1200.0).zh(), "虎贲中郎将");
    assert_eq!(l.by_rating(2300.0).zh(), "卫将军");
    assert_eq!(l.by_rating(2700.0).zh(), "卫将军");
    assert_eq!(l.titles().count(), 15);
}

#[test]
fn qq_ladder_reaches_the_top_by_rating() {
    let l = Ladder::Qq;
    assert_eq!(l.by_rating(0.0).zh(), "九级棋手");
    assert_eq!(l.by_rating(1100.0).zh(), "八级棋手");
    assert_eq!(l.by_rating(1800.0).zh(), "一级棋手");
    assert_eq!(l.by_rating(2400.0).zh(), "一级大师");
    assert_eq!(l.by_rating(2600.0).zh(), "特级大师");
}

#[test]
fn ourgame_players_are_untitled_for_their_first_20_games() {
    let record = TitleRecord::default();
    let shown = record.shown(&Profile::Ourgame, &rated(1900.0, 19));
    assert_eq!(shown.rank, None);
    assert_eq!(shown.to_string(), "无称号");
    let shown = record.shown(&Profile::Ourgame, &rated(1900.0, 20));
    assert_eq!(shown.to_string(), "一级棋士");
    // Lotto has no provisional period.
    let shown = record.shown(&Profile::Lotto, &rated(800.0, 0));
    assert_eq!(shown.to_string(), "都尉");
}

#[test]
fn tournament_titles_stay_whatever_the_rating() {
    let mut record = TitleRecord::default();
    let gm = Ladder::Ourgame.find("特级大师").unwrap();
    let im = Ladder::Ourgame.find("一级大师").unwrap();
    assert_eq!(record.award(im), Ok(true));
    assert_eq!(
        record
            .shown(&Profile::Ourgame, &rated(1500.0, 300))
            .to_string(),
        "一级大师"
    );
    // A lower or equal award changes nothing; a higher one replaces it.
    assert_eq!(record.award(im), Ok(false));
    assert_eq!(record.award(gm), Ok(true));
    assert_eq!(record.award(im), Ok(false));
    assert_eq!(record.awarded, Some(gm));
    // Even while provisional.
    assert_eq!(
        record
            .shown(&Profile::Ourgame, &rated(1000.0, 0))
            .to_string(),
        "特级大师"
    );
}

#[test]
fn rating_titles_cannot_be_awarded() {
    let mut record = TitleRecord::default();
    let m3 = Ladder::Ourgame.find("三级大师").unwrap();
    assert_eq!(record.award(m3), Err(TitleError::NotATournamentTitle(m3)));
    let general = Ladder::Lotto.find("大将军").unwrap();
    assert_eq!(record.award(general), Ok(true));
    let im = Ladder::Ourgame.find("一级大师").unwrap();
    assert!(matches!(
        record.award(im),
        Err(TitleError::LadderMismatch { .. })
    ));
    assert_eq!(record.awarded, Some(general));
    // QQ's masters are earned by rating.
    let qq_gm = Ladder::Qq.find("特级大师").unwrap();
    assert!(!qq_gm.is_tournament_only());
}

#[test]
fn honorary_titles_are_shown_with_a_marker() {
    let mut record = TitleRecord::default();
    record.set_honorary(Some(HonoraryTitle::NationalMaster));
    let shown = record.shown(&Profile::Ourgame, &rated(2050.0, 40));
    assert_eq!(shown.to_string(), "三级大师 · 国家大师");
    let shown = record.shown(&Profile::Ourgame, &rated(2050.0, 3));
    assert_eq!(shown.to_string(), "无称号 · 国家大师");
    record.set_honorary(None);
    assert_eq!(
        record.shown(&Profile::Ourgame, &rated(2050.0, 40)).honorary,
        None
    );
}

#[test]
fn glicko2_has_no_rating_titles() {
    let record = TitleRecord::default();
    let p = Profile::Glicko2(Default::default());
    assert_eq!(record.shown(&p, &rated(2500.0, 100)).rank, None);
}

#[test]
fn titles_are_storable() {
    let mut record = TitleRecord::default();
    record
        .award(Ladder::Lotto.find("骠骑将军").unwrap())
        .unwrap();
    record.set_honorary(Some(HonoraryTitle::InternationalGrandmaster));
    let json = serde_json::to_string(&record).unwrap();
    let back: TitleRecord = serde_json::from_str(&json).unwrap();
    assert_eq!(back, record);
    assert_eq!(back.awarded.unwrap().en(), "General of Swift Cavalry");
}
