/// When an animation runs and how its progress follows time: a delay, then `duration`
/// seconds along `curve`.
///
/// For a `.spring` curve the duration is the spring's `animationDuration` (UIKit's
/// duration-based form) or else its `settlingDuration` (the `duration` passed to the
/// initializer is validated but otherwise ignored) and the progress is the spring's value,
/// which may overshoot 1 while running. `rotation` says which way transforms turn.
public struct AnimationTiming: Hashable, Sendable {
    /// Seconds the curve runs, after `delay` (≥ 0, finite). For a spring, its settling duration.
    public let duration: Double
    /// Seconds before the animation starts (≥ 0, finite).
    public let delay: Double
    /// The timing curve (validated).
    public let curve: TimingCurve
    /// Which way interpolated rotations turn (default `.shortest`).
    public let rotation: RotationInterpolation

    /// The default animation's length in seconds: 0.3 (the one place it is written; the C
    /// layer's `cvl_animation_default` and the bindings ask for it).
    public static let defaultDuration = 0.3
    /// The default curve: ease-in-out (UIKit's default for `UIView` animations).
    public static let defaultCurve = TimingCurve.easeInOut

    /// - Parameters:
    ///   - duration: ≥ 0 and finite; 0 jumps to the end state once `delay` has passed. Ignored
    ///     (beyond validation) for a spring curve.
    ///   - delay: ≥ 0 and finite. Default 0.
    ///   - curve: default `defaultCurve`.
    /// - Throws: `LayoutError` `.invalidArgument` for a negative or non-finite duration or
    ///   delay, a total that is not finite, or a curve that `TimingCurve.validate()` rejects.
    public init(
        duration: Double, delay: Double = 0, curve: TimingCurve = AnimationTiming.defaultCurve,
        rotation: RotationInterpolation = .shortest
    ) throws {
        guard duration.isFinite, duration >= 0 else {
            throw LayoutError(.invalidArgument, "animation duration must be finite and >= 0 (got \(duration))")
        }
        guard delay.isFinite, delay >= 0 else {
            throw LayoutError(.invalidArgument, "animation delay must be finite and >= 0 (got \(delay))")
        }
        try curve.validate()
        let effective: Double
        if case let .spring(s) = curve { effective = s.timingDuration } else { effective = duration }
        guard (delay + effective).isFinite else {
            throw LayoutError(.invalidArgument, "animation delay + duration is not finite")
        }
        self.duration = effective
        self.delay = delay
        self.curve = curve
        self.rotation = rotation
    }

    /// A spring animation: duration = `spring.animationDuration ?? spring.settlingDuration`.
    /// - Throws: `LayoutError` `.invalidArgument` for a negative or non-finite delay.
    public init(spring: Spring, delay: Double = 0, rotation: RotationInterpolation = .shortest) throws {
        try self.init(duration: spring.timingDuration, delay: delay, curve: .spring(spring), rotation: rotation)
    }

    /// `delay + duration`: the elapsed time at which the animation is at its end state.
    public var totalDuration: Double { delay + duration }

    /// The animation's progress `time` seconds after it was committed: 0 before `delay`
    /// (and for NaN), 1 from `totalDuration` on (and immediately at `delay` when `duration` is
    /// 0), the curve's value in between — for a spring, its value at `time − delay` seconds
    /// (may exceed 1 or, with a negative initial velocity, drop below 0).
    /// - Complexity: O(1).
    public func progress(atElapsed time: Double) -> Double {
        guard time >= delay else { return 0 }  // also NaN
        let local = time - delay
        guard local < duration else { return 1 }
        switch curve {
        case let .spring(s): return s.value(at: local)
        default: return curve.value(at: local / duration)
        }
    }

    /// Whether the animation has reached its end state at `time` (`time ≥ totalDuration`;
    /// false for NaN).
    public func isFinished(atElapsed time: Double) -> Bool { time >= totalDuration }
}
