//! The sliding-attack methods selectable with `--method`, by name.
//!
//! To add a method: one entry in [`METHODS`] and one arm in [`with_method`].

use attack_tables::{
    Classical, Direct, DirectDense, Hyperbola, KoggeStone, Magic, Perfect, PerfectDirect,
    PerfectMinimal, Rotated, SlidingAttacks,
};

/// The name of the PEXT method, which exists only in builds for targets with BMI2.
const PEXT: &str = "pext";

/// Every method name this build has, in the order `chessbits methods` lists them.
pub(crate) const METHODS: &[&str] = &[
    Classical::NAME,
    Rotated::NAME,
    Direct::NAME,
    DirectDense::NAME,
    Perfect::NAME,
    PerfectMinimal::NAME,
    PerfectDirect::NAME,
    Magic::NAME,
    Hyperbola::NAME,
    KoggeStone::NAME,
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    PEXT,
];

/// The method used when `--method` is not given: movegen's default, the fastest measured on
/// the target (see the README).
pub(crate) const DEFAULT_METHOD: &str = <movegen::DefaultMethod as SlidingAttacks>::NAME;

/// Something to run with a method chosen at run time.
pub(crate) trait WithMethod {
    /// What running it gives.
    type Output;
    /// Runs it with the method `S`.
    fn run<S: SlidingAttacks>(self) -> Self::Output;
}

/// Runs `f` with the method called `name`; `None` if this build has no such method (after
/// saying on stderr why, when the method exists in other builds).
pub(crate) fn with_method<F: WithMethod>(name: &str, f: F) -> Option<F::Output> {
    match name {
        n if n == Classical::NAME => Some(f.run::<Classical>()),
        n if n == Rotated::NAME => Some(f.run::<Rotated>()),
        n if n == Direct::NAME => Some(f.run::<Direct>()),
        n if n == DirectDense::NAME => Some(f.run::<DirectDense>()),
        n if n == Perfect::NAME => Some(f.run::<Perfect>()),
        n if n == PerfectMinimal::NAME => Some(f.run::<PerfectMinimal>()),
        n if n == PerfectDirect::NAME => Some(f.run::<PerfectDirect>()),
        n if n == Magic::NAME => Some(f.run::<Magic>()),
        n if n == Hyperbola::NAME => Some(f.run::<Hyperbola>()),
        n if n == KoggeStone::NAME => Some(f.run::<KoggeStone>()),
        #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
        n if n == attack_tables::Pext::NAME => Some(f.run::<attack_tables::Pext>()),
        _ => {
            if let Some(reason) = missing_reason(name) {
                eprintln!("error: {reason}");
            }
            None
        }
    }
}

/// Why `name` is not a method of this build, when it is a method of another build.
fn missing_reason(name: &str) -> Option<&'static str> {
    (name == PEXT && !attack_tables::HAS_PEXT).then_some(
        "pext is not in this build: it needs a target with BMI2; rebuild with \
         RUSTFLAGS=\"-C target-cpu=native\" (on a CPU that has BMI2) or \
         RUSTFLAGS=\"-C target-feature=+bmi2\"",
    )
}
