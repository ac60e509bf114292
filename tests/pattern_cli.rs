//! `dama pattern gen|fit` and `--eval pattern|network`: the generator writes a positions file
//! the fit reads, the fit writes a weights file the engine reads (the patterns' or, with
//! `--network`, the network's), the same seed gives the same weights, bad files and existing
//! outputs are clear errors, the engine and bench accept the choice of evaluation, and without
//! one Italian plays with the network, English with the learnt terms.

mod cli_common;

use cli_common::{dama, dama_at, scratch};
use dama::engine::eval::pattern::PatternWeights;

fn run(args: &[&str]) -> String {
    let (ok, stdout, stderr) = dama(args);
    assert!(ok, "dama {args:?} failed:\n{stdout}\n{stderr}");
    stdout
}

#[test]
fn generate_then_fit_reproducibly() {
    let dir = scratch("pattern");
    let data = dir.join("it.bin");
    let (a, b) = (dir.join("a.bin"), dir.join("b.bin"));
    let data_s = data.to_str().unwrap();
    let out = run(&[
        "pattern", "gen", "--games", "4", "--nodes", "200", "--seed", "3", "--out", data_s,
    ]);
    assert!(
        out.contains("wrote") && out.contains("positions per CPU-hour"),
        "{out}"
    );
    // One thread by default, in the singular (it read "on 1 threads").
    assert!(out.contains(" on 1 thread ("), "{out}");
    // `dama pattern fit` of `files` into `out` on `threads` threads.
    let fit = |files: &[&str], out: &std::path::Path, threads: &str| {
        let mut args = vec!["pattern", "fit"];
        args.extend_from_slice(files);
        args.extend([
            "--epochs",
            "2",
            "--batch",
            "32",
            "--lambda",
            "0",
            "--threads",
            threads,
            "--out",
            out.to_str().unwrap(),
        ]);
        run(&args)
    };
    let report = fit(&[data_s], &a, "1");
    assert!(
        report.contains("held-out loss") && report.contains("K "),
        "{report}"
    );
    fit(&[data_s], &b, "2");
    // --compare: the first fit's weights, scored on the same held-out positions by a second
    // fit of the same data and label, give the first fit's own held-out losses.
    let after = |line_start: &str| -> String {
        let line = report
            .lines()
            .find(|l| l.starts_with(line_start))
            .unwrap_or_else(|| panic!("no {line_start:?} line in {report}"));
        line.split("-> ")
            .last()
            .unwrap()
            .split_whitespace()
            .next()
            .unwrap()
            .to_string()
    };
    let (ce, mse) = (after("K "), after("held-out squared error"));
    let compared = run(&[
        "pattern",
        "fit",
        data_s,
        "--epochs",
        "1",
        "--batch",
        "32",
        "--lambda",
        "0",
        "--compare",
        a.to_str().unwrap(),
        "--out",
        dir.join("d.bin").to_str().unwrap(),
    ]);
    assert!(
        compared.contains(&format!(
            "on the same held-out positions: cross-entropy {ce}, squared error against the results {mse}"
        )),
        "{ce} {mse}\n{compared}"
    );
    let (ba, bb) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    assert_eq!(ba, bb, "same data and seed, same weights");
    let w = PatternWeights::parse(&ba).expect("a weights file the engine reads");
    assert!(w.0.iter().any(|p| *p != [0, 0]));
    // The same file twice: the second copy's positions are repeats, dropped, so the fit is
    // the one of a single copy.
    let twice = dir.join("twice.bin");
    let report = fit(&[data_s, data_s], &twice, "1");
    let kept = report.split_whitespace().next().unwrap().to_string();
    assert!(
        report.contains(&format!("{kept} repeats of an earlier one dropped")),
        "{report}"
    );
    assert_eq!(
        std::fs::read(&twice).unwrap(),
        ba,
        "repeats do not weigh twice"
    );
    // An existing output is kept without --force.
    let (ok, _, stderr) = dama(&["pattern", "fit", data_s, "--out", a.to_str().unwrap()]);
    assert!(!ok && stderr.contains("exists"), "{stderr}");
    // The positions file itself as --out is refused even with --force (also through a link).
    let before = std::fs::read(&data).unwrap();
    let link = dir.join("link.bin");
    std::os::unix::fs::symlink(&data, &link).unwrap();
    for target in [data_s, link.to_str().unwrap()] {
        let (ok, _, stderr) = dama(&["pattern", "fit", data_s, "--out", target, "--force"]);
        assert!(!ok && stderr.contains("the file being read"), "{stderr}");
    }
    assert_eq!(
        std::fs::read(&data).unwrap(),
        before,
        "the positions file is unchanged"
    );
    // A file that is not a positions file.
    let bad = dir.join("bad.bin");
    std::fs::write(&bad, b"DAMAPOS1 but not much more").unwrap();
    let (ok, _, stderr) = dama(&[
        "pattern",
        "fit",
        bad.to_str().unwrap(),
        "--out",
        dir.join("c.bin").to_str().unwrap(),
    ]);
    assert!(!ok && stderr.contains("not a positions file"), "{stderr}");
    let (ok, _, stderr) = dama(&["pattern", "fit", data_s, "--lambda", "2", "--out", "x"]);
    assert!(!ok && stderr.contains("from 0 to 1"), "{stderr}");
}

