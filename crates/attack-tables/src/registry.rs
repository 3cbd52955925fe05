//! The registry of sliding-attack methods: the one list that the command-line program, the
//! tests of every crate, the benchmarks and `cargo xtask` iterate. Adding a method is its
//! module plus one line in [`methods!`] below (and its row in the crate documentation); a
//! test fails when a type implementing [`SlidingAttacks`] is missing here.

use crate::SlidingAttacks;

/// A method as the registry lists it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MethodInfo {
    /// The name (`--method` on the command line, benchmark labels): the type's
    /// [`SlidingAttacks::NAME`].
    pub name: &'static str,
    /// The name of the type implementing [`SlidingAttacks`].
    pub type_name: &'static str,
    /// Why this build lacks the method, or `None` when it has it.
    pub missing: Option<&'static str>,
}

impl MethodInfo {
    /// Whether this build has the method.
    #[inline]
    #[must_use]
    pub const fn is_available(&self) -> bool {
        self.missing.is_none()
    }
}

/// Something to do with a method chosen by the registry: a generic call per method, so the
/// method's calls compile to direct ones.
pub trait MethodVisitor {
    /// Called with the method `S`.
    fn visit<S: SlidingAttacks>(&mut self);
}

/// Why [`with_method`] did not run.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MethodError {
    /// No method has that name.
    Unknown,
    /// The method exists in other builds but not in this one; the text says why and how to
    /// get it.
    NotInThisBuild(&'static str),
}

impl core::fmt::Display for MethodError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            MethodError::Unknown => f.write_str("no sliding-attack method has that name"),
            MethodError::NotInThisBuild(why) => f.write_str(why),
        }
    }
}

impl core::error::Error for MethodError {}

macro_rules! methods {
    ($( $(#[cfg($cfg:meta), missing = $why:literal])? $name:literal => $ty:ident, )*) => {
        /// Every method of every build, in the order reports list them; see
        /// [`MethodInfo::missing`] for the ones this build lacks.
        pub const METHODS: &[MethodInfo] = &[$(
            MethodInfo {
                name: $name,
                type_name: stringify!($ty),
                missing: methods!(@missing $($cfg, $why)?),
            },
        )*];

        /// Calls `visitor` with every method this build has, in [`METHODS`] order.
        pub fn for_each_method<V: MethodVisitor>(visitor: &mut V) {
            $(
                $(#[cfg($cfg)])?
                visitor.visit::<crate::$ty>();
            )*
        }

        /// Calls `visitor` with the method called `name`.
        pub fn with_method<V: MethodVisitor>(name: &str, visitor: &mut V) -> Result<(), MethodError> {
            $(
                $(#[cfg($cfg)])?
                if name == $name {
                    visitor.visit::<crate::$ty>();
                    return Ok(());
                }
            )*
            match METHODS.iter().find(|m| m.name == name) {
                Some(MethodInfo { missing: Some(why), .. }) => Err(MethodError::NotInThisBuild(why)),
                _ => Err(MethodError::Unknown),
            }
        }
    };
    (@missing) => { None };
    (@missing $cfg:meta, $why:literal) => {
        if cfg!($cfg) { None } else { Some($why) }
    };
}

methods! {
    "classical" => Classical,
    #[cfg(feature = "research"), missing = "rotated needs the `research` feature of attack-tables"]
    "rotated" => Rotated,
    #[cfg(feature = "std"), missing = "direct needs the `std` feature of attack-tables"]
    "direct" => Direct,
    #[cfg(feature = "research"), missing = "direct-dense needs the `research` feature of attack-tables"]
    "direct-dense" => DirectDense,
    "perfect" => Perfect,
    "perfect-minimal" => PerfectMinimal,
    "perfect-direct" => PerfectDirect,
    "magic" => Magic,
    "hyperbola" => Hyperbola,
    "kogge-stone" => KoggeStone,
    #[cfg(has_pext), missing = "pext is not in this build: it needs a target with BMI2; rebuild \
        with RUSTFLAGS=\"-C target-cpu=native\" (on a CPU that has BMI2) or \
        RUSTFLAGS=\"-C target-feature=+bmi2\""]
    "pext" => Pext,
}

/// The method this build's defaults use: the fastest measured on the target (see the
/// README): PEXT where the target has BMI2, else fancy magic bitboards, the fastest method
/// that needs no CPU extension.
#[cfg(has_pext)]
pub type DefaultMethod = crate::Pext;

/// The method this build's defaults use: the fastest measured on the target (see the
/// README): PEXT where the target has BMI2, else fancy magic bitboards, the fastest method
/// that needs no CPU extension.
#[cfg(all(not(has_pext), not(target_family = "wasm")))]
pub type DefaultMethod = crate::Magic;

/// The method this build's defaults use: on WebAssembly `PerfectDirect`, whose tables are
/// small (a web page downloads the module; fancy magic's attack table is 860 KB) and which
/// was the fastest of the small ones there (crates/wasm/README.md), as the free functions of
/// the crate root use. A build can name another with the environment variable
/// `CHESSBITS_WASM_SLIDERS` (`build.rs`), to measure it.
#[cfg(all(not(has_pext), target_family = "wasm"))]
pub type DefaultMethod = wasm_sliders::Method;

/// The WebAssembly method that `build.rs` chose (`wasm_sliders`).
#[cfg(all(not(has_pext), target_family = "wasm"))]
mod wasm_sliders {
    #[cfg(wasm_sliders = "classical")]
    pub(super) type Method = crate::Classical;
    #[cfg(wasm_sliders = "perfect")]
    pub(super) type Method = crate::Perfect;
    #[cfg(wasm_sliders = "perfect-minimal")]
    pub(super) type Method = crate::PerfectMinimal;
    #[cfg(wasm_sliders = "perfect-direct")]
    pub(super) type Method = crate::PerfectDirect;
    #[cfg(wasm_sliders = "magic")]
    pub(super) type Method = crate::Magic;
    #[cfg(wasm_sliders = "hyperbola")]
    pub(super) type Method = crate::Hyperbola;
    #[cfg(wasm_sliders = "kogge-stone")]
    pub(super) type Method = crate::KoggeStone;
}
