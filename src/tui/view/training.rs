//! The training's side panel (the position's source and task, the verdict, the lines with
//! the ply on the board marked, the progress and the keys), its status line, and its line on
//! the start screen.

use super::RenderRef;
use super::panel::{panel_area, wrap_text};
use super::theme::Theme;
use crate::tui::app::{
    App, LineKind, PuzzleSource, StartMenu, Training, TrainingLine, TrainingPhase, Verdict,
};
use crate::tui::lang::{Lang, Msg, color, move_text};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

pub(super) fn panel(app: &App, t: &Training, area: Rect, theme: &Theme, buf: &mut Buffer) {
    let lang = app.lang();
    let tx = |m: Msg| m.text(lang);
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let dim = Style::new().add_modifier(Modifier::DIM);
    let inner = panel_area(area, theme, buf);
    let width = inner.width as usize;
    let mut lines: Vec<Line> = Vec::new();
    let text = |lines: &mut Vec<Line<'static>>, s: &str, style: Style| {
        for part in wrap_text(s, width) {
            lines.push(Line::from(Span::styled(part, style)));
        }
    };
    let rules = match t.rules {
        crate::rules::RuleSet::Italian => tx(Msg::RulesItalian),
        crate::rules::RuleSet::English => tx(Msg::RulesEnglish),
    };
    text(
        &mut lines,
        &format!("{} ({rules})", tx(Msg::TrainingTitle)),
        bold,
    );
    let Some(p) = t.puzzle() else {
        text(&mut lines, tx(Msg::TrainingNone), Style::new());
        Paragraph::new(lines).render_ref(inner, buf);
        return;
    };
    let (at, of) = t.place();
    let side = color(lang, p.pos.side_to_move());
    match &p.source {
        PuzzleSource::Suite { .. } => {
            let level = p.level().map_or("", |l| l.text(lang));
            text(
                &mut lines,
                &Msg::TrainingPlace.fill(lang, &[&(at + 1), &of, &level]),
                Style::new(),
            );
            text(&mut lines, &Msg::TrainingTask.fill(lang, &[&side]), bold);
        }
        PuzzleSource::Own {
            played,
            mark,
            source,
            ..
        } => {
            let played = move_text(played, t.rules);
            let source = crate::tui::app::training_source_text(source, lang);
            text(
                &mut lines,
                &Msg::TrainingFromGame.fill(lang, &[&source, &played, mark]),
                Style::new(),
            );
            text(&mut lines, &Msg::TrainingTaskOwn.fill(lang, &[&side]), bold);
        }
    }
    let rule: String = theme.rule().repeat(width);
    lines.push(Line::from(Span::styled(rule.clone(), dim)));
    let verdict = match t.phase() {
        TrainingPhase::Asking => None,
        TrainingPhase::Judging => Some(Msg::TrainingVerdictJudging),
        TrainingPhase::Answered(Verdict::Right) => Some(Msg::TrainingVerdictRight),
        TrainingPhase::Answered(Verdict::Wrong) => Some(Msg::TrainingVerdictWrong),
        TrainingPhase::Answered(Verdict::Shown) => Some(Msg::TrainingVerdictShown),
    };
    if let Some(v) = verdict {
        text(&mut lines, tx(v), bold);
        let wrong = t.phase() == TrainingPhase::Answered(Verdict::Wrong);
        for kind in [LineKind::Solution, LineKind::Played] {
            let line = t.line(kind);
            if line.moves.is_empty() {
                continue;
            }
            let own = matches!(p.source, PuzzleSource::Own { .. });
            let title = match kind {
                LineKind::Solution if own => Msg::TrainingLineBetter,
                LineKind::Solution => Msg::TrainingLineSolution,
                LineKind::Played if wrong => Msg::TrainingLineRefutation,
                LineKind::Played => Msg::TrainingLineYours,
            };
            let step = (t.on_board() == kind).then_some(t.step());
            lines.extend(moves_lines(tx(title), line, step, width, lang));
        }
        // The material on the board against the position's, for the side to move there (the
        // suites' count: a king is one and a half men), as the line is stepped through; for a
        // suite's shot, what its proof found the move wins.
        let side = p.pos.side_to_move();
        let balance = |pos: &crate::rules::Position| {
            let of = |c| pos.men_of(c).count() as i32 * 100 + pos.kings_of(c).count() as i32 * 150;
            of(side) - of(side.opposite())
        };
        let now = men(balance(app.game().position()) - balance(&p.pos));
        let line = match &p.source {
            PuzzleSource::Suite { gain, .. } => {
                Msg::TrainingGainProven.fill(lang, &[&now, &men(*gain)])
            }
            PuzzleSource::Own { .. } => Msg::TrainingGain.fill(lang, &[&now]),
        };
        text(&mut lines, &line, Style::new());
        lines.push(Line::from(Span::styled(rule, dim)));
    }
    let pr = t.progress();
    text(
        &mut lines,
        &Msg::TrainingStats.fill(lang, &[&pr.solved, &pr.failed, &pr.streak]),
        Style::new(),
    );
    text(
        &mut lines,
        &Msg::TrainingBest.fill(lang, &[&pr.best_streak, &t.solved_here(), &of]),
        dim,
    );
    if let Some(problem) = t.problem() {
        text(&mut lines, problem, Style::new());
    }
    let keys = match t.phase() {
        TrainingPhase::Asking => Msg::TrainingKeysAsk,
        _ => Msg::TrainingKeysDone,
    };
    // The keys at the foot of the panel, as the game's panel has them.
    let mut foot: Vec<Line> = wrap_text(tx(keys), width)
        .into_iter()
        .map(|l| Line::from(Span::styled(l, dim)))
        .collect();
    // A short panel keeps the verdict, the lines and the progress whole: the keys give way
    // (`?` lists them, and so does the message line after an answer), rather than cut the
    // progress ("Best streak 0; solved 0 of" at 60x20, QA pass 5).
    if lines.len() + foot.len() > inner.height as usize {
        foot.clear();
    }
    let room = (inner.height as usize).saturating_sub(foot.len());
    lines.truncate(room);
    lines.resize(room, Line::from(""));
    lines.extend(foot);
    Paragraph::new(lines).render_ref(inner, buf);
}

