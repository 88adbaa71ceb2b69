import CCVLayout
import CVLayoutCore

// The rect queries' output: every layout's elements go through one sink (`ElementSink`, which
// validates them) straight into C structs, in a scratch buffer the view reuses, and from there
// into the caller's buffer in draw order. A count-only query stores nothing; a buffer too small
// stops storing at its capacity and only counts the rest. Memory: O(min(k, capacity)).

/// A record a C rect query writes: `cvl_attributes` (everything) or `cvl_element` (compact).
protocol CQueryRecord {
    /// Initializes `p` to a cell at `section`, `item` with frame `f` and every other attribute at
    /// its default (`LayoutAttributes.cell`'s), built in place: no record is built on the stack
    /// and then copied.
    static func initializeCell(_ p: UnsafeMutablePointer<Self>, section: Int, item: Int, frame f: Rect)
    /// Sets a cell's alpha, z-index and hidden (on a default cell: `initializeCell`'s, for an animating one).
    mutating func setLook(alpha: Double, zIndex: Int, isHidden: Bool)
    /// Writes `a` (its identifier included) to `p`.
    static func write(_ a: LayoutAttributes, to p: UnsafeMutablePointer<Self>)
    /// Writes what `write` writes of `a` with these frame, transform, alpha, z-index and hidden,
    /// no custom slots, and the identifier `id` (`ElementSink.storeElement(like:…)`).
    static func write(
        like a: LayoutAttributes, frame f: Rect, transform: Transform3D, alpha: Double, zIndex: Int, isHidden: Bool,
        identifier id: UInt64?, to p: UnsafeMutablePointer<Self>)
    /// Initializes `p` to the cell at `section`, `item` whose attributes are the defaults but for
    /// these frame, transform, alpha, z-index and hidden: what `write` writes of such attributes
    /// (`ElementSink.storeCell(section:item:frame:transform:…)`), without an identifier.
    static func initializeCell(
        _ p: UnsafeMutablePointer<Self>, section: Int, item: Int, frame f: Rect, transform: Transform3D, alpha: Double,
        zIndex: Int, isHidden: Bool)
    mutating func setIdentifier(_ id: UInt64)
    var drawKey: DrawKey { get }
    var isCell: Bool { get }
    /// The point a layout's `cellDrawRank` ranks (the element's centre).
    var rankPoint: Point { get }
    /// A sink of such records (a concrete subclass, so that the per-element code is specialized).
    static func sink(buffer: CRecordBuffer<Self>, out: UnsafeMutablePointer<Self>?, capacity: Int) -> CBufferSink<Self>
}

extension cvl_attributes: CQueryRecord {
    /// Field by field: stores of constants, where a copy of a 320-byte template is a `memcpy`
    /// call a cell (measured: 73 instructions of the 150 a full cell cost). The values are
    /// `LayoutAttributes.cell`'s defaults (identity transform, alpha 1, z 0, no custom slots):
    /// the C harness compares every field of these cells with `cvl_view_attributes_for_item`'s
    /// record, and `DirectQueryRecordTests` with `LayoutAttributes.cell(…).c`.
    @inline(__always)
    static func initializeCell(
        _ p: UnsafeMutablePointer<cvl_attributes>, section: Int, item: Int, frame f: Rect
    ) {
        let w = f.size.width, h = f.size.height
        p.initialize(
            to: cvl_attributes(
                index_path: cvl_index_path(section: Int64(section), item: Int64(item)),
                category: Int32(CVL_CATEGORY_CELL), kind: Int32(CVL_KIND_NONE),
                frame: cvl_rect(x: f.origin.x, y: f.origin.y, width: w, height: h),
                center: cvl_point(x: f.origin.x + w / 2, y: f.origin.y + h / 2),
                size: cvl_size(width: w, height: h),
                transform: cvl_transform3d(
                    m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: 0,
                    m41: 0, m42: 0, m43: 0, m44: 1),
                alpha: 1, z_index: 0, hidden: 0, custom_count: 0, custom: (0, 0, 0, 0, 0, 0, 0, 0), disappearing: 0,
                has_identifier: 0, identifier: 0))
    }
    @inline(__always)
    mutating func setLook(alpha a: Double, zIndex: Int, isHidden: Bool) {
        alpha = a
        z_index = Int64(zIndex)
        hidden = isHidden ? 1 : 0
    }
    static func write(_ a: LayoutAttributes, to p: UnsafeMutablePointer<cvl_attributes>) { a.write(to: p) }
    /// Field by field, as `LayoutAttributes.write(to:)` writes the attributes `a.with(frame:…)`.
    @inline(__always)
    static func write(
        like a: LayoutAttributes, frame f: Rect, transform: Transform3D, alpha: Double, zIndex: Int, isHidden: Bool,
        identifier id: UInt64?, to p: UnsafeMutablePointer<cvl_attributes>
    ) {
        let w = f.size.width, h = f.size.height
        p.initialize(
            to: cvl_attributes(
                index_path: a.indexPath.c, category: Int32(a.category.rawValue), kind: a.kind.rawValue,
                frame: cvl_rect(x: f.origin.x, y: f.origin.y, width: w, height: h),
                center: cvl_point(x: f.origin.x + w / 2, y: f.origin.y + h / 2),
                size: cvl_size(width: w, height: h), transform: transform.c, alpha: alpha, z_index: Int64(zIndex),
                hidden: isHidden ? 1 : 0, custom_count: 0, custom: (0, 0, 0, 0, 0, 0, 0, 0),
                disappearing: a.isDisappearing ? 1 : 0, has_identifier: id == nil ? 0 : 1, identifier: id ?? 0))
    }
    @inline(__always)
    static func initializeCell(
        _ p: UnsafeMutablePointer<cvl_attributes>, section: Int, item: Int, frame f: Rect, transform: Transform3D,
        alpha: Double, zIndex: Int, isHidden: Bool
    ) {
        let w = f.size.width, h = f.size.height
        p.initialize(
            to: cvl_attributes(
                index_path: cvl_index_path(section: Int64(section), item: Int64(item)),
                category: Int32(CVL_CATEGORY_CELL), kind: Int32(CVL_KIND_NONE),
                frame: cvl_rect(x: f.origin.x, y: f.origin.y, width: w, height: h),
                center: cvl_point(x: f.origin.x + w / 2, y: f.origin.y + h / 2),
                size: cvl_size(width: w, height: h), transform: transform.c, alpha: alpha, z_index: Int64(zIndex),
                hidden: isHidden ? 1 : 0, custom_count: 0, custom: (0, 0, 0, 0, 0, 0, 0, 0), disappearing: 0,
                has_identifier: 0, identifier: 0))
    }
    @inline(__always)
    mutating func setIdentifier(_ id: UInt64) {
        has_identifier = 1
        identifier = id
    }
    var drawKey: DrawKey {
        DrawKey(z: z_index, category: category, kind: kind, section: index_path.section, item: index_path.item)
    }
    var isCell: Bool { category == Int32(CVL_CATEGORY_CELL) }
    var rankPoint: Point { Point(x: center.x, y: center.y) }
    static func sink(
        buffer: CRecordBuffer<cvl_attributes>, out: UnsafeMutablePointer<cvl_attributes>?, capacity: Int
    ) -> CBufferSink<cvl_attributes> {
        CAttributesSink(buffer: buffer, out: out, capacity: capacity)
    }
}

