//! The `dama engine` line protocol (docs/protocol.md) as values: the commands a program sends
//! ([`EngineCommand`]) and the answers it gets ([`Answer`], with its [`Info`] and [`Score`]), each
//! written with `Display` and read with `FromStr`. `dama engine` reads commands and writes
//! answers with them; the match's client for external engines does the reverse, so the two
//! sides cannot drift apart. Errors are small enums whose text is what `dama engine` answers
//! after `error`.
//!
//! Moves stay words here: which move a word names depends on the position, so they are read
//! when a [`SetPosition`] is played out ([`SetPosition::game`]) or by the caller. Depends on
//! `rules`, `notation` and `engine` (for its `Limits` and the score's encoding) only.
//!
//! `command` holds what is sent to the engine (with `number`, the numbers it takes and their
//! ranges), `answer` what it sends back.

mod answer;
mod command;
mod number;

pub use answer::*;
pub use command::*;
pub use number::*;

/// The longest line either side takes, in bytes. The longest useful one, a `position` with a
/// few thousand moves, is far shorter; a longer one is refused without being kept.
pub const MAX_LINE: usize = 64 * 1024;
