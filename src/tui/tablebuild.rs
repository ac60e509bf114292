//! The board's side of the background table build ([`crate::tables::background`]): the
//! status as of the last tick, the panel's progress line, and the one note when it ends.

use crate::rules::RuleSet;
use crate::tables::background::{Background, Status};
use crate::tui::lang::{Lang, Msg};

/// The build the board started, as the app sees it.
pub struct Watch {
    build: Background,
    /// The status at the last tick (the view draws this, never asks the thread).
    seen: Status,
    /// The end (ready or failed) has been told on the message line.
    told: bool,
}

impl Watch {
    pub fn new(build: Background) -> Watch {
        Watch {
            build,
            seen: Status::Starting,
            told: false,
        }
    }

    /// Takes the build's status (on every tick); the sentence for the message line once, when
    /// it has built tables or failed (tables that were all there already are no news).
    pub fn poll(&mut self, lang: Lang) -> Option<String> {
        self.seen = self.build.status();
        if self.told {
            return None;
        }
        let note = match &self.seen {
            Status::Done {
                pieces,
                built: true,
            } => Msg::TablesBuilt.fill(lang, &[pieces]),
            Status::Failed(why) => Msg::TablesBuildFailed.fill(lang, &[why]),
            _ => return None,
        };
        self.told = true;
        Some(note)
    }

    /// The panel's line while the build runs.
    pub fn line(&self, lang: Lang) -> Option<String> {
        let Status::Building { rules, .. } = &self.seen else {
            return None;
        };
        let pct = self.seen.permille().unwrap_or(0) / 10;
        let name = match rules {
            RuleSet::Italian => Msg::ShortItalian,
            RuleSet::English => Msg::ShortEnglish,
        };
        Some(Msg::TablesBuilding.fill(lang, &[&pct, &name.text(lang)]))
    }

    /// The status at the last tick.
    pub fn status(&self) -> &Status {
        &self.seen
    }
}