extension cvl_element: CQueryRecord {
    @inline(__always)
    static func initializeCell(
        _ p: UnsafeMutablePointer<cvl_element>, section: Int, item: Int, frame f: Rect
    ) {
        // Every field but the index path and the frame is 0 (category CVL_CATEGORY_CELL = 0).
        p.initialize(
            to: cvl_element(
                index_path: cvl_index_path(section: Int64(section), item: Int64(item)),
                category: Int32(CVL_CATEGORY_CELL), kind: 0,
                frame: cvl_rect(x: f.origin.x, y: f.origin.y, width: f.size.width, height: f.size.height),
                identifier: 0, flags: 0, reserved: 0))
    }
    @inline(__always)
    mutating func setLook(alpha: Double, zIndex: Int, isHidden: Bool) {
        if isHidden { flags |= CVL_ELEMENT_HIDDEN }
    }
    static func write(_ a: LayoutAttributes, to p: UnsafeMutablePointer<cvl_element>) {
        write(like: a, frame: a.frame, isHidden: a.isHidden, identifier: a.identifier, to: p)
        // (z-index is not in the record: `drawKey` of a written element assumes 0, so a query
        // whose elements have other z-indices is sorted by the full attributes' rule below.)
    }
    @inline(__always)
    static func write(
        like a: LayoutAttributes, frame f: Rect, transform: Transform3D, alpha: Double, zIndex: Int, isHidden: Bool,
        identifier id: UInt64?, to p: UnsafeMutablePointer<cvl_element>
    ) {
        write(like: a, frame: f, isHidden: isHidden, identifier: id, to: p)
    }
    @inline(__always)
    private static func write(
        like a: LayoutAttributes, frame f: Rect, isHidden: Bool, identifier id: UInt64?,
        to p: UnsafeMutablePointer<cvl_element>
    ) {
        var flags: UInt32 = 0
        if id != nil { flags |= CVL_ELEMENT_HAS_IDENTIFIER }
        if a.isDisappearing { flags |= CVL_ELEMENT_DISAPPEARING }
        if isHidden { flags |= CVL_ELEMENT_HIDDEN }
        p.pointee = cvl_element(
            index_path: a.indexPath.c, category: Int32(a.category.rawValue), kind: a.kind.rawValue, frame: f.c,
            identifier: id ?? 0, flags: flags, reserved: 0)
    }
    @inline(__always)
    static func initializeCell(
        _ p: UnsafeMutablePointer<cvl_element>, section: Int, item: Int, frame f: Rect, transform: Transform3D,
        alpha: Double, zIndex: Int, isHidden: Bool
    ) {
        p.initialize(
            to: cvl_element(
                index_path: cvl_index_path(section: Int64(section), item: Int64(item)),
                category: Int32(CVL_CATEGORY_CELL), kind: Int32(CVL_KIND_NONE), frame: f.c, identifier: 0,
                flags: isHidden ? CVL_ELEMENT_HIDDEN : 0, reserved: 0))
    }
    @inline(__always)
    mutating func setIdentifier(_ id: UInt64) {
        flags |= CVL_ELEMENT_HAS_IDENTIFIER
        identifier = id
    }
    var drawKey: DrawKey {
        DrawKey(z: 0, category: category, kind: kind, section: index_path.section, item: index_path.item)
    }
    var isCell: Bool { category == Int32(CVL_CATEGORY_CELL) }
    var rankPoint: Point { Point(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2) }
    static func sink(
        buffer: CRecordBuffer<cvl_element>, out: UnsafeMutablePointer<cvl_element>?, capacity: Int
    ) -> CBufferSink<cvl_element> {
        CElementsSink(buffer: buffer, out: out, capacity: capacity)
    }
}

