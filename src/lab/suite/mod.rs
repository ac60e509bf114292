//! Test suites of "shots": positions where one quiet move, and only one, wins material by force
//! (often by giving a man first), proven by a full-width search ([`crate::proof`]), made from
//! self-play games ([`build`]) and put to the engine ([`run`]). A search that prunes quiet
//! moves near the horizon is what loses such moves; the suite measures it (issue 8, section 3).
//! The file format is the notation layer's ([`crate::notation::shots`]): the board's training
//! mode reads the same files.

pub mod build;
pub mod run;

pub use crate::notation::shots::{
    Shot, Suite, SuiteError, SuiteErrorKind, parse, shot_line, write,
};
