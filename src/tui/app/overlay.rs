//! What covers the board: help, a y/n question, the save prompt, the replay viewer's list of
//! games, the end-of-game dialog. The view draws them; the dispatcher routes keys by them.

use crate::tui::lang::{Lang, Msg};

/// A question waiting for y/n.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// Quitting a game that is kept.
    Quit,
    /// Quitting a game the player has not moved in: the kept game is left as it was.
    QuitUntouched,
    /// Quitting a game that could not be kept (the message line says why).
    QuitNotKept,
    NewGame,
    /// A new game while this one goes on and is kept: it is shelved, not lost.
    NewGameKept,
    Resign,
    /// Leaving the analysis board with moves or notes not saved.
    LeaveAnalysis,
    /// Leaving the position editor with a position set up.
    LeaveEditor,
    /// The file name typed to save to is an existing file (not this game's own save).
    Replace,
    /// Two players: White (Black) offers a draw; the other answers.
    DrawOfferedByWhite,
    DrawOfferedByBlack,
    /// Two players: White (Black), to move, would resign; the question names the side.
    ResignWhite,
    ResignBlack,
}

impl Question {
    /// The question as the player reads it.
    pub fn text(self, lang: Lang) -> &'static str {
        match self {
            Question::Quit => Msg::QuitKept,
            Question::QuitUntouched => Msg::QuitUntouched,
            Question::QuitNotKept => Msg::QuitNotKept,
            Question::NewGame => Msg::NewGameQ,
            Question::NewGameKept => Msg::NewGameKeptQ,
            Question::Resign => Msg::ResignQ,
            Question::ResignWhite => Msg::ResignWhiteQ,
            Question::ResignBlack => Msg::ResignBlackQ,
            Question::LeaveAnalysis => Msg::AnalysisLeaveQ,
            Question::LeaveEditor => Msg::EditLeaveQ,
            Question::Replace => Msg::ReplaceQ,
            Question::DrawOfferedByWhite => Msg::DrawOfferWhiteQ,
            Question::DrawOfferedByBlack => Msg::DrawOfferBlackQ,
        }
        .text(lang)
    }
}

/// What covers the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    None,
    Help,
    Confirm(Question),
    /// Typing the file name to save to.
    SaveAs(String),
    /// The replay viewer's list of games, with the highlighted one.
    Games(usize),
    /// The game has ended: its result and what to do next.
    GameEnd,
}

/// The help's pages for a terminal of `width` x `height`: the keys (a description too long for
/// the box goes on over the next lines, under its column), the rules note where everything fits
/// on one page, and the closing line. A terminal too short for every key gets several pages,
/// each ending with how to see the next, so no line is cut.
pub fn help_pages(lang: Lang, replay: bool, width: u16, height: u16) -> Vec<Vec<String>> {
    let keys = if replay {
        HelpKeys::Replay
    } else {
        HelpKeys::Board
    };
    help_pages_of(lang, keys, width, height)
}

/// Which keys the help lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HelpKeys {
    /// A game played on the board.
    Board,
    /// The replay viewer.
    Replay,
    /// The engine playing itself (issue 22 §4).
    Watch,
    /// Two players at one keyboard (issue 22 §4).
    TwoPlayers,
    /// The analysis board (issue 22 §1).
    Analysis,
    /// The training.
    Training,
    /// The position editor.
    Editor,
}

/// [`help_pages`] for any of the key tables.
pub fn help_pages_of(lang: Lang, which: HelpKeys, width: u16, height: u16) -> Vec<Vec<String>> {
    // The rules note goes with a game's keys only.
    let replay = !matches!(
        which,
        HelpKeys::Board | HelpKeys::TwoPlayers | HelpKeys::Analysis | HelpKeys::Training
    );
    let keys = match which {
        HelpKeys::Board => lang.keys(),
        HelpKeys::Replay => lang.replay_keys(),
        HelpKeys::Watch => lang.watch_keys(),
        HelpKeys::TwoPlayers => lang.two_player_keys(),
        HelpKeys::Analysis => lang.analysis_keys(),
        HelpKeys::Training => lang.training_keys(),
        HelpKeys::Editor => lang.editor_keys(),
    };
    pages_of(lang, keys, !replay, width, height)
}

/// The analysis board's help, paged as [`help_pages`].
pub fn analysis_help_pages(lang: Lang, width: u16, height: u16) -> Vec<Vec<String>> {
    help_pages_of(lang, HelpKeys::Analysis, width, height)
}

/// `keys` (and the rules reminder, with `rules`, where it fits) in pages of the box that
/// `width` x `height` holds.
fn pages_of(
    lang: Lang,
    keys: &[(&str, &str)],
    rules_too: bool,
    width: u16,
    height: u16,
) -> Vec<Vec<String>> {
    // The box: a border and a column of padding on each side.
    let inner = (width as usize).saturating_sub(4).max(20);
    let room = inner.saturating_sub(15).max(5);
    // Each key's lines, kept together on one page.
    let entries: Vec<Vec<String>> = keys
        .iter()
        .map(|(k, d)| {
            crate::tui::layout::wrap(d, room, room)
                .into_iter()
                .enumerate()
                .map(|(i, part)| format!("{:<14} {part}", if i == 0 { *k } else { "" }))
                .collect()
        })
        .collect();
    let mut rows: Vec<String> = entries.concat();
    let fit = (height as usize).saturating_sub(2);
    let close = Msg::HelpClose.text(lang).to_string();
    // The rules reminder only where it fits with every key.
    let rules = [Msg::HelpRules1, Msg::HelpRules2, Msg::HelpRules3];
    let rules_fit = rules.iter().all(|m| m.text(lang).chars().count() <= inner);
    if rules_too && rules_fit && rows.len() + rules.len() + 4 <= fit {
        rows.push(String::new());
        rows.extend(rules.iter().map(|m| m.text(lang).to_string()));
    }
    if rows.len() + 2 <= fit {
        rows.push(String::new());
        rows.push(close);
        return vec![rows];
    }
    let per = fit.saturating_sub(2).max(1);
    let mut chunks: Vec<Vec<String>> = vec![Vec::new()];
    for entry in entries {
        if let Some(last) = chunks.last_mut()
            && !last.is_empty()
            && last.len() + entry.len() > per
        {
            chunks.push(Vec::new());
        }
        if let Some(last) = chunks.last_mut() {
            last.extend(entry);
        }
    }
    // The rules reminder on the last page, wrapped to the box: a short terminal shows it too.
    if rules_too {
        let mut note = vec![String::new()];
        for m in rules {
            note.extend(crate::tui::layout::wrap(m.text(lang), inner, inner));
        }
        for line in note {
            if let Some(last) = chunks.last_mut()
                && last.len() + 1 > per
            {
                chunks.push(Vec::new());
            }
            if let Some(last) = chunks.last_mut()
                && !(last.is_empty() && line.is_empty())
            {
                last.push(line);
            }
        }
    }
    let n = chunks.len();
    chunks
        .into_iter()
        .enumerate()
        .map(|(i, mut page)| {
            page.push(String::new());
            page.push(if i + 1 < n {
                Msg::HelpMore.fill(lang, &[&(i + 1), &n])
            } else {
                close.clone()
            });
            page
        })
        .collect()
}
