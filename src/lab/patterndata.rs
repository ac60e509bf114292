//! Training positions for the pattern evaluation, made for volume (`dama pattern gen`):
//! self-play at a fixed small node budget from random openings, both colours played by the
//! same engine, each quiet position (no capture pending for either side, men on the board)
//! kept once (by hash, over the whole run), with the score of the search made there and the
//! game's result, in a compact binary file.
//!
//! The score is the self-play search's own (a few thousand nodes, 6-9 plies deep): deeper
//! than the static evaluation being fitted, and free, as the game needs that search anyway.
//!
//! Deterministic: node-limited searches with seeded openings and seeded variety, games kept
//! in their number's order whatever the threads did.

use super::selfplay;
use super::tune::game_seed;
use crate::engine::score::TABLE_WIN;
use crate::engine::{Engine, Limits};
use crate::rules::{Color, Position, RuleSet, has_capture};
use std::collections::{BTreeMap, HashSet};
use std::io::{Read, Write};
use std::sync::atomic::AtomicBool;

/// The file's first bytes, then one byte for the rule set and 7 spare.
pub const MAGIC: &[u8; 8] = b"DAMAPOS1";
/// Bytes a record.
pub const RECORD: usize = 20;
/// Search scores are kept within this (a forced win is worth no more than this to the fit).
pub const SCORE_CAP: i32 = 3000;

/// One training position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    pub white: u32,
    pub black: u32,
    pub kings: u32,
    pub side_to_move: Color,
    /// The game it was first seen in (the fit holds out every tenth game).
    pub game: u32,
    /// The search's score there, White's view, centi-men within +-[`SCORE_CAP`].
    pub score: i16,
    /// The game's result for White: 0 loss, 1 draw, 2 win.
    pub result: u8,
}

impl Record {
    pub fn position(&self, rules: RuleSet) -> Option<Position> {
        Position::from_bitboards(
            rules,
            self.side_to_move,
            [self.white, self.black],
            self.kings,
        )
    }

    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.white.to_le_bytes());
        out.extend_from_slice(&self.black.to_le_bytes());
        out.extend_from_slice(&self.kings.to_le_bytes());
        out.extend_from_slice(&self.game.to_le_bytes());
        out.extend_from_slice(&self.score.to_le_bytes());
        out.push(u8::from(self.side_to_move == Color::Black) | self.result << 1);
        out.push(0);
    }

    fn read(b: &[u8]) -> Option<Record> {
        let u = |i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
        let flags = b[18];
        let result = flags >> 1;
        (result <= 2 && b[19] == 0).then(|| Record {
            white: u(0),
            black: u(4),
            kings: u(8),
            game: u(12),
            score: i16::from_le_bytes([b[16], b[17]]),
            side_to_move: if flags & 1 == 0 {
                Color::White
            } else {
                Color::Black
            },
            result,
        })
    }
}

/// The header of a positions file.
pub fn header(rules: RuleSet) -> Vec<u8> {
    let mut h = MAGIC.to_vec();
    h.push(match rules {
        RuleSet::Italian => 0,
        RuleSet::English => 1,
    });
    h.extend_from_slice(&[0; 7]);
    h
}

/// Reads a whole positions file: its rule set and records.
///
/// # Errors
/// Not such a file, or a record that does not read (bad flags, an illegal placement).
pub fn read_file(path: &std::path::Path) -> anyhow::Result<(RuleSet, Vec<Record>)> {
    use anyhow::Context;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|mut f| f.read_to_end(&mut bytes))
        .with_context(|| format!("cannot read {}", path.display()))?;
    anyhow::ensure!(
        bytes.len() >= 16 && bytes.starts_with(MAGIC) && (bytes.len() - 16) % RECORD == 0,
        "{} is not a positions file of `dama pattern gen`",
        path.display()
    );
    let rules = match bytes[8] {
        0 => RuleSet::Italian,
        1 => RuleSet::English,
        _ => anyhow::bail!("{}: unknown rule set", path.display()),
    };
    let mut out = Vec::with_capacity((bytes.len() - 16) / RECORD);
    for (i, b) in bytes[16..].chunks_exact(RECORD).enumerate() {
        let r = Record::read(b)
            .filter(|r| r.position(rules).is_some())
            .ok_or_else(|| anyhow::anyhow!("{}: record {} is damaged", path.display(), i + 1))?;
        out.push(r);
    }
    Ok((rules, out))
}

