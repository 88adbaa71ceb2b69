import XCTest

@testable import CVLayoutCore

/// The direct query's finger search (`FlowSpanFinger`, `flowPartitionPoint(_:_:near:_:)`): a
/// query's line search starts where the last one's ended. The answer must be the binary
/// search's whatever the hint, in O(log(1 + distance)) probes.
final class FlowSpanFingerTests: XCTestCase {
    /// `flowGridHint`: the truncated index clamped into lo...hi, lo for NaN, never a trap (the
    /// doubles a division by a pitch of 0 or a huge rect gives); and a grid's four searches from
    /// such hints are the binary searches' answers.
    func testGridHintsClampAndTheirSearchesAreTheBinarySearches() {
        XCTAssertEqual(flowGridHint(.nan, 3, 9), 3)
        XCTAssertEqual(flowGridHint(.infinity, 3, 9), 9)
        XCTAssertEqual(flowGridHint(-.infinity, 3, 9), 3)
        XCTAssertEqual(flowGridHint(1e300, 0, Int.max), Int.max)
        XCTAssertEqual(flowGridHint(-1e300, -5, 5), -5)
        XCTAssertEqual(flowGridHint(4.99, 3, 9), 4)
        XCTAssertEqual(flowGridHint(3.0, 3, 9), 3)
        XCTAssertEqual(flowGridHint(8.999, 3, 9), 8)
        var g = SplitMix64(seed: 2727)
        for _ in 0..<20_000 {
            let n = Int(g.next() % 200)
            let pitch = [0, 1e-300, 0.5, 55, 1e300, -3][Int(g.next() % 6)]
            let start = Double(Int(g.next() % 2000)) - 1000, cut = Double(Int(g.next() % 20000)) / 7 - 1000
            let isAbove = { (k: Int) in start + Double(k) * pitch > cut }
            guard pitch >= 0 else { continue }  // (a grid's pitches are not negative)
            let want = flowPartitionPoint(0, n, isAbove)
            XCTAssertEqual(flowPartitionPoint(0, n, estimate: (cut - start) / pitch + 1, isAbove), want)
            XCTAssertEqual(flowPartitionPoint(0, n, estimate: (cut - start) / pitch, isAbove), want)
        }
    }

