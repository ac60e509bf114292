//! The replay viewer's side panel: the record's tags, its moves with the cursor, the comment
//! at the cursor and, after a review, the score graph.

use super::panel::{marks, move_lines, panel_area, stacked, wrap_text};
use super::theme::Theme;
use crate::notation::pdn::variation_text;
use crate::tui::app::App;
use crate::tui::lang::{Lang, Msg, color};
use crate::tui::viewer::Viewer;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

pub(super) fn viewer_panel(app: &App, v: &Viewer, area: Rect, theme: &Theme, buf: &mut Buffer) {
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let dim = Style::new().add_modifier(Modifier::DIM);
    let lang = app.lang();
    let t = |m: Msg| m.text(lang);
    let inner = panel_area(area, theme, buf);
    let rule: String = theme.rule().repeat(inner.width as usize);
    let mut top = vec![Line::from(Span::styled(
        Msg::ReplayTitle.fill(
            lang,
            &[&short_path(
                v.name(),
                lang,
                inner.width as usize,
                if theme.ascii() { "..." } else { "…" },
            )],
        ),
        bold,
    ))];
    if v.count() > 1 {
        top.push(Line::from(
            Msg::GameOfN.fill(lang, &[&(v.index() + 1), &v.count()]),
        ));
    }
    let Some(r) = v.replay() else {
        let why = v.error().map_or_else(
            || t(Msg::NoGame).to_string(),
            |e| crate::tui::lang::pdn_error(lang, e),
        );
        top.push(Line::from(Span::styled(t(Msg::CouldNotRead), bold)));
        let bottom = vec![Line::from(Span::styled(t(Msg::AnotherGameQuit), dim))];
        let lines: Vec<Line> = wrap_text(&why, inner.width as usize)
            .into_iter()
            .map(Line::from)
            .collect();
        stacked(inner, top, lines, None, bottom, buf);
        return;
    };
    let rec = r.record();
    // dama's own player names in the interface's language (the record keeps its tags).
    let tag = |t: &str| crate::tui::lang::player_name(lang, rec.tag(t).unwrap_or("?"));
    top.push(Line::from(Msg::TagWhite.fill(lang, &[&tag("White")])));
    top.push(Line::from(Msg::TagBlack.fill(lang, &[&tag("Black")])));
    let mut extra = Vec::new();
    for (name, key) in [
        ("Event", Msg::TagEvent),
        ("Site", Msg::TagSite),
        ("Date", Msg::TagDate),
        ("Round", Msg::TagRound),
    ] {
        if let Some(val) = rec.tag(name).filter(|x| !x.is_empty() && *x != "?") {
            extra.push(key.fill(lang, &[&val]));
        }
    }
    for l in wrap_text(&extra.join("  "), inner.width as usize)
        .into_iter()
        .take(2)
    {
        top.push(Line::from(l));
    }
    let rules_name = match rec.rules {
        crate::rules::RuleSet::Italian => t(Msg::RulesItalianShort),
        crate::rules::RuleSet::English => t(Msg::RulesEnglishShort),
    };
    top.push(Line::from(Msg::ViewerLine.fill(
        lang,
        &[&rules_name, &rec.result.as_str(), &r.ply(), &r.len()],
    )));
    if let Some(e) = v.error() {
        // A damaged record, shown up to its damage.
        let why = Msg::RestUnreadable.fill(lang, &[&crate::tui::lang::pdn_error(lang, e)]);
        for l in wrap_text(&why, inner.width as usize).into_iter().take(3) {
            top.push(Line::from(Span::styled(l, bold)));
        }
    } else if let Some(d) = r.rule_draw_passed() {
        let text = Msg::RuleDrawAt.fill(
            lang,
            &[&crate::tui::lang::draw_reason(lang, d.reason), &d.ply],
        );
        for l in wrap_text(&text, inner.width as usize).into_iter().take(2) {
            top.push(Line::from(l));
        }
    }
    if r.at_end() && v.error().is_none() {
        // In Italian the ending is worded here from the game shown (the record's own words
        // are English).
        let ending = match (lang, app.game().outcome()) {
            (Lang::En, _) => r.ending(),
            (_, Some(o)) => crate::tui::lang::outcome(lang, o),
            // The record ends without a decided position (adjudicated, unfinished).
            (_, None) => match (rec.result, rec.result.winner(rec.rules)) {
                (_, Some(w)) => Msg::ResultWins.fill(lang, &[&color(lang, w)]),
                (crate::notation::pdn::PdnResult::Draw, None) => t(Msg::ResultDraw).into(),
                _ => t(Msg::ResultUnfinished).into(),
            },
        };
        let ending = match lang {
            Lang::En => ending,
            _ => {
                // The board's verdict decides the result; a record that says otherwise is
                // named beside it.
                let board = app.game().outcome().map_or(rec.result, |o| {
                    crate::notation::pdn::PdnResult::from_outcome(rec.rules, Some(o))
                });
                let shown = if board == rec.result {
                    format!("{} ({ending})", board.as_str())
                } else {
                    let says = Msg::RecordSays.fill(lang, &[&rec.result.as_str()]);
                    format!("{} ({ending}; {says})", board.as_str())
                };
                match rec.result_tag_disagrees() {
                    Some(tag) => {
                        let says = Msg::ResultTagSays.fill(lang, &[&tag.as_str()]);
                        format!("{shown}; {says}")
                    }
                    None => shown,
                }
            }
        };
        for l in wrap_text(&ending, inner.width as usize).into_iter().take(2) {
            top.push(Line::from(Span::styled(l, bold)));
        }
    } else {
        top.push(Line::from(
            Msg::SideToMove.fill(lang, &[&color(lang, app.side_to_move())]),
        ));
    }
    top.push(Line::from(Span::styled(rule.clone(), dim)));
    // The annotator's marks stay with the moves (`22-18?`, `$4` as `??`); a review of this
    // game adds its own.
    let review = app.review().filter(|rv| rv.game_index == v.index());
    let moves: Vec<String> = rec
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| match review.map(|rv| rv.mark(i, &m.mv).0) {
            Some(mark) if !mark.is_empty() => format!("{}{mark}", m.mv),
            _ => format!("{}{}", m.mv, marks(&m.nags)),
        })
        .collect();
    let first = rec.start.side_to_move() == rec.rules.first_to_move();
    let current = r.ply().checked_sub(1);
    let (list, at) = move_lines(&moves, first, current, inner.width as usize, lang);
    let comments: Vec<String> = match r.last_move() {
        Some(m) => m.comments.clone(),
        None => rec.intro.clone(),
    };
    let mut bottom = vec![Line::from(Span::styled(rule, dim))];
    for c in comments.iter().take(2) {
        for l in wrap_text(&format!("{{{}}}", comment(lang, c)), inner.width as usize)
            .into_iter()
            .take(3)
        {
            bottom.push(Line::from(l));
        }
    }
    // The record's other moves in place of the last one, as PDN (the analysis board, `a`,
    // walks them).
    if let Some(m) = r.last_move() {
        for v in m.variations.iter().take(2) {
            let text = format!("({})", variation_text(rec, r.ply() - 1, v));
            let mut lines = wrap_text(&text, inner.width as usize);
            if lines.len() > 2 {
                // A long line: its first two rows, the cut shown.
                let more = if theme.ascii() { "..." } else { "…" };
                lines.truncate(2);
                let keep = (inner.width as usize).saturating_sub(more.chars().count());
                lines[1] = lines[1].chars().take(keep).collect::<String>() + more;
            }
            bottom.extend(lines.into_iter().map(|l| Line::from(Span::styled(l, dim))));
        }
    }
    if let Some(rv) = review {
        let width = inner.width as usize;
        bottom.push(score_graph(&rv.white_scores(), r.ply(), width, theme));
        let (done, all) = rv.progress();
        bottom.push(Line::from(if done < all {
            let filled = done * 10 / all.max(1);
            let bar = format!("{}{}", "#".repeat(filled), ".".repeat(10 - filled));
            Msg::ReviewProgress.fill(lang, &[&done, &all, &bar])
        } else {
            match app.mistakes().len() {
                0 => t(Msg::ReviewNoMistakes).to_string(),
                1 => t(Msg::ReviewOneMistake).to_string(),
                n => Msg::ReviewMistakes.fill(lang, &[&n]),
            }
        }));
    }
    // `x` only where there is a mistake to go to.
    let keys = match review {
        Some(rv) if rv.done() && app.mistakes().is_empty() => Msg::ViewerKeysDone,
        Some(_) => Msg::ViewerKeysReview,
        None => Msg::ViewerKeys,
    };
    bottom.push(Line::from(Span::styled(t(keys), dim)));
    bottom.push(Line::from(Span::styled(t(Msg::KeysQuit), dim)));
    // At ply 0 the list starts at its first move, as the board does (not scrolled to the end).
    stacked(
        inner,
        top,
        list,
        Some(current.map_or(0, |_| at)),
        bottom,
        buf,
    );
}

