/// One running animation of a collection view: a set of element tracks (from → to attributes)
/// sampled along a timing curve at the host's clock.
///
/// Only the elements on screen before or after the change get a track (UIKit animates the
/// views it has, not the whole collection), so sampling a frame costs O(tracks + k) whatever
/// the number of items.
struct Transition {
    struct Track {
        var from: LayoutAttributes
        var to: LayoutAttributes
    }
    let timing: AnimationTiming
    let start: Double
    let discreteSlots: UInt8
    /// Elements present after the change, by their key after it.
    var tracks: TrackTable

    init(timing: AnimationTiming, start: Double, discreteSlots: UInt8) {
        self.timing = timing
        self.start = start
        self.discreteSlots = discreteSlots
        tracks = TrackTable(rotation: timing.rotation)
    }
    /// Elements on their way out (deleted, reloaded, or not in the new layout), each on the
    /// clock of the animation that removed it: a later animation carries them on unchanged, and
    /// each is retired when its own removal ends (or when this transition ends, if sooner).
    var disappearing: [Leaving] = []

    /// An element going away: its track, sampled along the timing of the animation that
    /// removed it from that animation's start (UIKit lets a removed view finish its own
    /// animation and then removes it; a later animation does not restart it).
    struct Leaving {
        var track: Track
        let timing: AnimationTiming
        let start: Double
        let discreteSlots: UInt8

        /// True once its own removal animation has ended: it is no longer on screen.
        func isFinished(at time: Double) -> Bool { timing.isFinished(atElapsed: time - start) }

        /// Its on-screen attributes at `time`, marked disappearing so the host can tell it from a
        /// present element that has (after the change) the same index path.
        func sample(at time: Double) -> LayoutAttributes {
            var s = LayoutAttributes.interpolate(
                from: track.from, to: track.to, progress: timing.progress(atElapsed: time - start),
                discreteCustomSlots: discreteSlots, rotation: timing.rotation)
            s.isDisappearing = true
            return s
        }

        func moved(by d: Point) -> Leaving {
            var m = self
            m.track = Track(from: track.from.moved(by: d), to: track.to.moved(by: d))
            return m
        }
    }

    /// Adds an element that goes away with this transition, from `from` to `to`.
    mutating func addDisappearing(from: LayoutAttributes, to: LayoutAttributes) {
        disappearing.append(
            Leaving(track: Track(from: from, to: to), timing: timing, start: start, discreteSlots: discreteSlots))
    }

    /// Drops the elements whose removal has ended at `time`. O(disappearing).
    mutating func retireDisappearing(at time: Double) {
        if disappearing.contains(where: { $0.isFinished(at: time) }) {
            disappearing.removeAll { $0.isFinished(at: time) }
        }
    }

    /// Where a track can be drawn, for skipping it cheaply in a frame whose rect it misses: its
    /// ends' centres and a reach. At progress p in [0, 1] `LayoutAttributes.interpolate` centres
    /// the element on the lerp of the ends' centres (the same formula as `meets`), sizes it between
    /// their sizes, and transforms it by one end's transform or by both ends' decompositions
    /// lerped (scale, skew, translation) with a unit rotation: a corner of its frame or of its
    /// drawn quad lies within `hw·|sx| + hh·|sy|·(1 + |skew_xy|) + max(|tx|, |ty|) + hw + hh` of
    /// the centre on each axis, with the ends' largest factors. nil when unknown (a transform with
    /// perspective, or one that cannot be decomposed): the track is always sampled.
    struct Sweep {
        let ax: Double, ay: Double, bx: Double, by: Double, reach: Double

        /// False only when the element cannot be drawn in `r` at progress `p` (p in [0, 1]).
        @inline(__always)
        func meets(_ r: Rect, at p: Double) -> Bool {
            let cx = (1 - p) * ax + p * bx, cy = (1 - p) * ay + p * by
            let pad = reach + (abs(cx) + abs(cy) + 1) * 1e-9
            let x0 = cx - pad, x1 = cx + pad, y0 = cy - pad, y1 = cy + pad
            // Unknown (true) unless all four are finite: their sum is then finite or, past the
            // largest double, infinite (true too: never wrong, only cautious).
            guard ((x0 + x1) + (y0 + y1)).isFinite else { return true }
            return x0 < r.maxX && r.minX < x1 && y0 < r.maxY && r.minY < y1
        }
    }

    /// The `Sweep` of `track`. O(1) (two decompositions unless both transforms are the identity).
    static func sweep(_ track: Track) -> Sweep? { sweep(from: track.from, to: track.to) }

    /// The `Sweep` of a track from `a` to `b`.
    static func sweep(from a: LayoutAttributes, to b: LayoutAttributes) -> Sweep? {
        sweep(
            from: a, to: b, a.transform.isIdentity ? nil : TransformDecomposition(a.transform),
            b.transform.isIdentity ? nil : TransformDecomposition(b.transform))
    }

    /// The `Sweep` of `track` given its ends' decompositions (`da`, `db`: those of a transform
    /// that is not the identity; ignored for one that is).
    static func sweep(_ track: Track, _ da: TransformDecomposition?, _ db: TransformDecomposition?) -> Sweep? {
        sweep(from: track.from, to: track.to, da, db)
    }

    /// The `Sweep` of a track from `a` to `b` given their decompositions (as above).
    static func sweep(
        from a: LayoutAttributes, to b: LayoutAttributes, _ da: TransformDecomposition?, _ db: TransformDecomposition?
    ) -> Sweep? {
        sweep(SweptEnds(a, b), a.transform, b.transform, da, db)
    }

    /// The `Sweep` of a track whose ends are `e` with the transforms `ta`, `tb` and their
    /// decompositions `da`, `db` (as above).
    static func sweep(
        _ e: SweptEnds, _ ta: Transform3D, _ tb: Transform3D, _ da: TransformDecomposition?,
        _ db: TransformDecomposition?
    ) -> Sweep? {
        func factors(_ m: Transform3D, _ d: TransformDecomposition?) -> (sx: Double, sy: Double, k: Double, t: Double)?
        {
            if m.isIdentity { return (1, 1, 0, 0) }
            guard let d, d.perspective.x == 0, d.perspective.y == 0, d.perspective.z == 0, d.perspective.w == 1
            else { return nil }
            let t = Swift.max(abs(d.translation.x), abs(d.translation.y))
            return (abs(d.scale.x), abs(d.scale.y), abs(d.skew.xy), t)
        }
        guard let fa = factors(ta, da), let fb = factors(tb, db) else { return nil }
        return sweep(e, fa, fb)
    }

    /// The `Sweep` of `track` given its ends' factors: |scale x|, |scale y|, |shear xy| and the
    /// larger |translation| of each end's decomposition (or of its `PlanarTransform`, which
    /// `Transform3D.interpolate` turns the same way: a unit rotation between scales, shears and
    /// translations lerped).
    @inline(__always)
    static func sweep(
        from a: LayoutAttributes, to b: LayoutAttributes, _ fa: (sx: Double, sy: Double, k: Double, t: Double),
        _ fb: (sx: Double, sy: Double, k: Double, t: Double)
    ) -> Sweep? {
        sweep(SweptEnds(a, b), fa, fb)
    }

    /// What `Sweep` needs of a track's ends besides their transforms: sizes and centres.
    struct SweptEnds {
        let sa: Size, sb: Size, ca: Point, cb: Point

        @inline(__always)
        init(sa: Size, sb: Size, ca: Point, cb: Point) { (self.sa, self.sb, self.ca, self.cb) = (sa, sb, ca, cb) }

        @inline(__always)
        init(_ a: LayoutAttributes, _ b: LayoutAttributes) { (sa, sb, ca, cb) = (a._size, b._size, a.center, b.center) }
    }

    /// The `Sweep` of a track whose ends are `e` with the factors `fa` and `fb` (as above).
    @inline(__always)
    static func sweep(
        _ e: SweptEnds, _ fa: (sx: Double, sy: Double, k: Double, t: Double),
        _ fb: (sx: Double, sy: Double, k: Double, t: Double)
    ) -> Sweep? {
        let sa = e.sa, sb = e.sb
        let hw = Swift.max(sa.width, sb.width) / 2, hh = Swift.max(sa.height, sb.height) / 2
        let sx = Swift.max(fa.sx, fb.sx, 1), sy = Swift.max(fa.sy, fb.sy, 1)
        let k = Swift.max(fa.k, fb.k), t = Swift.max(fa.t, fb.t)
        let reach = (hw * sx + hh * sy * (1 + k) + t + hw + hh) * (1 + 1e-6)
        let ca = e.ca, cb = e.cb
        guard reach.isFinite, ca.x.isFinite, ca.y.isFinite, cb.x.isFinite, cb.y.isFinite else { return nil }
        return Sweep(ax: ca.x, ay: ca.y, bx: cb.x, by: cb.y, reach: reach)
    }

