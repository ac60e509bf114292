//! The interface in English.

use super::Msg;

/// The keys, as the help overlay lists them.
pub const KEYS: &[(&str, &str)] = &[
    (
        "arrows, hjkl",
        "move the cursor ([ and ] look back in the game)",
    ),
    ("Enter, Space", "pick up a piece / put it down"),
    ("mouse click", "the same; right click lets go"),
    ("Esc", "let go of the piece"),
    ("u / r", "take back a full move / redo it (Backspace = u)"),
    ("t", "hint: the best move, the engine at full strength"),
    ("m", "move now: the engine plays its best so far"),
    ("+ / -", "engine stronger / weaker (level, depth or time)"),
    ("f / c", "flip the board / square numbers on/off"),
    ("e / b", "engine's score and line / bell on/off"),
    ("d / R", "offer a draw / resign"),
    ("v / a", "review the finished game / analysis board here"),
    ("N / s", "new game / save the game (PDN)"),
    ("q", "quit (asks first)  Ctrl-C: quit now  Ctrl-Z: suspend"),
    ("?", "this help"),
];

/// The keys of two players at one keyboard (issue 22).
pub const TWO_PLAYER_KEYS: &[(&str, &str)] = &[
    ("arrows, hjkl", "move the cursor"),
    ("Enter, Space", "pick up a piece / put it down"),
    ("mouse click", "the same; right click lets go"),
    ("Esc", "let go of the piece"),
    ("u / r", "take back the last move / redo it"),
    ("t", "hint: the engine's best move for the side to move"),
    ("f / c", "flip the board / square numbers on/off"),
    ("d", "offer a draw: the other player answers y/n"),
    ("R", "the side to move resigns (asks first)"),
    ("N / s", "new game / save the game (PDN)"),
    ("q", "quit (asks first)  Ctrl-C: quit now  Ctrl-Z: suspend"),
    ("?", "this help"),
];

/// The keys while the engine plays itself (issue 22).
pub const WATCH_KEYS: &[(&str, &str)] = &[
    ("Space", "pause / go on"),
    ("right", "while paused: play one move"),
    ("m", "move now: the engine plays its best so far"),
    ("+ / -", "the side to move plays stronger / weaker"),
    ("f / c", "flip the board / square numbers on/off"),
    ("e / b", "engine's score and line / bell on/off"),
    ("N", "a new game, the same engines"),
    ("s", "save the game (PDN)"),
    ("q", "quit  (at the end: the replay viewer's keys)"),
    ("?", "this help"),
];

/// The replay viewer's keys.
pub const REPLAY_KEYS: &[(&str, &str)] = &[
    ("left, right", "one ply back / forward"),
    ("Home, End", "the start / the end of the game"),
    ("[ and ]", "previous / next game of the file"),
    ("Tab", "the list of games"),
    ("p, Enter", "play on from here against the engine"),
    ("v", "review: the engine marks the mistakes"),
    ("x", "next mistake, with the better move"),
    ("a", "analysis board on this position"),
    ("f", "flip the board"),
    ("c", "square numbers on/off"),
    ("q, Esc", "quit"),
    ("?", "this help"),
];

/// The analysis board's keys (issue 22, section 1).
pub const ANALYSIS_KEYS: &[(&str, &str)] = &[
    ("h j k l", "move the cursor"),
    (
        "Enter, click",
        "pick up a piece / put it down (either side)",
    ),
    ("Esc", "let go of the piece"),
    ("left, right", "one move back / forward on the line"),
    ("up, down", "the other moves tried in the same position"),
    ("Home, End", "the start / the end of the line"),
    ("Space", "the engine's analysis stopped / started"),
    ("+ / -", "one more / one fewer of the engine's lines"),
    ("p / x", "promote the variation / delete the move and after"),
    ("n", "note the engine's score as a comment on the move"),
    ("s", "save the moves and variations as PDN"),
    ("f / c", "flip the board / square numbers on/off"),
    (
        "q",
        "back to the game, viewer or start screen (asks if not saved)",
    ),
    ("?", "this help"),
];

/// The training's keys.
pub const TRAINING_KEYS: &[(&str, &str)] = &[
    ("arrows, hjkl", "move the cursor"),
    ("Enter, click", "pick up a piece / put it down: your answer"),
    ("Esc", "let go of the piece"),
    (
        "s",
        "the solution (before answering: counted as failed); after: the winning line",
    ),
    (
        "left, right",
        "step through the line on the board (after answering)",
    ),
    ("Home, End", "the start / the end of the line"),
    ("Tab", "the other line: the winning line / the refutation"),
    ("r", "try the position again (not counted)"),
    ("n", "the next position not solved yet"),
    ("a", "the analysis board on the position (after answering)"),
    ("f / c", "flip the board / square numbers on/off"),
    ("q", "back to the start screen (or quit)"),
    ("?", "this help"),
];

