//! L'interfaccia in italiano: the words Italian players use (damiera, casella, pedina, dama,
//! presa, patta, abbandono), the player addressed as "tu", the engine called "il computer".
//! Squares are named by number as Italian players do ("il 22").

use super::Msg;

/// I tasti, come li elenca l'aiuto.
pub const KEYS: &[(&str, &str)] = &[
    ("frecce, hjkl", "muovi il cursore"),
    ("Invio, Spazio", "prendi un pezzo / posalo"),
    ("clic del mouse", "lo stesso; il clic destro lo lascia"),
    ("Esc", "lascia il pezzo"),
    (
        "u, Backspace",
        "annulla l'ultima mossa (tua e del computer)",
    ),
    ("r", "rifai la mossa annullata"),
    ("t", "suggerimento: la mossa del computer per te"),
    ("m", "muovi ora: il computer gioca la migliore finora"),
    (
        "+ / -",
        "computer più forte / più debole (profondità o tempo)",
    ),
    ("f", "gira la damiera"),
    ("c", "numeri delle caselle sì/no"),
    ("e", "valutazione e variante del computer sì/no"),
    ("b", "campanello alla mossa del computer sì/no"),
    ("d", "proponi la patta"),
    ("R", "abbandona la partita"),
    ("N", "nuova partita"),
    ("s", "salva la partita (PDN)"),
    ("q", "esci (chiede prima)  Ctrl-C: esci subito"),
    ("?", "questo aiuto"),
];

/// I tasti per rivedere una partita.
pub const REPLAY_KEYS: &[(&str, &str)] = &[
    ("frecce sx/dx", "una semimossa indietro / avanti"),
    ("Home, Fine", "l'inizio / la fine della partita"),
    ("[ e ]", "partita precedente / successiva del file"),
    ("Tab", "l'elenco delle partite"),
    ("p, Invio", "continua a giocare da qui contro il computer"),
    ("f", "gira la damiera"),
    ("c", "numeri delle caselle sì/no"),
    ("q, Esc", "esci"),
    ("?", "questo aiuto"),
];

