import XCTest

@testable import CVLayoutCore

/// The line breaker's block tables (`FlowLineBreaker.breakBlocks`): a block's table of cross
/// origins is allocated before its item count is known, for the previous block's count and an
/// eighth more, and a block whose lines hold many more items finishes in a scratch table. Every
/// frame is checked against a model of the flow's rules written out here (greedy lines, full
/// lines justified, a lone item centred, the last line packed at the minimum spacing, items
/// centred on their line), in whole points so that every sum is exact.
final class FlowLineBlockTests: XCTestCase {
    private let width = 1000.0, spacing = 10.0, lineSpacing = 10.0

    /// The model's frames of one section of `sizes` in a vertical flow `width` wide.
    private func modelFrames(_ sizes: [Size], width: Double = 1000) -> [Rect] {
        var frames = [Rect](repeating: .zero, count: sizes.count)
        var y = 0.0, i = 0
        while i < sizes.count {
            let first = i
            var used = sizes[i].width, thick = sizes[i].height
            i += 1
            while i < sizes.count, used + (spacing + sizes[i].width) <= width + 1e-9 * width {
                used += spacing + sizes[i].width
                thick = max(thick, sizes[i].height)
                i += 1
            }
            let count = i - first
            var x = 0.0, step = spacing
            if i < sizes.count {  // not the last line
                if count == 1 {
                    if used <= width { x = (width - used) * 0.5 }
                } else {
                    step = spacing + max(0, width - used) / Double(count - 1)
                }
            }
            for k in first..<i {
                frames[k] = Rect(
                    x: x, y: y + (thick - sizes[k].height) * 0.5, width: sizes[k].width, height: sizes[k].height)
                x = x + (sizes[k].width + step)
            }
            y += thick + lineSpacing
        }
        return frames
    }

    private func layOut(_ sizes: [Size]) throws -> FlowLayout {
        let flow = FlowLayout()
        try flow.configure {
            $0.minimumLineSpacing = lineSpacing
            $0.minimumInteritemSpacing = spacing
        }
        try flow.setItemSizes(sizes, forSection: 0)
        let v = try CollectionView(dataSource: StaticDataSource([sizes.count]), layout: flow)
        try v.setBoundsSize(Size(width: width, height: 800))
        _ = try v.contentSize()
        return flow
    }

    private func assertModel(
        _ sizes: [Size], _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let flow = try layOut(sizes)
        let want = modelFrames(sizes)
        for (i, f) in want.enumerated() {
            let got = flow.frameForItem(at: IndexPath(section: 0, item: i))
            guard got == f else {
                XCTFail("\(what): item \(i) at \(String(describing: got)), the model says \(f)", file: file, line: line)
                return
            }
        }
    }

    /// A block's worth of lines of one wide item (`lineTarget` items), then lines of 67 narrow
    /// items: the second block (about 67 · `lineTarget` items) outgrows the table made for the
    /// first block's count and an eighth more several times over, and the blocks after it start
    /// from its count.
    func testABlockThatOutgrowsItsTableEqualsTheModel() throws {
        var sizes = [Size](repeating: Size(width: 600, height: 40), count: FlowLineBlocks.lineTarget)
        for k in 0..<20_000 { sizes.append(Size(width: 5, height: Double(8 + k % 5))) }
        try assertModel(sizes, "wide lines, then narrow")
    }

    /// The other way round, and alternating: narrow lines first (a table far larger than the
    /// next block needs), then wide ones, then narrow again.
    func testBlocksOfVeryDifferentItemCountsEqualTheModel() throws {
        var sizes: [Size] = []
        for round in 0..<3 {
            for k in 0..<9_000 { sizes.append(Size(width: 5, height: Double(6 + (k + round) % 7))) }
            for k in 0..<300 { sizes.append(Size(width: Double(550 + k % 3 * 100), height: 30)) }
        }
        try assertModel(sizes, "narrow, wide, narrow")
    }

    /// A single line longer than any table estimate: 50,000 items of width 0 fit on one line
    /// (the first block's table is made for 16 · `lineTarget` items).
    func testOneLineOfManyItemsEqualsTheModel() throws {
        var sizes = [Size](repeating: Size(width: 0, height: 10), count: 50_000)
        sizes.append(Size(width: 990, height: 20))
        sizes.append(Size(width: 990, height: 20))
        try assertModel(sizes, "one long line")
    }

