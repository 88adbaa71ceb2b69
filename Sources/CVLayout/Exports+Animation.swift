import CCVLayout
import CVLayoutCore

// Timing, transform interpolation, the view's clock. See include/cvlayout.h.

/// Validates a `cvl_animation` and builds the core timing.
func coreTiming(_ a: cvl_animation) throws -> AnimationTiming {
    let known = UInt32(
        CVL_ANIMATION_ALLOWS_OVERDAMPING | CVL_ANIMATION_SPRING_FROM_DURATION | CVL_ANIMATION_ROTATION_CSS)
    guard a.flags & ~known == 0 else { throw LayoutError.invalid("animation.flags has unknown bits (\(a.flags))") }
    let rotation: RotationInterpolation = a.flags & UInt32(CVL_ANIMATION_ROTATION_CSS) != 0 ? .css : .shortest
    let overdamping = a.flags & UInt32(CVL_ANIMATION_ALLOWS_OVERDAMPING) != 0
    let fromDuration = a.flags & UInt32(CVL_ANIMATION_SPRING_FROM_DURATION) != 0
    if fromDuration && a.curve != CVL_CURVE_SPRING {
        throw LayoutError.invalid("CVL_ANIMATION_SPRING_FROM_DURATION needs curve CVL_CURVE_SPRING")
    }
    func timing(_ curve: TimingCurve) throws -> AnimationTiming {
        try AnimationTiming(duration: a.duration, delay: a.delay, curve: curve, rotation: rotation)
    }
    switch a.curve {
    case CVL_CURVE_LINEAR: return try timing(.linear)
    case CVL_CURVE_EASE_IN: return try timing(.easeIn)
    case CVL_CURVE_EASE_OUT: return try timing(.easeOut)
    case CVL_CURVE_EASE_IN_OUT: return try timing(.easeInOut)
    case CVL_CURVE_CUBIC_BEZIER:
        let b = a.bezier
        return try timing(try .cubicBezier(b.0, b.1, b.2, b.3))
    case CVL_CURVE_SPRING:
        let spring: Spring
        if fromDuration {
            guard a.spring_response == 0 else {
                throw LayoutError.invalid("spring_response must be 0 with CVL_ANIMATION_SPRING_FROM_DURATION")
            }
            spring = try Spring(
                duration: a.duration, dampingRatio: a.spring_damping_ratio,
                initialVelocity: a.spring_initial_velocity)
        } else if a.spring_response > 0 {
            spring = try Spring(
                dampingRatio: a.spring_damping_ratio, response: a.spring_response,
                initialVelocity: a.spring_initial_velocity, allowsOverdamping: overdamping)
        } else {
            spring = try Spring(
                mass: a.spring_mass, stiffness: a.spring_stiffness, damping: a.spring_damping,
                initialVelocity: a.spring_initial_velocity, allowsOverdamping: overdamping)
        }
        return try AnimationTiming(spring: spring, delay: a.delay, rotation: rotation)
    default:
        throw LayoutError.invalid("unknown timing curve \(a.curve)")
    }
}

/// The CVL_CURVE_* of a named core curve.
private func cCurve(_ c: TimingCurve) throws -> Int32 {
    switch c {
    case .linear: return Int32(CVL_CURVE_LINEAR)
    case .easeIn: return Int32(CVL_CURVE_EASE_IN)
    case .easeOut: return Int32(CVL_CURVE_EASE_OUT)
    case .easeInOut: return Int32(CVL_CURVE_EASE_IN_OUT)
    default: throw LayoutError(.internal, "the default curve has no CVL_CURVE_* name")
    }
}

func optionalTiming(_ p: UnsafePointer<cvl_animation>?) throws -> AnimationTiming? {
    guard let p else { return nil }
    return try coreTiming(p.pointee)
}

@_cdecl("cvl_animation_default")
public func cvl_animation_default_impl(_ out: UnsafeMutablePointer<cvl_animation>?) -> Int32 {
    guarded {
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        var a = cvl_animation()
        a.duration = AnimationTiming.defaultDuration
        a.curve = try cCurve(AnimationTiming.defaultCurve)
        if let p = AnimationTiming.defaultCurve.controlPoints { a.bezier = (p.x1, p.y1, p.x2, p.y2) }
        a.spring_damping_ratio = Spring.defaultDampingRatio
        a.spring_response = Spring.defaultResponse
        a.spring_mass = Spring.defaultMass
        a.spring_stiffness = Spring.defaultStiffness
        a.spring_damping = Spring.defaultDamping
        out.pointee = a
    }
}

