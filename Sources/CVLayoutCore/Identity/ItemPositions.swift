/// Item identifier → flat position (items of all sections in order) for one snapshot, built so
/// that a snapshot derived from another by changing k items costs O(k) hash updates instead of a
/// new table of all N identifiers.
///
/// Storage: one hash table, identifier → *raw number* (`IdentifierStore`, a reference shared by
/// a chain of snapshots, each derived from the one before), and per snapshot a list of segments,
/// sorted by raw number, each mapping a run of raw numbers to a run of flat positions. A fresh
/// table numbers the items 0 ..< N in one segment. A derived snapshot drops the raw numbers of
/// the items it no longer has (their keys stay in the table, covered by no segment: garbage),
/// shifts the segments after each change, and gives the items of each changed run fresh raw
/// numbers in a new segment. Raw numbers are never reused, so a garbage key never maps to a
/// live item. Only the newest snapshot of a chain reads the shared table (`token`); an older one
/// answers by scanning its identifiers (O(N) a lookup — only a Swift caller that keeps a view's
/// old `IndexedSnapshot` sees that; the view's own snapshot is always the newest).
///
/// - Complexity: a lookup is O(1) expected + O(log segments); a derivation is O(k + segments +
///   changed runs) for k changed items, and falls back to a fresh O(N) table when the table
///   would be more than 5/8 full, beyond `maxSegments` segments, or out of raw numbers.
struct ItemPositions: Sendable {
    /// Raw numbers `raw ..< raw + count` are the items at flat positions `flat ..< flat + count`.
    struct Segment: Equatable, Sendable {
        var raw: Int
        var count: Int
        var flat: Int
    }

    /// A derivation's record of what it wrote to the shared table, to take it back.
    struct Undo {
        fileprivate let store: IdentifierStore
        fileprivate let token: Int
        fileprivate let replaced: [(key: UInt64, raw: Int)]

        /// Puts the table back as it was for the snapshot derived from (keys the derivation
        /// added stay, as garbage: their raw numbers are fresh, covered by no older segment).
        func apply() {
            for r in replaced.reversed() { _ = store.table.update(r.key, r.raw) }
            store.token = token
        }
    }

    /// Segments beyond which a derivation builds a fresh table (a lookup's binary search grows
    /// with them, and each derivation copies them).
    static let maxSegments = 1024

    private let store: IdentifierStore
    private let token: Int
    let segments: [Segment]

    /// Numbers the identifiers of `lists` (section by section) 0 ..< N in flat order.
    /// - Parameter count: the number of identifiers in `lists`.
    /// - Returns: the positions, or the flat positions of the first duplicate found (the first
    ///   identifier seen twice, at its two places).
    static func build(_ lists: [SnapshotItems], count: Int) -> Result<ItemPositions, Duplicate> {
        var table = IdentifierTable(capacity: count)
        var flat = 0
        for list in lists {
            for id in list.array {
                if let first = table.insert(id, flat) {
                    return .failure(Duplicate(id: id, first: first, second: flat))
                }
                flat += 1
            }
        }
        let store = IdentifierStore(table: table, nextRaw: count)
        let segments = count > 0 ? [Segment(raw: 0, count: count, flat: 0)] : []
        return .success(ItemPositions(store: store, token: store.token, segments: segments))
    }

    /// An identifier found twice, at flat positions `first < second`.
    struct Duplicate: Error {
        let id: UInt64
        let first: Int
        let second: Int
    }

    private init(store: IdentifierStore, token: Int, segments: [Segment]) {
        self.store = store
        self.token = token
        self.segments = segments
    }

    /// True when this snapshot is the newest of its chain (lookups read the shared table).
    var isCurrent: Bool { store.token == token }

    /// The flat position of `id` (nil when absent). `lists` are this snapshot's identifiers,
    /// read only when it is no longer the newest of its chain.
    func position(of id: UInt64, scan lists: [SnapshotItems]) -> Int? {
        guard isCurrent else {
            var flat = 0
            for list in lists {
                if let i = list.array.firstIndex(of: id) { return flat + i }
                flat += list.count
            }
            return nil
        }
        guard let raw = store.table.position(of: id) else { return nil }
        // The last segment whose first raw number is <= raw.
        let k = flowPartitionPoint(0, segments.count) { segments[$0].raw > raw } - 1
        guard k >= 0 else { return nil }
        let s = segments[k]
        return raw < s.raw + s.count ? s.flat + (raw - s.raw) : nil
    }

