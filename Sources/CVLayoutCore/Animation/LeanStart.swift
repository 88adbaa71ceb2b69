/// A track's start that is a default cell (`LayoutAttributes.cell`) but for its index path, frame,
/// alpha and a transform that is a turn (`Transform3D.turn(cos:sin:)`; the identity is the turn
/// (1, +0) bit for bit): 72 bytes where the record takes 288 (the alpha: an inserted element's
/// crossfade starts at alpha 0). Every start of an animated switch from a
/// flow and of an update on the circle is one (10^5 at 10^5 elements on screen): the set-up writes
/// 22 MB less, most of it into fresh pages (~2 µs a page fault; BENCHMARKS.md, onscreen30).
/// `TrackEnds` keeps its starts so until one is not such a cell.
struct LeanStart {
    var indexPath: IndexPath
    var origin: Point
    var size: Size
    var alpha: Double
    var cos: Double, sin: Double

    /// The untransformed frame.
    @inline(__always)
    var frame: Rect { Rect(origin: origin, size: size) }

    /// The record this start stands for: `template` (a default cell, `LayoutAttributes.cell`) with
    /// this index path, frame and turn written into it. O(1).
    @inline(__always)
    func write(over template: UnsafePointer<LayoutAttributes>, into p: UnsafeMutablePointer<LayoutAttributes>) {
        p.initialize(to: template.pointee)
        p.pointee.indexPath = indexPath
        p.pointee.origin = origin
        p.pointee._size = size
        p.pointee.alpha = alpha
        p.pointee.transform = .turn(cos: cos, sin: sin)
    }

    /// The lean form of `*p` when it is a default cell (`LayoutAttributes.cell`: category, kind,
    /// hidden, disappearing, z-index, identifier and custom slots the default's, bit for bit) but for
    /// its index path, frame, alpha and a transform that is a turn, read in place (`write` over the
    /// default cell makes the same record again); nil otherwise. `turn`: the transform's turn
    /// (`Transform3D.turnParts`) when the caller has it (a track's shape works it out), else it is
    /// tested here. O(1).
    @inline(__always)
    static func of(_ p: UnsafePointer<LayoutAttributes>, turn known: PlanarEnds.Turn?) -> LeanStart? {
        let a = p
        let c = a.pointee.custom
        let customBits =
            c.s0.bitPattern | c.s1.bitPattern | c.s2.bitPattern | c.s3.bitPattern | c.s4.bitPattern
            | c.s5.bitPattern | c.s6.bitPattern | c.s7.bitPattern | UInt64(bitPattern: Int64(c.count))
        guard a.pointee.category == .cell, a.pointee.kind == .none, !a.pointee.isHidden,
            !a.pointee.isDisappearing, a.pointee.zIndex == 0, a.pointee.identifier == nil, customBits == 0,
            let turn = known ?? PlanarEnds.turn(of: p)
        else { return nil }
        return LeanStart(
            indexPath: a.pointee.indexPath, origin: a.pointee.origin, size: a.pointee._size, alpha: a.pointee.alpha,
            cos: turn.cos, sin: turn.sin)
    }
}
