/// A run of whole lines of a per-item section, with the cross-axis origins of their items.
///
/// A block's lines move along the main axis together: a line's origin is its stored `origin`
/// plus the block's offset (`FlowLineBlocks.delta`, kept in a Fenwick tree), so shifting every
/// line after a change is one tree update, not one addition per line or per block.
struct FlowLineBlock {
    var lines: ContiguousArray<FlowLine> = []
    /// The compensated sum (`FlowSum`) its first line's origin was rounded from, before the
    /// block's offset: where summing the origins again starts.
    var start = FlowSum()
    /// Cross-axis origin of each item of the block's lines.
    var itemCross: ContiguousArray<Double> = []
    /// Its lines' statistics (noted by `noteLine`), in one plain record: the line breaker
    /// gathers them in registers and stores them once per block.
    var stats = FlowLineStats()

    /// Notes line `l`'s extents and cross statistics in the block's (not `lines`).
    @inline(__always)
    mutating func noteLine(_ l: FlowLine, isLast: Bool, _ lineSpacing: Double) {
        stats.note(l, isLast: isLast, lineSpacing)
    }

    /// Appends `l` to the block's lines and notes it.
    @inline(__always)
    mutating func appendLine(_ l: FlowLine, isLast: Bool, _ lineSpacing: Double) {
        lines.append(l)
        noteLine(l, isLast: isLast, lineSpacing)
    }
}

/// The statistics of a run of lines (a block's, `FlowLineBlock.stats`): extrema of their
/// extents along both axes and whether their pitches are non-negative.
struct FlowLineStats {
    /// Smallest line origin and largest line end, before the block's offset: kept only for a
    /// negative line spacing, the one case they are read (`FlowLineBlocks.gather`); ±infinity
    /// otherwise (then line origins and ends never decrease, and the section's extents are its
    /// first origin and its last end).
    var minOrigin = Double.infinity
    var maxEnd = -Double.infinity
    var maxThickness = 0.0
    var maxItemCross = 0.0
    /// Largest cross-axis end of an item (absolute).
    var crossEnd = -Double.infinity
    /// No line but the section's last has a negative pitch.
    var monotone = true

    /// Notes line `l`'s extents and cross statistics. Each extremum is written
    /// `new < old ? new : old` (the old one kept unless the new one is strictly beyond it): one
    /// `minsd` / `maxsd`, no branch. With a line spacing ≥ 0 the extents are not noted and no
    /// pitch is tested (sizes are ≥ 0: every pitch is): three extrema a line, not five, in the
    /// line breaker's loop (issue 32, prep21).
    @inline(__always)
    mutating func note(_ l: FlowLine, isLast: Bool, _ lineSpacing: Double) {
        let thick = l.thickness
        maxThickness = thick > maxThickness ? thick : maxThickness
        maxItemCross = l.cross.maxItemCross > maxItemCross ? l.cross.maxItemCross : maxItemCross
        crossEnd = l.cross.crossEnd > crossEnd ? l.cross.crossEnd : crossEnd
        if lineSpacing < 0 {
            let origin = l.origin
            let end = origin + thick
            minOrigin = origin < minOrigin ? origin : minOrigin
            maxEnd = end > maxEnd ? end : maxEnd
            if !isLast && thick + lineSpacing < 0 { monotone = false }
        }
    }
}

/// What range edits of a section's item sizes changed since the last prepare: disjoint runs of
/// changed items, each `oldCount` items before the edits that are `newCount` items at `start`
/// now; every item outside the runs is unchanged (and moved by the runs before it).
struct FlowEdit: Equatable, Sendable {
    struct Run: Equatable, Sendable {
        /// First item of the run, numbered as after the edits.
        var start: Int
        var newCount: Int
        var oldCount: Int
        var end: Int { start + newCount }
    }

    /// More runs than this are merged into one (the edits are then re-laid out as one range).
    static let maxRuns = 32

    /// The item count before the first edit.
    private(set) var baseCount: Int
    /// In item order, not touching.
    private(set) var runs: [Run] = []

    /// One edit of a section of `count` items: `removed` items at `start` replaced by `inserted`.
    init(count: Int, start: Int, removed: Int, inserted: Int) {
        baseCount = count
        runs = [Run(start: start, newCount: inserted, oldCount: removed)]
    }

    /// This edit followed by another on its result. O(runs).
    func then(start: Int, removed: Int, inserted: Int) -> FlowEdit {
        var e = self
        let end = start + removed
        // Runs touching [start, end] merge with the edit into one run.
        var lo = 0
        while lo < runs.count && runs[lo].end < start { lo += 1 }
        var hi = lo
        while hi < runs.count && runs[hi].start <= end { hi += 1 }
        var a = start, b = end, grown = 0
        for r in runs[lo..<hi] {
            a = Swift.min(a, r.start)
            b = Swift.max(b, r.end)
            grown += r.newCount - r.oldCount
        }
        let merged = Run(start: a, newCount: b - a - removed + inserted, oldCount: b - a - grown)
        var after = Array(runs[hi...])
        for k in after.indices { after[k].start += inserted - removed }
        e.runs = Array(runs[..<lo]) + [merged] + after
        if e.runs.count > FlowEdit.maxRuns, let first = e.runs.first, let last = e.runs.last {
            let grownAll = e.newCount - baseCount
            let span = last.end - first.start
            e.runs = [Run(start: first.start, newCount: span, oldCount: span - grownAll)]
        }
        return e
    }