/// Keeps each placement's first record and drops the rest: one run keeps a placement once,
/// but runs of other seeds meet the same opening positions again, and a repeat would weigh
/// twice in the fit (or sit on both sides of its held-out split). Returns how many it dropped.
pub fn dedup(rules: RuleSet, records: &mut Vec<Record>) -> usize {
    let before = records.len();
    let mut seen = HashSet::with_capacity(before);
    records.retain(|r| r.position(rules).is_none_or(|p| seen.insert(p.hash())));
    before - records.len()
}

/// What a run plays.
#[derive(Clone, Debug)]
pub struct GenConfig {
    pub rules: RuleSet,
    pub games: u32,
    pub nodes: u64,
    pub seed: u64,
    pub threads: usize,
    pub opening_plies: usize,
    pub variety: i32,
}

/// No capture for the side to move nor, were it its turn, for the other side; men on the
/// board (endings of kings alone are left to the hand-set terms).
pub fn quiet(pos: &Position) -> bool {
    if pos.kings().0 == pos.occupied().0 || has_capture(pos) {
        return false;
    }
    let swapped = Position::from_bitboards(
        pos.rules(),
        pos.side_to_move().opposite(),
        [pos.pieces_of(Color::White).0, pos.pieces_of(Color::Black).0],
        pos.kings().0,
    );
    swapped.is_some_and(|p| !has_capture(&p))
}

/// Plays game `g`; its quiet positions (with the score found there) and the result.
fn play_game(cfg: &GenConfig, engine: &mut Engine, g: u32) -> Vec<Record> {
    let mut game = selfplay::begin(
        engine,
        cfg.rules,
        cfg.opening_plies,
        game_seed(cfg.seed, g),
        cfg.variety,
    );
    let stop = AtomicBool::new(false);
    let mut seen = Vec::new();
    while game.outcome().is_none() {
        let pos = *game.position();
        let r = engine.search(&game, Limits::Nodes(cfg.nodes), &stop, &mut |_| {});
        let Some(m) = r.best else { break };
        if quiet(&pos) {
            // Table-proven and forced results count as a big lead, not as their encoding.
            let s = if r.score.abs() >= TABLE_WIN {
                SCORE_CAP * r.score.signum()
            } else {
                r.score.clamp(-SCORE_CAP, SCORE_CAP)
            };
            let white = if pos.side_to_move() == Color::White {
                s
            } else {
                -s
            };
            seen.push(Record {
                white: pos.pieces_of(Color::White).0,
                black: pos.pieces_of(Color::Black).0,
                kings: pos.kings().0,
                side_to_move: pos.side_to_move(),
                game: g,
                score: white as i16,
                result: 1,
            });
        }
        game.play(&m).expect("the engine plays legal moves");
    }
    let result = match game.outcome().and_then(|o| o.winner()) {
        Some(Color::White) => 2,
        Some(Color::Black) => 0,
        None => 1,
    };
    for r in &mut seen {
        r.result = result;
    }
    seen
}

/// What a run made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GenStats {
    pub games: u32,
    /// Quiet positions seen, and those kept (first seen).
    pub quiet: u64,
    pub kept: u64,
}

/// Plays the games on `cfg.threads` threads and writes the positions to `out` (the header
/// first), in game order, each placement once; `progress` hears the running totals after
/// every game.
///
/// # Errors
/// Writing failed.
pub fn generate(
    cfg: &GenConfig,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(&GenStats),
) -> std::io::Result<GenStats> {
    out.write_all(&header(cfg.rules))?;
    let mut stats = GenStats::default();
    let mut seen: HashSet<u64> = HashSet::new();
    let mut waiting: BTreeMap<usize, Vec<Record>> = BTreeMap::new();
    let mut next = 0usize;
    let mut failed = None;
    crate::pool::run(
        cfg.threads,
        cfg.games as usize,
        || Engine::new(16),
        |engine, g| Some(play_game(cfg, engine, g as u32)),
        |rx| {
            for (g, recs) in rx {
                waiting.insert(g, recs);
                while let Some(recs) = waiting.remove(&next) {
                    next += 1;
                    let mut buf = Vec::with_capacity(recs.len() * RECORD);
                    for r in &recs {
                        stats.quiet += 1;
                        let pos = r.position(cfg.rules).expect("a game's position");
                        if seen.insert(pos.hash()) {
                            stats.kept += 1;
                            r.write(&mut buf);
                        }
                    }
                    stats.games += 1;
                    if let Err(e) = out.write_all(&buf) {
                        failed = Some(e);
                        return;
                    }
                    progress(&stats);
                }
            }
        },
    );
    match failed {
        Some(e) => Err(e),
        None => {
            out.flush()?;
            Ok(stats)
        }
    }
}

