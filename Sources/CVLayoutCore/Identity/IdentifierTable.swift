/// A hash table from 64-bit identifiers to non-negative positions, built once from a list.
///
/// Open addressing with linear probing over a power-of-two table at most half full. Keys are
/// mixed with a per-process random seed (splitmix64's finalizer), so a host cannot make lookups
/// degrade by choosing identifiers that collide.
///
/// - Complexity: building is O(n) expected time and O(n) memory (12 bytes per slot, 2n to 4n
///   slots); a lookup is O(1) expected. Holds fewer than 2^31 positions.
struct IdentifierTable: Sendable {
    private var keys: [UInt64] = []
    /// `values[i]` is the position stored with `keys[i]`, or -1 for an empty slot (positions are
    /// below `CollectionView.maxStoredItems` < 2^31).
    private var values: [Int32] = []
    private var mask = 0
    /// The number of identifiers stored.
    private(set) var count = 0

    private static let processSeed: UInt64 = {
        var g = SystemRandomNumberGenerator()
        return g.next()
    }()
    /// The process seed, read once per table (a global's every access is a `swift_once` check).
    private var seed: UInt64 = 0

    @inline(__always)
    private func mix(_ key: UInt64) -> UInt64 {
        var z = key &+ seed &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An empty table with room for `capacity` identifiers.
    init(capacity: Int) {
        var size = 8
        while size < capacity * 2 { size <<= 1 }
        keys = [UInt64](repeating: 0, count: size)
        values = [Int32](repeating: -1, count: size)
        mask = size - 1
        seed = Self.processSeed
    }

    /// Stores `position` for `key` unless `key` is already stored; returns the position stored
    /// before (the duplicate's), or nil when `key` is new. Never grows: callers size the table
    /// for every key they insert.
    @inline(__always)
    mutating func insert(_ key: UInt64, _ position: Int) -> Int? {
        var i = Int(truncatingIfNeeded: mix(key)) & mask
        while values[i] >= 0 {
            if keys[i] == key { return Int(values[i]) }
            i = (i + 1) & mask
        }
        keys[i] = key
        values[i] = Int32(truncatingIfNeeded: position)
        count += 1
        return nil
    }

    /// Stores `position` for `key`, inserted or replacing what was stored; returns the position
    /// stored before, or nil when `key` is new. Never grows (see `insert`).
    @inline(__always)
    mutating func update(_ key: UInt64, _ position: Int) -> Int? {
        var i = Int(truncatingIfNeeded: mix(key)) & mask
        while values[i] >= 0 {
            if keys[i] == key {
                let before = Int(values[i])
                values[i] = Int32(truncatingIfNeeded: position)
                return before
            }
            i = (i + 1) & mask
        }
        keys[i] = key
        values[i] = Int32(truncatingIfNeeded: position)
        count += 1
        return nil
    }

    /// The number of slots (a power of two); `count` may reach `slotCount / 2` without slowing
    /// lookups much, and must stay below it for `insert` and `update` to end.
    var slotCount: Int { values.count }

    /// The position stored for `key`, or nil.
    @inline(__always)
    func position(of key: UInt64) -> Int? {
        guard count > 0 else { return nil }
        var i = Int(truncatingIfNeeded: mix(key)) & mask
        while values[i] >= 0 {
            if keys[i] == key { return Int(values[i]) }
            i = (i + 1) & mask
        }
        return nil
    }
}
