//! Playing the match's games: which opening and colours each game gets ([`schedule`]), one
//! game to its end ([`play`]), and all of them on `--concurrency` threads, each counted as it
//! comes in ([`play_all`]), stopping early when the SPRT decides. What is printed is the
//! caller's (`report`).

use super::adjudicate::{Adjudication, Adjudicator, DrawRule, WinRule};
use super::spec::{Side, Spec};
use super::timing::TimeUse;
use crate::lab::external::{self, Forfeit};
use crate::lab::selfplay::Tally;
use crate::lab::sprt::{Sprt, Verdict};
use crate::notation::pdn::PdnGame;
use crate::rules::{Color, Game, RuleSet};
use std::sync::atomic::{AtomicBool, Ordering};

/// A game to play: its number (from 0), its opening and A's colour.
pub(super) struct Job {
    pub(super) opening: usize,
    pub(super) a_colour: Color,
}

/// A finished game.
pub(super) struct Played {
    pub(super) index: usize,
    pub(super) game: Game,
    /// The side (A's colour or B's) that lost other than on the board, and why.
    pub(super) forfeit: Option<(Color, Forfeit)>,
    /// Ended early on the players' scores (`--adjudicate-draw`, `--adjudicate-win`).
    pub(super) adjudicated: Option<Adjudication>,
    /// A's time, then B's.
    pub(super) time: [TimeUse; 2],
}

/// Plays one game to its end; `None` if `stop` was raised first.
fn play(
    index: usize,
    job: &Job,
    opening: &Game,
    sides: &mut [Side; 2],
    specs: &[Spec; 2],
    rules: (Option<DrawRule>, Option<WinRule>),
    stop: &AtomicBool,
) -> Option<Played> {
    let mut game = opening.clone();
    let mut time = [TimeUse::default(); 2];
    let mut forfeit = None;
    let mut judge = Adjudicator::new(rules.0, rules.1);
    let mut adjudicated = None;
    let colour = |i: usize| {
        if i == 0 {
            job.a_colour
        } else {
            job.a_colour.opposite()
        }
    };
    for (i, side) in sides.iter_mut().enumerate() {
        if let Err(f) = side.new_game(game.start().rules()) {
            forfeit = Some((colour(i), f));
            break;
        }
    }
    while forfeit.is_none() && game.outcome().is_none() {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let i = usize::from(game.position().side_to_move() != job.a_colour);
        let forced = game.legal_moves().len() == 1;
        let mover = game.position().side_to_move();
        match sides[i].choose(&specs[i], &game, stop) {
            Ok(c) => {
                if c.book {
                    time[i].add_book();
                } else {
                    time[i].add(c.used, forced, c.ended);
                }
                game.play(&c.mv).expect("players answer legal moves");
                let full_move = (game.ply() / 2 + 1) as u32;
                if let Some(a) = judge
                    .as_mut()
                    .and_then(|j| j.after(mover, c.score, full_move))
                {
                    if game.outcome().is_none() {
                        match a {
                            Adjudication::Draw(_) => game.agree_draw(),
                            Adjudication::Loss(loser, _) => game.resign(loser),
                        }
                        adjudicated = Some(a);
                    }
                }
            }
            Err(f) => forfeit = Some((colour(i), f)),
        }
    }
    if let Some((loser, _)) = &forfeit {
        game.resign(*loser);
    }
    Some(Played {
        index,
        game,
        forfeit,
        adjudicated,
        time,
    })
}

/// Everything the games are played from.
pub(super) struct Plan {
    /// A, then B.
    pub(super) specs: [Spec; 2],
    /// Each opening with its number (see [`super::book::openings`]).
    pub(super) openings: Vec<(usize, Game)>,
    /// Where the openings come from, for people (`book NAME` or `first N plies random`).
    pub(super) opening_text: String,
    /// The games, in order (see [`schedule`]).
    pub(super) jobs: Vec<Job>,
    pub(super) adjudicate_draw: Option<DrawRule>,
    pub(super) adjudicate_win: Option<WinRule>,
}

/// The games to play, in order: games 2k and 2k+1 share an opening (the openings taken in
/// turn); in the even one A has the first mover's colour.
pub(super) fn schedule(games: u32, rules: RuleSet, openings: usize) -> Vec<Job> {
    let first = rules.first_to_move();
    (0..games as usize)
        .map(|g| Job {
            opening: (g / 2) % openings,
            a_colour: if g % 2 == 0 { first } else { first.opposite() },
        })
        .collect()
}

