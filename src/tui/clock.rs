//! The game clock: the time each side has used and, with a time control (`--time 5+3`), the
//! time each side has left. The clock runs for the side to move; a move stops it and adds the
//! increment. Only the TUI keeps time: the rules know a flag fall only as a declared result.

use crate::rules::Color;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// Minutes for the game plus seconds added after each move (Fischer increment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub base: Duration,
    pub increment: Duration,
}

/// The shortest game clock: 6 seconds.
const MIN_MINUTES: f64 = 0.1;

impl FromStr for TimeControl {
    type Err = String;

    /// `5+3` (5 minutes, 3 seconds a move), `10` (no increment), `0.5+1` (30 s).
    fn from_str(s: &str) -> Result<TimeControl, String> {
        let (base, inc) = s.split_once('+').unwrap_or((s, "0"));
        let minutes: f64 = base
            .trim()
            .parse()
            .map_err(|_| format!("{base:?} is not a number of minutes (e.g. 5+3)"))?;
        let seconds: f64 = inc
            .trim()
            .parse()
            .map_err(|_| format!("{inc:?} is not a number of seconds (e.g. 5+3)"))?;
        // Under 6 seconds the clock falls before a move can be made (0.001 minutes lost the
        // game at once).
        if !(MIN_MINUTES..=600.0).contains(&minutes) {
            return Err("the minutes must be from 0.1 (6 seconds) to 600".into());
        }
        if !(0.0..=600.0).contains(&seconds) {
            return Err("the increment must be 0 to 600 seconds".into());
        }
        Ok(TimeControl {
            base: Duration::from_secs_f64(minutes * 60.0),
            increment: Duration::from_secs_f64(seconds),
        })
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.base.as_secs_f64() / 60.0;
        write!(f, "{m}+{}", self.increment.as_secs_f64())
    }
}

/// Both sides' times at one moment (used and left), to set the clock back to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockTimes {
    used: [Duration; 2],
    left: [Duration; 2],
}

/// Both sides' time, running for the side to move.
#[derive(Clone, Debug)]
pub struct Clock {
    control: Option<TimeControl>,
    /// Time used by White and Black (index by `side_index`), not counting the running turn.
    used: [Duration; 2],
    /// Time left with a time control, not counting the running turn.
    left: [Duration; 2],
    running: Option<(Color, Instant)>,
}

