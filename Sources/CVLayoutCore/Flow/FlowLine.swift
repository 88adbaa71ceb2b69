/// One line of a section whose items have individual sizes (PST's `PSTGridLayoutRow`,
/// UIKit's `_UIFlowLayoutRow`), stored in a `FlowLineBlock`: 40 bytes per line.
///
/// Main-axis coordinates are relative to the section's origin, so a change in an earlier
/// section only moves the section, never rewrites its lines; within a section a block's lines
/// move together through the block's `delta`.
struct FlowLine: Equatable, Sendable {
    /// Index of the first item of the line, relative to its block's first item; the line ends
    /// where the next line starts.
    var first: Int
    /// Main-axis origin of the line, relative to the section's origin, before its block's
    /// `delta` is added.
    var origin: Double
    /// Main-axis thickness: the largest main-axis size of its items. Every item is centred on
    /// the line along the main axis (Apple: "the flow layout object centers items vertically
    /// on the same line").
    var thickness: Double
    /// The line's widest item and the largest cross-axis end of its items (absolute): a block's
    /// are the maxima of its lines', so an edit that keeps a line keeps its statistics without
    /// reading its items' sizes again.
    var cross = FlowCrossStats()
}

/// What laying out a section's lines produced, besides the line blocks.
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

/// The metrics line breaking needs, resolved for one section.
struct FlowBreakParams {
    var horizontal: Bool
    /// Cross-axis start of the lines (the leading inset) and the room they have.
    var lead: Double
    var available: Double
    var interitemSpacing: Double
    var lineSpacing: Double
    /// Main-axis origin of the first line (relative to the section).
    var bodyStart: Double
    /// Alignment of full lines and of the last line (resolved: UIKit's last-line rule of a
    /// per-item section is `.leading`). Defaults: UIKit's.
    var lineAlignment = FlowLineAlignment.justified
    var lastLineAlignment = FlowLineAlignment.leading

    var limit: Double { available + flowFitTolerance(available) }
}

/// Greedy line breaking and alignment for a section whose items have individual sizes.
///
/// Rules (see docs/flow-layout-rules.md):
/// - an item goes on the current line if `used + spacing + size ≤ available`, the first
///   item of a line always does (an item larger than the line sits alone, not shrunk);
/// - a full line of several items is justified: gap = spacing + leftover / (n − 1);
/// - a line holding one item (because the next did not fit) is centred, or placed at the
///   line start when it is larger than the line;
/// - the last line is left-aligned at the minimum spacing (the section is not uniform:
///   uniform sections use `FlowSection.layOutGrid`);
/// - unless alignment options say otherwise (`FlowBreakParams.lineAlignment`, `align`);
/// - lines are `lineSpacing` apart; each is as thick as its thickest item: line k + 1 starts at
///   `origin(k) + (thickness(k) + lineSpacing)`, summed line after line in a compensated sum
///   (`FlowSum`) whose rounded value is the origin: the exact sum of the pitches rounded (or
///   within one unit in the last place of it), the plain sum's bits whenever no addition rounds.
enum FlowLineBreaker {
    /// The greedy part: the line starting at item `first` of `n` takes items while they fit.
    /// Returns its end (the next line's first item), its thickness and the cross-axis length its
    /// items and minimum spacings use. O(items of the line).
    @inline(__always)
    static func breakLine<A: FlowAxisKind>(
        _ axis: A.Type, _ sizes: inout FlowChunkReader<Size>, _ win: inout FlowChunkWindow<Size>, from first: Int,
        count n: Int, spacing s: Double, limit: Double
    ) -> (end: Int, thickness: Double, used: Double) {
        var i = first
        if !win.contains(i) { win = sizes.window(at: i) }
        var b = win.pointer
        let s0 = b[i]
        var used = A.cross(s0)
        var thick = A.main(s0)
        i &+= 1
        var runEnd = Swift.min(win.end, n)
        scan: while true {
            while i < runEnd {
                let sz = b[i]
                // `s + w` first: one dependent addition per item on the `used` chain.
                let next = used + (s + A.cross(sz))
                if next > limit { break scan }
                used = next
                // The larger of the two; written so that it is one `maxsd` (sizes are finite).
                let m = A.main(sz)
                thick = thick > m ? thick : m
                i &+= 1
            }
            if i >= n { break }
            win = sizes.window(at: i)
            b = win.pointer
            runEnd = Swift.min(win.end, n)
        }
        return (i, thick, used)
    }