#[test]
fn fit_a_network_the_engine_plays_with() {
    let dir = scratch("pattern-network");
    let data = dir.join("it.bin");
    let data_s = data.to_str().unwrap();
    run(&[
        "pattern", "gen", "--games", "4", "--nodes", "200", "--seed", "3", "--out", data_s,
    ]);
    let fit = |out: &std::path::Path, threads: &str| {
        run(&[
            "pattern",
            "fit",
            data_s,
            "--network",
            "--epochs",
            "2",
            "--batch",
            "32",
            "--threads",
            threads,
            "--out",
            out.to_str().unwrap(),
        ])
    };
    let (a, b) = (dir.join("a.net"), dir.join("b.net"));
    let report = fit(&a, "1");
    assert!(
        report.contains("held-out loss") && report.contains("with the network from 8 pieces"),
        "{report}"
    );
    fit(&b, "2");
    let bytes = std::fs::read(&a).unwrap();
    assert!(bytes.starts_with(b"DAMANET1"));
    assert_eq!(
        bytes,
        std::fs::read(&b).unwrap(),
        "same data and seed, same weights"
    );
    // The engine plays with it, and its search differs from the built-in network's.
    let search = |extra: &[&str]| -> String {
        let mut args = vec!["engine"];
        args.extend_from_slice(extra);
        let input = "rules italian\nvariety 0\nposition fen W:W19,23,24,25,26,28,29,31,32:B1,2,3,4,7,8,10,11,12\ngo depth 6\nnewgame\n";
        let (ok, out, err) = dama_at(&dir, &args, input);
        assert!(ok, "{err}");
        out.lines()
            .filter(|l| l.starts_with("info depth 6"))
            .map(|l| l.split(" nps").next().unwrap().to_string())
            .collect()
    };
    let mine = search(&["--network-weights", "italian", a.to_str().unwrap()]);
    assert!(mine.contains("info depth 6"), "{mine}");
    assert_ne!(mine, search(&[]));
    // A patterns file is not a network.
    let pat = dir.join("p.bin");
    run(&[
        "pattern",
        "fit",
        data_s,
        "--epochs",
        "1",
        "--out",
        pat.to_str().unwrap(),
    ]);
    let (ok, _, stderr) = dama_at(
        &dir,
        &[
            "engine",
            "--network-weights",
            "italian",
            pat.to_str().unwrap(),
        ],
        "",
    );
    assert!(
        !ok && stderr.contains("not a network weights file"),
        "{stderr}"
    );
}

