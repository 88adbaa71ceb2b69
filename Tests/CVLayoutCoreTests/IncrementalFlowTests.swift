import XCTest

@testable import CVLayoutCore

/// Incremental relayout of the flow layout (issue 14): after range edits of the sizes, measured
/// sizes and the batch updates that go with them, every frame, line and the content size equal a
/// layout computed from scratch over the same sizes (a fresh layout and view): bit for bit when
/// no main-axis sum rounds (sizes, spacings and insets in whole points, halves or quarters), and
/// otherwise the same lines, items and cross-axis values with main-axis coordinates within the
/// header's bound (16·(s + 1) units in the last place of the largest main-axis coordinate).
final class IncrementalFlowTests: XCTestCase {
    private struct Setup {
        var horizontal = false
        var width = 300.0
        var lineSpacing = 10.0
        var interitem = 10.0
        var inset = EdgeInsets.zero
        var header = Size.zero
        /// Sizes are multiples of 1/quantum (1: whole points; 3: thirds, whose sums round).
        var quantum = 1.0

        /// Whether every main-axis sum is exact (every term a multiple of 1/4, small): then the
        /// layouts must agree bit for bit.
        var exact: Bool {
            let terms = [
                quantum == 3 ? 1 / 3 : 1 / quantum, lineSpacing, inset.top, inset.left, header.width, header.height,
            ]
            return terms.allSatisfy { ($0 * 4).rounded() == $0 * 4 }
        }
    }

    private func configure(_ flow: FlowLayout, _ s: Setup) throws {
        try flow.configure {
            $0.scrollDirection = s.horizontal ? .horizontal : .vertical
            $0.minimumLineSpacing = s.lineSpacing
            $0.minimumInteritemSpacing = s.interitem
            $0.sectionInset = s.inset
            $0.headerReferenceSize = s.header
        }
    }

    private func make(_ s: Setup, _ model: [[Size]]) throws -> (CollectionView, FlowLayout, StaticDataSource) {
        let flow = FlowLayout()
        try configure(flow, s)
        for (k, sizes) in model.enumerated() { try flow.setItemSizes(sizes, forSection: k) }
        let ds = StaticDataSource(model.map(\.count))
        let v = try CollectionView(dataSource: ds, layout: flow)
        try v.setBoundsSize(s.horizontal ? Size(width: 800, height: s.width) : Size(width: s.width, height: 800))
        _ = try v.contentSize()
        return (v, flow, ds)
    }

    /// Whether two rects are equal (`tolerance` nil) or have the same cross-axis values and
    /// main-axis values within `tolerance`.
    private func same(_ a: Rect?, _ b: Rect?, _ s: Setup, _ tolerance: Double?) -> Bool {
        guard let tolerance, let a, let b else { return a == b }
        let axis = FlowAxis(s.horizontal ? .horizontal : .vertical)
        return axis.cross(a.origin) == axis.cross(b.origin) && axis.cross(a.size) == axis.cross(b.size)
            && abs(axis.main(a.origin) - axis.main(b.origin)) <= tolerance
            && abs(axis.main(a.size) - axis.main(b.size)) <= tolerance
    }

    /// Every frame, line and the content size of `v` equal a from-scratch layout of `model`: bit
    /// for bit when `s.exact`, else within the header's bound along the main axis.
    private func assertSameAsFresh(
        _ v: CollectionView, _ flow: FlowLayout, _ s: Setup, _ model: [[Size]], _ what: String
    ) throws {
        let (fv, fresh, _) = try make(s, model)
        let size = try v.contentSize()
        let freshSize = try fv.contentSize()
        // The bound: 16·(s + 1) units in the last place of the largest main-axis coordinate.
        var largest = s.horizontal ? freshSize.width : freshSize.height
        for (k, sizes) in model.enumerated() {
            for i in 0..<sizes.count {
                guard let f = fresh.frameForItem(at: CVLayoutCore.IndexPath(section: k, item: i)) else { continue }
                largest = Swift.max(largest, abs(s.horizontal ? f.minX : f.minY), abs(s.horizontal ? f.maxX : f.maxY))
            }
        }
        func tolerance(_ section: Int) -> Double? { s.exact ? nil : 16 * Double(section + 1) * largest.ulp }
        let last = Swift.max(model.count - 1, 0)
        XCTAssertTrue(
            same(Rect(origin: .zero, size: size), Rect(origin: .zero, size: freshSize), s, tolerance(last)),
            "\(what): content size \(size) vs \(freshSize)")
        assertBlockStatisticsMatchTheirLines(flow, s, what)
        for (k, sizes) in model.enumerated() {
            XCTAssertEqual(flow.numberOfLines(inSection: k), fresh.numberOfLines(inSection: k), what)
            XCTAssertTrue(same(flow.sectionFrame(k), fresh.sectionFrame(k), s, tolerance(last)), what)
            for i in 0..<sizes.count {
                let p = CVLayoutCore.IndexPath(section: k, item: i)
                guard same(flow.frameForItem(at: p), fresh.frameForItem(at: p), s, tolerance(k)),
                    flow.line(ofItem: p) == fresh.line(ofItem: p)
                else {
                    XCTFail(
                        "\(what): item \(p): \(String(describing: flow.frameForItem(at: p))) vs fresh "
                            + "\(String(describing: fresh.frameForItem(at: p)))")
                    return
                }
            }
            for line in 0..<flow.numberOfLines(inSection: k) {
                XCTAssertEqual(flow.itemRange(ofLine: line, inSection: k), fresh.itemRange(ofLine: line, inSection: k))
            }
        }
        // Rect queries: a few windows along the content.
        let main = s.horizontal ? size.width : size.height
        for f in [0.0, 0.3, 0.77] {
            let r =
                s.horizontal
                ? Rect(x: main * f, y: 0, width: 500, height: s.width)
                : Rect(x: 0, y: main * f, width: s.width, height: 500)
            let a = try v.layoutAttributesForElements(in: r)
            let b = try fv.layoutAttributesForElements(in: r)
            // (Within the bound, an element whose edge lies within a few units in the last place
            // of the rect's edge could be in one answer and not the other; the seeded cases have
            // none.)
            XCTAssertEqual(a.map { "\($0.indexPath)" }, b.map { "\($0.indexPath)" }, "\(what): query at \(f)")
            for (x, y) in zip(a, b) where !same(x.frame, y.frame, s, tolerance(x.indexPath.section)) {
                XCTFail("\(what): query at \(f): \(x.indexPath) \(x.frame) vs \(y.frame)")
            }
        }
    }

