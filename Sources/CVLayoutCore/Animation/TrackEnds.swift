/// The starts and ends of a transition's tracks, by position: two growable runs of
/// `LayoutAttributes` that take each record by copying it once from where it is (`append`: one
/// `memcpy` of the 288-byte record a side, no temporary) and hand the runs out in place. Swift's
/// `Array.append` of a record read from another buffer copies it through a temporary or two; a
/// transition's set-up appends two records a track, 10^5 tracks when every element is on screen.
///
/// The starts are kept lean (`LeanStart`: 72 bytes a track in `lean`) while every one is a default
/// cell but for its index path, frame and turn (a switch from a flow, an update on the circle):
/// each start is made in `scratch`, where the set-up changes it and reads it for its shape, then
/// written lean (`commitStart`). The first start that is not such a cell makes the starts whole
/// records in `from` (the lean ones written out once, O(count)), for the rest of the set-up.
/// `startsAreLean` tells which run holds them; `start(_:into:)` writes one out either way. A start
/// copied from a record that is not moved skips the scratch: it is read where it is and written
/// lean, or made whole, by `commitStart(_:copying:…)` (an update's starts).
///
/// The ends' run can be an array adopted as it is (`adopt(ends:)`): a set-up whose tracks end,
/// in order, at the elements of the layout's answer (a switch to a layout that shows everything,
/// an update that moves every element) keeps that answer as the run instead of copying each
/// record into fresh memory (10^5 × 288 bytes: a copy and ~7,000 page faults a set-up). The
/// adopted array is never written: the first end that is not its next record in place makes the
/// run this object's own again (one copy of the ends so far).
///
/// A class: the `TrackTable` holding it copies it on write (`copy`). `LayoutAttributes` is a plain
/// value (no references), so copying its bytes copies it.
final class TrackEnds {
    /// The starts as whole records, while `startsAreLean` is false (room for `capacity` once made:
    /// `fromIsMade`; an empty run before).
    private(set) var from: UnsafeMutablePointer<LayoutAttributes>
    /// Whether `from` has room for `capacity` records (made at the first start that is not lean,
    /// kept through `removeAll` for the next set-up).
    private var fromIsMade = false
    /// The starts as `LeanStart`s, while `startsAreLean` (room for `capacity`).
    private(set) var lean: UnsafeMutablePointer<LeanStart>
    /// Whether the starts are in `lean` (true) or in `from`.
    private(set) var startsAreLean = true
    /// Where a start is made while the starts are lean (`startSlot`): one record, written lean by
    /// `commitStart`.
    private let scratch: UnsafeMutablePointer<LayoutAttributes>
    /// Whether `scratch` holds a default cell made by `appendCell` / `replaceCell` while the starts
    /// are lean (the template's index path and frame changed): known lean, its fields not compared.
    private var scratchIsCell = false
    /// Whether `scratch` is the template but for its index path and frame (no other start copied
    /// over it since the template was).
    private var scratchIsTemplate = true
    private(set) var to: UnsafeMutablePointer<LayoutAttributes>
    private(set) var count = 0
    /// The records `from` holds room for, and `to` when it is this object's own.
    private(set) var capacity: Int
    /// The array `to` points into while it is adopted (`adopt(ends:)`): kept alive, never
    /// written. Nil when `to` is this object's own storage.
    private var adopted: [LayoutAttributes]?
    /// How many records the adopted array holds (0: `to` is this object's own).
    private var adoptedCount = 0
    /// True after `removeAll` let an adopted run go: `to` has no room until `adopt(ends:)`,
    /// `makeOwnEnds()` or a growth gives it some (not allocated only to be freed by the next
    /// set-up's adoption).
    private var endsUnmade = false
    /// A default cell, copied into the starts made in place and re-pointed there (built from
    /// scratch, each went through a temporary).
    let cellTemplate: UnsafeMutablePointer<LayoutAttributes>
    /// Whether the default cell is plain (`LayoutAttributes.isPlain`): then so is every start
    /// made from it (`appendCell`, `replaceCell` change only its index path and frame).
    let cellTemplateIsPlain: Bool
    /// Whether the default cell is lean (`LeanStart.of`): then so is every start made from it.
    private let cellTemplateIsLean: Bool
    /// The table's `TrackTable.CellSpan`.
    var cellSpan = TrackTable.CellSpan()

