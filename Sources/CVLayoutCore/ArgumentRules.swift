/// The rules for the values a caller hands the collection view, one function each, with the one
/// message every caller gets (a Swift caller, or a C caller through the export layer, which only
/// converts C types). The view's methods apply them before anything runs — no layout cycle,
/// nothing changed — so a bad argument fails the call and leaves the view as it was.

extension Double {
    /// A number argument (a time, an interpolation parameter): finite.
    /// - Throws: `.invalidArgument` "`what` must be finite".
    public func requireFinite(_ what: String) throws {
        guard isFinite else { throw LayoutError.invalid("\(what) must be finite") }
    }
}

extension Point {
    /// A point argument (an offset, a velocity, a hit-test point): both coordinates finite.
    /// - Throws: `.invalidArgument` "`what` (x, y) must be finite".
    public func requireFinite(_ what: String) throws {
        guard isFinite else { throw LayoutError.invalid("\(what) (\(x), \(y)) must be finite") }
    }
}

extension Rect {
    /// A rect argument: finite numbers.
    /// - Throws: `.invalidArgument` "`what` (x, y, width, height) must be finite".
    public func requireFinite(_ what: String) throws {
        guard isFinite else {
            throw LayoutError.invalid("\(what) (\(minX), \(minY), \(width), \(height)) must be finite")
        }
    }

    /// A query rect: finite (`requireFinite`) with a size that is not negative (a rect of zero
    /// width or height is valid and intersects nothing).
    /// - Throws: `.invalidArgument`, naming the rect as `what`.
    public func requireQueryRect(_ what: String) throws {
        try requireFinite(what)
        guard width >= 0, height >= 0 else {
            throw LayoutError.invalid("\(what) has a negative size \(width)x\(height)")
        }
    }
}

extension AnimationTiming {
    /// `progress(atElapsed:)` for a time a caller gives: it must be finite (the engine's own
    /// times are, and call `progress(atElapsed:)` directly).
    public func progress(atCallerElapsed time: Double) throws -> Double {
        try time.requireFinite("elapsed time")
        return progress(atElapsed: time)
    }
}

extension Transform3D {
    /// `interpolate(_:_:_:rotation:)` for a caller's arguments: `t` and both transforms finite.
    /// - Throws: `.invalidArgument` "t must be finite" or "transforms must be finite".
    public static func interpolate(
        checking a: Transform3D, _ b: Transform3D, _ t: Double, rotation: RotationInterpolation
    ) throws -> Transform3D {
        try t.requireFinite("t")
        guard a.isFinite, b.isFinite else { throw LayoutError.invalid("transforms must be finite") }
        return interpolate(a, b, t, rotation: rotation)
    }
}

extension IndexPath {
    /// An index path argument: neither component negative (whether it exists is the counts'
    /// business, `CollectionView.checkItem`).
    /// - Throws: `.outOfRange` "`what` (section, item) has a negative component".
    public func requireNonNegative(_ what: String = "index path") throws {
        guard section >= 0, item >= 0 else {
            throw LayoutError.outOfRange("\(what) (\(section), \(item)) has a negative component")
        }
    }
}