    /// Every line's stored cross statistics (its widest item, its items' largest cross end), every
    /// block's (its extents, thickest line, widest item, cross end, monotonicity) and the
    /// section's equal what the lines and items themselves give (recomputed here item by item):
    /// an edit that keeps stale maxima fails here even when no frame shows it. (The blocks'
    /// bounds differ from a fresh layout's; their statistics cannot be compared block by block
    /// with it.)
    private func assertBlockStatisticsMatchTheirLines(_ flow: FlowLayout, _ s: Setup, _ what: String) {
        struct Stats: Equatable {
            var minOrigin = Double.infinity, maxEnd = -Double.infinity, maxThickness = 0.0
            var maxItemCross = 0.0, crossEnd = -Double.infinity, monotone = true
        }
        guard let st = flow.state else { return XCTFail("\(what): no state") }
        for (k, sec) in st.sections.enumerated() where !sec.body.blocks.isEmpty {
            let lines = sec.body
            var all = Stats()
            for (b, blk) in lines.blocks.enumerated() {
                let base = lines.itemStart(b)
                var expect = Stats()
                for (j, l) in blk.lines.enumerated() {
                    let end = j + 1 < blk.lines.count ? blk.lines[j + 1].first : blk.itemCross.count
                    var widest = 0.0, reach = -Double.infinity
                    for i in l.first..<end {
                        let size = sec.sizes[base + i]
                        let w = s.horizontal ? size.height : size.width
                        widest = Swift.max(widest, w)
                        reach = Swift.max(reach, blk.itemCross[i] + w)
                    }
                    XCTAssertEqual(
                        [l.cross.maxItemCross, l.cross.crossEnd], [widest, reach],
                        "\(what): section \(k) block \(b) line \(j) cross statistics")
                    for (o, into) in [(l.origin, 0), (l.origin + lines.delta(b), 1)] {
                        var t = into == 0 ? expect : all
                        t.minOrigin = Swift.min(t.minOrigin, o)
                        t.maxEnd = Swift.max(t.maxEnd, o + l.thickness)
                        t.maxThickness = Swift.max(t.maxThickness, l.thickness)
                        t.maxItemCross = Swift.max(t.maxItemCross, widest)
                        t.crossEnd = Swift.max(t.crossEnd, reach)
                        if base + end != sec.itemCount && l.thickness + lines.lineSpacing < 0 { t.monotone = false }
                        if into == 0 { expect = t } else { all = t }
                    }
                }
                let got = Stats(
                    minOrigin: blk.stats.minOrigin, maxEnd: blk.stats.maxEnd, maxThickness: blk.stats.maxThickness,
                    maxItemCross: blk.stats.maxItemCross, crossEnd: blk.stats.crossEnd, monotone: blk.stats.monotone)
                if lines.lineSpacing >= 0 {
                    // Block extents are kept for a negative line spacing only (`FlowLineStats`).
                    expect.minOrigin = .infinity
                    expect.maxEnd = -.infinity
                }
                XCTAssertEqual(got, expect, "\(what): section \(k) block \(b) statistics")
            }
            XCTAssertEqual(
                [lines.maxThickness, lines.maxItemCross, lines.crossEnd],
                [all.maxThickness, all.maxItemCross, all.crossEnd],
                "\(what): section \(k) statistics")
            XCTAssertEqual(lines.monotone, all.monotone, "\(what): section \(k) monotone")
            if lines.lineSpacing >= 0 {
                XCTAssertEqual(
                    [lines.minOrigin, lines.maxEnd], [all.minOrigin, all.maxEnd], "\(what): section \(k) extents")
            }
        }
    }

    private func randomSize(_ rng: inout SplitMix64, _ s: Setup) -> Size {
        let q = s.quantum
        func v(_ lo: Double, _ hi: Double) -> Double { (Double.random(in: lo...hi, using: &rng) * q).rounded() / q }
        // Now and then an item wider than the line or of zero size.
        switch Int.random(in: 0..<40, using: &rng) {
        case 0: return Size(width: s.width + 20, height: v(10, 60))
        case 1: return .zero
        default: return Size(width: v(20, 130), height: v(10, 70))
        }
    }

    /// Sections of runs of equal sizes (grids of equal cells: 0–6000 of one random size, wider
    /// than the line now and then) between a few random sizes.
    private func gridSections(_ rng: inout SplitMix64, _ s: Setup, sections: Int, items: Int) -> [[Size]] {
        (0..<sections).map { _ in
            var out: [Size] = []
            while out.count < items {
                let size = randomSize(&rng, s)
                out += repeatElement(size, count: Int.random(in: 0...6000, using: &rng))
                out += (0..<Int.random(in: 0...30, using: &rng)).map { _ in randomSize(&rng, s) }
            }
            return out
        }
    }

