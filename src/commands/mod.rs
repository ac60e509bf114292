//! One module per subcommand: each reads its arguments, calls the library, and prints. The
//! library itself never prints.

pub mod bench;
pub mod matchplay;
pub mod perft;
pub mod play;
pub mod replay;