/// A growable buffer of C records, owned by one view and reused by every query.
final class CRecordBuffer<R: CQueryRecord> {
    private(set) var base: UnsafeMutablePointer<R>
    private(set) var capacity: Int

    init(capacity: Int = 64) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for at least `count` elements, keeping the first `used`. Amortized O(1).
    func reserve(_ count: Int, keeping used: Int) {
        guard count > capacity else { return }
        let grown = Swift.max(count, capacity * 2)
        let fresh = UnsafeMutablePointer<R>.allocate(capacity: grown)
        fresh.update(from: base, count: used)  // a trivial C struct
        base.deallocate()
        base = fresh
        capacity = grown
    }

    /// Gives back most of a buffer a large query grew: keeps room for `used` (at least 64)
    /// when it holds more than four times that and more than 4096 elements, so one huge query
    /// does not leave a view holding its memory for good.
    func trim(used: Int) {
        let keep = Swift.max(used, 64)
        guard capacity > 4096, capacity > 4 * keep else { return }
        base.deallocate()
        base = .allocate(capacity: keep)
        capacity = keep
    }
}

typealias CAttributesBuffer = CRecordBuffer<cvl_attributes>

/// An element's place in the documented draw order (z-index, category, kind, index path).
struct DrawKey: Comparable {
    var z: Int64, category: Int32, kind: Int32, section: Int64, item: Int64
    static func < (a: DrawKey, b: DrawKey) -> Bool {
        (a.z, a.category, a.kind, a.section, a.item) < (b.z, b.category, b.kind, b.section, b.item)
    }
}

/// The sink of a C rect query: stores up to `capacity` elements as C records, counts all.
///
/// Where: straight into the caller's buffer when the layout says before its first element that
/// the answer holds at most `capacity` elements (`expect(atMost:)`: then neither the capacity
/// error nor the element limit can stop the query after something was written, and a layout
/// that makes the promise hands over only valid elements), else into the view's buffer, copied
/// to the caller's once the whole answer is known to fit (the header's buffer protocol: nothing
/// written on error).
class CBufferSink<R: CQueryRecord>: ElementSink {
    private let buffer: CRecordBuffer<R>
    let capacity: Int
    /// The caller's buffer, and whether the records go straight into it.
    private let out: UnsafeMutablePointer<R>?
    private var direct = false
    private var stored = 0
    private var ordered = true
    /// The length of a prefix of the stored elements known to be in draw order (all of them while
    /// `ordered`): where the first element out of order was stored, noted as it was stored.
    private var orderedPrefix = Int.max
    /// The last stored element's draw key (below every key before the first).
    private var last = DrawKey(z: .min, category: .min, kind: .min, section: .min, item: .min)
    /// The stored elements' z-indices once one is not 0 (a compact record does not carry it).
    private var zs: [Int64]?
    /// The view whose identifiers the elements carry (nil: none), and its bulk item identifiers.
    private var view: CollectionView?
    private var itemIDs: BulkItemIdentifiers?
    /// The layout's rank of cells of equal z-index (`CollectionViewLayout.cellDrawRank`).
    var cellDrawRank: ((Point) -> Double)?

    init(buffer: CRecordBuffer<R>, out: UnsafeMutablePointer<R>?, capacity: Int) {
        self.buffer = buffer
        self.out = out
        self.capacity = capacity
        slotLimit = capacity
        super.init(counts: [])
    }

    /// Stamps every stored element with its identifier in `view` (a disappearing element keeps
    /// the one it carries). O(1) per element with bulk identifiers; one callback with a source.
    func stampIdentifiers(of view: CollectionView) {
        guard !view.identities.isNone else { return }
        self.view = view
        itemIDs = view.bulkItemIdentifiers
    }

    override var wantsBound: Bool { out != nil && capacity > 0 && stored == 0 }

    override var largestUsefulBound: Int { wantsBound ? Swift.min(capacity, limit) : 0 }

    /// Goes straight into the caller's buffer when `n` elements at most fit it, nothing was
    /// stored yet, and nothing can fail after the first write (no identifier callback).
    override func expect(atMost n: Int) {
        guard stored == 0, count == 0, out != nil, n <= capacity, n <= limit, view == nil || itemIDs != nil else {
            return
        }
        direct = true
    }

    // MARK: Places left for the last elements (an animation frame's leaving elements)

    /// Whether places are left among the records for the elements told by `expectLast`: `.leaving`
    /// while the other elements come (a place left before the first record that draws after one),
    /// `.filling` once they follow (`lastElementsFollow`: each written into its place).
    private enum LastPlaces { case off, leaving, filling }
    private var lastPlaces = LastPlaces.off {
        didSet {
            // With places left, `slot` and `noteOrder` take their slower ways (`slotWithPlaces`,
            // `noteOrderWithPlaces`) through the tests they make anyway: no room, and `last` above
            // every key (the last record's key is kept in `placesLast` meanwhile).
            guard (oldValue == .off) != (lastPlaces == .off) else { return }
            if lastPlaces == .off {
                slotLimit = capacity
                last = placesLast
            } else {
                slotLimit = -1
                placesLast = last
                last = DrawKey(z: .max, category: .max, kind: .max, section: .max, item: .max)  // no record's
            }
        }
    }
    /// `capacity`, or -1 while places are left.
    private var slotLimit: Int
    /// The last stored record's draw key while places are left.
    private var placesLast = DrawKey(z: .min, category: .min, kind: .min, section: .min, item: .min)
    /// The told elements, by the order they will come: each one's draw key, its place (`at`, -1
    /// until left), and (`bySort`) the ordinal of the one at this rank of the stable sort by key;
    /// `lastLeft` how many of those, by rank, have their place. (One array: a query that leaves
    /// no places releases one empty array.)
    private struct Told {
        var key: DrawKey, at: Int, bySort: Int
    }
    private var told: [Told] = []
    private var lastLeft = 0
    /// How many told elements were written into their places (`.filling`).
    private var lastFilled = 0
    /// Whether `finish` found every told element in its place (the answer in draw order as it was
    /// written): what the tests check the places were kept by.
    private(set) var lastPlacesKept = false

