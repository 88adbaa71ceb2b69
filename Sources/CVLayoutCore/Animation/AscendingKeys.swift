/// Lookups by key in a run of elements whose keys strictly ascend (`ElementKey`'s order, so no two
/// are the same), by search instead of a `KeyIndex`. A layout's answer in draw order is such a run
/// when its elements share one z-index (the circle's 10^5 cells, a flow's cells): an animated
/// update that looks up where each element on screen before went then makes no hash table of the
/// answer (a `KeyIndex` of 10^5 keys and a probe for each cost ~130 instructions a key; the order is
/// checked in ~10, and a lookup that finds its key at the hint, as an update's in-order lookups
/// mostly do, in ~15).
enum AscendingKeys {
    /// Whether the keys of `elements` strictly ascend. O(n).
    static func ascend(_ elements: UnsafeBufferPointer<LayoutAttributes>) -> Bool {
        guard elements.count > 1, let base = elements.baseAddress else { return true }
        var last = key(base)
        for i in 1..<elements.count {
            let k = key(base + i)
            guard last < k else { return false }
            last = k
        }
        return true
    }

    /// The key of `*p`, read field by field where it is (`LayoutAttributes.key` of a record read
    /// out of a buffer copied all 288 bytes first).
    @inline(__always)
    static func key(_ p: UnsafePointer<LayoutAttributes>) -> ElementKey {
        ElementKey(category: p.pointee.category, kind: p.pointee.kind, indexPath: p.pointee.indexPath)
    }

    /// The keys of `elements` when they strictly ascend (`ascend`), nil otherwise: one pass, each
    /// key written straight into the new array's storage and compared with the one before it held
    /// in a register (no append, no uniqueness check per key). O(n).
    static func keysIfAscending(_ elements: [LayoutAttributes]) -> [ElementKey]? {
        var ascending = true
        let keys = elements.withUnsafeBufferPointer { e in
            [ElementKey](unsafeUninitializedCapacity: e.count) { out, written in
                written = 0
                guard let base = e.baseAddress, let o = out.baseAddress, e.count > 0 else { return }
                var last = key(base)
                o.initialize(to: last)
                for i in 1..<e.count {
                    let k = key(base + i)
                    guard last < k else {
                        ascending = false
                        written = i
                        return
                    }
                    (o + i).initialize(to: k)
                    last = k
                }
                written = e.count
            }
        }
        return ascending ? keys : nil
    }

    /// The position of `key` in `elements` (whose keys strictly ascend: `ascend`), trying `hint`
    /// (any integer) first; nil when no element has it. O(1) at the hint, else O(log n).
    @inline(__always)
    static func position(
        of key: ElementKey, in elements: UnsafeBufferPointer<LayoutAttributes>, hint: Int
    ) -> Int? {
        position(of: key, count: elements.count, hint: hint) { Self.key(elements.baseAddress! + $0) }
    }

    /// The position of `key` in `keys` (strictly ascending), as above.
    @inline(__always)
    static func position(of key: ElementKey, in keys: UnsafeBufferPointer<ElementKey>, hint: Int) -> Int? {
        position(of: key, count: keys.count, hint: hint) { keys[$0] }
    }

    /// The position of `key` among `count` strictly ascending keys, the i-th `keyAt(i)`.
    @inline(__always)
    private static func position(
        of key: ElementKey, count: Int, hint: Int, keyAt: (Int) -> ElementKey
    ) -> Int? {
        if hint >= 0, hint < count, keyAt(hint) == key { return hint }
        var lo = 0, hi = count
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if keyAt(mid) < key { lo = mid + 1 } else { hi = mid }
        }
        return lo < count && keyAt(lo) == key ? lo : nil
    }
}