    /// What a frame needs to know of a track besides its ends, worked out once when it is made.
    struct Shape {
        /// Where it can be drawn (nil: unknown).
        var sweep: Sweep?
        /// Its start, its end is plain (`LayoutAttributes.isPlain`): between two plain ends only
        /// frame, alpha, z-index and hidden change (`LayoutAttributes.interpolatePlain`).
        var fromPlain: Bool, toPlain: Bool
        /// Whether either end carries custom slots.
        var custom = false
        /// The position of what was made of its ends' transforms in `TrackTable.made` (-1: none:
        /// equal transforms, or two translations, need none).
        var made: Int32
    }

    func progress(at time: Double) -> Double { timing.progress(atElapsed: time - start) }
    func isFinished(at time: Double) -> Bool { timing.isFinished(atElapsed: time - start) }

    private func sample(_ t: Track, _ p: Double) -> LayoutAttributes {
        LayoutAttributes.interpolate(
            from: t.from, to: t.to, progress: p, discreteCustomSlots: discreteSlots,
            rotation: timing.rotation)
    }

    /// The on-screen attributes of the element `key` whose final attributes are `final`.
    func presentation(of key: ElementKey, final: LayoutAttributes, at time: Double) -> LayoutAttributes? {
        guard let track = tracks[key] else { return nil }
        var t = track
        t.to = final
        return sample(t, progress(at: time))
    }

    /// Replaces the final attributes `current` of the elements in `rect` by their on-screen
    /// attributes, and adds animating elements now inside `rect` (moving in, disappearing).
    /// - Complexity: O(k + tracks).
    func present(_ current: [LayoutAttributes], in rect: Rect, at time: Double) throws -> [LayoutAttributes] {
        let out = CollectingSink(counts: nil)
        let presenting = PresentingSink(self, in: rect, at: time, into: out)
        for a in current { try presenting.add(a) }
        try presenting.finish()
        return out.take()
    }

    /// The on-screen form of a rect query, streamed: each final element the layout hands the
    /// returned sink goes on to `inner` as it is on screen (interpolated when it animates, kept
    /// when it does not), and `finish()` adds the animating elements the layout did not hand
    /// over (moving in, disappearing). Nothing is collected: O(tracks) memory.
    consuming func presenting(in rect: Rect, at time: Double, into inner: ElementSink) -> PresentingSink {
        PresentingSink(self, in: rect, at: time, into: inner)
    }

    /// The track at `position` at progress `p`, ending at its stored end (`sample` through its
    /// shape: the plain path or the decompositions made with it; the same attributes).
    @inline(__always)
    func sampled(position i: Int, _ p: Double) -> LayoutAttributes {
        let shape = tracks.shapes[i]
        if shape.fromPlain && shape.toPlain {
            return tracks.withEnds { $0.interpolatePlain(i, to: $1[i], progress: p) }
        }
        let (slots, rotation) = (discreteSlots, timing.rotation)
        return tracks.withMadeEnds(shape) { d in
            tracks.withEnds { from, to in
                LayoutAttributes.interpolate(
                    from: from.record(i), to: to[i], progress: p, discreteCustomSlots: slots,
                    rotation: rotation, made: d)
            }
        }
    }

    /// The content under the animation moved by `d` (measured sizes above it, the offset
    /// following): every track moves with it (a present element's end is replaced by the
    /// layout's live answer when the layout hands it over; the stored one is used otherwise).
    /// O(tracks).
    mutating func moveContent(by d: Point) {
        var moved = TrackTable(rotation: tracks.rotation)
        for (i, k) in tracks.keys.enumerated() {
            let t = tracks[position: i]
            moved.set(k, from: t.from.moved(by: d), to: t.to.moved(by: d))
        }
        tracks = moved
        disappearing = disappearing.map { $0.moved(by: d) }
    }

    /// Every on-screen element of this transition at `time` (to start a new one from them): the
    /// present ones sampled, the disappearing ones still on their way out as they run (a new
    /// animation carries them on, on their own clock).
    func allPresented(at time: Double) -> (present: ElementTable, disappearing: [Leaving]) {
        let p = progress(at: time)
        var present = ElementTable(capacity: tracks.count)
        for i in 0..<tracks.count { present.set(sampled(position: i, p), for: tracks.keys[i]) }
        return (present, disappearing.filter { !$0.isFinished(at: time) })
    }
}

/// The default appear/disappear attributes: a crossfade (the element's own attributes at
/// alpha 0), as UIKit's and PSTCollectionView's base layout.
extension LayoutAttributes {
    var fadedOut: LayoutAttributes { var a = self; a.alpha = 0; return a }
}

/// A transition's tracks by element key, stored in insertion order so a frame can mark the
/// tracks it matched in a plain array (`position(of:)` is one probe of `KeyIndex`; nothing else
/// is hashed). The two ends of the tracks are kept in two runs (`TrackEnds`), each end copied
/// into its place once when a track is set (a 288-byte record; a track built first and then
/// appended to an array was copied five times).
struct TrackTable {
    private(set) var keys: [ElementKey] = []
    /// Each track's start and end, by position (shared by copies of the table until one changes).
    private var ends = TrackEnds()
    /// Each track's `Transition.Shape`, by position.
    private(set) var shapes: [Transition.Shape] = []
    /// What interpolating the transforms of the tracks that need it takes, made once
    /// (`Shape.made`): planar parts, or a pair of decompositions. A replaced or removed track's
    /// stay until the table goes: at most one per track ever set.
    /// Each with its end's turn (`Made.endTurn`): one array, one append a track.
    private(set) var made: [Made] = []
    /// What a track made (`slot`), and the cosine and sine whose turn (`Transform3D.turn(cos:sin:)`)
    /// is the track's end transform bit for bit, when it is one (NaN, NaN otherwise), so that a
    /// frame can tell from a turned cell's cosine and sine that it ends there without reading the
    /// end's transform (`endIsTurn(_:cos:sin:)`). (The turn first: after the slot, a frame's read
    /// of the slot took 4 instructions more.)
    struct Made {
        var endTurn: (cos: Double, sin: Double)
        var slot: MadeEndsSlot
    }
    private var positions = KeyIndex()
    /// The way the transition's rotations turn: each track's decompositions carry their arc for it.
    let rotation: RotationInterpolation
    /// How many tracks have an end that is not plain (`Shape.fromPlain`, `toPlain`).
    private(set) var notPlainCount = 0
    /// How many tracks have an end with custom slots (`Shape.custom`).
    private(set) var customCount = 0
    /// The tracks of the cells of one section (the first cell's set): how many, and bounds of their
    /// items (`countCells` answers from it when a range covers them). Kept in `ends`
    /// (`TrackEnds.cellSpan`): the table's value, which each frame copies into its sink, stays
    /// small enough to be copied inline.
    struct CellSpan {
        /// The section (-1: none yet).
        var section = -1
        /// How many tracks are of its cells (exact).
        var count = 0
        /// Every such track's item lies in `low...high` (bounds: removing a track keeps them).
        var low = Int.max, high = Int.min

        /// Counts a track of `key` set (`replaced`: in place of its own, already counted).
        @inline(__always)
        mutating func noteSet(_ key: ElementKey, replaced: Bool) {
            guard key.category == .cell, key.kind == .none else { return }
            if section < 0 { section = key.indexPath.section }
            guard key.indexPath.section == section else { return }
            if !replaced { count += 1 }
            low = Swift.min(low, key.indexPath.item)
            high = Swift.max(high, key.indexPath.item)
        }

        /// Uncounts the removed track of `key`.
        mutating func noteRemoved(_ key: ElementKey) {
            if key.category == .cell, key.kind == .none, key.indexPath.section == section { count -= 1 }
        }
    }
    /// At least the largest magnitude of a frame's numbers at either end of any track (a bound:
    /// it never shrinks when a track is replaced or removed; once past 1e300 it is no longer
    /// worked out).
    private(set) var largestCoordinate = 0.0