    /// Random edits (change, insert, delete, move, append, measured sizes) of one section among
    /// several, each checked against a fresh layout. With `grid`, the sections are runs of equal
    /// sizes (`gridSections`) and new sizes are mostly the size of the item they replace or go
    /// next to (a cell deleted, inserted or moved within a grid; one measured otherwise now and
    /// then).
    private func run(
        seed: UInt64, _ s: Setup, sections: Int = 2, items: Int = 1500, steps: Int = 14, grid: Bool = false
    ) throws {
        var rng = SplitMix64(seed: seed)
        var model =
            grid
            ? gridSections(&rng, s, sections: sections, items: items)
            : (0..<sections).map { _ in
                (0..<Int.random(in: 0...items, using: &rng)).map { _ in randomSize(&rng, s) }
            }
        let (v, flow, ds) = try make(s, model)
        /// A new size for item `at` of `sizes` (or next to it).
        func newSize(_ sizes: [Size], _ at: Int) -> Size {
            guard grid, !sizes.isEmpty, Int.random(in: 0..<4, using: &rng) > 0 else { return randomSize(&rng, s) }
            return sizes[Swift.min(at, sizes.count - 1)]
        }
        for step in 0..<steps {
            let k = Int.random(in: 0..<sections, using: &rng)
            let n = model[k].count
            var what = "seed \(seed) step \(step) section \(k) n \(n): "
            var update = BatchUpdate()
            let kind = n == 0 ? 1 : Int.random(in: 0..<7, using: &rng)
            switch kind {
            case 0:  // change a run of sizes
                let at = Int.random(in: 0..<n, using: &rng), c = Int.random(in: 1...Swift.min(4, n - at), using: &rng)
                let new = (0..<c).map { _ in newSize(model[k], at) }
                what += "change \(c) at \(at)"
                try flow.replaceItemSizes(inSection: k, start: at, removeCount: c, with: new)
                model[k].replaceSubrange(at..<at + c, with: new)
            case 1, 2:  // insert (kind 2: append)
                let at = kind == 2 ? n : Int.random(in: 0...n, using: &rng), c = Int.random(in: 1...5, using: &rng)
                let new = (0..<c).map { _ in newSize(model[k], at) }
                what += "insert \(c) at \(at)"
                try flow.replaceItemSizes(inSection: k, start: at, removeCount: 0, with: new)
                model[k].insert(contentsOf: new, at: at)
                update.insertItems((at..<at + c).map { CVLayoutCore.IndexPath(section: k, item: $0) })
            case 3:  // delete
                let at = Int.random(in: 0..<n, using: &rng), c = Int.random(in: 1...Swift.min(5, n - at), using: &rng)
                what += "delete \(c) at \(at)"
                try flow.replaceItemSizes(inSection: k, start: at, removeCount: c, with: [])
                model[k].removeSubrange(at..<at + c)
                update.deleteItems((at..<at + c).map { CVLayoutCore.IndexPath(section: k, item: $0) })
            case 4:  // move one: a delete and an insert of its size
                let from = Int.random(in: 0..<n, using: &rng), to = Int.random(in: 0..<n, using: &rng)
                what += "move \(from) to \(to)"
                let size = model[k][from]
                try flow.replaceItemSizes(inSection: k, start: from, removeCount: 1, with: [])
                try flow.replaceItemSizes(inSection: k, start: to, removeCount: 0, with: [size])
                model[k].remove(at: from)
                model[k].insert(size, at: to)
                update.moveItem(
                    from: CVLayoutCore.IndexPath(section: k, item: from),
                    to: CVLayoutCore.IndexPath(section: k, item: to))
            case 5:  // measured sizes for a few items
                let at = Int.random(in: 0..<n, using: &rng), c = Int.random(in: 1...Swift.min(8, n - at), using: &rng)
                what += "measure \(c) at \(at)"
                let new = (0..<c).map { (CVLayoutCore.IndexPath(section: k, item: at + $0), newSize(model[k], at)) }
                try v.setMeasuredSizes(new)
                for (p, size) in new { model[k][p.item] = size }
            default:  // one size, the most common edit
                let at = Int.random(in: 0..<n, using: &rng)
                let new = newSize(model[k], at + 1)
                what += "change one at \(at)"
                try flow.replaceItemSizes(inSection: k, start: at, removeCount: 1, with: [new])
                model[k][at] = new
            }
            ds.counts = model.map(\.count)
            if !update.isEmpty { try v.performBatchUpdates(update, animation: nil) }
            try assertSameAsFresh(v, flow, s, model, what)
        }
        // Most edits re-laid out from the old lines (the others: a section that was or became
        // empty or uniform).
        XCTAssertGreaterThan(flow.incrementalLayouts, steps / 2, "seed \(seed)")
        if grid { XCTAssertGreaterThan(flow.incrementalUniformJumps, 2, "seed \(seed)") }
    }

    func testEditsInWholePointsEqualAFreshLayout() throws {
        for seed in 1...6 { try run(seed: UInt64(seed), Setup()) }
    }

    func testTheLinesAreReusedNotLaidOutAgain() throws {
        let sizes = (0..<3000).map { (i: Int) -> Size in
            Size(width: Double(20 + i * 7 % 61), height: Double(20 + i * 13 % 37))
        }
        let (v, flow, ds) = try make(Setup(), [sizes])
        var model = sizes
        try flow.replaceItemSizes(inSection: 0, start: 1500, removeCount: 1, with: [Size(width: 33, height: 44)])
        model[1500] = Size(width: 33, height: 44)
        _ = try v.contentSize()
        XCTAssertEqual(flow.incrementalLayouts, 1)
        try flow.replaceItemSizes(inSection: 0, start: 0, removeCount: 0, with: [Size(width: 50, height: 50)])
        model.insert(Size(width: 50, height: 50), at: 0)
        ds.counts = [model.count]
        var u = BatchUpdate()
        u.insertItems([CVLayoutCore.IndexPath(section: 0, item: 0)])
        try v.performBatchUpdates(u, animation: nil)
        XCTAssertEqual(flow.incrementalLayouts, 2)
        try assertSameAsFresh(v, flow, Setup(), [model], "insert at 0")
        // Setting the whole array again lays the section out from scratch.
        try flow.setItemSizes(model, forSection: 0)
        _ = try v.contentSize()
        XCTAssertEqual(flow.incrementalLayouts, 2)
    }

    func testChunkedArrayAgreesWithAnArrayOverRandomEdits() {
        // Small and large splices, chunks emptied, merged with a neighbour and split; element
        // writes on a copy must not show in the original (copy-on-write of one chunk).
        var rng = SplitMix64(seed: 99)
        var model = Array(0..<5000)
        var chunked = FlowChunkedArray(model)
        let target = FlowChunkedArray<Int>.chunkTarget
        for step in 0..<300 {
            let n = model.count
            let start = Int.random(in: 0...n, using: &rng)
            let removed = Int.random(in: 0...Swift.min(n - start, step % 7 == 0 ? 3 * target : 5), using: &rng)
            let inserted = Int.random(in: 0...(step % 11 == 0 ? 2 * target + 7 : 4), using: &rng)
            let new = (0..<inserted).map { 100_000 * step + $0 }
            chunked.replaceSubrange(start, removing: removed, with: new)
            model.replaceSubrange(start..<start + removed, with: new)
            if n > 0, step % 5 == 0 {
                let i = Int.random(in: 0..<model.count, using: &rng)
                let before = chunked
                chunked[i] = -step
                XCTAssertEqual(before.toArray(), model, "step \(step): a write showed in a copy")
                model[i] = -step
            }
            XCTAssertEqual(chunked.count, model.count, "step \(step)")
            XCTAssertEqual(chunked.toArray(), model, "step \(step)")
            XCTAssertEqual(chunked.allChunks.map(\.count).reduce(0, +), model.count)
            XCTAssertTrue(chunked.allChunks.allSatisfy { $0.count > 0 && $0.count <= 2 * target }, "step \(step)")
            checkTables(chunked, "step \(step)")
            chunked.withReader { read in
                for i in Swift.stride(from: 0, to: model.count, by: 97) where read(i) != model[i] {
                    XCTFail("step \(step): reader at \(i)")
                }
            }
        }
        XCTAssertFalse(FlowChunkedArray(model).allEqual())
        XCTAssertTrue(FlowChunkedArray(repeating: 3, count: 5000).allEqual())
    }