    init(capacity n: Int = 0) {
        precondition(_isPOD(LayoutAttributes.self), "LayoutAttributes must be a plain value")
        capacity = Swift.max(n, 0)
        from = Self.allocateRun(0)
        lean = Self.allocateLean(capacity)
        scratch = .allocate(capacity: 1)
        to = Self.allocateRun(capacity)
        cellTemplate = .allocate(capacity: 1)
        cellTemplate.initialize(to: .cell(IndexPath(section: 0, item: 0)))
        scratch.initialize(to: cellTemplate.pointee)
        cellTemplateIsPlain = cellTemplate.pointee.isPlain
        cellTemplateIsLean = LeanStart.of(cellTemplate, turn: nil) != nil
    }

    deinit {
        Self.freeRun(from)
        UnsafeMutableRawPointer(lean).deallocate()
        scratch.deallocate()
        if adoptedCount == 0 { Self.freeRun(to) }
        cellTemplate.deallocate()
    }

    /// A copy of the runs (its own storage, the same capacity).
    func copy() -> TrackEnds {
        let c = TrackEnds(capacity: capacity)
        if startsAreLean {
            c.lean.initialize(from: lean, count: count)
        } else {
            c.makeFrom()
            c.from.initialize(from: from, count: count)
            c.startsAreLean = false
        }
        c.to.initialize(from: to, count: count)
        c.count = count
        c.cellSpan = cellSpan
        return c
    }

    /// Makes `from` room for `capacity` records (its records so far kept) when it has none. O(1),
    /// or O(count) when it moves.
    private func makeFrom() {
        guard !fromIsMade else { return }
        Self.freeRun(from)
        from = Self.allocateRun(capacity)
        fromIsMade = true
    }

    /// Makes room for `n` tracks in all. O(count) when the runs move (an adopted ends' run stays).
    func reserveCapacity(_ n: Int) {
        guard n > capacity else { return }
        if fromIsMade {
            let f = Self.allocateRun(n)
            if !startsAreLean { f.moveInitialize(from: from, count: count) }
            Self.freeRun(from)
            from = f
        }
        let l = Self.allocateLean(n)
        if startsAreLean { l.moveInitialize(from: lean, count: count) }
        UnsafeMutableRawPointer(lean).deallocate()
        lean = l
        if adoptedCount == 0 {
            let t = Self.allocateRun(n)
            t.moveInitialize(from: to, count: count)
            Self.freeRun(to)
            to = t
            endsUnmade = false
        }
        capacity = n
    }

    /// Makes `ends` the ends' run while tracks are appended whose end is its next record in place
    /// (`append(from:to:)` or `appendCell` with `b` the address of `ends[count]` in `ends`' own
    /// storage, as `withUnsafeBufferPointer` gives it): those are not copied. Any other end (or a
    /// track past its last record) makes the run this object's own first. No tracks yet. O(1).
    func adopt(ends: [LayoutAttributes]) {
        precondition(count == 0, "ends are adopted before any track")
        guard adoptedCount == 0, !ends.isEmpty else { return }
        Self.freeRun(to)
        to = ends.withUnsafeBufferPointer { UnsafeMutablePointer(mutating: $0.baseAddress!) }
        adopted = ends
        adoptedCount = ends.count
        endsUnmade = false
    }

    /// Gives `to` room for `capacity` records when `removeAll` left it none. O(1).
    func makeOwnEnds() {
        guard endsUnmade else { return }
        Self.freeRun(to)
        to = Self.allocateRun(capacity)
        endsUnmade = false
    }

    /// Appends a track from a copy of `*a` to a copy of `*b`, each copied once from where it is
    /// (`a` may not point into these runs, `b` only at the adopted array's next record: they may
    /// move). O(1) amortized.
    @inline(__always)
    func append(from a: UnsafePointer<LayoutAttributes>, to b: UnsafePointer<LayoutAttributes>) {
        if count == capacity { reserveCapacity(Swift.max(16, capacity * 2)) }
        Self.copy(a, into: startSlot(count))
        (scratchIsCell, scratchIsTemplate) = (false, scratchIsTemplate && !startsAreLean)
        setEnd(count, b)
        count += 1
    }