    /// The item count after the edits.
    var newCount: Int { runs.reduce(baseCount) { $0 + $1.newCount - $1.oldCount } }
}

/// The lines of a per-item section, in blocks of about `lineTarget` lines: an edit re-lays out
/// only the lines it can affect and rebuilds the one or two blocks they are in; the blocks
/// after move by one update of `offsets`, and the blocks' item and line counts and summaries are
/// updated in their trees (`itemCounts`, `lineCounts`, `summaries`): O(log blocks) when the
/// edit keeps the number of blocks (it does unless a rebuilt block grows past `2·lineTarget`
/// lines or shrinks below `lineTarget / 4`), O(blocks) when it changes it.
///
/// Line origins: `FlowLineBreaker.breakLines` sums the line pitches in a compensated sum
/// (`FlowSum`) and stores each origin rounded; an edit sums them again the same way from the
/// start of the first rebuilt block, and moves the blocks after by the compensated difference
/// between their new and old starts (a `FlowSum` in the offsets' tree). So every line's
/// `origin + delta(block)` is within 2 units in the last place (of the section's largest origin)
/// of the origin a from-scratch layout gives it, however many edits came before; and the same
/// bits whenever no sum of the section rounds (sizes in whole points, halves, quarters, … and
/// contents below 2^50 times that grid), because then a compensated sum is the plain one.
struct FlowLineBlocks {
    /// Lines per block when a section is laid out; an edited region of up to twice this stays
    /// one block. 256, not 128: each block starts new tables (its lines and its cross origins),
    /// whose first writes wait on memory; halving the blocks made a full prepare at 10⁶ items
    /// 0.05–0.09x of the hand-written loop's time faster, while a one-item edit, which rebuilds
    /// one or two blocks, costs about the same (issue 32, BENCHMARKS.md "Blocks of 256 lines").
    static var lineTarget: Int { 256 }

    var blocks: ContiguousArray<FlowLineBlock> = []
    /// The blocks' main-axis offsets (one per block): block b's lines are at their stored origin
    /// plus `offsets.offset(b)` (kept as compensated sums, see `FlowBlockOffsets`).
    var offsets = FlowBlockOffsets(count: 0)
    /// Items and lines of each block: block b's first item is `itemCounts.prefix(b)`.
    var itemCounts = FlowBlockCounts()
    var lineCounts = FlowBlockCounts()
    /// The blocks' maxima and monotonicity.
    var summaries = FlowBlockSummaries()
    /// The line spacing the lines were laid out with (whether line ends can decrease).
    var lineSpacing = 0.0
    var itemCount: Int { itemCounts.total }
    var lineCount: Int { lineCounts.total }
    /// The section's statistics, shifted by the blocks' offsets (`gather()`).
    var minOrigin = Double.infinity
    var maxEnd = -Double.infinity
    var maxThickness = 0.0
    var maxItemCross = 0.0
    var crossEnd = -Double.infinity
    var monotone = true
    /// Lines broken again by the last `relayOut` (the tests check that an edit stays local).
    var linesBroken = 0
    /// Nodes of `offsets` the last `relayOut` read or wrote (the tests check O(log blocks) when
    /// the block count stays the same).
    var offsetNodesVisited = 0
    /// Whether the last `relayOut` rebuilt the trees over every block (the number of blocks
    /// changed): the tests check that an ordinary edit does not.
    var reindexedAll = false
    /// Whether the last `relayOut` re-broke more than `longRegion` lines (`relayOutLong`).
    var brokeLong = false
    /// Runs of equal sizes whose old lines the last `relayOut` kept (`uniformJumpItems`).
    var uniformJumps = 0

    /// Builds the trees of the blocks' counts and summaries, then gathers the section's
    /// statistics. O(blocks).
    mutating func index() {
        // By index, not by element: a block is not copied (its tables retained) to read a count.
        let (items, lines) = blocks.withUnsafeBufferPointer { bs in
            (bs.indices.map { bs[$0].itemCross.count }, bs.indices.map { bs[$0].lines.count })
        }
        index(itemCounts: items, lineCounts: lines)
    }

    /// `index()` given each block's item and line counts (those of its tables, in block order).
    /// O(blocks).
    mutating func index(itemCounts items: [Int], lineCounts lines: [Int]) {
        assert(items.count == blocks.count && lines.count == blocks.count, "one count per block")
        itemCounts = FlowBlockCounts(items)
        lineCounts = FlowBlockCounts(lines)
        summaries = FlowBlockSummaries(blocks)
        assert(offsets.count == blocks.count, "one offset per block")
        gather()
    }

