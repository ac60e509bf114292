//! `dama match` against other programs (the crate's own binary as `dama engine`, and small
//! scripts that crash, hang or answer nonsense), with a PDN book, on several threads, under a
//! sequential test, and its report of the time each side used.

mod cli_common;

use cli_common::{dama, scratch};
use dama::notation::pdn;
use dama::rules::RuleSet;
use std::path::Path;

/// The crate's own engine as an external program (a small table: quick to start).
fn own_engine() -> String {
    format!("{} engine --tt 4", env!("CARGO_BIN_EXE_dama"))
}

/// The per-game lines and the tally line of a match's output, without the time figures (the
/// only part that differs between runs).
fn results(out: &str) -> Vec<String> {
    out.lines()
        .filter(|l| l.starts_with("game ") || l.starts_with("A vs B"))
        .map(|l| l.split("  time ").next().unwrap().to_string())
        .collect()
}

fn run_ok(args: &[&str]) -> String {
    let (ok, out, err) = dama(args);
    assert!(ok, "dama {args:?} failed:\n{out}\n{err}");
    out
}

fn moves_of(file: &Path) -> Vec<String> {
    pdn::read_file(file, RuleSet::Italian)
        .unwrap()
        .into_iter()
        .map(|g| {
            let g = g.expect("a valid record");
            let moves: Vec<String> = g.moves.iter().map(|m| m.mv.to_string()).collect();
            format!(
                "{} {}",
                dama::notation::fen::write(&g.start),
                moves.join(" ")
            )
        })
        .collect()
}

