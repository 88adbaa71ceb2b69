/// Where a section's item sizes come from (precedence: bulk array, delegate, `itemSize`).
enum FlowSizeSource: UInt8, Sendable {
    case itemSize
    case bulk
    case delegate
}

/// One section of the flow (PST's `PSTGridLayoutSection`, UIKit's `_UIFlowLayoutSection`):
/// its resolved metrics, its sizes, and its geometry.
///
/// Geometry along the main axis is relative to `origin` (the section's start), so sections
/// after a changed one only move. Layout along the main axis:
///
///     0            header (headerExtent = scroll-axis dimension of the reference size)
///     bodyStart    = headerExtent + inset (top / left)
///                  lines, `lineSpacing` apart
///     bodyEnd      end of the last line (= bodyStart when empty)
///     footerStart  = bodyEnd + inset (bottom / right)
///     extent       = footerStart + footerExtent
///
/// A uniform section (every item the same size — whatever the source) stores nothing per item:
/// it is a grid of `perLine` items per line, computed arithmetically. Other sections keep their
/// lines in `FlowState.lines[lineBase ..< lineBase + lineCount]` and their items' cross-axis
/// origins in `FlowState.itemCross[itemBase ..< itemBase + itemCount]`.
struct FlowSection {
    // MARK: Inputs (resolved: delegate answers or layout properties)
    var itemCount = 0
    var inset = EdgeInsets.zero
    var lineSpacing = 0.0
    var interitemSpacing = 0.0
    var headerSize = Size.zero
    var footerSize = Size.zero
    var sizeSource = FlowSizeSource.itemSize
    /// True when every item has the same size; then `sizes` is empty and `uniformSize` is it.
    var isUniform = true
    var uniformSize = Size.zero
    /// Item sizes when not uniform: the bulk array itself (shared, not copied) or the
    /// delegate's answers.
    var sizes: [Size] = []

    // MARK: Geometry along the main axis (relative to `origin`)
    var origin = 0.0
    var headerExtent = 0.0
    var footerExtent = 0.0
    var bodyStart = 0.0
    var bodyEnd = 0.0
    var footerStart = 0.0
    var extent = 0.0
    /// The range every element of the section lies in (relative): [spanMin, spanMax].
    var spanMin = 0.0
    var spanMax = 0.0
    /// Largest cross-axis end of an item (absolute; −infinity without items).
    var crossEnd = -Double.infinity

    // MARK: Lines
    var lineCount = 0
    var lineBase = 0
    var itemBase = 0
    var maxThickness = 0.0
    var maxItemCross = 0.0
    var linesMonotone = true
    /// Item origins increase along a line (interitem spacing ≥ 0): binary-searchable.
    var itemsMonotone = true

    // MARK: Grid (uniform sections)
    /// Items on a full line (at least 1).
    var perLine = 1
    var crossStart = 0.0
    /// Distance between the origins of neighbouring items on a line.
    var crossPitch = 0.0
    /// Distance between the origins of neighbouring lines.
    var linePitch = 0.0

    /// The size of item `i` (the caller checked `0 ≤ i < itemCount`).
    @inline(__always)
    func size(ofItem i: Int) -> Size { isUniform ? uniformSize : sizes[i] }

    /// Whether two sections have the same inputs (metrics and sizes).
    func hasSameInputs(as o: FlowSection) -> Bool {
        itemCount == o.itemCount && inset == o.inset && lineSpacing == o.lineSpacing
            && interitemSpacing == o.interitemSpacing && headerSize == o.headerSize
            && footerSize == o.footerSize && isUniform == o.isUniform
            && (isUniform ? uniformSize == o.uniformSize : sizes == o.sizes)
    }

    /// Sets `isUniform`, `uniformSize` and `sizes` from a list of sizes. O(n).
    mutating func setSizes(_ list: [Size], uniform: Bool? = nil) {
        let u = uniform ?? FlowSection.allEqual(list)
        isUniform = u
        if u {
            uniformSize = list.first ?? uniformSize
            sizes = []
        } else {
            sizes = list
        }
    }

    static func allEqual(_ list: [Size]) -> Bool {
        list.withUnsafeBufferPointer { b in
            guard let f = b.first else { return true }
            for s in b where s != f { return false }
            return true
        }
    }

    /// A cheap estimate of the number of lines of a per-item section (0 for a uniform one),
    /// from the mean cross-axis size of up to 64 evenly spread items: used to size the line
    /// table once instead of growing it.
    func estimatedLineCount(axis: FlowAxis, crossSize: Double) -> Int {
        guard !isUniform, itemCount > 0, sizes.count == itemCount else { return 0 }
        let samples = Swift.min(64, itemCount)
        var total = 0.0
        for k in 0..<samples { total += axis.cross(sizes[k * itemCount / samples]) }
        let pitch = total / Double(samples) + interitemSpacing
        let available = crossSize - axis.crossLeading(inset) - axis.crossTrailing(inset) + interitemSpacing
        guard pitch > 0, available > pitch else { return itemCount }
        let perLine = (available / pitch).rounded(.down)
        let estimate = Double(itemCount) / perLine * 1.0625 + 1
        return flowClampIndex(estimate, 1, itemCount)
    }

