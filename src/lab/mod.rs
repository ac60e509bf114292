//! The lab: what measures and improves the engine rather than plays the game. Self-play and
//! its openings (`selfplay`), the sequential test (`sprt`), fitting the evaluation's weights
//! (`tune`), training positions and the fits for the pattern evaluation and the network
//! (`patterndata`, `patternfit`, `netfit`), the fixed-depth speed fingerprint (`bench`), shot suites (`suite`) and the
//! client for other engine programs (`external`). It is built on the library's public face
//! (rules, notation, engine, tables, line_protocol); nothing on the player's path (rules,
//! notation, engine, tables, tui) imports it. Its commands (`match`, `tune`, `pattern`,
//! `suite`, `bench`) live in `commands/` with the others.

pub mod bench;
pub mod external;
pub mod netfit;
pub mod patterndata;
pub mod patternfit;
pub mod selfplay;
pub mod sprt;
pub mod suite;
pub mod tune;