    /// Where the line `first ..< end` (of `n` items) whose items use `used` starts along the
    /// cross axis, and the step from one item's end to the next item's origin.
    @inline(__always)
    static func placement(
        _ first: Int, _ end: Int, count n: Int, used: Double, _ p: FlowBreakParams
    ) -> (x: Double, step: Double) {
        let s = p.interitemSpacing
        let count = end &- first
        var x = p.lead, step = s
        // UIKit's defaults: full lines justified, the last line leading at the minimum spacing.
        switch end == n ? p.lastLineAlignment : p.lineAlignment {
        case .leading:
            break
        case .justified:
            if count == 1 {
                if used <= p.available { x = p.lead + (p.available - used) * 0.5 }
            } else {
                step = s + Swift.max(0, p.available - used) / Double(count &- 1)
            }
        case .center:
            x = p.lead + Swift.max(0, p.available - used) * 0.5
        case .trailing:
            x = p.lead + Swift.max(0, p.available - used)
        }
        return (x, step)
    }

    /// Alignment along the line `first ..< end` (of `n` items) whose items use `used`: writes
    /// each item's cross-axis origin to `cross[item − first]` and notes its extent in `stats`.
    @inline(__always)
    static func align<A: FlowAxisKind>(
        _ axis: A.Type, _ sizes: inout FlowChunkReader<Size>, _ win: inout FlowChunkWindow<Size>, _ first: Int,
        _ end: Int, count n: Int, used: Double, _ p: FlowBreakParams, into cross: UnsafeMutablePointer<Double>,
        _ stats: inout FlowCrossStats
    ) {
        var (x, step) = placement(first, end, count: n, used: used, p)
        var maxItem = stats.maxItemCross, crossEnd = stats.crossEnd
        if step >= 0 && first >= win.start && end <= win.end {
            // The common case: the line in the window its breaking read (no window to change).
            let last = alignRun(A.self, win.pointer + first, cross, end &- first, &x, step, &maxItem)
            if last > crossEnd { crossEnd = last }
            stats.maxItemCross = maxItem
            stats.crossEnd = crossEnd
            return
        }
        var k = first
        var dst = cross
        while k < end {
            if !win.contains(k) { win = sizes.window(at: k) }
            let runEnd = Swift.min(win.end, end)
            var src = win.pointer + k
            if step >= 0 {
                let last = alignRun(A.self, src, dst, runEnd &- k, &x, step, &maxItem)
                if last > crossEnd { crossEnd = last }
                dst += runEnd &- k
            } else {
                let stop = dst + (runEnd &- k)
                while dst < stop {
                    let w = A.cross(src.pointee)
                    dst.pointee = x
                    if w > maxItem { maxItem = w }
                    if x + w > crossEnd { crossEnd = x + w }
                    x += w + step
                    dst += 1
                    src += 1
                }
            }
            k = runEnd
        }
        stats.maxItemCross = maxItem
        stats.crossEnd = crossEnd
    }

    /// `count ≥ 1` items of a line read from `src`, placed from `x` on with a step `≥ 0`:
    /// writes their cross origins to `dst`, moves `x` past the last one's step, raises `maxItem`
    /// to the widest; returns the last item's end. Item ends never decrease along such a line
    /// (`x + w` ≤ the next `x`, rounding is monotone, widths are ≥ 0), so the last one is the
    /// run's largest: no test per item.
    @inline(__always)
    static func alignRun<A: FlowAxisKind>(
        _ axis: A.Type, _ src: UnsafePointer<Size>, _ dst: UnsafeMutablePointer<Double>, _ count: Int,
        _ x: inout Double, _ step: Double, _ maxItem: inout Double
    ) -> Double {
        var pos = x, widest = maxItem
        for k in 0..<count {
            let w = A.cross(src[k])
            dst[k] = pos
            widest = widest > w ? widest : w  // one `maxsd`, no copy (sizes are finite)
            pos = pos + (w + step)
        }
        x = pos
        maxItem = widest
        // The last item's end: its origin plus its size.
        return dst[count &- 1] + A.cross(src[count &- 1])
    }

    /// Breaks all `n` items into blocks of `FlowLineBlocks.lineTarget` lines. One linear pass
    /// (each line's items are read twice: breaking, then aligning, while they are in cache).
    /// Tables come from `recycler` where it has them (`FlowTableRecycler`).
    static func breakLines(
        _ sizes: FlowSizes, count n: Int, _ p: FlowBreakParams, recycling recycler: inout FlowTableRecycler
    ) -> FlowLineBlocks {
        sizes.withReader { reader in
            p.horizontal
                ? breakLines(HorizontalFlowAxis.self, &reader, count: n, p, &recycler)
                : breakLines(VerticalFlowAxis.self, &reader, count: n, p, &recycler)
        }
    }