    func testChunkedArrayGroupsAgreeWithAnArrayOverRandomEdits() {
        // Enough elements for several groups of chunks (the second level): edits inside a group,
        // across group boundaries, that empty groups, merge them with a neighbour and split them;
        // writes into a copy and into an array built by repetition (one chunk shared many times).
        var rng = SplitMix64(seed: 7)
        let target = FlowChunkedArray<Int>.chunkTarget, groupChunks = FlowChunkedArray<Int>.groupTarget
        var model = Array(0..<(5 * groupChunks * target + 123))
        var chunked = FlowChunkedArray(model)
        XCTAssertGreaterThanOrEqual(chunked.groups.count, 5)
        for step in 0..<160 {
            let n = model.count
            let start = Int.random(in: 0...n, using: &rng)
            let big = step % 9 == 0 ? groupChunks * target * 2 : step % 4 == 0 ? target * 3 : 3
            let removed = Int.random(in: 0...Swift.min(n - start, big), using: &rng)
            let inserted = Int.random(in: 0...(step % 13 == 0 ? groupChunks * target + 5 : 6), using: &rng)
            let new = (0..<inserted).map { -1_000_000 * (step + 1) - $0 }
            let before = chunked, modelBefore = model
            chunked.replaceSubrange(start, removing: removed, with: new)
            model.replaceSubrange(start..<start + removed, with: new)
            if !model.isEmpty {
                let i = Int.random(in: 0..<model.count, using: &rng)
                let copy = chunked
                chunked[i] = step
                XCTAssertEqual(copy[i], model[i], "step \(step): a write showed in a copy")
                model[i] = step
            }
            XCTAssertEqual(before.count, n, "step \(step): the copy changed")
            if step % 8 == 0 { XCTAssertEqual(before.toArray(), modelBefore, "step \(step): the copy changed") }
            XCTAssertEqual(chunked.count, model.count, "step \(step)")
            checkTables(chunked, "step \(step)")
            XCTAssertTrue(chunked.allChunks.allSatisfy { $0.count > 0 && $0.count <= 2 * target }, "step \(step)")
            XCTAssertTrue(
                chunked.groups.allSatisfy { $0.chunks.count <= 2 * groupChunks }
                    && (chunked.groups.count < 2 || chunked.groups.allSatisfy { $0.chunks.count >= groupChunks / 4 }),
                "step \(step): group sizes \(chunked.groups.map(\.chunks.count))")
            if step % 8 == 0 { XCTAssertEqual(chunked.toArray(), model, "step \(step)") }
            var rngRead = SplitMix64(seed: UInt64(step))
            chunked.withReader { read in
                for _ in 0..<200 where !model.isEmpty {
                    let i = Int.random(in: 0..<model.count, using: &rngRead)
                    if read(i) != model[i] || chunked[i] != model[i] { XCTFail("step \(step): element \(i)") }
                }
            }
        }
        XCTAssertEqual(chunked.toArray(), model)
        // Repetition shares one chunk; a write copies it and leaves the rest (and a copy) alone.
        var flags = FlowChunkedArray<UInt8>(repeating: 0, count: 3 * groupChunks * target)
        let copy = flags
        XCTAssertTrue(flags.allEqual())
        flags[groupChunks * target + 5] = 1
        XCTAssertFalse(flags.allEqual())
        XCTAssertTrue(copy.allEqual())
        XCTAssertEqual(flags.toArray().indices.filter { flags[$0] != 0 }, [groupChunks * target + 5])
        XCTAssertEqual(copy.toArray().filter { $0 != 0 }.count, 0)
        flags[groupChunks * target + 5] = 0
        XCTAssertTrue(flags.allEqual())
    }

    func testOneChunkEditsInAGroupOfItsOwnAreMadeInPlace() {
        // A one-element insert, delete or replacement in an array no copy shares replaces its
        // chunk in the group (the group object stays), in every group, the first and the last;
        // a copy taken before an edit keeps its elements (the group is then made again). Each
        // time the elements, the tables' starts and counts, and a reader agree with an array.
        var rng = SplitMix64(seed: 88)
        let target = FlowChunkedArray<Int>.chunkTarget, groupChunks = FlowChunkedArray<Int>.groupTarget
        var model = Array(0..<(4 * groupChunks * target + 77))
        var chunked = FlowChunkedArray(model)
        XCTAssertGreaterThanOrEqual(chunked.groups.count, 4)
        var inPlace = 0
        for step in 0..<400 {
            let n = model.count
            let start = step % 10 == 0 ? [0, n][step % 20 == 0 ? 0 : 1] : Int.random(in: 0...n, using: &rng)
            let removed = start < n ? Int.random(in: 0...1, using: &rng) : 0
            let new = (0..<Int.random(in: 0...1, using: &rng)).map { -(step * 10 + $0) - 1 }
            let groupsBefore = chunked.groups.map(ObjectIdentifier.init)
            let copy: FlowChunkedArray<Int>? = step % 7 == 3 ? chunked : nil
            let modelBefore = model
            chunked.replaceSubrange(start, removing: removed, with: new)
            model.replaceSubrange(start..<start + removed, with: new)
            if let copy {
                XCTAssertEqual(copy.toArray(), modelBefore, "step \(step): the copy changed")
                checkTables(copy, "step \(step) copy")
            } else if chunked.groups.map(ObjectIdentifier.init) == groupsBefore {
                inPlace += 1
            }
            XCTAssertEqual(chunked.count, model.count, "step \(step)")
            checkTables(chunked, "step \(step)")
            XCTAssertTrue(chunked.allChunks.allSatisfy { $0.count > 0 && $0.count <= 2 * target }, "step \(step)")
            chunked.withReader { read in
                for i in Swift.stride(from: step % 13, to: model.count, by: 211) where read(i) != model[i] {
                    XCTFail("step \(step): reader at \(i)")
                }
            }
            if step % 50 == 0 { XCTAssertEqual(chunked.toArray(), model, "step \(step)") }
        }
        XCTAssertEqual(chunked.toArray(), model)
        XCTAssertGreaterThan(inPlace, 250, "edits made in place")
    }