    /// Appends a track to a copy of `*b` whose start `commitStart(_:copying:…)` stores next, while
    /// the starts are lean: nothing written for it until then. O(1) amortized.
    @inline(__always)
    func appendPendingStart(to b: UnsafePointer<LayoutAttributes>) {
        if count == capacity { reserveCapacity(Swift.max(16, capacity * 2)) }
        setEnd(count, b)
        count += 1
    }

    /// Replaces track `i`'s end (0 ≤ i < count) with a copy of `*b`; its start is stored next by
    /// `commitStart(_:copying:…)`. O(1).
    @inline(__always)
    func replacePendingStart(_ i: Int, to b: UnsafePointer<LayoutAttributes>) {
        precondition(i >= 0 && i < count, "track position out of range")
        setEnd(i, b)
    }

    /// Stores track `i`'s start as `*a` with `indexPath` (when given) and alpha 0 when `fadedOut`,
    /// while the starts are lean (`startsAreLean`), read in place: lean when `*a` is such a cell
    /// (`LeanStart.of`, told its `turn` when known), with no record copied on the way (an update's
    /// starts: ~70 instructions a track against copying into `scratch`); else made in `scratch`
    /// and the starts made whole. `a` must not point into this object's runs. O(1), or O(count)
    /// when the starts become whole.
    @inline(__always)
    func commitStart(
        _ i: Int, copying a: UnsafePointer<LayoutAttributes>, indexPath: IndexPath?, fadedOut: Bool,
        turn: PlanarEnds.Turn?
    ) {
        if var l = LeanStart.of(a, turn: turn) {
            if let indexPath { l.indexPath = indexPath }
            if fadedOut { l.alpha = 0 }
            lean[i] = l
            return
        }
        commitWholeStart(i, copying: a, indexPath: indexPath, fadedOut: fadedOut)
    }

    /// `commitStart(_:copying:…)` of a start that is not lean: made in `scratch`, then the starts
    /// made whole. (Not inlined: rare, once a set-up at most.)
    @inline(never)
    private func commitWholeStart(
        _ i: Int, copying a: UnsafePointer<LayoutAttributes>, indexPath: IndexPath?, fadedOut: Bool
    ) {
        Self.copy(a, into: scratch)
        (scratchIsCell, scratchIsTemplate) = (false, false)
        if let indexPath { scratch.pointee.indexPath = indexPath }
        if fadedOut { scratch.pointee.alpha = 0 }
        makeStartsWhole(placingScratchAt: i)
    }

    /// Where track `i`'s start is made and changed before `commitStart(i)`: `scratch` while the
    /// starts are lean, its place in `from` otherwise.
    @inline(__always)
    func startSlot(_ i: Int) -> UnsafeMutablePointer<LayoutAttributes> { startsAreLean ? scratch : from + i }

    /// Stores track `i`'s start made in `startSlot(i)` (0 ≤ i < count): lean when it is such a
    /// cell (`LeanStart.of`, told the start's `turn` when known; a cell made from the template is,
    /// and only its index path and frame are read), else the starts made whole records first
    /// (`makeStartsWhole`). O(1), or O(count) when the starts become whole.
    @inline(__always)
    func commitStart(_ i: Int, turn: PlanarEnds.Turn? = nil) {
        guard startsAreLean else { return }
        if scratchIsCell {
            lean[i] = LeanStart(
                indexPath: scratch.pointee.indexPath, origin: scratch.pointee.origin, size: scratch.pointee._size,
                alpha: cellTemplate.pointee.alpha, cos: 1, sin: 0)
            return
        }
        commitCopiedStart(i, turn: turn)
    }

    /// `commitStart` of a start copied into `scratch` (not a template cell): its fields compared.
    /// (Not inlined: the switch's loop over fresh cells stays small.)
    @inline(never)
    private func commitCopiedStart(_ i: Int, turn: PlanarEnds.Turn?) {
        guard let l = LeanStart.of(scratch, turn: turn) else {
            makeStartsWhole(placingScratchAt: i)
            return
        }
        lean[i] = l
    }

    /// Writes the lean starts out as whole records in `from` (all but `i`, whose start is
    /// `scratch`'s), which holds the starts from now until `removeAll`. O(count).
    @inline(never)
    private func makeStartsWhole(placingScratchAt i: Int) {
        makeFrom()
        for j in 0..<count where j != i { lean[j].write(over: cellTemplate, into: from + j) }
        Self.copy(scratch, into: from + i)
        startsAreLean = false
    }

