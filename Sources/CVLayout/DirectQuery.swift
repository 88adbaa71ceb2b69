import CCVLayout
import CVLayoutCore

// The rect queries' fast path for plain flow layouts: cells go from their frames straight into
// C structs, with no intermediate `[LayoutAttributes]` (building, copying, sorting and
// converting those was about half of a query's instructions). Anything the path does not cover
// (a subclass or hooks, a running animation, an unexpected order) falls back to the general
// query, which gives the same answer.

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
        fresh.update(from: base, count: used)   // cvl_attributes is a trivial C struct
        base.deallocate()
        base = fresh
        capacity = grown
    }
}

/// A cell with every attribute at its default (identity transform, alpha 1, z 0, no custom
/// attributes), as the flow layout produces it; only index path and geometry change per cell.
private let defaultCell = LayoutAttributes.cell(IndexPath(section: 0, item: 0)).c

/// Answers a rect query of a plain flow layout into `out` under the buffer protocol of the
/// header ("Conventions": on a capacity error nothing is written to `out`). Returns false,
/// having written nothing, when the general query must answer instead. Call inside `query`.
func directFlowQuery(_ box: ViewBox, _ rect: Rect, _ out: UnsafeMutablePointer<cvl_attributes>,
                     _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>) throws -> Bool {
    let cells = box.directCells
    let template = defaultCell   // read once: a global's every access goes through swift_once
    var n = 0
    var ordered = true, lastSection = -1, lastItem = -1
    var others = box.directOthers
    box.directOthers = []
    others.removeAll(keepingCapacity: true)
    defer { box.directOthers = others }
    let visited = try box.view.visitElements(in: rect, cell: { s, i, f in
        // Draw order puts cells first, by index path: the visit's order; checked, not assumed.
        if s < lastSection || (s == lastSection && i <= lastItem) { ordered = false }
        lastSection = s
        lastItem = i
        cells.reserve(n + 1, keeping: n)
        let p = cells.base + n
        p.pointee = template
        p.pointee.index_path = cvl_index_path(section: Int64(s), item: Int64(i))
        p.pointee.frame = cvl_rect(x: f.origin.x, y: f.origin.y, width: f.size.width, height: f.size.height)
        p.pointee.center = cvl_point(x: f.origin.x + f.size.width / 2, y: f.origin.y + f.size.height / 2)
        p.pointee.size = cvl_size(width: f.size.width, height: f.size.height)
        n += 1
    }, other: { others.append($0) })
    guard visited, ordered else { return false }
    others.sortIntoDrawOrder()
    // Headers and footers draw after every cell unless one has a negative z-index.
    if let first = others.first, first.zIndex < 0 { return false }
    let total = n + others.count
    guard total <= capacity else {
        outCount.pointee = total
        throw capacityError(capacity, total)
    }
    out.update(from: cells.base, count: n)
    for (j, a) in others.enumerated() { a.write(to: out + n + j) }
    outCount.pointee = total
    return true
}

/// The buffer protocol's error for a buffer too small.
func capacityError(_ capacity: Int, _ needed: Int) -> LayoutError {
    LayoutError(.capacity, "the buffer holds \(capacity) attributes but \(needed) are needed; *out_count says how many")
}