#[test]
fn an_external_engine_plays_the_games_the_engine_inside_plays() {
    let dir = scratch("match-external");
    let (inside, outside) = (dir.join("inside.pdn"), dir.join("outside.pdn"));
    let engine = own_engine();
    let common = [
        "match",
        "--games",
        "2",
        "--a-depth",
        "3",
        "--b-depth",
        "2",
        "--tt",
        "4",
    ];
    let mut a = common.to_vec();
    a.extend(["--pdn", inside.to_str().unwrap()]);
    let mut b = common.to_vec();
    b.extend(["--a-engine", &engine, "--pdn", outside.to_str().unwrap()]);
    let (out_a, out_b) = (run_ok(&a), run_ok(&b));
    // Same seed, same settings: the same moves whether the engine runs inside or outside.
    assert_eq!(results(&out_a), results(&out_b));
    assert_eq!(moves_of(&inside), moves_of(&outside));
    assert_eq!(moves_of(&inside).len(), 2);
    assert!(
        out_b.contains(&format!("A = `{engine}` depth 3")),
        "{out_b}"
    );
    // Both sides' time is reported, over the moves each made.
    for side in ["A", "B"] {
        let line = out_b
            .lines()
            .find(|l| l.starts_with(&format!("time per move: {side} ")))
            .unwrap_or_else(|| panic!("no time line for {side}:\n{out_b}"));
        let moves: u32 = line
            .split("over ")
            .nth(1)
            .and_then(|r| r.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{line}"));
        assert!(moves > 10, "{line}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// A script engine: answers the set-up (and the untimed first search) like an engine, then
/// does `on_go` at the first timed `go`.
fn script(dir: &Path, name: &str, on_go: &str) -> String {
    let path = dir.join(name);
    std::fs::write(
        &path,
        format!(
            "n=0\nwhile read line; do\n  case \"$line\" in\n    isready) echo readyok ;;\n    \
             go*) n=$((n+1)); if [ $n -eq 1 ]; then echo 'bestmove 22-18'; else {on_go}; fi ;;\n  \
             esac\ndone\n"
        ),
    )
    .unwrap();
    format!("sh {}", path.display())
}

#[test]
fn a_crashed_hung_or_wrong_engine_loses_the_game_and_the_match_goes_on() {
    let dir = scratch("match-forfeit");
    let cases = [
        ("crash.sh", "exit 3", "B engine crashed: it exited"),
        ("hang.sh", "sleep 0", "B lost on time"),
        (
            "wrong.sh",
            "echo 'bestmove 1-5'",
            "B bad answer: \"bestmove 1-5\" is not a legal",
        ),
        (
            "error.sh",
            "echo 'error no idea'",
            "B bad answer: error no idea",
        ),
    ];
    for (name, on_go, why) in cases {
        let engine = script(&dir, name, on_go);
        let file = dir.join(format!("{name}.pdn"));
        let out = run_ok(&[
            "match",
            "--games",
            "2",
            "--a-depth",
            "1",
            "--b-engine",
            &engine,
            "--b-movetime",
            "50",
            "--timeout",
            "300",
            "--pdn",
            file.to_str().unwrap(),
        ]);
        // Each game is lost by B at its first move, and the next game starts a fresh engine.
        assert!(out.contains("A vs B: +2 =0 -0"), "{name}:\n{out}");
        assert_eq!(out.matches(why).count(), 2, "{name}:\n{out}");
        let text = std::fs::read_to_string(&file).unwrap();
        assert_eq!(text.matches("[Termination").count(), 2, "{text}");
    }
    // What the engine wrote is quoted shortened and with its control characters escaped: a
    // terminal's escape sequence reaches neither the match's terminal nor its PDN file, and a
    // line of kilobytes does not become the game's line.
    let long = "x".repeat(5000);
    for (which, answer) in [
        ("error", "error \\033[2J"),
        ("bestmove", "bestmove \\033]0;"),
    ] {
        let engine = script(
            &dir,
            &format!("escape-{which}.sh"),
            &format!("printf '{answer}{long}\\n'"),
        );
        let file = dir.join(format!("escape-{which}.pdn"));
        let out = run_ok(&[
            "match",
            "--games",
            "1",
            "--a-depth",
            "1",
            "--b-engine",
            &engine,
            "--pdn",
            file.to_str().unwrap(),
        ]);
        let text = std::fs::read_to_string(&file).unwrap();
        for shown in [&out, &text] {
            assert!(!shown.contains('\u{1b}'), "{which}: {shown}");
            assert!(shown.contains("\\u{1b}"), "{which}: {shown}");
            assert!(shown.contains("... (5"), "{which}: {shown}");
            assert!(shown.len() < 1000, "{which}: {shown}");
        }
    }
    // One that cannot even start is an error before the match, not forty lost games.
    let (ok, _, err) = dama(&["match", "--b-engine", "/no/such/engine", "--a-depth", "1"]);
    assert!(!ok);
    assert!(
        err.contains("engine B (/no/such/engine) did not answer"),
        "{err}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_book_gives_each_opening_twice_with_colours_swapped_in_order() {
    let dir = scratch("match-book");
    let book = dir.join("book.pdn");
    // Two ballot positions (FEN tags) and a game whose moves make the third opening.
    std::fs::write(
        &book,
        "[FEN \"W:W24,23,22,21,27,26,25,32,31,30,29:B4,3,2,1,7,6,5,11,10,9,15\"] *\n\
         [FEN \"W:W17,24,23,28,27,26,25,32,31,30,29:B4,3,2,1,7,6,5,11,10,9,15\"] *\n\
         1. 22-18 11-14 *\n",
    )
    .unwrap();
    let file = dir.join("games.pdn");
    let out = run_ok(&[
        "match",
        "--games",
        "8",
        "--a-depth",
        "2",
        "--b-depth",
        "1",
        "--book",
        book.to_str().unwrap(),
        "--pdn",
        file.to_str().unwrap(),
    ]);
    let openings: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split("(opening ").nth(1))
        .map(|r| r.split(')').next().unwrap())
        .collect();
    // In order, each twice, then round again.
    assert_eq!(openings, ["1", "1", "2", "2", "3", "3", "1", "1"], "{out}");
    let games = pdn::read_file(&file, RuleSet::Italian).unwrap();
    let tag = |i: usize, t: &str| games[i].as_ref().unwrap().tag(t).unwrap().to_string();
    assert_eq!(
        tag(0, "FEN"),
        "W:W21,22,23,24,25,26,27,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,15"
    );
    assert_eq!(tag(0, "FEN"), tag(1, "FEN"));
    assert_eq!(tag(2, "Opening"), "book book.pdn, game 2");
    // The third opening starts from the start position with the game's two moves.
    let third = games[4].as_ref().unwrap();
    assert_eq!(third.moves[0].mv.to_string(), "22-18");
    assert_eq!(third.moves[1].mv.to_string(), "11-14");
    // Colours swap within each pair.
    assert_ne!(tag(0, "White"), tag(1, "White"));
    assert_eq!(tag(0, "White"), tag(1, "Black"));

    // A shuffled order with --seed, still in pairs.
    let out = run_ok(&[
        "match",
        "--games",
        "6",
        "--a-depth",
        "1",
        "--b-depth",
        "1",
        "--seed",
        "5",
        "--book",
        book.to_str().unwrap(),
        "--pdn",
        file.to_str().unwrap(),
        "--force",
    ]);
    let shuffled: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split("(opening ").nth(1))
        .map(|r| r.split(')').next().unwrap())
        .collect();
    assert_eq!(shuffled[0], shuffled[1]);
    let mut sorted = shuffled.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, ["1", "1", "2", "2", "3", "3"], "{out}");
    assert_ne!(
        shuffled,
        ["1", "1", "2", "2", "3", "3"],
        "seed 5 keeps the order:\n{out}"
    );
    // The numbers are the book's games: the records name them and start from their positions.
    let games = pdn::read_file(&file, RuleSet::Italian).unwrap();
    for (g, n) in games.iter().zip(&shuffled) {
        let g = g.as_ref().unwrap();
        assert_eq!(
            g.tag("Opening").unwrap(),
            format!("book book.pdn, game {n}")
        );
        let fen = g.tag("FEN");
        match *n {
            "1" => assert!(fen.unwrap().ends_with("10,11,15"), "{fen:?}"),
            "2" => assert!(fen.unwrap().starts_with("W:W17,"), "{fen:?}"),
            _ => assert_eq!(g.moves[0].mv.to_string(), "22-18"),
        }
    }

    // Books that can't be used say why.
    for (text, says) in [
        (
            "[GameType \"21\"]\n1. 9-14 *\n",
            "is for english rules, the match for italian",
        ),
        ("1. 22-18 99-14 *\n", "game 1 is damaged"),
        ("", "no games in it"),
    ] {
        std::fs::write(&book, text).unwrap();
        let (ok, _, err) = dama(&["match", "--book", book.to_str().unwrap()]);
        assert!(!ok);
        assert!(err.contains(says), "{text:?}: {err}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn concurrent_games_give_the_same_games_in_the_same_order() {
    let dir = scratch("match-threads");
    let (one, three) = (dir.join("one.pdn"), dir.join("three.pdn"));
    let args = |threads: &'static str, file: &Path| {
        run_ok(&[
            "match",
            "--games",
            "6",
            "--a-depth",
            "3",
            "--b-depth",
            "2",
            "--tt",
            "4",
            "--concurrency",
            threads,
            "--pdn",
            file.to_str().unwrap(),
        ])
    };
    let (out1, out3) = (args("1", &one), args("3", &three));
    // The file holds the games in their order, each the same game as played on one thread.
    assert_eq!(moves_of(&one), moves_of(&three));
    assert_eq!(
        std::fs::read_to_string(&one).unwrap(),
        std::fs::read_to_string(&three).unwrap()
    );
    // The final tally agrees (the per-game lines may come in another order).
    let tally = |out: &str| results(out).last().cloned();
    assert_eq!(tally(&out1), tally(&out3));
    let mut lines1: Vec<String> = results(&out1)
        .into_iter()
        .filter(|l| l.starts_with("game"))
        .map(|l| l.split("  +").next().unwrap().to_string())
        .collect();
    let mut lines3: Vec<String> = results(&out3)
        .into_iter()
        .filter(|l| l.starts_with("game"))
        .map(|l| l.split("  +").next().unwrap().to_string())
        .collect();
    lines1.sort();
    lines3.sort();
    assert_eq!(lines1, lines3);
    std::fs::remove_dir_all(dir).unwrap();
}

/// The number of games a match played (from its tally line).
fn games_played(out: &str) -> u32 {
    let line = out.lines().find(|l| l.starts_with("A vs B")).unwrap();
    let score = line.split("score ").nth(1).unwrap();
    score.split(['/', ' ']).nth(1).unwrap().parse().unwrap()
}

#[test]
fn a_sequential_test_stops_the_match_when_it_decides_either_way() {
    // Equal depths, the classic design against the engine: A scores about 64% (about +100
    // Elo), so "A is 300 Elo stronger" is rejected...
    let out = run_ok(&[
        "match",
        "--games",
        "60",
        "--a-depth",
        "3",
        "--b-depth",
        "3",
        "--b-kind",
        "classic",
        "--tt",
        "4",
        "--sprt",
        "100,300",
    ]);
    assert!(
        out.contains("SPRT: H0 accepted") && out.contains("about 100 or less, not 300"),
        "{out}"
    );
    let n = games_played(&out);
    assert!(n < 60, "{out}");
    // ...one progress line per game, each with the LLR so far, the last one past the bound.
    assert_eq!(
        out.lines().filter(|l| l.contains("  LLR ")).count(),
        n as usize
    );
    let last = out.lines().rfind(|l| l.starts_with("game ")).unwrap();
    let llr: f64 = last.rsplit("LLR ").next().unwrap().trim().parse().unwrap();
    assert!(llr <= -2.94, "{last}");

    // ...and from the classic side, "B is at most 100 Elo stronger" is accepted.
    let out = run_ok(&[
        "match",
        "--games",
        "60",
        "--a-depth",
        "3",
        "--b-depth",
        "3",
        "--a-kind",
        "classic",
        "--tt",
        "4",
        "--sprt=-300,-100",
    ]);
    assert!(out.contains("SPRT: H1 accepted"), "{out}");
    assert!(
        out.contains("A's Elo minus B's is about -100 or more"),
        "{out}"
    );
    assert!(games_played(&out) < 60, "{out}");

    // Bad bounds are refused before any game.
    for bad in ["10,0", "5", "a,b", "0,1e9"] {
        let (ok, _, err) = dama(&["match", &format!("--sprt={bad}")]);
        assert!(!ok && err.contains("--sprt"), "{bad}: {err}");
    }
}

/// `--a-level/--b-level`: a level plays with its own depth (named in the header), and a
/// higher level beats a much lower one.
#[test]
fn levels_play_matches() {
    let out = run_ok(&[
        "match",
        "--a-level",
        "6",
        "--b-level",
        "1",
        "--games",
        "4",
        "--seed",
        "3",
    ]);
    for n in [6, 1] {
        let Some(dama::engine::Limits::Nodes(k)) =
            dama::engine::Strength::level(n).map(|l| l.limits())
        else {
            panic!("level {n} is a node budget");
        };
        assert!(
            out.contains(&format!("level {n} ({k} nodes/move)")),
            "{out}"
        );
    }
    let wins: u32 = out
        .lines()
        .find(|l| l.starts_with("A vs B:"))
        .and_then(|l| l.split('+').nth(1))
        .and_then(|w| w.split_whitespace().next())
        .and_then(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("{out}"));
    assert!(wins >= 3, "level 6 wins most games against level 1: {out}");
    let (ok, _, err) = dama(&["match", "--a-level", "16"]);
    assert!(!ok && err.contains("16"), "{err}");
}

/// `--a-threads`: a side searching with two threads plays whole games (named in the header);
/// its moves are legal (the match replays them through the rules to write the PDN).
#[test]
fn a_side_can_search_with_several_threads() {
    let dir = scratch("match-side-threads");
    let pdn = dir.join("games.pdn");
    let out = run_ok(&[
        "match",
        "--a-threads",
        "2",
        "--movetime",
        "20",
        "--games",
        "2",
        "--pdn",
        pdn.to_str().unwrap(),
    ]);
    assert!(out.contains("engine 20 ms/move, 2 threads"), "{out}");
    assert_eq!(results(&out).len(), 3, "{out}");
    assert_eq!(moves_of(&pdn).len(), 2);
    std::fs::remove_dir_all(dir).unwrap();
}

/// The records of a PDN file as text, one string each.
fn records(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap();
    text.split("[Event ")
        .skip(1)
        .map(|r| format!("[Event {r}"))
        .collect()
}

#[test]
fn a_stopped_match_resumes_from_its_games_file_and_ends_as_a_whole_run() {
    let dir = scratch("match-resume");
    let (whole, part) = (dir.join("whole.pdn"), dir.join("part.pdn"));
    let (w, p) = (whole.to_str().unwrap(), part.to_str().unwrap());
    let common = [
        "match",
        "--games",
        "6",
        "--a-depth",
        "2",
        "--b-depth",
        "1",
        "--seed",
        "3",
    ];
    let out = run_ok(&[&common[..], &["--pdn", w]].concat());
    let all = records(&whole);
    assert_eq!(all.len(), 6);
    // A run killed after games 1, 2 and 5 had ended (threads finish out of order).
    std::fs::write(&part, format!("{}{}{}", all[0], all[1], all[4])).unwrap();
    let resume_args = [&common[..], &["--pdn", p, "--resume"]].concat();
    let resumed = run_ok(&resume_args);
    assert!(
        resumed.contains("resume: 3 games from"),
        "the resumed games are counted:\n{resumed}"
    );
    let played: Vec<&str> = resumed.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(
        played.len(),
        3,
        "only the missing games are played:\n{resumed}"
    );
    for (line, n) in played.iter().zip(["3", "4", "6"]) {
        assert!(line.starts_with(&format!("game   {n} ")), "{line}");
    }
    // The same totals as the whole run, and the same file.
    assert_eq!(results(&out).last(), results(&resumed).last());
    assert_eq!(records(&part), all);
    // Resuming a finished match plays nothing more.
    let again = run_ok(&resume_args);
    assert!(again.contains("resume: 6 games from"), "{again}");
    assert!(!again.lines().any(|l| l.starts_with("game ")), "{again}");
    assert_eq!(records(&part), all);
}

#[test]
fn a_resume_refuses_games_another_match_played() {
    let dir = scratch("match-resume-other");
    let file = dir.join("m.pdn");
    let f = file.to_str().unwrap();
    let common = ["match", "--games", "4", "--b-depth", "1", "--pdn", f];
    run_ok(&[&common[..], &["--a-depth", "2", "--seed", "3"]].concat());
    let before = std::fs::read(&file).unwrap();
    for (other, why) in [
        (&["--a-depth", "3", "--seed", "3"][..], "White is"),
        (&["--a-depth", "2", "--seed", "4"][..], "opening"),
    ] {
        let args = [&common[..], other, &["--resume"]].concat();
        let (ok, _, err) = dama(&args);
        assert!(!ok, "{args:?} must fail");
        assert!(
            err.contains("record 1")
                && err.contains(why)
                && err.contains("not written by this match"),
            "{args:?}: {err}"
        );
        assert_eq!(
            std::fs::read(&file).unwrap(),
            before,
            "the file is kept as it was"
        );
    }
    let (ok, _, err) = dama(&["match", "--games", "2", "--resume"]);
    assert!(!ok && err.contains("--pdn"), "{err}");
}

#[test]
fn adjudication_ends_games_on_the_players_scores_and_says_so() {
    let dir = scratch("match-adjudicate");
    let file = dir.join("adj.pdn");
    let f = file.to_str().unwrap();
    // Any score is level with so wide a band: each game is a draw once both players have
    // searched one move each.
    let args = [
        "match",
        "--games",
        "4",
        "--a-depth",
        "3",
        "--b-depth",
        "2",
        "--adjudicate-draw",
        "1,1,100000",
        "--pdn",
        f,
    ];
    let out = run_ok(&args);
    assert!(out.contains("adjudication: a draw from move 1"), "{out}");
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 4, "{out}");
    for g in &games {
        assert!(g.contains("draw  (adjudicated: a draw"), "{g}");
    }
    let records = pdn::read_file(&file, RuleSet::Italian).unwrap();
    for r in records {
        let r = r.unwrap();
        // The 4 random plies of the opening, then one move of each player.
        assert_eq!(r.moves.len(), 6);
        assert_eq!(r.result.as_str(), "1/2-1/2");
        assert!(
            r.tag("Termination")
                .unwrap()
                .starts_with("adjudicated: a draw")
        );
    }
    // A win both players agree on ends the game for the side they score lost.
    let out = run_ok(&[
        "match",
        "--games",
        "2",
        "--a-depth",
        "5",
        "--b-depth",
        "1",
        "--seed",
        "3",
        "--adjudicate-win",
        "2,200",
    ]);
    assert!(out.contains("A wins  (adjudicated: "), "{out}");
    let (ok, _, err) = dama(&["match", "--adjudicate-win", "0,200"]);
    assert!(
        !ok && err.contains("COUNT and CP must be at least 1"),
        "{err}"
    );
}
