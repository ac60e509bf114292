//! Every player-facing string of the TUI, in English and Italian.
//!
//! A message is a [`Msg`] key; [`en`] and [`it`] each word every key in one exhaustive `match`,
//! so a key without a translation is a compile error, not a blank. Messages with arguments are
//! templates with numbered holes (`{0}`, `{1}`) filled by [`Msg::fill`]; a test checks that
//! both languages use the same holes. A hand-written table needs no crate and keeps the
//! check at compile time (fluent and rust-i18n look keys up by string at run time).
//!
//! The rules module's `Display` texts (outcomes, illegal moves) stay English for the CLI and
//! PDN; the TUI words them here ([`outcome`], [`illegal`]): the formatters the view calls
//! (colours, outcomes, scores, moves, strength) live in `format`.

mod en;
mod format;
mod it;

/// The English key tables (the help's wording before there were languages).
pub use en::{KEYS as EN_KEYS, REPLAY_KEYS as EN_REPLAY_KEYS};
pub use format::{
    color, draw_reason, fen_error, file_error, illegal, move_text, move_text_error, moves,
    movetime, outcome, pdn_error, pdn_error_kind, player_name, plies, score, strength,
    time_control, white_score, who,
};

use std::fmt::Display;

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

    /// The keys of two players at one keyboard.
    pub fn two_player_keys(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Lang::En => en::TWO_PLAYER_KEYS,
            Lang::It => it::TWO_PLAYER_KEYS,
        }
    }

    /// The keys while the engine plays itself.
    pub fn watch_keys(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Lang::En => en::WATCH_KEYS,
            Lang::It => it::WATCH_KEYS,
        }
    }

    /// The replay viewer's key table.
    /// The analysis board's keys.
    pub fn analysis_keys(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Lang::En => en::ANALYSIS_KEYS,
            Lang::It => it::ANALYSIS_KEYS,
        }
    }

    /// The position editor's keys.
    pub fn editor_keys(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Lang::En => en::EDITOR_KEYS,
            Lang::It => it::EDITOR_KEYS,
        }
    }

    /// The training's keys.
    pub fn training_keys(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Lang::En => en::TRAINING_KEYS,
            Lang::It => it::TRAINING_KEYS,
        }
    }

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
    NewGameKeptQ,
    ResignQ,
    ResignWhiteQ,
    ResignBlackQ,
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
    /// [`Msg::TookBackClock`], one move (Italian agrees in number).
    TookBackClockOne,
    TakeBackNoClock,
    OfferOnYourTurn,
    YouOfferDraw,
    EngineTime,
    EngineDepth,
    NothingToTakeBack,
    TookBack,
    /// [`Msg::TookBack`], one move.
    TookBackOne,
    NothingToRedo,
    Replayed,
    /// [`Msg::Replayed`], one move.
    ReplayedOne,
    NewGame,
    NoHome,
    NotSavedNoName,
    NotSavedTo,
    SavedTo,
    NotKeptIn,
    /// A phrase of `NotKeptIn`: the message line already says the game is not kept.
    NotKeptMark,
    NotKept,
    /// Why a file could not be kept: a file stands where its folder should be.
    FileNotFolder,
    LinkToNothing,
    WinsIn,
    MovesOne,
    MovesMany,
    PliesOne,
    PliesMany,
    // ----- a resumed game -----
    Resumed,
    SummaryLine,
    /// [`Msg::SummaryLine`] of a game of two players at one keyboard.
    SummaryTwoPlayers,
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
    /// The result a record gives when the board decides otherwise.
    RecordSays,
    /// The start screen's word on a kept game it cannot offer to resume.
    NothingToResume,
    NewestNotKept,
    KeptUnreadable,
    /// A `Result` tag at odds with the result ending the movetext.
    ResultTagSays,
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
    // ----- the analysis board (issue 22, section 1) -----
    StartAnalysis,
    AnalysisTitle,
    AnalysisOpened,
    AnalysisPurpose,
    AnalysisRunning,
    AnalysisIdle,
    /// The engine has finished with the position shown (solved it).
    AnalysisDone,
    AnalysisStarted,
    AnalysisStopped,
    AnalysisNothingHere,
    AnalysisDamaged,
    AnalysisFinished,
    AnalysisLines,
    AnalysisLine,
    AnalysisWaiting,
    AnalysisNewVariation,
    AnalysisPromoted,
    AnalysisMainLine,
    AnalysisDeleted,
    AnalysisNothingToDelete,
    AnalysisNoScore,
    /// The engine's view noted on a move: White's score, the depth, the line.
    AnalysisNote,
    AnalysisNoted,
    AnalysisAlreadyNoted,
    /// `q` on the analysis board with moves or notes not saved.
    AnalysisLeaveQ,
    AnalysisMoves,
    AnalysisStart,
    AnalysisOthers,
    AnalysisKeys1,
    AnalysisKeys2,
    AnalysisKeysTitle,
    // ----- looking back during a game (issue 22, section 1) -----
    PeekAt,
    PeekLive,
    PeekAtStart,
    PeekReadOnly,
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
    /// A table win the no-progress count (R-G3) could still cut short, from White's view.
    WinsTables,
    /// The same from the mover's view.
    ScoreTableWin,
    ScoreTableLoss,
    /// A won game in words, which name the side: no point of view to add.
    EvalDecisive,
    EvalNone,
    EngineNodes,
    EvalHiddenShows,
    WhiteScore,
    EngineLine,
    EngineLineShort,
    /// The engine's move came from the opening book: `{0}` its book score.
    EngineBook,
    /// A book move with the evaluation hidden.
    EngineBookHidden,
    /// The evaluation line after a book move.
    EvalBook,
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
    /// [`Msg::EndPlayAgain`] for two players at one keyboard: no colour is "yours".
    EndPlayAgainTwo,
    EndSave,
    EndUndo,
    EndLook,
    EndQuit,
    /// The dialog's keys on one line, for a terminal too short for one a line.
    EndKeysShort,
    ArchivedIn,
    ExitArchived,
    ShortItalian,
    ShortEnglish,
    StartFileEmpty,
    StartGamesTitle,
    StartGamesNone,
    StartGamesNoFolder,
    StartListHint,
    KindInPlay,
    KindUnfinished,
    KindArchived,
    KindSaved,
    ListMoves,
    MoreUnfinished,
    MoreUnfinishedOne,
    ShelfFull,
    KeptAside,
    PrefsIgnored,
    PrefsKeyIgnored,
    PrefsKeysIgnored,
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
    /// R-C4: a capture tried on past the crowning square.
    CrownEndsMove,
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
    MistakesWrappedBetter,
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
    /// On leaving: where the analysis board's lines were last saved.
    ExitAnalysisSaved,
    ExitSavedEarlier,
    ExitKept,
    ExitKeptAside,
    ExitNotKeptIn,
    ExitNoHome,
    ExitHereItIs,
    TablesNone,
    BookNotUsed,
    TablesUpTo,
    TablesNotice,
    // ----- issue 22 (branch editor): two players, the engine against itself, ballots, the
    // position editor -----
    APlayer,
    TwoPlayersLine,
    WatchLine,
    SideWins,
    WatchPaused,
    WatchGoingOn,
    WatchStep,
    WatchStepped,
    WatchStrength,
    WatchNotYours,
    WatchTitle,
    WatchEndKeys,
    DrawRefusedBy,
    DrawOfferWhiteQ,
    DrawOfferBlackQ,
    FromBallot,
    StartSideTwo,
    StartSideWatch,
    StartTurn,
    StartTurnYes,
    StartTurnNo,
    StartWhiteLevel,
    StartBlackLevel,
    StartOpening,
    StartOpeningNone,
    StartOpeningRandom,
    StartOpeningBallot,
    StartedTwoPlayers,
    StartedWatch,
    EditTooMany,
    EditManOnLastRow,
    EditNoPieces,
    EditFinished,
    EditOpened,
    EditFenRead,
    EditFenBadSquare,
    EditFenBad,
    /// Leaving the editor with a position set up.
    EditLeaveQ,
    // ----- why a FEN cannot be read (the notation's errors, worded for the board) -----
    FenEmpty,
    FenBadSide,
    FenBadColor,
    FenColorTwice,
    FenFieldCount,
    FenBadSquare,
    FenBadRange,
    FenOffBoard,
    FenSquareTwice,
    EditEmptied,
    EditStartPlaced,
    EditFenPrompt,
    EditCopied,
    EditDarkOnly,
    EditCannotPlay,
    EditCannotAnalyse,
    EditPlaying,
    EditTitle,
    EditCounts,
    EditCountsOne,
    EditPlayAs,
    EditReady,
    EditFenLine,
    EditFenField,
    EditKeysHelp,
    EditKeys1,
    EditKeys2,
    EditKeys3,
    EditKeys4,
    EditKeys5,
    EditKeys6,
    EditKeys7,
    StartEditor,
    SidePlayed,
    // (end of issue 22's block)
    // ----- training: combinations (colpi), issue 22 section 3 -----
    TrainingEasy,
    TrainingMedium,
    TrainingHard,
    TrainingAllLevels,
    TrainingFileIgnored,
    TrainingProgressIgnored,
    TrainingNoHome,
    TrainingNone,
    TrainingAsk,
    TrainingAskOwn,
    TrainingAgain,
    TrainingAlreadyAsking,
    TrainingWait,
    TrainingNoLineYet,
    TrainingAnsweredKeys,
    TrainingAllSolved,
    TrainingShown,
    TrainingShownAgain,
    TrainingRight,
    /// The review's better move found in a position of the player's game.
    TrainingRightOwn,
    TrainingJudging,
    TrainingWrong,
    TrainingRightToo,
    TrainingRightWins,
    TrainingWrongOwn,
    TrainingNotSaved,
    TrainingOneLine,
    TrainingKeptOwn,
    TrainingPurpose,
    TrainingTitle,
    TrainingPlace,
    TrainingFromGame,
    /// A kept position's game and move: `2026.12.07, move 12`.
    TrainingSource,
    TrainingTask,
    TrainingTaskOwn,
    TrainingVerdictRight,
    TrainingVerdictWrong,
    TrainingVerdictShown,
    TrainingVerdictJudging,
    TrainingLineSolution,
    /// The line after the review's better move (it need not win anything).
    TrainingLineBetter,
    TrainingLineRefutation,
    TrainingLineYours,
    TrainingWorking,
    TrainingGain,
    TrainingGainProven,
    TrainingStats,
    TrainingBest,
    TrainingKeysAsk,
    TrainingKeysDone,
    TrainingKeysTitle,
    EditorKeysTitle,
    StartTraining,
    StartTrainingProgress,
    StartTrainingNew,
    StartTrainingIgnored,
    TrainingExit,
    // ----- the tables built in the background (issue 25) -----
    /// The panel's progress line: percent, rule set.
    TablesBuilding,
    TablesWaiting,
    TablesBuilt,
    TablesBuildFailed,
    /// The start screen: the bigger tables and their cost.
    StartTables,
    StartTablesOff,
    // ----- levels 1-14 and the start screen's clock (issue 21 item 5) -----
    /// The top level: `level 14 of 14 (full strength)`.
    StrengthFull,
    /// A level in a player's name, where the list has no room for `of 14`: `level 14`.
    StrengthLevelShort,
    /// `+`/`-` reaching the top level.
    EngineLevelFull,
    /// `+` at the top of the scale: nothing changes.
    EngineStrongest,
    /// `-` at the bottom of the scale.
    EngineWeakest,
    /// The start screen's time-control row.
    StartClock,
    StartClockNone,
    /// A time control with an increment: `5 min + 3 s a move`.
    StartClockInc,
    /// A time control without one: `30 minutes`.
    StartClockPlain,
    /// The start screen's opening-book line: `{0}` on or off.
    StartBook,
    StartBookYes,
    StartBookNo,
    // ----- a PDN record that cannot be read, and why (the notation's own text is English) -----
    PdnAt,
    PdnUnclosedComment,
    PdnUnclosedTag,
    PdnBadTag,
    PdnUnexpected,
    PdnUnclosedVariation,
    PdnUnmatchedParen,
    PdnTooDeep,
    PdnNoGame,
    PdnNothingToAnnotate,
    PdnBadFen,
    PdnGameType,
    PdnMove,
    PdnAfterEnd,
    MoveNotAMove,
    MoveIllegal,
    MoveAmbiguous,
    MoveOr,
    SyntaxEmpty,
    SyntaxChar,
    SyntaxMissingSquare,
    SyntaxBadSquare,
    SyntaxOneSquare,
    SyntaxMixed,
    WhyNoMoves,
    WhyEmpty,
    WhyNotYours,
    WhyMustCapture,
    WhyNotALegalCapture,
    WhyNothingToCapture,
    WhyNoMove,
    WhyOnly,
    LoadSeveral,
    FileNotPdn,
    FileTooLongTag,
    FileTooLongComment,
}

