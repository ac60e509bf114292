//! Reading and writing positions (FEN), moves (R-N1) and games (PDN). Depends on `rules` only;
//! each format has its own error type.

pub mod fen;
pub mod movetext;
pub mod pdn;
pub mod replay;
pub mod save;
