//! L'interfaccia in italiano: the words Italian players use (damiera, casella, pedina, dama,
//! presa, patta, abbandono), the player addressed as "tu", the engine called "il computer".
//! Squares are named by number as Italian players do ("il 22").

use super::Msg;

/// I tasti, come li elenca l'aiuto.
pub const KEYS: &[(&str, &str)] = &[
    ("frecce, hjkl", "muovi il cursore ([ e ] guarda indietro)"),
    ("Invio, Spazio", "scegli un pezzo / posalo"),
    ("clic del mouse", "lo stesso; il clic destro lo lascia"),
    ("Esc", "lascia il pezzo"),
    ("u / r", "annulla la mossa / rifalla (Backspace = u)"),
    ("t", "suggerimento: la mossa migliore, a piena forza"),
    ("m", "muovi ora: il computer gioca la migliore finora"),
    (
        "+ / -",
        "computer più forte / più debole (livello, profondità, tempo)",
    ),
    ("f / c", "gira la damiera / numeri delle caselle sì/no"),
    ("e / b", "valutazione e variante / campanello sì/no"),
    ("d / R", "proponi la patta / abbandona la partita"),
    ("v / a", "rivedi la partita finita / damiera di analisi"),
    ("N / s", "nuova partita / salva la partita (PDN)"),
    (
        "q",
        "esci (chiede prima)  Ctrl-C: esci subito  Ctrl-Z: sospendi",
    ),
    ("?", "questo aiuto"),
];

/// I tasti per rivedere una partita.
pub const REPLAY_KEYS: &[(&str, &str)] = &[
    ("frecce sx/dx", "una semimossa indietro / avanti"),
    ("Home, Fine", "l'inizio / la fine della partita"),
    ("[ e ]", "partita precedente / successiva del file"),
    ("Tab", "l'elenco delle partite"),
    ("p, Invio", "continua a giocare da qui contro il computer"),
    ("v", "revisione: il computer segna gli errori"),
    ("x", "errore seguente, con la mossa migliore"),
    ("a", "damiera di analisi su questa posizione"),
    ("f", "gira la damiera"),
    ("c", "numeri delle caselle sì/no"),
    ("q, Esc", "esci"),
    ("?", "questo aiuto"),
];

/// I tasti della damiera di analisi (issue 22, sezione 1).
pub const ANALYSIS_KEYS: &[(&str, &str)] = &[
    ("h j k l", "muovi il cursore"),
    (
        "Invio, clic",
        "scegli un pezzo / posalo (di entrambi i colori)",
    ),
    ("Esc", "lascia il pezzo"),
    ("frecce sx/dx", "una mossa indietro / avanti sulla linea"),
    (
        "frecce su/giù",
        "le altre mosse provate nella stessa posizione",
    ),
    ("Home, Fine", "l'inizio / la fine della linea"),
    ("Spazio", "ferma / avvia l'analisi del motore"),
    ("+ / -", "una linea del motore in più / in meno"),
    (
        "p / x",
        "promuovi la variante / cancella la mossa e il seguito",
    ),
    ("n", "annota la valutazione del motore sulla mossa"),
    ("s", "salva mosse e varianti in PDN"),
    ("f / c", "gira la damiera / numeri delle caselle sì/no"),
    (
        "q",
        "torna alla partita, alla revisione o all'inizio (chiede se non salvato)",
    ),
    ("?", "questo aiuto"),
];

/// I tasti di due giocatori alla stessa tastiera (issue 22).
pub const TWO_PLAYER_KEYS: &[(&str, &str)] = &[
    ("frecce, hjkl", "muovi il cursore"),
    ("Invio, Spazio", "scegli un pezzo / posalo"),
    ("clic del mouse", "lo stesso; il clic destro lo lascia"),
    ("Esc", "lascia il pezzo"),
    ("u / r", "annulla l'ultima mossa / rifalla"),
    ("t", "suggerimento del computer per chi muove"),
    ("f / c", "gira la damiera / numeri delle caselle sì/no"),
    ("d", "proponi la patta: l'altro risponde s/n"),
    ("R", "chi muove abbandona (chiede prima)"),
    ("N / s", "nuova partita / salva la partita (PDN)"),
    (
        "q",
        "esci (chiede prima)  Ctrl-C: esci subito  Ctrl-Z: sospendi",
    ),
    ("?", "questo aiuto"),
];

/// I tasti mentre il computer gioca contro sé stesso (issue 22).
pub const WATCH_KEYS: &[(&str, &str)] = &[
    ("Spazio", "pausa / riprendi"),
    ("destra", "in pausa: gioca una mossa"),
    ("m", "muovi ora: il computer gioca la migliore trovata"),
    ("+ / -", "chi muove gioca più forte / più debole"),
    ("f / c", "gira la damiera / numeri delle caselle sì/no"),
    ("e / b", "valutazione e variante / campanello sì/no"),
    ("N", "nuova partita, gli stessi avversari"),
    ("s", "salva la partita (PDN)"),
    ("q", "esci  (a fine partita: i tasti per rivedere)"),
    ("?", "questo aiuto"),
];