    /// The section's statistics from the summaries' root and the first and last lines: with a
    /// line spacing ≥ 0 line origins and line ends never decrease (every rounded sum of
    /// non-negative terms is monotone), so the first origin is the smallest and the last end
    /// the largest, the bits a pass over every line gives. O(log blocks); O(blocks) with a
    /// negative line spacing (the blocks' own extents are compared).
    mutating func gather() {
        let all = summaries.all
        maxThickness = all.maxThickness
        maxItemCross = all.maxItemCross
        crossEnd = all.crossEnd
        monotone = all.monotone
        guard let lastBlock = blocks.last, let last = lastBlock.lines.last else {
            minOrigin = .infinity
            maxEnd = -.infinity
            return
        }
        if lineSpacing >= 0 {
            minOrigin = blocks[0].lines[0].origin + delta(0)
            maxEnd = (last.origin + delta(blocks.count - 1)) + last.thickness
        } else {
            let deltas = offsets.offsets()
            var lo = Double.infinity, hi = -Double.infinity
            blocks.withUnsafeBufferPointer { bs in
                for b in 0..<bs.count {
                    lo = Swift.min(lo, bs[b].stats.minOrigin + deltas[b])
                    hi = Swift.max(hi, bs[b].stats.maxEnd + deltas[b])
                }
            }
            minOrigin = lo
            maxEnd = hi
        }
    }

    /// The body a section gets from these lines.
    func body(start: Double) -> FlowBody {
        var body = FlowBody(start: start)
        guard let last = blocks.last, let line = last.lines.last else { return body }
        body.lineCount = lineCount
        body.end = (line.origin + delta(blocks.count - 1)) + line.thickness
        body.minOrigin = minOrigin
        body.maxEnd = maxEnd
        body.crossEnd = crossEnd
        body.maxThickness = maxThickness
        body.maxItemCross = maxItemCross
        body.linesMonotone = monotone
        return body
    }

    // MARK: Lookup

    /// The main-axis offset of block `b`'s stored line origins. O(log blocks).
    @inline(__always)
    func delta(_ b: Int) -> Double { offsets.offset(b) }

    /// Index (in the section) of block b's first item (`0 ≤ b ≤ blocks.count`). O(log blocks).
    @inline(__always)
    func itemStart(_ b: Int) -> Int { itemCounts.prefix(b) }

    /// Index (in the section) of block b's first line (`0 ≤ b ≤ blocks.count`). O(log blocks).
    @inline(__always)
    func lineStart(_ b: Int) -> Int { lineCounts.prefix(b) }

    /// Block and line (within the block) of item `i` (`0 ≤ i < itemCount`). O(log lines).
    @inline(__always)
    func locate(item i: Int) -> (block: Int, line: Int) {
        let (b, start) = itemCounts.find(i)
        let rel = i - start
        let lines = blocks[b].lines
        let k = flowPartitionPoint(0, lines.count) { lines[$0].first > rel } - 1
        return (b, k)
    }

    /// Block and line (within the block) of line `g` of the section (`0 ≤ g < lineCount`).
    @inline(__always)
    func locate(line g: Int) -> (block: Int, line: Int) {
        let (b, start) = lineCounts.find(g)
        return (b, g - start)
    }

    /// Line `k` of block `b` in section coordinates: first item in the section, origin shifted.
    @inline(__always)
    func line(_ b: Int, _ k: Int) -> FlowLine {
        let blk = blocks[b]
        let l = blk.lines[k]
        return FlowLine(first: itemStart(b) + l.first, origin: l.origin + delta(b), thickness: l.thickness)
    }

    /// The end (next line's first item, in the section) of line `k` of block `b`.
    @inline(__always)
    func lineEnd(_ b: Int, _ k: Int) -> Int {
        let blk = blocks[b]
        let base = itemStart(b)
        if k + 1 < blk.lines.count { return base + blk.lines[k + 1].first }
        return base + blk.itemCross.count
    }

    /// Cross-axis origin of item `i` of block `b`.
    @inline(__always)
    func cross(_ b: Int, item i: Int) -> Double { blocks[b].itemCross[i - itemStart(b)] }

    var tableBytes: Int {
        var bytes =
            blocks.capacity * MemoryLayout<FlowLineBlock>.stride + itemCounts.tableBytes + lineCounts.tableBytes
            + summaries.tableBytes + offsets.tableBytes
        for b in blocks {
            bytes += b.lines.capacity * MemoryLayout<FlowLine>.stride + b.itemCross.capacity * 8
        }
        return bytes
    }

    // MARK: Incremental layout

