//! The board in the terminal (ratatui): play against the engine, practise, replay.
//!
//! Data flows one way: a key or click becomes an [`input::Action`], [`app::App::update`]
//! applies it (moves go through `rules::Game`), and [`view::draw`] paints the result. The
//! engine runs on its own thread ([`worker`]) and answers into the terminal loop's one event
//! channel ([`event`]), beside the keys and the tick.

pub mod app;
pub mod ballots;
pub mod clock;
pub mod event;
mod explain;
pub mod input;
pub mod keep;
pub mod lang;
pub mod layout;
pub mod messages;
pub mod prefs;
pub mod run;
pub mod tablebuild;
pub mod view;
pub mod viewer;
pub mod worker;
mod writer;

pub use app::{App, GameSettings, Look};
pub use input::Action;
pub use lang::Lang;