    /// A full prepare lays the new lines out in the old layout's tables (`FlowTableRecycler`):
    /// tables too small for the new blocks, larger ones, ones still shared with a reused
    /// section (a width change keeps the section's inputs, and its old body, while the new one
    /// is built), and counts that change. After each prepare every frame is the model's.
    func testRecycledTablesGiveTheModelsFrames() throws {
        var narrow: [Size] = [], wide: [Size] = [], mixed: [Size] = []
        for k in 0..<12_000 {
            narrow.append(Size(width: Double(5 + k % 4), height: Double(6 + k % 7)))
            wide.append(Size(width: Double(300 + k % 5 * 60), height: Double(20 + k % 3)))
            mixed.append(k % 500 < 250 ? narrow[k] : wide[k])
        }
        let flow = FlowLayout()
        try flow.configure {
            $0.minimumLineSpacing = lineSpacing
            $0.minimumInteritemSpacing = spacing
        }
        try flow.setItemSizes(narrow, forSection: 0)
        let v = try CollectionView(dataSource: StaticDataSource([12_000]), layout: flow)
        try v.setBoundsSize(Size(width: width, height: 800))
        for (step, (sizes, w)) in [
            (narrow, 1000.0), (wide, 1000), (narrow, 1000), (mixed, 1000), (mixed, 700), (wide, 700), (narrow, 1300),
            (narrow, 1300),
        ].enumerated() {
            try flow.setItemSizes(sizes, forSection: 0)
            if w != v.boundsSize.width {
                try v.setBoundsSize(Size(width: w, height: 800))  // a rebuild that reuses the section
            } else {
                v.invalidateLayout()  // a rebuild from scratch
            }
            _ = try v.contentSize()
            let want = modelFrames(sizes, width: w)
            for (i, f) in want.enumerated() {
                let got = flow.frameForItem(at: IndexPath(section: 0, item: i))
                guard got == f else {
                    return XCTFail("step \(step): item \(i) at \(String(describing: got)), the model says \(f)")
                }
            }
            // The rect query reads the blocks' tables by their counts.
            let all = try v.layoutAttributesForElements(in: Rect(x: -10, y: -10, width: w + 20, height: 1e9))
            XCTAssertEqual(all.count, sizes.count, "step \(step)")
        }
    }

    /// Re-prepares of a whole layout (everything invalidated, the counts asked again) after
    /// random edits that shrink and grow its blocks: new arrays of another count and style,
    /// ranges replaced by narrower or wider items, in two sections, and plain re-prepares. Each
    /// writes its lines into the old layout's tables in place (`FlowTablePool.table`: emptied,
    /// filled, counted) and gives the blocks' trees the counts it made them with. After each,
    /// every frame must be a fresh layout's of the same sizes (bit for bit), section 0's the
    /// model's (whole points: exact), every block's tree counts its tables', and a rect query
    /// over everything must answer every item once.
    func testRandomRePreparesInPlaceGiveAFreshLayoutsFrames() throws {
        var rng = SplitMix64(seed: 32_013)
        // Styles: many items a line, about eight, one or two (blocks of ~8,600, ~1,000 and ~200
        // items: a recycled table far too large or far too small for the next block).
        func draw(_ n: Int, _ style: Int) -> [Size] {
            (0..<n).map { _ in
                switch style {
                case 0: Size(width: Double(1 + rng.int(below: 12)), height: Double(4 + rng.int(below: 9)))
                case 1: Size(width: Double(50 + rng.int(below: 101)), height: Double(50 + rng.int(below: 101)))
                default: Size(width: Double(400 + rng.int(below: 700)), height: Double(10 + rng.int(below: 40)))
                }
            }
        }
        var sizes = [draw(9_000, 1), draw(3_000, 0)]
        let flow = FlowLayout()
        try flow.configure {
            $0.minimumLineSpacing = lineSpacing
            $0.minimumInteritemSpacing = spacing
        }
        for s in sizes.indices { try flow.setItemSizes(sizes[s], forSection: s) }
        let source = StaticDataSource(sizes.map(\.count))
        let v = try CollectionView(dataSource: source, layout: flow)
        try v.setBoundsSize(Size(width: width, height: 800))
        _ = try v.contentSize()
        for round in 0..<30 {
            let s = rng.int(below: 2), style = rng.int(below: 3)
            switch rng.int(below: 3) {
            case 0:
                sizes[s] = draw(rng.int(below: 4) == 0 ? rng.int(below: 300) : 2_000 + rng.int(below: 18_000), style)
                try flow.setItemSizes(sizes[s], forSection: s)
            case 1 where !sizes[s].isEmpty:
                let a = rng.int(below: sizes[s].count), removed = rng.int(below: min(4_000, sizes[s].count - a) + 1)
                let new = draw(rng.int(below: 4_000), style)
                sizes[s].replaceSubrange(a..<(a + removed), with: new)
                try flow.replaceItemSizes(inSection: s, start: a, removeCount: removed, with: new)
            default:
                break  // the same sizes laid out again
            }
            source.counts = sizes.map(\.count)
            try v.reloadCounts(with: InvalidationContext.everything.merged(with: .dataSourceCounts))
            _ = try v.contentSize()

            let fresh = try freshFrames(sizes)
            for (sec, frames) in fresh.enumerated() {
                for (i, f) in frames.enumerated() {
                    let got = flow.frameForItem(at: IndexPath(section: sec, item: i))
                    guard got == f else {
                        return XCTFail("round \(round): item \(sec).\(i) at \(String(describing: got)), fresh \(f)")
                    }
                }
            }
            XCTAssertEqual(fresh[0], modelFrames(sizes[0]), "round \(round): section 0 against the model")
            for (sec, section) in (flow.state?.sections ?? []).enumerated() {
                let body = section.body
                XCTAssertEqual(body.itemCount, sizes[sec].count, "round \(round), section \(sec)")
                for (b, blk) in body.blocks.enumerated() {
                    let at = "round \(round), section \(sec), block \(b)"
                    XCTAssertEqual(body.itemCounts.prefix(b + 1) - body.itemCounts.prefix(b), blk.itemCross.count, at)
                    XCTAssertEqual(body.lineCounts.prefix(b + 1) - body.lineCounts.prefix(b), blk.lines.count, at)
                }
            }
            assertInPlaceReadersReadTheTables(flow, sizes, "round \(round)")
            let all = try v.layoutAttributesForElements(in: Rect(x: -10, y: -10, width: width + 20, height: 1e9))
            XCTAssertEqual(all.count, sizes[0].count + sizes[1].count, "round \(round)")
        }
    }