    /// Leaves places for `last` while storing straight into the caller's buffer (nothing stored
    /// yet, every z-index 0): a record then never moves in `finish` to make room for them (the
    /// merge of `mergeTailInPlace` moved every record after the place, half the buffer for an
    /// element leaving from the middle). The answer is the same: the stable sort of what was
    /// stored, when everything before the last elements comes in draw order; anything else (an
    /// element out of order or with a z-index, a last element not the one told) closes the
    /// places (`closeLastPlaces`: as if none had been left). O(t log t) for t elements.
    override func expectLast(_ last: [LayoutAttributes]) {
        lastPlaces = .off
        guard direct, stored == 0, zs == nil, !last.isEmpty, last.count <= capacity else { return }
        guard last.allSatisfy({ $0.zIndex == 0 }) else { return }
        let keys = last.map {
            DrawKey(
                z: 0, category: Int32($0.category.rawValue), kind: $0.kind.rawValue,
                section: Int64($0.indexPath.section),
                item: Int64($0.indexPath.item))
        }
        var order = Array(0..<keys.count)
        order.sort { i, j in keys[i] < keys[j] || (!(keys[j] < keys[i]) && i < j) }
        told = (0..<keys.count).map { Told(key: keys[$0], at: -1, bySort: order[$0]) }
        lastLeft = 0
        lastFilled = 0
        lastPlaces = .leaving
    }

    /// The told last elements follow: the places of those that draw after every record stored are
    /// left at the end, and each of them is written into its place as it comes.
    override func lastElementsFollow() {
        guard lastPlaces == .leaving else { return }
        while lastLeft < told.count {
            guard stored < capacity else { return closeLastPlaces() }
            told[told[lastLeft].bySort].at = stored
            stored += 1
            lastLeft += 1
        }
        lastPlaces = .filling
    }

    /// Leaves the places of the told elements that draw before record `stored - 1`, within the
    /// records `from ..< stored` (stored in draw order after every record before them, z 0): each
    /// before the first of them that draws after it, the records from there moved up by one
    /// (within the run just stored).
    @inline(never)
    private func leaveLastPlaces(from first: Int) {
        guard let out else { return }
        var q = first
        while lastLeft < told.count {
            let j = told[lastLeft].bySort, kp = told[j].key
            guard kp < out[stored - 1].drawKey else { return }
            guard stored < capacity else { return closeLastPlaces() }
            while !(kp < out[q].drawKey) { q += 1 }
            UnsafeMutableRawPointer(out + q + 1).copyMemory(
                from: UnsafeRawPointer(out + q), byteCount: (stored - q) * MemoryLayout<R>.stride)
            told[j].at = q
            q += 1
            stored += 1
            lastLeft += 1
        }
    }

    /// Closes the places left (every record after one moved down), then stores the told elements
    /// written so far after the others, in the order they came: what storing without places
    /// would have stored. O(stored).
    @inline(never)
    private func closeLastPlaces() {
        let mode = lastPlaces
        lastPlaces = .off
        guard mode != .off, let out else { return }
        let filled = mode == .filling ? lastFilled : 0
        buffer.reserve(filled, keeping: 0)
        for j in 0..<filled { (buffer.base + j).initialize(to: out[told[j].at]) }
        let holes = told[0..<lastLeft].map { told[$0.bySort].at }  // ascending: left in order
        var w = holes.first ?? stored
        for (h, hole) in holes.enumerated() {
            let end = h + 1 < holes.count ? holes[h + 1] : stored
            let n = end - (hole + 1)
            if n > 0 {
                UnsafeMutableRawPointer(out + w).copyMemory(
                    from: UnsafeRawPointer(out + hole + 1), byteCount: n * MemoryLayout<R>.stride)
            }
            w += n
        }
        stored = w
        for j in 0..<filled {
            let p = out + stored
            p.initialize(to: buffer.base[j])
            stored += 1
            noteOrder(p, z: 0)
        }
    }

    /// The place of the next told element (`.filling`), or, past them, the end after the places
    /// closed.
    @inline(never)
    private func lastSlot() -> UnsafeMutablePointer<R>? {
        if lastFilled < told.count, let out {
            lastFilled += 1
            return out + told[lastFilled - 1].at
        }
        closeLastPlaces()
        return slot()
    }

    /// A told element just written into its place (`.filling`) with z-index `z`: kept when it is
    /// the one told, else the places closed and it stored after the others.
    @inline(never)
    private func noteLast(_ p: UnsafeMutablePointer<R>, z: Int64) {
        if z == 0, p.pointee.drawKey == told[lastFilled - 1].key { return }
        let record = p.pointee
        lastFilled -= 1
        closeLastPlaces()
        guard let q = slot() else { return }
        q.initialize(to: record)
        noteOrder(q, z: z)
    }