impl Msg {
    /// The text in `lang` (a template keeps its `{0}` holes).
    pub fn text(self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => en::text(self),
            Lang::It => it::text(self),
        }
    }

    /// The text in `lang` with hole `{i}` replaced by `args[i]`. In Italian, the system's
    /// errors an argument carries (written by the system in English, "No space left on
    /// device (os error 28)") are worded in Italian too, see [`system_errors_in`].
    pub fn fill(self, lang: Lang, args: &[&dyn Display]) -> String {
        let text = fill(self.text(lang), args);
        match lang {
            Lang::En => text,
            Lang::It => system_errors_in(&text, &SYSTEM_ERRORS_IT),
        }
    }
}

/// The system's errors a player may meet while dama keeps, saves or reads a file (Linux
/// numbers and the English texts the standard library gives them), with dama's own reasons
/// for refusing a file, in Italian (after glibc's Italian translations).
const SYSTEM_ERRORS_IT: [(&str, &str); 16] = [
    (
        "No such file or directory (os error 2)",
        "file o cartella inesistente (errore di sistema 2)",
    ),
    (
        "Input/output error (os error 5)",
        "errore di input/output (errore di sistema 5)",
    ),
    (
        "Permission denied (os error 13)",
        "permesso negato (errore di sistema 13)",
    ),
    (
        "File exists (os error 17)",
        "il file esiste già (errore di sistema 17)",
    ),
    (
        "Not a directory (os error 20)",
        "non è una cartella (errore di sistema 20)",
    ),
    (
        "Is a directory (os error 21)",
        "è una cartella (errore di sistema 21)",
    ),
    (
        "Too many open files (os error 24)",
        "troppi file aperti (errore di sistema 24)",
    ),
    (
        "File too large (os error 27)",
        "file troppo grande (errore di sistema 27)",
    ),
    (
        "No space left on device (os error 28)",
        "spazio esaurito sul disco (errore di sistema 28)",
    ),
    (
        "Read-only file system (os error 30)",
        "file system in sola lettura (errore di sistema 30)",
    ),
    (
        "File name too long (os error 36)",
        "nome del file troppo lungo (errore di sistema 36)",
    ),
    (
        "Too many levels of symbolic links (os error 40)",
        "troppi livelli di collegamenti simbolici (errore di sistema 40)",
    ),
    (
        "Disk quota exceeded (os error 122)",
        "quota del disco superata (errore di sistema 122)",
    ),
    (
        "Operation not permitted (os error 1)",
        "operazione non permessa (errore di sistema 1)",
    ),
    ("not a regular file", "non è un file normale"),
    (": not a file dama wrote", ": non è un file scritto da dama"),
];