    /// The second level's tables agree with the groups: starts, counts and chunk pointers.
    func testRunEndAgreesWithAScan() {
        // Runs of equal elements from 1 to 80000 long (past a chunk, and past a group of 64
        // chunks), edited at random: the end of the run from any index is where a scan stops,
        // whether the chunks' and groups' uniformity was cached before the edit or not.
        var rng = SplitMix64(seed: 512)
        var model: [Int] = []
        for k in 0..<40 {
            let long = k % 5 == 0 ? 80000 : 3000
            model += repeatElement(k % 3, count: Int.random(in: 1...long, using: &rng))
        }
        var chunked = FlowChunkedArray(model)
        for step in 0..<60 {
            for _ in 0..<20 {
                let a = Int.random(in: 0..<model.count, using: &rng)
                var end = a + 1
                while end < model.count && model[end] == model[a] { end += 1 }
                XCTAssertEqual(chunked.runEnd(from: a), end, "step \(step) from \(a)")
            }
            let at = Int.random(in: 0..<model.count, using: &rng)
            let removed = Int.random(in: 0...Swift.min(model.count - at, step % 4 == 0 ? 40000 : 3), using: &rng)
            let new = Array(repeating: Int.random(in: 0..<3, using: &rng), count: Int.random(in: 0...600, using: &rng))
            chunked.replaceSubrange(at, removing: removed, with: new)
            model.replaceSubrange(at..<at + removed, with: new)
            if step % 3 == 0, !model.isEmpty {  // one element written in place (its chunk's cache dropped)
                let x = Int.random(in: 0..<model.count, using: &rng), value = Int.random(in: 0..<3, using: &rng)
                chunked[x] = value
                model[x] = value
            }
        }
        XCTAssertEqual(chunked.toArray(), model)
        // Runs that end exactly where a chunk or a group ends, followed by a uniform chunk or
        // group of another value (passed whole only when the value is the run's).
        var aligned = FlowChunkedArray(Array(repeating: 0, count: 150_000))
        var at = 0
        for (g, group) in aligned.groups.enumerated() {
            for (k, c) in group.chunks.enumerated() {
                // (A group's last chunk has the value of the next group's first.)
                let value = g < 2 ? g : k == group.chunks.count - 1 ? 0 : (k / 3) % 2 + 2 * (k % 7 == 6 ? 1 : 0)
                for x in at..<at + c.count { aligned[x] = value }
                at += c.count
            }
        }
        let flat = aligned.toArray()
        for _ in 0..<400 {
            let a = Int.random(in: 0..<flat.count, using: &rng)
            var end = a + 1
            while end < flat.count && flat[end] == flat[a] { end += 1 }
            XCTAssertEqual(aligned.runEnd(from: a), end, "aligned, from \(a)")
        }
    }

    private func checkTables<T>(_ a: FlowChunkedArray<T>, _ message: String, line: UInt = #line) {
        XCTAssertEqual(a.tables.count, a.groups.count, message, line: line)
        var at = 0
        for (t, g) in zip(a.tables, a.groups) {
            let ok =
                t.start == at && t.count == g.count && t.chunkCount == g.chunks.count && g.count > 0
                && (0..<g.chunks.count).allSatisfy { t.bases[$0] == g.chunks[$0].base }
            // Each chunk's start within its group: the counts of the chunks before it.
            var within = 0
            let starts = (0...g.chunks.count).allSatisfy { k in
                defer { within += k < g.chunks.count ? g.chunks[k].count : 0 }
                return t.starts[k] == within
            }
            XCTAssertTrue(ok && starts, "\(message): group at \(at)", line: line)
            at += t.count
        }
        XCTAssertEqual(at, a.count, message, line: line)
    }

    func testEditsAreRecordedAsDisjointRuns() {
        // 100 items: item 10 deleted, then 5 inserted at 50 (item 51 before), then item 11 (12
        // before) changed: it touches the first run, which grows.
        var e = FlowEdit(count: 100, start: 10, removed: 1, inserted: 0)
        e = e.then(start: 50, removed: 0, inserted: 5)
        XCTAssertEqual(
            e.runs, [.init(start: 10, newCount: 0, oldCount: 1), .init(start: 50, newCount: 5, oldCount: 0)])
        e = e.then(start: 10, removed: 1, inserted: 1)
        XCTAssertEqual(
            e.runs, [.init(start: 10, newCount: 1, oldCount: 2), .init(start: 50, newCount: 5, oldCount: 0)])
        XCTAssertEqual(e.newCount, 104)
        // A delete over the second run and 3 items after it: one run of 8 old items, 0 new... plus
        // the 5 inserted ones gone.
        e = e.then(start: 49, removed: 9, inserted: 0)
        XCTAssertEqual(
            e.runs, [.init(start: 10, newCount: 1, oldCount: 2), .init(start: 49, newCount: 0, oldCount: 4)])
        XCTAssertEqual(e.newCount, 95)
        // More than `maxRuns` runs become one.
        var many = FlowEdit(count: 1000, start: 0, removed: 1, inserted: 1)
        for k in 1...40 { many = many.then(start: 20 * k, removed: 1, inserted: 2) }
        XCTAssertLessThanOrEqual(many.runs.count, FlowEdit.maxRuns)
        XCTAssertEqual(many.runs.first?.start, 0)
        XCTAssertEqual(many.runs.last?.end, 802)  // the last edit: 2 items at 800 (numbered as after it)
        XCTAssertEqual(many.newCount, 1040)
    }

    func testAMoveAcrossTheSectionBreaksLinesOnlyAroundBothEnds() throws {
        let sizes = (0..<20000).map { (i: Int) -> Size in
            Size(width: Double(20 + (i * 7919 + i / 7) % 61), height: Double(20 + i * 13 % 37))
        }
        var model = sizes
        let (v, flow, ds) = try make(Setup(width: 390), [sizes])
        let lines = flow.numberOfLines(inSection: 0)
        let size = model.remove(at: 100)
        model.insert(size, at: 19000)
        try flow.replaceItemSizes(inSection: 0, start: 100, removeCount: 1, with: [])
        try flow.replaceItemSizes(inSection: 0, start: 19000, removeCount: 0, with: [size])
        ds.counts = [model.count]
        var u = BatchUpdate()
        u.moveItem(
            from: CVLayoutCore.IndexPath(section: 0, item: 100), to: CVLayoutCore.IndexPath(section: 0, item: 19000))
        try v.performBatchUpdates(u, animation: nil)
        try assertSameAsFresh(v, flow, Setup(width: 390), [model], "move")
        XCTAssertEqual(flow.incrementalLayouts, 1)
        XCTAssertGreaterThan(lines, 3000)
        XCTAssertLessThan(flow.incrementalLinesBroken, 100)
    }

