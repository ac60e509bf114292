//! Every player-facing string of the TUI, in English and Italian.
//!
//! A message is a [`Msg`] key; [`en`] and [`it`] each word every key in one exhaustive `match`,
//! so a key without a translation is a compile error, not a blank. Messages with arguments are
//! templates with numbered holes (`{0}`, `{1}`) filled by [`Msg::fill`]; a test checks that
//! both languages use the same holes. A hand-written table needs no crate and keeps the
//! check at compile time (fluent and rust-i18n look keys up by string at run time).
//!
//! The rules module's `Display` texts (outcomes, illegal moves) stay English for the CLI and
//! PDN; the TUI words them here ([`outcome`], [`illegal`]).

mod en;
mod it;

/// The English key tables (the help's wording before there were languages).
pub use en::{KEYS as EN_KEYS, REPLAY_KEYS as EN_REPLAY_KEYS};

use crate::engine::Strength;
use crate::rules::{Color, DrawReason, IllegalMove, Move, Outcome, RuleSet, WinReason};
use std::fmt::Display;
use std::time::Duration;

/// The language of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Lang {
    #[default]
    En,
    It,
}

impl Lang {
    /// Both languages.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::It];

    /// The language the locale asks for: the first non-empty of `LC_ALL`, `LC_MESSAGES`,
    /// `LANG` (the POSIX order) decides; a value starting with `it` (`it_IT.UTF-8`) is
    /// Italian, anything else English.
    pub fn from_locale(
        lc_all: Option<&str>,
        lc_messages: Option<&str>,
        lang: Option<&str>,
    ) -> Lang {
        let chosen = [lc_all, lc_messages, lang]
            .into_iter()
            .flatten()
            .map(str::trim)
            .find(|v| !v.is_empty());
        match chosen {
            Some(v) if v.to_ascii_lowercase().starts_with("it") => Lang::It,
            _ => Lang::En,
        }
    }

    /// [`Lang::from_locale`] on this process's environment.
    pub fn from_env() -> Lang {
        let var = |k: &str| std::env::var(k).ok();
        Lang::from_locale(
            var("LC_ALL").as_deref(),
            var("LC_MESSAGES").as_deref(),
            var("LANG").as_deref(),
        )
    }

    /// The help's key table: (keys, what they do).
    pub fn keys(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Lang::En => en::KEYS,
            Lang::It => it::KEYS,
        }
    }

    /// The replay viewer's key table.
    pub fn replay_keys(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Lang::En => en::REPLAY_KEYS,
            Lang::It => it::REPLAY_KEYS,
        }
    }
}

