/// The planar parts of an animation track whose ends are turned cells: each end's transform is
/// exactly the identity or a turn (`Transform3D.turn(cos:sin:)`: the circle layout's cells, a
/// flow's plain cells), so a switch to the circle or an update on it (10^5 tracks at 10^5 items on
/// screen) makes them from the ends' cosines and sines instead of testing each matrix.
extension PlanarEnds {
    /// The planar parts of a track from `a` to `b` and `b`'s turn (`Transform3D.turnParts`), when
    /// `b` is a turn and `a` is exactly the identity (`identityA`) or another turn (not equal to
    /// `b`): bit for bit what `TrackTable`'s general shape makes of them then (`PlanarTransform(a)`,
    /// `PlanarTransform(b)`: `PlanarTransform(turnCos:sin:)` is the same; `b.turnParts`). nil
    /// otherwise, and the general way answers: `b` not a turn, the two equal, or a part that is not
    /// planar (a non-finite or degenerate cosine and sine). `b` must not be exactly the identity
    /// (`isExactlyIdentity`: the caller knows; the general way makes nothing for such a track).
    /// - Complexity: O(1): one or two `turnParts` (16 values compared), one or two planar parts.
    @inline(__always)
    static func ofTurns(
        from a: UnsafePointer<LayoutAttributes>, identity identityA: Bool, to b: UnsafePointer<LayoutAttributes>
    ) -> (ends: PlanarEnds, endTurn: (cos: Double, sin: Double))? {
        // (A turn has no translation: a quick no for a track that moves by its transform.)
        guard b.pointee.transform.m41.bitPattern | b.pointee.transform.m42.bitPattern == 0,
            let tb = b.pointee.transform.turnParts, let pb = PlanarTransform(turnCos: tb.cos, sin: tb.sin)
        else { return nil }
        // A turn that is not exactly the identity is not the identity, nor a translation (it would
        // be `turn(cos: 1, sin: 0)`, the identity bit for bit): the ends differ unless both are
        // turns by an equal (`==`) cosine and sine.
        if identityA { return (PlanarEnds(from: .identity, to: pb), tb) }
        guard let ta = a.pointee.transform.turnParts, ta.cos != tb.cos || ta.sin != tb.sin,
            let pa = PlanarTransform(turnCos: ta.cos, sin: ta.sin)
        else { return nil }
        return (PlanarEnds(from: pa, to: pb), tb)
    }
}
