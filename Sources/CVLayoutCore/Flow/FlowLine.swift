/// One line of a section whose items have individual sizes (PST's `PSTGridLayoutRow`,
/// UIKit's `_UIFlowLayoutRow`), stored in a `FlowLineBlock`: 40 bytes per line.
///
/// Main-axis coordinates are relative to the section's origin, so a change in an earlier
/// section only moves the section, never rewrites its lines; within a section a block's lines
/// move together through the block's `delta`.
@usableFromInline
struct FlowLine: Equatable, Sendable {
    /// Index of the first item of the line, relative to its block's first item; the line ends
    /// where the next line starts.
    @usableFromInline var first: Int
    /// Main-axis origin of the line, relative to the section's origin, before its block's
    /// `delta` is added.
    @usableFromInline var origin: Double
    /// Main-axis thickness: the largest main-axis size of its items. Every item is centred on
    /// the line along the main axis (Apple: "the flow layout object centers items vertically
    /// on the same line").
    @usableFromInline var thickness: Double
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
        while true {
            i = fitRun(A.self, b, from: i, to: runEnd, spacing: s, limit: limit, used: &used, thick: &thick)
            if i < runEnd || i >= n { break }
            win = sizes.window(at: i)
            b = win.pointer
            runEnd = Swift.min(win.end, n)
        }
        return (i, thick, used)
    }

    /// Items `k ..< end` of `b` taken onto a line whose items use `used` while they fit (`used`
    /// and `thick` raised by each): returns the first that does not fit, or `end`.
    @inline(__always)
    static func fitRun<A: FlowAxisKind>(
        _ axis: A.Type, _ b: UnsafePointer<Size>, from k: Int, to end: Int, spacing s: Double, limit: Double,
        used: inout Double, thick: inout Double
    ) -> Int {
        var i = k, u = used, t = thick
        // Two items a round (one bound test for both); then the last one, if any.
        while i &+ 1 < end {
            let a = b[i], c = b[i &+ 1]
            // `s + w` first: one dependent addition per item on the `used` chain.
            let u1 = u + (s + A.cross(a))
            if u1 > limit { break }
            // The larger of the two; written so that it is one `maxsd` (sizes are finite).
            let m1 = A.main(a)
            t = t > m1 ? t : m1
            let u2 = u1 + (s + A.cross(c))
            if u2 > limit {
                used = u1
                thick = t
                return i &+ 1
            }
            let m2 = A.main(c)
            t = t > m2 ? t : m2
            u = u2
            i &+= 2
        }
        if i < end {
            let a = b[i]
            let u1 = u + (s + A.cross(a))
            if !(u1 > limit) {
                let m1 = A.main(a)
                t = t > m1 ? t : m1
                u = u1
                i &+= 1
            }
        }
        used = u
        thick = t
        return i
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
            (x, step) = justified(count, used: used, p)
        case .center:
            x = p.lead + Swift.max(0, p.available - used) * 0.5
        case .trailing:
            x = p.lead + Swift.max(0, p.available - used)
        }
        return (x, step)
    }

    /// `placement` of a justified line of `count` items that use `used`: a line of several
    /// items spread over the whole line, one item alone centred (at the line start when larger).
    @inline(__always)
    static func justified(_ count: Int, used: Double, _ p: FlowBreakParams) -> (x: Double, step: Double) {
        // One item alone is the rare case: laid out off the path from the fit to the division (no
        // jump taken on the common one; issue 32, prep24).
        if _slowPath(count == 1) {
            return (used <= p.available ? p.lead + (p.available - used) * 0.5 : p.lead, p.interitemSpacing)
        }
        return (p.lead, p.interitemSpacing + Swift.max(0, p.available - used) / Double(count &- 1))
    }

    /// Alignment along the line `first ..< end` (of `n` items) whose items use `used`: writes
    /// each item's cross-axis origin to `cross[item − first]` and notes its extent in `stats`.
    @inline(__always)
    static func align<A: FlowAxisKind>(
        _ axis: A.Type, _ sizes: inout FlowChunkReader<Size>, _ win: inout FlowChunkWindow<Size>, _ first: Int,
        _ end: Int, count n: Int, used: Double, _ p: FlowBreakParams, into cross: UnsafeMutablePointer<Double>,
        _ stats: inout FlowCrossStats
    ) {
        let (x, step) = placement(first, end, count: n, used: used, p)
        align(A.self, &sizes, &win, first, end, x: x, step: step, into: cross, &stats)
    }

    /// `align` with the line's placement given: its first item at `x`, `step` from one item's
    /// end to the next one's origin.
    @inline(__always)
    static func align<A: FlowAxisKind>(
        _ axis: A.Type, _ sizes: inout FlowChunkReader<Size>, _ win: inout FlowChunkWindow<Size>, _ first: Int,
        _ end: Int, x x0: Double, step: Double, into cross: UnsafeMutablePointer<Double>,
        _ stats: inout FlowCrossStats
    ) {
        var x = x0
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
        // The last item's origin and size, kept in registers: its end is not read back from
        // `dst` (a load of what was just stored, measured hot in the re-prepare's time).
        var origin = pos, w = 0.0
        var k = 0
        repeat {
            w = A.cross(src[k])
            origin = pos
            dst[k] = pos
            widest = widest > w ? widest : w  // one `maxsd`, no copy (sizes are finite)
            pos = pos + (w + step)
            k &+= 1
        } while k < count
        x = pos
        maxItem = widest
        // The last item's end: its origin plus its size.
        return origin + w
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
        let made = breakBlocks(
            A.self, &reader, from: 0, count: n, at: &pos, p, recycling: &recycler, stop: FlowNoStop())
        out.blocks = made.blocks
        out.offsets = FlowBlockOffsets(count: out.blocks.count)
        out.lineSpacing = p.lineSpacing
        // The counts as the blocks were made: their tables' headers are out of cache by now
        // (at 10^6 items, a miss for each of ~1,800 tables).
        out.index(itemCounts: made.itemCounts, lineCounts: made.lineCounts)
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
    /// Also returns each block's item and line counts (what its tables hold).
    @inline(__always)
    static func breakBlocks<A: FlowAxisKind, S: FlowBreakStop>(
        _ axis: A.Type, _ reader: inout FlowChunkReader<Size>, from start: Int, count n: Int, at pos: inout FlowSum,
        _ p: FlowBreakParams, recycling recycler: inout FlowTableRecycler, stop: S
    ) -> (blocks: ContiguousArray<FlowLineBlock>, end: Int, itemCounts: [Int], lineCounts: [Int]) {
        let target = FlowLineBlocks.lineTarget
        var out = ContiguousArray<FlowLineBlock>()
        var itemCounts: [Int] = [], lineCounts: [Int] = []
        var i = start
        var stopped = false
        var win = reader.window(at: i)
        var estimate = 16 * target
        while i < n && !stopped {
            let blockStart = i
            pos = pos.normalized
            let blockSum = pos
            let capacity = Swift.min(n &- blockStart, estimate)
            var itemCross = ContiguousArray<Double>()
            var stats = FlowLineStats()
            var lineCount = 0
            let lines = recycler.lines.table(capacity: target) { lines in
                var fill = FlowBlockFill(window: win, sum: pos)
                itemCross = recycler.cross.table(capacity: capacity) { crossBase in
                    fill = fillBlock(
                        A.self, &reader, win, from: blockStart, count: n, at: pos, p, lines: lines,
                        cross: crossBase, room: capacity, stop: stop)
                    win = fill.window
                    pos = fill.sum
                    return fill.scratch == nil ? fill.end &- blockStart : 0
                }
                if let scratch = fill.scratch {
                    itemCross = ContiguousArray(UnsafeBufferPointer(start: scratch, count: fill.end &- blockStart))
                    scratch.deallocate()
                }
                stats = fill.stats
                i = fill.end
                stopped = fill.stopped
                lineCount = fill.lineCount
                return lineCount
            }
            // (The tables moved into the block: no retain and release.)
            out.append(FlowLineBlock(lines: consume lines, start: blockSum, itemCross: consume itemCross, stats: stats))
            let items = i &- blockStart
            itemCounts.append(items)
            lineCounts.append(lineCount)
            estimate = items + items / 8 + 64
        }
        return (out, i, itemCounts, lineCounts)
    }

    /// What `fillBlock` leaves: where its lines end, how many there are, whether `stop` said to
    /// stop, the scratch table it moved to when the block outgrew its own (nil if none), and the
    /// block's statistics; the window it read last and the sum past its last line.
    struct FlowBlockFill {
        var end = 0
        var lineCount = 0
        var stopped = false
        var scratch: UnsafeMutablePointer<Double>?
        var stats = FlowLineStats()
        var window: FlowChunkWindow<Size>
        var sum: FlowSum
    }

    /// The lines of one block of `breakBlocks`, from item `blockStart` on, the first at `sum`:
    /// up to `FlowLineBlocks.lineTarget` lines written to `lines`, their items' cross origins to
    /// `cross` (room for `room` items; past that on in a scratch table, see `breakBlocks`).
    /// A function of its own, its state passed in and out by value: the line loop then keeps
    /// it (the window, the sum, the counts) in registers, not in the closures' captures or in
    /// the caller's variables. Called once per block.
    @inline(never)
    static func fillBlock<A: FlowAxisKind, S: FlowBreakStop>(
        _ axis: A.Type, _ reader: inout FlowChunkReader<Size>, _ window: FlowChunkWindow<Size>,
        from blockStart: Int, count n: Int, at sum: FlowSum, _ p: FlowBreakParams,
        lines: UnsafeMutablePointer<FlowLine>, cross crossBase: UnsafeMutablePointer<Double>, room capacity: Int,
        stop: S
    ) -> FlowBlockFill {
        let target = FlowLineBlocks.lineTarget
        let limit = p.limit
        let lineSpacing = p.lineSpacing, interitem = p.interitemSpacing
        // UIKit's default rule for full lines (justified) is the straight path; the others, and
        // the last line, go through `placement`'s switch.
        let justifiedLines = p.lineAlignment == .justified
        var win = window
        var pos = sum
        var stats = FlowLineStats()
        var table = crossBase
        var scratch: UnsafeMutablePointer<Double>?
        var room = capacity
        var i = blockStart
        var lc = 0
        var stopped = false
        lines: while i < n && lc < target {
            // Fast lines: each in the current window and not the section's last, the block's
            // table large enough, a step ≥ 0 (the others, rare, one at a time below). No call,
            // no window to change: the loop's state stays in registers.
            let b = win.pointer
            let wEnd = Swift.min(win.end, n)
            // A fast line ends before `fastEnd`: inside the window (so not the section's last)
            // and with its items in the block's table (one test a line for both).
            let fastEnd = Swift.min(wEnd, blockStart &+ room &+ 1)
            if i >= win.start && i < wEnd {
                while lc < target {
                    let first = i
                    let s0 = b[first]
                    var used = A.cross(s0), thick = A.main(s0)
                    let end = fitRun(
                        A.self, b, from: first &+ 1, to: wEnd, spacing: interitem, limit: limit, used: &used,
                        thick: &thick)
                    guard end < fastEnd else { break }
                    // (Justified lines, UIKit's default, laid out as the straight path.)
                    var (x, step) =
                        _fastPath(justifiedLines)
                        ? justified(end &- first, used: used, p) : placement(first, end, count: n, used: used, p)
                    guard step >= 0 else { break }
                    var maxItem = 0.0
                    let last = alignRun(
                        A.self, b + first, table + (first &- blockStart), end &- first, &x, step, &maxItem)
                    // `last`, the last item's end, is the line's largest (`alignRun`) and never NaN: from
                    // `x` (a number) on, only sizes and a step ≥ 0 are added. No test.
                    let cross = FlowCrossStats(maxItemCross: maxItem, crossEnd: last)
                    let line = FlowLine(first: first &- blockStart, origin: pos.value, thickness: thick, cross: cross)
                    (lines + lc).initialize(to: line)
                    stats.note(line, isLast: false, lineSpacing)
                    lc &+= 1
                    i = end
                    pos.add(thick + lineSpacing)
                    if stop(i) {
                        stopped = true
                        break lines
                    }
                }
                if lc == target { break }
            }
            // One line of any kind.
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
            let (x, step) =
                justifiedLines && end != n
                ? justified(end &- first, used: used, p) : placement(first, end, count: n, used: used, p)
            var cross = FlowCrossStats()
            align(A.self, &reader, &win, first, end, x: x, step: step, into: table + (first &- blockStart), &cross)
            let line = FlowLine(first: first &- blockStart, origin: pos.value, thickness: thick, cross: cross)
            (lines + lc).initialize(to: line)
            stats.note(line, isLast: end == n, lineSpacing)
            lc &+= 1
            i = end
            if i < n {
                pos.add(thick + lineSpacing)
                if stop(i) {
                    stopped = true
                    break
                }
            }
        }
        return FlowBlockFill(
            end: i, lineCount: lc, stopped: stopped, scratch: scratch, stats: stats, window: win, sum: pos)
    }
}

/// Whether `FlowLineBreaker.breakBlocks` stops after a line that ends at item `end`. A type, not
/// a closure: `fillBlock` is then specialized for each kind of stop, and a layout from scratch
/// (`FlowNoStop`) has no call nor test per line whatever the code around it (a closure's call
/// went only when the optimizer specialized `fillBlock` for the constant closure, which it
/// stopped doing once the recycled tables were filled in place: +6 % instructions a prepare).
protocol FlowBreakStop {
    func callAsFunction(_ end: Int) -> Bool
}

/// Never stops: every item is broken into lines.
struct FlowNoStop: FlowBreakStop {
    @inline(__always)
    func callAsFunction(_ end: Int) -> Bool { false }
}

/// Stops where `test` says (a closure made escaping for the call only, `withoutActuallyEscaping`).
struct FlowStopWhen: FlowBreakStop {
    let test: (Int) -> Bool
    @inline(__always)
    func callAsFunction(_ end: Int) -> Bool { test(end) }
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
