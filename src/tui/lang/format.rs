//! The formatters the view calls: colours and sides, outcomes and draw reasons, refused moves,
//! counts of plies and moves, scores, moves, times and the engine's strength, each in the
//! interface's language from the [`Msg`] table.

use super::{Lang, Msg};
use crate::engine::Strength;
use crate::rules::{Color, DrawReason, IllegalMove, Move, Outcome, RuleSet, WinReason};
use std::time::Duration;

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
/// A level is named as short as the record names it (`dama (livello 14)`): lists and panels
/// give a name a narrow column.
pub fn player_name(lang: Lang, name: &str) -> String {
    if name == crate::tui::keep::PLAYER {
        return Msg::PlayerYou.text(lang).to_string();
    }
    // Two players at one keyboard are named by their colours in the record.
    let (white, black) = crate::tui::keep::TWO_PLAYERS;
    if name == white {
        return color(lang, Color::White).to_string();
    }
    if name == black {
        return color(lang, Color::Black).to_string();
    }
    match Strength::from_player_name(name) {
        Some(Strength::Level(n)) => {
            format!("dama ({})", Msg::StrengthLevelShort.fill(lang, &[&n]))
        }
        // As the panel words it (`dama (5 s a move)`, not the record's `5000 ms`).
        Some(s) => format!("dama ({})", strength(lang, s)),
        None => name.to_string(),
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

/// Why a FEN could not be read, in the player's language (the notation's own text is English,
/// for the command line).
pub fn fen_error(lang: Lang, e: &crate::notation::fen::FenError) -> String {
    use crate::notation::fen::FenError;
    use crate::rules::PositionError;
    let quoted = |s: &str| format!("{s:?}");
    match e {
        FenError::Empty => Msg::FenEmpty.text(lang).to_string(),
        FenError::BadSideToMove { column, found } => {
            Msg::FenBadSide.fill(lang, &[column, &quoted(found)])
        }
        FenError::BadColor { column, found } => {
            Msg::FenBadColor.fill(lang, &[column, &quoted(found)])
        }
        FenError::ColorTwice { column, color: c } => {
            Msg::FenColorTwice.fill(lang, &[column, &color(lang, *c)])
        }
        FenError::FieldCount { found } => Msg::FenFieldCount.fill(lang, &[found]),
        FenError::BadSquare { column, found } => {
            Msg::FenBadSquare.fill(lang, &[column, &quoted(found)])
        }
        FenError::BadRange { column, found } => {
            Msg::FenBadRange.fill(lang, &[column, &quoted(found)])
        }
        FenError::Invalid(PositionError::SquareOutOfRange(n)) => Msg::FenOffBoard.fill(lang, &[n]),
        FenError::Invalid(PositionError::SquareTwice(n)) => Msg::FenSquareTwice.fill(lang, &[n]),
        FenError::Invalid(PositionError::ManOnPromotionRow { square, color: c }) => {
            Msg::EditManOnLastRow.fill(lang, &[&color(lang, *c), square])
        }
        FenError::Invalid(PositionError::TooManyPieces { color: c, count }) => {
            Msg::EditTooMany.fill(lang, &[&color(lang, *c), count])
        }
    }
}

/// Why a PDN record could not be read, with its line and column, in the player's language
/// (the notation's own text, for the command line, is English).
pub fn pdn_error(lang: Lang, e: &crate::notation::pdn::PdnError) -> String {
    match lang {
        Lang::En => e.to_string(),
        _ => Msg::PdnAt.fill(lang, &[&e.line, &e.column, &pdn_error_kind(lang, &e.kind)]),
    }
}

/// [`pdn_error`] without the place.
pub fn pdn_error_kind(lang: Lang, k: &crate::notation::pdn::PdnErrorKind) -> String {
    use crate::notation::pdn::{MAX_VARIATION_DEPTH, PdnErrorKind as K};
    if lang == Lang::En {
        return k.to_string();
    }
    let quoted = |s: &str| format!("{s:?}");
    match k {
        K::UnclosedComment => Msg::PdnUnclosedComment.text(lang).to_string(),
        K::UnclosedTag => Msg::PdnUnclosedTag.text(lang).to_string(),
        K::BadTag => Msg::PdnBadTag.text(lang).to_string(),
        K::UnexpectedText(t) => Msg::PdnUnexpected.fill(lang, &[&quoted(t)]),
        K::UnclosedVariation => Msg::PdnUnclosedVariation.text(lang).to_string(),
        K::UnmatchedParen => Msg::PdnUnmatchedParen.text(lang).to_string(),
        K::VariationTooDeep => Msg::PdnTooDeep.fill(lang, &[&MAX_VARIATION_DEPTH]),
        K::NoGame => Msg::PdnNoGame.text(lang).to_string(),
        K::NothingToAnnotate(t) => Msg::PdnNothingToAnnotate.fill(lang, &[&quoted(t)]),
        K::BadFen { value, error } => {
            Msg::PdnBadFen.fill(lang, &[&quoted(value), &fen_error(lang, error)])
        }
        K::UnsupportedGameType(t) => Msg::PdnGameType.fill(lang, &[&quoted(t)]),
        K::Move { ply, error, fen } => {
            Msg::PdnMove.fill(lang, &[&(ply + 1), &move_text_error(lang, error), fen])
        }
        K::AfterEnd {
            text,
            outcome: o,
            fen,
        } => Msg::PdnAfterEnd.fill(lang, &[text, &outcome(lang, *o), fen]),
    }
}

/// Why a file could not be read as PDN, in the player's language (the system's own errors are
/// worded by [`Msg::fill`]).
pub fn file_error(lang: Lang, e: &crate::notation::pdn::FileError) -> String {
    use crate::notation::pdn::{FileError, Unclosed};
    match (lang, e) {
        (Lang::En, _) | (_, FileError::Io(_)) => e.to_string(),
        (_, FileError::NotPdn) => Msg::FileNotPdn.text(lang).to_string(),
        (_, FileError::TooLong { what, line, column }) => match what {
            Unclosed::Tag => Msg::FileTooLongTag,
            Unclosed::Comment => Msg::FileTooLongComment,
        }
        .fill(lang, &[line, column]),
    }
}

/// Why a move's text is not a legal move of the position, in the player's language.
pub fn move_text_error(lang: Lang, e: &crate::notation::movetext::MoveTextError) -> String {
    use crate::notation::movetext::{MoveTextError as E, Syntax, Why};
    if lang == Lang::En {
        return e.to_string();
    }
    let list = |moves: &[Move], sep: &str| {
        moves
            .iter()
            .map(Move::to_string)
            .collect::<Vec<_>>()
            .join(sep)
    };
    match e {
        E::NotAMove { text, problem } => {
            let problem = match problem {
                Syntax::Empty => Msg::SyntaxEmpty.text(lang).to_string(),
                Syntax::UnexpectedChar { column, found } => {
                    Msg::SyntaxChar.fill(lang, &[&format!("{found:?}"), column])
                }
                Syntax::MissingSquare { column } => Msg::SyntaxMissingSquare.fill(lang, &[column]),
                Syntax::BadSquare { column, number } => {
                    Msg::SyntaxBadSquare.fill(lang, &[number, column])
                }
                Syntax::OneSquare => Msg::SyntaxOneSquare.text(lang).to_string(),
                Syntax::MixedSeparators { column } => Msg::SyntaxMixed.fill(lang, &[column]),
            };
            Msg::MoveNotAMove.fill(lang, &[&format!("{text:?}"), &problem])
        }
        E::Illegal { text, why } => {
            let why = match why {
                Why::NoMoves => Msg::WhyNoMoves.text(lang).to_string(),
                Why::EmptySquare(s) => Msg::WhyEmpty.fill(lang, &[s]),
                Why::NotYourPiece { square, to_move } => Msg::WhyNotYours.fill(
                    lang,
                    &[
                        square,
                        &color(lang, to_move.opposite()),
                        &color(lang, *to_move),
                    ],
                ),
                Why::MustCapture { captures } => {
                    Msg::WhyMustCapture.fill(lang, &[&list(captures, ", ")])
                }
                Why::NotALegalCapture { captures } => {
                    Msg::WhyNotALegalCapture.fill(lang, &[&list(captures, ", ")])
                }
                Why::NothingToCapture => Msg::WhyNothingToCapture.text(lang).to_string(),
                Why::NoSuchMove { from_here } if from_here.is_empty() => {
                    Msg::WhyNoMove.text(lang).to_string()
                }
                Why::NoSuchMove { from_here } => Msg::WhyOnly.fill(lang, &[&list(from_here, ", ")]),
            };
            Msg::MoveIllegal.fill(lang, &[text, &why])
        }
        E::Ambiguous { text, candidates } => {
            Msg::MoveAmbiguous.fill(lang, &[text, &list(candidates, Msg::MoveOr.text(lang))])
        }
    }
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
        _ if crate::engine::score::table_unproven(score) == Some(true) => {
            Msg::ScoreTableWin.text(lang).to_string()
        }
        _ if crate::engine::score::table_unproven(score) == Some(false) => {
            Msg::ScoreTableLoss.text(lang).to_string()
        }
        // Numbers read the same in every language the game speaks.
        centi @ ScoreKind::Centi(_) => centi.to_string(),
    }
}

/// A score from White's view: `+0.35`, or for a forced end `White wins in 7 plies`.
pub fn white_score(lang: Lang, score: i32) -> String {
    use crate::engine::score::{ScoreKind, classify};
    if let Some(white_wins) = crate::engine::score::table_unproven(score) {
        let winner = if white_wins {
            Color::White
        } else {
            Color::Black
        };
        return Msg::WinsTables.fill(lang, &[&color(lang, winner)]);
    }
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

/// The engine's strength as the panel words it: `level 3 of 14`, `level 14 of 14 (full
/// strength)`, `depth 12`, `2 s a move`.
pub fn strength(lang: Lang, s: Strength) -> String {
    use crate::engine::strength::{FULL_STRENGTH, LEVELS};
    match s {
        Strength::Level(FULL_STRENGTH) => Msg::StrengthFull.fill(lang, &[&FULL_STRENGTH, &LEVELS]),
        Strength::Level(n) => {
            Msg::StrengthLevel.fill(lang, &[&n, &crate::engine::strength::LEVELS])
        }
        Strength::Depth(d) => Msg::StrengthDepth.fill(lang, &[&d]),
        Strength::MoveTime(t) => Msg::StrengthMoveTime.fill(lang, &[&movetime(t)]),
        Strength::Nodes(n) => Msg::StrengthNodes.fill(lang, &[&n]),
    }
}

/// A time control as the start screen words it: `5 min + 3 s a move`, `30 minutes`, `none`.
pub fn time_control(lang: Lang, tc: Option<crate::tui::clock::TimeControl>) -> String {
    let Some(tc) = tc else {
        return Msg::StartClockNone.text(lang).to_string();
    };
    let minutes = tc.base.as_secs_f64() / 60.0;
    let inc = tc.increment.as_secs_f64();
    if tc.increment.is_zero() {
        Msg::StartClockPlain.fill(lang, &[&minutes])
    } else {
        Msg::StartClockInc.fill(lang, &[&minutes, &inc])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// QA records: why a file is not read as PDN reached the Italian start screen (Load,
    /// Replay) in English ("not a PDN file: its first megabyte holds ..."); English unchanged.
    #[test]
    fn a_file_that_is_no_pdn_is_explained_in_italian() {
        use crate::notation::pdn::{FileError, Unclosed};
        let not_pdn = FileError::NotPdn;
        assert_eq!(file_error(Lang::En, &not_pdn), not_pdn.to_string());
        let said = Msg::CannotReadFile.fill(Lang::It, &[&"x.pdn", &file_error(Lang::It, &not_pdn)]);
        assert_eq!(
            said,
            "impossibile leggere x.pdn: non è un file PDN: il suo primo megabyte non contiene \
             né coppie di tag né mosse"
        );
        let long = FileError::TooLong {
            what: Unclosed::Comment,
            line: 3,
            column: 7,
        };
        assert_eq!(file_error(Lang::En, &long), long.to_string());
        assert!(
            file_error(Lang::It, &long).starts_with("riga 3, colonna 7: il commento che inizia"),
            "{}",
            file_error(Lang::It, &long)
        );
        // The system's errors are worded by the message they go into.
        let io = FileError::Io(std::io::Error::from_raw_os_error(2));
        let said = Msg::CannotReadFile.fill(Lang::It, &[&"x.pdn", &file_error(Lang::It, &io)]);
        assert!(said.contains("file o cartella inesistente"), "{said}");
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
    fn player_names_keep_a_level_short_in_both_languages() {
        // The start screen's list gives the opponent 10-30 columns: the top level's long
        // wording ("livello 14 di 14 (piena forza)") was cut mid-word there.
        let top = Strength::Level(crate::engine::strength::FULL_STRENGTH).player_name();
        assert_eq!(player_name(Lang::En, &top), "dama (level 14)");
        assert_eq!(player_name(Lang::It, &top), "dama (livello 14)");
        assert_eq!(player_name(Lang::It, "dama (level 3)"), "dama (livello 3)");
        assert_eq!(
            player_name(Lang::It, "dama (depth 12)"),
            "dama (profondità 12)"
        );
        assert_eq!(player_name(Lang::It, "Tinsley"), "Tinsley");
        // QA4 play: English showed a timed engine as the record names it, "dama (5000 ms)".
        let timed = Strength::MoveTime(std::time::Duration::from_secs(5)).player_name();
        assert_eq!(player_name(Lang::En, &timed), "dama (5 s a move)");
        assert_eq!(player_name(Lang::It, &timed), "dama (5 s a mossa)");
        // QA4 play: two players' records name the sides "White" and "Black", which the
        // Italian board showed as they are ("White (Bianco) contro Black").
        assert_eq!(player_name(Lang::It, "White"), "Bianco");
        assert_eq!(player_name(Lang::It, "Black"), "Nero");
        assert_eq!(player_name(Lang::En, "Black"), "Black");
    }

    #[test]
    fn english_scores_read_as_the_engine_words_them() {
        use crate::engine::WIN;
        use crate::engine::score::TABLE_WIN;
        for s in [
            0,
            35,
            -120,
            WIN - 7,
            -(WIN - 4),
            TABLE_WIN - 31,
            -(TABLE_WIN - 31),
        ] {
            assert_eq!(score(Lang::En, s), crate::engine::format_score(s));
        }
        assert_eq!(score(Lang::It, WIN - 7), "vittoria in 7");
    }

    /// A table win the no-progress count (R-G3) could cut short was shown as "+199.69", as if
    /// it were 199 men: it names the winner and the rule instead, in both languages.
    #[test]
    fn a_table_win_short_of_proof_names_the_winner_and_the_rule() {
        use crate::engine::score::TABLE_WIN;
        assert_eq!(
            white_score(Lang::En, TABLE_WIN - 31),
            "White wins if the 80-ply rule allows"
        );
        assert_eq!(
            white_score(Lang::It, -(TABLE_WIN - 31)),
            "vince il Nero se la regola delle 80 semimosse lo consente"
        );
        assert_eq!(
            score(Lang::En, TABLE_WIN - 500),
            "win if the 80-ply rule allows"
        );
        assert_eq!(
            score(Lang::It, -(TABLE_WIN - 500)),
            "sconfitta se la regola delle 80 semimosse lo consente"
        );
        assert_eq!(white_score(Lang::En, 250), "+2.50");
    }
}
