//! The sliding-attack methods selectable with `--method`, by name.
//!
//! To add a method: one entry in [`METHODS`] and one arm in [`with_method`].

use attack_tables::{Classical, Magic, SlidingAttacks};

/// Every method name, in the order `chessbits methods` lists them.
pub(crate) const METHODS: &[&str] = &[Classical::NAME, Magic::NAME];

/// The method used when `--method` is not given.
pub(crate) const DEFAULT_METHOD: &str = Magic::NAME;

/// Something to run with a method chosen at run time.
pub(crate) trait WithMethod {
    /// What running it gives.
    type Output;
    /// Runs it with the method `S`.
    fn run<S: SlidingAttacks>(self) -> Self::Output;
}

/// Runs `f` with the method called `name`; `None` if there is no such method.
pub(crate) fn with_method<F: WithMethod>(name: &str, f: F) -> Option<F::Output> {
    match name {
        n if n == Classical::NAME => Some(f.run::<Classical>()),
        n if n == Magic::NAME => Some(f.run::<Magic>()),
        _ => None,
    }
}