/// I tasti dell'allenamento.
pub const EDITOR_KEYS: &[(&str, &str)] = &[
    ("frecce, hjkl", "muovono il cursore"),
    ("w b", "pedina bianca / nera"),
    ("W B", "dama bianca / nera"),
    ("Spazio x Canc", "svuota la casella"),
    (
        "Invio, clic",
        "cambia il pezzo della casella, uno dopo l'altro",
    ),
    ("t", "chi ha la mossa"),
    ("e / i", "damiera vuota / posizione iniziale"),
    ("/", "scrivi una FEN"),
    ("c", "copia la FEN"),
    ("o", "chi gioca: tu, il computer, due giocatori"),
    ("+ -", "il livello del computer"),
    ("f / n", "gira la damiera / numeri delle caselle sì/no"),
    ("p", "gioca da questa posizione"),
    ("a", "la damiera di analisi su questa posizione"),
    (
        "q, Esc",
        "esci (chiedendo prima se c'è qualcosa di preparato)",
    ),
    ("?", "questo aiuto"),
];

pub const TRAINING_KEYS: &[(&str, &str)] = &[
    ("frecce, hjkl", "muovi il cursore"),
    ("Invio, clic", "scegli un pezzo / posalo: la tua risposta"),
    ("Esc", "lascia il pezzo"),
    (
        "s",
        "la soluzione (prima di rispondere: conta come sbagliata); dopo: la variante vincente",
    ),
    (
        "frecce sx/dx",
        "scorri la variante sulla damiera (dopo la risposta)",
    ),
    ("Home, Fine", "l'inizio / la fine della variante"),
    ("Tab", "l'altra variante: quella vincente / la confutazione"),
    ("r", "riprova la posizione (non conta)"),
    ("n", "la prossima posizione non ancora risolta"),
    (
        "a",
        "la damiera di analisi sulla posizione (dopo la risposta)",
    ),
    ("f / c", "gira la damiera / numeri delle caselle sì/no"),
    ("q", "torna all'inizio (o esce)"),
    ("?", "questo aiuto"),
];

