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

    /// The panel's line while the build runs (or waits for another dama's).
    pub fn line(&self, lang: Lang) -> Option<String> {
        line_of(&self.seen, lang)
    }

    /// The status at the last tick.
    pub fn status(&self) -> &Status {
        &self.seen
    }
}

/// The panel's line for a build's status, if it has one.
fn line_of(seen: &Status, lang: Lang) -> Option<String> {
    let name = |rules: &RuleSet| match rules {
        RuleSet::Italian => Msg::ShortItalian.text(lang),
        RuleSet::English => Msg::ShortEnglish.text(lang),
    };
    match seen {
        Status::Building { rules, .. } => {
            let pct = seen.permille().unwrap_or(0) / 10;
            Some(Msg::TablesBuilding.fill(lang, &[&pct, &name(rules)]))
        }
        Status::Waiting { rules } => Some(Msg::TablesWaiting.fill(lang, &[&name(rules)])),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// QA data: a board whose build waits for another dama's showed nothing in its panel.
    #[test]
    fn a_build_waiting_for_another_dama_says_so_in_both_languages() {
        let waiting = Status::Waiting {
            rules: RuleSet::Italian,
        };
        assert_eq!(
            line_of(&waiting, Lang::En).as_deref(),
            Some("Endgame tables (Italian): another dama is building them")
        );
        assert_eq!(
            line_of(&waiting, Lang::It).as_deref(),
            Some("Tabelle dei finali (italiana): le costruisce un altro dama")
        );
        assert_eq!(line_of(&Status::Starting, Lang::En), None);
    }
}