@_cdecl("cvl_animation_total_duration")
public func cvl_animation_total_duration_impl(
    _ a: UnsafePointer<cvl_animation>?, _ out: UnsafeMutablePointer<Double>?
) -> Int32 {
    guarded {
        guard let a, let out else { throw LayoutError(.nullArgument, "animation or out_seconds is NULL") }
        out.pointee = try coreTiming(a.pointee).totalDuration
    }
}

@_cdecl("cvl_animation_progress")
public func cvl_animation_progress_impl(
    _ a: UnsafePointer<cvl_animation>?, _ elapsed: Double,
    _ out: UnsafeMutablePointer<Double>?
) -> Int32 {
    guarded {
        guard let a, let out else { throw LayoutError(.nullArgument, "animation or out_progress is NULL") }
        out.pointee = try coreTiming(a.pointee).progress(atCallerElapsed: elapsed)
    }
}

@_cdecl("cvl_transform3d_interpolate")
public func cvl_transform3d_interpolate_impl(
    _ from: UnsafePointer<cvl_transform3d>?, _ to: UnsafePointer<cvl_transform3d>?,
    _ t: Double, _ out: UnsafeMutablePointer<cvl_transform3d>?
) -> Int32 {
    cvl_transform3d_interpolate_rotation_impl(from, to, t, Int32(CVL_ROTATION_SHORTEST), out)
}

@_cdecl("cvl_transform3d_interpolate_rotation")
public func cvl_transform3d_interpolate_rotation_impl(
    _ from: UnsafePointer<cvl_transform3d>?, _ to: UnsafePointer<cvl_transform3d>?,
    _ t: Double, _ rotation: Int32,
    _ out: UnsafeMutablePointer<cvl_transform3d>?
) -> Int32 {
    guarded {
        guard let from, let to, let out else { throw LayoutError(.nullArgument, "from, to or out is NULL") }
        guard let mode = RotationInterpolation(rawValue: rotation) else {
            throw LayoutError.invalid("rotation must be CVL_ROTATION_SHORTEST or CVL_ROTATION_CSS (got \(rotation))")
        }
        out.pointee = try Transform3D.interpolate(checking: from.pointee.core, to.pointee.core, t, rotation: mode).c
    }
}

@_cdecl("cvl_view_set_time")
public func cvl_view_set_time_impl(_ view: OpaquePointer?, _ seconds: Double) -> Int32 {
    withView(view) { try $0.view.setTime(seconds) }
}

@_cdecl("cvl_view_get_time")
public func cvl_view_get_time_impl(_ view: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> Int32 {
    withView(view, nested: .callbacks) { box in
        guard let out else { throw LayoutError(.nullArgument, "out_seconds is NULL") }
        out.pointee = box.view.currentTime
    }
}

@_cdecl("cvl_view_is_animating")
public func cvl_view_is_animating_impl(_ view: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withView(view, nested: .callbacks) { box in
        guard let out else { throw LayoutError(.nullArgument, "out_animating is NULL") }
        out.pointee = box.view.isAnimating ? 1 : 0
    }
}

@_cdecl("cvl_view_finish_animations")
public func cvl_view_finish_animations_impl(_ view: OpaquePointer?) -> Int32 {
    withView(view) { try $0.view.finishAnimations() }
}

@_cdecl("cvl_view_set_layout")
public func cvl_view_set_layout_impl(
    _ view: OpaquePointer?, _ layout: OpaquePointer?, _ animation: UnsafePointer<cvl_animation>?
) -> Int32 {
    withView(view) { box in
        let lb = try lookupLayout(layout)
        let timing = try optionalTiming(animation)
        if lb === box.layoutBox { return }
        guard lb.viewBox == nil, lb.layout.collectionView == nil else {
            throw LayoutError.state("the layout is already attached to another view")
        }
        // Both layouts see this view (their callbacks get its environment) during the switch.
        lb.viewBox = box
        do {
            try box.view.setLayout(lb.layout, animation: timing)
        } catch {
            lb.viewBox = nil
            throw error
        }
        box.layoutBox.viewBox = nil
        box.layoutBox.releaseHookHandle()
        box.layoutBox = lb
    }
}

@_cdecl("cvl_view_begin_animated_changes")
public func cvl_view_begin_animated_changes_impl(
    _ view: OpaquePointer?, _ animation: UnsafePointer<cvl_animation>?
) -> Int32 {
    withView(view) { box in
        guard let animation else { throw LayoutError(.nullArgument, "animation is NULL") }
        let timing = try coreTiming(animation.pointee)
        try querying(box) { try box.view.beginAnimatedChanges(timing) }
    }
}

@_cdecl("cvl_view_commit_animated_changes")
public func cvl_view_commit_animated_changes_impl(_ view: OpaquePointer?) -> Int32 {
    withView(view) { box in try querying(box) { try box.view.commitAnimatedChanges() } }
}