pub fn text(m: Msg) -> &'static str {
    use Msg::*;
    match m {
        White => "Bianco",
        Black => "Nero",
        You => "tu",
        PlayerYou => "Tu",
        Engine => "computer",

        QuitKept => "Uscire? La partita resta conservata per `dama play --resume`. (s sì / n no)",
        QuitUntouched => {
            "Uscire? Non hai ancora mosso, quindi la partita non viene conservata \
             (quella conservata prima resta com'era). (s sì / n no)"
        }
        QuitNotKept => {
            "Non è stato possibile conservare la partita (vedi sotto). Uscire lo stesso? \
             (s sì / n no; dopo n, il tasto s la salva altrove)"
        }
        NewGameQ => "Lasciare questa partita e iniziarne una nuova? (s sì / n no)",
        NewGameKeptQ => {
            "Iniziare una nuova partita? Questa resta conservata fra quelle non finite \
             (Carica le elenca). (s sì / n no)"
        }
        ResignQ => "Abbandonare la partita? (s sì / n no)",
        ResignWhiteQ => "Il Bianco, che ha la mossa, abbandona la partita? (s sì / n no)",
        ResignBlackQ => "Il Nero, che ha la mossa, abbandona la partita? (s sì / n no)",
        ReplaceQ => "Il file esiste già. Sostituirlo con questa partita? (s sì / n no)",

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
        GameOverKeys => "La partita è finita: v la rivedi, s salva, N nuova partita, q esci",
        EngineThinkingWait => "Il computer sta pensando; aspetta la sua mossa (u annulla)",
        DarkSquaresOnly => "I pezzi stanno solo sulle caselle scure",
        MustCaptureBackHome => {
            "Il {0} deve mangiare: scegli la casella d'arrivo (anche il {0} stesso)"
        }
        MustCaptureChoose => "Il {0} deve mangiare: scegli la casella d'arrivo",
        PickedTouch => "Hai scelto la pedina {0}: dove la muovi? (pezzo toccato, pezzo mosso)",
        Picked => "Hai scelto la pedina {0}: scegli dove muoverla (Esc la lascia)",
        PickedKingTouch => "Hai scelto la dama {0}: dove la muovi? (pezzo toccato, pezzo mosso)",
        PickedKing => "Hai scelto la dama {0}: scegli dove muoverla (Esc la lascia)",
        ChooseMarked => "Scegli una delle caselle d'arrivo segnate (Esc ricomincia)",
        AgainForPlain => ", o di nuovo il {0} per quella senza caselle segnate",
        CapturesEndOn => "{0} prese finiscono sul {1}: scegli una casella segnata sul percorso{2}",
        Through => "Passando dal {0}: scegli la prossima casella d'arrivo",
        YouPlayed => "Hai giocato {0}",
        IllegalGameOver => "{0}: la partita è finita",
        IllegalNotLegal => "{0} non è una mossa legale qui",

        VerdictWin => " (hai vinto)",
        VerdictLoss => " (hai perso)",
        EndMessage => "{0}{1}; v la rivedi",
        PlayAgain => "Nuova partita: giochi col {0} (colori scambiati)",
        StoppingSearch => "Fermo la ricerca: arriva la mossa migliore trovata finora",
        EngineNotThinking => "Il computer non sta pensando",
        EngineMoveRefused => "La mossa del computer è stata rifiutata: {0}",
        EnginePlayed => "Il computer ha giocato {0}",
        YouMustCaptureSuffix => ": devi mangiare",
        HintIs => "Suggerimento a piena forza: {0} (segnato sulla damiera)",
        NoHint => "Nessun suggerimento: non ci sono mosse legali",
        DrawAccepted => "Il computer accetta la patta: per lui la posizione vale {0}",
        DrawDeclined => "Il computer rifiuta la patta: per lui la posizione vale {0}",
        ScoreWin => "vittoria in {0}",
        ScoreLoss => "sconfitta in {0}",
        GameOver => "La partita è finita",
        HintsYourTurn => "Il suggerimento si chiede al tuo turno",
        LookingForMove => "Suggerimento a piena forza (1 s)…",
        TookBackClock => "Annullate: {0}; gli orologi tornano a prima di quelle mosse (r le rifà)",
        TookBackClockOne => {
            "Annullata: {0}; gli orologi tornano a prima di quella mossa (r la rifà)"
        }
        TakeBackNoClock => {
            "Persa per il tempo, e il tempo di quella mossa non è noto: non si può annullare"
        }
        OfferOnYourTurn => "La patta si propone al tuo turno",
        YouOfferDraw => "Proponi la patta; il computer ci pensa…",
        EngineTime => "Tempo del computer {0} a mossa (dalla sua prossima mossa)",
        EngineDepth => "Profondità del computer {0} (dalla sua prossima mossa)",
        NothingToTakeBack => "Nessuna mossa da annullare",
        TookBack => "Annullate: {0} (r le rifà)",
        TookBackOne => "Annullata: {0} (r la rifà)",
        NothingToRedo => "Nessuna mossa da rifare",
        Replayed => "Rifatte: {0}",
        ReplayedOne => "Rifatta: {0}",
        NewGame => "Nuova partita",
        NoHome => "Non c'è una cartella home dove conservare la partita",
        NotSavedNoName => "Non salvata: manca il nome del file",
        NotSavedTo => "Non salvata in {0}: {1}",
        SavedTo => "Salvata in {0}",
        NotKeptIn => "Non è stato possibile conservare la partita in {0}: {1} (s la salva altrove)",
        NotKeptMark => "possibile conservare",
        NotKept => "La partita non è stata conservata",
        FileNotFolder => "{0} è un file, non una cartella",
        LinkToNothing => "{0} è un collegamento a {1}, che non esiste",
        WinsIn => "vince il {0} in {1}",
        MovesOne => "1 mossa",
        MovesMany => "{0} mosse",
        PliesOne => "1 semimossa",
        PliesMany => "{0} semimosse",

        Resumed => "Ripresa: {0}",
        SummaryLine => "{0} (Bianco) contro {1}, {2}, {3}",
        SummaryTwoPlayers => "Bianco contro Nero (due giocatori), {0}, {1}",
        SummaryUndated => "senza data",
        SummaryNoMove => "ancora nessuna mossa",
        SummaryOneMove => "1 mossa, {0}",
        SummaryMoves => "{0} mosse, ultima {1}",
        SummaryOlder => "una partita precedente (la tua partita del {0} non è stata conservata): ",
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
        ResultWins => "vince il {0}",
        ResultDraw => "patta",
        ResultUnfinished => "non finita",
        RecordSays => "il file riporta {0}",
        NothingToResume => {
            "Niente da riprendere: {0} non esiste (ci resta la partita fino alla fine)"
        }
        NewestNotKept => {
            "L'ultima partita non si è potuta salvare; una più vecchia è in {0} (Carica la riprende)"
        }
        KeptUnreadable => {
            "La partita interrotta non si può leggere ({0}); una nuova partita la mette tra quelle non finite"
        }
        ResultTagSays => "il suo tag Result riporta {0}",
        RulesItalianShort => "Italiana",
        RulesEnglishShort => "Inglese",
        ViewerLine => "{0}  esito {1}  semimossa {2}/{3}",
        SideToMove => "Tocca al {0}",
        ViewerKeys => "<-/-> mosse  v revisione  p gioca da qui",
        DefaultReplay => {
            "Rivedi: sx/dx una semimossa, Home/Fine salta, [ ] altra partita, p gioca da qui"
        }
        ReplayKeysTitle => " Tasti per rivedere ",
        GamesHint => "su/giù scegli, Invio apre, Esc chiude",
        OneGame => " 1 partita ",
        NGames => " {0} partite ",
        CannotBeRead => "(non si può leggere: {0})",

        // The analysis board (issue 22, section 1).
        StartAnalysis => "Damiera di analisi",
        AnalysisTitle => "Damiera di analisi",
        AnalysisOpened => "Analisi: muovi entrambi i colori; il motore analizza (spazio lo ferma)",
        AnalysisPurpose => "analisi",
        AnalysisRunning => "Motore: analizza, {0} linee (spazio lo ferma)",
        AnalysisDone => "Motore: finito qui (spazio: di nuovo)",
        AnalysisIdle => "Motore: fermo (spazio lo avvia)",
        AnalysisStarted => "Analisi avviata",
        AnalysisStopped => "Analisi fermata",
        AnalysisNothingHere => "{0}: il motore non ha nulla da analizzare qui",
        AnalysisDamaged => "Aperta fino alla semimossa {0}: il resto non si legge: {1}",
        AnalysisFinished => "Analisi finita: il motore non ha altro da trovare qui",
        AnalysisLines => "Il motore mostra {0} linee",
        AnalysisLine => "{0}. {1}  p{2}  {3}",
        AnalysisWaiting => "(qui le linee del motore)",
        AnalysisNewVariation => "Nuova variante: {0}",
        AnalysisPromoted => "Variante promossa",
        AnalysisMainLine => "È già la linea principale",
        AnalysisDeleted => "Mossa e seguito cancellati",
        AnalysisNothingToDelete => "Niente da cancellare all'inizio",
        AnalysisNoScore => "Ancora nessuna valutazione da annotare",
        AnalysisNote => "{0} p{1} {2}",
        AnalysisNoted => "Annotato: {0}",
        AnalysisAlreadyNoted => "Già annotato qui: {0}",
        AnalysisLeaveQ => {
            "Uscire? Mosse e note non salvate si perdono (n, poi s: salva). (s sì / n no)"
        }
        AnalysisMoves => "Mosse (semimossa {0}):",
        AnalysisStart => "inizio",
        AnalysisOthers => "Anche qui: {0}",
        AnalysisKeys1 => "frecce: albero  hjkl Invio/mouse: muovi  spazio: motore  +/-: linee",
        AnalysisKeysTitle => "Tasti della damiera di analisi",
        AnalysisKeys2 => "p promuove  x cancella  n annota  s salva  q esci",
        // Looking back during a game (issue 22, section 1).
        PeekAt => "Indietro: semimossa {0} di {1} (sola lettura; ] avanti, Esc la partita)",
        PeekLive => "La posizione della partita",
        PeekAtStart => "Già all'inizio",
        PeekReadOnly => "Si guarda soltanto: Esc torna alla partita",
        TooSmall => "Il terminale è troppo piccolo per la damiera.",
        TooSmallSize => "Allargalo almeno a {0}x{1} (ora {2}x{3}).",
        TooSmallQuit => "q esce.",

        RulesItalian => "Dama italiana",
        RulesEnglish => "Dama inglese",
        StrengthTime => "tempo di gioco {0}",
        StrengthMoveTime => "{0} a mossa",
        StrengthDepth => "profondità {0}",
        StrengthNodes => "{0} nodi a mossa",
        EngineStrength => "Computer: {0}",
        PiecesOne => "{0} ({1}): {2} pezzo{3}  {4}",
        PiecesMany => "{0} ({1}): {2} pezzi{3}  {4}",
        KingsShort => " ({0}D)",
        ToMove => "Tocca al {0} ({1})",
        NoProgress => "Senza prese né mosse di pedina: {0}/{1}",
        Occurred => "Questa posizione si è presentata {0} volte",
        EvalLine => "Valutazione: {0} (per il Bianco)",
        EvalDecisive => "Valutazione: {0}",
        WinsTables => "vince il {0} se la regola delle 80 semimosse lo consente",
        ScoreTableWin => "vittoria se la regola delle 80 semimosse lo consente",
        ScoreTableLoss => "sconfitta se la regola delle 80 semimosse lo consente",
        EvalNone => "Valutazione: ancora nessuna",
        EngineNodes => "Computer prof. {0}, {1} nodi",
        EvalHiddenShows => "Valutazione nascosta (e la mostra)",
        WhiteScore => "Bianco {0}",
        EngineLine => "Computer prof. {0}: {1}, {2} nodi",
        EngineLineShort => "Computer prof. {0}: {1}",
        EngineBook => "Computer: mossa di libro, {0}",
        EngineBookHidden => "Computer: mossa di libro",
        EvalBook => "Valutazione: {0} (libro)",
        LinePrefix => "Variante:",
        NoSearchYet => "Nessuna ricerca finora",
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
        HelpRules3 => "(regola del sito italiano da cui vengono le regole di questo gioco).",
        HelpClose => "Un tasto qualsiasi chiude l'aiuto.",
        HelpMore => "Un tasto qualsiasi: continua ({0}/{1}); Esc chiude",
        QuestionTitle => " Domanda ",
        SaveAsTitle => " Salva come ",
        SaveAsHint => "Invio salva, Esc annulla",
        GameOverTitle => " Partita finita ",
        YouWin => "Hai vinto.",
        YouLose => "Hai perso.",
        ADraw => "Patta.",
        After => "dopo {0} ({1})",
        EndPlayAgain => "n    gioca ancora (colori scambiati)",
        EndPlayAgainTwo => "n    gioca ancora",
        EndSave => "s    salva la partita",
        EndUndo => "u    annulla l'ultima mossa",
        EndLook => "Esc  guarda la posizione finale",
        EndQuit => "q    esci",
        EndKeysShort => "n ancora  v rivedi  s salva  u annulla  Esc guarda  q esci",
        PrefsIgnored => "Impostazioni non ricordate ({0}): uso quelle solite",
        PrefsKeyIgnored => {
            "Impostazioni: {0} ignorata, impostazione o valore che dama non conosce ({1}); le altre valgono"
        }
        PrefsKeysIgnored => {
            "Impostazioni: {0} ignorate, impostazioni o valori che dama non conosce ({1}); le altre valgono"
        }
        ShelfFull => "Si tengono {0} partite non finite: la più vecchia è passata in {1}",
        KeptAside => "Un'altra damiera tiene il salvataggio automatico: questa partita è in {0}",
        MoreUnfinished => " (e altre {0} non finite: Carica le elenca)",
        MoreUnfinishedOne => " (e un'altra non finita: Carica la elenca)",
        StartFileEmpty => "Scegli una partita qui sopra o scrivi il nome di un file",
        StartGamesTitle => "Partite in {0}, dalla più recente:",
        StartGamesNone => "Ancora nessuna partita in {0}.",
        StartGamesNoFolder => "Nessuna cartella dei dati (manca HOME): scrivi un file.",
        StartListHint => "su/giù sceglie, o scrivi un file (Tab completa); Invio apre, Esc torna",
        KindInPlay => "in corso",
        KindUnfinished => "non finita",
        KindArchived => "archiviata",
        KindSaved => "salvata",
        ListMoves => "{0} m.",
        ShortItalian => "italiana",
        ShortEnglish => "inglese",
        ExitArchived => "La partita finita è nell'archivio: {0}",
        ArchivedIn => "Conservata nell'archivio:",
        ArchiveFailed => "Non conservata nell'archivio: {0}",

        OutNoPieces => "Vince il {0}: il {1} non ha più pezzi",
        OutNoMoves => "Vince il {0}: il {1} non ha più mosse",
        OutResigned => "Vince il {0}: il {1} ha abbandonato",
        OutTime => "Vince il {0}: il {1} ha finito il tempo",
        OutRepetition => "Patta: la stessa posizione si è ripetuta tre volte",
        OutNoProgress => "Patta: 80 semimosse senza prese né mosse di pedina",
        OutAgreement => "Patta per accordo",

        PickOwn => "Scegli uno dei tuoi pezzi",
        PieceOfWhite => "Quel pezzo è del Bianco",
        PieceOfBlack => "Quel pezzo è del Nero",
        NoLegalMove => "Nessuna mossa legale",
        MustCaptureReason => "Presa obbligatoria: {0} (dalla casella {1})",
        ManCannotKingMust => "La pedina non può mangiare la dama. Presa obbligatoria (dal {0})",
        MustCaptureFrom => "Presa obbligatoria (dalla casella {0})",
        PieceCannotMove => "Quel pezzo non ha mosse legali",
        MoveDarkOnly => "I pezzi si muovono solo sulle caselle scure",
        NotEmpty => "Quella casella è occupata",
        NotAllowed => "Non si può: {0}",
        ManCannotKing => "La pedina non può mangiare la dama",
        ManCapturesForward => "La pedina mangia solo in avanti",
        CrownEndsMove => "La pedina che arriva in fondo viene promossa a dama: la mossa finisce lì",
        ManMovesForward => "La pedina si muove solo in avanti",
        OneSquareDiagonal => "Si muove di una casella in diagonale",
        CaptureNotAllowed => "quella presa qui non è consentita",
        LadderMostPieces => "precedenza alla presa di più pezzi ({0})",
        LadderKing => "precedenza alla presa con la dama",
        LadderMostKings => "precedenza alla presa di più dame",
        LadderKingFirst => "precedenza alla presa che incontra prima la dama",
        StrengthLevel => "livello {0} di {1}",
        EngineLevel => "Computer al livello {0} di {1} (dalla prossima mossa)",
        Taken => "Il Bianco ha mangiato {0}, il Nero {1}",
        RestUnreadable => "Il resto non si legge: {0}",
        RuleDrawAt => "Patta per regola dopo la semimossa {1} ({0}); la partita prosegue",
        DrawRepetition => "terza ripetizione, R-G2",
        DrawNoProgress => "80 semimosse senza prese né mosse di pedina, R-G3",
        DrawAgreement => "accordo",
        ReviewProgress => "Revisione {0}/{1} [{2}]",
        ReviewOneMistake => "Revisione: 1 errore  x il prossimo",
        ReviewMistakes => "Revisione: {0} errori  x il prossimo",
        ViewerKeysReview => "<-/-> mosse  x errore seguente  p gioca",
        ReviewPurpose => "revisione",
        EndReview => "v    rivedi la partita col computer",
        ReviewNothing => "Questa partita non si legge: non c'è nulla da rivedere",
        ReviewStarted => "Revisione: il computer esamina ogni posizione della partita",
        ReviewDoneOne => "Revisione finita: 1 errore segnato; x ci salta",
        ReviewDone => "Revisione finita: {0} errori segnati; x salta al prossimo",
        NoMistakes => "Nessun errore trovato",
        NoMistakesYet => "Nessun errore finora (la revisione continua)",
        MistakesWrapped => "Non ci sono altri errori: si torna al primo, mossa {0}: {1}{2}",
        MistakesWrappedBetter => {
            "Nessun altro errore: si torna al primo, mossa {0}: {1}{2}; meglio {3}"
        }
        ReviewDoneNone => "Revisione finita: nessun errore trovato",
        ReviewNoMistakes => "Revisione: nessun errore",
        ViewerKeysDone => "<-/-> mosse  p gioca da qui",
        ReviewAfterEnd => "v rivede la partita quando è finita",
        MistakeBetter => "Mossa {0}: {1}{2}; meglio {3} (segnata sulla damiera)",
        MistakeAt => "Mossa {0}: {1}{2}",
        ThisGame => "questa partita",
        StartTitle => "dama: la dama nel terminale",
        StartNewGame => "Nuova partita",
        StartRules => "  Regole   {0}",
        StartSide => "  Colore   {0}",
        StartRandomSide => "colore a sorte",
        StartLevel => "  Computer {0}",
        StartResume => "Riprendi la partita interrotta: {0}",
        StartLoad => "Carica una partita salvata...",
        StartReplay => "Rivedi un file di partite...",
        StartQuit => "Esci",
        StartFileLoad => "Partita da caricare: {0}_",
        StartFileReplay => "File da rivedere: {0}_",
        StartFileHint => "Invio apre, Esc torna indietro",
        StartKeys => "su/giù sceglie, sinistra/destra cambia, Invio inizia, q esce",
        StartedNewGame => "Nuova partita: giochi col {0}; computer: {1}",
        Resuming => "Si riprende: {0}",
        Loaded => "Caricata {0}",
        NoGameIn => "{0}: nessuna partita",
        CannotReadFile => "impossibile leggere {0}: {1}",
        EvalTablesDraw => "Valutazione: patta (tabelle)",
        EvalTables => "Valutazione: {0} (tabelle)",
        AnnotBest => "migliore",
        ExitSaved => "Partita salvata in {0}",
        ExitAnalysisSaved => "Damiera di analisi salvata in {0}",
        ExitSavedEarlier => {
            "La partita com'era prima è salvata in {0} (le mosse successive non ci sono)"
        }
        ExitKept => "La partita è conservata in {0}: `dama play --resume` la riprende",
        ExitKeptAside => {
            "La partita è conservata in {0} (un'altra damiera di dama teneva la sua partita nel \
             salvataggio automatico): `dama play --load {0}` o Carica nella schermata iniziale \
             la riprende"
        }
        ExitNotKeptIn => "non è stato possibile conservare la partita in {0}: {1}",
        ExitNoHome => "non è stato possibile conservare la partita: non c'è una cartella home",
        ExitHereItIs => "dama: {0}. Eccola, da salvare a mano:",
        TablesNone => "nessuna tabella dei finali",
        BookNotUsed => {
            "dama: il libro delle aperture {0} non si usa ({1}); il computer gioca col libro che viene con dama"
        }
        TablesUpTo => "tabelle dei finali solo fino a {0} pezzi",
        TablesNotice => {
            "dama: {0} per la dama {3}; i finali fino a {2} pezzi si giocano in modo esatto \
             dopo `dama tables build --rules {1}`"
        }
        // issue 22 (branch editor)
        APlayer => "giocatore",
        TwoPlayersLine => "Due giocatori alla stessa tastiera",
        WatchLine => "Il computer contro sé stesso",
        SideWins => "Vince il {0}.",
        WatchPaused => "In pausa: Spazio riprende, freccia destra gioca una mossa",
        WatchGoingOn => "Si riprende (Spazio mette in pausa)",
        WatchStep => "Una mossa, poi la pausa",
        WatchStepped => "; in pausa",
        WatchStrength => "Il {0} ora gioca a {1}",
        WatchNotYours => "Il computer gioca con entrambi i colori: Spazio mette in pausa, q esce",
        WatchTitle => "computer contro computer",
        WatchEndKeys => "; le frecce scorrono la partita, q esce",
        DrawRefusedBy => "Il {0} rifiuta la patta",
        DrawOfferWhiteQ => "Il Bianco propone la patta. Nero, accetti? (s sì / n no)",
        DrawOfferBlackQ => "Il Nero propone la patta. Bianco, accetti? (s sì / n no)",
        FromBallot => "Apertura: sorteggio {0}",
        StartSideTwo => "due giocatori, una tastiera",
        StartSideWatch => "nessuno: computer contro computer",
        StartTurn => "  Damiera  {0}",
        StartTurnYes => "si gira verso chi muove",
        StartTurnNo => "resta com'è",
        StartWhiteLevel => "  Bianco   {0}",
        StartBlackLevel => "  Nero     {0}",
        StartOpening => "  Apertura {0}",
        StartOpeningNone => "la posizione iniziale",
        StartOpeningRandom => "sorteggiata a caso",
        StartOpeningBallot => "sorteggio {0} di {1} (scrivi un numero)",
        StartedTwoPlayers => "Nuova partita a due giocatori: d propone la patta, R abbandona",
        StartedWatch => "Computer contro computer: Spazio mette in pausa, freccia destra una mossa",
        EditTooMany => "il {0} ha {1} pezzi; un colore ne ha al massimo 12",
        EditManOnLastRow => {
            "una pedina del {0} sta sulla {1}, la sua riga di promozione: falla dama o spostala"
        }
        EditNoPieces => "il {0} non ha pezzi: la partita sarebbe già finita",
        EditFinished => "posizione finita: tocca al {0}, che non ha mosse, quindi ha vinto il {1}",
        EditOpened => "Editor di posizioni: w b W B mettono i pezzi, Spazio svuota, p gioca",
        EditFenRead => "Posizione letta dalla FEN",
        EditFenBadSquare => "Non letta: la casella {0} non è sulla damiera o compare due volte",
        EditFenBad => "Non letta: {0}",
        EditLeaveQ => {
            "Uscire? La posizione preparata si perde (n, poi c: copia FEN). (s sì / n no)"
        }
        FenEmpty => "non c'è niente da leggere",
        FenBadSide => "colonna {0}: il tratto dev'essere W o B, non {1}",
        FenBadColor => "colonna {0}: un elenco di pezzi deve iniziare con W o B, non {1}",
        FenColorTwice => "colonna {0}: i pezzi del {1} compaiono due volte",
        FenFieldCount => "servono 3 campi separati da ':' (tratto:bianchi:neri), non {0}",
        FenBadSquare => "colonna {0}: {1} non è il numero di una casella",
        FenBadRange => "colonna {0}: {1} non è un intervallo di caselle",
        FenOffBoard => "la casella {0} non è sulla damiera (le caselle vanno da 1 a 32)",
        FenSquareTwice => "la casella {0} compare due volte",
        EditEmptied => "La damiera è vuota",
        EditStartPlaced => "La posizione iniziale",
        EditFenPrompt => {
            "Scrivi o incolla una FEN (W:W21,22,K30:B1,2), Invio la legge, Esc annulla"
        }
        EditCopied => "FEN copiata (appunti del terminale, se possibile) e mostrata nel pannello",
        EditDarkOnly => "I pezzi stanno solo sulle case scure",
        EditCannotPlay => "Questa posizione non si può giocare: {0}",
        EditPlaying => "Si gioca la posizione preparata",
        EditTitle => "Editor di posizioni",
        EditCounts => "Bianco {0} pezzi, Nero {1}",
        EditCountsOne => "Bianco {0} pezzo, Nero {1}",
        EditPlayAs => "Gioca: {0}, computer {1}",
        EditReady => "Pronta: p la gioca",
        EditFenLine => "FEN da selezionare: {0}",
        EditFenField => "Notazione FEN: {0}_",
        EditKeysHelp => "?: tutti i tasti",
        EditKeys1 => "w b: pedina bianca / nera   W B: dama",
        EditKeys2 => "Spazio: svuota   Invio, clic: cambia",
        EditKeys3 => "t: chi muove   e: vuota   i: iniziale",
        EditKeys4 => "/: scrivi una FEN   c: copia la FEN",
        EditKeys5 => "o: chi gioca   + -: livello   f: gira",
        EditKeys6 => "p: giocala   a: analizza   q: esci",
        EditKeys7 => "n: numeri delle caselle sì/no",
        EditCannotAnalyse => "Questa posizione non si può analizzare: {0}",
        StartEditor => "Prepara una posizione...",
        SidePlayed => "Il {0} ha giocato {1}",
        // (end of issue 22's block)
        // ----- training: combinations (colpi), issue 22 section 3 -----
        TrainingEasy => "facile",
        TrainingMedium => "medio",
        TrainingHard => "difficile",
        TrainingAllLevels => "tutti i livelli",
        TrainingFileIgnored => "Posizioni delle tue partite ignorate ({0})",
        TrainingProgressIgnored => "Progressi dell'allenamento ignorati ({0}): si ricomincia",
        TrainingNoHome => "Nessuna cartella home: i progressi non vengono conservati",
        TrainingNone => "Nessuna posizione per allenarsi",
        TrainingAsk => "Tocca al {0}: trova il colpo che guadagna materiale",
        TrainingAskOwn => "Dalla tua partita: tocca al {0}, trova la mossa migliore",
        TrainingAgain => "Di nuovo (non conta): tocca al {0}",
        TrainingAlreadyAsking => "Tocca a te: s mostra la soluzione, n la posizione seguente",
        TrainingWait => "Il computer sta giudicando la tua mossa...",
        TrainingNoLineYet => "Prima rispondi (o s per la soluzione)",
        TrainingAnsweredKeys => {
            "n: seguente, r: riprova, sinistra/destra: scorri la variante, a: analizzala"
        }
        TrainingAllSolved => "Hai risolto tutte queste posizioni: si ricomincia il giro",
        TrainingShown => "La soluzione: {0} (conta come non risolta)",
        TrainingShownAgain => "La soluzione: {0}",
        TrainingRight => "Giusto! {0} guadagna materiale",
        TrainingRightOwn => "Giusto! {0} è la mossa migliore",
        TrainingJudging => "Hai giocato {0}: il computer la sta giudicando...",
        TrainingWrong => "No: {0} non guadagna nulla. Il colpo era {1}",
        TrainingRightToo => "Giusto: {0} vale quanto {1}",
        TrainingRightWins => "Giusto: anche {0} vince la partita per forza (il colpo era {1})",
        TrainingWrongOwn => "No: {0} perde terreno. Meglio era {1}",
        TrainingNotSaved => "Progressi non conservati in {0}: {1}",
        TrainingOneLine => "Qui c'è una sola variante",
        TrainingKeptOwn => ". Posizioni tue conservate per l'allenamento (colpi): {0}",
        TrainingPurpose => "calcola la variante",
        TrainingTitle => "Allenamento: colpi",
        TrainingPlace => "Posizione {0} di {1}, {2}",
        TrainingFromGame => "La tua partita ({0}): hai giocato {1}{2}",
        TrainingSource => "{0}, mossa {1}",
        TrainingTask => "Tocca al {0}: guadagna materiale",
        TrainingTaskOwn => "Tocca al {0}: trova la mossa migliore",
        TrainingVerdictRight => "Giusto",
        TrainingVerdictWrong => "Sbagliato",
        TrainingVerdictShown => "Soluzione mostrata",
        TrainingVerdictJudging => "Il computer giudica la tua mossa",
        TrainingLineSolution => "Variante vincente:",
        TrainingLineBetter => "Variante migliore:",
        TrainingLineRefutation => "Confutazione:",
        TrainingLineYours => "La tua variante:",
        TrainingWorking => "(il computer la calcola)",
        TrainingGain => "Materiale sulla damiera: {0}",
        TrainingGainProven => "Materiale sulla damiera: {0} (provato: {1})",
        TrainingStats => "Risolte {0}, sbagliate {1}, serie {2}",
        TrainingBest => "Serie migliore {0}; risolte {1} su {2}",
        TrainingKeysAsk => "muovi come in partita; s soluzione, n seguente, q indietro",
        TrainingKeysTitle => "Tasti dell'allenamento",
        EditorKeysTitle => "Tasti dell'editor di posizioni",
        TrainingKeysDone => {
            "frecce scorrono, Tab altra variante, a analisi, r riprova, n seguente, q torna"
        }
        StartTraining => "Allenamento: colpi {0}",
        StartTrainingProgress => "    risolte {0} su {1}, sbagliate {2}, serie {3}",
        StartTrainingNew => "    {0} posizioni, nessuna ancora tentata",
        StartTrainingIgnored => "    progressi ignorati: {0}",
        TrainingExit => "Allenamento, questa volta: risolte {0}, sbagliate {1}; progressi in {2}",
        // Le tabelle costruite in sottofondo (issue 25).
        TablesBuilding => "Tabelle dei finali ({1}): {0}% costruite",
        TablesWaiting => "Tabelle dei finali ({0}): le costruisce un altro dama",
        TablesBuilt => {
            "Tabelle dei finali pronte: il motore gioca esatti i finali fino a {0} pezzi"
        }
        TablesBuildFailed => "Non è stato possibile costruire le tabelle dei finali: {0}",
        StartTables => {
            "Le tabelle dei finali fino a 5 pezzi si costruiscono da sole; 6 pezzi: \
             `dama tables build --pieces 6` (meno di 100 MB, circa 25 minuti, 2 GB di memoria)"
        }
        StartTablesOff => {
            "Le tabelle dei finali non si costruiscono da sole (table_build = false): \
             `dama tables build` le costruisce fino a 5 pezzi, `--pieces 6` fino a 6 (meno di \
             100 MB, circa 25 minuti, 2 GB di memoria)"
        }
        // ----- levels 1-14 and the start screen's clock (issue 21 item 5) -----
        StrengthFull => "livello {0} di {1} (piena forza)",
        StrengthLevelShort => "livello {0}",
        EngineLevelFull => "Computer a piena forza, livello {0} di {1} (dalla prossima mossa)",
        EngineStrongest => "Il computer è già al massimo: {0}",
        EngineWeakest => "Il computer è già al minimo: {0}",
        StartClock => "  Tempo    {0}",
        StartClockNone => "senza limite",
        StartClockInc => "{0} min + {1} s a mossa",
        StartClockPlain => "{0} minuti",
        // ----- il libro delle aperture sulla damiera (issue 26 §2) -----
        StartBook => "  Libro    {0}",
        StartBookYes => "il computer gioca le aperture dal suo libro",
        StartBookNo => "no: il computer calcola ogni mossa",
        // ----- una partita PDN che non si legge -----
        PdnAt => "riga {0}, colonna {1}: {2}",
        PdnUnclosedComment => "il commento '{' non è mai chiuso da '}'",
        PdnUnclosedTag => "coppia di tag non chiusa (atteso [Nome \"valore\"] su una riga)",
        PdnBadTag => "coppia di tag malformata (atteso [Nome \"valore\"])",
        PdnUnexpected => "{0} non è testo di mosse PDN",
        PdnUnclosedVariation => "la variante '(' non è mai chiusa",
        PdnUnmatchedParen => "')' senza una '('",
        PdnTooDeep => "varianti annidate per più di {0} livelli",
        PdnNoGame => "nessuna partita trovata",
        PdnNothingToAnnotate => "{0} viene prima di ogni mossa, senza nulla da annotare",
        PdnBadFen => "tag FEN {0} non valido: {1}",
        PdnGameType => {
            "GameType {0} non è un gioco di questo programma (22: italiana, 21: inglese)"
        }
        PdnMove => "semimossa {0}: {1} (posizione {2})",
        PdnAfterEnd => "{0}: la partita era già finita ({1}) nella posizione {2}",
        MoveNotAMove => "{0} non è una mossa: {1}",
        MoveIllegal => "{0} qui non è valida: {1}",
        MoveAmbiguous => "{0} è ambigua: può essere {1}",
        MoveOr => " o ",
        SyntaxEmpty => "non c'è scritto nulla",
        SyntaxChar => "{0} inatteso alla colonna {1}",
        SyntaxMissingSquare => "manca il numero di una casella alla colonna {0}",
        SyntaxBadSquare => "{0} alla colonna {1} non è una casella (le caselle vanno da 1 a 32)",
        SyntaxOneSquare => "una mossa vuole una casella di partenza e una d'arrivo",
        SyntaxMixed => "'-' e 'x' mescolati nella stessa mossa (colonna {0})",
        WhyNoMoves => "chi ha il tratto non ha mosse valide: la partita è finita",
        WhyEmpty => "non c'è nessun pezzo sulla casella {0}",
        WhyNotYours => "il pezzo sulla casella {0} è del {1}, e tocca al {2}",
        WhyMustCapture => "la presa è obbligatoria (valide: {0})",
        WhyNotALegalCapture => "non è una delle prese valide ({0})",
        WhyNothingToCapture => "non c'è niente da prendere",
        WhyNoMove => "quel pezzo non ha mosse valide",
        WhyOnly => "quel pezzo può giocare solo {0}",
        LoadSeveral => {
            "{0} contiene {1} partite; per continuarne una, aprila con `dama replay {0} --game N` e premi p"
        }
        FileNotPdn => {
            "non è un file PDN: il suo primo megabyte non contiene né coppie di tag né mosse"
        }
        FileTooLongTag => {
            "riga {0}, colonna {1}: la coppia di tag che inizia lì è troppo lunga: va oltre il primo megabyte del file (letto come PDN solo se quel megabyte contiene una coppia di tag o una mossa)"
        }
        FileTooLongComment => {
            "riga {0}, colonna {1}: il commento che inizia lì è troppo lungo: va oltre il primo megabyte del file (letto come PDN solo se quel megabyte contiene una coppia di tag o una mossa)"
        }
    }
}