#[test]
fn bench_takes_the_evaluation() {
    let out = run(&["bench", "--depth", "3", "--eval", "pattern"]);
    assert!(out.contains("total nodes"), "{out}");
    let (ok, _, stderr) = dama(&["bench", "--eval", "nonsense"]);
    assert!(!ok && stderr.contains("nonsense"), "{stderr}");
    // `analyze` takes it too: the scores of the same search differ by evaluation.
    let scores = |eval: &str| -> Vec<String> {
        let out = run(&[
            "analyze",
            "--fen",
            "W:W21-32:B1-12",
            "--depth",
            "3",
            "--eval",
            eval,
        ]);
        assert!(out.contains("bestmove"), "{out}");
        out.lines()
            .filter(|l| l.starts_with("depth"))
            .map(|l| l.split("nps").next().unwrap().to_string())
            .collect()
    };
    assert_ne!(scores("learnt"), scores("pattern"));
}

#[test]
fn the_default_evaluation_is_the_network_in_both_rule_sets() {
    // Each bench position's move, score and node count (the time dropped), by rule set.
    let lines = |eval: &[&str]| -> Vec<(String, String)> {
        let mut args = vec!["bench", "--depth", "6"];
        args.extend_from_slice(eval);
        run(&args)
            .lines()
            .filter(|l| l.contains(" nodes ") && !l.starts_with("total"))
            .map(|l| {
                let words: Vec<&str> = l.split_whitespace().collect();
                let time = words.iter().position(|w| *w == "time").unwrap();
                (words[1].to_string(), words[2..time].join(" "))
            })
            .collect()
    };
    let (default, learnt, pattern, network) = (
        lines(&[]),
        lines(&["--eval", "learnt"]),
        lines(&["--eval", "pattern"]),
        lines(&["--eval", "network"]),
    );
    assert_eq!(default.len(), learnt.len());
    // Per rule set: whether the patterns and the network changed any search.
    let mut differs = [(false, false); 2];
    for (((d, l), p), n) in default.iter().zip(&learnt).zip(&pattern).zip(&network) {
        let i = ["italian", "english"]
            .iter()
            .position(|r| *r == d.0)
            .unwrap_or_else(|| panic!("rules {d:?}"));
        assert_eq!(d, n, "{} plays with the network", d.0);
        differs[i].0 |= l != p;
        differs[i].1 |= p != n;
    }
    // The patterns and the network change what the search does, so the checks above tell
    // them apart.
    assert_eq!(differs, [(true, true); 2], "{default:?}");
}

#[test]
fn dama_engine_plays_each_rule_set_with_its_default_evaluation() {
    let dir = scratch("pattern-engine-default");
    // The `info` lines of a depth-7 search (nodes/s and time dropped), by `--eval` given.
    let search = |rules: &str, fen: &str, eval: &[&str]| -> Vec<String> {
        let mut args = vec!["engine"];
        args.extend_from_slice(eval);
        let input = format!("rules {rules}\nvariety 0\nposition fen {fen}\ngo depth 7\nnewgame\n");
        let (ok, out, err) = dama_at(&dir, &args, &input);
        assert!(ok, "{err}");
        let lines: Vec<String> = out
            .lines()
            .filter(|l| l.starts_with("info") || l.starts_with("bestmove"))
            .map(|l| {
                let mut w: Vec<&str> = l.split_whitespace().collect();
                for key in ["nps", "time"] {
                    if let Some(i) = w.iter().position(|x| *x == key) {
                        w.drain(i..i + 2);
                    }
                }
                w.join(" ")
            })
            .collect();
        assert!(lines.iter().any(|l| l.starts_with("info depth 7")), "{out}");
        lines
    };
    for (rules, fen, default_is) in [
        (
            "italian",
            "W:W19,23,24,25,26,28,29,31,32:B1,2,3,4,7,8,10,11,12",
            "network",
        ),
        (
            "english",
            "B:W21,22,24,27,28,29,30,32:B1,2,3,4,6,7,8,12",
            "network",
        ),
    ] {
        let default = search(rules, fen, &[]);
        assert_eq!(
            default,
            search(rules, fen, &["--eval", default_is]),
            "{rules}"
        );
        for other in ["learnt", "pattern", "network"] {
            if other != default_is {
                assert_ne!(
                    default,
                    search(rules, fen, &["--eval", other]),
                    "{rules} {other}"
                );
            }
        }
    }
}
