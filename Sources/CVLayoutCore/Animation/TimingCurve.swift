/// How an animation's progress follows time: Core Animation's media timing functions and
/// springs.
///
/// The Bézier curves run from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2); the
/// named ones use Core Animation's control points (`kCAMediaTimingFunctionEaseIn` etc.).
/// Construct arbitrary curves with `cubicBezier(_:_:_:_:)` (throwing, validating) rather than
/// the `.cubicBezier` case directly; `validate()` checks any value.
public enum TimingCurve: Hashable, Sendable {
    /// y = x.
    case linear
    /// (0.42, 0, 1, 1).
    case easeIn
    /// (0, 0, 0.58, 1).
    case easeOut
    /// (0.42, 0, 0.58, 1).
    case easeInOut
    /// An arbitrary cubic Bézier: `x1`, `x2` in [0, 1] (so x is monotone and the curve is a
    /// function), `y1`, `y2` finite (may leave [0, 1]: anticipation and overshoot).
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    /// A spring: the animation lasts the spring's `timingDuration` (`animationDuration` for
    /// UIKit's duration-based form, else `settlingDuration`) and its progress is the spring's
    /// value (it may exceed 1).
    case spring(Spring)

    /// A validated `.cubicBezier`.
    /// - Throws: `LayoutError` `.invalidArgument` unless `x1`, `x2` ∈ [0, 1] and all four are finite.
    public static func cubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws -> TimingCurve {
        let c = TimingCurve.cubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
        try c.validate()
        return c
    }

    /// Checks a curve built from the enum cases: for `.cubicBezier`, all control values finite
    /// and `x1`, `x2` ∈ [0, 1]. Springs are validated when they are made.
    /// - Throws: `LayoutError` `.invalidArgument`.
    public func validate() throws {
        guard case let .cubicBezier(x1, y1, x2, y2) = self else { return }
        guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite else {
            throw LayoutError(.invalidArgument, "timing curve control points must be finite")
        }
        guard (0...1).contains(x1), (0...1).contains(x2) else {
            throw LayoutError(.invalidArgument, "timing curve control x values must lie in [0, 1] (got \(x1), \(x2))")
        }
    }

    /// The Bézier control points `(x1, y1, x2, y2)` (`linear` = (0, 0, 1, 1)); nil for a spring.
    public var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double)? {
        switch self {
        case .linear: return (0, 0, 1, 1)
        case .easeIn: return (0.42, 0, 1, 1)
        case .easeOut: return (0, 0, 0.58, 1)
        case .easeInOut: return (0.42, 0, 0.58, 1)
        case let .cubicBezier(x1, y1, x2, y2): return (x1, y1, x2, y2)
        case .spring: return nil
        }
    }

    /// The eased value at `progress` (fraction of the duration).
    ///
    /// - Bézier curves: solves `x(s) = progress` for the curve parameter s (Newton's method
    ///   from s = progress, falling back to bisection on [0, 1], which always converges because
    ///   x is monotone for x1, x2 ∈ [0, 1]; accurate to ~1e-15) and returns `y(s)`. `progress` is
    ///   clamped into [0, 1], so the result is exactly 0 at ≤ 0 and exactly 1 at ≥ 1.
    /// - `.spring(s)`: `s.value(at: progress · s.timingDuration)` for progress in (0, 1),
    ///   0 at ≤ 0 and 1 at ≥ 1.
    /// - NaN progress gives 0. A `.cubicBezier` that `validate()` rejects behaves as `linear`
    ///   (no trap).
    /// - Complexity: O(1) (at most 8 Newton and 64 bisection steps).
    public func value(at progress: Double) -> Double {
        guard progress > 0 else { return 0 }
        guard progress < 1 else { return 1 }
        switch self {
        case .linear:
            return progress
        case let .spring(s):
            return s.value(at: progress * s.timingDuration)
        default:
            guard (try? validate()) != nil, let c = controlPoints else { return progress }
            return TimingCurve.solve(x1: c.x1, y1: c.y1, x2: c.x2, y2: c.y2, x: progress)
        }
    }

    /// `y(s)` where `x(s) = x` on the Bézier from (0,0) to (1,1); `x` in (0, 1), `x1`, `x2` in [0, 1].
    static func solve(x1: Double, y1: Double, x2: Double, y2: Double, x: Double) -> Double {
        // Polynomial coefficients: b(s) = ((a·s + b)·s + c)·s.
        let cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx
        let cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by
        func curveX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
        func slopeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
        func curveY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }

        let tolerance = 1e-15
        // Newton's method.
        var s = x
        for _ in 0..<8 {
            let err = curveX(s) - x
            if abs(err) < tolerance { return curveY(s) }
            let d = slopeX(s)
            if abs(d) < 1e-9 { break }
            s -= err / d
            if !(s >= 0 && s <= 1) { break }
        }
        // Bisection: x(s) is non-decreasing on [0, 1] with x(0) = 0 < x < 1 = x(1).
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<64 {
            let xs = curveX(s)
            if abs(xs - x) < tolerance { break }
            if xs < x { lo = s } else { hi = s }
            s = lo + (hi - lo) / 2
        }
        return curveY(s)
    }
}