    @inline(__always)
    private func slot() -> UnsafeMutablePointer<R>? {
        // (One test for the common case: `slotLimit` is the capacity without places, -1 with.)
        guard stored < slotLimit else { return slotWithPlaces() }
        return nextSlot()
    }

    /// The next record's place (there is room).
    @inline(__always)
    private func nextSlot() -> UnsafeMutablePointer<R> {
        defer { stored += 1 }
        if direct, let out { return out + stored }
        // The call only when the buffer must grow (an animation frame stores every element here).
        if stored >= buffer.capacity { buffer.reserve(stored + 1, keeping: stored) }
        return buffer.base + stored
    }

    /// `slot` past the capacity or with places left: a told element's place (`.filling`); the
    /// places closed when the room is taken (the told elements did not all come: the room the
    /// places take is theirs); nil past the capacity.
    @inline(never)
    private func slotWithPlaces() -> UnsafeMutablePointer<R>? {
        if lastPlaces == .filling { return lastSlot() }
        if stored >= capacity { closeLastPlaces() }
        return stored < capacity ? nextSlot() : nil
    }

    @inline(__always)
    private func noteOrder(_ p: UnsafeMutablePointer<R>, z: Int64) {
        var k = p.pointee.drawKey
        k.z = z
        if k < last {
            // (With places left `last` is above every key: every record comes here.)
            if lastPlaces != .off { return noteOrderWithPlaces(p, z: z) }
            if ordered { orderedPrefix = stored - 1 }
            ordered = false
        }
        last = k
        // (Read `zs` only once a z-index is not 0: its modify accessor costs a call an element.)
        guard z != 0 || zs != nil else { return }
        if zs == nil { zs = Array(repeating: 0, count: stored - 1) }
        zs!.append(z)
    }

    /// `noteOrder` with places left (z 0 and no `zs` then): a told element in its place checked
    /// (`.filling`); a record in draw order with z 0 leaves the places of the told elements that
    /// draw before it; any other closes them and is noted as without places.
    @inline(never)
    private func noteOrderWithPlaces(_ p: UnsafeMutablePointer<R>, z: Int64) {
        guard lastPlaces == .leaving, let out else { return noteLast(p, z: z) }
        let k = p.pointee.drawKey
        guard z != 0 || k < placesLast else {
            if lastLeft < told.count, told[told[lastLeft].bySort].key < k { leaveLastPlaces(from: stored - 1) }
            placesLast = k
            return
        }
        closeLastPlaces()
        noteOrder(out + (stored - 1), z: z)  // moved down with the others
    }

    /// Stored element i's place in the draw order.
    private func key(_ i: Int) -> DrawKey {
        var k = buffer.base[i].drawKey
        if let zs { k.z = zs[i] }
        return k
    }

    /// `storeCell`, for the concrete subclasses (a generic class's overrides are not specialized).
    @inline(__always)
    final func storeDefaultCell(section: Int, item: Int, frame f: Rect) {
        storeLookCell(section: section, item: item, frame: f, look: nil)
    }

    /// `storeDefaultCell`, with `look` (alpha, z-index, hidden) set when given: the record of an
    /// animating cell of a plain track (`storeCell(section:item:frame:alpha:zIndex:isHidden:)`).
    @inline(__always)
    final func storeLookCell(
        section: Int, item: Int, frame f: Rect, look: (alpha: Double, zIndex: Int, isHidden: Bool)?
    ) {
        // (Past the room or with places left, another function: this one then calls none on its
        // way, and keeps its arguments where they came.)
        guard stored < slotLimit else {
            return storeLookCellPastLimit(section: section, item: item, frame: f, look: look)
        }
        writeLookCell(nextSlot(), section: section, item: item, frame: f, look: look)
    }

    /// `storeLookCell` through `slotWithPlaces`.
    @inline(never)
    private final func storeLookCellPastLimit(
        section: Int, item: Int, frame f: Rect, look: (alpha: Double, zIndex: Int, isHidden: Bool)?
    ) {
        guard let p = slotWithPlaces() else { return }
        writeLookCell(p, section: section, item: item, frame: f, look: look)
    }

    /// The record of `storeLookCell` written at `p`, and its draw order noted.
    @inline(__always)
    private final func writeLookCell(
        _ p: UnsafeMutablePointer<R>, section: Int, item: Int, frame f: Rect,
        look: (alpha: Double, zIndex: Int, isHidden: Bool)?
    ) {
        R.initializeCell(p, section: section, item: item, frame: f)
        if let look { p.pointee.setLook(alpha: look.alpha, zIndex: look.zIndex, isHidden: look.isHidden) }
        if let view {
            if itemIDs != nil {
                if let id = itemIDs!.identifier(section: section, item: item) { p.pointee.setIdentifier(id) }
            } else {
                do {
                    if let id = try view.identifier(
                        of: ElementKey(
                            category: .cell, kind: .none,
                            indexPath: IndexPath(section: section, item: item)))
                    {
                        p.pointee.setIdentifier(id)
                    }
                } catch { fail(error) }
            }
        }
        noteOrder(p, z: Int64(look?.zIndex ?? 0))
    }