/// A file name as the viewer's title shows it: whole when it fits `width` with the title's
/// words, else its folders shortened to `…/` and the file's own name kept.
fn short_path(name: &str, lang: Lang, width: usize, more: &str) -> String {
    let room = width.saturating_sub(Msg::ReplayTitle.fill(lang, &[&""]).chars().count());
    if name.chars().count() <= room {
        return name.to_string();
    }
    let path = std::path::Path::new(name);
    let Some(file) = path.file_name().map(|f| f.to_string_lossy().into_owned()) else {
        return name.to_string();
    };
    // The nearest folders that still fit, then the file name alone.
    let mut shown = file.clone();
    for dir in path.parent().into_iter().flat_map(|p| p.iter().rev()) {
        let longer = format!("{}/{shown}", dir.to_string_lossy());
        if longer.chars().count() + more.chars().count() + 1 > room {
            break;
        }
        shown = longer;
    }
    format!("{more}/{shown}")
}

/// A record's comment as shown: the word `best` of `dama analyze --annotate`'s comments in
/// the interface's language.
fn comment(lang: Lang, c: &str) -> String {
    match lang {
        Lang::En => c.to_string(),
        _ => c.replace("(best ", &format!("({} ", Msg::AnnotBest.text(lang))),
    }
}

/// The review's scores as one row of bars (White's advantage up, Black's down from the
/// middle height) across the panel's width, each position taking its share of the columns;
/// the shown position's columns reversed. Positions not yet searched are blank.
pub(super) fn score_graph(
    scores: &[Option<i32>],
    ply: usize,
    width: usize,
    theme: &Theme,
) -> Line<'static> {
    let bars: &[&str] = if theme.ascii() {
        &["_", ".", "-", "=", "+", "*", "#", "#"]
    } else {
        &["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    };
    let n = scores.len().max(1);
    // The whole width: a short game's positions take several columns each.
    let cols = width.max(1);
    let mut spans = Vec::with_capacity(cols);
    for c in 0..cols {
        let (lo, hi) = (c * n / cols, ((c + 1) * n / cols).max(c * n / cols + 1));
        let here = (lo..hi).contains(&ply);
        let seen: Vec<i32> = scores[lo..hi.min(n)].iter().flatten().copied().collect();
        let text = match seen.last() {
            // +-3 men fill the height; 0 is the middle bar.
            Some(&s) => bars[((s.clamp(-300, 300) + 300) * 7 / 600) as usize],
            None => " ",
        };
        let style = if here {
            Style::new().add_modifier(Modifier::REVERSED)
        } else {
            Style::new()
        };
        spans.push(Span::styled(text, style));
    }
    Line::from(spans)
}
