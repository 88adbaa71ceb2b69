/// A track's start that is a default cell (`LayoutAttributes.cell`) but for its index path, frame
/// and a transform that is a turn (`Transform3D.turn(cos:sin:)`; the identity is the turn (1, +0)
/// bit for bit): 64 bytes where the record takes 288. Every start of an animated switch from a
/// flow and of an update on the circle is one (10^5 at 10^5 elements on screen): the set-up writes
/// 22 MB less, most of it into fresh pages (~2 µs a page fault; BENCHMARKS.md, onscreen30).
/// `TrackEnds` keeps its starts so until one is not such a cell.
struct LeanStart {
    var indexPath: IndexPath
    var origin: Point
    var size: Size
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
        p.pointee.transform = .turn(cos: cos, sin: sin)
    }

    /// The lean form of `*p` when it is a default cell (`template`'s values) but for its index
    /// path, frame and a transform that is a turn, read in place (bit for bit: `write` makes the
    /// same record again); nil otherwise. O(1): the fields compared, the turn tested
    /// (`Transform3D.turnParts`).
    @inline(__always)
    static func of(_ p: UnsafePointer<LayoutAttributes>, template t: UnsafePointer<LayoutAttributes>) -> LeanStart? {
        let a = p
        guard a.pointee.category == t.pointee.category, a.pointee.kind == t.pointee.kind,
            a.pointee.isHidden == t.pointee.isHidden, a.pointee.isDisappearing == t.pointee.isDisappearing,
            a.pointee.alpha.bitPattern == t.pointee.alpha.bitPattern, a.pointee.zIndex == t.pointee.zIndex,
            a.pointee.identifier == t.pointee.identifier, sameCustom(a, t),
            a.pointee.transform.m41.bitPattern | a.pointee.transform.m42.bitPattern == 0,
            let turn = a.pointee.transform.turnParts
        else { return nil }
        return LeanStart(
            indexPath: a.pointee.indexPath, origin: a.pointee.origin, size: a.pointee._size, cos: turn.cos,
            sin: turn.sin)
    }

    /// Whether the custom slots of `*a` and `*b` are the same bits (count and every slot).
    @inline(__always)
    private static func sameCustom(_ a: UnsafePointer<LayoutAttributes>, _ b: UnsafePointer<LayoutAttributes>) -> Bool {
        let x = a.pointee.custom, y = b.pointee.custom
        guard x.count == y.count else { return false }
        return (x.s0.bitPattern ^ y.s0.bitPattern) | (x.s1.bitPattern ^ y.s1.bitPattern)
            | (x.s2.bitPattern ^ y.s2.bitPattern) | (x.s3.bitPattern ^ y.s3.bitPattern)
            | (x.s4.bitPattern ^ y.s4.bitPattern) | (x.s5.bitPattern ^ y.s5.bitPattern)
            | (x.s6.bitPattern ^ y.s6.bitPattern) | (x.s7.bitPattern ^ y.s7.bitPattern) == 0
    }
}
