//! The normal arithmetic of `expert-match` (the parent module's doc, "How a move is
//! valued"): the standard normal distribution, the chance that one total beats another,
//! and a function of a total tabulated on a grid of totals.

/// Points of the quadrature over this player's total (more than two players).
pub(super) const NODES: usize = 32;

/// The standard normal distribution function.
pub(super) fn phi(x: f64) -> f64 {
    0.5 * erfc(-x / std::f64::consts::SQRT_2)
}

/// The complementary error function (Numerical Recipes' `erfcc`: relative error below
/// 1.2e-7 everywhere).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

/// The chance that a total of mean `d` and standard deviation `sd`, relative to another
/// player's, wins against it: below by more than half a point, or within half a point (a
/// tie, whole totals) won with share `tie`.
pub(super) fn beats(d: f64, sd: f64, tie: f64) -> f64 {
    if sd < 1e-9 {
        return match d {
            d if d < -0.5 => 1.0,
            d if d <= 0.5 => tie,
            _ => 0.0,
        };
    }
    let below = phi((-0.5 - d) / sd);
    let within = phi((0.5 - d) / sd) - below;
    below + tie * within
}

/// Points of a [`Curve`].
pub(super) const CURVE: usize = 48;

/// A function of a total on an even grid of totals, linear between points and level
/// beyond them.
#[derive(Debug, Clone, Copy)]
pub(super) struct Curve {
    pub(super) lo: f64,
    pub(super) step: f64,
    pub(super) g: [f64; CURVE],
}

impl Curve {
    pub(super) const LEVEL: Curve = Curve {
        lo: 0.0,
        step: 1.0,
        g: [0.5; CURVE],
    };

    pub(super) fn at(&self, x: f64) -> f64 {
        let t = (x - self.lo) / self.step;
        if t <= 0.0 {
            return self.g[0];
        }
        let i = t.floor() as usize;
        if i >= CURVE - 1 {
            return self.g[CURVE - 1];
        }
        let f = t - i as f64;
        self.g[i] * (1.0 - f) + self.g[i + 1] * f
    }
}