/// `text` with each system error of `table` replaced by its translation (one in the table
/// only: another error stays as the system worded it). "larger than N KiB" is dama's own.
fn system_errors_in(text: &str, table: &[(&str, &str)]) -> String {
    let mut out = text.to_string();
    for (en, it) in table {
        if out.contains(en) {
            out = out.replace(en, it);
        }
    }
    if let Some(at) = out.find("larger than ")
        && out[at..].contains(" KiB: non è un file scritto da dama")
    {
        out.replace_range(at..at + "larger than ".len(), "più grande di ");
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;

    use std::collections::BTreeSet;

    /// QA data: the system's errors reached the Italian board in English ("No space left on
    /// device"); those a player may meet are worded in Italian, the English board unchanged.
    #[cfg(target_os = "linux")]
    #[test]
    fn system_errors_are_worded_in_italian_on_the_italian_board() {
        for (en, it) in SYSTEM_ERRORS_IT
            .iter()
            .filter(|(en, _)| en.contains("os error"))
        {
            // The table's English is what the system says for that number.
            let n: i32 = en
                .rsplit("os error ")
                .next()
                .unwrap()
                .trim_end_matches(')')
                .parse()
                .unwrap();
            let e = std::io::Error::from_raw_os_error(n);
            assert_eq!(&e.to_string(), en);
            let said = Msg::NotSavedTo.fill(Lang::It, &[&"partita.pdn", &e]);
            assert_eq!(said, format!("Non salvata in partita.pdn: {it}"));
            let said = Msg::NotSavedTo.fill(Lang::En, &[&"game.pdn", &e]);
            assert_eq!(said, format!("Not saved to game.pdn: {en}"));
        }
        // dama's own reasons for refusing a file.
        let e = std::io::Error::other("larger than 64 KiB: not a file dama wrote");
        let said = Msg::CannotReadFile.fill(Lang::It, &[&"settings.toml", &e]);
        assert!(
            said.ends_with("più grande di 64 KiB: non è un file scritto da dama"),
            "{said}"
        );
        let e = std::io::Error::other("not a regular file");
        let said = Msg::CannotReadFile.fill(Lang::It, &[&"autosave.pdn", &e]);
        assert!(said.ends_with("non è un file normale"), "{said}");
        // An error the table does not know stays as the system words it.
        let e = std::io::Error::from_raw_os_error(110);
        let said = Msg::NotSavedTo.fill(Lang::It, &[&"x", &e]);
        assert!(said.ends_with(&e.to_string()), "{said}");
    }

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
        let (en, it) = (Lang::En.two_player_keys(), Lang::It.two_player_keys());
        assert_eq!(en.len(), it.len());
        for ((ke, de), (_, di)) in en.iter().zip(it) {
            assert_ne!(de, di, "the two players' help for {ke} is not translated");
        }
        let (en, it) = (Lang::En.watch_keys(), Lang::It.watch_keys());
        assert_eq!(en.len(), it.len());
        for ((ke, de), (_, di)) in en.iter().zip(it) {
            assert_ne!(
                de, di,
                "the engine v engine help for {ke} is not translated"
            );
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

    /// QA practice: the training's Italian counts are labels ("sbagliate 1"), so that one reads
    /// right: "1 sbagliate", "1 tue posizioni" were wrong (the adjective agrees with the number).
    #[test]
    fn italian_training_counts_read_right_for_one() {
        let texts = [
            Msg::StartTrainingProgress.fill(Lang::It, &[&1, &250, &1, &1]),
            Msg::TrainingKeptOwn.fill(Lang::It, &[&1]),
            Msg::TrainingExit.fill(Lang::It, &[&1, &1, &"f"]),
        ];
        for t in texts {
            for wrong in ["1 risolte", "1 sbagliate", "1 tue posizioni"] {
                assert!(!t.contains(wrong), "{t}");
            }
        }
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
        let questions = [
            Msg::QuitKept,
            Msg::NewGameQ,
            Msg::NewGameKeptQ,
            Msg::ResignQ,
            Msg::ResignWhiteQ,
            Msg::ResignBlackQ,
            Msg::ReplaceQ,
            Msg::AnalysisLeaveQ,
            Msg::EditLeaveQ,
        ];
        for &m in Msg::ALL {
            let en = m.fill(Lang::En, &args).chars().count();
            let it = m.fill(Lang::It, &args).chars().count();
            // A question sits in a box: two borders and two columns of padding.
            let room = if questions.contains(&m) { 76 } else { 80 };
            if en <= room && it > room {
                long.push(format!("{m:?}: {it}"));
            }
        }
        for (lang, keys) in [
            (Lang::En, Lang::En.keys()),
            (Lang::It, Lang::It.keys()),
            (Lang::En, Lang::En.two_player_keys()),
            (Lang::It, Lang::It.two_player_keys()),
            (Lang::En, Lang::En.watch_keys()),
            (Lang::It, Lang::It.watch_keys()),
        ] {
            for (k, d) in keys {
                // The help box: keys padded to 14, a space, borders and padding.
                assert!(15 + d.chars().count() + 4 <= 80, "{lang:?} {k}: {d}");
            }
        }
        assert!(long.is_empty(), "{long:?}");
    }
}