/// Centi-men as men with a sign, as the suites write them (`+1.50`, `-1.00`, `0.00`): numbers
/// read the same in both languages.
fn men(c: i32) -> String {
    let sign = match c.signum() {
        1 => "+",
        -1 => "-",
        _ => "",
    };
    format!("{sign}{}.{:02}", c.abs() / 100, c.abs() % 100)
}

/// `title` and the line's moves in as many rows as they take, the ply on the board (`step`,
/// when this line is the one shown) reversed; "(the engine works it out)" while it does.
fn moves_lines(
    title: &str,
    line: &TrainingLine,
    step: Option<usize>,
    width: usize,
    lang: Lang,
) -> Vec<Line<'static>> {
    let mark = Style::new().add_modifier(Modifier::REVERSED);
    let dim = Style::new().add_modifier(Modifier::DIM);
    let mut words: Vec<(String, Style)> = line
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let st = if step == Some(i + 1) {
                mark
            } else {
                Style::new()
            };
            // Numbers only, as the game's move list has them: the line must fit the panel
            // (`c` puts the numbers on the board).
            (m.to_string(), st)
        })
        .collect();
    if !line.ready {
        for w in Msg::TrainingWorking.text(lang).split_whitespace() {
            words.push((w.to_string(), dim));
        }
    }
    let mut out = Vec::new();
    let mut spans = vec![Span::raw(title.to_string())];
    let mut used = title.chars().count();
    for (w, st) in words {
        let n = w.chars().count();
        if used + 1 + n > width && used > 2 {
            out.push(Line::from(std::mem::take(&mut spans)));
            spans.push(Span::raw(" "));
            used = 1;
        } else {
            spans.push(Span::raw(" "));
            used += 1;
        }
        spans.push(Span::styled(w, st));
        used += n;
    }
    out.push(Line::from(spans));
    out
}

/// The message line when nothing else is said: what the player is to do.
pub(super) fn default_status(t: &Training, lang: Lang) -> String {
    match t.phase() {
        TrainingPhase::Asking => Msg::TrainingKeysAsk.text(lang).into(),
        TrainingPhase::Judging => Msg::TrainingWait.text(lang).into(),
        TrainingPhase::Answered(_) => Msg::TrainingAnsweredKeys.text(lang).into(),
    }
}

/// The start screen's line under the training's entry: the progress of the rules chosen.
pub(super) fn start_line(menu: &StartMenu, lang: Lang) -> Option<String> {
    let (_, s) = menu.trained.iter().find(|(r, _)| *r == menu.rules)?;
    Some(match &s.progress {
        Ok(p) if p.solved + p.failed == 0 => Msg::StartTrainingNew.fill(lang, &[&s.total]),
        Ok(p) => {
            Msg::StartTrainingProgress.fill(lang, &[&s.solved, &s.total, &p.failed, &p.streak])
        }
        Err(e) => Msg::StartTrainingIgnored.fill(lang, &[e]),
    })
}