/// The records of 10 short Italian self-play games (200 nodes a move), written to a file and
/// read back as the fits read them: the fits' tests share them.
#[cfg(test)]
pub(crate) fn test_records() -> (RuleSet, Vec<Record>) {
    let setup = GenConfig {
        rules: RuleSet::Italian,
        games: 10,
        nodes: 200,
        seed: 5,
        threads: 2,
        opening_plies: 4,
        variety: 10,
    };
    let mut bytes = Vec::new();
    generate(&setup, &mut bytes, &mut |_| {}).unwrap();
    let path = std::env::temp_dir().join(format!(
        "dama-fit-records-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::write(&path, &bytes).unwrap();
    let read = read_file(&path).unwrap();
    std::fs::remove_file(&path).ok();
    read
}

#[cfg(test)]
mod tests {
    use super::*;

    /// QA records: a positions file that cannot be read is named (`dama pattern fit x` said
    /// only "No such file or directory").
    #[test]
    fn a_missing_positions_file_is_named() {
        let path = crate::store::scratch_dir("positions-missing").join("none.bin");
        let err = format!("{:#}", read_file(&path).unwrap_err());
        assert!(
            err.starts_with(&format!("cannot read {}: ", path.display())),
            "{err}"
        );
    }

    fn tiny(threads: usize) -> GenConfig {
        GenConfig {
            rules: RuleSet::Italian,
            games: 3,
            nodes: 300,
            seed: 2,
            threads,
            opening_plies: 4,
            variety: 10,
        }
    }

    #[test]
    fn generates_quiet_unique_positions_reproducibly() {
        let mut a = Vec::new();
        let sa = generate(&tiny(1), &mut a, &mut |_| {}).unwrap();
        let mut b = Vec::new();
        let sb = generate(&tiny(2), &mut b, &mut |_| {}).unwrap();
        assert_eq!(a, b, "threads do not change the file");
        assert_eq!(sa, sb);
        assert_eq!(sa.games, 3);
        assert!(sa.kept > 20 && sa.kept <= sa.quiet, "{sa:?}");
        assert_eq!(a.len(), 16 + RECORD * sa.kept as usize);
        let dir = std::env::temp_dir().join(format!("dama-patterndata-{}", std::process::id()));
        std::fs::write(&dir, &a).unwrap();
        let (rules, recs) = read_file(&dir).unwrap();
        std::fs::remove_file(&dir).ok();
        assert_eq!(rules, RuleSet::Italian);
        assert_eq!(recs.len() as u64, sa.kept);
        let mut hashes = HashSet::new();
        for r in &recs {
            let pos = r.position(rules).unwrap();
            assert!(quiet(&pos));
            assert!(hashes.insert(pos.hash()));
            assert!(r.result <= 2 && i32::from(r.score).abs() <= SCORE_CAP);
        }
        // One game's records share its result.
        let first: Vec<_> = recs.iter().filter(|r| r.game == 0).collect();
        assert!(first.iter().all(|r| r.result == first[0].result));
    }

    #[test]
    fn dedup_keeps_the_first_of_each_placement() {
        let mut a = Vec::new();
        generate(&tiny(1), &mut a, &mut |_| {}).unwrap();
        let path = std::env::temp_dir().join(format!("dama-patterndedup-{}", std::process::id()));
        std::fs::write(&path, &a).unwrap();
        let (rules, recs) = read_file(&path).unwrap();
        std::fs::remove_file(&path).ok();
        // One run's records are unique already.
        let mut once = recs.clone();
        assert_eq!(dedup(rules, &mut once), 0);
        assert_eq!(once, recs);
        // A second copy (another game number, as another run's would be) is dropped whole.
        let mut twice = recs.clone();
        twice.extend(recs.iter().map(|r| Record {
            game: r.game + 1000,
            ..*r
        }));
        assert_eq!(dedup(rules, &mut twice), recs.len());
        assert_eq!(twice, recs);
    }

    #[test]
    fn quiet_looks_at_both_sides() {
        use crate::notation::fen;
        // White to move, no capture for White, but Black's man on 18 could take 22.
        let p = fen::parse(RuleSet::Italian, "W:W22,32:B18").unwrap();
        assert!(!quiet(&p));
        let q = fen::parse(RuleSet::Italian, "W:W29:B4").unwrap();
        assert!(quiet(&q));
        let kings = fen::parse(RuleSet::Italian, "W:WK29:BK4").unwrap();
        assert!(!quiet(&kings));
    }
}
