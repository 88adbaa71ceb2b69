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
    /// The section of the first cell put into the indexed table (`Int.min`: none, or not
    /// worked out while `searched`) and bounds of the items of its cells held: a lookup of a cell
    /// of that section outside them answers nil without probing the index. (A flow scrolled far
    /// from its first items holds its on-screen cells hashed; a switch to a layout that puts
    /// every element on screen looks each of 10^5 up here.) Bounds: they never shrink.
    private var cellSection = Int.min, cellLow = Int.max, cellHigh = Int.min
    /// Whether every element is a turned cell as a layout sent it (`init?(adopting:indexed:
    /// onlyTurnedCells:)`: a set-up then reads each one's turn without testing its matrix,
    /// `PlanarEnds.knownTurn(of:)`); false once an element is put in or set.
    private(set) var holdsOnlyTurnedCells = false

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
    /// `onlyTurnedCells`: every element of `elements` is a turned cell as the layout sent it
    /// (`CollectingSink.holdsOnlyTurnedCells`), kept as `holdsOnlyTurnedCells`.
    init?(adopting elements: [LayoutAttributes], indexed: Bool = true, onlyTurnedCells: Bool = false) {
        holdsOnlyTurnedCells = onlyTurnedCells
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
        for k in keys { noteCell(k) }
    }

    /// Widens the cells' bounds to `k` when it is a cell of `cellSection` (taking its section
    /// when there is none yet).
    @inline(__always)
    private mutating func noteCell(_ k: ElementKey) {
        guard k.category == .cell, k.kind == .none else { return }
        if cellSection == Int.min { cellSection = k.indexPath.section }
        guard k.indexPath.section == cellSection else { return }
        cellLow = Swift.min(cellLow, k.indexPath.item)
        cellHigh = Swift.max(cellHigh, k.indexPath.item)
    }

    var count: Int { keys.count }
    var isEmpty: Bool { keys.isEmpty }

    /// The position of `key` in `keys` and `elements`.
    @inline(__always)
    func position(of key: ElementKey) -> Int? {
        if searched { return keys.withUnsafeBufferPointer { AscendingKeys.position(of: key, in: $0, hint: -1) } }
        if key.indexPath.section == cellSection, key.category == .cell, key.kind == .none,
            key.indexPath.item < cellLow || key.indexPath.item > cellHigh
        {
            return nil
        }
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
        holdsOnlyTurnedCells = false
        noteCell(key)
        keys.append(key)
        elements.append(a)
        return true
    }

    /// Sets the element of `key` (replacing it in place, or appending it).
    mutating func set(_ a: LayoutAttributes, for key: ElementKey) {
        if searched { makeIndex() }
        holdsOnlyTurnedCells = false
        if let i = positions[key] {
            elements[i] = a
        } else {
            positions.set(key, keys.count)
            noteCell(key)
            keys.append(key)
            elements.append(a)
        }
    }

    /// Makes `positions` of `keys` (a table that searched its keys). O(n).
    private mutating func makeIndex() {
        positions.reserveCapacity(keys.count)
        for i in keys.indices {
            positions.set(keys[i], i)
            noteCell(keys[i])
        }
        searched = false
    }

    /// Sets the identifier of the element at position `i` in place (its key and the rest stay).
    mutating func setIdentifier(at i: Int, _ id: UInt64?) {
        elements[i].identifier = id
    }
}