    /// The starts in place (valid until the runs change).
    var starts: TrackStarts {
        TrackStarts(
            whole: UnsafePointer(from), lean: UnsafePointer(lean), isLean: startsAreLean,
            template: UnsafePointer(cellTemplate), count: count)
    }

    /// Writes track `i`'s start (0 ≤ i < count) at `p`, a record's room. O(1).
    @inline(__always)
    func start(_ i: Int, into p: UnsafeMutablePointer<LayoutAttributes>) {
        if startsAreLean {
            lean[i].write(over: cellTemplate, into: p)
        } else {
            p.initialize(to: from[i])
        }
    }

    /// Appends a track to a copy of `*b` whose start is the default cell `indexPath` with `frame`
    /// (`LayoutAttributes.cell`), made in its place. O(1) amortized.
    @inline(__always)
    func appendCell(_ indexPath: IndexPath, frame: Rect, to b: UnsafePointer<LayoutAttributes>) {
        if count == capacity { reserveCapacity(Swift.max(16, capacity * 2)) }
        makeCell(at: count, indexPath, frame: frame)
        setEnd(count, b)
        count += 1
    }

    /// Replaces track `i` (0 ≤ i < count) by one to a copy of `*b` from the default cell
    /// `indexPath` with `frame`.
    @inline(__always)
    func replaceCell(_ i: Int, _ indexPath: IndexPath, frame: Rect, to b: UnsafePointer<LayoutAttributes>) {
        precondition(i >= 0 && i < count, "track position out of range")
        makeCell(at: i, indexPath, frame: frame)
        setEnd(i, b)
    }

    /// Makes track `i`'s end (i ≤ count < capacity) a copy of `*b`: nothing to do when `b` is the
    /// adopted array's record `i` (the end is in place), else the copy, into this object's own
    /// run (made first while the ends are adopted).
    @inline(__always)
    private func setEnd(_ i: Int, _ b: UnsafePointer<LayoutAttributes>) {
        if adoptedCount > 0 {
            if i < adoptedCount, UnsafePointer(to + i) == b { return }
            leaveAdopted(copying: b, into: i)
            return
        }
        Self.copy(b, into: to + i)
    }

    /// Makes the ends' run this object's own (the adopted array's first `count` records copied,
    /// then `*b` into record `i`), then lets the adopted array go (`b` may point into it). O(count).
    @inline(never)
    private func leaveAdopted(copying b: UnsafePointer<LayoutAttributes>, into i: Int) {
        let own = Self.allocateRun(capacity)
        own.initialize(from: to, count: count)
        Self.copy(b, into: own + i)
        to = own
        adoptedCount = 0
        adopted = nil
    }

    /// Writes `LayoutAttributes.cell(indexPath, frame: frame)` as track `i`'s start
    /// (`startSlot(i)`): the template, then its index path and frame (what `LayoutAttributes.init`
    /// sets of them). While the starts are lean only the index path and frame are written when the
    /// rest of `scratch` is the template's already (`scratchIsTemplate`).
    @inline(__always)
    private func makeCell(at i: Int, _ indexPath: IndexPath, frame: Rect) {
        let p = startSlot(i)
        scratchIsCell = startsAreLean && cellTemplateIsLean
        if !scratchIsCell {
            Self.copy(cellTemplate, into: p)
        } else if !scratchIsTemplate {
            Self.copy(cellTemplate, into: p)
            scratchIsTemplate = true
        }
        p.pointee.indexPath = indexPath
        p.pointee.origin = frame.origin
        p.pointee._size = frame.size
    }

    /// Replaces track `i` (0 ≤ i < count) by one from a copy of `*a` to a copy of `*b`.
    @inline(__always)
    func replace(_ i: Int, from a: UnsafePointer<LayoutAttributes>, to b: UnsafePointer<LayoutAttributes>) {
        precondition(i >= 0 && i < count, "track position out of range")
        Self.copy(a, into: startSlot(i))
        (scratchIsCell, scratchIsTemplate) = (false, scratchIsTemplate && !startsAreLean)
        setEnd(i, b)
    }

    /// Moves the last track (not `i`) to position `i` (0 ≤ i < count - 1), its start and end
    /// copied; the last stays until `removeLast`. O(1).
    func moveLast(to i: Int) {
        precondition(i >= 0 && i < count - 1, "track position out of range")
        let last = count - 1
        if startsAreLean {
            lean[i] = lean[last]
        } else {
            Self.copy(from + last, into: from + i)
        }
        setEnd(i, to + last)
    }