    /// Re-lays out after the edit `e` of the sizes (now `sizes`, `count` items; every other
    /// metric unchanged): from the line of the item before the first changed one until a new
    /// line starts where an old line started after the changed items — from there the old lines
    /// are the new ones, moved by a constant (blocks after the rebuilt ones get it in `delta`).
    ///
    /// The same lines as `FlowLineBreaker.breakLines` over the new sizes: the lines before the
    /// start and after the resynchronisation have the same items and cross positions. Their
    /// main-axis origins are compensated sums (see the type's comment): the rebuilt blocks' are
    /// summed again from their first block's start, the blocks after move by the compensated
    /// difference of their start, so they agree with a layout from scratch within 2 units in
    /// the last place, bit for bit when no sum rounds.
    /// - Returns: false when the lines cannot be reused (no old or no new item): lay out anew.
    /// - Complexity: O(lines re-broken + lines of the 1–3 rebuilt blocks + log blocks) when the
    ///   number of blocks stays the same; + O(blocks) when it changes.
    mutating func relayOut(_ e: FlowEdit, sizes: FlowSizes, count newN: Int, _ p: FlowBreakParams) -> Bool {
        guard itemCount > 0, newN > 0, !blocks.isEmpty, e.baseCount == itemCount, e.newCount == newN else {
            return false
        }
        var runs = e.runs
        linesBroken = 0
        reindexedAll = false
        brokeLong = false
        uniformJumps = 0
        let nodes0 = offsets.nodesVisited
        defer { offsetNodesVisited = offsets.nodesVisited - nodes0 }
        for r in runs {
            guard r.start >= 0, r.newCount >= 0, r.oldCount >= 0, r.end <= newN else { return false }
        }
        return sizes.withReader { reader in
            // Runs from the last to the first: a run is re-laid out over a layout in which the runs
            // after it are done and the ones before it not yet (items numbered as before them, so
            // the reader is offset by their count change).
            var r = runs.count - 1
            while r >= 0 {
                var grownBefore = 0
                for q in 0..<r { grownBefore += runs[q].newCount - runs[q].oldCount }
                let lo = runs[r].start - grownBefore
                if r > 0 {
                    // The block the run's first re-broken line is in (rebuilt with it) must start
                    // after the previous run's items: else the two are one run.
                    let prev = runs[r - 1]
                    let prevEnd = prev.start - (grownBefore - (prev.newCount - prev.oldCount)) + prev.oldCount
                    let (b, _) = locate(item: Swift.min(Swift.max(lo - 1, 0), itemCount - 1))
                    if itemStart(b) < prevEnd {
                        let span = runs[r].end - prev.start
                        let grown = prev.newCount - prev.oldCount + runs[r].newCount - runs[r].oldCount
                        runs[r - 1] = FlowEdit.Run(start: prev.start, newCount: span, oldCount: span - grown)
                        runs.remove(at: r)
                        r -= 1
                        continue
                    }
                }
                reader.offset = grownBefore
                let run = runs[r]
                let count = itemCount + run.newCount - run.oldCount
                // A run that kept the old lines through a run of equal sizes (see the one-run
                // `relayOut`) leaves an edit at that run's end: re-laid out the same way.
                var step = RelayOutStep.then(lo: lo, oldHi: lo + run.oldCount, newHi: lo + run.newCount)
                while case .then(let a, let oldHi, let newHi) = step {
                    step =
                        p.horizontal
                        ? relayOut(
                            HorizontalFlowAxis.self, lo: a, oldHi: oldHi, newHi: newHi, &reader, sizes,
                            oldN: itemCount, newN: count, p)
                        : relayOut(
                            VerticalFlowAxis.self, lo: a, oldHi: oldHi, newHi: newHi, &reader, sizes,
                            oldN: itemCount, newN: count, p)
                }
                guard step == .done else { return false }
                r -= 1
            }
            return true
        }
    }

    /// What one run's relayout leaves to do.
    private enum RelayOutStep: Equatable {
        case done
        /// The lines cannot be reused: lay out anew.
        case failed
        /// The run is laid out up to a run of equal sizes, whose old lines were kept: old items
        /// `lo ..< oldHi` (numbered as now) are still to become new items `lo ..< newHi`.
        case then(lo: Int, oldHi: Int, newHi: Int)
    }

    /// Items of equal size a new line must have ahead of it, past the old line it would be
    /// matched with, for `relayOut` to keep the old lines through them ("Runs of equal sizes"
    /// there) rather than break them again: below this, breaking them costs less than the
    /// second edit it leaves at the run's end.
    static var uniformJumpItems: Int { 512 }

