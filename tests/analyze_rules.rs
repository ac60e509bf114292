//! `dama analyze` of a file plays under the file's rule set (its `GameType` tag takes
//! precedence over `--rules`), and so does the engine it analyses with: its endgame tables and
//! what it says of them are the file's rule set's.

mod cli_common;

use cli_common::{dama_at, scratch};

#[test]
fn an_english_record_is_analysed_with_the_english_tables_without_rules() {
    let dir = scratch("analyze-english-tables");
    let (ok, _, err) = dama_at(
        &dir,
        &[
            "tables", "build", "--rules", "english", "--pieces", "2", "--quiet",
        ],
        "",
    );
    assert!(ok, "{err}");
    let file = dir.join("english.pdn");
    std::fs::write(
        &file,
        "[GameType \"21,B,8,8,N1,0\"]\n[FEN \"W:W22:B3\"]\n*\n",
    )
    .unwrap();
    // No --rules: the default is Italian, the file says English.
    let (ok, out, err) = dama_at(
        &dir,
        &["analyze", file.to_str().unwrap(), "--depth", "2"],
        "",
    );
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(ok, "{err}");
    assert!(out.starts_with("rules english"), "{out}");
    assert!(out.contains("draw (tables)"), "{out}");
    assert!(!err.contains("Italian"), "{err}");
}