    func testAShiftOfTheBlocksAfterAnEditTouchesLogBlocksTreeNodes() throws {
        // 20 000 rows of one item: 20 000 lines, about 156 blocks. A row 20 higher in the middle
        // of a block re-breaks its lines, rebuilds that one block and moves every block after it
        // by 20: one tree update (at most ⌈log2(157)⌉ = 8 nodes) plus resetting the rebuilt
        // block's offset (a query and two updates), not one addition per block.
        var model = (0..<20000).map { Size(width: 300, height: Double(50 + $0 % 3)) }  // not uniform
        let s = Setup(width: 300, lineSpacing: 0)
        let (v, flow, ds) = try make(s, [model])
        for (k, at) in [10_050, 60, 19_990, 7_777].enumerated() {
            let before = flow.incrementalOffsetNodes
            model[at].height = 70 + Double(k)
            try flow.replaceItemSizes(inSection: 0, start: at, removeCount: 1, with: [model[at]])
            ds.counts = [model.count]
            try assertSameAsFresh(v, flow, s, [model], "row \(at)")
            XCTAssertEqual(flow.incrementalLayouts, k + 1, "row \(at)")
            let nodes = flow.incrementalOffsetNodes - before
            XCTAssertGreaterThan(nodes, 0, "row \(at)")
            XCTAssertLessThanOrEqual(nodes, 4 * 8, "row \(at)")
        }
        // The block count stayed the same: the trees of item and line counts and summaries were
        // updated in O(log blocks), never rebuilt over every block.
        XCTAssertEqual(flow.incrementalFullReindexes, 0)
        // A delete in the middle and an insert at 0 too (one line fewer or more in one block).
        for (at, insert) in [(9_000, false), (0, true), (12_345, false)] {
            if insert {
                model.insert(Size(width: 300, height: 77), at: at)
                try flow.replaceItemSizes(inSection: 0, start: at, removeCount: 0, with: [model[at]])
            } else {
                model.remove(at: at)
                try flow.replaceItemSizes(inSection: 0, start: at, removeCount: 1, with: [])
            }
            ds.counts = [model.count]
            var u = BatchUpdate()
            let ip = CVLayoutCore.IndexPath(section: 0, item: at)
            if insert { u.insertItems([ip]) } else { u.deleteItems([ip]) }
            try v.performBatchUpdates(u, animation: nil)
            try assertSameAsFresh(v, flow, s, [model], "\(insert ? "insert" : "delete") at \(at)")
        }
        XCTAssertEqual(flow.incrementalLayouts, 7)
        XCTAssertEqual(flow.incrementalFullReindexes, 0)
    }

    func testEditsThatSplitAndMergeBlocksRebuildTheTrees() throws {
        // Rows of one item (one line each, about 8 blocks of 256): 400 rows inserted into one
        // block make it too long (split), deleting 450 makes blocks too short (merged); the
        // trees over the blocks are rebuilt then, and the layout still equals a fresh one.
        var model = (0..<2000).map { Size(width: 300, height: Double(40 + $0 % 7)) }
        let s = Setup(width: 300, lineSpacing: 2)
        let (v, flow, ds) = try make(s, [model])
        let steps: [(at: Int, delete: Int, insert: Int)] = [(1000, 0, 400), (900, 450, 0), (5, 3, 300), (0, 700, 2)]
        for (k, e) in steps.enumerated() {
            let new = (0..<e.insert).map { Size(width: 300, height: Double(30 + ($0 * 3 + k) % 11)) }
            model.replaceSubrange(e.at..<e.at + e.delete, with: new)
            try flow.replaceItemSizes(inSection: 0, start: e.at, removeCount: e.delete, with: new)
            ds.counts = [model.count]
            var u = BatchUpdate()
            u.deleteItems((e.at..<e.at + e.delete).map { CVLayoutCore.IndexPath(section: 0, item: $0) })
            u.insertItems((e.at..<e.at + e.insert).map { CVLayoutCore.IndexPath(section: 0, item: $0) })
            try v.performBatchUpdates(u, animation: nil)
            try assertSameAsFresh(v, flow, s, [model], "step \(k)")
            XCTAssertEqual(flow.incrementalLayouts, k + 1)
        }
        XCTAssertGreaterThanOrEqual(flow.incrementalFullReindexes, 2)
    }

    func testBlockCountTreeAgreesWithPrefixSumsAndSearch() {
        // Fenwick prefix sums and the search for the block holding an element, against a plain
        // array, over random counts ≥ 1 and random changes of them.
        var rng = SplitMix64(seed: 5)
        for n in [1, 2, 3, 7, 8, 9, 100, 1000] {
            var counts = (0..<n).map { _ in Int.random(in: 1...300, using: &rng) }
            var tree = FlowBlockCounts(counts)
            for step in 0..<50 {
                if step > 0 {
                    let b = Int.random(in: 0..<n, using: &rng)
                    let x = Int.random(in: (1 - counts[b])...200, using: &rng)
                    counts[b] += x
                    tree.add(b, x)
                }
                XCTAssertEqual(tree.total, counts.reduce(0, +), "n \(n) step \(step)")
                var start = 0
                for b in 0..<n {
                    XCTAssertEqual(tree.prefix(b), start, "n \(n) step \(step) block \(b)")
                    for x in [start, start + counts[b] / 2, start + counts[b] - 1] {
                        let (fb, fs) = tree.find(x)
                        XCTAssertEqual(fb, b, "n \(n) step \(step) element \(x)")
                        XCTAssertEqual(fs, start, "n \(n) step \(step) element \(x)")
                    }
                    start += counts[b]
                }
                XCTAssertEqual(tree.prefix(n), start)
            }
        }
    }

    func testBlockSummaryTreeAgreesWithAFold() {
        var rng = SplitMix64(seed: 6)
        for n in [1, 2, 5, 16, 33] {
            var blocks = ContiguousArray<FlowLineBlock>()
            func random() -> FlowLineBlock {
                var b = FlowLineBlock()
                b.stats.maxThickness = Double(Int.random(in: 0...1000, using: &rng))
                b.stats.maxItemCross = Double(Int.random(in: 0...1000, using: &rng))
                b.stats.crossEnd = Double(Int.random(in: -10...1000, using: &rng))
                b.stats.monotone = Int.random(in: 0..<10, using: &rng) > 0
                return b
            }
            for _ in 0..<n { blocks.append(random()) }
            var tree = FlowBlockSummaries(blocks)
            for step in 0..<40 {
                if step > 0 {
                    let b = Int.random(in: 0..<n, using: &rng)
                    blocks[b] = random()
                    tree.set(b, FlowBlockSummary(blocks[b]))
                }
                let fold = blocks.reduce(FlowBlockSummary()) { $0 + FlowBlockSummary($1) }
                XCTAssertEqual(tree.all, fold, "n \(n) step \(step)")
                XCTAssertEqual(tree.all.maxThickness, blocks.map(\.stats.maxThickness).max())
                XCTAssertEqual(tree.all.monotone, blocks.allSatisfy(\.stats.monotone))
            }
        }
    }