    init(rotation: RotationInterpolation = .shortest) { self.rotation = rotation }

    var count: Int { keys.count }

    /// Makes room for `n` tracks; the ends' runs are left as they are when they already hold room
    /// for `least` (≥ 1) tracks (runs reused by `reuseEnds`: more tracks than that grow them as
    /// they come).
    mutating func reserveCapacity(_ n: Int, least: Int? = nil) {
        copyEndsIfShared()
        keys.reserveCapacityInHugePages(n)
        if ends.capacity < Swift.max(least ?? n, 1) { ends.reserveCapacity(n) }
        shapes.reserveCapacityInHugePages(n)
        positions.reserveCapacity(n)
    }

    /// Keeps this empty table's track ends in `spare`'s storage (a finished table's runs,
    /// `endsIfUnique()`) instead of fresh memory when it holds room for at least `least` tracks and
    /// at most `most`, lets `spare` go otherwise (memory stays bounded by the tracks set up); then
    /// `adoptEnds(answer)`. At 10^5 tracks a run is 28.8 MB: written fresh, ~7,000 page faults a
    /// set-up. O(1).
    mutating func reuseEnds(_ spare: TrackEnds, adopting answer: [LayoutAttributes], least: Int, most: Int) {
        precondition(count == 0, "ends are reused before any track")
        if spare.capacity >= least, spare.capacity <= most, spare !== ends {
            spare.removeAll()
            ends = spare  // (the caller's reference to `spare` goes with this call: not copied)
        } else {
            copyEndsIfShared()
        }
        ends.adopt(ends: answer)
        ends.makeOwnEnds()
    }

    /// This table's track ends, for a later table to reuse (`reuseEnds`) once this one is dropped;
    /// nil when a copy of the table shares them. O(1).
    mutating func endsIfUnique() -> TrackEnds? {
        isKnownUniquelyReferenced(&ends) ? ends : nil
    }

    /// Lets the tracks about to be set end at `ends`' records in place, in order (the table is
    /// empty): a track set with its end read from `ends[i]` in `ends`' own storage (as
    /// `withUnsafeBufferPointer` gives it), `i` its position, keeps that record there instead of a
    /// copy (`TrackEnds.adopt(ends:)`); any other end copies the run first. The same tracks either
    /// way. O(1).
    mutating func adoptEnds(_ ends: [LayoutAttributes]) {
        precondition(count == 0, "ends are adopted before any track")
        copyEndsIfShared()
        self.ends.adopt(ends: ends)
    }

    /// Runs `body` with the planar parts or decompositions `shape` refers to (nil: none).
    @inline(__always)
    func withMadeEnds<R>(_ shape: Transition.Shape, _ body: (MadeEnds?) throws -> R) rethrows -> R {
        guard shape.made >= 0 else { return try body(nil) }
        return try made.withUnsafeBufferPointer { slots in
            switch slots[Int(shape.made)].slot {
            case .planar(let planar): return try body(.planar(planar))
            case .decomposed(let ends): return try withUnsafePointer(to: ends) { try body(.decomposed($0)) }
            }
        }
    }

    /// `body` of the planar parts `shape` refers to, read where they are stored (nil: it refers to
    /// none, or to decompositions).
    @inline(__always)
    func withPlanarEnds<R>(_ shape: Transition.Shape, _ body: (PlanarEnds) throws -> R) rethrows -> R? {
        guard shape.made >= 0 else { return nil }
        return try made.withUnsafeBufferPointer { slots in
            guard case .planar(let planar) = slots[Int(shape.made)].slot else { return nil }
            return try body(planar)
        }
    }

    /// Whether `Transform3D.turn(cos: c, sin: s)` is, bit for bit, the end transform of the track
    /// of shape `shape`, known without reading it: true when `c` and `s` are the end's turn's
    /// (`Made.endTurn`) bit for bit; false means unknown. O(1).
    @inline(__always)
    func endIsTurn(_ shape: Transition.Shape, cos c: Double, sin s: Double) -> Bool {
        guard shape.made >= 0 else { return false }
        return made.withUnsafeBufferPointer {
            let e = $0[Int(shape.made)].endTurn
            return (c.bitPattern ^ e.cos.bitPattern) | (s.bitPattern ^ e.sin.bitPattern) == 0 && !e.cos.isNaN
        }
    }

    /// The `Shape` of a track from `a` to `b`; what interpolating its transforms needs is made
    /// once and appended to `made`: the planar parts of two planar transforms
    /// (`PlanarTransform`), else the ends' decompositions (none for equal transforms or two
    /// translations). `reserve`: the room the first one makes. `plainStart`: `a` is known plain
    /// (`LayoutAttributes.isPlain`: a default cell's start), so it is not read. O(1): each
    /// transform that is not the identity taken apart once; ends that are turned cells
    /// (`PlanarEnds.ofTurns`) from their cosines and sines, with no matrix tests, each turn's
    /// identity test told by its cosine and sine.
    /// (The ends are read where they are, field by field: a record passed as a value is copied.)
    /// `startTurn`: set to the start's turn (`PlanarEnds.turn(of:)`) where it is worked out on the
    /// way (the turned ends' way, an identity start), for `TrackEnds.commitStart`. `startIsTurn`,
    /// `endIsTurn`: `*pa`, `*pb` is known to be a turned cell's record (`PlanarEnds.knownTurn(of:)`;
    /// a start moved, faded or given another index path keeps its transform).
    private static func shape(
        from pa: UnsafePointer<LayoutAttributes>, plainStart: Bool, to pb: UnsafePointer<LayoutAttributes>,
        startIsTurn: Bool, endIsTurn: Bool, made: inout [Made], reserve: Int,
        rotation: RotationInterpolation, startTurn: inout PlanarEnds.Turn?
    ) -> Transition.Shape {
        // The end's turn (nil: not a turn, nor the identity, which is one), then the start's.
        let turnB = endIsTurn ? PlanarEnds.knownTurn(of: pb) : PlanarEnds.turn(of: pb)
        guard let tb = turnB, !PlanarEnds.isIdentity(tb),
            let ta = plainStart
                ? PlanarEnds.identityTurn : startIsTurn ? PlanarEnds.knownTurn(of: pa) : PlanarEnds.turn(of: pa),
            let turned = PlanarEnds.ofTurns(from: ta, to: tb)
        else {
            return generalShape(
                from: pa, plainStart: plainStart, to: pb, endTurn: turnB, made: &made,
                reserve: reserve, rotation: rotation, startTurn: &startTurn)
        }
        startTurn = ta
        // Turned ends (a switch to the circle, an update on it): the planar parts from their
        // turns, the same as `generalShape` makes; the end is not the identity.
        let customA = plainStart ? 0 : pa.pointee.custom.count, customB = pb.pointee.custom.count
        let ends = Transition.SweptEnds(
            sa: pa.pointee._size, sb: pb.pointee._size, ca: pa.pointee.center, cb: pb.pointee.center)
        var shape = Transition.Shape(
            sweep: Transition.sweep(ends, turned.from.sweepFactors, turned.to.sweepFactors),
            fromPlain: customA == 0 && PlanarEnds.isIdentity(ta), toPlain: false,
            custom: customA != 0 || customB != 0, made: -1)
        shape.made = append(.planar(turned), endTurn: tb, to: &made, reserve: reserve)
        return shape
    }

