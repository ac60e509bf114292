//! The analysis board's side panel: the rules and the side to move, the engine's state and
//! its best lines (score from White's view, depth, line), the line through the move shown
//! with that move marked, the other moves tried in its place, its comments, and the keys.

use super::panel::{fit_words, marks, move_lines, panel_area, stacked, wrap_groups, wrap_text};
use super::theme::Theme;
use crate::notation::tree::NodeId;
use crate::tui::app::{Analysis, App};
use crate::tui::lang::{Msg, color};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

pub(super) fn analysis_panel(app: &App, a: &Analysis, area: Rect, theme: &Theme, buf: &mut Buffer) {
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let dim = Style::new().add_modifier(Modifier::DIM);
    let lang = app.lang();
    let t = |m: Msg| m.text(lang);
    let inner = panel_area(area, theme, buf);
    let width = inner.width as usize;
    let more = if theme.ascii() { "..." } else { "…" };
    let pos = *app.game().position();
    let side = pos.side_to_move();
    let rules_name = match pos.rules() {
        crate::rules::RuleSet::Italian => t(Msg::RulesItalianShort),
        crate::rules::RuleSet::English => t(Msg::RulesEnglishShort),
    };
    let mut top = vec![
        Line::from(Span::styled(t(Msg::AnalysisTitle), bold)),
        Line::from(format!(
            "{rules_name}  {}",
            Msg::SideToMove.fill(lang, &[&color(lang, side)])
        )),
    ];
    // A won position (no move, or a side without pieces) is said as the game says it.
    let won = app.game().outcome().filter(|o| o.winner().is_some());
    let has_moves = won.is_none();
    let state = if let Some(o) = won {
        crate::tui::lang::outcome(lang, o)
    } else if a.finished() {
        t(Msg::AnalysisDone).to_string()
    } else if a.running() {
        Msg::AnalysisRunning.fill(lang, &[&a.wanted()])
    } else {
        t(Msg::AnalysisIdle).to_string()
    };
    // Wrapped, not cut: "(space stops)" is the key to the engine (60 columns cut it).
    for l in wrap_text(&state, width).into_iter().take(2) {
        top.push(Line::from(Span::styled(l, dim)));
    }
    for k in 0..a.wanted() {
        let line = match a.lines().get(k) {
            Some(l) => {
                let white = if side == crate::rules::Color::White {
                    l.score
                } else {
                    -l.score
                };
                let head = Msg::AnalysisLine.fill(
                    lang,
                    &[
                        &(k + 1),
                        &crate::tui::lang::white_score(lang, white),
                        &l.depth,
                        &"",
                    ],
                );
                let words: Vec<String> = l.pv.iter().map(ToString::to_string).collect();
                let st = if k == 0 { bold } else { Style::new() };
                Line::from(Span::styled(
                    fit_words(head.trim_end(), &words, width, more),
                    st,
                ))
            }
            None if k == 0 && has_moves && a.running() && !a.finished() => {
                Line::from(Span::styled(t(Msg::AnalysisWaiting), dim))
            }
            None => Line::from(""),
        };
        top.push(line);
    }
    top.push(Line::from(Span::styled(theme.rule().repeat(width), dim)));

    // The line through the move shown: the path to it, then its main continuation.
    let tree = a.tree();
    let mut line: Vec<NodeId> = tree.path(a.at());
    let mut cur = a.at();
    while let Some(c) = tree.main_child(cur) {
        line.push(c);
        cur = c;
    }
    let moves: Vec<String> = line
        .iter()
        .map(|&n| {
            let node = tree.node(n);
            let mv = node.mv.map(|m| m.to_string()).unwrap_or_default();
            format!("{mv}{}", marks(&node.nags))
        })
        .collect();
    let first = tree.start().side_to_move() == tree.start().rules().first_to_move();
    let current = tree.ply(a.at()).checked_sub(1);
    let (list, focus) = move_lines(&moves, first, current, width, lang);
    let mut top_list = vec![Line::from(
        Msg::AnalysisMoves.fill(lang, &[&tree.ply(a.at())]),
    )];
    top.append(&mut top_list);

    let mut bottom = Vec::new();
    // The other moves tried in the same position, for up/down.
    if let Some(p) = tree.node(a.at()).parent() {
        let others: Vec<String> = tree
            .node(p)
            .children()
            .iter()
            .filter(|&&c| c != a.at())
            .filter_map(|&c| tree.node(c).mv.map(|m| m.to_string()))
            .collect();
        if !others.is_empty() {
            let text = Msg::AnalysisOthers.fill(lang, &[&others.join(", ")]);
            bottom.extend(wrap_text(&text, width).into_iter().take(2).map(Line::from));
        }
    }
    for c in &tree.node(a.at()).comments {
        bottom.extend(
            wrap_text(&format!("{{{c}}}"), width)
                .into_iter()
                .take(2)
                .map(|l| Line::from(Span::styled(l, dim))),
        );
    }
    // Opened from a reviewed game: its score graph stays, the cursor where the line shown
    // leaves (or is on) the game's.
    if let Some(rv) = app.review() {
        let mut on_game = a.at();
        while !tree.is_main_line(on_game) {
            on_game = tree.node(on_game).parent().unwrap_or(NodeId::ROOT);
        }
        bottom.push(super::viewer_panel::score_graph(
            &rv.white_scores(),
            tree.ply(on_game),
            width,
            theme,
        ));
    }
    for k in [Msg::AnalysisKeys1, Msg::AnalysisKeys2] {
        for l in wrap_groups(t(k), width) {
            bottom.push(Line::from(Span::styled(l, dim)));
        }
    }
    stacked(inner, top, list, Some(focus), bottom, buf);
}
