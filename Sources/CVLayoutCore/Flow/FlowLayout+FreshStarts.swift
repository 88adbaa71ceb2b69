/// The starts an animated switch away from a layout gives the elements that were not on screen
/// before it: the old layout's answers for them, looked up together. A flow layout knows its
/// items' frames, so when its item lookup is its own (`FlowLayout.answersItemLookupsWithFrames`)
/// its cells' starts are handed over as their frames (`FreshCellFrames`), each made into its
/// track's start in place (`TrackTable.set(_:cellFrame:movedBy:toAt:)`), instead of a 288-byte
/// record built and returned as an optional level by level for each item (10^5 of them in a
/// switch to a layout that puts every item on screen).
extension CollectionViewLayout {
    /// The starts of `after[fresh[j]]` in order (`FreshStarts`): this layout's attributes for each
    /// element's key, nil where it has none. The same starts as
    /// `layoutAttributesInOrder(forKeys: fresh.map { after[$0].key })`. A flow's cell frames are
    /// read from `after` as they are asked for (`FreshCellFrames`): `after` must stay valid and
    /// unchanged while the answer's `cellFrames` is read.
    /// - Complexity: as `layoutAttributesInOrder(forKeys:)`; a flow's: O(fresh) time, O(elements
    ///   that are not cells) memory.
    func freshStarts(after: UnsafeBufferPointer<LayoutAttributes>, fresh: [Int]) throws -> FreshStarts {
        guard !fresh.isEmpty, let flow = self as? FlowLayout, flow.answersItemLookupsWithFrames else {
            return FreshStarts(attributes: try layoutAttributesInOrder(forKeys: fresh.map { after[$0].key }))
        }
        var others: [ElementKey] = []
        for i in fresh where after[i].category != .cell { others.append(after[i].key) }
        return FreshStarts(
            attributes: try layoutAttributesInOrder(forKeys: others),
            cellFrames: FreshCellFrames(flow, after: after, fresh: fresh))
    }
}

/// The frames a flow gives the fresh elements of an animated switch away from it
/// (`FreshStarts.cellFrames`): `frame(k)` is `frameForItem(at:)` of `after[fresh[k]]`'s index path
/// bit for bit (`FlowLayout.writeItemFrames`), nil for an element that is not a cell or an item
/// the flow does not have. They are worked out a chunk at a time as the set-up asks for them in
/// order, into one small buffer: no array of an entry a fresh element (10^5 of them in a switch
/// to a layout that shows every item: their index paths and frames took 64 bytes each, 6.4 MB
/// written into fresh pages and read once). A value read in place (`frame` is mutating: a set-up's
/// loop keeps it in a local, no reference counted a cell); `none` when there are none.
struct FreshCellFrames {
    /// A chunk's frames, freed with the last copy.
    private final class Chunk {
        let frames: UnsafeMutableBufferPointer<Rect?>

        init(_ n: Int) {
            frames = .allocate(capacity: n)
            frames.initialize(repeating: nil)
        }

        deinit { frames.deallocate() }
    }

    private let flow: FlowLayout?
    private let after: UnsafeBufferPointer<LayoutAttributes>
    private let fresh: [Int]
    private let chunk: Chunk?
    /// `chunk`'s frames (read in the loop without going through the object).
    private let frames: UnsafeMutablePointer<Rect?>?
    /// The fresh position of `frames[0]`, and how many of `frames` hold a chunk's answers.
    private var base = 0, filled = 0

    /// No frames: `isGiven` false.
    static var none: FreshCellFrames { FreshCellFrames() }

    private init() {
        (flow, after, fresh, chunk, frames) = (nil, UnsafeBufferPointer(start: nil, count: 0), [], nil, nil)
    }

    /// `after` must stay valid and unchanged while this value is read; `chunk` (≥ 1): how many
    /// frames are worked out at a time.
    init(_ flow: FlowLayout, after: UnsafeBufferPointer<LayoutAttributes>, fresh: [Int], chunk: Int = 1024) {
        (self.flow, self.after, self.fresh) = (flow, after, fresh)
        let c = Chunk(Swift.max(1, Swift.min(chunk, fresh.count)))
        self.chunk = c
        frames = c.frames.baseAddress
    }

    /// Whether the frames were given (not `none`): then every fresh cell starts from its frame.
    var isGiven: Bool { flow != nil }

    /// How many fresh elements there are (`k` of `frame(k)` lies in 0..<count).
    var count: Int { fresh.count }

    /// The frame of fresh element `k` (`after[fresh[k]]`; nil: not a cell, no such item, `k` out of
    /// range, or `none`). O(1) amortized when asked in increasing order (a chunk is made at `k`
    /// when `k` lies outside the last one).
    @inline(__always)
    mutating func frame(_ k: Int) -> Rect? {
        let j = k &- base
        if UInt(bitPattern: j) < UInt(bitPattern: filled) { return frames.unsafelyUnwrapped[j] }
        return fill(at: k)
    }

