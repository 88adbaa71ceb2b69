import CCVLayout
import CVLayoutCore

// The rect queries' output: every layout's elements go through one sink (`ElementSink`, which
// validates them) straight into C structs, in a scratch buffer the view reuses, and from there
// into the caller's buffer in draw order. A count-only query stores nothing; a buffer too small
// stops storing at its capacity and only counts the rest. Memory: O(min(k, capacity)).

/// A growable buffer of C attributes, owned by one view and reused by every query.
final class CAttributesBuffer {
    private(set) var base: UnsafeMutablePointer<cvl_attributes>
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
        let fresh = UnsafeMutablePointer<cvl_attributes>.allocate(capacity: grown)
        fresh.update(from: base, count: used)  // cvl_attributes is a trivial C struct
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

/// A cell with every attribute at its default (identity transform, alpha 1, z 0, no custom
/// attributes); only index path and geometry change per cell.
private let defaultCell = LayoutAttributes.cell(IndexPath(section: 0, item: 0)).c

/// An element's place in the documented draw order (z-index, category, kind, index path).
private struct DrawKey: Comparable {
    var z: Int64, category: Int32, kind: Int32, section: Int64, item: Int64
    init(_ a: cvl_attributes) {
        z = a.z_index; category = a.category; kind = a.kind; section = a.index_path.section; item = a.index_path.item
    }
    static func < (a: DrawKey, b: DrawKey) -> Bool {
        (a.z, a.category, a.kind, a.section, a.item) < (b.z, b.category, b.kind, b.section, b.item)
    }
}

/// The sink of a C rect query: stores up to `capacity` elements as C structs, counts all.
final class CBufferSink: ElementSink {
    private let buffer: CAttributesBuffer
    let capacity: Int
    private var stored = 0
    private var ordered = true
    private var last: DrawKey?
    private let template = defaultCell  // read once: a global's every access goes through swift_once
    /// The view whose identifiers the elements carry (nil: none), and its bulk item identifiers.
    private var view: CollectionView?
    private var itemIDs: BulkItemIdentifiers?
    /// The layout's rank of cells of equal z-index (`CollectionViewLayout.cellDrawRank`).
    var cellDrawRank: ((Point) -> Double)?

    init(buffer: CAttributesBuffer, capacity: Int) {
        self.buffer = buffer
        self.capacity = capacity
        super.init(counts: [])
    }

    /// Stamps every stored element with its identifier in `view` (a disappearing element keeps
    /// the one it carries). O(1) per element with bulk identifiers; one callback with a source.
    func stampIdentifiers(of view: CollectionView) {
        guard !view.identities.isNone else { return }
        self.view = view
        itemIDs = view.bulkItemIdentifiers
    }

    @inline(__always)
    private func slot() -> UnsafeMutablePointer<cvl_attributes>? {
        guard stored < capacity else { return nil }
        buffer.reserve(stored + 1, keeping: stored)
        defer { stored += 1 }
        return buffer.base + stored
    }

    @inline(__always)
    private func noteOrder(_ p: UnsafeMutablePointer<cvl_attributes>) {
        let k = DrawKey(p.pointee)
        if let l = last, k < l { ordered = false }
        last = k
    }

    override func storeCell(section: Int, item: Int, frame f: Rect) {
        guard let p = slot() else { return }
        p.pointee = template
        p.pointee.index_path = cvl_index_path(section: Int64(section), item: Int64(item))
        p.pointee.frame = cvl_rect(x: f.origin.x, y: f.origin.y, width: f.size.width, height: f.size.height)
        p.pointee.center = cvl_point(x: f.origin.x + f.size.width / 2, y: f.origin.y + f.size.height / 2)
        p.pointee.size = cvl_size(width: f.size.width, height: f.size.height)
        if let view {
            if itemIDs != nil {
                if let id = itemIDs!.identifier(section: section, item: item) {
                    p.pointee.has_identifier = 1
                    p.pointee.identifier = id
                }
            } else {
                do {
                    if let id = try view.identifier(
                        of: ElementKey(
                            category: .cell, kind: .none,
                            indexPath: IndexPath(section: section, item: item)))
                    {
                        p.pointee.has_identifier = 1
                        p.pointee.identifier = id
                    }
                } catch { fail(error) }
            }
        }
        noteOrder(p)
    }

    override func store(_ a: LayoutAttributes) {
        guard let p = slot() else { return }
        if let view, !a.isDisappearing {
            var stamped = a
            do { stamped.identifier = try view.identifier(of: a.key) } catch { fail(error) }
            stamped.write(to: p)
        } else {
            a.write(to: p)
        }
        noteOrder(p)
    }

    /// Gives back what a failed query grew (the buffer is the view's, reused by every query).
    func abandon() { buffer.trim(used: 0) }

    /// Completes the buffer protocol of the header ("Conventions"): `*out_count` = the number
    /// of elements; if they fit, they are written to `out` in draw order; else
    /// CVL_ERROR_CAPACITY and nothing is written to `out`. `out == nil` with capacity 0 asks
    /// for the count only.
    func finish(_ out: UnsafeMutablePointer<cvl_attributes>?, _ outCount: UnsafeMutablePointer<Int>) throws {
        let total = count
        defer { buffer.trim(used: stored) }
        outCount.pointee = total
        guard let out else { return }  // count only (capacity is 0)
        guard total <= capacity else { throw capacityError(capacity, total) }
        guard total > 0 else { return }
        let base = buffer.base
        var order = Array(0..<total)
        if let rank = cellDrawRank {
            // Cells of equal z-index by the layout's rank first (as `sortIntoDrawOrder`).
            let cell = Int32(CVL_CATEGORY_CELL)
            let ranks = (0..<total).map { i in
                base[i].category == cell ? rank(Point(x: base[i].center.x, y: base[i].center.y)) : 0
            }
            order.sort { i, j in
                let a = DrawKey(base[i]), b = DrawKey(base[j])
                if a.z == b.z, a.category == cell, b.category == cell, ranks[i] != ranks[j] {
                    return ranks[i] < ranks[j]
                }
                return a < b || (!(b < a) && i < j)
            }
        } else {
            if ordered {
                out.update(from: buffer.base, count: total)
                return
            }
            // Draw order, stable (equal keys keep the layout's order, as the Swift query's sort).
            order.sort { i, j in
                let a = DrawKey(base[i]), b = DrawKey(base[j])
                return a < b || (!(b < a) && i < j)
            }
        }
        for (n, i) in order.enumerated() { out[n] = base[i] }
    }
}

/// The buffer protocol's error for a buffer too small.
func capacityError(_ capacity: Int, _ needed: Int) -> LayoutError {
    LayoutError(.capacity, "the buffer holds \(capacity) attributes but \(needed) are needed; *out_count says how many")
}
