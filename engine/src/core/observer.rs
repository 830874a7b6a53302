//! Observation of a game's events, for any game family.
//!
//! Why generic over the event type: each family reports its own events (DungeonQuest's
//! [`crate::Event`]), while the tools written once in [`crate::core`] (fuzzer, replay, a
//! runner) pass one observer through to whichever game they drive.

/// Receives every event of a game, in order.
pub trait Observer<E> {
    /// Whether events are wanted at all; when `false` the engine skips building them.
    const ENABLED: bool = true;
    /// Called for each event in order.
    fn event(&mut self, event: E);
}

/// The observer of bulk runs: does nothing and costs nothing, for every family's events.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl<E> Observer<E> for NoObserver {
    const ENABLED: bool = false;
    #[inline(always)]
    fn event(&mut self, _event: E) {}
}

impl<E, F: FnMut(E)> Observer<E> for F {
    fn event(&mut self, event: E) {
        self(event)
    }
}