pub fn text(m: Msg) -> &'static str {
    use Msg::*;
    match m {
        White => "White",
        Black => "Black",
        You => "you",
        PlayerYou => "You",
        Engine => "engine",

        QuitKept => "Quit? The game is kept for `dama play --resume`. (y/n)",
        QuitUntouched => {
            "Quit? You have not moved in this game, so it is not kept \
             (a game kept before stays as it was). (y/n)"
        }
        QuitNotKept => {
            "The game could not be kept (see below). Quit without it? \
             (y/n: n, then s, saves it elsewhere)"
        }
        NewGameQ => "Abandon this game and start a new one? (y/n)",
        NewGameKeptQ => {
            "Start a new game? This one is kept with the unfinished games \
             (Load lists them). (y/n)"
        }
        ResignQ => "Resign this game? (y/n)",
        ResignWhiteQ => "Resign the game for White, to move? (y/n)",
        ResignBlackQ => "Resign the game for Black, to move? (y/n)",
        ReplaceQ => "That file exists. Replace it with this game? (y/n)",

        NotSavedKept => "Not saved: {0} is kept as it was",
        SaveElsewhere => "s saves the game elsewhere (it could not be kept)",
        FlippedBlack => "Board flipped: Black at the bottom",
        FlippedWhite => "Board flipped: White at the bottom",
        NumbersShown => "Square numbers shown (c hides them)",
        NumbersHidden => "Square numbers hidden (c shows them)",
        BellOn => "Bell on: it rings at the engine's move and at the end of the game",
        BellOff => "Bell off",
        EvalShown => "Evaluation shown (from White's view)",
        EvalHidden => "Evaluation hidden: no score or engine line until e again",
        AlreadyOver => "The game is already over",

        ChooseWhere => "Choose where to put the piece",
        TouchMoveMust => "Touch-move: the piece on {0} must move",
        GameOverKeys => "The game is over: v reviews it, s saves, N starts a new game, q quits",
        EngineThinkingWait => "The engine is thinking; wait for its move (u takes back)",
        DarkSquaresOnly => "Pieces stand on the dark squares only",
        MustCaptureBackHome => {
            "{0} must capture: choose the landing square ({0} itself ends a capture)"
        }
        MustCaptureChoose => "{0} must capture: choose the landing square",
        PickedTouch => "{0} picked: choose where to move (touch-move: it must move)",
        Picked => "{0} picked: choose where to move (Esc lets go)",
        PickedKingTouch => "King {0} picked: choose where to move (touch-move: it must move)",
        PickedKing => "King {0} picked: choose where to move (Esc lets go)",
        ChooseMarked => "Choose one of the marked landing squares (Esc starts over)",
        AgainForPlain => ", or {0} again for the one through none of them",
        CapturesEndOn => "{0} captures end on {1}: choose a marked landing square on the way{2}",
        Through => "Through {0}: choose the next landing square",
        YouPlayed => "You played {0}",
        IllegalGameOver => "{0}: the game is over",
        IllegalNotLegal => "{0} is not a legal move here",

        VerdictWin => " (you win)",
        VerdictLoss => " (you lose)",
        EndMessage => "{0}{1}; v reviews it",
        PlayAgain => "New game: you play {0} (colours swapped)",
        StoppingSearch => "Stopping the search: its best move so far comes now",
        EngineNotThinking => "The engine is not thinking",
        EngineMoveRefused => "The engine's move was refused: {0}",
        EnginePlayed => "The engine played {0}",
        YouMustCaptureSuffix => ": you must capture",
        HintIs => "Full-strength hint: {0} (marked on the board)",
        NoHint => "No hint: there is no legal move",
        DrawAccepted => "The engine accepts the draw: it judges the position {0} for itself",
        DrawDeclined => "The engine declines the draw: it judges the position {0} for itself",
        ScoreWin => "win in {0}",
        ScoreLoss => "loss in {0}",
        GameOver => "The game is over",
        HintsYourTurn => "Hints are for your turn",
        LookingForMove => "Full-strength hint (1 s)…",
        TookBackClock => "Took back {0}: the clocks are as they were before it (r redoes)",
        TookBackClockOne => "Took back {0}: the clocks are as they were before it (r redoes)",
        TakeBackNoClock => {
            "Lost on time, and that move's clocks are not known: it cannot be taken back"
        }
        OfferOnYourTurn => "Offer a draw on your turn",
        YouOfferDraw => "You offer a draw; the engine is considering…",
        EngineTime => "Engine time {0} a move (from its next move)",
        EngineDepth => "Engine depth {0} (from its next move)",
        NothingToTakeBack => "Nothing to take back",
        TookBack => "Took back {0} (r redoes)",
        TookBackOne => "Took back {0} (r redoes)",
        NothingToRedo => "Nothing to redo",
        Replayed => "Replayed {0}",
        ReplayedOne => "Replayed {0}",
        NewGame => "New game",
        NoHome => "There is no home folder to keep the game in",
        NotSavedNoName => "Not saved: no file name",
        NotSavedTo => "Not saved to {0}: {1}",
        SavedTo => "Saved to {0}",
        NotKeptIn => "The game could not be kept in {0}: {1} (s saves it elsewhere)",
        NotKeptMark => "not be kept",
        NotKept => "The game could not be kept",
        FileNotFolder => "{0} is a file, not a folder",
        LinkToNothing => "{0} is a link to {1}, which does not exist",
        WinsIn => "{0} wins in {1}",
        MovesOne => "1 move",
        MovesMany => "{0} moves",
        PliesOne => "1 ply",
        PliesMany => "{0} plies",

        Resumed => "Resumed: {0}",
        SummaryLine => "{0} (White) v {1}, {2}, {3}",
        SummaryTwoPlayers => "White v Black (two players), {0}, {1}",
        SummaryUndated => "undated",
        SummaryNoMove => "no move yet",
        SummaryOneMove => "1 move, {0}",
        SummaryMoves => "{0} moves, last {1}",
        SummaryOlder => "an older game (your game of {0} could not be kept): ",
        SummaryUnwritable => {
            " (note: {0} cannot be written, so a game played after this one could not be kept)"
        }

        CannotReadChoose => "This game could not be read; choose another ([ and ])",
        OverAtThisPoint => "The game is over at this point; step back first",
        PlayingOn => "Playing on from here: you are {0}, the engine {1}",
        ReplayTitle => "Replay: {0}",
        GameOfN => "Game {0} of {1}  ([ and ] change)",
        NoGame => "no game",
        CouldNotRead => "This game could not be read:",
        AnotherGameQuit => "[ ] another game  q quit",
        TagWhite => "White: {0}",
        TagBlack => "Black: {0}",
        TagEvent => "Event: {0}",
        TagSite => "Site: {0}",
        TagDate => "Date: {0}",
        TagRound => "Round: {0}",
        ResultWins => "{0} wins",
        ResultDraw => "draw",
        ResultUnfinished => "unfinished",
        RecordSays => "the record says {0}",
        NothingToResume => {
            "No game to resume: {0} does not exist (a game is kept there until it ends)"
        }
        NewestNotKept => {
            "The last game could not be kept; an older one is set aside in {0} (Load continues it)"
        }
        KeptUnreadable => {
            "The kept game cannot be read ({0}); a new game sets it aside with the unfinished ones"
        }
        ResultTagSays => "its Result tag says {0}",
        RulesItalianShort => "Italian",
        RulesEnglishShort => "English",
        ViewerLine => "{0}  result {1}  ply {2}/{3}",
        SideToMove => "{0} to move",
        ViewerKeys => "<-/-> step  v review  p play from here",
        DefaultReplay => {
            "Replay: left/right step, Home/End jump, [ ] change game, p plays on from here"
        }
        ReplayKeysTitle => " Replay keys ",
        GamesHint => "up/down choose, Enter opens, Esc closes",
        OneGame => " 1 game ",
        NGames => " {0} games ",
        CannotBeRead => "(cannot be read: {0})",

        // The analysis board (issue 22, section 1).
        StartAnalysis => "Analysis board",
        AnalysisTitle => "Analysis board",
        AnalysisOpened => {
            "Analysis board: you move both sides; the engine analyses (space stops it)"
        }
        AnalysisPurpose => "analysing",
        AnalysisRunning => "Engine: analysing, {0} lines (space stops)",
        AnalysisDone => "Engine: done here (space: again)",
        AnalysisIdle => "Engine: stopped (space starts it)",
        AnalysisStarted => "Analysis started",
        AnalysisStopped => "Analysis stopped",
        AnalysisNothingHere => "{0}: the engine has nothing to analyse here",
        AnalysisDamaged => "Opened up to ply {0}: the rest could not be read: {1}",
        AnalysisFinished => "Analysis finished: the engine has nothing more to find here",
        AnalysisLines => "The engine shows {0} lines",
        AnalysisLine => "{0}. {1}  d{2}  {3}",
        AnalysisWaiting => "(the engine's lines come here)",
        AnalysisNewVariation => "New variation: {0}",
        AnalysisPromoted => "Variation moved up",
        AnalysisMainLine => "Already the main line",
        AnalysisDeleted => "Move and what follows deleted",
        AnalysisNothingToDelete => "Nothing to delete at the start",
        AnalysisNoScore => "No score yet to note",
        AnalysisNote => "{0} d{1} {2}",
        AnalysisNoted => "Noted: {0}",
        AnalysisAlreadyNoted => "Already noted here: {0}",
        AnalysisLeaveQ => "Leave? Moves and notes not saved are lost (n, then s, saves). (y/n)",
        AnalysisMoves => "Moves (ply {0}):",
        AnalysisStart => "start",
        AnalysisOthers => "Also here: {0}",
        AnalysisKeys1 => "arrows: tree  hjkl Enter/mouse: move  space: engine  +/-: lines",
        AnalysisKeysTitle => "Analysis board keys",
        AnalysisKeys2 => "p promote  x delete  n note score  s save  q back",
        // Looking back during a game (issue 22, section 1).
        PeekAt => "Looking back: ply {0} of {1} (read-only; ] forward, Esc the game)",
        PeekLive => "The game's position",
        PeekAtStart => "Already at the start",
        PeekReadOnly => "Looking back is read-only: Esc returns to the game",
        TooSmall => "The terminal is too small for the board.",
        TooSmallSize => "Make it at least {0}x{1} (now {2}x{3}).",
        TooSmallQuit => "q quits.",

        RulesItalian => "Italian draughts",
        RulesEnglish => "English draughts",
        StrengthTime => "time control {0}",
        StrengthMoveTime => "{0} a move",
        StrengthDepth => "depth {0}",
        StrengthNodes => "{0} nodes a move",
        EngineStrength => "Engine {0}",
        PiecesOne => "{0} ({1}): {2} piece{3}  {4}",
        PiecesMany => "{0} ({1}): {2} pieces{3}  {4}",
        KingsShort => " ({0}K)",
        ToMove => "{0} to move ({1})",
        NoProgress => "No capture or man move: {0}/{1} plies",
        Occurred => "This position has occurred {0} times",
        EvalLine => "Eval: {0} (White's view)",
        EvalDecisive => "Eval: {0}",
        WinsTables => "{0} wins if the 80-ply rule allows",
        ScoreTableWin => "win if the 80-ply rule allows",
        ScoreTableLoss => "loss if the 80-ply rule allows",
        EvalNone => "Eval: none yet",
        EngineNodes => "Engine d{0}, {1} nodes",
        EvalHiddenShows => "Evaluation hidden (e shows)",
        WhiteScore => "White {0}",
        EngineLine => "Engine d{0}: {1}, {2} nodes",
        EngineLineShort => "Engine d{0}: {1}",
        EngineBook => "Engine: book move, {0}",
        EngineBookHidden => "Engine: book move",
        EvalBook => "Eval: {0} (book)",
        LinePrefix => "Line:",
        NoSearchYet => "No engine search yet",
        KeysQuit => "? keys  q quit",
        NoMovesYet => "No moves yet",

        Thinking => "thinking",
        HintPurpose => "hint",
        DrawPurpose => "draw offer",
        StatusNodes => " d{0}, {1} nodes",
        StatusScore => " d{0}: {1}, {2} nodes",
        YourMoveCapture => "Your move: you must capture",
        YourMove => "Your move: arrows/hjkl and Enter, or click",
        EngineThinking => "The engine is thinking",

        HelpTitle => " Keys ",
        HelpRules1 => "Captures are compulsory; a chain is entered by its final square.",
        HelpRules2 => "Draws: threefold repetition; 80 plies with no capture or man move",
        HelpRules3 => "(a house rule of the Italian site the rules come from).",
        HelpClose => "Any key closes this help.",
        HelpMore => "Any key: more ({0}/{1}); Esc closes",
        QuestionTitle => " Question ",
        SaveAsTitle => " Save as ",
        SaveAsHint => "Enter saves, Esc cancels",
        GameOverTitle => " Game over ",
        YouWin => "You win.",
        YouLose => "You lose.",
        ADraw => "A draw.",
        After => "after {0} ({1})",
        EndPlayAgain => "n    play again (colours swapped)",
        EndPlayAgainTwo => "n    play again",
        EndSave => "s    save the game",
        EndUndo => "u    take back the last move",
        EndLook => "Esc  look at the final position",
        EndQuit => "q    quit",
        EndKeysShort => "n again  v review  s save  u take back  Esc look  q quit",
        PrefsIgnored => "Settings not remembered ({0}): the usual ones instead",
        PrefsKeyIgnored => {
            "Settings: {0} ignored, not a setting or value dama knows ({1}); the others are used"
        }
        PrefsKeysIgnored => {
            "Settings: {0} ignored, not settings or values dama knows ({1}); the others are used"
        }
        ShelfFull => "{0} unfinished games are kept: the oldest moved to {1}",
        KeptAside => "Another board holds the autosave: this game is kept in {0}",
        MoreUnfinished => " (and {0} more unfinished: Load lists them)",
        MoreUnfinishedOne => " (and 1 more unfinished: Load lists it)",
        StartFileEmpty => "Choose a game above or type a file name",
        StartGamesTitle => "Games in {0}, newest first:",
        StartGamesNone => "No games in {0} yet.",
        StartGamesNoFolder => "No data folder (HOME is not set): type a file.",
        StartListHint => {
            "up/down choose, or type a file (Tab completes); Enter opens, Esc goes back"
        }
        KindInPlay => "in play",
        KindUnfinished => "unfinished",
        KindArchived => "archived",
        KindSaved => "saved",
        ListMoves => "{0} mv",
        ShortItalian => "Italian",
        ShortEnglish => "English",
        ExitArchived => "The finished game is in the archive: {0}",
        ArchivedIn => "Kept in the archive:",
        ArchiveFailed => "Not kept in the archive: {0}",

        OutNoPieces => "{0} wins: {1} has no pieces left",
        OutNoMoves => "{0} wins: {1} has no legal move",
        OutResigned => "{0} wins: {1} resigned",
        OutTime => "{0} wins: {1} ran out of time",
        OutRepetition => "Draw: the same position occurred three times",
        OutNoProgress => "Draw: 80 plies without a capture or a man move (the house rule)",
        OutAgreement => "Draw by agreement",

        PickOwn => "Pick one of your pieces",
        PieceOfWhite => "That is a white piece",
        PieceOfBlack => "That is a black piece",
        NoLegalMove => "No legal move",
        MustCaptureReason => "You must capture: {0} (from {1})",
        ManCannotKingMust => "A man cannot capture a king. You must capture (from {0})",
        MustCaptureFrom => "You must capture (from {0})",
        PieceCannotMove => "That piece has no legal move",
        MoveDarkOnly => "Pieces move on the dark squares only",
        NotEmpty => "That square is not empty",
        NotAllowed => "Not allowed: {0}",
        ManCannotKing => "A man cannot capture a king",
        ManCapturesForward => "A man captures only forward",
        CrownEndsMove => "A man that reaches the far row is crowned there: its move ends",
        ManMovesForward => "A man moves only forward",
        OneSquareDiagonal => "A piece moves one square diagonally",
        CaptureNotAllowed => "that capture is not allowed here",
        LadderMostPieces => "the ladder requires the capture that takes the most pieces ({0})",
        LadderKing => "the ladder requires the capture with the king",
        LadderMostKings => "the ladder requires the capture that takes the most kings",
        LadderKingFirst => "the ladder requires the capture that meets the kings first",
        StrengthLevel => "level {0} of {1}",
        EngineLevel => "Engine level {0} of {1} (from its next move)",
        Taken => "White has taken {0}, Black {1}",
        RestUnreadable => "The rest could not be read: {0}",
        RuleDrawAt => "Draw: the rules draw the game after ply {1} ({0}); the record plays on",
        DrawRepetition => "third repetition, R-G2",
        DrawNoProgress => "80 plies without a capture or a man move, R-G3",
        DrawAgreement => "agreement",
        ReviewProgress => "Review {0}/{1} [{2}]",
        ReviewOneMistake => "Review: 1 mistake  x next",
        ReviewMistakes => "Review: {0} mistakes  x next",
        ViewerKeysReview => "<-/-> step  x next mistake  p play on",
        ReviewPurpose => "review",
        EndReview => "v    review it with the engine",
        ReviewNothing => "This game could not be read; there is nothing to review",
        ReviewStarted => "Reviewing the game: the engine goes through every position",
        ReviewDoneOne => "Review done: 1 mistake marked; x jumps to it",
        ReviewDone => "Review done: {0} mistakes marked; x jumps to the next one",
        NoMistakes => "No mistakes found",
        NoMistakesYet => "No mistakes found so far (the review goes on)",
        MistakesWrapped => "No more mistakes after it: back to the first, move {0}: {1}{2}",
        MistakesWrappedBetter => {
            "No more mistakes after it: back to the first, move {0}: {1}{2}; better {3}"
        }
        ReviewDoneNone => "Review done: no mistakes found",
        ReviewNoMistakes => "Review: no mistakes",
        ViewerKeysDone => "<-/-> step  p play on from here",
        ReviewAfterEnd => "v reviews the game once it is over",
        MistakeBetter => "Move {0}: {1}{2}; better {3} (marked on the board)",
        MistakeAt => "Move {0}: {1}{2}",
        ThisGame => "this game",
        StartTitle => "dama: draughts in the terminal",
        StartNewGame => "New game",
        StartRules => "  Rules    {0}",
        StartSide => "  You play {0}",
        StartRandomSide => "a random colour",
        StartLevel => "  Engine   {0}",
        StartResume => "Resume the kept game: {0}",
        StartLoad => "Load a saved game...",
        StartReplay => "Replay a game file...",
        StartQuit => "Quit",
        StartFileLoad => "Game to load: {0}_",
        StartFileReplay => "File to replay: {0}_",
        StartFileHint => "Enter opens, Esc goes back",
        StartKeys => "up/down choose, left/right change, Enter starts, q quits",
        StartedNewGame => "New game: you play {0}, the engine at {1}",
        Resuming => "Resuming: {0}",
        Loaded => "Loaded {0}",
        NoGameIn => "{0}: no game found",
        CannotReadFile => "cannot read {0}: {1}",
        EvalTablesDraw => "Eval: draw (tables)",
        EvalTables => "Eval: {0} (tables)",
        AnnotBest => "best",
        ExitSaved => "Game saved to {0}",
        ExitAnalysisSaved => "Analysis board saved to {0}",
        ExitSavedEarlier => {
            "The game as it was earlier is saved in {0} (later moves are not in it)"
        }
        ExitKept => "The game is kept in {0}: `dama play --resume` continues it",
        ExitKeptAside => {
            "The game is kept in {0} (another dama board kept its game in the autosave): \
             `dama play --load {0}` or Load on the start screen continues it"
        }
        ExitNotKeptIn => "the game could not be kept in {0}: {1}",
        ExitNoHome => "the game could not be kept: there is no home folder",
        ExitHereItIs => "dama: {0}. Here it is, to save by hand:",
        TablesNone => "no endgame tables",
        BookNotUsed => {
            "dama: the opening book {0} is not used ({1}); the engine plays from the book shipped with dama"
        }
        TablesUpTo => "endgame tables up to {0} pieces only",
        TablesNotice => {
            "dama: {0} for {3} draughts; endings with up to {2} pieces are played exactly \
             after `dama tables build --rules {1}`"
        }
        // issue 22 (branch editor)
        APlayer => "player",
        TwoPlayersLine => "Two players at one keyboard",
        WatchLine => "The engine against itself",
        SideWins => "{0} wins.",
        WatchPaused => "Paused: Space goes on, right arrow plays one move",
        WatchGoingOn => "Going on (Space pauses)",
        WatchStep => "One move, then a pause",
        WatchStepped => "; paused",
        WatchStrength => "{0} now plays at {1}",
        WatchNotYours => "The engine plays both sides: Space pauses, q quits",
        WatchTitle => "engine v engine",
        WatchEndKeys => "; arrows step through the game, q quits",
        DrawRefusedBy => "{0} declines the draw",
        DrawOfferWhiteQ => "White offers a draw. Black, do you accept? (y/n)",
        DrawOfferBlackQ => "Black offers a draw. White, do you accept? (y/n)",
        FromBallot => "Opening: ballot {0}",
        StartSideTwo => "two players, one keyboard",
        StartSideWatch => "nobody: engine v engine",
        StartTurn => "  Board    {0}",
        StartTurnYes => "turns to the side to move",
        StartTurnNo => "stays as it is",
        StartWhiteLevel => "  White    {0}",
        StartBlackLevel => "  Black    {0}",
        StartOpening => "  Opening  {0}",
        StartOpeningNone => "the start position",
        StartOpeningRandom => "a ballot drawn by lot",
        StartOpeningBallot => "ballot {0} of {1} (type a number)",
        StartedTwoPlayers => "New game for two players: d offers a draw, R resigns",
        StartedWatch => "The engine plays itself: Space pauses, the right arrow plays one move",
        EditTooMany => "{0} has {1} pieces; a side has at most 12",
        EditManOnLastRow => {
            "a {0} man stands on {1}, its own crowning row: make it a king or move it"
        }
        EditNoPieces => "{0} has no pieces: the game would already be over",
        EditFinished => "a finished position: {0} is to move and has no move, so {1} has won",
        EditOpened => "Position editor: w b W B put pieces, Space empties, p plays",
        EditFenRead => "Position read from the FEN",
        EditFenBadSquare => "Not read: square {0} is off the board or given twice",
        EditFenBad => "Not read: {0}",
        EditLeaveQ => "Leave? The position set up is lost (n, then c copies its FEN). (y/n)",
        FenEmpty => "there is nothing to read",
        FenBadSide => "column {0}: the side to move must be W or B, not {1}",
        FenBadColor => "column {0}: a list of pieces must start with W or B, not {1}",
        FenColorTwice => "column {0}: {1}'s pieces are listed twice",
        FenFieldCount => "3 fields separated by ':' are needed (side:white:black), not {0}",
        FenBadSquare => "column {0}: {1} is not a square number",
        FenBadRange => "column {0}: {1} is not a range of squares",
        FenOffBoard => "square {0} is not on the board (squares are 1-32)",
        FenSquareTwice => "square {0} is given twice",
        EditEmptied => "The board is empty",
        EditStartPlaced => "The start position",
        EditFenPrompt => "Type or paste a FEN (W:W21,22,K30:B1,2), Enter reads it, Esc cancels",
        EditCopied => "FEN copied (terminal clipboard, where allowed) and shown in the panel",
        EditDarkOnly => "Pieces stand on the dark squares only",
        EditCannotPlay => "Cannot play this position: {0}",
        EditPlaying => "Playing the edited position",
        EditTitle => "Position editor",
        EditCounts => "White {0} pieces, Black {1}",
        EditCountsOne => "White {0} piece, Black {1}",
        EditPlayAs => "Play: {0}, engine {1}",
        EditReady => "Ready: p plays it",
        EditFenLine => "FEN to select: {0}",
        EditFenField => "FEN: {0}_",
        EditKeys1 => "w b: white / black man   W B: king",
        EditKeys2 => "Space: empty   Enter, click: cycle",
        EditKeys3 => "t: side to move   e: empty   i: start",
        EditKeys4 => "/: type a FEN   c: copy the FEN",
        EditKeys5 => "o: who plays   + -: level   f: flip",
        EditKeys6 => "p: play it   a: analyse   q: leave",
        EditKeys7 => "n: square numbers on/off",
        EditCannotAnalyse => "Cannot analyse this position: {0}",
        StartEditor => "Set up a position...",
        SidePlayed => "{0} played {1}",
        // (end of issue 22's block)
        // ----- training: combinations (colpi), issue 22 section 3 -----
        TrainingEasy => "easy",
        TrainingMedium => "medium",
        TrainingHard => "hard",
        TrainingAllLevels => "all levels",
        TrainingFileIgnored => "Your games' positions ignored ({0})",
        TrainingProgressIgnored => "Training progress ignored ({0}): starting afresh",
        TrainingNoHome => "No home folder: the progress is not kept",
        TrainingNone => "No positions to train on",
        TrainingAsk => "{0} to play and win material: your move",
        TrainingAskOwn => "From your game: {0} to play, find the better move",
        TrainingAgain => "Again (not counted): {0} to play",
        TrainingAlreadyAsking => "Your move: s shows the solution, n the next position",
        TrainingWait => "The engine is judging your move...",
        TrainingNoLineYet => "Answer first (or s for the solution)",
        TrainingAnsweredKeys => {
            "n: next position, r: try again, left/right: step through the line, a: analyse it"
        }
        TrainingAllSolved => "Every position here is solved: they come round again",
        TrainingShown => "The solution: {0} (counted as not solved)",
        TrainingShownAgain => "The solution: {0}",
        TrainingRight => "Right! {0} wins material",
        TrainingRightOwn => "Right! {0} is the better move",
        TrainingJudging => "You played {0}: the engine is judging it...",
        TrainingWrong => "Not that: {0} wins nothing. The shot was {1}",
        TrainingRightToo => "Right: {0} is as good as {1}",
        TrainingRightWins => "Right: {0} wins the game by force too (the shot was {1})",
        TrainingWrongOwn => "Not that: {0} loses ground. Better was {1}",
        TrainingNotSaved => "Progress could not be kept in {0}: {1}",
        TrainingOneLine => "There is only one line here",
        TrainingKeptOwn => ". {0} of your positions kept for training (colpi)",
        TrainingPurpose => "working out the line",
        TrainingTitle => "Training: colpi",
        TrainingPlace => "Position {0} of {1}, {2}",
        TrainingFromGame => "Your game ({0}): you played {1}{2}",
        TrainingSource => "{0}, move {1}",
        TrainingTask => "{0} to play and win material",
        TrainingTaskOwn => "{0} to play: find the better move",
        TrainingVerdictRight => "Right",
        TrainingVerdictWrong => "Wrong",
        TrainingVerdictShown => "Solution shown",
        TrainingVerdictJudging => "The engine judges your move",
        TrainingLineSolution => "Winning line:",
        TrainingLineBetter => "Better line:",
        TrainingLineRefutation => "Refutation:",
        TrainingLineYours => "Your line:",
        TrainingWorking => "(the engine works it out)",
        TrainingGain => "Material on the board: {0}",
        TrainingGainProven => "Material on the board: {0} (proven: {1})",
        TrainingStats => "Solved {0}, failed {1}, streak {2}",
        TrainingBest => "Best streak {0}; solved {1} of {2}",
        TrainingKeysAsk => "move as in a game; s solution, n next, q back",
        TrainingKeysTitle => "Training keys",
        TrainingKeysDone => "left/right step, Tab other line, a analyse, r retry, n next, q back",
        StartTraining => "Training: colpi {0}",
        StartTrainingProgress => "    {0} of {1} solved, {2} failed, streak {3}",
        StartTrainingNew => "    {0} positions, none tried yet",
        StartTrainingIgnored => "    progress ignored: {0}",
        TrainingExit => "Training: {0} solved and {1} failed this time; progress kept in {2}",
        // The tables built in the background (issue 25).
        TablesBuilding => "Endgame tables ({1}): {0}% built",
        TablesWaiting => "Endgame tables ({0}): another dama is building them",
        TablesBuilt => "Endgame tables ready: the engine plays endings of up to {0} pieces exactly",
        TablesBuildFailed => "The endgame tables could not be built: {0}",
        StartTables => {
            "Endgame tables up to 5 pieces build themselves; 6 pieces: \
             `dama tables build --pieces 6` (under 100 MB, about 25 minutes, 2 GB of memory)"
        }
        StartTablesOff => {
            "Endgame tables are not built in the background (table_build = false): \
             `dama tables build` makes them up to 5 pieces, `--pieces 6` up to 6 (under 100 MB, \
             about 25 minutes, 2 GB of memory)"
        }
        // ----- levels 1-14 and the start screen's clock (issue 21 item 5) -----
        StrengthFull => "level {0} of {1} (full strength)",
        StrengthLevelShort => "level {0}",
        EngineLevelFull => "Engine at full strength, level {0} of {1} (from its next move)",
        EngineStrongest => "The engine is already at its strongest: {0}",
        EngineWeakest => "The engine is already at its weakest: {0}",
        StartClock => "  Clock    {0}",
        StartClockNone => "none",
        StartClockInc => "{0} min + {1} s a move",
        StartClockPlain => "{0} minutes",
        // ----- the opening book on the board (issue 26 §2) -----
        StartBook => "  Book     {0}",
        StartBookYes => "the engine plays its openings from its book",
        StartBookNo => "off: the engine searches every move",
        // ----- a PDN record that cannot be read (as the notation words it) -----
        PdnAt => "line {0}, column {1}: {2}",
        PdnUnclosedComment => "comment '{' is never closed by '}'",
        PdnUnclosedTag => "tag pair not closed (expected [Name \"value\"] on one line)",
        PdnBadTag => "malformed tag pair (expected [Name \"value\"])",
        PdnUnexpected => "{0} is not PDN movetext",
        PdnUnclosedVariation => "variation '(' is never closed",
        PdnUnmatchedParen => "')' without a '('",
        PdnTooDeep => "variations nested more than {0} deep",
        PdnNoGame => "no game found",
        PdnNothingToAnnotate => "{0} comes before any move, with nothing to annotate",
        PdnBadFen => "bad FEN tag {0}: {1}",
        PdnGameType => "GameType {0} is not a game this program plays (22: Italian, 21: English)",
        PdnMove => "ply {0}: {1} (position {2})",
        PdnAfterEnd => "{0}: the game was already over ({1}) in position {2}",
        MoveNotAMove => "{0} is not a move: {1}",
        MoveIllegal => "{0} is illegal here: {1}",
        MoveAmbiguous => "{0} is ambiguous: could be {1}",
        MoveOr => " or ",
        SyntaxEmpty => "nothing written",
        SyntaxChar => "unexpected {0} at column {1}",
        SyntaxMissingSquare => "a square number is missing at column {0}",
        SyntaxBadSquare => "{0} at column {1} is not a square (squares are 1-32)",
        SyntaxOneSquare => "a move needs a start and a landing square",
        SyntaxMixed => "'-' and 'x' mixed in one move (column {0})",
        WhyNoMoves => "the side to move has no legal move: the game is over",
        WhyEmpty => "there is no piece on {0}",
        WhyNotYours => "the piece on {0} is {1}'s, and {2} is to move",
        WhyMustCapture => "you must capture (legal: {0})",
        WhyNotALegalCapture => "not one of the legal captures ({0})",
        WhyNothingToCapture => "there is nothing to capture",
        WhyNoMove => "that piece has no legal move",
        WhyOnly => "that piece can only play {0}",
        LoadSeveral => {
            "{0} holds {1} games; to play on from one of them, open it with `dama replay {0} --game N` and press p"
        }
        FileNotPdn => "not a PDN file: its first megabyte holds no tag pair and no move",
        FileTooLongTag => {
            "line {0}, column {1}: the tag pair that starts there is too long: it runs on past the first megabyte of the file (read as PDN only when that megabyte holds a tag pair or a move)"
        }
        FileTooLongComment => {
            "line {0}, column {1}: the comment that starts there is too long: it runs on past the first megabyte of the file (read as PDN only when that megabyte holds a tag pair or a move)"
        }
    }
}
