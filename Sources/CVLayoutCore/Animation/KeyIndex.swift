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
/// have their values at `dense[item]` instead: read and written in the items' order, no hash.
/// `dense` grows (by doubling) only to hold an item below twice the keys held (plus 16), or as
/// reserved: its size stays O(keys). Which part holds a key changes only when `dense` grows or
/// the index is empty, and growing moves the hashed keys it now covers.
/// - Complexity: lookup, insert, update O(1) expected; remove O(1) expected (backward-shift
///   deletion, no tombstones); memory 16 bytes a hashed slot (2–4 slots a hashed key), 4 bytes a
///   direct slot.
struct KeyIndex {
    private var keys: [ElementKey] = []
    private var values: [Int32] = []  // -1: empty
    private var mask = 0
    private(set) var count = 0
    /// How many keys the hashed part holds (the others are in `dense`).
    private var hashed = 0
    /// The values of the cells of `denseSection` by item (-1: none).
    private var dense: [Int32] = []
    private var denseSection = 0

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

    /// Whether `k` is a cell of `denseSection` (its item may be anything).
    @inline(__always)
    private func isDenseSectionCell(_ k: ElementKey) -> Bool {
        k.category == .cell && k.kind == .none && k.indexPath.section == denseSection
    }

    /// `k`'s slot in `dense`, or nil when the hashed part holds it.
    @inline(__always)
    private func denseSlot(_ k: ElementKey) -> Int? {
        guard isDenseSectionCell(k), UInt(bitPattern: k.indexPath.item) < UInt(dense.count) else { return nil }
        return k.indexPath.item
    }

    /// Before an insert of `k`: an empty index takes the section of a cell as `denseSection`, and
    /// `dense` grows to hold `k` when its item is below twice the keys held (plus 16).
    @inline(__always)
    private mutating func prepareInsert(_ k: ElementKey) {
        if count == 0, k.category == .cell, k.kind == .none { denseSection = k.indexPath.section }
        if isDenseSectionCell(k), k.indexPath.item >= dense.count, k.indexPath.item < 2 * count + 16 {
            growDense(to: Swift.max(16, 2 * dense.count, k.indexPath.item + 1))
        }
    }

    /// The value of `key`, if present.
    @inline(__always)
    subscript(key: ElementKey) -> Int? {
        if let d = denseSlot(key) {
            let v = dense.withUnsafeBufferPointer { $0[d] }
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
            let v = dense[d]
            if v >= 0 { return Int(v) }
            dense[d] = Int32(value)
            count += 1
            return nil
        }
        if (hashed + 1) * 2 > keys.count { grow() }
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

    /// Sets the value of `key` where it belongs now (no change of `denseSection` or `dense`).
    private mutating func place(_ key: ElementKey, _ value: Int) {
        if let d = denseSlot(key) {
            if dense[d] < 0 { count += 1 }
            dense[d] = Int32(value)
            return
        }
        if (hashed + 1) * 2 > keys.count { grow() }
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
            if dense[d] >= 0 {
                dense[d] = -1
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
        guard n > dense.count else { return }
        growDense(to: n)
    }

    private mutating func grow() { rehash(slots: Swift.max(16, keys.count * 2)) }

    /// Makes `dense` `n` slots long (n > its size), moving the hashed keys it now covers into it.
    private mutating func growDense(to n: Int) {
        dense.append(contentsOf: repeatElement(-1, count: n - dense.count))
        if hashed > 0 { rehash(slots: keys.count) }
    }

    /// Puts the hashed keys into a hashed part of `slots` slots (or into `dense`, when it holds
    /// them now).
    private mutating func rehash(slots: Int) {
        let old = (keys, values)
        let blank = ElementKey(category: .cell, kind: .none, indexPath: IndexPath(section: 0, item: 0))
        keys = [ElementKey](repeating: blank, count: slots)
        values = [Int32](repeating: -1, count: slots)
        mask = slots - 1
        count -= hashed
        hashed = 0
        for (k, v) in zip(old.0, old.1) where v >= 0 { place(k, Int(v)) }
    }
}
