/// Elements by key in insertion order: what was on screen when an animation starts
/// (`CollectionView.onScreen`), and the lookups its set-up makes. Flat arrays and one `KeyIndex`
/// probe per lookup (a seeded mix of the key's fields) instead of a `Dictionary` keyed by
/// `ElementKey` (SipHash per lookup, a resize-and-copy of every element as it grows).
/// - Complexity: lookup, insert O(1) expected; memory O(elements).
struct ElementTable {
    private(set) var keys: [ElementKey] = []
    private(set) var elements: [LayoutAttributes] = []
    private var positions = KeyIndex()
    /// True while `keys` strictly ascend and `positions` is not made (`init?(adopting:indexed:)`):
    /// a lookup searches `keys`; the first change makes `positions`.
    private var searched = false

    init() {}

    /// Room for `n` elements.
    init(capacity n: Int) {
        keys.reserveCapacityInHugePages(n)
        elements.reserveCapacityInHugePages(n)
        positions.reserveCapacity(n)
    }

    /// The table of `elements` in their order, holding the array itself (no element copied),
    /// when no two have the same key; nil otherwise (`insertIfAbsent` keeps the first of a key
    /// then). O(n). `indexed` false: when the keys strictly ascend (`AscendingKeys`: no two the
    /// same, known without hashing them), the index is not made until a change needs it, and a
    /// lookup searches the keys (O(log n)): for a caller that reads the table in order (an
    /// animated update's set-up, 10^5 elements on the circle).
    init?(adopting elements: [LayoutAttributes], indexed: Bool = true) {
        if !indexed, let keys = AscendingKeys.keysIfAscending(elements) {
            self.keys = keys
            self.elements = elements
            searched = true
            return
        }
        var keys: [ElementKey] = []
        keys.reserveCapacityInHugePages(elements.count)
        var positions = KeyIndex()
        positions.reserveCapacity(elements.count)
        let unique = elements.withUnsafeBufferPointer { e in
            for i in e.indices {
                let k = e[i].key
                if positions.insertIfAbsent(k, i) != nil { return false }
                keys.append(k)
            }
            return true
        }
        guard unique else { return nil }
        self.keys = keys
        self.elements = elements
        self.positions = positions
    }

    var count: Int { keys.count }
    var isEmpty: Bool { keys.isEmpty }

    /// The position of `key` in `keys` and `elements`.
    @inline(__always)
    func position(of key: ElementKey) -> Int? {
        if searched { return keys.withUnsafeBufferPointer { AscendingKeys.position(of: key, in: $0, hint: -1) } }
        return positions[key]
    }

    /// The element of `key`; setting replaces it in place or appends it (nil is not allowed).
    subscript(key: ElementKey) -> LayoutAttributes? {
        get { position(of: key).map { elements[$0] } }
        set {
            guard let newValue else { preconditionFailure("ElementTable does not remove elements") }
            set(newValue, for: key)
        }
    }

    /// Adds `a` under `key` when `key` has no element yet; returns false (and keeps the element
    /// there) otherwise.
    @discardableResult
    mutating func insertIfAbsent(_ a: LayoutAttributes, for key: ElementKey) -> Bool {
        if searched { makeIndex() }
        if positions.insertIfAbsent(key, keys.count) != nil { return false }
        keys.append(key)
        elements.append(a)
        return true
    }

    /// Sets the element of `key` (replacing it in place, or appending it).
    mutating func set(_ a: LayoutAttributes, for key: ElementKey) {
        if searched { makeIndex() }
        if let i = positions[key] {
            elements[i] = a
        } else {
            positions.set(key, keys.count)
            keys.append(key)
            elements.append(a)
        }
    }

    /// Makes `positions` of `keys` (a table that searched its keys). O(n).
    private mutating func makeIndex() {
        positions.reserveCapacity(keys.count)
        for i in keys.indices { positions.set(keys[i], i) }
        searched = false
    }

    /// Changes the element at position `i` in place (its key stays).
    mutating func update(at i: Int, _ body: (inout LayoutAttributes) throws -> Void) rethrows {
        try body(&elements[i])
    }
}