    func testMeasuredSizesReLayOutOnlyTheLinesAroundThem() throws {
        // A list of 20 000 rows estimated 50 high; the first batch makes the section's size array
        // (laid out whole once), later batches in the middle re-break only their own lines.
        let flow = FlowLayout()
        try flow.configure {
            $0.estimatedItemSize = Size(width: 300, height: 50)
            $0.minimumLineSpacing = 0
        }
        let v = try CollectionView(dataSource: StaticDataSource([20000]), layout: flow)
        try v.setBoundsSize(Size(width: 300, height: 600))
        func ip(_ i: Int) -> CVLayoutCore.IndexPath { CVLayoutCore.IndexPath(section: 0, item: i) }
        try v.setMeasuredSizes([(ip(0), Size(width: 300, height: 70))])
        XCTAssertEqual(flow.incrementalLayouts, 0)
        try v.setContentOffset(Point(x: 0, y: 500_000))  // rows 9999 ... 10011
        try v.setMeasuredSizes((10_000..<10_012).map { (ip($0), Size(width: 300, height: 40 + Double($0 % 5))) })
        XCTAssertEqual(flow.incrementalLayouts, 1)
        XCTAssertLessThanOrEqual(flow.incrementalLinesBroken, 13)  // the row before and the 12
        var model = [Size](repeating: Size(width: 300, height: 50), count: 20000)
        model[0].height = 70
        for i in 10_000..<10_012 { model[i].height = 40 + Double(i % 5) }
        let fresh = FlowLayout()
        try fresh.configure { $0.minimumLineSpacing = 0 }
        try fresh.setItemSizes(model, forSection: 0)
        let fv = try CollectionView(dataSource: StaticDataSource([20000]), layout: fresh)
        try fv.setBoundsSize(Size(width: 300, height: 600))
        XCTAssertEqual(try v.contentSize(), try fv.contentSize())
        for i in [0, 1, 9999, 10_000, 10_011, 10_012, 19_999] {
            XCTAssertEqual(flow.frameForItem(at: ip(i)), fresh.frameForItem(at: ip(i)), "row \(i)")
        }
    }

    func testEditsWithThirdsOfAPointEqualAFreshLayout() throws {
        // Sums of thirds round: the lines after a change are moved by a compensated shift, and
        // agree with a fresh layout within the bound.
        for seed in 11...14 { try run(seed: UInt64(seed), Setup(quantum: 3)) }
        XCTAssertFalse(Setup(quantum: 3).exact)
        XCTAssertTrue(Setup(quantum: 4).exact)
    }

    func testManyInexactEditsDoNotDriftFromAFreshLayout() throws {
        // 150 edits of one section of thirds of a point: the bound holds after every one of them
        // (the shifts are compensated sums; plain sums would drift by a rounding per edit).
        try run(seed: 15, Setup(width: 150, lineSpacing: 0.1, quantum: 3), sections: 1, items: 800, steps: 150)
    }

    func testEditsWithInsetsHeadersNegativeSpacingAndHorizontalScrolling() throws {
        let inset = EdgeInsets(top: 7, left: 5.5, bottom: 3, right: 9)
        try run(seed: 21, Setup(horizontal: true, width: 260, inset: inset, header: Size(width: 40, height: 40)))
        try run(seed: 22, Setup(width: 200, lineSpacing: -15, interitem: 0, inset: inset, quantum: 4))
        try run(seed: 23, Setup(width: 120, lineSpacing: 0.1, interitem: 3, quantum: 2), sections: 3)
    }

    func testLongSectionsOfManyBlocks() throws {
        // One or two items a line: thousands of lines, so edits cross and merge blocks.
        try run(seed: 31, Setup(width: 150), sections: 1, items: 6000, steps: 25)
        try run(seed: 32, Setup(width: 150, quantum: 3), sections: 1, items: 4000, steps: 10)
    }

    func testEditsWhoseLinesNeverMeetTheOldOnesAgainBreakStraightIntoBlocks() throws {
        // Widths periodic in 61 (the benchmark's sizes) over the first 9000 items: a deletion
        // there shifts every later line by one item and the new breaks never meet the old ones
        // within the periodic part (worked out by simulating the greedy breaks), so the edit
        // re-breaks more than `longRegion` lines. Past item 9000 the widths are random: there
        // the breaks meet again and the old lines are kept (in the last new block or a block of
        // their own); in `tail` the periodic part runs to the end and nothing is kept.
        let s = Setup(width: 390)
        var rng = SplitMix64(seed: 61)
        func periodic(_ i: Int) -> Size {
            Size(width: Double(20 + i * 7919 % 61), height: Double(20 + i * 104_729 % 37))
        }
        let mixed = (0..<12000).map { i in
            i < 9000 ? periodic(i) : Size(width: Double(Int.random(in: 20...130, using: &rng)), height: 30)
        }
        let tail = (0..<12000).map(periodic)
        for (name, sizes) in [("mixed", mixed), ("tail", tail)] {
            let (v, flow, ds) = try make(s, [sizes])
            var model = sizes
            var long = 0
            for (step, at) in [100, 5000, 10, 2400, 7000, 3333].enumerated() {
                let before = flow.incrementalLongLayouts
                try flow.replaceItemSizes(inSection: 0, start: at, removeCount: 1, with: [])
                model.remove(at: at)
                ds.counts = [model.count]
                var u = BatchUpdate()
                u.deleteItems([CVLayoutCore.IndexPath(section: 0, item: at)])
                try v.performBatchUpdates(u, animation: nil)
                try assertSameAsFresh(v, flow, s, [model], "\(name) step \(step): delete at \(at)")
                if flow.incrementalLongLayouts > before { long += 1 }
                // An insertion that puts the lines back in step now and then: short again.
                try flow.replaceItemSizes(inSection: 0, start: at, removeCount: 0, with: [Size(width: 33, height: 44)])
                model.insert(Size(width: 33, height: 44), at: at)
                ds.counts = [model.count]
                var w = BatchUpdate()
                w.insertItems([CVLayoutCore.IndexPath(section: 0, item: at)])
                try v.performBatchUpdates(w, animation: nil)
                try assertSameAsFresh(v, flow, s, [model], "\(name) step \(step): insert at \(at)")
            }
            XCTAssertGreaterThanOrEqual(long, 3, name)
            XCTAssertEqual(flow.incrementalLayouts, 12, name)
        }
    }

