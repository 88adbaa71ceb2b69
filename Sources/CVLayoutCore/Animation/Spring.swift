// exp, expm1, log, sin, cos from the platform C library, not Foundation: the static library then carries only
// the Swift core runtime (see README, "Install").
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A damped harmonic oscillator that starts at rest-position 0 (with an optional initial
/// velocity) and is pulled towards the target 1: `m·x″ + c·x′ + k·(x − 1) = 0`, `x(0) = 0`,
/// `x′(0) = initialVelocity`.
///
/// Three ways to describe it, as on Apple platforms (docs/animation-rules.md):
/// - `init(mass:stiffness:damping:initialVelocity:allowsOverdamping:)` — `CASpringAnimation`'s
///   parameters.
/// - `init(dampingRatio:response:initialVelocity:allowsOverdamping:)` — SwiftUI's
///   `.spring(response:dampingFraction:)` / `UISpringTimingParameters(dampingRatio:)`: mass 1,
///   stiffness `(2π/response)²`, damping `4π·dampingRatio/response`.
/// - `init(duration:dampingRatio:initialVelocity:)` — UIKit's
///   `animateWithDuration:delay:usingSpringWithDamping:initialSpringVelocity:`: the stiffness is
///   solved so the spring's envelope reaches 0.001 at `duration`, and the animation lasts `duration`.
///
/// `initialVelocity` is in units of the whole distance (0 → 1) per second, as
/// `CASpringAnimation.initialVelocity` and UIKit's `initialSpringVelocity`.
///
/// **Overdamping.** As in Core Animation (`CASpringAnimation.allowsOverdamping`, default NO), a
/// damping ratio above 1 moves as a critically damped spring of the same natural frequency
/// unless `allowsOverdamping` is true. Values are evaluated in closed form (under-, critically and
/// over-damped), using forms that stay accurate as the damping ratio approaches 1.
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
    /// Whether a damping ratio above 1 moves as an overdamped spring (true) or as the critically
    /// damped spring of the same natural frequency (false, Core Animation's default).
    public let allowsOverdamping: Bool
    /// The ratio the motion uses: `dampingRatio`, or 1 when that is above 1 and
    /// `allowsOverdamping` is false.
    public var effectiveDampingRatio: Double { allowsOverdamping ? dampingRatio : Swift.min(dampingRatio, 1) }
    /// For UIKit's duration-based form: the duration the animation runs (the spring is solved to
    /// settle by then). Nil for the other forms, whose animations last `settlingDuration`.
    public let animationDuration: Double?
    /// The settling time as Core Animation computes it (`CASpringAnimation.settlingDuration`,
    /// i.e. `durationForEpsilon:` with ε = 0.001):
    /// - underdamped (effective ζ < 1): `max(0, ln((|A| + |B|)/ε) / (ζω₀))` with `A = 1`,
    ///   `B = (ζω₀ − v₀)/ω_d` — the time the envelope `e^(−ζω₀t)(|A| + |B|)` of `|x − 1|` reaches ε;
    /// - critically damped or overdamped: the first time on a 0.1 s grid (0, 0.1, 0.2, …, summed
    ///   as Core Animation sums it) from which `|x − 1| < ε` holds at every grid point for more
    ///   than one second.
    ///
    /// Apple's examples: mass 1, stiffness 100, damping 5 → ≈ 2.855 s; damping 15 → ≈ 1.022 s.
    /// Undamped springs and springs that have not settled by `maximumSettlingDuration` report
    /// `maximumSettlingDuration` (Core Animation reports infinity / FLT_MAX).
    public private(set) var settlingDuration: Double

    /// How long an animation along this spring lasts: `animationDuration ?? settlingDuration`.
    public var timingDuration: Double { animationDuration ?? settlingDuration }

    /// Core Animation's ε: 0.001.
    public static let settlingTolerance = 0.001

    // The defaults (the one place they are written; `cvl_animation_default` hands them to C and
    // the bindings).
    /// The default spring in the (damping ratio, response) form: critically damped, 0.5 s
    /// response.
    public static let defaultDampingRatio = 1.0
    /// See `defaultDampingRatio`.
    public static let defaultResponse = 0.5
    /// `CASpringAnimation`'s default mass (1), stiffness (100) and damping (10).
    public static let defaultMass = 1.0
    /// See `defaultMass`.
    public static let defaultStiffness = 100.0
    /// See `defaultMass`.
    public static let defaultDamping = 10.0
    /// The upper limit of `settlingDuration`: one hour.
    public static let maximumSettlingDuration = 3600.0

    /// The SwiftUI / UIKit description (mass 1).
    /// - Parameters:
    ///   - dampingRatio: ζ, finite and > 0 (1 = critically damped, < 1 bounces).
    ///   - response: T in seconds, finite and > 0: stiffness `(2π/T)²`, damping `4πζ/T`.
    ///   - initialVelocity: finite, in distances per second.
    ///   - allowsOverdamping: see the type. Default false (Core Animation's default; Apple's
    ///     perceptual-duration initialisers set it to true).
    /// - Throws: `LayoutError` `.invalidArgument` for values outside those ranges or whose
    ///   derived stiffness/damping are not representable.
    /// - Complexity: O(1) (the settling-time walk is bounded by 36,000 steps).
    public init(
        dampingRatio: Double, response: Double, initialVelocity: Double = 0, allowsOverdamping: Bool = false
    ) throws {
        guard dampingRatio.isFinite, dampingRatio > 0 else {
            throw LayoutError(.invalidArgument, "spring damping ratio must be finite and > 0 (got \(dampingRatio))")
        }
        guard response.isFinite, response > 0 else {
            throw LayoutError(.invalidArgument, "spring response must be finite and > 0 (got \(response))")
        }
        let omega = 2 * Double.pi / response
        guard (omega * omega).isFinite, omega * omega > 0 else {
            throw LayoutError(
                .invalidArgument, "spring response \(response) gives a stiffness that is not representable")
        }
        try self.init(
            mass: 1, stiffness: omega * omega, damping: 4 * Double.pi * dampingRatio / response,
            initialVelocity: initialVelocity, ratio: dampingRatio, omega: omega,
            allowsOverdamping: allowsOverdamping, animationDuration: nil)
    }

    /// UIKit's `animateWithDuration:delay:usingSpringWithDamping:initialSpringVelocity:`
    /// (`UIViewSpringAnimationState`, `parametersOfSpringAnimation`): mass 1; the damping ratio is
    /// clamped to [1.1920929e-7, 1] and the duration to [0.01, 10] for the solve; the natural
    /// frequency ω solves, by UIKit's 12 Newton steps from ω = 5/duration,
    /// - ζ < 1: `|(ζω − v₀)/(√(1−ζ²)·ω)|·e^(−ζ·duration·ω) = 0.001`,
    /// - ζ = 1: `((ω − v₀)·duration + 1)·e^(−duration·ω) = ±0.001`;
    /// stiffness `ω²`, damping `2ζω`. Where Newton's steps do not converge (UIKit then returns
    /// whatever they reached), a root is bracketed and bisected instead. The animation lasts
    /// `duration` (`animationDuration`), not the settling time.
    /// - Parameters:
    ///   - duration: finite, ≥ 0 (0: the animation jumps to its end).
    ///   - dampingRatio: finite, > 0; values above 1 act as 1, as in UIKit.
    ///   - initialVelocity: finite, in distances per second (UIKit's `initialSpringVelocity`).
    /// - Throws: `LayoutError` `.invalidArgument` for values outside those ranges or when no
    ///   positive frequency meets the equation (a spring that starts settled, e.g. a tiny ratio
    ///   with no velocity).
    /// - Complexity: O(1) (≤ 12 Newton steps, ≤ ~2,200 bracketing steps, ≤ 200 bisection steps,
    ///   plus the settling-time computation).
    public init(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) throws {
        guard duration.isFinite, duration >= 0 else {
            throw LayoutError(.invalidArgument, "spring duration must be finite and >= 0 (got \(duration))")
        }
        guard dampingRatio.isFinite, dampingRatio > 0 else {
            throw LayoutError(.invalidArgument, "spring damping ratio must be finite and > 0 (got \(dampingRatio))")
        }
        guard initialVelocity.isFinite else {
            throw LayoutError(.invalidArgument, "spring initial velocity must be finite (got \(initialVelocity))")
        }
        let zeta = Swift.min(Swift.max(dampingRatio, 1.1920929e-7), 1)
        let omega = try Spring.uikitFrequency(
            duration: Swift.min(Swift.max(duration, 0.01), 10), dampingRatio: zeta,
            velocity: initialVelocity)
        try self.init(
            mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega, initialVelocity: initialVelocity,
            ratio: zeta, omega: omega, allowsOverdamping: false, animationDuration: duration)
    }

    /// The `CASpringAnimation` description.
    /// - Parameters:
    ///   - mass: finite, > 0. Default 1.
    ///   - stiffness: finite, > 0.
    ///   - damping: finite, ≥ 0.
    ///   - initialVelocity: finite, in distances per second. Default 0.
    ///   - allowsOverdamping: see the type. Default false, as `CASpringAnimation`.
    /// - Throws: `LayoutError` `.invalidArgument` for values outside those ranges, or when the
    ///   natural frequency or damping ratio they imply is 0 or not representable.
    /// - Complexity: O(1) (see `init(dampingRatio:response:initialVelocity:allowsOverdamping:)`).
    public init(
        mass: Double = Spring.defaultMass, stiffness: Double, damping: Double, initialVelocity: Double = 0,
        allowsOverdamping: Bool = false
    ) throws {
        try self.init(
            mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity,
            ratio: nil, omega: nil, allowsOverdamping: allowsOverdamping, animationDuration: nil)
    }

    private init(
        mass: Double, stiffness: Double, damping: Double, initialVelocity: Double,
        ratio: Double?, omega: Double?, allowsOverdamping: Bool, animationDuration: Double?
    ) throws {
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
            throw LayoutError(
                .invalidArgument,
                "spring parameters out of range (mass \(mass), stiffness \(stiffness), damping \(damping))")
        }
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.dampingRatio = zeta
        self.naturalFrequency = w0
        self.allowsOverdamping = allowsOverdamping
        self.animationDuration = animationDuration
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
        let w0 = naturalFrequency, z = effectiveDampingRatio
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
            let ch = (e1 + e2) / 2  // e^(−σt) cosh γt
            let sh = gamma > 0 ? -e1 * expm1(-2 * gamma * t) / (2 * gamma) : e1 * t  // e^(−σt) sinh(γt)/γ
            let u = a * ch + b * sh
            // d/dt ch = (r₁e₁ + r₂e₂)/2; d/dt sh = ch − σ·sh.
            let v = a * (r1 * e1 + r2 * e2) / 2 + b * (ch - sigma * sh)
            return (u, v)
        }
    }

    /// Core Animation's `durationForEpsilon:` with ε = `settlingTolerance` (see `settlingDuration`).
    private func computeSettlingDuration() -> Double {
        let eps = Spring.settlingTolerance, cap = Spring.maximumSettlingDuration
        let w0 = naturalFrequency, z = effectiveDampingRatio
        guard z > 0 else { return cap }  // undamped: never settles
        if z < 1 {
            let sigma = z * w0
            let wd = w0 * ((1 - z) * (1 + z)).squareRoot()
            let amplitude = 1 + abs((sigma - initialVelocity) / wd)
            let t = Swift.max(-log(eps / amplitude) / sigma, 0)
            return t.isFinite ? Swift.min(t, cap) : cap
        }
        // The 0.1 s walk: the first grid time of the last run of grid points below ε that lasts
        // more than one second.
        var candidate = -1.0, best = Double.infinity
        var i = 0.0
        while i <= cap + 1.1 {
            let err = abs(state(at: i).u)  // |1 − x(i)|; x(0) = 0 (u = −1) at i = 0
            guard err.isFinite else { return 0 }
            if best >= eps {
                if err < best { candidate = i; best = err }
            } else if err >= eps {
                best = .infinity
            } else if i - candidate > 1.0 {
                return Swift.min(candidate, cap)
            }
            i += 0.1
        }
        return cap
    }

    // MARK: UIKit's duration-based form

    /// The natural frequency of UIKit's `parametersOfSpringAnimation` (ε = 0.001), for a
    /// clamped duration `d` and damping ratio `z` ∈ (0, 1].
    static func uikitFrequency(duration d: Double, dampingRatio z: Double, velocity v: Double) throws -> Double {
        let eps = 0.001
        let f: (Double) -> Double, df: (Double) -> Double
        if z >= 1 {
            f = { w in ((w - v) * d + 1) * exp(-d * w) + (w - v < 0 ? eps : -eps) }
            df = { w in d * d * (v - w) * exp(-d * w) }
        } else {
            let s = ((1 - z) * (1 + z)).squareRoot()
            f = { w in eps - abs((z * w - v) / (s * w) * exp(-z * d * w)) }
            df = { w in
                let e = exp(-z * d * w)
                let h = (z - v / w) / s * e
                let dh = (v / (w * w)) / s * e - z * d * h
                return h >= 0 ? -dh : dh
            }
        }
        var w = 5 / d
        for _ in 0..<12 {
            let step = f(w) / df(w)
            guard step.isFinite else { break }
            w -= step
        }
        if w.isFinite, w > 0, abs(f(w)) <= 1e-9 { return w }
        // Bracket a sign change around 5/d (doubling up, halving down), then bisect.
        var hi = 5 / d, lo = 5 / d
        let target = f(hi) > 0 ? false : true  // the sign to look for on the other side
        var found = false
        for _ in 0..<1100 where !found {
            hi *= 2
            if (f(hi) > 0) == target { found = true; lo = hi / 2 }
        }
        if !found {
            hi = 5 / d
            for _ in 0..<1100 where !found {
                lo /= 2
                if (f(lo) > 0) == target { found = true; hi = lo * 2 }
            }
        }
        guard found else {
            throw LayoutError(
                .invalidArgument,
                "no spring with damping ratio \(z) and initial velocity \(v) settles to 0.001 in \(d) s")
        }
        let loPositive = f(lo) > 0
        for _ in 0..<200 {
            let mid = lo + (hi - lo) / 2
            if mid <= lo || mid >= hi { break }
            if (f(mid) > 0) == loPositive { lo = mid } else { hi = mid }
        }
        let root = lo + (hi - lo) / 2
        guard root.isFinite, root > 0 else {
            throw LayoutError(
                .invalidArgument,
                "no spring with damping ratio \(z) and initial velocity \(v) settles to 0.001 in \(d) s")
        }
        return root
    }
}
