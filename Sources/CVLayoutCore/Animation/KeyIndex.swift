/// Positions by `ElementKey` for `TrackTable`: an open-addressing table (linear probing, a power
/// of two of slots, at most half full) keyed by a seeded 64-bit mix of the key's fields.
///
/// Why not `Dictionary`: a frame looks every on-screen element up once, and `Hasher`'s SipHash
/// was the largest single cost of a lookup (about 120 instructions of 150). The mix here is
/// splitmix64's finalizer over the fields with a per-process random seed (taken from `Hasher`,
/// so `SWIFT_DETERMINISTIC_HASHING` makes it repeatable): keys a host chooses cannot be made to
/// collide on purpose, so lookups stay O(1) expected.
/// - Complexity: lookup, insert, update O(1) expected; remove O(1) expected (backward-shift
///   deletion, no tombstones); memory 16 bytes a slot, 2–4 slots a key.
struct KeyIndex {
    private var keys: [ElementKey] = []
    private var values: [Int32] = []  // -1: empty
    private var mask = 0
    private(set) var count = 0

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

    /// The value of `key`, if present.
    @inline(__always)
    subscript(key: ElementKey) -> Int? {
        guard count > 0 else { return nil }
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
        if (count + 1) * 2 > keys.count { grow() }
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
        return nil
    }

    /// Sets the value of `key` (inserting it), or removes it with nil.
    mutating func set(_ key: ElementKey, _ value: Int?) {
        guard let value else {
            remove(key)
            return
        }
        if (count + 1) * 2 > keys.count { grow() }
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
    }

    private mutating func remove(_ key: ElementKey) {
        guard count > 0 else { return }
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
    }

    /// Makes room for `n` keys without growing again. O(n).
    mutating func reserveCapacity(_ n: Int) {
        guard n > 0, n * 2 > keys.count else { return }
        var slots = Swift.max(16, keys.count)
        while slots < n * 2 { slots *= 2 }
        rehash(slots: slots)
    }

    private mutating func grow() { rehash(slots: Swift.max(16, keys.count * 2)) }

    private mutating func rehash(slots: Int) {
        let old = (keys, values)
        let blank = ElementKey(category: .cell, kind: .none, indexPath: IndexPath(section: 0, item: 0))
        keys = [ElementKey](repeating: blank, count: slots)
        values = [Int32](repeating: -1, count: slots)
        mask = slots - 1
        count = 0
        for (k, v) in zip(old.0, old.1) where v >= 0 { set(k, Int(v)) }
    }
}