    /// One run: old items `lo ..< oldHi` are new items `lo ..< newHi`.
    ///
    /// **Runs of equal sizes.** Greedy lines over items of one size are all alike (but the
    /// last), so where the new lines enter such a run out of step with the old ones (a delete
    /// or an insert in a grid of equal cells moves every later item to its neighbour's place;
    /// a cell measured wider moves every later one), the new breaks would never meet the old:
    /// every later line would be broken again. Instead, when a new line starts at item `i` of
    /// a run of equal sizes (new numbering) and the next old line starts at old item `s` in the
    /// same run (`s + d > i`, d the run's count change), the old lines from `s` on are kept as
    /// the new lines from `i` on (their items renumbered by `i - s`): that is the layout of the
    /// new sizes but for the run's end: the kept lines carry `(s + d) - i` items of that size
    /// fewer than the new run has. Inserting them at the run's end is an edit, returned as
    /// `.then` (it resynchronises there, or ends the section). So an edit in a grid costs two
    /// short edits, whatever the phase of its lines. (Only in the first `longRegion` lines:
    /// `relayOutLong` keeps no run.)
    private mutating func relayOut<A: FlowAxisKind>(
        _ axis: A.Type, lo: Int, oldHi: Int, newHi: Int, _ reader: inout FlowChunkReader<Size>, _ sizes: FlowSizes,
        oldN: Int, newN: Int, _ p: FlowBreakParams
    ) -> RelayOutStep {
        let d = newN - oldN
        guard oldN > 0, newN > 0, lo >= 0, lo <= oldHi, oldHi <= oldN, newHi <= newN else { return .failed }
        // The line before the change can take the changed items (or stop being the last line).
        let (bS, kS) = locate(item: Swift.min(Swift.max(lo - 1, 0), oldN - 1))
        // The lines before line kS keep their items; their origins are summed again from the
        // start of block bS (it then holds absolute origins), so `pos` starts past them.
        let regionFirst = itemStart(bS)
        let start = blocks[bS].start + offsets.sum(bS)
        var pos = start
        let spacing = p.lineSpacing
        for k in 0..<kS { pos.add(blocks[bS].lines[k].thickness + spacing) }
        // The new lines: `first` is the item's index in the section (new numbering); `chain[k]`
        // the compensated sum line k's origin is rounded from.
        var region = FlowLineBlock()
        region.lines.reserveCapacity(32)
        region.itemCross.reserveCapacity(256)
        var chain = ContiguousArray<FlowSum>()
        chain.reserveCapacity(32)
        // 1. Break new lines until one starts where an old one did, past the changed items.
        var i = regionFirst + blocks[bS].lines[kS].first
        let limit = p.limit
        var resync: (block: Int, line: Int)?
        var win = reader.window(at: i)
        // The old lines past the changed items, walked with the new lines: `old` is the first old
        // line starting at or after the new line's first item (old numbering), so testing each
        // new line for a resynchronisation is O(1) amortised instead of a search per line.
        var old = OldLineCursor()
        var broken = 0
        // A run of equal sizes the old lines are kept through: the kept lines' item shift, the
        // item count they leave, and the edit left at the run's end.
        var keptShift = d, keptCount = newN
        var left = RelayOutStep.done
        var noJumpBefore = 0
        while i < newN {
            if broken == FlowLineBlocks.longRegion {
                // Far from resynchronising (it may never): from block bS on, break straight into
                // blocks as a layout from scratch does.
                relayOutLong(A.self, from: bS, d: d, newHi: newHi, &reader, newN: newN, p)
                return .done
            }
            let first = i
            let (end, thick, used) = FlowLineBreaker.breakLine(
                A.self, &reader, &win, from: i, count: newN, spacing: p.interitemSpacing, limit: limit)
            chain.append(pos)
            linesBroken += 1
            broken += 1
            let at = region.itemCross.count
            region.itemCross.append(contentsOf: repeatElement(0, count: end - first))
            var cross = FlowCrossStats()
            region.itemCross.withUnsafeMutableBufferPointer {
                FlowLineBreaker.align(
                    A.self, &reader, &win, first, end, count: newN, used: used, p,
                    into: $0.baseAddress.unsafelyUnwrapped + at, &cross)
            }
            region.lines.append(FlowLine(first: first, origin: pos.value, thickness: thick, cross: cross))
            i = end
            guard i < newN else { break }
            pos.add(thick + spacing)
            guard i >= newHi else { continue }
            if let at = old.advance(to: i - d, in: self) {
                resync = at
                break
            }
            // The next old line, and whether it and this one are in one run of equal sizes.
            if i >= noJumpBefore, let s = old.current(in: self), reader(i) == reader(s.start + d) {
                let t = s.start + d
                let v = sizes.runEnd(from: i + reader.offset) - reader.offset
                if v > t && v - t >= FlowLineBlocks.uniformJumpItems {
                    resync = (s.block, s.line)
                    keptShift = i - s.start
                    keptCount = oldN + keptShift
                    // The run is `i ..< v` now and, with the kept lines, `i ..< runEnd`.
                    let runEnd = v - (t - i)
                    left = .then(lo: runEnd, oldHi: runEnd, newHi: v)
                    uniformJumps += 1
                    break
                }
                noJumpBefore = v
            }
        }
        lineSpacing = p.lineSpacing
        if let r = resync, spliceInPlace(bS, kS, r, region, d: keptShift, start: start, newN: keptCount) {
            return left
        }
        // 2. The region: the lines before line kS, the new lines, the old lines after (the rest
        // of the resynchronised line's block, and the next block when the region is small),
        // renumbered, their origins summed on.
        let fresh = region
        region = FlowLineBlock()
        region.lines.reserveCapacity(blocks[bS].lines.count + fresh.lines.count + 32)
        region.itemCross.reserveCapacity(blocks[bS].itemCross.count + fresh.itemCross.count + 256)
        let freshChain = chain
        chain = []
        chain.reserveCapacity(region.lines.capacity)
        var prefixEnd = start
        copyLines(bS, 0..<kS, itemShift: 0, &prefixEnd, spacing, into: &region, &chain)
        region.lines.append(contentsOf: fresh.lines)
        region.itemCross.append(contentsOf: fresh.itemCross)
        chain.append(contentsOf: freshChain)
        var regionEnd = blocks.count - 1
        if let r = resync {
            regionEnd = r.block
            copyLines(
                r.block, r.line..<blocks[r.block].lines.count, itemShift: keptShift, &pos, spacing, into: &region,
                &chain)
            if region.lines.count < FlowLineBlocks.lineTarget / 4, r.block + 1 < blocks.count {
                regionEnd += 1
                copyLines(
                    regionEnd, 0..<blocks[regionEnd].lines.count, itemShift: keptShift, &pos, spacing, into: &region,
                    &chain)
            }
        }
        // The blocks after move by the difference between the start of the first of them now
        // (`pos`, summed past the region's last line) and before.
        var shift = FlowSum()
        if regionEnd + 1 < blocks.count {
            shift = pos - (blocks[regionEnd + 1].start + offsets.sum(regionEnd + 1))
        }
        let moved = shift.hi != 0 || shift.lo != 0
        let replaced = regionEnd + 1 - bS
        let rebuilt = FlowLineBlocks.makeBlocks(
            consume region, chain, firstItem: regionFirst, count: keptCount, spacing, keep: replaced)
        if rebuilt.count == replaced {
            // The same number of blocks: O(log blocks) per rebuilt block (one or two) in each tree.
            for (j, blk) in rebuilt.enumerated() {
                let b = bS + j
                itemCounts.add(b, blk.itemCross.count - blocks[b].itemCross.count)
                lineCounts.add(b, blk.lines.count - blocks[b].lines.count)
                summaries.set(b, FlowBlockSummary(blk))
                blocks[b] = blk
                offsets.set(b, to: 0)  // the rebuilt blocks hold absolute origins
            }
            if moved { offsets.shift(from: bS + replaced, by: shift) }  // the blocks after
            gather()
        } else {
            blocks.replaceSubrange(bS...regionEnd, with: rebuilt)
            offsets.splice(bS..<(regionEnd + 1), zeros: rebuilt.count, thenShift: shift)  // O(blocks)
            reindexedAll = true
            index()
        }
        return left
    }

