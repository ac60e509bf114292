//! Slices kept without their distances (issue 25: the 6-piece files, win/draw/loss only): the
//! same results and counts, `verify`'s checks pass, the engine still converts their wins, and
//! a build repairing such a piece count solves it again rather than misread it. Shown on the
//! 3-piece slices (the format does not depend on the piece count), in scratch folders.

mod tables_common;

use dama::rules::RuleSet;
use dama::tables::{BuildOptions, Material, Tables, Wdl, build, file, verify};
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("dama-dist-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn build_to(dir: &Path, n: u32) -> Vec<String> {
    let mut events = Vec::new();
    build(
        &BuildOptions {
            rules: RuleSet::Italian,
            max_pieces: n,
            threads: 2,
            dir,
            memory: None,
        },
        &mut |_| {},
        &mut |e| events.push(format!("{e:?}")),
    )
    .unwrap();
    events
}

fn three() -> Vec<Material> {
    Material::all_up_to(3)
        .into_iter()
        .filter(|m| m.pieces() == 3)
        .collect()
}

/// Built whole, then the 3-piece slices stripped of their distances.
fn stripped(name: &str) -> (PathBuf, PathBuf) {
    let full = scratch(&format!("{name}-full"));
    let bare = scratch(&format!("{name}-bare"));
    build_to(&full, 3);
    build_to(&bare, 3);
    for m in three() {
        assert!(file::strip_distances(&bare, RuleSet::Italian, m).unwrap());
        assert!(
            !file::strip_distances(&bare, RuleSet::Italian, m).unwrap(),
            "once"
        );
    }
    (full, bare)
}

#[test]
fn without_distances_the_results_counts_and_checks_are_the_same() {
    let (full, bare) = stripped("same");
    let a = Tables::load(&full, RuleSet::Italian, 3);
    let b = Tables::load(&bare, RuleSet::Italian, 3);
    assert_eq!(b.max_pieces(), 3);
    let (mut unknown, mut bytes) = (0, (0, 0));
    for m in three() {
        let (sa, sb) = (a.slice(m).unwrap(), b.slice(m).unwrap());
        assert_eq!(
            (sa.wins, sa.draws, sa.losses, sa.max_dtw),
            (sb.wins, sb.draws, sb.losses, sb.max_dtw),
            "{m}"
        );
        let (fa, fb) = (sa.packed_file().unwrap(), sb.packed_file().unwrap());
        assert!(fa.has_distances() && !fb.has_distances());
        assert_eq!(fb.part_bytes().1, 0, "{m}: no distances");
        // Cut again in the smaller blocks of files without distances (the values are
        // compared position by position below).
        assert_eq!(
            (fa.wdl_block(), fb.wdl_block()),
            (file::WDL_BLOCK, file::BARE_WDL_BLOCK),
            "{m}"
        );
        assert!(
            m.size() > u64::from(file::BARE_WDL_BLOCK),
            "{m}: several blocks"
        );
        // Smaller over the piece count (a slice whose distances took a few bytes may grow by
        // its smaller blocks' index and compression).
        bytes.0 += fa.bytes();
        bytes.1 += fb.bytes();
        fb.check().unwrap();
        for i in 0..m.size() {
            let Some(pos) =
                dama::tables::index::unrank(m, i).and_then(|p| p.position(RuleSet::Italian))
            else {
                continue;
            };
            let (wa, wb) = (a.probe(&pos), b.probe(&pos));
            match (wa, wb) {
                (Some(x), Some(y)) => assert!(x.same_result(y), "{m} {i}: {x:?} {y:?}"),
                other => assert_eq!(other.0.is_some(), other.1.is_some(), "{m} {i}"),
            }
            unknown += usize::from(wb.is_some_and(|w| !w.distance_known()));
        }
        let r = verify::sample(&b, m, 200, 7);
        assert!(r.wrong.is_empty(), "{m}: {:?}", r.wrong);
        assert!(r.consistent > 0 && r.searched > 0, "{m}: {r:?}");
    }
    assert!(unknown > 1000, "{unknown}");
    assert!(bytes.1 * 2 < bytes.0, "{bytes:?}");
    // The smaller slices keep theirs.
    for m in Material::all_up_to(2) {
        assert!(b.slice(m).unwrap().packed_file().unwrap().has_distances());
    }
    let _ = std::fs::remove_dir_all(&full);
    let _ = std::fs::remove_dir_all(&bare);
}

/// The engine wins won positions of the stripped slices against the tables' longest defence,
/// within the rules (no repetition, no 80 plies without progress), and holds drawn ones.
#[test]
fn the_engine_converts_wins_whose_distance_is_not_kept() {
    let (full, bare) = stripped("convert");
    let defence = Tables::load(&full, RuleSet::Italian, 3);
    let engine_tables = Arc::new(Tables::load(&bare, RuleSet::Italian, 3));
    let mut seen = (0, 0);
    for m in three() {
        let mut x = 0x9e37_79b9_u64 ^ m.size();
        let (mut tried, mut draws) = (0, 0);
        while tried < 1 && draws < 2_000 {
            draws += 1;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let Some(pos) = dama::tables::index::unrank(m, x % m.size())
                .and_then(|p| p.position(RuleSet::Italian))
            else {
                continue;
            };
            let Some(w) = engine_tables.probe(&pos) else {
                continue;
            };
            if w.distance_known() || dama::rules::legal_moves(&pos).is_empty() {
                continue;
            }
            let Some(Wdl::Win(_)) = defence.probe(&pos) else {
                continue;
            };
            tried += 1;
            let (o, plies) = tables_common::play_out(
                &engine_tables,
                &defence,
                pos,
                dama::engine::Limits::Nodes(3_000),
                false,
            );
            assert_eq!(
                o.winner(),
                Some(pos.side_to_move()),
                "{m} {pos:?}: not converted ({o:?} after {plies} plies)"
            );
            seen.0 += 1;
        }
        seen.1 += 1;
    }
    assert!(seen.0 >= 5, "{seen:?}");
    let _ = std::fs::remove_dir_all(&full);
    let _ = std::fs::remove_dir_all(&bare);
}

/// A build over slices kept without distances keeps them while their piece count is whole;
/// once one of them is missing, the others of that count are solved again (their distances are
/// needed), and every count and value comes out as before.
#[test]
fn a_build_repairs_a_piece_count_kept_without_distances() {
    let (full, bare) = stripped("repair");
    let events = build_to(&bare, 3);
    assert!(events.iter().all(|e| e.starts_with("Kept")), "{events:?}");
    let gone = three()[0];
    std::fs::remove_file(file::path(&bare, gone)).unwrap();
    let events = build_to(&bare, 3);
    let built = events.iter().filter(|e| e.starts_with("Built")).count();
    assert_eq!(built, three().len(), "{events:?}");
    let a = Tables::load(&full, RuleSet::Italian, 3);
    let b = Tables::load(&bare, RuleSet::Italian, 3);
    for m in Material::all_up_to(3) {
        let (sa, sb) = (a.slice(m).unwrap(), b.slice(m).unwrap());
        assert_eq!(
            (sa.wins, sa.draws, sa.losses),
            (sb.wins, sb.draws, sb.losses),
            "{m}"
        );
    }
    let _ = std::fs::remove_dir_all(&full);
    let _ = std::fs::remove_dir_all(&bare);
}