    /// One changed run: the old items at flat `oldStart ..< oldStart + oldCount` are replaced by
    /// `newIDs`, which start at flat `newStart` in the derived snapshot.
    struct Change {
        let oldStart: Int
        let oldCount: Int
        let newStart: Int
        let newIDs: ArraySlice<UInt64>
    }

    /// The positions of a snapshot that differs from this one only by `changes` (in flat order,
    /// not overlapping), for `total` items; nil when the shared table cannot take them (the
    /// caller then builds a fresh table). The caller has checked that the result has no
    /// duplicate. nil as well when this is no longer the newest snapshot of its chain.
    /// - Returns: the positions and how to take the table back (`Undo.apply`) if the derived
    ///   snapshot is not kept.
    func deriving(_ changes: [Change], total: Int) -> (ItemPositions, Undo)? {
        guard isCurrent else { return nil }
        let added = changes.reduce(0) { $0 + $1.newIDs.count }
        // (Read in place: a local copy of the table would make the writes below copy it.)
        guard store.table.count + added <= store.table.slotCount / 8 * 5, store.nextRaw + added < Int(Int32.max),
            segments.count + 2 * changes.count <= Self.maxSegments
        else { return nil }
        // Old flat position x outside every changed run goes to x + shift, where shift adds
        // (new count - old count) of every run ending at or before x.
        var out: [Segment] = []
        out.reserveCapacity(segments.count + 2 * changes.count)
        func append(_ s: Segment) {
            if let last = out.last, last.raw + last.count == s.raw, last.flat + last.count == s.flat {
                out[out.count - 1].count += s.count
            } else {
                out.append(s)
            }
        }
        // Runs sorted by old start; shifts[k] is the shift after run k.
        var shifts: [Int] = []
        shifts.reserveCapacity(changes.count)
        var shift = 0
        for c in changes {
            shift += c.newIDs.count - c.oldCount
            shifts.append(shift)
        }
        for seg in segments {
            var x = seg.flat
            let end = seg.flat + seg.count
            // The first run that ends after x.
            var k = firstRun(endingAfter: x, changes)
            while x < end {
                let before = k > 0 ? shifts[k - 1] : 0
                if k == changes.count || end <= changes[k].oldStart {
                    append(Segment(raw: seg.raw + (x - seg.flat), count: end - x, flat: x + before))
                    break
                }
                let c = changes[k]
                if x < c.oldStart {
                    append(Segment(raw: seg.raw + (x - seg.flat), count: c.oldStart - x, flat: x + before))
                }
                x = max(x, c.oldStart + c.oldCount)
                k += 1
            }
        }
        var replaced: [(key: UInt64, raw: Int)] = []
        let oldToken = store.token
        var raw = store.nextRaw
        var fresh: [Segment] = []
        for c in changes where !c.newIDs.isEmpty {
            fresh.append(Segment(raw: raw, count: c.newIDs.count, flat: c.newStart))
            for id in c.newIDs {
                if let before = store.table.update(id, raw) { replaced.append((id, before)) }
                raw += 1
            }
        }
        // Fresh raw numbers are above every older one: their segments go last, in order.
        for s in fresh { append(s) }
        store.nextRaw = raw
        store.lastToken += 1
        store.token = store.lastToken
        let derived = ItemPositions(store: store, token: store.token, segments: out)
        return (derived, Undo(store: store, token: oldToken, replaced: replaced))
    }

    /// The index of the first change whose old run ends after flat position `x`.
    private func firstRun(endingAfter x: Int, _ changes: [Change]) -> Int {
        flowPartitionPoint(0, changes.count) { changes[$0].oldStart + changes[$0].oldCount > x }
    }
}

/// The hash table a chain of snapshots shares (see `ItemPositions`). Used by one view at a time
/// (the library lock), like the view itself.
final class IdentifierStore: @unchecked Sendable {
    var table: IdentifierTable
    /// The next fresh raw number.
    var nextRaw: Int
    /// The token of the snapshot that may read the table; `lastToken` the last one handed out.
    var token = 0
    var lastToken = 0

    init(table: IdentifierTable, nextRaw: Int) {
        self.table = table
        self.nextRaw = nextRaw
    }
}