    /// `relayOut`'s common end: the new lines (`fresh`, numbered in the section, from line `kS`
    /// of block `bS` on) met an old line (`r`) in the same block, and the block stays one block
    /// (`lineTarget / 4 ... 2·lineTarget` lines, or fewer when it is the last): the block is
    /// edited in place (the changed lines and their items' cross origins replaced, the lines
    /// after renumbered, every origin summed again from `start`) instead of being copied into a
    /// region and out again: the same lines, origins and statistics as `makeBlocks` gives it.
    /// Returns false (nothing changed) when the edit is not of that kind. O(lines of the block
    /// + log blocks), and a move of the block's items' cross origins after the changed ones.
    private mutating func spliceInPlace(
        _ bS: Int, _ kS: Int, _ r: (block: Int, line: Int), _ fresh: FlowLineBlock, d: Int, start: FlowSum, newN: Int
    ) -> Bool {
        let old = blocks[bS].lines.count
        let count = kS + fresh.lines.count + old - r.line
        let target = FlowLineBlocks.lineTarget
        guard r.block == bS, r.line >= kS, count <= 2 * target, count >= target / 4 || bS + 1 == blocks.count else {
            return false
        }
        let firstItem = itemStart(bS)
        // The blocks after move by the difference between their start now and before.
        var oldNext = FlowSum()
        if bS + 1 < blocks.count { oldNext = blocks[bS + 1].start + offsets.sum(bS + 1) }
        var taken = FlowLineBlock()
        swap(&taken, &blocks[bS])  // uniquely referenced: edited in place
        let itemLo = taken.lines[kS].first
        let itemHi = taken.lines[r.line].first
        let oldItems = taken.itemCross.count
        var lines = taken.lines
        taken.lines = []
        var cross = taken.itemCross
        taken.itemCross = []
        lines.replaceSubrange(kS..<r.line, with: fresh.lines)
        cross.replaceSubrange(itemLo..<itemHi, with: fresh.itemCross)
        var blk = FlowLineBlock()
        blk.start = start
        var pos = start
        let items = cross.count
        let freshEnd = kS + fresh.lines.count
        let spacing = lineSpacing
        lines.withUnsafeMutableBufferPointer { ls in
            for k in kS..<count { ls[k].first += k >= freshEnd ? d : -firstItem }
            for k in 0..<count {
                let end = k + 1 < count ? ls[k + 1].first : items
                ls[k].origin = pos.value
                blk.noteLine(ls[k], isLast: firstItem + end == newN, spacing)
                pos.add(ls[k].thickness + spacing)
            }
        }
        blk.lines = lines
        blk.itemCross = cross
        itemCounts.add(bS, items - oldItems)
        lineCounts.add(bS, count - old)
        summaries.set(bS, FlowBlockSummary(blk))
        blocks[bS] = blk
        offsets.set(bS, to: 0)  // the block holds absolute origins
        if bS + 1 < blocks.count {
            let shift = pos - oldNext
            if shift.hi != 0 || shift.lo != 0 { offsets.shift(from: bS + 1, by: shift) }
        }
        gather()
        return true
    }

    /// Lines re-broken by `relayOut` before it stops collecting them into one region and breaks
    /// the rest straight into blocks (`relayOutLong`): past this, the edit will likely re-break
    /// many more lines (or every line to the section's end, when the new breaks never meet the
    /// old ones: items of periodic widths, say), and the region's copies would cost more than
    /// the lines (before it existed, such an edit took 2–3 times a layout from scratch).
    static var longRegion: Int { 4 * lineTarget }