    /// `storeCell(section:item:frame:transform:…)`, for the concrete subclasses: the cell's record
    /// written from its parts, stamped with its identifier as `storeLookCell` stamps it.
    @inline(__always)
    final func storeTurnedCell(
        section: Int, item: Int, frame f: Rect, transform: Transform3D, alpha: Double, zIndex: Int, isHidden: Bool
    ) {
        guard let p = slot() else { return }
        R.initializeCell(
            p, section: section, item: item, frame: f, transform: transform, alpha: alpha, zIndex: zIndex,
            isHidden: isHidden)
        if let view {
            if itemIDs != nil {
                if let id = itemIDs!.identifier(section: section, item: item) { p.pointee.setIdentifier(id) }
            } else {
                do {
                    if let id = try view.identifier(
                        of: ElementKey(
                            category: .cell, kind: .none,
                            indexPath: IndexPath(section: section, item: item)))
                    {
                        p.pointee.setIdentifier(id)
                    }
                } catch { fail(error) }
            }
        }
        noteOrder(p, z: Int64(zIndex))
    }

    /// Where a run of `room` records starts: straight in the caller's buffer, else in the kept
    /// buffer, grown to hold them.
    @inline(__always)
    private final func runStart(room: Int) -> UnsafeMutablePointer<R> {
        if direct, let out { return out + stored }
        buffer.reserve(stored + room, keeping: stored)
        return buffer.base + stored
    }

    /// `storeCells`, for the concrete subclasses: `storeDefaultCell` for each cell of the run, in
    /// one loop (the slots reserved once, the draw order checked at the run's first cell and
    /// then item by item within it).
    @inline(__always)
    final func storeDefaultCells(section: Int, _ run: UnsafeBufferPointer<CellHit>) {
        // (Identifiers by callback: each may fail. Places left: told record by record.)
        guard view == nil || itemIDs != nil, lastPlaces == .off else {
            for h in run { storeDefaultCell(section: section, item: h.item, frame: h.frame) }
            return
        }
        let room = Swift.min(run.count, capacity - stored)  // past the capacity: only counted
        guard room > 0 else { return }
        let p = runStart(room: room)
        var previous = Int.min
        var inOrder = true
        for k in 0..<room {
            let h = run[k]
            R.initializeCell(p + k, section: section, item: h.item, frame: h.frame)
            if h.item < previous { inOrder = false }
            previous = h.item
        }
        if itemIDs != nil {  // a second pass over the records just written (still in L1)
            for k in 0..<room {
                if let id = itemIDs!.identifier(section: section, item: run[k].item) {
                    (p + k).pointee.setIdentifier(id)
                }
            }
        }
        // Every cell of the run has z 0 and the same category, kind and section: in draw order
        // after `last` when its first is, and its items do not go back.
        var first = p.pointee.drawKey
        first.z = 0
        if !inOrder || first < last {
            if ordered { orderedPrefix = stored }  // the run's first record
            ordered = false
        }
        last = (p + (room - 1)).pointee.drawKey
        last.z = 0
        stored += room
        if zs != nil { zs!.append(contentsOf: repeatElement(0, count: room)) }
    }

    /// `storeCellLooks`, for the concrete subclasses: `storeTurnedCell` for each look of the run, in
    /// one loop (the slots reserved once, the draw order checked at the run's first cell and then
    /// item by item within it, places for the last elements left within the run), when every
    /// look has z-index 0 and the run comes in draw order after the records before it; one by one
    /// otherwise. O(run), plus O(run) for each place left within it.
    @inline(__always)
    final func storeLooks(section: Int, _ run: UnsafeBufferPointer<CellLook>) {
        guard let first = run.first else { return }
        var zOr = 0, previous = Int.min, inOrder = true
        for l in run {
            zOr |= l.zIndex
            if l.item < previous { inOrder = false }
            previous = l.item
        }
        let firstKey = DrawKey(
            z: 0, category: Int32(CVL_CATEGORY_CELL), kind: Int32(CVL_KIND_NONE), section: Int64(section),
            item: Int64(first.item))
        let before = lastPlaces == .off ? last : placesLast
        guard zOr == 0, inOrder, !(firstKey < before), zs == nil, view == nil || itemIDs != nil,
            lastPlaces != .filling
        else {
            for l in run {
                storeTurnedCell(
                    section: section, item: l.item, frame: l.frame, transform: l.transform, alpha: l.alpha,
                    zIndex: l.zIndex, isHidden: l.isHidden)
            }
            return
        }
        if lastPlaces != .off, run.count > capacity - stored { closeLastPlaces() }  // as `slot`
        let room = Swift.min(run.count, capacity - stored)  // past the capacity: only counted
        guard room > 0 else { return }
        let p = runStart(room: room)
        for k in 0..<room {
            let l = run[k]
            R.initializeCell(
                p + k, section: section, item: l.item, frame: l.frame, transform: l.transform, alpha: l.alpha,
                zIndex: 0, isHidden: l.isHidden)
        }
        if itemIDs != nil {  // a second pass over the records just written
            for k in 0..<room {
                if let id = itemIDs!.identifier(section: section, item: run[k].item) {
                    (p + k).pointee.setIdentifier(id)
                }
            }
        }
        // In draw order after `last` (z 0, one category, kind and section, items not going back).
        let runStart = stored
        stored += room
        let runLast = (p + (room - 1)).pointee.drawKey
        if lastPlaces == .off {
            last = runLast
        } else {
            placesLast = runLast
        }
        if lastPlaces == .leaving, lastLeft < told.count, told[told[lastLeft].bySort].key < runLast {
            leaveLastPlaces(from: runStart)
        }
    }

