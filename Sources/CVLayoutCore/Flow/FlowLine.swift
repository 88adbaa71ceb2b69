/// One line of a section whose items have individual sizes (PST's `PSTGridLayoutRow`,
/// UIKit's `_UIFlowLayoutRow`), stored flat in `FlowState.lines`: 24 bytes per line.
///
/// Main-axis coordinates are relative to the section's origin, so a change in an earlier
/// section only moves the section, never rewrites its lines.
struct FlowLine: Equatable, Sendable {
    /// Index (within the section) of the first item of the line; the line ends where the next
    /// line starts.
    var first: Int
    /// Main-axis origin of the line, relative to the section's origin.
    var origin: Double
    /// Main-axis thickness: the largest main-axis size of its items. Every item is centred on
    /// the line along the main axis (Apple: "the flow layout object centers items vertically
    /// on the same line").
    var thickness: Double
}

/// What laying out a section's lines produced, besides the line and item tables.
struct FlowBody {
    var lineCount = 0
    /// Main-axis end of the last line (relative); `bodyStart` when there is no line.
    var end: Double
    /// Smallest line origin and largest line end (relative); ±infinity when there is no line.
    var minOrigin = Double.infinity
    var maxEnd = -Double.infinity
    /// Largest cross-axis end of any item (absolute); -infinity when there is no item.
    var crossEnd = -Double.infinity
    var maxThickness = 0.0
    var maxItemCross = 0.0
    /// True when line origins never decrease (every line pitch `thickness + spacing ≥ 0`):
    /// then lines can be binary-searched by origin.
    var linesMonotone = true

    init(start: Double) { end = start }
}

/// Slack allowed when testing whether an item still fits on a line, so that sizes computed as
/// `(width − spacing) / 3` by the host do not lose an item to a rounding error.
@inline(__always)
func flowFitTolerance(_ available: Double) -> Double { 1e-9 * Swift.max(1, abs(available)) }

/// Greedy line breaking and alignment for a section whose items have individual sizes.
enum FlowLineBreaker {
    /// Breaks `sizes` into lines, appends one `FlowLine` per line and writes one cross-axis
    /// origin per item into `itemCross`. One linear pass, no allocation besides the tables' growth.
    ///
    /// Rules (see docs/flow-layout-rules.md):
    /// - an item goes on the current line if `used + spacing + size ≤ available`, the first
    ///   item of a line always does (an item larger than the line sits alone, not shrunk);
    /// - a full line of several items is justified: gap = spacing + leftover / (n − 1);
    /// - a line holding one item (because the next did not fit) is centred, or placed at the
    ///   line start when it is larger than the line;
    /// - the last line is left-aligned at the minimum spacing (the section is not uniform:
    ///   uniform sections use `FlowSection.layOutGrid`);
    /// - lines are `lineSpacing` apart; each is as thick as its thickest item.
    static func breakLines(
        _ sizes: UnsafeBufferPointer<Size>, axis: FlowAxis,
        lead: Double, available: Double, interitemSpacing s: Double,
        lineSpacing: Double, bodyStart: Double,
        lines: inout ContiguousArray<FlowLine>,
        itemCross: UnsafeMutableBufferPointer<Double>
    ) -> FlowBody {
        axis.horizontal
            ? breakLines(
                HorizontalFlowAxis.self, sizes, lead: lead, available: available, interitemSpacing: s,
                lineSpacing: lineSpacing, bodyStart: bodyStart, lines: &lines, itemCross: itemCross)
            : breakLines(
                VerticalFlowAxis.self, sizes, lead: lead, available: available, interitemSpacing: s,
                lineSpacing: lineSpacing, bodyStart: bodyStart, lines: &lines, itemCross: itemCross)
    }

    /// `itemCross` has exactly one slot per size; every slot is written.
    @inline(__always)
    private static func breakLines<A: FlowAxisKind>(
        _ axis: A.Type, _ sizes: UnsafeBufferPointer<Size>,
        lead: Double, available: Double, interitemSpacing s: Double,
        lineSpacing: Double, bodyStart: Double,
        lines: inout ContiguousArray<FlowLine>,
        itemCross: UnsafeMutableBufferPointer<Double>
    ) -> FlowBody {
        let n = Swift.min(sizes.count, itemCross.count)
        let limit = available + flowFitTolerance(available)
        var body = FlowBody(start: bodyStart)
        var pos = bodyStart
        var i = 0
        while i < n {
            // 1. Greedy: take items while they fit.
            let first = i
            var used = axis.cross(sizes[i])
            var thick = axis.main(sizes[i])
            i += 1
            while i < n {
                let sz = sizes[i]
                // `s + w` first: one dependent addition per item on the `used` chain.
                let next = used + (s + axis.cross(sz))
                if next > limit { break }
                used = next
                let m = axis.main(sz)
                if m > thick { thick = m }
                i += 1
            }
            // 2. Alignment along the line.
            let count = i - first
            var x = lead, step = s
            if i == n {
                // Last line of a non-uniform section: left-aligned at the minimum spacing.
            } else if count == 1 {
                if used <= available { x = lead + (available - used) * 0.5 }
            } else {
                step = s + Swift.max(0, available - used) / Double(count - 1)
            }
            var k = first
            while k < i {
                let w = axis.cross(sizes[k])
                itemCross[k] = x
                if w > body.maxItemCross { body.maxItemCross = w }
                if x + w > body.crossEnd { body.crossEnd = x + w }
                x += w + step
                k += 1
            }
            // 3. The line along the main axis.
            lines.append(FlowLine(first: first, origin: pos, thickness: thick))
            if pos < body.minOrigin { body.minOrigin = pos }
            if pos + thick > body.maxEnd { body.maxEnd = pos + thick }
            if thick > body.maxThickness { body.maxThickness = thick }
            body.end = pos + thick
            body.lineCount += 1
            if i < n {
                let pitch = thick + lineSpacing
                if pitch < 0 { body.linesMonotone = false }
                pos += pitch
            }
        }
        return body
    }
}
