import Foundation  // exp, expm1, log, sin, cos

/// A damped harmonic oscillator that starts at rest-position 0 (with an optional initial
/// velocity) and is pulled towards the target 1: `m·x″ + c·x′ + k·(x − 1) = 0`, `x(0) = 0`,
/// `x′(0) = initialVelocity`.
///
/// Two ways to describe it, as on Apple platforms:
/// - `init(dampingRatio:response:initialVelocity:)` — SwiftUI's `.spring(response:dampingFraction:)`
///   / `UISpringTimingParameters(dampingRatio:)`: mass 1, stiffness `(2π/response)²`, damping
///   `4π·dampingRatio/response`. `response` is the period of the undamped oscillation.
/// - `init(mass:stiffness:damping:initialVelocity:)` — `CASpringAnimation`'s parameters.
///
/// `initialVelocity` is in units of the whole distance (0 → 1) per second, as
/// `CASpringAnimation.initialVelocity`. Values are evaluated in closed form (under-, critically
/// and over-damped), using forms that stay accurate as the damping ratio approaches 1.
public struct Spring: Hashable, Sendable {
    /// `m`, > 0.
    public let mass: Double
    /// `k`, > 0.
    public let stiffness: Double
    /// `c`, ≥ 0 (0: undamped, never settles).
    public let damping: Double
    /// `x′(0)` in distances per second.
    public let initialVelocity: Double
    /// `ζ = c / (2√(k·m))`: < 1 underdamped (overshoots), 1 critical, > 1 overdamped.
    public let dampingRatio: Double
    /// `ω₀ = √(k/m)` in radians per second.
    public let naturalFrequency: Double
    /// The first time (seconds) from which on the spring stays settled: the least `t*` with
    /// `(x − 1)² + (x′/ω₀)² ≤ settlingTolerance²`. That quantity is the spring's energy
    /// (over `k/2`); damping never adds energy, so for every `t ≥ t*` both
    /// `|x(t) − 1| ≤ 0.001` and `|x′(t)| ≤ 0.001·ω₀` hold.
    ///
    /// Found by bisection (to ~1e-12 relative) on an upper bound that is analytic for
    /// underdamped springs (the exponential envelope) and found by doubling otherwise.
    /// Always finite: springs that would take longer than `maximumSettlingDuration` (an undamped
    /// spring never settles) report `maximumSettlingDuration`.
    public private(set) var settlingDuration: Double

    /// The settling threshold on `|x − 1|` (and on `|x′|/ω₀`): 0.001.
    public static let settlingTolerance = 0.001
    /// The upper limit of `settlingDuration`: one hour.
    public static let maximumSettlingDuration = 3600.0

    /// The SwiftUI / UIKit description (mass 1).
    /// - Parameters:
    ///   - dampingRatio: ζ, finite and > 0 (1 = critically damped, < 1 bounces).
    ///   - response: T in seconds, finite and > 0: stiffness `(2π/T)²`, damping `4πζ/T`.
    ///   - initialVelocity: finite, in distances per second.
    /// - Throws: `LayoutError` `.invalidArgument` for values outside those ranges or whose
    ///   derived stiffness/damping are not representable.
    /// - Complexity: O(1) (the settling-time search is bounded: ≤ ~1,100 doublings plus ≤ 200 bisection steps).
    public init(dampingRatio: Double, response: Double, initialVelocity: Double = 0) throws {
        guard dampingRatio.isFinite, dampingRatio > 0 else {
            throw LayoutError(.invalidArgument, "spring damping ratio must be finite and > 0 (got \(dampingRatio))")
        }
        guard response.isFinite, response > 0 else {
            throw LayoutError(.invalidArgument, "spring response must be finite and > 0 (got \(response))")
        }
        let omega = 2 * Double.pi / response
        guard (omega * omega).isFinite, omega * omega > 0 else {
            throw LayoutError(.invalidArgument, "spring response \(response) gives a stiffness that is not representable")
        }
        try self.init(mass: 1, stiffness: omega * omega, damping: 4 * Double.pi * dampingRatio / response,
                      initialVelocity: initialVelocity, ratio: dampingRatio, omega: omega)
    }