    /// `shape` of ends that are not two turns with planar parts (`endTurn`: the end's
    /// `PlanarEnds.turn(of:)`): each transform tested for the identity, then what interpolating
    /// them needs made. (Not inlined: the turned tracks' way stays small.)
    @inline(never)
    private static func generalShape(
        from pa: UnsafePointer<LayoutAttributes>, plainStart: Bool, to pb: UnsafePointer<LayoutAttributes>,
        endTurn: PlanarEnds.Turn?, made: inout [Made], reserve: Int, rotation: RotationInterpolation,
        startTurn: inout PlanarEnds.Turn?
    ) -> Transition.Shape {
        let customA = plainStart ? 0 : pa.pointee.custom.count, customB = pb.pointee.custom.count
        let ends = Transition.SweptEnds(
            sa: pa.pointee._size, sb: pb.pointee._size, ca: pa.pointee.center, cb: pb.pointee.center)
        // Each transform tested once for the identity (an identity is a translation, and its
        // planar parts are the identity's).
        let identityA = plainStart || pa.pointee.transform.isExactlyIdentity
        let identityB = pb.pointee.transform.isExactlyIdentity
        if identityA { startTurn = PlanarEnds.identityTurn }
        // `LayoutAttributes.isPlain` of each end.
        var shape = Transition.Shape(
            sweep: nil, fromPlain: customA == 0 && identityA, toPlain: customB == 0 && identityB,
            custom: customA != 0 || customB != 0, made: -1)
        let ta = pa.pointee.transform, tb = pb.pointee.transform
        guard ta != tb, !((identityA || ta.isTranslationOnly) && (identityB || tb.isTranslationOnly)) else {
            // `Transition.sweep(from:to:)`.
            shape.sweep = Transition.sweep(
                ends, ta, tb, ta.isIdentity ? nil : TransformDecomposition(ta),
                tb.isIdentity ? nil : TransformDecomposition(tb))
            return shape
        }
        let slot: MadeEndsSlot
        if let pa = PlanarTransform(ta, isIdentity: identityA), let pb = PlanarTransform(tb, isIdentity: identityB) {
            shape.sweep = Transition.sweep(ends, pa.sweepFactors, pb.sweepFactors)
            slot = .planar(PlanarEnds(from: pa, to: pb))
        } else {
            let e = DecomposedEnds(ta, tb, rotation: rotation)
            shape.sweep = Transition.sweep(
                ends, ta, tb, ta.isIdentity ? nil : (e.isValid ? e.from : TransformDecomposition(ta)),
                tb.isIdentity ? nil : (e.isValid ? e.to : TransformDecomposition(tb)))
            slot = .decomposed(e)
        }
        shape.made = append(slot, endTurn: endTurn ?? (.nan, .nan), to: &made, reserve: reserve)
        return shape
    }

    /// Appends what a track made (`slot`) with its end's turn to `made`; returns its position.
    /// The first one sizes `made` for as many as the tracks reserved (`reserve`: a layout that
    /// turns its items needs one a track; 10^5 of them grew it 17 times).
    @inline(__always)
    private static func append(
        _ slot: MadeEndsSlot, endTurn: PlanarEnds.Turn, to made: inout [Made], reserve: Int
    ) -> Int32 {
        if made.isEmpty { made.reserveCapacityInHugePages(reserve) }
        let position = Int32(truncatingIfNeeded: made.count)
        made.append(Made(endTurn: endTurn, slot: slot))
        return position
    }

    /// How many tracks are of cells of `section` with an item in `items` (sorted, disjoint
    /// ranges). O(ranges) when `section` is the one `cellSpan` counts and a range covers its items
    /// (a layout that puts every item on screen asks so at each frame), else O(tracks · ranges).
    func countCells(of section: Int, in items: [Range<Int>]) -> Int {
        let span = ends.cellSpan
        if section == span.section, span.count == 0 || items.contains(where: { $0 ~= span.low && $0 ~= span.high }) {
            return span.count
        }
        return keys.withUnsafeBufferPointer { keys in
            var n = 0
            for k in keys where k.category == .cell && k.kind == .none && k.indexPath.section == section {
                let item = k.indexPath.item
                for r in items where r.contains(item) {
                    n += 1
                    break
                }
            }
            return n
        }
    }

    /// Whether the track at `position` (any integer) is `key`'s. O(1).
    @inline(__always)
    func key(at position: Int, is key: ElementKey) -> Bool {
        keys.withUnsafeBufferPointer { position >= 0 && position < $0.count && $0[position] == key }
    }

    /// The position of `key`'s track in `keys`. O(1).
    @inline(__always)
    func position(of key: ElementKey) -> Int? { positions[key] }

    subscript(position i: Int) -> Transition.Track {
        precondition(i >= 0 && i < count, "track position out of range")
        return Transition.Track(from: ends.starts.record(i), to: ends.to[i])
    }

    /// The tracks' starts (lean or whole: `TrackStarts`) and ends in place, valid while this table
    /// (or a copy sharing them) is alive and unchanged: a frame's sink, which holds the transition,
    /// reads them through these.
    var endsInPlace: (from: TrackStarts, to: UnsafeBufferPointer<LayoutAttributes>) {
        (ends.starts, UnsafeBufferPointer(start: ends.to, count: count))
    }

    /// The tracks' starts and ends in place, by position (no copy of a track: an animation frame
    /// reads each one once).
    @inline(__always)
    func withEnds<R>(
        _ body: (_ from: TrackStarts, _ to: UnsafeBufferPointer<LayoutAttributes>) throws -> R
    ) rethrows -> R {
        try body(ends.starts, UnsafeBufferPointer(start: ends.to, count: count))
    }

    /// Sets the track of `key` (as the subscript does) without building an optional track.
    mutating func set(_ key: ElementKey, from: LayoutAttributes, to: LayoutAttributes) {
        withUnsafePointer(to: from) { f in
            withUnsafePointer(to: to) { t in set(key, fromAt: f, movedBy: nil, indexPath: nil, fadedOut: false, toAt: t)
            }
        }
    }

    /// Sets the track of `key` from `*from` moved by `shift` (when given: as `moved(by:)`), with the
    /// index path `indexPath` (when given) and alpha 0 when `fadedOut` (as `fadedOut`), to `*to`:
    /// each end copied once, straight into its place, the start then changed there; while the
    /// starts are lean an unmoved start is read where it is instead and stored lean with its
    /// changes (`TrackEnds.commitStart(_:copying:…)`) (neither pointer may point into this
    /// table). `startIsTurn`, `endIsTurn`: the caller knows `*from`, `*to` to be a turned cell's
    /// record (from a layout's answer whose every element came as a turned cell:
    /// `CollectingSink.holdsOnlyTurnedCells`), so its turn is read without testing its matrix
    /// (`PlanarEnds.knownTurn(of:)`). O(1) amortized.
    /// (Not inlined: one body for every caller; inlined into a set-up's loop it made the loop's
    /// code worse.)
    @inline(never)
    mutating func set(
        _ key: ElementKey, fromAt from: UnsafePointer<LayoutAttributes>, movedBy shift: Point? = nil,
        indexPath: IndexPath? = nil, fadedOut: Bool = false, toAt to: UnsafePointer<LayoutAttributes>,
        startIsTurn: Bool = false, endIsTurn: Bool = false
    ) {
        // While the starts are lean an unmoved start is read where it is (its shape, then stored
        // lean when it is such a cell): no copy into the scratch record first. (Its index path and
        // alpha, the only fields set here then, are not read by its shape.) One `place` for both
        // ways: two made the compiler leave it a call.
        let readInPlace = shift == nil && ends.startsAreLean
        let (i, replaced) = place(key) { ends, p in
            if readInPlace {
                ends.replacePendingStart(p, to: to)
            } else {
                ends.replace(p, from: from, to: to)
            }
        } append: { ends in
            if readInPlace {
                ends.appendPendingStart(to: to)
            } else {
                ends.append(from: from, to: to)
            }
        }
        if readInPlace {
            let t = ends.to + i
            var startTurn: PlanarEnds.Turn?
            let s = Self.shape(
                from: from, plainStart: false, to: t, startIsTurn: startIsTurn, endIsTurn: endIsTurn, made: &made,
                reserve: keys.capacity, rotation: rotation, startTurn: &startTurn)
            if replaced { shapes[i] = s } else { shapes.append(s) }
            note(s, from: from.pointee.frame, to: t.pointee.frame)
            ends.commitStart(i, copying: from, indexPath: indexPath, fadedOut: fadedOut, turn: startTurn)
            return
        }
        finishSet(
            at: i, replaced: replaced, movedBy: shift, indexPath: indexPath, fadedOut: fadedOut,
            startIsTurn: startIsTurn, endIsTurn: endIsTurn)
    }

    /// Sets the track of the cell `key` from the default cell with `frame` (`LayoutAttributes.cell`
    /// of `key`'s index path: what a flow layout answers for an item) moved by `shift` (when given)
    /// to `*to`: the start made in its place, no record built on the way (an animated switch away
    /// from a flow starts every element that was not on screen so: 10^5 of them).
    /// The same track as `set(key, from: .cell(key.indexPath, frame: frame).moved(by: shift), to:)`
    /// (`endIsTurn` as there).
    @inline(never)
    mutating func set(
        _ key: ElementKey, cellFrame frame: Rect, movedBy shift: Point?, toAt to: UnsafePointer<LayoutAttributes>,
        endIsTurn: Bool = false
    ) {
        let (i, replaced) = place(key) { ends, p in
            ends.replaceCell(p, key.indexPath, frame: frame, to: to)
        } append: { ends in
            ends.appendCell(key.indexPath, frame: frame, to: to)
        }
        finishSet(
            at: i, replaced: replaced, movedBy: shift, indexPath: nil, fadedOut: false,
            plainStart: ends.cellTemplateIsPlain, endIsTurn: endIsTurn)
    }