fn side_index(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl Clock {
    pub fn new(control: Option<TimeControl>) -> Clock {
        let base = control.map_or(Duration::ZERO, |c| c.base);
        Clock {
            control,
            used: [Duration::ZERO; 2],
            left: [base; 2],
            running: None,
        }
    }

    pub fn control(&self) -> Option<TimeControl> {
        self.control
    }

    /// Starts (or restarts) the clock of `side`, stopping the other one without increment.
    pub fn start(&mut self, side: Color) {
        self.pause();
        self.running = Some((side, Instant::now()));
    }

    /// Stops the running clock, counting its time (no increment: the game paused or ended).
    pub fn pause(&mut self) {
        if let Some((side, since)) = self.running.take() {
            self.charge(side, since.elapsed());
        }
    }

    /// The program was suspended for `away` (Ctrl-Z, then `fg`): the running turn is not
    /// charged for it.
    pub fn forgive(&mut self, away: Duration) {
        if let Some((side, since)) = self.running {
            self.running = Some((side, since + away.min(since.elapsed())));
        }
    }

    /// `side` has moved: its time is counted, the increment added, and the other side's
    /// clock starts.
    pub fn moved(&mut self, side: Color) {
        if let Some((running, since)) = self.running.take() {
            self.charge(running, since.elapsed());
        }
        if let Some(c) = self.control {
            self.left[side_index(side)] += c.increment;
        }
        self.running = Some((side.opposite(), Instant::now()));
    }

    fn charge(&mut self, side: Color, spent: Duration) {
        let i = side_index(side);
        self.used[i] += spent;
        self.left[i] = self.left[i].saturating_sub(spent);
    }

    fn running_for(&self, side: Color) -> Duration {
        match self.running {
            Some((s, since)) if s == side => since.elapsed(),
            _ => Duration::ZERO,
        }
    }

    /// Time `side` has used so far, the running turn included.
    pub fn used(&self, side: Color) -> Duration {
        self.used[side_index(side)] + self.running_for(side)
    }

    /// Time `side` has left under the time control (`None` without one).
    pub fn left(&self, side: Color) -> Option<Duration> {
        self.control
            .map(|_| self.left[side_index(side)].saturating_sub(self.running_for(side)))
    }

    /// Both sides' times now, the running turn included.
    pub fn times(&self) -> ClockTimes {
        let both = |f: &dyn Fn(Color) -> Duration| [f(Color::White), f(Color::Black)];
        ClockTimes {
            used: both(&|c| self.used(c)),
            left: both(&|c| self.left(c).unwrap_or_else(|| self.left[side_index(c)])),
        }
    }

    /// Sets both sides' times back to `times` and starts `side`'s clock.
    pub fn restore(&mut self, times: ClockTimes, side: Color) {
        self.running = None;
        self.used = times.used;
        self.left = times.left;
        self.start(side);
    }

    /// Each side's time left (White's, Black's) at the start of the running turn, for a
    /// timed game's record; `None` without a time control.
    pub fn banked_left(&self) -> Option<[Duration; 2]> {
        self.control.map(|_| self.left)
    }

    /// Sets the times left (White's, Black's) of a timed game continued from its record.
    /// The running turn starts again from now.
    pub fn set_left(&mut self, left: [Duration; 2]) {
        self.left = left;
        if let Some((side, _)) = self.running {
            self.running = Some((side, Instant::now()));
        }
    }

    /// The side whose time has run out, if any.
    pub fn flag(&self) -> Option<Color> {
        let (side, _) = self.running?;
        (self.left(side) == Some(Duration::ZERO)).then_some(side)
    }

    /// How long the engine may think for its move as `side`: about a twentieth of what is
    /// left plus most of the increment, never more than a third of what is left, and a safety
    /// margin so the answer arrives before the flag falls.
    pub fn engine_budget(&self, side: Color) -> Option<Duration> {
        let c = self.control?;
        let left = self.left(side)?;
        let share = left / 20 + c.increment * 3 / 4;
        let cap = left / 3;
        let margin = Duration::from_millis(50);
        Some(
            share
                .min(cap)
                .saturating_sub(margin)
                .max(Duration::from_millis(10)),
        )
    }
}

/// "4:05", "1:02:03", or "9.8" seconds under ten seconds left (where tenths matter).
pub fn clock_text(d: Duration, tenths: bool) -> String {
    let s = d.as_secs();
    if tenths && s < 10 {
        return format!("0:0{}.{}", s, d.subsec_millis() / 100);
    }
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Time away while suspended (Ctrl-Z, then `fg`) is not charged to the side to move.
    #[test]
    fn a_suspension_is_not_charged() {
        let mut c = Clock::new(Some("5+0".parse().unwrap()));
        c.start(Color::White);
        std::thread::sleep(Duration::from_millis(200));
        // Away for an hour by the account of a clock that ran 200 ms: at most what ran.
        c.forgive(Duration::from_secs(3600));
        assert!(c.used(Color::White) < Duration::from_millis(200));
        assert_eq!(c.left(Color::Black), Some(Duration::from_secs(300)));
        c.moved(Color::White);
        assert!(c.used(Color::White) < Duration::from_millis(200));
        assert!(c.left(Color::White).unwrap() > Duration::from_secs(299));
    }

    #[test]
    fn time_controls_are_read() {
        let tc: TimeControl = "5+3".parse().unwrap();
        assert_eq!(tc.base, Duration::from_secs(300));
        assert_eq!(tc.increment, Duration::from_secs(3));
        let tc: TimeControl = "0.5".parse().unwrap();
        assert_eq!(tc.base, Duration::from_secs(30));
        assert_eq!(tc.increment, Duration::ZERO);
        let tc: TimeControl = "0.1+0".parse().unwrap();
        assert_eq!(tc.base, Duration::from_secs(6));
        for bad in [
            "", "x+3", "5+y", "0+3", "-1+0", "5+-1", "0.001+0", "0.09", "NaN", "601",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_move_charges_the_mover_and_adds_the_increment() {
        let mut c = Clock::new(Some("1+2".parse().unwrap()));
        c.start(Color::White);
        std::thread::sleep(Duration::from_millis(30));
        c.moved(Color::White);
        let used = c.used(Color::White);
        assert!(used >= Duration::from_millis(30), "{used:?}");
        let left = c.left(Color::White).unwrap();
        // 60 s - used + 2 s.
        assert_eq!(left, Duration::from_secs(62) - used);
        assert_eq!(c.flag(), None);
        assert!(c.engine_budget(Color::Black).unwrap() <= Duration::from_secs(20));
    }

    #[test]
    fn the_flag_falls_when_the_time_is_gone() {
        let mut c = Clock::new(Some(TimeControl {
            base: Duration::from_millis(20),
            increment: Duration::ZERO,
        }));
        c.start(Color::Black);
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(c.flag(), Some(Color::Black));
        assert_eq!(c.left(Color::Black), Some(Duration::ZERO));
    }

    #[test]
    fn clock_texts() {
        assert_eq!(clock_text(Duration::from_secs(245), false), "4:05");
        assert_eq!(clock_text(Duration::from_secs(3723), false), "1:02:03");
        assert_eq!(clock_text(Duration::from_millis(9_850), true), "0:09.8");
    }
}
