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
    var tracks = TrackTable()
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
            guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return true }
            return x0 < r.maxX && r.minX < x1 && y0 < r.maxY && r.minY < y1
        }
    }

    /// The `Sweep` of `track`. O(1) (two decompositions unless both transforms are the identity).
    static func sweep(_ track: Track) -> Sweep? {
        func factors(_ m: Transform3D) -> (sx: Double, sy: Double, k: Double, t: Double)? {
            if m.isIdentity { return (1, 1, 0, 0) }
            guard let d = TransformDecomposition(m), d.perspective.x == 0, d.perspective.y == 0,
                d.perspective.z == 0, d.perspective.w == 1
            else { return nil }
            let t = Swift.max(abs(d.translation.x), abs(d.translation.y))
            return (abs(d.scale.x), abs(d.scale.y), abs(d.skew.xy), t)
        }
        let a = track.from, b = track.to
        guard let fa = factors(a.transform), let fb = factors(b.transform) else { return nil }
        let hw = Swift.max(a.size.width, b.size.width) / 2, hh = Swift.max(a.size.height, b.size.height) / 2
        let sx = Swift.max(fa.sx, fb.sx, 1), sy = Swift.max(fa.sy, fb.sy, 1)
        let k = Swift.max(fa.k, fb.k), t = Swift.max(fa.t, fb.t)
        let reach = (hw * sx + hh * sy * (1 + k) + t + hw + hh) * (1 + 1e-6)
        let ca = a.center, cb = b.center
        guard reach.isFinite, ca.x.isFinite, ca.y.isFinite, cb.x.isFinite, cb.y.isFinite else { return nil }
        return Sweep(ax: ca.x, ay: ca.y, bx: cb.x, by: cb.y, reach: reach)
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
    func presenting(in rect: Rect, at time: Double, into inner: ElementSink) -> PresentingSink {
        PresentingSink(self, in: rect, at: time, into: inner)
    }

    /// A track at progress `p` (for `PresentingSink`).
    fileprivate func sampled(_ t: Track, _ p: Double) -> LayoutAttributes { sample(t, p) }

    /// The way from `from` to `to` at progress `p` (for `PresentingSink`).
    fileprivate func sampled(from: LayoutAttributes, to: LayoutAttributes, _ p: Double) -> LayoutAttributes {
        LayoutAttributes.interpolate(
            from: from, to: to, progress: p, discreteCustomSlots: discreteSlots, rotation: timing.rotation)
    }

    /// The content under the animation moved by `d` (measured sizes above it, the offset
    /// following): every track moves with it (a present element's end is replaced by the
    /// layout's live answer when the layout hands it over; the stored one is used otherwise).
    /// O(tracks).
    mutating func moveContent(by d: Point) {
        var moved = TrackTable()
        for (k, t) in zip(tracks.keys, tracks.tracks) {
            moved[k] = Track(from: t.from.moved(by: d), to: t.to.moved(by: d))
        }
        tracks = moved
        disappearing = disappearing.map { $0.moved(by: d) }
    }

    /// Every on-screen element of this transition at `time` (to start a new one from them): the
    /// present ones sampled, the disappearing ones still on their way out as they run (a new
    /// animation carries them on, on their own clock).
    func allPresented(at time: Double) -> (present: [ElementKey: LayoutAttributes], disappearing: [Leaving]) {
        let p = progress(at: time)
        var present: [ElementKey: LayoutAttributes] = [:]
        for (k, t) in zip(tracks.keys, tracks.tracks) { present[k] = sample(t, p) }
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
/// is hashed).
struct TrackTable {
    private(set) var keys: [ElementKey] = []
    private(set) var tracks: [Transition.Track] = []
    /// Each track's `Transition.sweep` (nil: unknown), by position.
    private(set) var bounds: [Transition.Sweep?] = []
    private var positions = KeyIndex()

    var count: Int { tracks.count }

    /// The position of `key`'s track in `keys` and `tracks`. O(1).
    func position(of key: ElementKey) -> Int? { positions[key] }

    subscript(position i: Int) -> Transition.Track { tracks[i] }

    /// The tracks in place (no copy of a track: an animation frame reads each one once).
    @inline(__always)
    func withTracks<R>(_ body: (UnsafeBufferPointer<Transition.Track>) throws -> R) rethrows -> R {
        try tracks.withUnsafeBufferPointer(body)
    }

    /// The track of `key`; setting replaces it (or appends a new one). O(1) amortized.
    subscript(key: ElementKey) -> Transition.Track? {
        get { positions[key].map { tracks[$0] } }
        set {
            if let i = positions[key] {
                if let newValue {
                    tracks[i] = newValue
                    bounds[i] = Transition.sweep(newValue)
                } else {  // swap-remove, keeping positions right
                    let last = keys.count - 1
                    if i != last {
                        keys[i] = keys[last]
                        tracks[i] = tracks[last]
                        bounds[i] = bounds[last]
                        positions.set(keys[i], i)
                    }
                    keys.removeLast()
                    tracks.removeLast()
                    bounds.removeLast()
                    positions.set(key, nil)
                }
            } else if let newValue {
                positions.set(key, keys.count)
                keys.append(key)
                tracks.append(newValue)
                bounds.append(Transition.sweep(newValue))
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
    /// The tracks a final element matched, by position: one hash per element, no set.
    private var matched: [Bool]
    /// Between its ends (no spring overshoot) a track is drawn inside its swept bound.
    private let swept: Bool

    fileprivate init(_ transition: Transition, in rect: Rect, at time: Double, into inner: ElementSink) {
        self.transition = transition
        progress = transition.progress(at: time)
        swept = progress >= 0 && progress <= 1
        self.time = time
        self.rect = rect
        self.inner = inner
        matched = [Bool](repeating: false, count: transition.tracks.count)
        super.init(counts: inner.counts)
        limit = inner.limit
    }

    override func limitWasReached() {
        super.limitWasReached()
        inner.limitWasReached()
    }

    /// Passes `s` on when it is drawn in the rect: an untransformed element by its frame (its
    /// drawn bounds), a transformed one by its drawn bounds or its frame.
    @inline(__always)
    private func offer(_ s: LayoutAttributes) throws {
        let shown =
            s.transform.isIdentity
            ? s.frame.intersects(rect) : (s.drawnBounds.intersects(rect) || s.frame.intersects(rect))
        if shown { try inner.add(s) }
    }

    /// Track `i` at this frame's progress, ending at `final` (the layout's live answer), read in
    /// place: one interpolation, no copy of the track.
    /// When the track ends where its bound was computed (the layout's live answer has the stored
    /// end's frame and transform) and the bound misses the rect, nothing is interpolated: it is
    /// not drawn in the rect at this frame.
    @inline(__always)
    private func offerTrack(_ i: Int, final: LayoutAttributes) throws {
        matched[i] = true
        let (p, slots, rotation) = (progress, transition.discreteSlots, transition.timing.rotation)
        if swept, let b = transition.tracks.bounds[i], !b.meets(rect, at: p) {
            let unchanged = transition.tracks.withTracks { tracks in
                tracks[i].to.frame == final.frame && tracks[i].to.transform == final.transform
            }
            if unchanged { return }
        }
        let s = transition.tracks.withTracks { tracks in
            LayoutAttributes.interpolate(
                from: tracks[i].from, to: final, progress: p, discreteCustomSlots: slots, rotation: rotation)
        }
        try offer(s)
    }

    override func store(_ a: LayoutAttributes) throws {
        guard let i = transition.tracks.position(of: a.key) else { try inner.add(a); return }
        try offerTrack(i, final: a)
    }

    /// A default cell: passed on as a cell when it does not animate (nothing built for it).
    override func storeCell(section: Int, item: Int, frame: Rect) throws {
        let ip = IndexPath(section: section, item: item)
        guard let i = transition.tracks.position(of: ElementKey(category: .cell, kind: .none, indexPath: ip)) else {
            try inner.cell(section: section, item: item, frame: frame)
            return
        }
        try offerTrack(i, final: .cell(ip, frame: frame))
    }

    /// Adds the animating elements no final element matched, then the disappearing ones whose
    /// removal has not ended. Throws what `inner` throws (its element limit).
    func finish() throws {
        let (p, slots, rotation) = (progress, transition.discreteSlots, transition.timing.rotation)
        let bounds = transition.tracks.bounds
        for n in 0..<matched.count where !matched[n] {
            if swept, let b = bounds[n], !b.meets(rect, at: p) { continue }
            let s = transition.tracks.withTracks { tracks in
                LayoutAttributes.interpolate(
                    from: tracks[n].from, to: tracks[n].to, progress: p, discreteCustomSlots: slots,
                    rotation: rotation)
            }
            try offer(s)
        }
        for leaving in transition.disappearing where !leaving.isFinished(at: time) {
            try offer(leaving.sample(at: time))
        }
    }
}
