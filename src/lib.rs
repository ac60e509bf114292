//! dama: Italian draughts (and American checkers) in the terminal.
//!
//! `rules` is the game; `notation` reads and writes FEN, moves and PDN; `engine` is the
//! computer player; `line_protocol` is the `dama engine` protocol's commands and answers;
//! `suite` makes and runs its test suites of shots; `tui` is the board in the terminal; `cli`
//! ties them together. `store` (the data folder, atomic writes) and `pool` (threads over
//! numbered jobs) depend on nothing else in the crate.

pub mod cli;
pub mod commands;
pub mod engine;
pub mod line_protocol;
pub mod notation;
pub mod pool;
pub mod rules;
pub mod store;
pub mod suite;
pub mod tables;
pub mod tui;