    /// `relayOut` for an edit that re-breaks more than `longRegion` lines: the lines from block
    /// `bS`'s first item on are broken again into new blocks (`FlowLineBreaker.breakBlocks`, the
    /// code of a layout from scratch) until a new line starts where an old one did past the
    /// changed items (the old lines from there on are kept, moved by a constant) or the section
    /// ends. The blocks' trees are rebuilt. O(items and lines re-broken + blocks).
    private mutating func relayOutLong<A: FlowAxisKind>(
        _ axis: A.Type, from bS: Int, d: Int, newHi: Int, _ reader: inout FlowChunkReader<Size>, newN: Int,
        _ p: FlowBreakParams
    ) {
        brokeLong = true
        let firstItem = itemStart(bS)
        var pos = blocks[bS].start + offsets.sum(bS)
        var old = OldLineCursor()
        var resync: (block: Int, line: Int)?
        // Old blocks `bS ..< freed` are emptied: every line of them is behind the cursor, and
        // nothing reads them again, so the new blocks reuse their memory (an edit that re-lays
        // out the rest of a section holds about one copy of its lines at a time, not two).
        var freed = bS
        var none = FlowTableRecycler()
        func stopAt(_ e: Int) -> Bool {
            guard e >= newHi else { return false }
            if let at = old.advance(to: e - d, in: self) {
                resync = at
                return true
            }
            while freed < old.block {
                blocks[freed] = FlowLineBlock()
                freed += 1
            }
            return false
        }
        var (rebuilt, _, _, _) = withoutActuallyEscaping(stopAt) { test in
            FlowLineBreaker.breakBlocks(
                A.self, &reader, from: firstItem, count: newN, at: &pos, p, recycling: &none,
                stop: FlowStopWhen(test: test))
        }
        for blk in rebuilt { linesBroken += blk.lines.count }
        // The old blocks `bS ..< regionEnd` are replaced.
        var regionEnd = blocks.count
        if let r = resync {
            regionEnd = r.block
            if r.line > 0 {
                // The rest of the resynchronised line's block: at the end of the last new block,
                // or a block of its own when both together would pass twice the target.
                regionEnd += 1
                let rest = blocks[r.block].lines.count - r.line
                let lastFirst = firstItem + rebuilt.dropLast().reduce(0) { $0 + $1.itemCross.count }
                if rebuilt[rebuilt.count - 1].lines.count + rest <= 2 * FlowLineBlocks.lineTarget {
                    appendOldLines(
                        of: r.block, from: r.line, to: &rebuilt[rebuilt.count - 1], firstItem: lastFirst,
                        itemShift: d, &pos, count: newN, p.lineSpacing)
                } else {
                    var blk = FlowLineBlock()
                    pos = pos.normalized
                    blk.start = pos
                    let restFirst = itemStart(r.block) + blocks[r.block].lines[r.line].first + d
                    appendOldLines(
                        of: r.block, from: r.line, to: &blk, firstItem: restFirst, itemShift: d, &pos, count: newN,
                        p.lineSpacing)
                    rebuilt.append(blk)
                }
            }
        }
        var shift = FlowSum()
        if regionEnd < blocks.count {
            shift = pos - (blocks[regionEnd].start + offsets.sum(regionEnd))
        }
        blocks.replaceSubrange(bS..<regionEnd, with: rebuilt)
        offsets.splice(bS..<regionEnd, zeros: rebuilt.count, thenShift: shift)  // O(blocks)
        lineSpacing = p.lineSpacing
        reindexedAll = true
        index()
    }

    /// Appends lines `k...` of old block `b` to `blk` (whose first item is `firstItem`), their
    /// items moved by `itemShift`, their origins the sum `pos` carried on line after line, with
    /// their statistics. O(lines and items appended).
    private func appendOldLines(
        of b: Int, from k: Int, to blk: inout FlowLineBlock, firstItem: Int, itemShift: Int, _ pos: inout FlowSum,
        count n: Int, _ spacing: Double
    ) {
        let old = blocks[b]
        let base = itemStart(b) + itemShift
        let itemLo = old.lines[k].first
        for j in k..<old.lines.count {
            var l = old.lines[j]
            let end = j + 1 < old.lines.count ? base + old.lines[j + 1].first : base + old.itemCross.count
            l.first = base + l.first - firstItem
            l.origin = pos.value
            blk.appendLine(l, isLast: end == n, spacing)
            if end < n { pos.add(l.thickness + spacing) }
        }
        blk.itemCross.append(contentsOf: old.itemCross[itemLo...])
    }

    /// A position among the old lines that only moves forward: where `relayOut` looks for an
    /// old line starting at a new line's first item.
    private struct OldLineCursor {
        var block = -1
        var line = 0
        /// Index (in the section) of `block`'s first item.
        var base = 0
        var exhausted = false

        /// The old line that starts at item `item` (old numbering), if one does. `item` never
        /// decreases from one call to the next. The first call locates it, O(log lines); each
        /// later call costs O(1 + old lines passed).
        mutating func advance(to item: Int, in lines: FlowLineBlocks) -> (block: Int, line: Int)? {
            if exhausted { return nil }
            if block < 0 {
                (block, line) = lines.locate(item: item)
                base = lines.itemStart(block)
            }
            while true {
                let start = base + lines.blocks[block].lines[line].first
                if start == item { return (block, line) }
                if start > item { return nil }
                if line + 1 < lines.blocks[block].lines.count {
                    line += 1
                } else if block + 1 < lines.blocks.count {
                    base += lines.blocks[block].itemCross.count
                    block += 1
                    line = 0
                } else {
                    exhausted = true
                    return nil
                }
            }
        }

