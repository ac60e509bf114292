//! dama: Italian draughts (and American checkers) in the terminal.
//!
//! `rules` is the game; `notation` reads and writes FEN, moves and PDN; `engine` is the
//! computer player; `line_protocol` is the `dama engine` protocol's commands and answers;
//! `tui` is the board in the terminal; `lab` measures and tunes the engine (self-play, SPRT,
//! tuning, bench, shot suites, other engines), apart from the player's path; `cli` and
//! `commands` tie them together. `store` (the data folder, atomic writes) and `pool` (threads over
//! numbered jobs) depend on nothing else in the crate; `proof` (the shot suites' full-width
//! material search, for the lab's suites and the training's winning lines) on `rules` alone.

pub mod book;
pub mod cli;
pub mod commands;
pub mod engine;
pub mod lab;
pub mod line_protocol;
pub mod notation;
pub mod pool;
pub mod proof;
pub mod rules;
pub mod store;
pub mod tables;
pub mod tui;
