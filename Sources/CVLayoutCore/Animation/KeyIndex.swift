/// Positions by `ElementKey` for `TrackTable`: an open-addressing table (linear probing, a power
/// of two of slots, at most half full) keyed by a seeded 64-bit mix of the key's fields, and for
/// the cells of one section a direct table by item.
///
/// Why not `Dictionary`: a frame looks every on-screen element up once, and `Hasher`'s SipHash
/// was the largest single cost of a lookup (about 120 instructions of 150). The mix here is
/// splitmix64's finalizer over the fields with a per-process random seed (taken from `Hasher`,
/// so `SWIFT_DETERMINISTIC_HASHING` makes it repeatable): keys a host chooses cannot be made to
/// collide on purpose, so lookups stay O(1) expected.
///
/// Why the direct table: an animation that keeps 10^5 elements on screen indexes 10^5 cells of
/// one section several times (what was on screen, the tracks, what is on screen after), each
/// key hashed to a random slot of a table of megabytes. The cells of one section (`denseSection`:
/// the section of the first cell put into the empty index) whose items are below `dense.count`
/// have their values in a direct part by item instead (`values` after the hashed slots, so that
/// the index holds no more references than before: a transition's copies retain each): read and
/// written in the items' order, no hash. The direct part grows (by doubling) only to hold an
/// item below twice the keys held (plus 16), or as reserved: its size stays O(keys). Which part
/// holds a key changes only when the direct part grows or the index is empty, and growing moves
/// the hashed keys it now covers.
/// - Complexity: lookup, insert, update O(1) expected; remove O(1) expected (backward-shift
///   deletion, no tombstones); memory 16 bytes a hashed slot (2–4 slots a hashed key), 4 bytes a
///   direct slot.
struct KeyIndex {
    /// The hashed part's keys, one a slot.
    private var keys: [ElementKey] = []
    /// The hashed part's values, one a slot of `keys` (-1: empty), then the direct part's, one an
    /// item of `denseSection` (-1: none).
    private var values: [Int32] = []
    private var mask = 0
    private(set) var count = 0
    /// How many keys the hashed part holds (the others are in the direct part).
    private var hashed: Int32 = 0
    private var denseSection: Int32 = 0

    /// The process's seed, read once per table (a global's every read goes through `swift_once`).
    private let seed = KeyIndex.processSeed
    private static let processSeed: UInt64 = {
        var h = Hasher()
        h.combine(0x6376_6c61_796f_7574 as UInt64)
        return UInt64(bitPattern: Int64(h.finalize()))
    }()

    @inline(__always)
    private func hash(_ k: ElementKey) -> UInt64 {
        var z = UInt64(bitPattern: Int64(k.indexPath.item)) ^ seed
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z ^= UInt64(bitPattern: Int64(k.indexPath.section)) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= UInt64(UInt32(bitPattern: k.kind.rawValue)) << 8 | UInt64(k.category.rawValue)
        z = (z ^ (z >> 31)) &* 0xBF58_476D_1CE4_E5B9
        return z ^ (z >> 29)
    }

    /// How many items of `denseSection` the direct part holds.
    @inline(__always)
    private var denseCount: Int { values.count - keys.count }

    /// Whether `k` is a cell of `denseSection` (its item may be anything).
    @inline(__always)
    private func isDenseSectionCell(_ k: ElementKey) -> Bool {
        k.category == .cell && k.kind == .none && k.indexPath.section == Int(denseSection)
    }

    /// `k`'s position in `values` when the direct part holds it, nil when the hashed part does.
    @inline(__always)
    private func denseSlot(_ k: ElementKey) -> Int? {
        guard isDenseSectionCell(k), UInt(bitPattern: k.indexPath.item) < UInt(denseCount) else { return nil }
        return keys.count + k.indexPath.item
    }

    /// Before an insert of `k`: an empty index takes the section of a cell as `denseSection`, and
    /// the direct part grows to hold `k` when its item is below twice the keys held (plus 16).
    @inline(__always)
    private mutating func prepareInsert(_ k: ElementKey) {
        if count == 0, k.category == .cell, k.kind == .none, let s = Int32(exactly: k.indexPath.section) {
            denseSection = s
        }
        let item = k.indexPath.item
        if isDenseSectionCell(k), item >= denseCount, item < 2 * count + 16 {
            growDense(to: Swift.max(16, 2 * denseCount, item + 1))
        }
    }