    /// `store`, for the concrete subclasses.
    @inline(__always)
    final func storeElement(_ a: LayoutAttributes) {
        guard let p = slot() else { return }
        if let view, !a.isDisappearing {
            var stamped = a
            do { stamped.identifier = try view.identifier(of: a.key) } catch { fail(error) }
            R.write(stamped, to: p)
        } else {
            R.write(a, to: p)
        }
        noteOrder(p, z: Int64(a.zIndex))
    }

    /// `storeElement(like:…)`, for the concrete subclasses: `storeElement` of those attributes,
    /// written from the parts.
    @inline(__always)
    final func storeParts(
        like a: LayoutAttributes, frame f: Rect, transform: Transform3D, alpha: Double, zIndex: Int, isHidden: Bool
    ) {
        guard let p = slot() else { return }
        var id = a.identifier
        if let view, !a.isDisappearing {
            do { id = try view.identifier(of: a.key) } catch { fail(error) }
        }
        R.write(
            like: a, frame: f, transform: transform, alpha: alpha, zIndex: zIndex, isHidden: isHidden, identifier: id,
            to: p)
        noteOrder(p, z: Int64(zIndex))
    }

    /// Gives back what a failed query grew (the buffer is the view's, reused by every query).
    func abandon() { buffer.trim(used: 0) }

    /// Puts the `total` records written straight into `out` in draw order when only those after
    /// the ordered prefix are out of it (an animation's answer: the layout's elements, then
    /// those only the animation knows): the tail is set aside in the view's buffer and sorted,
    /// then merged into `out` from the back, each run of the prefix moved once, in place. The
    /// order is the generic path's (stable: a tail element goes after the prefix elements it
    /// ties with). O(k + t log t) for a tail of t; no record is moved twice.
    private func mergeTailInPlace(_ out: UnsafeMutablePointer<R>, _ total: Int) {
        let p = Swift.min(orderedPrefix, total), t = total - p
        guard t > 0 else { return }
        @inline(__always) func outKey(_ i: Int) -> DrawKey {
            var k = out[i].drawKey
            if let zs { k.z = zs[i] }
            return k
        }
        let tailKeys = (p..<total).map(outKey)
        var order = Array(0..<t)
        order.sort { i, j in tailKeys[i] < tailKeys[j] || (!(tailKeys[j] < tailKeys[i]) && i < j) }
        buffer.reserve(t, keeping: 0)
        for (j, i) in order.enumerated() { (buffer.base + j).initialize(to: out[p + i]) }
        var hi = p, r = t  // the prefix's records [0, hi) and the tail's [0, r) are not in place yet
        while r > 0 {
            let kt = tailKeys[order[r - 1]]
            var lo = 0, h = hi  // the first prefix record in [0, hi) that draws after kt
            while lo < h {
                let mid = lo + (h - lo) / 2
                if kt < outKey(mid) { h = mid } else { lo = mid + 1 }
            }
            if hi > lo {
                UnsafeMutableRawPointer(out + lo + r).copyMemory(
                    from: UnsafeRawPointer(out + lo), byteCount: (hi - lo) * MemoryLayout<R>.stride)
            }
            out[lo + r - 1] = buffer.base[r - 1]
            hi = lo
            r -= 1
        }
    }

    /// Completes the buffer protocol of the header ("Conventions"): `*out_count` = the number
    /// of elements; if they fit, they are written to `out` in draw order; else
    /// CVL_ERROR_CAPACITY and nothing is written to `out`. `out == nil` with capacity 0 asks
    /// for the count only.
    func finish(_ outCount: UnsafeMutablePointer<Int>) throws {
        let total = count
        defer { buffer.trim(used: direct ? 0 : stored) }
        guard let out else {  // count only (capacity is 0)
            outCount.pointee = total
            return
        }
        guard total <= capacity else {
            outCount.pointee = total
            throw capacityError(capacity, total)
        }
        outCount.pointee = total
        guard total > 0 else { return }
        if lastPlaces != .off {
            // Every told element in its place, the others in draw order: the answer is in draw order.
            if lastPlaces == .filling, lastFilled == told.count, cellDrawRank == nil, stored == total {
                lastPlaces = .off
                lastPlacesKept = true
                return
            }
            closeLastPlaces()
        }
        if direct {
            guard !ordered || cellDrawRank != nil else { return }
            if cellDrawRank == nil {
                mergeTailInPlace(out, total)
                return
            }
            // Ranked by the layout: sorted through the view's buffer.
            buffer.reserve(total, keeping: 0)
            buffer.base.update(from: out, count: total)
        } else if ordered && cellDrawRank == nil {
            out.update(from: buffer.base, count: total)
            return
        }
        let base = buffer.base
        if let rank = cellDrawRank {
            var order = Array(0..<total)
            // Cells of equal z-index by the layout's rank first (as `sortIntoDrawOrder`).
            let ranks = (0..<total).map { i in base[i].isCell ? rank(base[i].rankPoint) : 0 }
            order.sort { i, j in
                let a = key(i), b = key(j)
                if a.z == b.z, base[i].isCell, base[j].isCell, ranks[i] != ranks[j] {
                    return ranks[i] < ranks[j]
                }
                return a < b || (!(b < a) && i < j)
            }
            for (n, i) in order.enumerated() { out[n] = base[i] }
            return
        }
        // Draw order, stable (equal keys keep the layout's order, as the Swift query's sort). An
        // animation's answer is mostly in order: the elements the layout handed over, then those
        // only the animation knows (moving in, leaving). So the ordered prefix noted while storing
        // is kept as it is (not read again), the rest sorted, and each of those put before the
        // first element of the prefix that draws after it (found by bisection: ties to the
        // prefix, the same order as the stable sort of the whole, whatever sorted prefix is
        // taken); the prefix is copied in runs between them.
        let p = Swift.min(orderedPrefix, total)
        let tailKeys = (p..<total).map(key)
        var tail = Array(0..<tailKeys.count)
        tail.sort { i, j in tailKeys[i] < tailKeys[j] || (!(tailKeys[j] < tailKeys[i]) && i < j) }
        var n = 0, a = 0
        /// Copies prefix records `a ..< end` to `out + n`: a long run at once, a short one record by
        /// record (a block copy's set-up costs more than a few records).
        @inline(__always) func copyPrefix(to end: Int) {
            if end - a >= 1024 {
                (out + n).update(from: base + a, count: end - a)
            } else {
                for j in 0..<(end - a) { out[n + j] = base[a + j] }
            }
            n += end - a
            a = end
        }
        for t in tail {
            let kt = tailKeys[t]
            var lo = a, hi = p  // the first prefix element in [a, p) that draws after kt
            while lo < hi {
                let mid = lo + (hi - lo) / 2
                if kt < key(mid) { hi = mid } else { lo = mid + 1 }
            }
            copyPrefix(to: lo)
            out[n] = base[p + t]
            n += 1
        }
        copyPrefix(to: p)
    }
}