    /// The common start of the `set` functions: the position of `key`'s track, an existing one's
    /// ends rewritten by `replace` (its old shape forgotten) or a new one's appended by `append`,
    /// and the cells' span told. Returns the position and whether a track was replaced.
    @inline(__always)
    private mutating func place(
        _ key: ElementKey, replace: (inout TrackEnds, Int) -> Void, append: (inout TrackEnds) -> Void
    ) -> (Int, Bool) {
        copyEndsIfShared()
        let replaced = positions.insertIfAbsent(key, keys.count)
        ends.cellSpan.noteSet(key, replaced: replaced != nil)
        if let p = replaced {
            forget(shapes[p])
            replace(&ends, p)
            return (p, true)
        }
        keys.append(key)
        append(&ends)
        return (keys.count - 1, false)
    }

    /// The common end of the `set` functions: track `i`'s ends are in place; changes its start as
    /// asked, then works out and stores its shape (`plainStart`: the start is known plain, see
    /// `shape`).
    @inline(__always)
    private mutating func finishSet(
        at i: Int, replaced: Bool, movedBy shift: Point?, indexPath: IndexPath?, fadedOut: Bool,
        plainStart: Bool = false, startIsTurn: Bool = false, endIsTurn: Bool = false
    ) {
        let f = ends.startSlot(i), t = ends.to + i
        if let shift {
            f.pointee.origin.x += shift.x
            f.pointee.origin.y += shift.y
        }
        if let indexPath { f.pointee.indexPath = indexPath }
        if fadedOut { f.pointee.alpha = 0 }
        var startTurn: PlanarEnds.Turn?
        let s = Self.shape(
            from: f, plainStart: plainStart, to: t, startIsTurn: startIsTurn, endIsTurn: endIsTurn, made: &made,
            reserve: keys.capacity, rotation: rotation, startTurn: &startTurn)
        if replaced { shapes[i] = s } else { shapes.append(s) }
        note(s, from: f.pointee.frame, to: t.pointee.frame)
        ends.commitStart(i, turn: startTurn)
    }

    /// Gives this table its own ends before it changes them (a copy of the table shares them).
    @inline(__always)
    private mutating func copyEndsIfShared() {
        if !isKnownUniquelyReferenced(&ends) { ends = ends.copy() }
    }

    /// Counts a track of shape `s` from frame `fa` to frame `fb` in `notPlainCount`, `customCount`
    /// and `largestCoordinate`.
    @inline(__always)
    private mutating func note(_ s: Transition.Shape, from fa: Rect, to fb: Rect) {
        if !(s.fromPlain && s.toPlain) { notPlainCount += 1 }
        if s.custom { customCount += 1 }
        guard largestCoordinate <= 1e300 else { return }
        // Each value taken when it is larger (`v > m ? v : m`: one `maxsd`; `Swift.max`'s `>=`,
        // which takes an equal value, cost five instructions a value): a NaN is skipped as
        // `Swift.max` skips it, and the bound is the same number (an equal −0 and +0 aside).
        @inline(__always) func larger(_ m: Double, _ v: Double) -> Double { v > m ? v : m }
        var m = larger(larger(largestCoordinate, abs(fa.origin.x)), abs(fa.origin.y))
        m = larger(larger(m, fa.size.width), fa.size.height)
        m = larger(larger(m, abs(fb.origin.x)), abs(fb.origin.y))
        largestCoordinate = larger(larger(m, fb.size.width), fb.size.height)
    }

    /// Uncounts a track of shape `s` (replaced or removed) from `notPlainCount` and `customCount`.
    private mutating func forget(_ s: Transition.Shape) {
        if !(s.fromPlain && s.toPlain) { notPlainCount -= 1 }
        if s.custom { customCount -= 1 }
    }

    /// The track of `key`; setting replaces it (or appends a new one). O(1) amortized.
    subscript(key: ElementKey) -> Transition.Track? {
        get { positions[key].map { self[position: $0] } }
        set {
            if let newValue {
                set(key, from: newValue.from, to: newValue.to)
            } else if let i = positions[key] {  // swap-remove, keeping positions right
                copyEndsIfShared()
                forget(shapes[i])
                ends.cellSpan.noteRemoved(key)
                let last = keys.count - 1
                if i != last {
                    keys[i] = keys[last]
                    ends.moveLast(to: i)
                    shapes[i] = shapes[last]
                    positions.set(keys[i], i)
                }
                keys.removeLast()
                ends.removeLast()
                shapes.removeLast()
                positions.set(key, nil)
            }
        }
    }
}

/// See `Transition.presenting(in:at:into:)`.
final class PresentingSink: ElementSink {
    private let transition: Transition
    private let progress: Double
    private let time: Double
    private let rect: Rect
    private let inner: ElementSink
    /// The tracks a final element matched, by position: one hash per element, no set. Owned by
    /// the sink (allocated with it, freed in `deinit`): marking a track is one store, with no
    /// uniqueness check of an array.
    private let matched: UnsafeMutableBufferPointer<Bool>
    /// Between its ends (no spring overshoot) a track is drawn inside its swept bound.
    private let swept: Bool
    /// The position of the track after the last one a final element matched (`store`).
    private var hint = 0
    /// The tracks' starts and ends in place (`TrackTable.endsInPlace`: the sink holds the
    /// transition, which does not change while it lives).
    private let starts: TrackStarts
    private let finals: UnsafeBufferPointer<LayoutAttributes>

    /// Runs `body` with the tracks' starts and ends.
    @inline(__always)
    private func withEnds<R>(
        _ body: (_ from: TrackStarts, _ to: UnsafeBufferPointer<LayoutAttributes>) throws -> R
    ) rethrows -> R {
        try body(starts, finals)
    }
    /// Whether nothing this sink hands on can fail the check `inner` makes, so that `inner` may
    /// be told a bound of what it gets (`expect(atMost:)`: the C query's sink then writes straight
    /// into the caller's buffer, which an error after the first write would break). True when
    /// every track has two plain ends (frames, alpha, z-index and hidden interpolated:
    /// `plainLook`, `interpolatePlain`; sizes clamped at 0), every number of their frames is at
    /// most 1e300 in magnitude and |progress| at most 1e6 (no sum or product of the interpolation
    /// can overflow), and so are the leaving elements' (`leavingAreBounded`), so that every
    /// element is valid. A cell's index path exists: the flow's are checked against the counts,
    /// a track's was made for them (the counts never change while a transition runs:
    /// `reloadData`, `reloadCounts` and a batch update replace or end it).
    private let handsOnOnlyValid: Bool
    /// Whether nothing this sink hands on can fail when the layout's elements carry no custom
    /// slots and their frames' numbers are at most 1e300 in magnitude (`expect(atMost:framesWithin:)`):
    /// as `handsOnOnlyValid` but for tracks that turn (no end with custom slots; a transform's way
    /// is finite or one of its ends, `Transform3D.interpolate`).
    private let handsOnOnlyValidWhenBounded: Bool

    /// The progress a planar way is taken at (`LayoutAttributes.sanitizedProgress`), and whether
    /// it lies between the ends (neither 0 nor 1): worked out once a frame.
    private let wayProgress: Double
    private let wayBetween: Bool

    fileprivate init(_ transition: consuming Transition, in rect: Rect, at time: Double, into inner: ElementSink) {
        progress = transition.progress(at: time)
        wayProgress = LayoutAttributes.sanitizedProgress(progress)
        wayBetween = wayProgress != 0 && wayProgress != 1
        swept = progress >= 0 && progress <= 1
        let bounded =
            transition.tracks.largestCoordinate <= 1e300 && abs(progress) <= 1e6
            && Self.leavingAreBounded(transition.disappearing, at: time)
        handsOnOnlyValid = bounded && transition.tracks.notPlainCount == 0
        handsOnOnlyValidWhenBounded = bounded && transition.tracks.customCount == 0
        self.time = time
        self.rect = rect
        self.inner = inner
        matched = .allocate(capacity: transition.tracks.count)
        matched.initialize(repeating: false)
        (starts, finals) = transition.tracks.endsInPlace
        // Last: the transition moves into the sink (a frame copies none of its tables).
        self.transition = transition
        super.init(counts: inner.counts)
        limit = inner.limit
    }

