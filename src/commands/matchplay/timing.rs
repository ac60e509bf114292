//! The time each side used per move, and whether a search stopped by itself rather than by
//! the clock (so the searches that end early do not hide how much of its time an engine uses).

use crate::line_protocol::Score;
use std::time::Duration;

/// Time used per move by one side: moves with a choice apart from forced ones (a single legal
/// move is answered at once, so it would hide how much of its time the engine uses), and of
/// those, the searches that ended on their own before the clock (see [`ended_on_its_own`]).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct TimeUse {
    total: Duration,
    max: Duration,
    moves: u32,
    forced_total: Duration,
    forced: u32,
    early_total: Duration,
    early: u32,
    /// Moves played from the opening book (no search, not in the times).
    book: u32,
}

impl TimeUse {
    pub(super) fn add(&mut self, t: Duration, forced: bool, ended: bool) {
        if forced {
            self.forced_total += t;
            self.forced += 1;
        } else {
            self.total += t;
            self.moves += 1;
            if ended {
                self.early_total += t;
                self.early += 1;
            }
        }
        self.max = self.max.max(t);
    }

    pub(super) fn add_book(&mut self) {
        self.book += 1;
    }

    pub(super) fn merge(&mut self, o: &TimeUse) {
        self.book += o.book;
        self.total += o.total;
        self.max = self.max.max(o.max);
        self.moves += o.moves;
        self.forced_total += o.forced_total;
        self.forced += o.forced;
        self.early_total += o.early_total;
        self.early += o.early;
    }

    pub(super) fn text(&self) -> String {
        let ms = |t: Duration, n: u32| t.as_secs_f64() * 1000.0 / f64::from(n.max(1));
        let all = self.moves + self.forced;
        let book = if self.book > 0 {
            format!("; book moves (no search, not counted above): {}", self.book)
        } else {
            String::new()
        };
        if all == 0 {
            return format!("no moves searched{book}");
        }
        format!(
            "{:.1} ms average over {all} moves, {:.1} ms at most; {:.1} ms over the {} with a \
             choice, {:.1} ms over the {} forced",
            ms(self.total + self.forced_total, all),
            self.max.as_secs_f64() * 1000.0,
            ms(self.total, self.moves),
            self.moves,
            ms(self.forced_total, self.forced),
            self.forced
        ) + &if self.early > 0 {
            format!(
                "; of those with a choice, {} searches ended on their own (a forced result, the \
                 tables, the depth limit) in {:.1} ms, the other {} in {:.1} ms",
                self.early,
                ms(self.early_total, self.early),
                self.moves - self.early,
                ms(self.total - self.early_total, self.moves - self.early)
            )
        } else {
            String::new()
        } + &book
    }
}

/// Whether a search whose last report was `depth`, `score` and `nodes` stopped by itself, not
/// by the clock: the tables answered (one node at depth 1), the deepest iteration was done, or
/// a forced result sat well inside the horizon (the engine's own rule in `Engine::search`).
/// For another program it is a reading of its `info` lines by the same rules.
pub(super) fn ended_on_its_own(depth: u32, score: Score, nodes: u64) -> bool {
    depth >= crate::engine::limits::MAX_DEPTH
        || (depth == 1 && nodes == 1)
        || matches!(score, Score::Win(n) | Score::Loss(n) if depth > n + 6)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::line_protocol::Info;

    #[test]
    fn info_lines_are_read_for_how_the_search_ended() {
        let read = |line: &str| {
            let i = line.parse::<Info>().ok()?;
            Some((i.depth, i.score, i.nodes))
        };
        let line = "info depth 14 score cp -12 nodes 250000 nps 2500000 time 100 pv 22-18 9-13";
        assert_eq!(read(line), Some((14, Score::Cp(-12), 250_000)));
        let win = "info depth 19 score win 11 nodes 9000 nps 900000 time 10 pv 22-18";
        assert_eq!(read(win), Some((19, Score::Win(11), 9000)));
        assert_eq!(read("bestmove 22-18"), None);
        assert_eq!(read("info depth x score cp 1 nodes 1"), None);
        // The clock stopped it: a level score short of the depth limit.
        assert!(!ended_on_its_own(14, Score::Cp(-12), 250_000));
        // A win seen 11 plies ahead ends the search from depth 18 on, not before.
        assert!(!ended_on_its_own(17, Score::Win(11), 9000));
        assert!(ended_on_its_own(18, Score::Loss(11), 9000));
        // The tables' answer, and the deepest iteration.
        assert!(ended_on_its_own(1, Score::Cp(0), 1));
        assert!(ended_on_its_own(100, Score::Cp(0), 5_000_000));
    }

    #[test]
    fn time_use_keeps_the_searches_that_ended_early_apart() {
        let ms = Duration::from_millis;
        let mut t = TimeUse::default();
        t.add(ms(100), false, false);
        t.add(ms(98), false, false);
        t.add(ms(2), false, true);
        t.add(ms(1), true, false);
        let text = t.text();
        assert!(text.contains("66.7 ms over the 3 with a choice"), "{text}");
        assert!(text.contains("1 searches ended on their own"), "{text}");
        assert!(text.contains("in 2.0 ms, the other 2 in 99.0 ms"), "{text}");
    }
}