    private static func breakLines<A: FlowAxisKind>(
        _ axis: A.Type, _ reader: inout FlowChunkReader<Size>, count n: Int, _ p: FlowBreakParams,
        _ recycler: inout FlowTableRecycler
    ) -> FlowLineBlocks {
        var out = FlowLineBlocks()
        var pos = FlowSum(p.bodyStart)
        out.blocks =
            breakBlocks(A.self, &reader, from: 0, count: n, at: &pos, p, recycling: &recycler) { _ in false }
            .blocks
        out.offsets = FlowBlockOffsets(count: out.blocks.count)
        out.lineSpacing = p.lineSpacing
        out.index()
        return out
    }

    /// Breaks items `start ..< n` into blocks of `FlowLineBlocks.lineTarget` lines, the first
    /// line at `pos` (left past the last line: where a next line would start). Block origins are
    /// absolute (their offset is 0), each line's `first` relative to its block's first item.
    /// After each line that ends at item `e < n`, `stop(e)` says whether to stop there: the last
    /// block is then the one that line ends (its statistics complete for the lines it has).
    ///
    /// One pass: each line is broken, then its items aligned at once (its sizes still in L1),
    /// straight into the block's table of cross origins. That table is allocated before the
    /// block's item count is known, for the previous block's count and an eighth more; a block
    /// that outgrows it (rare: only when its lines hold many more items than the last block's)
    /// finishes in a scratch table it is then copied from. O(items + lines) time and memory.
    @inline(__always)
    static func breakBlocks<A: FlowAxisKind>(
        _ axis: A.Type, _ reader: inout FlowChunkReader<Size>, from start: Int, count n: Int, at pos: inout FlowSum,
        _ p: FlowBreakParams, recycling recycler: inout FlowTableRecycler, stop: (Int) -> Bool
    ) -> (blocks: ContiguousArray<FlowLineBlock>, end: Int) {
        let limit = p.limit
        let target = FlowLineBlocks.lineTarget
        var out = ContiguousArray<FlowLineBlock>()
        let lineSpacing = p.lineSpacing, interitem = p.interitemSpacing
        var i = start
        var stopped = false
        var win = reader.window(at: i)
        var estimate = 16 * target
        while i < n && !stopped {
            let blockStart = i
            var blk = FlowLineBlock()
            pos = pos.normalized
            blk.start = pos
            let capacity = Swift.min(n &- blockStart, estimate)
            var itemCross = ContiguousArray<Double>()
            var stats = blk  // the statistics, noted in a local (not through `blk.lines`'s write)
            blk.lines = recycler.lines.table(capacity: target) { lines in
                var scratch: UnsafeMutablePointer<Double>?
                var room = capacity
                var lc = 0
                itemCross = recycler.cross.table(capacity: capacity) { crossBase in
                    var table = crossBase
                    while i < n && lc < target {
                        let first = i
                        let (end, thick, used) = breakLine(
                            A.self, &reader, &win, from: first, count: n, spacing: interitem, limit: limit)
                        if end &- blockStart > room {
                            // Outgrown: on in a scratch table twice as large (or the line's size).
                            let grown = Swift.max(2 * room, end &- blockStart)
                            let bigger = UnsafeMutablePointer<Double>.allocate(capacity: grown)
                            bigger.moveInitialize(from: table, count: first &- blockStart)
                            scratch?.deallocate()
                            scratch = bigger
                            table = bigger
                            room = grown
                        }
                        var cross = FlowCrossStats()
                        align(
                            A.self, &reader, &win, first, end, count: n, used: used, p,
                            into: table + (first &- blockStart), &cross)
                        let line = FlowLine(
                            first: first &- blockStart, origin: pos.value, thickness: thick, cross: cross)
                        (lines + lc).initialize(to: line)
                        lc &+= 1
                        stats.noteLine(line, isLast: end == n, lineSpacing)
                        i = end
                        if i < n {
                            pos.add(thick + lineSpacing)
                            if stop(i) {
                                stopped = true
                                break
                            }
                        }
                    }
                    return scratch == nil ? i &- blockStart : 0
                }
                if let scratch {
                    itemCross = ContiguousArray(UnsafeBufferPointer(start: scratch, count: i &- blockStart))
                    scratch.deallocate()
                }
                return lc
            }
            stats.lines = blk.lines
            stats.itemCross = itemCross
            out.append(stats)
            let items = i &- blockStart
            estimate = items + items / 8 + 64
        }
        return (out, i)
    }
}

/// The cross-axis extent of items: the widest item and the largest item end.
struct FlowCrossStats: Equatable, Sendable {
    var maxItemCross = 0.0
    var crossEnd = -Double.infinity

    /// Both maxima with `other`'s (exact, in any order).
    @inline(__always)
    mutating func merge(_ other: FlowCrossStats) {
        if other.maxItemCross > maxItemCross { maxItemCross = other.maxItemCross }
        if other.crossEnd > crossEnd { crossEnd = other.crossEnd }
    }
}
