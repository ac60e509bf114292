//! Commands that write files never replace an existing file unless told to (`--force`), and
//! check before the long work starts.

mod cli_common;

use cli_common::{dama, scratch};

#[test]
fn match_keeps_an_existing_pdn_file_without_force() {
    let dir = scratch("match");
    let file = dir.join("games.pdn");
    std::fs::write(&file, "precious").unwrap();
    let f = file.to_str().unwrap();
    let (ok, _, err) = dama(&[
        "match",
        "--games",
        "1",
        "--a-depth",
        "1",
        "--b-depth",
        "1",
        "--pdn",
        f,
    ]);
    assert!(!ok);
    assert!(
        err.contains("already exists") && err.contains("--force"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "precious");
    let (ok, _, err) = dama(&[
        "match",
        "--games",
        "1",
        "--a-depth",
        "1",
        "--b-depth",
        "1",
        "--pdn",
        f,
        "--force",
    ]);
    assert!(ok, "{err}");
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .contains("[GameType \"22,W,8,8,N2,1\"]")
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn annotate_keeps_an_existing_file_without_force() {
    let dir = scratch("annotate");
    let game = dir.join("game.pdn");
    std::fs::write(&game, "[GameType \"22,W,8,8,N2,1\"]\n1. 22-18 10-13 *\n").unwrap();
    let g = game.to_str().unwrap();
    // Annotating a file onto itself would replace it: refused without --force.
    let (ok, _, err) = dama(&["analyze", g, "--depth", "2", "--annotate", g]);
    assert!(!ok);
    assert!(err.contains("already exists"), "{err}");
    assert!(
        std::fs::read_to_string(&game)
            .unwrap()
            .starts_with("[GameType")
    );
    let out = dir.join("annotated.pdn");
    let (ok, _, err) = dama(&[
        "analyze",
        g,
        "--depth",
        "2",
        "--annotate",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(std::fs::read_to_string(&out).unwrap().contains("22-18"));
    std::fs::remove_dir_all(dir).unwrap();
}