    /// Empties the runs for another transition's tracks, keeping this object's storage (the records
    /// are plain values: nothing to destroy): a later set-up writes its tracks into memory already
    /// written instead of fresh pages (`TrackTable.reuseEnds`). An adopted ends' run is let go, and
    /// `to` left without room until `adopt(ends:)` or `makeOwnEnds()` (no tracks until then). O(1).
    func removeAll() {
        count = 0
        startsAreLean = true
        cellSpan = TrackTable.CellSpan()
        guard adoptedCount > 0 else { return }
        adopted = nil
        adoptedCount = 0
        to = Self.allocateRun(0)
        endsUnmade = true
    }

    /// Removes the last track.
    func removeLast() {
        precondition(count > 0, "no track to remove")
        count -= 1
    }

    /// Room for a run of `n` records, in huge pages where the system has them (`HugePages`): a
    /// set-up writes its runs whole, 28.8 MB a run at 10^5 tracks. Each run starts `runOffset`
    /// bytes past a 32-byte boundary, so every record does (288 bytes a record): where the
    /// allocator put them is not left to chance. On the 2-core AMD EPYC VM of BENCHMARKS.md an
    /// update frame that reads 10^5 starts took 7.8 ms with them 16 bytes past a 32-byte
    /// boundary and 11.5 ms on one, with the same instructions (section onscreen29). Freed by
    /// `freeRun`.
    private static func allocateRun(_ n: Int) -> UnsafeMutablePointer<LayoutAttributes> {
        let bytes = n * MemoryLayout<LayoutAttributes>.stride + runOffset
        let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 32)
        HugePages.advise(raw, byteCount: bytes)
        return (raw + runOffset).bindMemory(to: LayoutAttributes.self, capacity: n)
    }

    /// Where a run's first record lies past its storage's 32-byte boundary (`allocateRun`).
    private static let runOffset = 16

    /// Room for `n` lean starts, each on a 64-byte boundary (a cache line). Freed by `deallocate`.
    private static func allocateLean(_ n: Int) -> UnsafeMutablePointer<LeanStart> {
        let bytes = Swift.max(n, 1) * MemoryLayout<LeanStart>.stride
        let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        return raw.bindMemory(to: LeanStart.self, capacity: n)
    }

    /// Frees a run made by `allocateRun`.
    private static func freeRun(_ p: UnsafeMutablePointer<LayoutAttributes>) {
        (UnsafeMutableRawPointer(p) - runOffset).deallocate()
    }

    /// Copies the record at `a` to `p` (the two do not overlap): for a 288-byte record, eighteen
    /// 16-byte loads and stores in line (`memmove`'s call took ~64 instructions a record, a track's
    /// start copied so in every set-up); any other size through `copyMemory`.
    @inline(__always)
    private static func copy(_ a: UnsafePointer<LayoutAttributes>, into p: UnsafeMutablePointer<LayoutAttributes>) {
        let s = UnsafeRawPointer(a), d = UnsafeMutableRawPointer(p)
        guard MemoryLayout<LayoutAttributes>.size == 288 else {
            d.copyMemory(from: s, byteCount: MemoryLayout<LayoutAttributes>.size)
            return
        }
        typealias V = SIMD2<UInt64>
        @inline(__always) func l(_ o: Int) -> V { s.loadUnaligned(fromByteOffset: o, as: V.self) }
        @inline(__always) func w(_ v: V, _ o: Int) { d.storeBytes(of: v, toByteOffset: o, as: V.self) }
        let v0 = l(0), v1 = l(16), v2 = l(32), v3 = l(48), v4 = l(64), v5 = l(80)
        let v6 = l(96), v7 = l(112), v8 = l(128), v9 = l(144), v10 = l(160), v11 = l(176)
        let v12 = l(192), v13 = l(208), v14 = l(224), v15 = l(240), v16 = l(256), v17 = l(272)
        w(v0, 0); w(v1, 16); w(v2, 32); w(v3, 48); w(v4, 64); w(v5, 80)
        w(v6, 96); w(v7, 112); w(v8, 128); w(v9, 144); w(v10, 160); w(v11, 176)
        w(v12, 192); w(v13, 208); w(v14, 224); w(v15, 240); w(v16, 256); w(v17, 272)
    }
}