    /// The value of `key`, if present.
    @inline(__always)
    subscript(key: ElementKey) -> Int? {
        if let d = denseSlot(key) {
            let v = values.withUnsafeBufferPointer { $0[d] }
            return v < 0 ? nil : Int(v)
        }
        guard hashed > 0 else { return nil }
        var i = Int(truncatingIfNeeded: hash(key)) & mask
        while true {
            let v = values[i]
            if v < 0 { return nil }
            if keys[i] == key { return Int(v) }
            i = (i + 1) & mask
        }
    }

    /// The value of `key` when it has one (left as it is); otherwise `value` becomes its value and
    /// the result is nil. One probe where a lookup and `set` make two. O(1) amortized.
    @inline(__always)
    mutating func insertIfAbsent(_ key: ElementKey, _ value: Int) -> Int? {
        prepareInsert(key)
        if let d = denseSlot(key) {
            let v = values[d]
            if v >= 0 { return Int(v) }
            values[d] = Int32(value)
            count += 1
            return nil
        }
        if (Int(hashed) + 1) * 2 > keys.count { grow() }
        var i = Int(truncatingIfNeeded: hash(key)) & mask
        while true {
            let v = values[i]
            if v < 0 { break }
            if keys[i] == key { return Int(v) }
            i = (i + 1) & mask
        }
        keys[i] = key
        values[i] = Int32(value)
        count += 1
        hashed += 1
        return nil
    }

    /// Sets the value of `key` (inserting it), or removes it with nil.
    mutating func set(_ key: ElementKey, _ value: Int?) {
        guard let value else {
            remove(key)
            return
        }
        prepareInsert(key)
        place(key, value)
    }

    /// Sets the value of `key` where it belongs now (no change of `denseSection` or the direct
    /// part's size).
    private mutating func place(_ key: ElementKey, _ value: Int) {
        if let d = denseSlot(key) {
            if values[d] < 0 { count += 1 }
            values[d] = Int32(value)
            return
        }
        if (Int(hashed) + 1) * 2 > keys.count { grow() }
        var i = Int(truncatingIfNeeded: hash(key)) & mask
        while values[i] >= 0 {
            if keys[i] == key {
                values[i] = Int32(value)
                return
            }
            i = (i + 1) & mask
        }
        keys[i] = key
        values[i] = Int32(value)
        count += 1
        hashed += 1
    }

    private mutating func remove(_ key: ElementKey) {
        if let d = denseSlot(key) {
            if values[d] >= 0 {
                values[d] = -1
                count -= 1
            }
            return
        }
        guard hashed > 0 else { return }
        var i = Int(truncatingIfNeeded: hash(key)) & mask
        while true {
            if values[i] < 0 { return }
            if keys[i] == key { break }
            i = (i + 1) & mask
        }
        // Backward-shift deletion: move later entries of the run into the hole when their home
        // slot is not between the hole and them.
        var hole = i
        var j = (i + 1) & mask
        while values[j] >= 0 {
            let home = Int(truncatingIfNeeded: hash(keys[j])) & mask
            let distanceToJ = (j - home) & mask, distanceToHole = (hole - home) & mask
            if distanceToHole < distanceToJ {
                keys[hole] = keys[j]
                values[hole] = values[j]
                hole = j
            }
            j = (j + 1) & mask
        }
        values[hole] = -1
        count -= 1
        hashed -= 1
    }

    /// Makes room for `n` keys: `n` cells of one section (from item 0) without growing again;
    /// the hashed part grows as keys come to it. O(n).
    mutating func reserveCapacity(_ n: Int) {
        guard n > denseCount else { return }
        growDense(to: n)
    }

    private mutating func grow() { rehash(slots: Swift.max(16, keys.count * 2), denseCount: denseCount) }

    /// Makes the direct part `n` items long (n > its size), moving the hashed keys it now covers
    /// into it.
    private mutating func growDense(to n: Int) { rehash(slots: keys.count, denseCount: n) }

    /// Makes the hashed part `slots` slots (a power of two, at least twice the hashed keys, or
    /// none) and the direct part `denseCount` items (at least as many as it holds), then puts
    /// each key where it belongs.
    private mutating func rehash(slots: Int, denseCount n: Int) {
        let old = (keys, values)
        let oldSlots = keys.count
        let blank = ElementKey(category: .cell, kind: .none, indexPath: IndexPath(section: 0, item: 0))
        if slots != oldSlots || hashed > 0 {
            keys = [ElementKey](repeating: blank, count: slots)
            values = [Int32](repeating: -1, count: slots)
            values.append(contentsOf: old.1[oldSlots...])
            mask = slots - 1
        }
        values.append(contentsOf: repeatElement(-1, count: n - (values.count - slots)))
        guard hashed > 0 else { return }
        count -= Int(hashed)
        hashed = 0
        for (k, v) in zip(old.0, old.1) where v >= 0 { place(k, Int(v)) }
    }
}