    func testEditsInAGridOfEqualCellsKeepTheOldLines() throws {
        // A banner, then 20000 equal cells, three a line (and then, in `footer`, 40 random
        // sizes; in `two`, a second run of cells of another size). A cell deleted, inserted or
        // moved, or measured wider, moves every later cell to a neighbour's place: the new
        // breaks never meet the old ones. The old lines of the run are kept, moved by a few
        // items, and only the lines around the change and at the run's end are broken again.
        let s = Setup(width: 390)
        var rng = SplitMix64(seed: 2048)
        let cell = Size(width: 100, height: 100), other = Size(width: 170, height: 60)
        let banner = [Size(width: 390, height: 50)]
        let grid = banner + Array(repeating: cell, count: 20000)
        let footer = grid + (0..<40).map { _ in Size(width: Double(Int.random(in: 20...130, using: &rng)), height: 30) }
        let two = grid + Array(repeating: other, count: 9000) + [Size(width: 33, height: 44)]
        func ip(_ i: Int) -> CVLayoutCore.IndexPath { CVLayoutCore.IndexPath(section: 0, item: i) }
        for (name, sizes) in [("grid", grid), ("footer", footer), ("two", two)] {
            let (v, flow, ds) = try make(s, [sizes])
            var model = sizes
            func apply(_ what: String, _ edit: () throws -> BatchUpdate) throws {
                let broken = flow.incrementalLinesBroken, layouts = flow.incrementalLayouts
                let u = try edit()
                ds.counts = [model.count]
                if !u.isEmpty { try v.performBatchUpdates(u, animation: nil) }
                try assertSameAsFresh(v, flow, s, [model], "\(name): \(what)")
                XCTAssertEqual(flow.incrementalLayouts, layouts + 1, "\(name): \(what)")
                XCTAssertLessThan(flow.incrementalLinesBroken - broken, 40, "\(name): \(what)")
            }
            try apply("delete one") {
                try flow.replaceItemSizes(inSection: 0, start: 10000, removeCount: 1, with: [])
                model.remove(at: 10000)
                var u = BatchUpdate()
                u.deleteItems([ip(10000)])
                return u
            }
            try apply("insert one") {
                try flow.replaceItemSizes(inSection: 0, start: 5000, removeCount: 0, with: [cell])
                model.insert(cell, at: 5000)
                var u = BatchUpdate()
                u.insertItems([ip(5000)])
                return u
            }
            try apply("delete seven") {
                try flow.replaceItemSizes(inSection: 0, start: 12000, removeCount: 7, with: [])
                model.removeSubrange(12000..<12007)
                var u = BatchUpdate()
                u.deleteItems((12000..<12007).map(ip))
                return u
            }
            try apply("move one") {
                try flow.replaceItemSizes(inSection: 0, start: 3000, removeCount: 1, with: [])
                try flow.replaceItemSizes(inSection: 0, start: 15000, removeCount: 0, with: [cell])
                model.remove(at: 3000)
                model.insert(cell, at: 15000)
                var u = BatchUpdate()
                u.moveItem(from: ip(3000), to: ip(15000))
                return u
            }
            try apply("insert two, delete one") {
                try flow.replaceItemSizes(inSection: 0, start: 2, removeCount: 0, with: [cell, cell])
                try flow.replaceItemSizes(inSection: 0, start: 17000, removeCount: 1, with: [])
                model.insert(contentsOf: [cell, cell], at: 2)
                model.remove(at: 17000)
                var u = BatchUpdate()
                u.insertItems([ip(2), ip(3)])
                u.deleteItems([ip(16998)])
                return u
            }
            try apply("measured wider") {
                let wide = Size(width: 150, height: 100)
                try v.setMeasuredSizes([(ip(8000), wide)])
                model[8000] = wide
                return BatchUpdate()
            }
            XCTAssertEqual(flow.incrementalLongLayouts, 0, name)
            XCTAssertGreaterThanOrEqual(flow.incrementalUniformJumps, name == "two" ? 9 : 6, name)
        }
    }

    func testEditsOfRunsOfEqualSizesEqualAFreshLayout() throws {
        try run(seed: 41, Setup(width: 390), sections: 1, items: 12000, steps: 24, grid: true)
        try run(seed: 42, Setup(width: 260, quantum: 3), sections: 2, items: 9000, steps: 20, grid: true)
        let inset = EdgeInsets(top: 7, left: 5.5, bottom: 3, right: 9)
        try run(
            seed: 43, Setup(horizontal: true, width: 300, inset: inset, header: Size(width: 40, height: 40)),
            sections: 2, items: 9000, steps: 20, grid: true)
        try run(
            seed: 44, Setup(width: 330, lineSpacing: -15, interitem: 0, inset: inset, quantum: 4), sections: 1,
            items: 12000, steps: 20, grid: true)
    }

    func testClearingMeasuredSizesKeepsTheSizesUntilMeasuredAgain() throws {
        let flow = FlowLayout()
        try flow.configure {
            $0.estimatedItemSize = Size(width: 300, height: 50)
            $0.minimumLineSpacing = 0
        }
        let v = try CollectionView(dataSource: StaticDataSource([20, 5]), layout: flow)
        try v.setBoundsSize(Size(width: 300, height: 400))
        func ip(_ s: Int, _ i: Int) -> CVLayoutCore.IndexPath { CVLayoutCore.IndexPath(section: s, item: i) }
        try v.setMeasuredSizes(
            (0..<8).map { (ip(0, $0), Size(width: 300, height: 80)) } + [(ip(1, 2), Size(width: 300, height: 20))])
        XCTAssertEqual(flow.measuredItemCount, 9)
        XCTAssertEqual(try v.itemsToMeasure(in: Rect(x: 0, y: 0, width: 300, height: 400)).items, [])
        XCTAssertEqual(try flow.clearMeasuredSizes(section: 0, range: 2..<5), 3)
        XCTAssertEqual(flow.measuredItemCount, 6)
        XCTAssertFalse(flow.isMeasured(ip(0, 3)))
        XCTAssertTrue(flow.isMeasured(ip(0, 5)))
        // Still 80 high until measured again; listed to be measured.
        XCTAssertEqual(flow.frameForItem(at: ip(0, 3)), Rect(x: 0, y: 240, width: 300, height: 80))
        XCTAssertEqual(
            try v.itemsToMeasure(in: Rect(x: 0, y: 0, width: 300, height: 400)).items, [ip(0, 2), ip(0, 3), ip(0, 4)])
        XCTAssertThrowsError(try flow.clearMeasuredSizes(section: 0, range: 18..<21)) {
            XCTAssertEqual(($0 as? LayoutError)?.code, .outOfRange)
        }
        XCTAssertThrowsError(try flow.clearMeasuredSizes(section: -1, range: Range<Int>?.none))
        XCTAssertThrowsError(try flow.clearMeasuredSizes(section: nil, range: 0..<1))
        XCTAssertEqual(flow.measuredItemCount, 6)
        XCTAssertEqual(try flow.clearMeasuredSizes(section: 1, range: Range<Int>?.none), 1)
        XCTAssertEqual(try flow.clearMeasuredSizes(section: nil, range: Range<Int>?.none), 5)
        XCTAssertEqual(flow.measuredItemCount, 0)
        let height: Double = 8 * 80 + 12 * 50 + 2 * 50 + 20 + 2 * 50
        XCTAssertEqual(try v.contentSize().height, height)
    }
}