    /// Works out the chunk of frames that starts at fresh element `k`; returns `k`'s.
    @inline(never)
    private mutating func fill(at k: Int) -> Rect? {
        guard let flow, let chunk, k >= 0 && k < fresh.count else { return nil }
        let n = Swift.min(chunk.frames.count, fresh.count - k)
        fresh.withUnsafeBufferPointer { fresh in
            flow.writeItemFrames(
                FreshPaths(after: after, fresh: UnsafeBufferPointer(rebasing: fresh[k..<k + n])),
                into: chunk.frames.baseAddress!)
        }
        (base, filled) = (k, n)
        return chunk.frames[0]
    }

    /// The index paths of `after[fresh[j]]` (nil: not a cell), read in place.
    private struct FreshPaths: ItemPaths {
        let after: UnsafeBufferPointer<LayoutAttributes>
        let fresh: UnsafeBufferPointer<Int>

        var count: Int { fresh.count }

        @inline(__always)
        subscript(j: Int) -> IndexPath? {
            let e = after.baseAddress! + fresh[j]
            return e.pointee.category == .cell ? e.pointee.indexPath : nil
        }
    }
}

/// Index paths by position, read where they are (`FlowLayout.writeItemFrames`' input).
protocol ItemPaths {
    var count: Int { get }
    subscript(j: Int) -> IndexPath? { get }
}

extension UnsafeBufferPointer: ItemPaths where Element == IndexPath? {}

extension FlowLayout {
    /// `frameForItem(at:)` of each of `indexPaths` (nil for nil), in bulk: a section is read once
    /// for a run of its items (`frameForItem` copies it out of the layout's state for each).
    /// - Complexity: O(n) lookups, each `frameForItem`'s; O(n) memory.
    func itemFrames(_ indexPaths: [IndexPath?]) -> [Rect?] {
        // (Each frame written in its place: an append checks the array's uniqueness for each.)
        [Rect?](unsafeUninitializedCapacity: indexPaths.count) { frames, written in
            indexPaths.withUnsafeBufferPointer { writeItemFrames($0, into: frames.baseAddress!) }
            written = indexPaths.count
        }
    }

    /// Writes `frameForItem(at:)` of each of `ips` (nil for nil) to its position in `frames`
    /// (uninitialized or holding `Rect?` values there): `itemFrames`' and `FreshCellFrames`' one
    /// home. O(n) lookups.
    func writeItemFrames<P: ItemPaths>(_ ips: P, into frames: UnsafeMutablePointer<Rect?>) {
        guard laysOutLines, state != nil else {
            for j in 0..<ips.count { (frames + j).initialize(to: ips[j].flatMap { frameForItem(at: $0) }) }
            return
        }
        var j = 0
        while j < ips.count {
            guard let ip = ips[j], ip.section >= 0, ip.section < state.unsafelyUnwrapped.sections.count else {
                (frames + j).initialize(to: nil)
                j += 1
                continue
            }
            // (The section's origin written first when an edit left it to be moved lazily, as
            // `frameForItem` does; the state read after.)
            settleOrigin(ofSection: ip.section)
            let st = state.unsafelyUnwrapped
            j = Self.writeFrames(ips, from: j, st, st.sections[ip.section], into: frames)
        }
    }

    /// Writes the frames of `ips[j]` and the index paths after it in its section (each nil when
    /// it is not an item of `sec`) to their positions in `frames` (uninitialized there); returns
    /// the position after them. In a uniform section an item that follows the one before it takes
    /// the next place of the grid instead of dividing by the items a line (`gridPosition`): the
    /// same line and slot, so the same frame (an animated switch away from a flow asks for 10^5
    /// items in order). (Not inlined: the section, a parameter, is passed on as it is, not copied
    /// for each item.)
    @inline(never)
    private static func writeFrames<P: ItemPaths>(
        _ ips: P, from start: Int, _ st: FlowState, _ sec: FlowSection,
        into frames: UnsafeMutablePointer<Rect?>
    ) -> Int {
        let section = ips[start]!.section
        var j = start
        if sec.isUniform {
            // The place of item `last` (-2: none yet).
            var last = -2, line = 0, slot = 0
            while j < ips.count, let ip = ips[j], ip.section == section {
                let i = ip.item
                guard i >= 0, i < sec.itemCount else {
                    (frames + j).initialize(to: nil)
                    j += 1
                    continue
                }
                if i == last + 1 {
                    slot += 1
                    if slot == sec.perLine { (line, slot) = (line + 1, 0) }
                } else {
                    (line, slot) = sec.gridPosition(ofItem: i)
                }
                last = i
                (frames + j).initialize(to: FlowLayout.gridFrame(st.axis, sec, line: line, slot: slot))
                j += 1
            }
            return j
        }
        while j < ips.count, let ip = ips[j], ip.section == section {
            (frames + j).initialize(
                to: ip.item >= 0 && ip.item < sec.itemCount ? FlowLayout.itemFrame(st, sec, item: ip.item) : nil)
            j += 1
        }
        return j
    }
}
