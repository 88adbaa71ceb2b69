/// A transition's track starts in place, as an animation frame reads them: lean (`LeanStart`, a
/// default cell but for its index path, frame and turn) or whole records, whichever `TrackEnds`
/// keeps (`TrackEnds.startsAreLean`). Valid while the table they come from is alive and unchanged.
/// Each read is O(1); a lean start's record is made only where a whole one is read (`record`).
struct TrackStarts {
    /// The whole records (when not `isLean`).
    let whole: UnsafePointer<LayoutAttributes>
    /// The lean starts (when `isLean`).
    let lean: UnsafePointer<LeanStart>
    let isLean: Bool
    /// The default cell a lean start stands for but its index path, frame and turn.
    let template: UnsafePointer<LayoutAttributes>
    let count: Int

    init(
        whole: UnsafePointer<LayoutAttributes>, lean: UnsafePointer<LeanStart>, isLean: Bool,
        template: UnsafePointer<LayoutAttributes>, count: Int
    ) {
        (self.whole, self.lean, self.isLean, self.template, self.count) = (whole, lean, isLean, template, count)
    }

    /// The reader of lean starts (valid when `isLean`).
    @inline(__always)
    var leanLooks: LeanStartLooks { LeanStartLooks(lean: lean) }

    /// The reader of whole starts (valid when not `isLean`).
    @inline(__always)
    var wholeLooks: WholeStartLooks { WholeStartLooks(whole: whole) }

    /// The frame, alpha, z-index and hidden at progress `t` from start `i` to an element of these
    /// (`StartLooks.look` of either kind: a loop over many starts asks `isLean` once instead).
    @inline(__always)
    func look(
        _ i: Int, toFrame bf: Rect, alpha: Double, zIndex: Int, isHidden: Bool, progress t: Double
    ) -> (frame: Rect, alpha: Double, zIndex: Int, isHidden: Bool) {
        // (Each way with its own arithmetic: one body fed from either run took a frame more
        // instructions a track.)
        if isLean {
            return leanLooks.look(i, toFrame: bf, alpha: alpha, zIndex: zIndex, isHidden: isHidden, progress: t)
        }
        return wholeLooks.look(i, toFrame: bf, alpha: alpha, zIndex: zIndex, isHidden: isHidden, progress: t)
    }

    /// How many custom slots start `i` carries.
    @inline(__always)
    func customCount(_ i: Int) -> Int { isLean ? 0 : whole[i].custom.count }

    /// Start `i`'s transform.
    @inline(__always)
    func transform(_ i: Int) -> Transform3D { isLean ? .turn(cos: lean[i].cos, sin: lean[i].sin) : whole[i].transform }

    /// What `LayoutAttributes.interpolatePlain(from: record(i), to: b, progress: t)` gives, without
    /// making the record.
    @inline(__always)
    func interpolatePlain(_ i: Int, to b: LayoutAttributes, progress t: Double) -> LayoutAttributes {
        LayoutAttributes.plain(
            look(i, toFrame: b.frame, alpha: b.alpha, zIndex: b.zIndex, isHidden: b.isHidden, progress: t), over: b)
    }

    /// Start `i` as a record.
    @inline(__always)
    func record(_ i: Int) -> LayoutAttributes {
        guard isLean else { return whole[i] }
        return withUnsafeTemporaryAllocation(of: LayoutAttributes.self, capacity: 1) { p in
            lean[i].write(over: template, into: p.baseAddress!)
            return p.baseAddress!.move()
        }
    }
}

/// Either kind, asked for each start (`look`, `customCount`): where one start is read, not a run.
extension TrackStarts: StartLooks {}