    /// Whether every look this sink works out is valid (a layout told that its frames' numbers are
    /// small enough and nothing else can overflow: `expect(cellsOf:items:framesWithin:)`), so that
    /// `inner` need not check them (`ElementSink.cellLooks(section:_:valid:)`).
    private var looksAreValid = false

    /// Where the looks of a run of turned cells gather before they are handed on (made at the
    /// first run; `storeTurnedCells`).
    private var lookStorage: UnsafeMutableBufferPointer<CellLook>?
    private var lookRun: UnsafeMutableBufferPointer<CellLook> {
        if let lookStorage { return lookStorage }
        let made = UnsafeMutableBufferPointer<CellLook>.allocate(capacity: 128)
        made.initialize(
            repeating: CellLook(item: 0, frame: .zero, transform: .identity, alpha: 0, zIndex: 0, isHidden: false))
        lookStorage = made
        return made
    }

    deinit {
        matched.deallocate()
        lookStorage?.deallocate()
    }

    override func limitWasReached() {
        super.limitWasReached()
        inner.limitWasReached()
    }

    /// Whether every leaving element that has not finished at `time` has ends without custom
    /// slots, every number of their frames at most 1e300 in magnitude and |progress| at most 1e6 on
    /// its own clock: its sample is then valid (`Leaving.sample`). O(leaving).
    private static func leavingAreBounded(_ leaving: [Transition.Leaving], at time: Double) -> Bool {
        @inline(__always) func bounded(_ a: LayoutAttributes) -> Bool {
            let f = a.frame
            return a.custom.count == 0
                && Swift.max(abs(f.origin.x), abs(f.origin.y), f.size.width, f.size.height) <= 1e300
        }
        for l in leaving where !l.isFinished(at: time) {
            guard abs(l.timing.progress(atElapsed: time - l.start)) <= 1e6, bounded(l.track.from), bounded(l.track.to)
            else { return false }
        }
        return true
    }

    override var wantsBound: Bool { (handsOnOnlyValid || handsOnOnlyValidWhenBounded) && inner.wantsBound }

    /// The most elements `finish` adds: every track unmatched, every leaving element.
    private var mostAdded: Int { transition.tracks.count + transition.disappearing.count }

    /// Tells `inner` the bound of what this sink hands on: the layout's `n` elements, each handed
    /// on at most once, and what `finish` adds (`mostAdded`), when every element is valid
    /// (`handsOnOnlyValid`).
    override func expect(atMost n: Int) {
        guard handsOnOnlyValid else { return }
        let (bound, overflow) = n.addingReportingOverflow(mostAdded)
        if !overflow {
            inner.expect(atMost: bound)
            tellLast()
        }
    }

    /// The leaving elements drawn in this frame (`finish` adds them last, in this order), worked
    /// out once: at the bound when `inner` is told one, else in `finish`.
    private var lastElements: [LayoutAttributes]?

    private func leavingShown() -> [LayoutAttributes] {
        if let lastElements { return lastElements }
        var shown: [LayoutAttributes] = []
        for leaving in transition.disappearing where !leaving.isFinished(at: time) {
            let s = leaving.sample(at: time)
            if isShown(s) { shown.append(s) }
        }
        lastElements = shown
        return shown
    }

    /// Tells `inner` the leaving elements drawn (`ElementSink.expectLast`), after a bound.
    private func tellLast() {
        guard !transition.disappearing.isEmpty else { return }
        let shown = leavingShown()
        if !shown.isEmpty { inner.expectLast(shown) }
    }

    /// `expect(atMost:)` for a layout that hands over only cells of `section` with items in
    /// `items`, with no custom slots and frames' numbers at most `magnitude`, when every element
    /// is valid (`handsOnOnlyValid`, or `handsOnOnlyValidWhenBounded` with `magnitude` ≤ 1e300).
    /// When the loose bound (the items and `mostAdded`) is too large for `inner`, the tracks of
    /// those items are counted once: `finish` adds a track only when the layout handed its element
    /// over not, so at most the items, the other tracks and the leaving elements are handed on.
    /// O(1), or O(tracks) for the count.
    override func expect(cellsOf section: Int, items: [Range<Int>], framesWithin magnitude: Double) {
        guard handsOnOnlyValid || (handsOnOnlyValidWhenBounded && magnitude <= 1e300) else { return }
        looksAreValid = magnitude <= 1e300
        let n = items.reduce(0) { $0 + $1.count }
        var added = mostAdded
        if n > inner.largestUsefulBound - added { added -= transition.tracks.countCells(of: section, in: items) }
        let (bound, overflow) = n.addingReportingOverflow(added)
        if !overflow {
            inner.expect(atMost: bound)
            tellLast()
        }
    }

    /// Passes `s` on when it is drawn in the rect: an untransformed element by its frame (its
    /// drawn bounds), a transformed one by its drawn bounds or its frame.
    @inline(__always)
    private func offer(_ s: LayoutAttributes) throws {
        if isShown(s) { try inner.add(s) }
    }

    /// Whether `s` is drawn in the rect (`offer`'s test).
    @inline(__always)
    private func isShown(_ s: LayoutAttributes) -> Bool {
        // The frame first: when it meets the rect the drawn bounds need not be worked out.
        s.frame.intersects(rect) || (!s.transform.isIdentity && s.drawnBounds.intersects(rect))
    }

    /// Track `i` at this frame's progress, ending at `final` (the layout's live answer), read in
    /// place: one interpolation, no copy of the track (the plain path when both ends are plain,
    /// the decompositions made with the track when `final` has the stored end's transform).
    /// When neither end carries custom slots and the transforms are plain or turn in the plane,
    /// only what changes is worked out (`presentParts`) and handed on as parts
    /// (`ElementSink.element(like:…)`): no record is built.
    @inline(__always)
    private func offerTrack(_ i: Int, final: LayoutAttributes) throws {
        matched[i] = true
        var l = CellLook(item: 0, frame: .zero, transform: .identity, alpha: 0, zIndex: 0, isHidden: false)
        switch presentParts(
            i, frame: final.frame, transform: final.transform, alpha: final.alpha, zIndex: final.zIndex,
            isHidden: final.isHidden, customFree: final.custom.count == 0, into: &l, starts: starts)
        {
        case .hidden: return
        case .shown:
            try inner.element(
                like: final, frame: l.frame, transform: l.transform, alpha: l.alpha, zIndex: l.zIndex,
                isHidden: l.isHidden)
        case .general: try offerGeneral(i, final: final)
        }
    }

    /// What `presentParts` makes of a track in this frame.
    private enum Parts {
        /// Not drawn in the rect.
        case hidden
        /// Drawn, with the look written (but its item).
        case shown
        /// Not worked out: the general way (`offerGeneral`).
        case general
    }

    /// `PlanarEnds.interpolate` of track `i` (of shape `shape`, whose planar parts it reads
    /// again: the frame's loop keeps no copy of them for this call) at the ends and where the way
    /// is not finite (rare: kept out of the frame's loop).
    @inline(never)
    private func planarEnd(_ shape: Transition.Shape, _ i: Int) -> Transform3D {
        let (t, rotation) = (wayProgress, transition.timing.rotation)
        return withEnds { from, to in
            transition.tracks.withPlanarEnds(shape) { planar in
                planar.interpolate(from.transform(i), to[i].transform, t, rotation: rotation)
            }!
        }
    }

    /// Whether an element of `frame` and `transform` that is not the identity is drawn in `rect`
    /// (`isShown`'s second test; kept out of the frame's loop, which reaches it only when the frame
    /// misses the rect).
    @inline(never)
    private static func drawnMeets(_ frame: Rect, _ transform: Transform3D, _ rect: Rect) -> Bool {
        !transform.isIdentity && LayoutAttributes.drawnBounds(frame: frame, transform: transform).intersects(rect)
    }