    // MARK: Layout

    /// Number of entries the section takes in `FlowState.itemCross`.
    var itemCrossCount: Int { isUniform ? 0 : itemCount }

    /// Computes the section's geometry (relative to its origin) for a collection view whose
    /// cross-axis size is `crossSize`; a per-item section appends its lines to `lines` and
    /// writes its items' cross-axis origins into `itemCross` (`itemCrossCount` slots, which
    /// start at index `itemBase` of the state's table).
    mutating func layOut(
        axis: FlowAxis, crossSize: Double,
        lines: inout ContiguousArray<FlowLine>,
        itemCross: UnsafeMutableBufferPointer<Double>, itemBase: Int
    ) {
        headerExtent = axis.main(headerSize)
        footerExtent = axis.main(footerSize)
        bodyStart = headerExtent + axis.mainLeading(inset)
        let lead = axis.crossLeading(inset)
        let available = crossSize - lead - axis.crossTrailing(inset)
        itemsMonotone = interitemSpacing >= 0
        lineBase = lines.count
        self.itemBase = itemBase
        let body: FlowBody
        if isUniform {
            body = layOutGrid(axis: axis, lead: lead, available: available)
        } else {
            let list = sizes
            body = list.withUnsafeBufferPointer {
                FlowLineBreaker.breakLines(
                    $0, axis: axis, lead: lead, available: available,
                    interitemSpacing: interitemSpacing, lineSpacing: lineSpacing,
                    bodyStart: bodyStart, lines: &lines, itemCross: itemCross)
            }
        }
        lineCount = body.lineCount
        bodyEnd = body.end
        crossEnd = body.crossEnd
        maxThickness = body.maxThickness
        maxItemCross = body.maxItemCross
        linesMonotone = body.linesMonotone
        footerStart = bodyEnd + axis.mainTrailing(inset)
        extent = footerStart + footerExtent
        spanMin = Swift.min(0, footerStart, body.minOrigin)
        spanMax = Swift.max(extent, headerExtent, body.maxEnd)
    }

    /// The uniform case, O(1): every line but the last holds `perLine` items, and the last
    /// line sits on the same grid "as if it is filled with more (invisible) items" (PST), so
    /// it lines up with the lines above. A grid of one item per line centres that item.
    private mutating func layOutGrid(axis: FlowAxis, lead: Double, available: Double) -> FlowBody {
        let n = itemCount
        let w = axis.cross(uniformSize), h = axis.main(uniformSize), s = interitemSpacing
        let limit = available + flowFitTolerance(available)
        // Items a full line holds, computed exactly as the greedy rule would: the k-th item
        // fits when w + (k − 1)(w + s) ≤ limit.
        let d = w + s
        var capacity: Double
        if d > 0 {
            capacity = Swift.max(1, ((limit - w) / d).rounded(.down) + 1)
        } else {
            capacity = w + d <= limit ? Double(Swift.max(n, 1)) : 1
        }
        perLine = flowClampIndex(Swift.min(capacity, Double(Swift.max(n, 1))), 1, Swift.max(n, 1))
        if capacity < 2 {
            crossPitch = 0
            crossStart = w <= available ? lead + (available - w) * 0.5 : lead
        } else {
            let leftover = Swift.max(0, available - capacity * w - (capacity - 1) * s)
            crossPitch = w + s + leftover / (capacity - 1)
            crossStart = lead
        }
        linePitch = h + lineSpacing
        var body = FlowBody(start: bodyStart)
        body.maxThickness = h
        body.maxItemCross = w
        body.linesMonotone = linePitch >= 0
        guard n > 0 else { return body }
        let lineCount = (n - 1) / perLine + 1
        let lastOffset = Double(lineCount - 1) * linePitch
        body.lineCount = lineCount
        body.end = bodyStart + lastOffset + h
        body.minOrigin = bodyStart + Swift.min(0, lastOffset)
        body.maxEnd = bodyStart + Swift.max(0, lastOffset) + h
        let lastSlot = Double(Swift.min(perLine, n) - 1) * crossPitch
        body.crossEnd = crossStart + Swift.max(0, lastSlot) + w
        return body
    }

    /// Line and slot of item `i` of a uniform section.
    @inline(__always)
    func gridPosition(ofItem i: Int) -> (line: Int, slot: Int) {
        (i / perLine, i % perLine)
    }
}