    /// What a query reads in place (`FlowLineBlocks.inPlace`, `FlowBlockTables`,
    /// `FlowChunkedArray.reader(inPlace:)`, not retained) is each section's tables element for
    /// element: every block's lines and cross origins, each line's first item (the block's item
    /// count past the last line), and every item's size.
    private func assertInPlaceReadersReadTheTables(_ flow: FlowLayout, _ sizes: [[Size]], _ label: String) {
        (flow.state?.sections ?? []).withUnsafeBufferPointer { secs in
            for s in secs.indices {
                let sec = secs.baseAddress.unsafelyUnwrapped + s
                let blocks = FlowLineBlocks.inPlace(sec), body = sec.pointee.body
                XCTAssertEqual(blocks.count, body.blocks.count, "\(label), section \(s)")
                for b in blocks.indices {
                    let t = FlowBlockTables(blocks, b), blk = body.blocks[b]
                    let at = "\(label), section \(s), block \(b)"
                    XCTAssertEqual(Array(UnsafeBufferPointer(start: t.lines, count: t.lineCount)), Array(blk.lines), at)
                    XCTAssertEqual(
                        Array(UnsafeBufferPointer(start: t.cross, count: t.itemCount)), Array(blk.itemCross), at)
                    XCTAssertEqual((0...t.lineCount).map(t.first), blk.lines.map(\.first) + [blk.itemCross.count], at)
                }
                guard !sec.pointee.isUniform else { continue }  // (no sizes stored)
                var reader = withUnsafePointer(to: &UnsafeMutablePointer(mutating: sec).pointee.sizes) {
                    FlowChunkedArray.reader(inPlace: $0)
                }
                XCTAssertEqual(reader.count, sizes[s].count, "\(label), section \(s)")
                let read = (0..<reader.count).map { reader($0) }
                XCTAssertEqual(read, sizes[s], "\(label), section \(s): the sizes read in place")
            }
        }
    }

    /// Every item's frame in a layout made from scratch of these sections.
    private func freshFrames(_ sizes: [[Size]]) throws -> [[Rect]] {
        let flow = FlowLayout()
        try flow.configure {
            $0.minimumLineSpacing = lineSpacing
            $0.minimumInteritemSpacing = spacing
        }
        for s in sizes.indices { try flow.setItemSizes(sizes[s], forSection: s) }
        let v = try CollectionView(dataSource: StaticDataSource(sizes.map(\.count)), layout: flow)
        try v.setBoundsSize(Size(width: width, height: 800))
        _ = try v.contentSize()
        return sizes.indices.map { s in
            (0..<sizes[s].count).map { flow.frameForItem(at: IndexPath(section: s, item: $0)) ?? Rect.zero }
        }
    }
}