    /// Track `i` at this frame's progress, ending at the layout's live answer given as its frame,
    /// transform, alpha, z-index and hidden (`customFree`: it has no custom slots), read in place.
    /// When the track ends where its bound was computed (the live answer has the stored end's
    /// frame and transform, bit for bit) and the bound misses the rect, nothing is interpolated:
    /// it is not drawn in the rect at this frame. When neither end carries custom slots and the
    /// transforms are plain or turn in the plane (`PlanarEnds`), only what changes is worked out
    /// (`LayoutAttributes.plainLook`, `Transform3D.interpolate`: `interpolate`'s arithmetic) and
    /// tested against the rect (`.shown`: the look written into `l`, its item left as it is).
    /// `.general` otherwise: nothing done. `turn`: the cosine and sine `m` is the turn of
    /// (`Transform3D.turn(cos:sin:)`), when the caller has them: when they are the stored end's
    /// (`TrackTable.endIsTurn(_:cos:sin:)`), `m` is its transform and that is not read. `from`:
    /// the starts, read as their kind (`StartLooks`: a loop asks the kind once).
    @inline(__always)
    private func presentParts<Starts: StartLooks>(
        _ i: Int, frame final: Rect, transform m: @autoclosure () -> Transform3D,
        turn: (cos: Double, sin: Double)? = nil,
        alpha: Double, zIndex: Int, isHidden: Bool, customFree: Bool, into l: UnsafeMutablePointer<CellLook>,
        starts from: Starts
    ) -> Parts {
        let p = progress
        let shape = transition.tracks.shapes[i]
        return withEnds { _, to in
            // Whether `m` is the stored end's transform (bit for bit), read only when the turn does
            // not tell.
            @inline(__always) func same() -> Bool {
                if let turn, transition.tracks.endIsTurn(shape, cos: turn.cos, sin: turn.sin) { return true }
                return to[i].transform.isBitwiseEqual(to: m())
            }
            // (The stored end's transform is read here, next to its frame, rather than told by the
            // turn: a frame that hides most tracks reads no other table for them.)
            if swept, let b = shape.sweep, !b.meets(rect, at: p), to[i].frame.isBitwiseEqual(to: final),
                to[i].transform.isBitwiseEqual(to: m())
            {
                return .hidden
            }
            // (`shape.custom` is false when neither end has custom slots: the start's are then not read.)
            guard customFree, !shape.custom || from.customCount(i) == 0 else { return .general }
            // (The transform is written into the look where it is made: no copy of it on the way.)
            if shape.fromPlain && m().isExactlyIdentity {
                l.pointee.transform = m()
            } else {
                let made = transition.tracks.withPlanarEnds(shape) { planar in
                    guard same() else { return false }
                    // `PlanarEnds.interpolate`: between the ends (t neither 0 nor 1, finite once
                    // sanitized) the way of the parts when it is finite; the ends' transforms are
                    // read only otherwise (`m` is the stored end's bit for bit).
                    if wayBetween,
                        let way = PlanarTransform.interpolate(
                            planar.from, planar.to, wayProgress, rotation: transition.timing.rotation)
                    {
                        l.pointee.transform = way
                    } else {
                        l.pointee.transform = planarEnd(shape, i)
                    }
                    return true
                }
                guard made == true else { return .general }
            }
            let look = from.look(i, toFrame: final, alpha: alpha, zIndex: zIndex, isHidden: isHidden, progress: p)
            let frame = look.frame
            // (The transform is read from the look only when the frame misses the rect: a copy of
            // it taken first cost each element 20 instructions.)
            guard frame.intersects(rect) || Self.drawnMeets(frame, l.pointee.transform, rect) else { return .hidden }
            l.pointee.frame = frame
            l.pointee.alpha = look.alpha
            l.pointee.zIndex = look.zIndex
            l.pointee.isHidden = look.isHidden
            return .shown
        }
    }

    /// Track `i` ending at `final`, the general way: `interpolatePlain` between plain ends, else
    /// `LayoutAttributes.interpolate` (with the decompositions made with the track when `final`
    /// has the stored end's transform).
    private func offerGeneral(_ i: Int, final: LayoutAttributes) throws {
        let p = progress
        let shape = transition.tracks.shapes[i]
        if shape.fromPlain && final.isPlain {
            try offer(
                withEnds { from, _ in from.interpolatePlain(i, to: final, progress: p) })
            return
        }
        let (slots, rotation) = (transition.discreteSlots, transition.timing.rotation)
        try transition.tracks.withMadeEnds(shape) { d in
            try withEnds { from, to in
                // What was made with the track is of its stored end's transform.
                let same = d != nil && to[i].transform.isBitwiseEqual(to: final.transform)
                try offer(
                    LayoutAttributes.interpolate(
                        from: from.record(i), to: final, progress: p, discreteCustomSlots: slots, rotation: rotation,
                        made: same ? d : nil))
            }
        }
    }

    /// What a cell whose attributes are the defaults but for its frame and transform comes to in
    /// this frame (`presentTurned`): passed on as it is when it does not animate (`.shown`, the
    /// cell written), an animating one's look (`presentParts`); the general way with its track
    /// (`general` set to its position) otherwise. `from`: the starts, read as their kind.
    @inline(__always)
    private func presentTurned<Starts: StartLooks>(
        section: Int, item: Int, frame: Rect, transform: @autoclosure () -> Transform3D,
        turn: (cos: Double, sin: Double)? = nil,
        into l: UnsafeMutablePointer<CellLook>, general: inout Int, starts from: Starts
    ) -> Parts {
        let key = ElementKey(category: .cell, kind: .none, indexPath: IndexPath(section: section, item: item))
        // As `store`: the track after the last one matched first, the index otherwise.
        let i: Int
        if transition.tracks.key(at: hint, is: key) {
            i = hint
        } else {
            guard let found = transition.tracks.position(of: key) else {
                l.initialize(
                    to: CellLook(item: item, frame: frame, transform: transform(), alpha: 1, zIndex: 0, isHidden: false)
                )
                return .shown
            }
            i = found
        }
        hint = i + 1
        matched[i] = true
        l.pointee.item = item
        let parts = presentParts(
            i, frame: frame, transform: transform(), turn: turn, alpha: 1, zIndex: 0, isHidden: false,
            customFree: true, into: l, starts: from)
        general = i
        return parts
    }

    /// Track `i` the general way, ending at the cell (`section`, `item`) whose attributes are the
    /// defaults but for `frame` and `transform`.
    private func offerGeneral(_ i: Int, section: Int, item: Int, frame: Rect, transform: Transform3D) throws {
        var a = LayoutAttributes.cell(IndexPath(section: section, item: item), frame: frame)
        a.transform = transform
        try offerGeneral(i, final: a)
    }

    /// A default cell but for its frame and transform (`ElementSink.cell(section:item:frame:transform:)`):
    /// `presentTurned`, the look handed on as a cell (`ElementSink.turnedCell`), nothing built.
    override func storeCell(
        section: Int, item: Int, frame: Rect, transform: Transform3D, alpha: Double, zIndex: Int, isHidden: Bool
    ) throws {
        // (A layout hands over alpha 1, z-index 0, visible: `ElementSink.cell(section:item:frame:transform:)`.)
        assert(alpha == 1 && zIndex == 0 && !isHidden, "a turned cell with a look")
        var l = CellLook(item: 0, frame: .zero, transform: .identity, alpha: 0, zIndex: 0, isHidden: false)
        var i = 0
        switch presentTurned(
            section: section, item: item, frame: frame, transform: transform, into: &l, general: &i, starts: starts)
        {
        case .hidden: return
        case .shown:
            try inner.turnedCell(
                section: section, item: item, frame: l.frame, transform: l.transform, alpha: l.alpha,
                zIndex: l.zIndex, isHidden: l.isHidden)
        case .general: try offerGeneral(i, section: section, item: item, frame: frame, transform: transform)
        }
    }

    /// A run of turned cells (`ElementSink.turnedCells`): `presentTurned` for each, the looks
    /// handed on in runs (`ElementSink.cellLooks`), in the order of the cells (a cell that goes
    /// the general way first hands on the looks before it). The starts' kind is asked once a run.
    override func storeTurnedCells(section: Int, _ run: UnsafeBufferPointer<TurnedCell>) throws {
        if starts.isLean {
            try storeTurnedCells(section: section, run, starts: starts.leanLooks)
        } else {
            try storeTurnedCells(section: section, run, starts: starts.wholeLooks)
        }
    }

