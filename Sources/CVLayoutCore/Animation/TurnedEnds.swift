/// The planar parts of an animation track whose ends are turned cells: each end's transform is
/// exactly the identity or a turn (`Transform3D.turn(cos:sin:)`: the circle layout's cells, a
/// flow's plain cells), so a switch to the circle or an update on it (10^5 tracks at 10^5 items on
/// screen) makes them from the ends' cosines and sines instead of testing each matrix.
extension PlanarEnds {
    /// A cosine and sine whose turn (`Transform3D.turn(cos:sin:)`) is a transform bit for bit.
    typealias Turn = (cos: Double, sin: Double)

    /// The turn of `p`'s transform (`Transform3D.turnParts`), read in place, with a quick no for
    /// a transform that translates (a turn has no translation). nil: not a turn. O(1): 16 values
    /// compared.
    @inline(__always)
    static func turn(of p: UnsafePointer<LayoutAttributes>) -> Turn? {
        guard p.pointee.transform.m41.bitPattern | p.pointee.transform.m42.bitPattern == 0 else { return nil }
        return p.pointee.transform.turnParts
    }

    /// `turn(of: p)` of a record known to be a turned cell's: `Transform3D.turn(cos: c, sin: s)`
    /// as `TurnedRecords` writes it, for some `c` and `s`. When `m11` and `m12` are finite (exactly
    /// when `c` and `s` are) they are its turn without testing the matrix: they are `c` and `s`
    /// but for the sign of a zero, and `turn(cos: m11, sin: m12)` is the record's transform bit for
    /// bit (each entry works out the same for either sign of such a zero), which is what
    /// `turnParts` tests. Otherwise tested as `turn(of:)` does. O(1).
    @inline(__always)
    static func knownTurn(of p: UnsafePointer<LayoutAttributes>) -> Turn? {
        let c = p.pointee.transform.m11, s = p.pointee.transform.m12
        guard c.isFinite, s.isFinite else { return turn(of: p) }
        return (c, s)
    }

    /// The turn of the identity: `turnParts` of `Transform3D.identity`.
    static let identityTurn: Turn = (1, 0)

    /// Whether the transform whose turn (`turn(of:)`) is `t` is exactly the identity
    /// (`Transform3D.isExactlyIdentity`): exactly when `t` is (1, +0). The identity is the turn
    /// `(1, +0)` bit for bit, and `turnParts` gives its own `m11` and `m12`, so a turn of any other
    /// `t` has an `m11` or `m12` that is not the identity's. (Every transform that is exactly the
    /// identity is a turn: its test needs no other values.) O(1).
    @inline(__always)
    static func isIdentity(_ t: Turn) -> Bool {
        t.cos.bitPattern == (1.0).bitPattern && t.sin.bitPattern == 0
    }

    /// The planar parts of a track from the transform whose turn is `ta` to the one whose turn is
    /// `tb` (`turn(of:)`; `tb` not the identity's, `isIdentity`): bit for bit what `TrackTable`'s
    /// general shape makes of those transforms (`PlanarTransform(a)`, `PlanarTransform(b)`:
    /// `PlanarTransform(turnCos:sin:)` is the same, `.identity` for the identity). nil otherwise,
    /// and the general way answers: the two turns equal (`==`: the transforms are then equal), or
    /// a part that is not planar (a non-finite or degenerate cosine and sine).
    /// - Complexity: O(1): one planar part, or two in one pass (`PlanarTransform.turns`).
    @inline(__always)
    static func ofTurns(from ta: Turn, to tb: Turn) -> PlanarEnds? {
        if isIdentity(ta) {
            guard let pb = PlanarTransform(turnCos: tb.cos, sin: tb.sin) else { return nil }
            return PlanarEnds(from: .identity, to: pb)
        }
        // A turn that is not exactly the identity is not the identity, nor a translation (it would
        // be `turn(cos: 1, sin: 0)`, the identity bit for bit): the ends differ unless both are
        // turns by an equal (`==`) cosine and sine. Both ends' parts in one pass.
        guard ta.cos != tb.cos || ta.sin != tb.sin, let (pa, pb) = PlanarTransform.turns(ta, tb) else { return nil }
        return PlanarEnds(from: pa, to: pb)
    }
}