macro_rules! keys {
    ($($(#[$doc:meta])* $name:ident,)*) => {
        /// A player-facing message (its wording per language is in `en.rs` and `it.rs`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Msg {
            $($(#[$doc])* $name,)*
        }

        impl Msg {
            /// Every key, for the tests that check both languages.
            pub const ALL: &'static [Msg] = &[$(Msg::$name,)*];
        }
    };
}

keys! {
    // ----- colours and players -----
    White,
    Black,
    You,
    /// The player's name in saved games (`You`), as shown.
    PlayerYou,
    Engine,
    // ----- questions -----
    QuitKept,
    QuitUntouched,
    QuitNotKept,
    NewGameQ,
    ResignQ,
    ReplaceQ,
    // ----- the message line: board actions -----
    NotSavedKept,
    SaveElsewhere,
    FlippedBlack,
    FlippedWhite,
    NumbersShown,
    NumbersHidden,
    BellOn,
    BellOff,
    EvalShown,
    EvalHidden,
    AlreadyOver,
    // ----- entering moves -----
    ChooseWhere,
    TouchMoveMust,
    GameOverKeys,
    EngineThinkingWait,
    DarkSquaresOnly,
    MustCaptureBackHome,
    MustCaptureChoose,
    PickedTouch,
    Picked,
    PickedKingTouch,
    PickedKing,
    ChooseMarked,
    AgainForPlain,
    CapturesEndOn,
    Through,
    YouPlayed,
    IllegalGameOver,
    IllegalNotLegal,
    // ----- the engine, practice, saving -----
    VerdictWin,
    VerdictLoss,
    EndMessage,
    PlayAgain,
    StoppingSearch,
    EngineNotThinking,
    EngineMoveRefused,
    EnginePlayed,
    YouMustCaptureSuffix,
    HintIs,
    NoHint,
    DrawAccepted,
    DrawDeclined,
    ScoreWin,
    ScoreLoss,
    GameOver,
    HintsYourTurn,
    LookingForMove,
    /// Item 10 of issue 21: a take-back after a flag fall gives the clocks back.
    TookBackClock,
    TakeBackNoClock,
    OfferOnYourTurn,
    YouOfferDraw,
    EngineTime,
    EngineDepth,
    NothingToTakeBack,
    TookBack,
    NothingToRedo,
    Replayed,
    NewGame,
    NoHome,
    NotSavedNoName,
    NotSavedTo,
    SavedTo,
    NotKeptIn,
    /// A phrase of `NotKeptIn`: the message line already says the game is not kept.
    NotKeptMark,
    NotKept,
    WinsIn,
    MovesOne,
    MovesMany,
    PliesOne,
    PliesMany,
    // ----- a resumed game -----
    Resumed,
    SummaryLine,
    SummaryUndated,
    SummaryNoMove,
    SummaryOneMove,
    SummaryMoves,
    SummaryOlder,
    SummaryUnwritable,
    // ----- the replay viewer -----
    CannotReadChoose,
    OverAtThisPoint,
    PlayingOn,
    ReplayTitle,
    GameOfN,
    NoGame,
    CouldNotRead,
    AnotherGameQuit,
    TagWhite,
    TagBlack,
    TagEvent,
    TagSite,
    TagDate,
    TagRound,
    ResultWins,
    ResultDraw,
    ResultUnfinished,
    RulesItalianShort,
    RulesEnglishShort,
    ViewerLine,
    SideToMove,
    ViewerKeys,
    DefaultReplay,
    ReplayKeysTitle,
    GamesHint,
    OneGame,
    NGames,
    CannotBeRead,
    // ----- too small -----
    TooSmall,
    TooSmallSize,
    TooSmallQuit,
    // ----- the panel -----
    RulesItalian,
    RulesEnglish,
    StrengthTime,
    StrengthMoveTime,
    StrengthDepth,
    StrengthNodes,
    EngineStrength,
    PiecesOne,
    PiecesMany,
    KingsShort,
    ToMove,
    NoProgress,
    Occurred,
    EvalLine,
    EvalNone,
    EngineNodes,
    EvalHiddenShows,
    WhiteScore,
    EngineLine,
    EngineLineShort,
    LinePrefix,
    NoSearchYet,
    KeysQuit,
    NoMovesYet,
    // ----- the status line -----
    Thinking,
    HintPurpose,
    DrawPurpose,
    StatusNodes,
    StatusScore,
    YourMoveCapture,
    YourMove,
    EngineThinking,
    // ----- overlays -----
    HelpTitle,
    HelpRules1,
    HelpRules2,
    HelpRules3,
    HelpClose,
    /// The last line of a help page with more after it.
    HelpMore,
    QuestionTitle,
    SaveAsTitle,
    SaveAsHint,
    GameOverTitle,
    YouWin,
    YouLose,
    ADraw,
    After,
    EndPlayAgain,
    EndSave,
    EndUndo,
    EndLook,
    EndQuit,
    ArchivedIn,
    ExitArchived,
    ShortItalian,
    ShortEnglish,
    StartFileEmpty,
    StartGamesTitle,
    StartGamesNone,
    StartListHint,
    KindInPlay,
    KindUnfinished,
    KindArchived,
    KindSaved,
    ListMoves,
    MoreUnfinished,
    ShelfFull,
    PrefsIgnored,
    ArchiveFailed,
    // ----- outcomes -----
    OutNoPieces,
    OutNoMoves,
    OutResigned,
    OutTime,
    OutRepetition,
    OutNoProgress,
    OutAgreement,
    // ----- why a move is refused -----
    PickOwn,
    PieceOfWhite,
    PieceOfBlack,
    NoLegalMove,
    MustCaptureReason,
    ManCannotKingMust,
    MustCaptureFrom,
    PieceCannotMove,
    MoveDarkOnly,
    NotEmpty,
    NotAllowed,
    ManCannotKing,
    ManCapturesForward,
    ManMovesForward,
    OneSquareDiagonal,
    CaptureNotAllowed,
    LadderMostPieces,
    LadderKing,
    LadderMostKings,
    LadderKingFirst,
    // ----- levels, the start screen, review -----
    StrengthLevel,
    EngineLevel,
    Taken,
    RestUnreadable,
    RuleDrawAt,
    DrawRepetition,
    DrawNoProgress,
    DrawAgreement,
    ReviewProgress,
    ReviewOneMistake,
    ReviewMistakes,
    ViewerKeysReview,
    ReviewPurpose,
    EndReview,
    ReviewNothing,
    ReviewStarted,
    ReviewDoneOne,
    ReviewDone,
    NoMistakes,
    NoMistakesYet,
    MistakesWrapped,
    ReviewDoneNone,
    ReviewNoMistakes,
    ViewerKeysDone,
    ReviewAfterEnd,
    MistakeBetter,
    MistakeAt,
    ThisGame,
    StartTitle,
    StartNewGame,
    StartRules,
    StartSide,
    StartRandomSide,
    StartLevel,
    StartResume,
    StartLoad,
    StartReplay,
    StartQuit,
    StartFileLoad,
    StartFileReplay,
    StartFileHint,
    StartKeys,
    StartedNewGame,
    Resuming,
    Loaded,
    NoGameIn,
    CannotReadFile,
    EvalTablesDraw,
    EvalTables,
    /// "best" in the comments `dama analyze --annotate` writes (`-0.35 (best 22-18 +0.12)`).
    AnnotBest,
    // ----- after the board: standard output and error -----
    ExitSaved,
    ExitKept,
    ExitNotKeptIn,
    ExitNoHome,
    ExitHereItIs,
    TablesNone,
    TablesUpTo,
    TablesNotice,
}

impl Msg {
    /// The text in `lang` (a template keeps its `{0}` holes).
    pub fn text(self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => en::text(self),
            Lang::It => it::text(self),
        }
    }

    /// The text in `lang` with hole `{i}` replaced by `args[i]`.
    pub fn fill(self, lang: Lang, args: &[&dyn Display]) -> String {
        fill(self.text(lang), args)
    }
}

/// Replaces `{0}`..`{9}` in `template` by the arguments; other text is kept as it is.
fn fill(template: &str, args: &[&dyn Display]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(at) = rest.find('{') {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let hole = tail
            .as_bytes()
            .get(1)
            .filter(|b| b.is_ascii_digit())
            .zip(tail.as_bytes().get(2));
        match hole {
            Some((d, b'}')) if usize::from(d - b'0') < args.len() => {
                out.push_str(&args[usize::from(d - b'0')].to_string());
                rest = &tail[3..];
            }
            _ => {
                out.push('{');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// A colour's name ("White", "Bianco").
pub fn color(lang: Lang, c: Color) -> &'static str {
    match c {
        Color::White => Msg::White.text(lang),
        Color::Black => Msg::Black.text(lang),
    }
}

/// "you" or "engine" for the side `c` when the player has `human`.
pub fn who(lang: Lang, c: Color, human: Color) -> &'static str {
    if c == human {
        Msg::You.text(lang)
    } else {
        Msg::Engine.text(lang)
    }
}

/// A player's name from a record as the TUI shows it: dama's own names (`You`, `dama (level
/// 3)`) in the interface's language; any other name as written. The record keeps its tags.
pub fn player_name(lang: Lang, name: &str) -> String {
    if name == crate::tui::keep::PLAYER {
        return Msg::PlayerYou.text(lang).to_string();
    }
    match (lang, Strength::from_player_name(name)) {
        (Lang::It, Some(s)) => format!("dama ({})", strength(lang, s)),
        _ => name.to_string(),
    }
}

/// How the game ended, as the TUI words it (in English the same as `Outcome`'s `Display`).
pub fn outcome(lang: Lang, o: Outcome) -> String {
    match o {
        Outcome::Win { winner, reason } => {
            let key = match reason {
                WinReason::NoPieces => Msg::OutNoPieces,
                WinReason::NoMoves => Msg::OutNoMoves,
                WinReason::Resignation => Msg::OutResigned,
                WinReason::Time => Msg::OutTime,
            };
            key.fill(
                lang,
                &[&color(lang, winner), &color(lang, winner.opposite())],
            )
        }
        Outcome::Draw { reason } => match reason {
            DrawReason::Repetition => Msg::OutRepetition,
            DrawReason::NoProgress => Msg::OutNoProgress,
            DrawReason::Agreement => Msg::OutAgreement,
        }
        .text(lang)
        .to_string(),
    }
}

/// A draw by the rules, in a few words (for a record that plays on after it).
pub fn draw_reason(lang: Lang, r: DrawReason) -> &'static str {
    match r {
        DrawReason::Repetition => Msg::DrawRepetition,
        DrawReason::NoProgress => Msg::DrawNoProgress,
        DrawReason::Agreement => Msg::DrawAgreement,
    }
    .text(lang)
}

/// Why `Game::play` refused a move.
pub fn illegal(lang: Lang, e: &IllegalMove) -> String {
    match e {
        IllegalMove::GameOver(m) => Msg::IllegalGameOver.fill(lang, &[m]),
        IllegalMove::NotLegal(m) => Msg::IllegalNotLegal.fill(lang, &[m]),
    }
}

/// "1 ply" / "7 plies".
pub fn plies(lang: Lang, n: impl Into<u64>) -> String {
    let n = n.into();
    if n == 1 {
        Msg::PliesOne.text(lang).to_string()
    } else {
        Msg::PliesMany.fill(lang, &[&n])
    }
}

/// "1 move" / "7 moves".
pub fn moves(lang: Lang, n: impl Into<u64>) -> String {
    let n = n.into();
    if n == 1 {
        Msg::MovesOne.text(lang).to_string()
    } else {
        Msg::MovesMany.fill(lang, &[&n])
    }
}

/// A score from the mover's view as the engine words it (`+0.35`, `win in 7`).
pub fn score(lang: Lang, score: i32) -> String {
    use crate::engine::score::{ScoreKind, classify};
    match classify(score) {
        ScoreKind::Win(n) => Msg::ScoreWin.fill(lang, &[&n]),
        ScoreKind::Loss(n) => Msg::ScoreLoss.fill(lang, &[&n]),
        // Numbers read the same in every language the game speaks.
        centi @ ScoreKind::Centi(_) => centi.to_string(),
    }
}

/// A score from White's view: `+0.35`, or for a forced end `White wins in 7 plies`.
pub fn white_score(lang: Lang, score: i32) -> String {
    use crate::engine::score::{ScoreKind, classify};
    let (winner, plies_left) = match classify(score) {
        ScoreKind::Win(n) => (Color::White, n),
        ScoreKind::Loss(n) => (Color::Black, n),
        centi @ ScoreKind::Centi(_) => return centi.to_string(),
    };
    Msg::WinsIn.fill(lang, &[&color(lang, winner), &plies(lang, plies_left)])
}

/// A move as written (square numbers, the draughts standard) with the board's coordinates
/// after it, so the numbers and the a-h/1-8 labels agree: `22-18 (d3-c4)`, `21x14x5 (b3xd5xb7)`.
pub fn move_text(m: &Move, rules: RuleSet) -> String {
    let sep = if m.is_capture() { "x" } else { "-" };
    let coords: Vec<String> = std::iter::once(m.from())
        .chain(m.path())
        .map(|s| s.coordinate(rules))
        .collect();
    format!("{m} ({})", coords.join(sep))
}

/// A time per move: "300 ms", "2 s", "2.5 s" (the same in both languages).
pub fn movetime(t: Duration) -> String {
    let ms = t.as_millis();
    if ms < 1000 {
        format!("{ms} ms")
    } else if ms.is_multiple_of(1000) {
        format!("{} s", ms / 1000)
    } else {
        format!("{:.1} s", ms as f64 / 1000.0)
    }
}

/// The engine's strength as the panel words it: `level 3 of 10`, `depth 12`, `2 s a move`.
pub fn strength(lang: Lang, s: Strength) -> String {
    match s {
        Strength::Level(n) => {
            Msg::StrengthLevel.fill(lang, &[&n, &crate::engine::strength::LEVELS])
        }
        Strength::Depth(d) => Msg::StrengthDepth.fill(lang, &[&d]),
        Strength::MoveTime(t) => Msg::StrengthMoveTime.fill(lang, &[&movetime(t)]),
        Strength::Nodes(n) => Msg::StrengthNodes.fill(lang, &[&n]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Move, RuleSet};
    use std::collections::BTreeSet;

    /// The `{n}` holes of a template.
    fn holes(t: &str) -> BTreeSet<u8> {
        let b = t.as_bytes();
        (0..b.len().saturating_sub(2))
            .filter(|&i| b[i] == b'{' && b[i + 1].is_ascii_digit() && b[i + 2] == b'}')
            .map(|i| b[i + 1] - b'0')
            .collect()
    }

    #[test]
    fn every_key_has_a_text_in_both_languages_with_the_same_holes() {
        for &m in Msg::ALL {
            let en = m.text(Lang::En);
            let it = m.text(Lang::It);
            assert!(!en.trim().is_empty(), "{m:?} has no English text");
            assert!(!it.trim().is_empty(), "{m:?} has no Italian text");
            assert_eq!(holes(en), holes(it), "{m:?}: {en:?} / {it:?}");
        }
    }

    #[test]
    fn the_italian_texts_are_translated() {
        for &m in Msg::ALL {
            assert_ne!(
                m.text(Lang::En),
                m.text(Lang::It),
                "{m:?} is not translated"
            );
        }
        let (en, it) = (Lang::En.keys(), Lang::It.keys());
        assert_eq!(en.len(), it.len());
        for ((ke, de), (_, di)) in en.iter().zip(it) {
            assert_ne!(de, di, "the help for {ke} is not translated");
        }
        let (en, it) = (Lang::En.replay_keys(), Lang::It.replay_keys());
        assert_eq!(en.len(), it.len());
        for ((ke, de), (_, di)) in en.iter().zip(it) {
            assert_ne!(de, di, "the replay help for {ke} is not translated");
        }
    }

    #[test]
    fn the_all_list_holds_every_key_once() {
        let set: BTreeSet<String> = Msg::ALL.iter().map(|m| format!("{m:?}")).collect();
        assert_eq!(set.len(), Msg::ALL.len());
    }

    #[test]
    fn templates_are_filled() {
        assert_eq!(
            Msg::CapturesEndOn.fill(Lang::En, &[&2, &"14", &""]),
            "2 captures end on 14: choose a marked landing square on the way"
        );
        assert_eq!(fill("{a} {0} {1}{", &[&"x", &7]), "{a} x 7{");
        // A hole without an argument stays as written rather than vanishing.
        assert_eq!(fill("{0} {1}", &[&"x"]), "x {1}");
    }

    #[test]
    fn the_locale_chooses_the_language() {
        assert_eq!(Lang::from_locale(None, None, None), Lang::En);
        assert_eq!(Lang::from_locale(None, None, Some("it_IT.UTF-8")), Lang::It);
        assert_eq!(Lang::from_locale(None, None, Some("C.UTF-8")), Lang::En);
        // LC_ALL wins over the rest, then LC_MESSAGES; an empty value does not count.
        assert_eq!(
            Lang::from_locale(Some("en_GB.UTF-8"), Some("it_IT"), Some("it_IT")),
            Lang::En
        );
        assert_eq!(
            Lang::from_locale(Some(""), Some("it_CH.UTF-8"), Some("en_US")),
            Lang::It
        );
        assert_eq!(
            Lang::from_locale(None, Some("en_US"), Some("it_IT")),
            Lang::En
        );
        assert_eq!(Lang::from_locale(Some("it"), None, None), Lang::It);
        assert_eq!(Lang::from_locale(None, None, Some("POSIX")), Lang::En);
    }

    #[test]
    fn english_outcomes_read_as_the_rules_word_them() {
        // The TUI showed the rules' Display before it had languages; English must not change.
        let mut all = Vec::new();
        for winner in [Color::White, Color::Black] {
            for reason in [
                WinReason::NoPieces,
                WinReason::NoMoves,
                WinReason::Resignation,
                WinReason::Time,
            ] {
                all.push(Outcome::Win { winner, reason });
            }
        }
        for reason in [
            DrawReason::Repetition,
            DrawReason::NoProgress,
            DrawReason::Agreement,
        ] {
            all.push(Outcome::Draw { reason });
        }
        for o in all {
            assert_eq!(outcome(Lang::En, o), o.to_string());
            let it = outcome(Lang::It, o);
            assert_ne!(it, o.to_string());
            if let Some(w) = o.winner() {
                assert!(
                    it.starts_with(&format!("Vince il {}", color(Lang::It, w))),
                    "{it}"
                );
            } else {
                assert!(it.starts_with("Patta"), "{it}");
            }
        }
        let m = crate::rules::legal_moves(&crate::rules::Position::start(RuleSet::Italian))[0];
        let e = IllegalMove::NotLegal(m);
        assert_eq!(illegal(Lang::En, &e), e.to_string());
        let _: Move = m;
    }

    #[test]
    fn english_scores_read_as_the_engine_words_them() {
        use crate::engine::WIN;
        for s in [0, 35, -120, WIN - 7, -(WIN - 4)] {
            assert_eq!(score(Lang::En, s), crate::engine::format_score(s));
        }
        assert_eq!(score(Lang::It, WIN - 7), "vittoria in 7");
    }
}

#[cfg(test)]
mod width {
    use super::*;

    /// A message that fits an 80-column line in English fits it in Italian too (holes filled
    /// with a typical square number), so switching language never cuts a line that was whole.
    #[test]
    fn italian_lines_fit_where_english_ones_do() {
        let args: [&dyn Display; 5] = [&"22", &"22", &"22", &"22", &"22"];
        let mut long = Vec::new();
        let questions = [Msg::QuitKept, Msg::NewGameQ, Msg::ResignQ, Msg::ReplaceQ];
        for &m in Msg::ALL {
            let en = m.fill(Lang::En, &args).chars().count();
            let it = m.fill(Lang::It, &args).chars().count();
            // A question sits in a box: two borders and two columns of padding.
            let room = if questions.contains(&m) { 76 } else { 80 };
            if en <= room && it > room {
                long.push(format!("{m:?}: {it}"));
            }
        }
        for (lang, keys) in [(Lang::En, Lang::En.keys()), (Lang::It, Lang::It.keys())] {
            for (k, d) in keys {
                // The help box: keys padded to 14, a space, borders and padding.
                assert!(15 + d.chars().count() + 4 <= 80, "{lang:?} {k}: {d}");
            }
        }
        assert!(long.is_empty(), "{long:?}");
    }
}
