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
/// lines and their items' cross-axis origins in `body` (blocks of lines, `FlowLineBlocks`).
struct FlowSection {
    // MARK: Inputs (resolved: delegate answers or layout properties)
    var itemCount = 0
    var inset = EdgeInsets.zero
    var lineSpacing = 0.0
    var interitemSpacing = 0.0
    var headerSize = Size.zero
    var footerSize = Size.zero
    var sizeSource = FlowSizeSource.itemSize
    /// Alignment options (`FlowConfiguration`); defaults UIKit's.
    var lineAlignment = FlowLineAlignment.justified
    var lastLineAlignment = FlowLastLineAlignment.automatic
    /// The fraction of a line's leftover thickness before each item (`FlowItemAlignment.factor`).
    var itemAlignmentFactor = 0.5
    /// True when every item has the same size; then `sizes` is empty and `uniformSize` is it.
    var isUniform = true
    var uniformSize = Size.zero
    /// Item sizes when not uniform: the bulk store itself (shared, not copied) or the
    /// delegate's answers.
    var sizes = FlowSizes()

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
    /// The lines of a per-item section (empty for a uniform one).
    var body = FlowLineBlocks()
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
    /// The last line's `crossStart` and `crossPitch`: the full lines' (UIKit: the last line sits
    /// on their grid) unless an alignment option places it on its own.
    var lastCrossStart = 0.0
    var lastCrossPitch = 0.0

    /// Takes the alignment options of `c`.
    mutating func setAlignment(_ c: FlowConfiguration) {
        lineAlignment = c.lineAlignment
        lastLineAlignment = c.lastLineAlignment
        itemAlignmentFactor = c.itemAlignment.factor
    }

    /// The last line's alignment, resolved; nil for UIKit's own rule (full lines justified and
    /// the last line `.automatic`).
    var resolvedLastLineAlignment: FlowLineAlignment? {
        switch lastLineAlignment {
        case .automatic: return lineAlignment == .justified ? nil : lineAlignment
        case .justified: return .justified
        case .leading: return .leading
        case .center: return .center
        case .trailing: return .trailing
        }
    }

    /// The size of item `i` (the caller checked `0 ≤ i < itemCount`).
    @inline(__always)
    func size(ofItem i: Int) -> Size { isUniform ? uniformSize : sizes[i] }

    /// Whether two sections have the same metrics (everything but the sizes and the count).
    func hasSameMetrics(as o: FlowSection) -> Bool {
        inset == o.inset && lineSpacing == o.lineSpacing && interitemSpacing == o.interitemSpacing
            && headerSize == o.headerSize && footerSize == o.footerSize && lineAlignment == o.lineAlignment
            && lastLineAlignment == o.lastLineAlignment && itemAlignmentFactor == o.itemAlignmentFactor
    }

    /// Sets `isUniform`, `uniformSize` and `sizes` from a list of sizes whose uniformity is known.
    mutating func setSizes(_ list: FlowSizes, uniform u: Bool) {
        isUniform = u
        if u {
            uniformSize = list.count > 0 ? list[0] : uniformSize
            sizes = FlowSizes()
        } else {
            sizes = list
        }
    }

    // MARK: Layout

    /// The line-breaking metrics for a collection view whose cross-axis size is `crossSize`.
    private mutating func breakParams(axis: FlowAxis, crossSize: Double) -> FlowBreakParams {
        headerExtent = axis.main(headerSize)
        footerExtent = axis.main(footerSize)
        bodyStart = headerExtent + axis.mainLeading(inset)
        let lead = axis.crossLeading(inset)
        itemsMonotone = interitemSpacing >= 0
        return FlowBreakParams(
            horizontal: axis.horizontal, lead: lead,
            available: crossSize - lead - axis.crossTrailing(inset),
            interitemSpacing: interitemSpacing, lineSpacing: lineSpacing, bodyStart: bodyStart,
            lineAlignment: lineAlignment, lastLineAlignment: resolvedLastLineAlignment ?? .leading)
    }

    /// Computes the section's geometry (relative to its origin) for a collection view whose
    /// cross-axis size is `crossSize`: a grid for a uniform section (O(1)), else its lines.
    /// O(n) for a per-item section.
    mutating func layOut(axis: FlowAxis, crossSize: Double) {
        var none = FlowTableRecycler()
        layOut(axis: axis, crossSize: crossSize, recycling: &none)
    }