    /// Against the binary search over sorted arrays with repeats: every threshold, every hint
    /// (outside the range too), sub-ranges; the probes counted against the distance from the
    /// hint to the answer.
    func testFingerPartitionPointIsTheBinarySearchs() {
        var g = SplitMix64(seed: 1032)
        var checked = 0
        for round in 0..<200 {
            let n = round < 10 ? round : g.int(below: 300)
            var values: [Double] = []
            var v = 0.0
            for _ in 0..<n {
                v += g.int(below: 3) == 0 ? 0 : g.double(in: 0..<5)  // repeats too
                values.append(v)
            }
            let lo = n > 4 && round % 3 == 0 ? g.int(below: n / 2) : 0
            let hi = n > 4 && round % 5 == 0 ? lo + g.int(below: n - lo) : n
            for _ in 0..<8 {
                let t = g.double(in: -1..<(v + 1))
                let want = flowPartitionPoint(lo, hi) { values[$0] > t }
                for hint in (lo - 3)...(hi + 3) {
                    var probes = 0
                    let got = flowPartitionPoint(lo, hi, near: hint) { i in
                        XCTAssertTrue(i >= lo && i < hi, "probe \(i) outside \(lo)..<\(hi)")
                        probes += 1
                        return values[i] > t
                    }
                    XCTAssertEqual(got, want, "n \(n) range \(lo)..<\(hi) threshold \(t) hint \(hint)")
                    // Doubling steps to the answer, then a binary search of the last gap.
                    let d = abs(want - Swift.min(Swift.max(hint, lo), hi))
                    let bits = Int.bitWidth - (d + 1).leadingZeroBitCount
                    XCTAssertLessThanOrEqual(probes, 2 * bits + 2, "n \(n) hint \(hint) answer \(want)")
                    if d == 0 { XCTAssertLessThanOrEqual(probes, 2) }
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 100_000)
    }

    /// The size table's guessed chunk and group (`FlowChunkTable.chunk(holding:)`, the reader's
    /// `seek`): as built, after edits that move chunk boundaries and empty-free regrouping, the
    /// chunk of every element must be the binary search's, and every read the array's element.
    func testGuessedChunkIsTheSearchs() {
        var g = SplitMix64(seed: 2048)
        var array = FlowChunkedArray((0..<140_000).map(Double.init))  // 5 groups of 64 chunks of 512
        var model = (0..<140_000).map(Double.init)
        var (checked, guessedRight) = (0, 0)
        for round in 0..<8 {
            for t in array.tables {
                for j in 0..<t.count {
                    let want = flowPartitionPoint(0, t.chunkCount) { t.starts[$0] > j } - 1
                    let got = t.chunk(holding: j)
                    if got != want { XCTFail("round \(round) group at \(t.start) element \(j): \(got), not \(want)") }
                    if got == Swift.min(j * t.chunkCount / t.count, t.chunkCount - 1) { guessedRight += 1 }
                    checked += 1
                }
            }
            array.withReader { read in
                for _ in 0..<2000 {
                    let i = g.int(below: model.count)
                    XCTAssertEqual(read(i), model[i], "round \(round) element \(i)")
                }
            }
            // Edits: boundaries move in the chunks they touch, groups regroup.
            for _ in 0..<40 {
                let at = g.int(below: model.count), removed = Swift.min(g.int(below: 700), model.count - at)
                let new = (0..<g.int(below: 900)).map { _ in g.double(in: -1..<1) }
                array.replaceSubrange(at, removing: removed, with: new)
                model.replaceSubrange(at..<(at + removed), with: new)
            }
        }
        XCTAssertEqual(array.count, model.count)
        XCTAssertGreaterThan(checked, 1_000_000)
        XCTAssertGreaterThan(guessedRight, 139_000)  // the guess holds, at least as built
    }

    /// Scroll steps (small moves both ways, jumps, a change of section), with item-size edits
    /// between them that re-lay blocks out under a finger: every direct query's cells and
    /// headers must be the generic query's (a fresh binary search), and the finger must hold
    /// the first section's first line as a fresh search finds it.
    func testScrollStepsAnswerAsAFreshSearch() throws {
        var g = SplitMix64(seed: 77)
        var (queries, nearSteps, edits) = (0, 0, 0)
        for round in 0..<6 {
            var c = FlowConfiguration()
            c.scrollDirection = round % 2 == 0 ? .vertical : .horizontal
            c.randomizeAlignmentAndSpacing(&g)
            if round % 3 != 0 {
                c.headerReferenceSize = Size(width: 30, height: 12)
                c.footerReferenceSize = Size(width: 20, height: 7)
            }
            let f = FlowLayout()
            try f.configure(c)
            let axis = FlowAxis(c.scrollDirection)
            // 2-9 blocks of 256 lines a section.
            let counts = (0..<(1 + g.int(below: 3))).map { _ in 2000 + g.int(below: 6000) }
            for (s, n) in counts.enumerated() {
                try f.setItemSizes(randomThinItemSizes(&g, count: n, axis: axis), forSection: s)
            }
            let cv = try FlowTest.attach(f, counts, Size(width: 240, height: 200))
            var extent = axis.main(try cv.contentSize())
            var position = g.double(in: 0..<extent)
            for q in 0..<300 {
                if q % 50 == 49 {  // one item's size changed: its section re-laid out from there
                    let s = g.int(below: counts.count)
                    try f.replaceItemSizes(
                        inSection: s, start: g.int(below: counts[s]), removeCount: 1,
                        with: randomThinItemSizes(&g, count: 1, axis: axis))
                    extent = axis.main(try cv.contentSize())
                    edits += 1
                }
                let step = q % 40 == 39 ? g.double(in: -extent..<extent) : g.double(in: -30..<40)
                if abs(step) < 40 { nearSteps += 1 }
                position = Swift.min(Swift.max(position + step, -20), extent)
                let length = q % 7 == 0 ? g.double(in: 0.5..<3) : g.double(in: 50..<250)
                let r = axis.rect(main: position, cross: g.double(in: -5..<40), mainLength: length, crossLength: 200)
                _ = try assertRunsGiveTheGenericQuery(f, cv, r, counts, "round \(round) query \(q)")
                try checkFinger(f, r, round, q)
                queries += 1
            }
        }
        XCTAssertEqual(queries, 1800)
        XCTAssertGreaterThan(nearSteps, 1500)
        XCTAssertEqual(edits, 36)
    }

    /// `flowFirstLine` and `lineItems` (the direct query's bound pass) against linear
    /// scans of every block and line: the first line with and without hints (every block, lines
    /// in and past it, out of range too), then the lines read from it up to the first starting
    /// at or past the rect's end (in the start's block, in later blocks, past the section); in
    /// sections as laid out (every block offset 0) and after edits that move the blocks after
    /// them (offsets in the tree, added to each block's origins).
    func testFirstLineAndLinesReadAreTheLinearScans() throws {
        var g = SplitMix64(seed: 3216)
        var (checked, movedChecked, stillChecked, linesChecked, laterBlocks) = (0, 0, 0, 0, 0)
        var guessed = 0  // searched in a block other than the hint's: from the interpolated line
        for round in 0..<8 {
            var c = FlowConfiguration()
            c.scrollDirection = round % 2 == 0 ? .vertical : .horizontal
            c.minimumLineSpacing = [0, 3.25, 10][round % 3]
            let f = FlowLayout()
            try f.configure(c)
            let axis = FlowAxis(c.scrollDirection)
            let n = 4000 + g.int(below: 8000)  // several blocks of about 256 lines
            func size() -> Size {
                let (m, cr) = (g.double(in: 4..<9), g.double(in: 20..<60))
                return axis.horizontal ? Size(width: m, height: cr) : Size(width: cr, height: m)
            }
            try f.setItemSizes((0..<n).map { _ in size() }, forSection: 0)
            let cv = try FlowTest.attach(f, [n], Size(width: 240, height: 200))
            for edit in 0..<3 {
                if edit > 0 {  // items made thicker early in the section: the blocks after move
                    let at = g.int(below: n / 4), k = 1 + g.int(below: 20)
                    let thick = (0..<k).map { _ in
                        let m = g.double(in: 12..<30), cr = g.double(in: 20..<60)
                        return axis.horizontal ? Size(width: m, height: cr) : Size(width: cr, height: m)
                    }
                    try f.replaceItemSizes(inSection: 0, start: at, removeCount: k, with: thick)
                    _ = try cv.contentSize()
                }
                let st = try XCTUnwrap(f.state)
                var sec = st.sections[0]
                let body = sec.body
                let nb = body.blocks.count
                XCTAssertGreaterThan(nb, 2)
                let moved = (0..<nb).contains { body.delta($0) != 0 }
                if edit == 0 { XCTAssertFalse(moved, "round \(round): a fresh layout moves no block") }
                let extent = body.maxEnd
                for _ in 0..<60 {
                    let a = g.double(in: -50..<(extent + 50))
                    let slack = FlowLayout.searchSlack(a, a + 100)
                    // The scan: the last block whose first line starts at or before the bound
                    // (block 0 when none does), and its first line starting past it.
                    let bound = a - slack - sec.maxThickness
                    let origin = { (b: Int, k: Int) in body.blocks[b].lines[k].origin + body.delta(b) }
                    let blk = Swift.max(0, ((0..<nb).first { origin($0, 0) > bound } ?? nb) - 1)
                    let lines = body.blocks[blk].lines.count
                    let want = (blk, (0..<lines).first { origin(blk, $0) > bound } ?? lines)
                    // Each hint with the start of the query that found it: this one's (its line
                    // searched from) or one far away (the interpolated guess searched from).
                    var hints: [(block: Int, line: Int, a: Double)?] = [
                        nil, (-1, 0, a), (nb, 0, a), (blk, want.1, a), (blk, lines + 3, a), (blk, want.1, a + 1e6),
                        (blk, 0, -1e9), (blk, lines + 3, .nan),
                    ]
                    for _ in 0..<6 {
                        let near = g.int(below: 2) == 0 ? a : g.double(in: -50..<(extent + 50))
                        hints.append((g.int(below: nb + 2) - 1, g.int(below: 300) - 10, near))
                    }
                    for hint in hints {
                        let got = withUnsafePointer(to: &sec) {
                            flowFirstLine($0, from: a, slack: slack, near: hint)
                        }
                        XCTAssertTrue(
                            got == want,
                            "round \(round) edit \(edit) a \(a) hint \(String(describing: hint)): \(got), not \(want)")
                        checked += 1
                        if moved { movedChecked += 1 } else { stillChecked += 1 }
                        if hint?.block != want.0 { guessed += 1 }
                    }
                    // The lines read from it up to the first starting at or past `end`: a walk.
                    let end = a + [0, 30, 200, 1500, 40000][g.int(below: 5)]
                    var (wb, wk) = want
                    while wb < nb && (wk >= body.blocks[wb].lines.count || origin(wb, wk) < end) {
                        if wk >= body.blocks[wb].lines.count { (wb, wk) = (wb + 1, 0) } else { wk += 1 }
                    }
                    let inBlock =
                        want.1 < lines ? body.blocks[blk].lines[want.1].first : body.blocks[blk].itemCross.count
                    let firstItem = body.itemStart(blk) + inBlock
                    let endItem = wb < nb ? body.itemStart(wb) + body.blocks[wb].lines[wk].first : sec.itemCount
                    let got = withUnsafePointer(to: &sec) { FlowLayout.lineItems($0, from: want, before: end) }
                    XCTAssertEqual(got.items, firstItem..<endItem, "round \(round) edit \(edit) a \(a) end \(end)")
                    XCTAssertTrue(got.end == (wb, wk), "round \(round) a \(a) end \(end): \(got.end), not \((wb, wk))")
                    XCTAssertEqual(got.base, body.itemStart(blk))
                    linesChecked += 1
                    if wb > blk { laterBlocks += 1 }
                }
            }
        }
        XCTAssertEqual(checked, 8 * 3 * 60 * 14)
        XCTAssertGreaterThan(movedChecked, 3000)
        XCTAssertGreaterThan(stillChecked, 5000)
        XCTAssertEqual(linesChecked, 8 * 3 * 60)
        XCTAssertGreaterThan(laterBlocks, 150)
        XCTAssertGreaterThan(guessed, 8 * 3 * 60 * 7)
    }

    /// The finger after a query of `r`: the first line a fresh search finds in the first
    /// per-item section the rect can meet.
    private func checkFinger(_ f: FlowLayout, _ r: Rect, _ round: Int, _ q: Int) throws {
        let st = try XCTUnwrap(f.state)
        let rMin = st.axis.main(r.origin), rMax = rMin + st.axis.main(r.size)
        let slack = FlowLayout.searchSlack(rMin, rMax)
        let n = st.sections.count
        let lo = flowPartitionPoint(0, n) { st.reach[$0] > rMin - slack }
        let hi = flowPartitionPoint(lo, n) { st.floor[$0] >= rMax + slack }
        guard lo < hi, st.sections[lo].itemCount > 0, !st.sections[lo].isUniform else { return }
        let sec = st.sections[lo]
        let a = rMin - sec.origin
        let fresh = withUnsafePointer(to: sec) {
            flowFirstLine($0, from: a, slack: FlowLayout.searchSlack(a, a + st.axis.main(r.size)))
        }
        XCTAssertEqual(f.spanFinger.section, lo, "round \(round) query \(q)")
        XCTAssertEqual(f.spanFinger.block, fresh.block, "round \(round) query \(q)")
        XCTAssertEqual(f.spanFinger.line, fresh.line, "round \(round) query \(q)")
    }
}