/// What the finished games add up to.
pub(super) struct Results {
    /// From A's view.
    pub(super) tally: Tally,
    /// A's time, then B's.
    pub(super) time: [TimeUse; 2],
    /// The games counted, in the order they finished.
    pub(super) played: Vec<Played>,
    /// Games an earlier run of the match played (`--resume`), by number.
    pub(super) resumed: Vec<(usize, PdnGame)>,
    pub(super) verdict: Verdict,
}

/// A game's result from A's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ForA {
    Win,
    Draw,
    Loss,
}

impl Played {
    pub(super) fn for_a(&self, job: &Job) -> ForA {
        match self.game.outcome().and_then(|o| o.winner()) {
            None => ForA::Draw,
            Some(c) if c == job.a_colour => ForA::Win,
            Some(_) => ForA::Loss,
        }
    }
}

impl Results {
    /// The games an earlier run played, counted (their time per move is not known), and the
    /// SPRT's verdict on them.
    pub(super) fn resumed(
        resumed: Vec<(usize, PdnGame)>,
        jobs: &[Job],
        sprt: Option<&Sprt>,
    ) -> Results {
        let mut r = Results {
            tally: Tally::default(),
            time: [TimeUse::default(); 2],
            played: Vec::new(),
            resumed: Vec::new(),
            verdict: Verdict::Continue,
        };
        for (i, record) in &resumed {
            let job = &jobs[*i];
            r.add(match record.result.winner(record.rules) {
                None => ForA::Draw,
                Some(c) if c == job.a_colour => ForA::Win,
                Some(_) => ForA::Loss,
            });
        }
        r.resumed = resumed;
        if let Some(s) = sprt {
            r.verdict = s.verdict(&r.tally);
        }
        r
    }

    fn add(&mut self, result: ForA) {
        match result {
            ForA::Win => self.tally.wins += 1,
            ForA::Draw => self.tally.draws += 1,
            ForA::Loss => self.tally.losses += 1,
        }
    }

    /// Counts a finished game.
    fn count(&mut self, p: &Played, job: &Job) {
        self.add(p.for_a(job));
        self.time[0].merge(&p.time[0]);
        self.time[1].merge(&p.time[1]);
    }
}

/// Plays the games `r` does not hold yet on `concurrency` threads, each with its own players,
/// and hands each game as it finishes, counted and kept in `r.played`, to `on_game` (which
/// reports it); with `sprt`, stops as soon as the test decides (games that end after that are
/// not counted).
///
/// # Errors
/// `on_game` failed, e.g. its line could not be written (the games under way are then
/// abandoned).
pub(super) fn play_all(
    concurrency: usize,
    plan: &Plan,
    sprt: Option<&Sprt>,
    mut r: Results,
    mut on_game: impl FnMut(&Played, &Results) -> anyhow::Result<()>,
) -> anyhow::Result<Results> {
    let (jobs, specs, openings) = (&plan.jobs, &plan.specs, &plan.openings);
    if r.verdict != Verdict::Continue {
        return Ok(r);
    }
    let mut done = vec![false; jobs.len()];
    for (i, _) in &r.resumed {
        done[*i] = true;
    }
    let todo: Vec<usize> = (0..jobs.len()).filter(|&i| !done[i]).collect();
    let stop = AtomicBool::new(false);
    let mut failed = None;
    crate::pool::run(
        concurrency,
        todo.len(),
        || {
            // On the game's own thread: the signal mask is per thread.
            external::quiet_broken_pipes();
            [specs[0].build(), specs[1].build()]
        },
        |sides, k| {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            let i = todo[k];
            let job = &jobs[i];
            let rules = (plan.adjudicate_draw, plan.adjudicate_win);
            play(i, job, &openings[job.opening].1, sides, specs, rules, &stop)
        },
        |rx| {
            for (_, p) in rx {
                // Games that end after the test decided are not counted.
                if r.verdict != Verdict::Continue {
                    continue;
                }
                r.count(&p, &jobs[p.index]);
                if let Some(s) = sprt {
                    r.verdict = s.verdict(&r.tally);
                    if r.verdict != Verdict::Continue {
                        // Games under way are abandoned; no new ones start.
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                r.played.push(p);
                let p = r.played.last().expect("just pushed");
                if let Err(e) = on_game(p, &r) {
                    // Nowhere to report to: the games under way are abandoned.
                    stop.store(true, Ordering::Relaxed);
                    failed = Some(e);
                    break;
                }
            }
        },
    );
    match failed {
        Some(e) => Err(e),
        None => Ok(r),
    }
}
