//! Narration of a game: every throw and decision, for `ludus play` and tests.
//!
//! Games narrate through a generic [`Log`], so that the batch runner, which
//! passes [`Silent`], pays nothing: `Silent::on` is a constant `false` and the
//! formatting code is compiled away.

use std::fmt;

use crate::core::seat::Seat;

/// A sink for the lines a game says while it is played.
pub trait Log {
    /// Whether lines are wanted; games skip formatting when this is false.
    fn on(&self) -> bool;
    /// Records one line.
    fn line(&mut self, args: fmt::Arguments<'_>);
    /// Told that chance is resolved (`true`) until told otherwise
    /// (`false`): the lines said between are the throws', which a game's
    /// record keeps apart. Nothing by default, so that it costs nothing.
    #[inline(always)]
    fn throwing(&mut self, _throwing: bool) {}
    /// Told of a seat's decision as its text (the move's `Display`), for
    /// a game's record; called only where [`Log::on`]. Nothing by default.
    #[inline(always)]
    fn decided(&mut self, _seat: Seat, _mv: fmt::Arguments<'_>) {}
}

impl<T: Log + ?Sized> Log for &mut T {
    #[inline(always)]
    fn on(&self) -> bool {
        (**self).on()
    }
    #[inline(always)]
    fn line(&mut self, args: fmt::Arguments<'_>) {
        (**self).line(args)
    }
    #[inline(always)]
    fn throwing(&mut self, throwing: bool) {
        (**self).throwing(throwing)
    }
    #[inline(always)]
    fn decided(&mut self, seat: Seat, mv: fmt::Arguments<'_>) {
        (**self).decided(seat, mv)
    }
}

/// Discards everything: the batch runner's log.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Log for Silent {
    #[inline(always)]
    fn on(&self) -> bool {
        false
    }
    #[inline(always)]
    fn line(&mut self, _: fmt::Arguments<'_>) {}
}

/// Keeps every line: `ludus play` prints it, tests read it.
#[derive(Clone, Debug, Default)]
pub struct Transcript {
    /// The lines, in order.
    pub lines: Vec<String>,
}

impl Log for Transcript {
    fn on(&self) -> bool {
        true
    }
    fn line(&mut self, args: fmt::Arguments<'_>) {
        self.lines.push(args.to_string());
    }
}

/// Says one line to a [`Log`], formatting it only if the log is on.
///
/// ```
/// use ludus::core::log::{Log, Transcript};
/// let mut t = Transcript::default();
/// ludus::say!(t, "seat {} throws {}", 1, 15);
/// assert_eq!(t.lines, vec!["seat 1 throws 15"]);
/// ```
#[macro_export]
macro_rules! say {
    ($log:expr, $($arg:tt)*) => {
        {
            #[allow(unused_imports)]
            use $crate::core::log::Log as _;
            if $log.on() {
                $log.line(format_args!($($arg)*));
            }
        }
    };
}