        /// The old line the cursor is at (after `advance` found none: the first one starting
        /// past the item asked for), with its first item (old numbering); nil past the last.
        func current(in lines: FlowLineBlocks) -> (block: Int, line: Int, start: Int)? {
            guard !exhausted, block >= 0 else { return nil }
            return (block, line, base + lines.blocks[block].lines[line].first)
        }
    }

    /// Appends lines `range` of block `b` (and their items' cross origins) to `region`, their
    /// first items moved by `itemShift`, their origins the sum `pos` carried on line after line.
    private func copyLines(
        _ b: Int, _ range: Range<Int>, itemShift: Int, _ pos: inout FlowSum, _ spacing: Double,
        into region: inout FlowLineBlock, _ chain: inout ContiguousArray<FlowSum>
    ) {
        guard !range.isEmpty else { return }
        let blk = blocks[b]
        let base = itemStart(b)
        for k in range {
            var l = blk.lines[k]
            l.first = base + l.first + itemShift
            l.origin = pos.value
            region.lines.append(l)
            chain.append(pos)
            pos.add(l.thickness + spacing)
        }
        let from = blk.lines[range.lowerBound].first
        let to = range.upperBound < blk.lines.count ? blk.lines[range.upperBound].first : blk.itemCross.count
        region.itemCross.append(contentsOf: blk.itemCross[from..<to])
    }

    /// Splits `region` (lines numbered in the section, starting at item `firstItem`) into
    /// blocks of about `lineTarget` lines, with their statistics: into `keep` blocks (the number
    /// it replaces, so that the trees over the blocks need no rebuild) when each then holds
    /// `lineTarget / 4 ... 2·lineTarget` lines. O(lines + items of the region).
    private static func makeBlocks(
        _ region: consuming FlowLineBlock, _ chain: ContiguousArray<FlowSum>, firstItem: Int, count n: Int,
        _ lineSpacing: Double, keep: Int
    ) -> ContiguousArray<FlowLineBlock> {
        let lines = region.lines.count
        guard lines > 0 else { return [] }
        let target = lineTarget
        let pieces: Int
        if keep >= 1 && lines >= keep * (target / 4) && lines <= keep * 2 * target {
            pieces = keep
        } else {
            pieces = lines <= 2 * target ? 1 : (lines + target - 1) / target
        }
        var out = ContiguousArray<FlowLineBlock>()
        out.reserveCapacity(pieces)
        var a = 0
        for piece in 0..<pieces {
            let b = (piece + 1) * lines / pieces
            let itemLo = region.lines[a].first
            let itemHi = b < lines ? region.lines[b].first : firstItem + region.itemCross.count
            var blk = FlowLineBlock()
            blk.start = chain[a]
            blk.lines.reserveCapacity(b - a)
            for k in a..<b {
                var l = region.lines[k]
                let end = k + 1 < lines ? region.lines[k + 1].first : firstItem + region.itemCross.count
                l.first -= itemLo
                blk.appendLine(l, isLast: end == n, lineSpacing)
            }
            if pieces == 1 {
                blk.itemCross = region.itemCross  // the whole region's: taken, not copied
            } else {
                blk.itemCross.append(contentsOf: region.itemCross[(itemLo - firstItem)..<(itemHi - firstItem)])
            }
            out.append(blk)
            a = b
        }
        return out
    }
}

/// A block's two tables read in place, by address: what a query reads a block through, where a
/// copy of the block (`blocks[b]`, or a table read out of it) retains both tables and releases
/// them after (about 40 instructions a pair, 5 pairs a viewport query; issue 32, round 15).
///
/// Valid while the block is not mutated or freed: the caller holds the section unchanged (a
/// query reads it while the layout's state is not written). O(1).
struct FlowBlockTables {
    /// The block's lines and their count (a block holds at least one).
    let lines: UnsafePointer<FlowLine>
    let lineCount: Int
    /// Its items' cross-axis origins and their count (the block's items).
    let cross: UnsafePointer<Double>
    let itemCount: Int

    /// Block `b` of `blocks` (a buffer from `FlowLineBlocks.inPlace`), `0 ≤ b < blocks.count`.
    @inline(__always)
    init(_ blocks: UnsafeBufferPointer<FlowLineBlock>, _ b: Int) {
        let p = blocks.baseAddress.unsafelyUnwrapped + b
        (lines, lineCount) = p.pointee.lines.withUnsafeBufferPointer { ($0.baseAddress.unsafelyUnwrapped, $0.count) }
        (cross, itemCount) = p.pointee.itemCross.withUnsafeBufferPointer {
            ($0.baseAddress.unsafelyUnwrapped, $0.count)
        }
    }

    /// The first item (relative to the block) of line `k` (`0 ≤ k ≤ lineCount`; the block's
    /// item count at `lineCount`).
    @inline(__always)
    func first(_ k: Int) -> Int { k < lineCount ? lines[k].first : itemCount }
}

extension FlowLineBlocks {
    /// The blocks of section `sec` in place (no retain of the table), valid as `FlowBlockTables`
    /// is: while the section is not mutated. O(1).
    @inline(__always)
    static func inPlace(_ sec: UnsafePointer<FlowSection>) -> UnsafeBufferPointer<FlowLineBlock> {
        sec.pointee.body.blocks.withUnsafeBufferPointer { $0 }
    }
}