/// The full records' sink.
final class CAttributesSink: CBufferSink<cvl_attributes> {
    override func storeCell(section: Int, item: Int, frame f: Rect) {
        storeDefaultCell(section: section, item: item, frame: f)
    }
    override func storeCells(section: Int, _ run: UnsafeBufferPointer<CellHit>) {
        storeDefaultCells(section: section, run)
    }
    override func storeCell(section: Int, item: Int, frame f: Rect, alpha: Double, zIndex: Int, isHidden: Bool) {
        storeLookCell(section: section, item: item, frame: f, look: (alpha, zIndex, isHidden))
    }
    override func storeCell(
        section: Int, item: Int, frame f: Rect, transform: Transform3D, alpha: Double, zIndex: Int, isHidden: Bool
    ) {
        storeTurnedCell(
            section: section, item: item, frame: f, transform: transform, alpha: alpha, zIndex: zIndex,
            isHidden: isHidden)
    }
    override func storeTurnedCells(section: Int, _ run: UnsafeBufferPointer<TurnedCell>) {
        for h in run {
            storeTurnedCell(
                section: section, item: h.item, frame: h.frame, transform: .turn(cos: h.cos, sin: h.sin), alpha: 1,
                zIndex: 0, isHidden: false)
        }
    }
    override func storeCellLooks(section: Int, _ run: UnsafeBufferPointer<CellLook>) {
        storeLooks(section: section, run)
    }
    override func store(_ a: LayoutAttributes) { storeElement(a) }
    override func storeElement(
        like a: LayoutAttributes, frame f: Rect, transform: Transform3D, alpha: Double, zIndex: Int, isHidden: Bool
    ) {
        storeParts(like: a, frame: f, transform: transform, alpha: alpha, zIndex: zIndex, isHidden: isHidden)
    }
}

/// The compact records' sink.
final class CElementsSink: CBufferSink<cvl_element> {
    override func storeCell(section: Int, item: Int, frame f: Rect) {
        storeDefaultCell(section: section, item: item, frame: f)
    }
    override func storeCells(section: Int, _ run: UnsafeBufferPointer<CellHit>) {
        storeDefaultCells(section: section, run)
    }
    override func storeCell(section: Int, item: Int, frame f: Rect, alpha: Double, zIndex: Int, isHidden: Bool) {
        storeLookCell(section: section, item: item, frame: f, look: (alpha, zIndex, isHidden))
    }
    override func storeCell(
        section: Int, item: Int, frame f: Rect, transform: Transform3D, alpha: Double, zIndex: Int, isHidden: Bool
    ) {
        storeTurnedCell(
            section: section, item: item, frame: f, transform: transform, alpha: alpha, zIndex: zIndex,
            isHidden: isHidden)
    }
    override func storeTurnedCells(section: Int, _ run: UnsafeBufferPointer<TurnedCell>) {
        for h in run {
            storeTurnedCell(
                section: section, item: h.item, frame: h.frame, transform: .turn(cos: h.cos, sin: h.sin), alpha: 1,
                zIndex: 0, isHidden: false)
        }
    }
    override func storeCellLooks(section: Int, _ run: UnsafeBufferPointer<CellLook>) {
        storeLooks(section: section, run)
    }
    override func store(_ a: LayoutAttributes) { storeElement(a) }
    override func storeElement(
        like a: LayoutAttributes, frame f: Rect, transform: Transform3D, alpha: Double, zIndex: Int, isHidden: Bool
    ) {
        storeParts(like: a, frame: f, transform: transform, alpha: alpha, zIndex: zIndex, isHidden: isHidden)
    }
}

/// The buffer protocol's error for a buffer too small.
func capacityError(_ capacity: Int, _ needed: Int) -> LayoutError {
    LayoutError(.capacity, "the buffer holds \(capacity) attributes but \(needed) are needed; *out_count says how many")
}