    /// `storeTurnedCells` with the starts read as `from`.
    @inline(__always)
    private func storeTurnedCells<Starts: StartLooks>(
        section: Int, _ run: UnsafeBufferPointer<TurnedCell>, starts from: Starts
    ) throws {
        let looks = lookRun
        var n = 0
        var i = 0
        for h in run {
            // (The turn's matrix is made only where it is read: a cell whose track ends at its turn
            // needs none.)
            switch presentTurned(
                section: section, item: h.item, frame: h.frame, transform: .turn(cos: h.cos, sin: h.sin),
                turn: (h.cos, h.sin), into: looks.baseAddress! + n, general: &i, starts: from)
            {
            case .hidden: continue
            case .shown:
                n += 1
                if n == looks.count {
                    try inner.cellLooks(section: section, UnsafeBufferPointer(looks), valid: looksAreValid)
                    n = 0
                }
            case .general:
                if n > 0 {
                    try inner.cellLooks(
                        section: section, UnsafeBufferPointer(rebasing: looks[0..<n]), valid: looksAreValid)
                }
                n = 0
                try offerGeneral(
                    i, section: section, item: h.item, frame: h.frame, transform: .turn(cos: h.cos, sin: h.sin))
            }
        }
        if n > 0 {
            try inner.cellLooks(section: section, UnsafeBufferPointer(rebasing: looks[0..<n]), valid: looksAreValid)
        }
    }

    override func store(_ a: LayoutAttributes) throws {
        // The layout hands its elements over mostly in the order their tracks were made: the
        // track after the last one matched is tried first (one comparison), the index otherwise.
        let i: Int
        if transition.tracks.key(at: hint, is: a.key) {
            i = hint
        } else {
            guard let found = transition.tracks.position(of: a.key) else { try inner.add(a); return }
            i = found
        }
        hint = i + 1
        try offerTrack(i, final: a)
    }

    /// Hands this sink what `layout.layoutAttributesForElements(in:into:)` would when `layout`
    /// is a flow that answers with cell runs (`FlowLayout.visitCellRuns`): the same elements
    /// in the same order, each cell read from its line and presented at once, without being
    /// staged in a run and checked again (the spans' cells are valid by construction, their
    /// index paths inside the counts the visit compared). False, nothing handed over, when the
    /// spans do not answer (another layout, no counts, more cells than the limit, ...): the
    /// layout's query answers then.
    /// - Complexity: the flow's direct query, O(log n + cells read).
    func presentFlowCells(of layout: CollectionViewLayout) throws -> Bool {
        // (`isFlowLayout`, a method call, where `as? FlowLayout` is the runtime's cast: ~25
        // instructions a frame.)
        guard layout.isFlowLayout, let counts else { return false }
        let flow = unsafeDowncast(layout, to: FlowLayout.self)
        // When `inner` can take a bound: the spans are asked for at most what leaves room for
        // the tracks `finish` may add, and `inner` is told so before the first element (the spans
        // hand nothing over unless their answer fits).
        let room = handsOnOnlyValid ? inner.largestUsefulBound - mostAdded : 0
        if room > 0, room < limit - count, try presentFlowCells(flow, counts, atMost: room, telling: true) {
            return true
        }
        return try presentFlowCells(flow, counts, atMost: limit - count, telling: room > 0 && room >= limit - count)
    }

    private func presentFlowCells(_ flow: FlowLayout, _ counts: [Int], atMost n: Int, telling: Bool) throws -> Bool {
        let rect = self.rect
        var told = !telling
        @inline(__always) func tell() {
            if !told {
                told = true
                expect(atMost: n)
            }
        }
        // The starts' kind asked once a run of cells, each kind's body with no test of it.
        let (lean, leanLooks, wholeLooks) = (starts.isLean, starts.leanLooks, starts.wholeLooks)
        return try flow.visitCellRuns(in: rect, counts: counts, atMost: n) { lines in
            tell()
            let section = lines.section
            if lean {
                try lines.forEachCell(in: rect) { item, frame in
                    try presentCell(section: section, item: item, frame: frame, starts: leanLooks)
                }
            } else {
                try lines.forEachCell(in: rect) { item, frame in
                    try presentCell(section: section, item: item, frame: frame, starts: wholeLooks)
                }
            }
        } grid: { run in
            tell()
            for span in run {
                let section = span.section
                if lean {
                    try span.forEachCell(in: rect) { item, frame in
                        try presentCell(section: section, item: item, frame: frame, starts: leanLooks)
                    }
                } else {
                    try span.forEachCell(in: rect) { item, frame in
                        try presentCell(section: section, item: item, frame: frame, starts: wholeLooks)
                    }
                }
            }
        } supplementary: { a in
            tell()
            try add(a)
        }
    }

    /// A default cell: passed on as a cell when it does not animate (nothing built for it); an
    /// animating one from a plain start as a cell with its frame, alpha, z-index and hidden.
    override func storeCell(section: Int, item: Int, frame: Rect) throws {
        try presentCell(section: section, item: item, frame: frame, starts: starts)
    }

    /// A run of default cells: `storeCell` for each, in one loop.
    override func storeCells(section: Int, _ run: UnsafeBufferPointer<CellHit>) throws {
        if starts.isLean {
            let from = starts.leanLooks
            for h in run { try presentCell(section: section, item: h.item, frame: h.frame, starts: from) }
        } else {
            let from = starts.wholeLooks
            for h in run { try presentCell(section: section, item: h.item, frame: h.frame, starts: from) }
        }
    }

    /// A default cell (`storeCell`), the starts read as `from`.
    @inline(__always)
    private func presentCell<Starts: StartLooks>(
        section: Int, item: Int, frame: Rect, starts from: Starts
    ) throws {
        let ip = IndexPath(section: section, item: item)
        let key = ElementKey(category: .cell, kind: .none, indexPath: ip)
        // As `store`: the track after the last one matched first (cells come in item order, and
        // so were most tracks made), the index otherwise.
        let i: Int
        if transition.tracks.key(at: hint, is: key) {
            i = hint
        } else {
            guard let found = transition.tracks.position(of: key) else {
                try inner.cell(section: section, item: item, frame: frame)
                return
            }
            i = found
        }
        hint = i + 1
        let shape = transition.tracks.shapes[i]
        guard shape.fromPlain else {
            try offerTrack(i, final: .cell(ip, frame: frame))
            return
        }
        matched[i] = true
        let p = progress
        // (No sweep test first, as `offerTrack` makes: the layout handed this cell over because
        // its frame meets the rect, so its track's bound nearly always does too, and working the
        // plain look out costs what the test costs.)
        let look = from.look(i, toFrame: frame, alpha: 1, zIndex: 0, isHidden: false, progress: p)
        guard look.frame.intersects(rect) else { return }
        try inner.cell(
            section: section, item: item, frame: look.frame, alpha: look.alpha, zIndex: look.zIndex,
            isHidden: look.isHidden)
    }

    /// Adds the animating elements no final element matched, then the disappearing ones whose
    /// removal has not ended. Throws what `inner` throws (its element limit).
    func finish() throws {
        // The starts' kind asked once.
        if starts.isLean {
            try addUnmatched(starts: starts.leanLooks)
        } else {
            try addUnmatched(starts: starts.wholeLooks)
        }
        guard !transition.disappearing.isEmpty else { return }
        let shown = leavingShown()
        inner.lastElementsFollow()
        for s in shown { try inner.add(s) }
    }

    /// `finish`'s tracks no final element matched, each at this frame's progress when it is drawn
    /// in the rect (`Transition.sampled`; a plain track from its start read as `from`).
    @inline(__always)
    private func addUnmatched<Starts: StartLooks>(starts from: Starts) throws {
        let p = progress
        for n in 0..<matched.count where !matched[n] {
            let shape = transition.tracks.shapes[n]
            if swept, let b = shape.sweep, !b.meets(rect, at: p) { continue }
            // `offer`, written out (the compiler left it a call here).
            let s: LayoutAttributes
            if shape.fromPlain && shape.toPlain {
                // `Transition.sampled`'s plain way (`TrackStarts.interpolatePlain`).
                let b = finals[n]
                s = LayoutAttributes.plain(
                    from.look(n, toFrame: b.frame, alpha: b.alpha, zIndex: b.zIndex, isHidden: b.isHidden, progress: p),
                    over: b)
            } else {
                s = transition.sampled(position: n, p)
            }
            if s.frame.intersects(rect) || (!s.transform.isIdentity && s.drawnBounds.intersects(rect)) {
                try inner.add(s)
            }
        }
    }
}