    /// `layOut`, its tables from `recycler` where it has them (a full rebuild's old tables).
    mutating func layOut(axis: FlowAxis, crossSize: Double, recycling recycler: inout FlowTableRecycler) {
        let p = breakParams(axis: axis, crossSize: crossSize)
        recycler.collect(&body)  // a reused section's old tables too
        if isUniform {
            finish(axis, layOutGrid(axis: axis, lead: p.lead, available: p.available))
        } else {
            body = FlowLineBreaker.breakLines(sizes, count: itemCount, p, recycling: &recycler)
            finish(axis, body.body(start: bodyStart))
        }
    }

    /// The section's metrics without its lines (for a subclass that places the items itself,
    /// `FlowLayout.laysOutLines` false): no line, the body empty (`bodyEnd` = `bodyStart`), every
    /// query of the flow's lines answers nothing. O(1).
    mutating func layOutWithoutLines(axis: FlowAxis, crossSize: Double) {
        _ = breakParams(axis: axis, crossSize: crossSize)
        body = FlowLineBlocks()
        finish(axis, FlowBody(start: bodyStart))
    }

    /// Lays the section out again after the range edit `edit` of its sizes, reusing the lines of
    /// `old` (the same section before the edit, same metrics) where the edit cannot change them
    /// (`FlowLineBlocks.relayOut`); lays it out from scratch when they cannot be reused.
    /// Bit-identical to `layOut`. Returns whether the old lines were reused.
    @discardableResult
    mutating func layOut(axis: FlowAxis, crossSize: Double, reusing old: inout FlowSection, edit: FlowEdit) -> Bool {
        guard !isUniform, !old.isUniform, hasSameMetrics(as: old) else {
            layOut(axis: axis, crossSize: crossSize)
            return false
        }
        let p = breakParams(axis: axis, crossSize: crossSize)
        var lines = old.body
        old.body = FlowLineBlocks()  // uniquely referenced: edited in place
        guard lines.relayOut(edit, sizes: sizes, count: itemCount, p) else {
            layOut(axis: axis, crossSize: crossSize)
            return false
        }
        body = lines
        finish(axis, body.body(start: bodyStart))
        return true
    }

    private mutating func finish(_ axis: FlowAxis, _ body: FlowBody) {
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
        (crossStart, crossPitch) = FlowSection.gridLine(
            lineAlignment, count: capacity, w: w, s: s, lead: lead, available: available)
        (lastCrossStart, lastCrossPitch) = (crossStart, crossPitch)
        let lastCount = n > 0 ? n - (n - 1) / perLine * perLine : 0
        let lastRule = resolvedLastLineAlignment
        if let lastRule, n > 0 {
            (lastCrossStart, lastCrossPitch) = FlowSection.gridLine(
                lastRule, count: Double(lastCount), w: w, s: s, lead: lead, available: available)
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
        if lastRule != nil {
            let own = lastCrossStart + Swift.max(0, Double(lastCount - 1) * lastCrossPitch) + w
            body.crossEnd = lineCount > 1 ? Swift.max(body.crossEnd, own) : own
        }
        return body
    }

    /// Start and pitch of a grid line of `count` items of cross-axis size `w` (`count` < 2: one
    /// item, pitch 0) under `rule` (`FlowLineBreaker.align`'s rules, as sums over a grid).
    private static func gridLine(
        _ rule: FlowLineAlignment, count: Double, w: Double, s: Double, lead: Double, available: Double
    ) -> (start: Double, pitch: Double) {
        let spare = Swift.max(0, available - count * w - (count - 1) * s)
        switch rule {
        case .justified:
            if count < 2 { return (w <= available ? lead + (available - w) * 0.5 : lead, 0) }
            return (lead, w + s + spare / (count - 1))
        case .leading: return (lead, count < 2 ? 0 : w + s)
        case .center: return (lead + spare * 0.5, count < 2 ? 0 : w + s)
        case .trailing: return (lead + spare, count < 2 ? 0 : w + s)
        }
    }

    /// Line and slot of item `i` of a uniform section.
    @inline(__always)
    func gridPosition(ofItem i: Int) -> (line: Int, slot: Int) {
        (i / perLine, i % perLine)
    }
}
