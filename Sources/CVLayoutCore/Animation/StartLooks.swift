/// How an animation frame reads the track starts of one kind, lean (`LeanStartLooks`) or whole
/// records (`WholeStartLooks`): the frame's loops over elements ask `TrackStarts.isLean` once a
/// run and run a body specialized for that kind, with no test of the kind, and no load of
/// `TrackStarts`'s other fields, for each element (a frame that tested it an element took ~7
/// more instructions an element; BENCHMARKS.md, frame30).
protocol StartLooks {
    /// The frame, alpha, z-index and hidden at progress `t` from start `i` to an element of these
    /// (`LayoutAttributes.plainLook`). O(1).
    func look(
        _ i: Int, toFrame bf: Rect, alpha: Double, zIndex: Int, isHidden: Bool, progress t: Double
    ) -> (frame: Rect, alpha: Double, zIndex: Int, isHidden: Bool)

    /// How many custom slots start `i` carries. O(1).
    func customCount(_ i: Int) -> Int
}

/// Lean starts (`LeanStart`): a default cell but for its index path, frame, alpha and turn, so
/// z-index 0, not hidden and no custom slots (`LeanStart.of` keeps no other start lean):
/// constants, neither loaded nor, when the end's are constants too (a flow's cell), selected.
struct LeanStartLooks: StartLooks {
    let lean: UnsafePointer<LeanStart>

    @inline(__always)
    func look(
        _ i: Int, toFrame bf: Rect, alpha: Double, zIndex: Int, isHidden: Bool, progress t: Double
    ) -> (frame: Rect, alpha: Double, zIndex: Int, isHidden: Bool) {
        let l = lean + i
        return LayoutAttributes.plainLook(
            fromFrame: Rect(origin: l.pointee.origin, size: l.pointee.size), alpha: l.pointee.alpha, zIndex: 0,
            isHidden: false, toFrame: bf, alpha: alpha, zIndex: zIndex, isHidden: isHidden, progress: t)
    }

    @inline(__always)
    func customCount(_ i: Int) -> Int { 0 }
}

/// Starts as whole records.
struct WholeStartLooks: StartLooks {
    let whole: UnsafePointer<LayoutAttributes>

    @inline(__always)
    func look(
        _ i: Int, toFrame bf: Rect, alpha: Double, zIndex: Int, isHidden: Bool, progress t: Double
    ) -> (frame: Rect, alpha: Double, zIndex: Int, isHidden: Bool) {
        LayoutAttributes.plainLook(
            from: whole[i], toFrame: bf, alpha: alpha, zIndex: zIndex, isHidden: isHidden, progress: t)
    }

    @inline(__always)
    func customCount(_ i: Int) -> Int { whole[i].custom.count }
}