pub fn text(m: Msg) -> &'static str {
    use Msg::*;
    match m {
        White => "Bianco",
        Black => "Nero",
        You => "tu",
        Engine => "computer",

        QuitKept => "Uscire? La partita resta conservata per `dama play --resume`. (y sì / n no)",
        QuitUntouched => {
            "Uscire? Non hai ancora mosso, quindi la partita non viene conservata \
             (quella conservata prima resta com'era). (y sì / n no)"
        }
        QuitNotKept => {
            "Non è stato possibile conservare la partita (vedi sotto). Uscire lo stesso? \
             (y sì / n no: con n, poi s, la salvi altrove)"
        }
        NewGameQ => "Lasciare questa partita e iniziarne una nuova? (y sì / n no)",
        ResignQ => "Abbandonare la partita? (y sì / n no)",
        ReplaceQ => "Il file esiste già. Sostituirlo con questa partita? (y sì / n no)",

        NotSavedKept => "Non salvata: {0} resta com'era",
        SaveElsewhere => "s salva la partita altrove (non è stato possibile conservarla)",
        FlippedBlack => "Damiera girata: il Nero in basso",
        FlippedWhite => "Damiera girata: il Bianco in basso",
        NumbersShown => "Numeri delle caselle visibili (c li nasconde)",
        NumbersHidden => "Numeri delle caselle nascosti (c li mostra)",
        BellOn => "Campanello attivo: suona alla mossa del computer e a fine partita",
        BellOff => "Campanello spento",
        EvalShown => "Valutazione visibile (dal punto di vista del Bianco)",
        EvalHidden => "Valutazione nascosta: niente punteggio né variante finché non premi e",
        AlreadyOver => "La partita è già finita",

        ChooseWhere => "Scegli dove posare il pezzo",
        TouchMoveMust => "Pezzo toccato, pezzo mosso: il {0} deve muovere",
        GameOverKeys => "La partita è finita: s salva, N nuova partita, q esci",
        EngineThinkingWait => "Il computer sta pensando; aspetta la sua mossa (u annulla)",
        DarkSquaresOnly => "I pezzi stanno solo sulle caselle scure",
        MustCaptureBackHome => {
            "Il {0} deve mangiare: scegli la casella d'arrivo (anche il {0} stesso)"
        }
        MustCaptureChoose => "Il {0} deve mangiare: scegli la casella d'arrivo",
        PickedTouch => "Hai preso il {0}: scegli dove muoverlo (pezzo toccato, pezzo mosso)",
        Picked => "Hai preso il {0}: scegli dove muoverlo (Esc lo lascia)",
        ChooseMarked => "Scegli una delle caselle d'arrivo segnate (Esc ricomincia)",
        AgainForPlain => ", o di nuovo il {0} per quella senza caselle segnate",
        CapturesEndOn => "{0} prese finiscono sul {1}: scegli una casella segnata sul percorso{2}",
        Through => "Passando dal {0}: scegli la prossima casella d'arrivo",
        YouPlayed => "Hai giocato {0}",
        IllegalGameOver => "{0}: la partita è finita",
        IllegalNotLegal => "{0} non è una mossa legale qui",

        VerdictWin => " (hai vinto)",
        VerdictLoss => " (hai perso)",
        EndMessage => "{0}{1}. s salva, N nuova, q esci",
        PlayAgain => "Nuova partita: giochi col {0} (colori scambiati)",
        StoppingSearch => "Fermo la ricerca: arriva la mossa migliore trovata finora",
        EngineNotThinking => "Il computer non sta pensando",
        EngineMoveRefused => "La mossa del computer è stata rifiutata: {0}",
        EnginePlayed => "Il computer ha giocato {0}",
        YouMustCaptureSuffix => ": devi mangiare",
        HintIs => "Suggerimento: {0} (segnato sulla damiera)",
        NoHint => "Nessun suggerimento: non ci sono mosse legali",
        DrawAccepted => {
            "Il computer accetta la patta: per lui la posizione vale {0}. \
             s salva, N nuova partita, q esci"
        }
        DrawDeclined => "Il computer rifiuta la patta: per lui la posizione vale {0}",
        ScoreWin => "vittoria in {0}",
        ScoreLoss => "sconfitta in {0}",
        GameOver => "La partita è finita",
        HintsYourTurn => "Il suggerimento si chiede al tuo turno",
        LookingForMove => "Cerco una buona mossa…",
        OfferOnYourTurn => "La patta si propone al tuo turno",
        YouOfferDraw => "Proponi la patta; il computer ci pensa…",
        EngineTime => "Tempo del computer {0} a mossa (dalla sua prossima mossa)",
        EngineDepth => "Profondità del computer {0} (dalla sua prossima mossa)",
        NothingToTakeBack => "Nessuna mossa da annullare",
        TookBack => "Annullate: {0} (r le rifà)",
        NothingToRedo => "Nessuna mossa da rifare",
        Replayed => "Rifatte: {0}",
        NewGame => "Nuova partita",
        NoHome => "Non c'è una cartella home dove conservare la partita",
        NotSavedNoName => "Non salvata: manca il nome del file",
        NotSavedTo => "Non salvata in {0}: {1}",
        SavedTo => "Salvata in {0}",
        NotKeptIn => "Non è stato possibile conservare la partita in {0}: {1} (s la salva altrove)",
        NotKeptMark => "possibile conservare",
        NotKept => "Non conservata",
        WinsIn => "vince il {0} in {1}",
        MovesOne => "1 mossa",
        MovesMany => "{0} mosse",
        PliesOne => "1 semimossa",
        PliesMany => "{0} semimosse",

        Resumed => "Ripresa: {0}",
        SummaryLine => "{0} (Bianco) contro {1}, {2}, {3}",
        SummaryUndated => "senza data",
        SummaryNoMove => "ancora nessuna mossa",
        SummaryOneMove => "1 mossa, {0}",
        SummaryMoves => "{0} mosse, ultima {1}",
        SummaryUnwritable => {
            " (nota: {0} è in sola lettura: una partita successiva non sarebbe conservata)"
        }

        CannotReadChoose => "Questa partita non si può leggere; scegline un'altra ([ e ])",
        OverAtThisPoint => "A questo punto la partita è finita; torna indietro prima",
        PlayingOn => "Si gioca da qui: tu hai il {0}, il computer il {1}",
        ReplayTitle => "Rivedi: {0}",
        GameOfN => "Partita {0} di {1}  ([ e ] cambiano)",
        NoGame => "nessuna partita",
        CouldNotRead => "Questa partita non si può leggere:",
        AnotherGameQuit => "[ ] altra partita  q esci",
        TagWhite => "Bianco: {0}",
        TagBlack => "Nero: {0}",
        TagEvent => "Evento: {0}",
        TagSite => "Luogo: {0}",
        TagDate => "Data: {0}",
        TagRound => "Turno: {0}",
        RulesItalianShort => "Italiana",
        RulesEnglishShort => "Inglese",
        ViewerLine => "{0}  esito {1}  semimossa {2}/{3}",
        SideToMove => "Tocca al {0}",
        ViewerKeys => "<-/-> mosse  Tab partite  p gioca da qui",
        DefaultReplay => {
            "Rivedi: sx/dx una semimossa, Home/Fine salta, [ ] altra partita, p gioca da qui"
        }
        ReplayKeysTitle => " Tasti per rivedere ",
        GamesHint => "su/giù scegli, Invio apre, Esc chiude",
        OneGame => " 1 partita ",
        NGames => " {0} partite ",
        CannotBeRead => "(non si può leggere: {0})",

        TooSmall => "Il terminale è troppo piccolo per la damiera.",
        TooSmallSize => "Allargalo almeno a {0}x{1} (ora {2}x{3}).",
        TooSmallQuit => "q esce.",

        RulesItalian => "Dama italiana",
        RulesEnglish => "Dama inglese",
        StrengthTime => "tempo di gioco {0}",
        StrengthMoveTime => "{0} a mossa",
        StrengthDepth => "profondità {0}",
        EngineStrength => "Computer: {0}",
        PiecesOne => "{0} ({1}): {2} pezzo{3}  {4}",
        PiecesMany => "{0} ({1}): {2} pezzi{3}  {4}",
        KingsShort => " ({0}D)",
        ToMove => "Tocca al {0} ({1})",
        NoProgress => "Senza prese né mosse di pedina: {0}/{1}",
        Occurred => "Questa posizione si è presentata {0} volte",
        EvalLine => "Valutazione: {0} (per il Bianco)",
        EvalNone => "Valutazione: ancora nessuna",
        EngineNodes => "Computer prof. {0}, {1} nodi",
        EvalHiddenShows => "Valutazione nascosta (e la mostra)",
        WhiteScore => "Bianco {0}",
        EngineLine => "Computer prof. {0}: {1}, {2} nodi",
        EngineLineShort => "Computer prof. {0}: {1}",
        LinePrefix => "Variante:",
        NoSearchYet => "Nessuna ricerca del computer finora",
        KeysQuit => "? tasti  q esci",
        NoMovesYet => "Nessuna mossa finora",

        Thinking => "pensa",
        HintPurpose => "suggerimento",
        DrawPurpose => "proposta di patta",
        StatusNodes => " prof. {0}, {1} nodi",
        StatusScore => " prof. {0}: {1}, {2} nodi",
        YourMoveCapture => "Tocca a te: devi mangiare",
        YourMove => "Tocca a te: frecce/hjkl e Invio, o clic",
        EngineThinking => "Il computer sta pensando",

        HelpTitle => " Tasti ",
        HelpRules1 => "Presa obbligatoria; la presa multipla si sceglie dalla casella finale.",
        HelpRules2 => "Patta: tre ripetizioni, o 80 semimosse senza prese né mosse di pedina",
        HelpRules3 => "(regola della casa del sito italiano da cui vengono le regole).",
        HelpClose => "Un tasto qualsiasi chiude l'aiuto.",
        QuestionTitle => " Domanda ",
        SaveAsTitle => " Salva come ",
        SaveAsHint => "Invio salva, Esc annulla",
        GameOverTitle => " Partita finita ",
        YouWin => "Hai vinto.",
        YouLose => "Hai perso.",
        ADraw => "Patta.",
        After => "dopo {0} ({1})",
        EndPlayAgain => "n    gioca ancora (colori scambiati)",
        EndSave => "s    salva la partita",
        EndUndo => "u    annulla l'ultima mossa",
        EndLook => "Esc  guarda la posizione finale",
        EndQuit => "q    esci",

        OutNoPieces => "Vince il {0}: il {1} non ha più pezzi",
        OutNoMoves => "Vince il {0}: il {1} non ha più mosse",
        OutResigned => "Vince il {0}: il {1} ha abbandonato",
        OutTime => "Vince il {0}: il {1} ha finito il tempo",
        OutRepetition => "Patta: la stessa posizione si è ripetuta tre volte",
        OutNoProgress => "Patta: 80 semimosse senza prese né mosse di pedina (regola della casa)",
        OutAgreement => "Patta per accordo",

        PickOwn => "Scegli uno dei tuoi pezzi",
        PieceOfWhite => "Quel pezzo è del Bianco",
        PieceOfBlack => "Quel pezzo è del Nero",
        NoLegalMove => "Nessuna mossa legale",
        MustCaptureReason => "Presa obbligatoria: {0} (con {1})",
        ManCannotKingMust => "La pedina non può mangiare la dama. Presa obbligatoria (con {0})",
        MustCaptureFrom => "Presa obbligatoria (con {0})",
        PieceCannotMove => "Quel pezzo non ha mosse legali",
        MoveDarkOnly => "I pezzi si muovono solo sulle caselle scure",
        NotEmpty => "Quella casella è occupata",
        NotAllowed => "Non si può: {0}",
        ManCannotKing => "La pedina non può mangiare la dama",
        ManCapturesForward => "La pedina mangia solo in avanti",
        ManMovesForward => "La pedina si muove solo in avanti",
        OneSquareDiagonal => "Si muove di una casella in diagonale",
        CaptureNotAllowed => "quella presa qui non è consentita",
        LadderMostPieces => "precedenza alla presa di più pezzi ({0})",
        LadderKing => "precedenza alla presa con la dama",
        LadderMostKings => "precedenza alla presa di più dame",
        LadderKingFirst => "precedenza alla presa che incontra prima la dama",
    }
}