    /// The `CASpringAnimation` description.
    /// - Parameters:
    ///   - mass: finite, > 0. Default 1.
    ///   - stiffness: finite, > 0.
    ///   - damping: finite, ≥ 0.
    ///   - initialVelocity: finite, in distances per second. Default 0.
    /// - Throws: `LayoutError` `.invalidArgument` for values outside those ranges, or when the
    ///   natural frequency or damping ratio they imply is 0 or not representable.
    /// - Complexity: O(1) (see `init(dampingRatio:response:initialVelocity:)`).
    public init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) throws {
        try self.init(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity,
                      ratio: nil, omega: nil)
    }

    private init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double,
                 ratio: Double?, omega: Double?) throws {
        guard mass.isFinite, mass > 0 else {
            throw LayoutError(.invalidArgument, "spring mass must be finite and > 0 (got \(mass))")
        }
        guard stiffness.isFinite, stiffness > 0 else {
            throw LayoutError(.invalidArgument, "spring stiffness must be finite and > 0 (got \(stiffness))")
        }
        guard damping.isFinite, damping >= 0 else {
            throw LayoutError(.invalidArgument, "spring damping must be finite and >= 0 (got \(damping))")
        }
        guard initialVelocity.isFinite else {
            throw LayoutError(.invalidArgument, "spring initial velocity must be finite (got \(initialVelocity))")
        }
        let sk = stiffness.squareRoot(), sm = mass.squareRoot()
        let w0 = omega ?? sk / sm
        let zeta = ratio ?? damping / (2 * sk * sm)
        // Every rate the closed forms use must be finite and the frequency positive.
        let fastRate = zeta > 1 ? w0 * (zeta + Spring.rootOfZetaSquaredMinusOne(zeta)) : w0 * Swift.max(zeta, 1)
        guard w0.isFinite, w0 > 0, zeta.isFinite, zeta >= 0, fastRate.isFinite, (w0 * zeta).isFinite else {
            throw LayoutError(.invalidArgument,
                              "spring parameters out of range (mass \(mass), stiffness \(stiffness), damping \(damping))")
        }
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.dampingRatio = zeta
        self.naturalFrequency = w0
        self.settlingDuration = 0
        self.settlingDuration = computeSettlingDuration()
    }

    /// `x(time)`: 0 for `time ≤ 0` (and NaN), 1 for `time = +∞`; may exceed 1 (overshoot) or
    /// drop below 0 (negative initial velocity).
    /// - Complexity: O(1).
    public func value(at time: Double) -> Double {
        guard time > 0 else { return 0 }
        guard time.isFinite else { return 1 }
        return 1 + state(at: time).u
    }

    /// `x′(time)` in distances per second: `initialVelocity` for `time ≤ 0` (and NaN), 0 for `+∞`.
    /// - Complexity: O(1).
    public func velocity(at time: Double) -> Double {
        guard time > 0 else { return initialVelocity }
        guard time.isFinite else { return 0 }
        return state(at: time).v
    }

    // MARK: Closed form

    /// `√(ζ² − 1)` without overflowing for huge ζ.
    static func rootOfZetaSquaredMinusOne(_ z: Double) -> Double {
        z * ((1 - 1 / z) * (1 + 1 / z)).squareRoot()
    }

    /// Displacement from the target `u = x − 1` and velocity `v = x′` at `t > 0`.
    ///
    /// With `A = u(0) = −1`, `B = v₀ − ζω₀` (so that `u′(0) = v₀`) and `σ = ζω₀`:
    /// - ζ < 1: `u = e^(−σt)·(A·cos ωd t + B·sin(ωd t)/ωd)`, `ωd = ω₀√(1 − ζ²)`;
    /// - ζ = 1: `u = e^(−ω₀t)·(A + B·t)`;
    /// - ζ > 1: `u = A·e^(−σt)cosh γt + B·e^(−σt)sinh(γt)/γ`, `γ = ω₀√(ζ² − 1)`, written with
    ///   the decay rates `r₁ = −ω₀/(ζ + √(ζ²−1))`, `r₂ = −ω₀(ζ + √(ζ²−1))` and `expm1` so it
    ///   neither overflows nor cancels as γ → 0.
    func state(at t: Double) -> (u: Double, v: Double) {
        let w0 = naturalFrequency, z = dampingRatio
        let sigma = z * w0
        let a = -1.0, b = initialVelocity - sigma
        if z < 1 {
            let wd = w0 * ((1 - z) * (1 + z)).squareRoot()
            let e = exp(-sigma * t), c = cos(wd * t), s = sin(wd * t)
            let sinc = wd > 0 ? s / wd : t  // sin(ωd t)/ωd → t as ωd → 0
            let inner = a * c + b * sinc
            return (e * inner, e * (-sigma * inner + (-a * wd * s + b * c)))
        } else if z == 1 {
            let e = exp(-w0 * t)
            let inner = a + b * t
            return (e * inner, e * (b - w0 * inner))
        } else {
            let root = Spring.rootOfZetaSquaredMinusOne(z)
            let gamma = w0 * root
            let r1 = -w0 / (z + root), r2 = -w0 * (z + root)
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            let ch = (e1 + e2) / 2                                          // e^(−σt) cosh γt
            let sh = gamma > 0 ? -e1 * expm1(-2 * gamma * t) / (2 * gamma) : e1 * t  // e^(−σt) sinh(γt)/γ
            let u = a * ch + b * sh
            // d/dt ch = (r₁e₁ + r₂e₂)/2; d/dt sh = ch − σ·sh.
            let v = a * (r1 * e1 + r2 * e2) / 2 + b * (ch - sigma * sh)
            return (u, v)
        }
    }

    /// `(x − 1)² + (x′/ω₀)²`, non-increasing in t.
    private func energy(at t: Double) -> Double {
        let s = state(at: t)
        let vn = s.v / naturalFrequency
        return s.u * s.u + vn * vn
    }

    private func computeSettlingDuration() -> Double {
        let eps = Spring.settlingTolerance, eps2 = eps * eps
        let cap = Spring.maximumSettlingDuration
        let w0 = naturalFrequency, z = dampingRatio
        guard z > 0 else { return cap }  // undamped: the energy is constant
        var hi = 0.0
        if z < 1 {
            // Envelope: |u| ≤ e^(−σt)·Pu, |v| ≤ e^(−σt)·Pv, so energy ≤ e^(−2σt)(Pu² + Pv²/ω₀²).
            let sigma = z * w0
            let wd = w0 * ((1 - z) * (1 + z)).squareRoot()
            let a = -1.0, b = initialVelocity - sigma
            if wd > 0 {
                let pu = (a * a + (b / wd) * (b / wd)).squareRoot()
                let pv1 = b - sigma * a, pv2 = sigma * b / wd + a * wd
                let pv = (pv1 * pv1 + pv2 * pv2).squareRoot()
                let bound = (pu * pu + (pv / w0) * (pv / w0)).squareRoot()
                let t = log(bound / eps) / sigma
                if t.isFinite, t > 0 { hi = Swift.min(t, cap) }
            }
        }
        if hi == 0 || !(energy(at: hi) <= eps2) {
            // Doubling search for a time that is settled, starting from the slow time scale.
            if hi == 0 { hi = Swift.min(1 / w0, cap) }
            var steps = 0
            while !(energy(at: hi) <= eps2) && hi < cap && steps < 2_000 {
                hi = Swift.min(hi * 2, cap)
                steps += 1
            }
            if !(energy(at: hi) <= eps2) { return cap }
        }
        // Bisection: energy(lo) > eps² (energy(0) = 1 + (v₀/ω₀)² ≥ 1), energy(hi) ≤ eps².
        var lo = 0.0
        for _ in 0..<200 {
            if hi - lo <= 1e-12 * hi { break }
            let mid = lo + (hi - lo) / 2
            if energy(at: mid) <= eps2 { hi = mid } else { lo = mid }
        }
        return hi
    }
}
