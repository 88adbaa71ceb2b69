import XCTest

@testable import CVLayoutCore

// Foundation (through XCTest) has its own IndexPath.
private typealias IndexPath = CVLayoutCore.IndexPath

/// The waterfall's edits placed through one segment (docs/waterfall-rules.md, "Costs"): every
/// layout after edits equals, bit for bit, a layout built afresh from the same inputs, on random
/// workloads (with and without full-span items, both placement rules, the scan and the heap of
/// columns, extents and sizes scaled, ties); and the flow's getters on a waterfall (the flow's
/// lines are not laid out): they answer the waterfall's frames or nothing, and never trap.
final class WaterfallEditTests: XCTestCase {
    private struct Workload {
        var counts: [Int]
        var columns: Int
        var placement: Int
        var spacing: Double
        var useExtents: Bool
        var extents: [[Double]]
        var sizes: [[Size]]
        var flags: [[UInt8]]
        var interitem = 3.0
        var inset = EdgeInsets(top: 2, left: 5, bottom: 7, right: 1)
        var header = 9.0
        var footer = 13.0
        var width = 500.0
        var sectionColumns: [WaterfallLayout.SectionColumns] = []
    }

    /// Sets `w`'s waterfall and flow properties and section columns on `l`.
    private func configure(_ l: WaterfallLayout, _ w: Workload) throws {
        var c = l.waterfall
        c.columnCount = w.columns
        c.placement = w.placement
        try l.configure(waterfall: c)
        try l.configure {
            $0.minimumInteritemSpacing = w.interitem; $0.minimumLineSpacing = w.spacing
            $0.sectionInset = w.inset
            $0.headerReferenceSize = Size(width: 0, height: w.header)
            $0.footerReferenceSize = Size(width: 0, height: w.footer)
        }
        try l.setSectionColumns(w.sectionColumns)
    }

    private func build(_ w: Workload) throws -> (WaterfallLayout, CollectionView) {
        let l = WaterfallLayout()
        try configure(l, w)
        let cv = try CollectionView(dataSource: StaticDataSource(w.counts), layout: l)
        try cv.setBoundsSize(Size(width: w.width, height: 400))
        for s in w.counts.indices {
            try l.setItemSizes(w.sizes[s], forSection: s)
            if w.useExtents { try l.setItemExtents(w.extents[s], forSection: s) }
            try l.setFullSpanItems(w.flags[s], forSection: s)
        }
        try cv.layoutIfNeeded()
        return (l, cv)
    }

    /// Every element of `l` equals `fresh`'s (bit for bit), the content sizes too; returns them.
    private func assertSame(
        _ l: WaterfallLayout, _ cv: CollectionView, _ fresh: WaterfallLayout, _ freshView: CollectionView,
        _ counts: [Int], _ label: String
    ) throws -> [LayoutAttributes] {
        XCTAssertEqual(try cv.contentSize(), try freshView.contentSize(), label)
        var all: [LayoutAttributes] = []
        var wrong = 0
        for (s, n) in counts.enumerated() {
            for i in 0..<n {
                let ip = IndexPath(section: s, item: i)
                let a = try XCTUnwrap(l.layoutAttributesForItem(at: ip))
                if a != (try fresh.layoutAttributesForItem(at: ip)) {
                    wrong += 1
                    if wrong <= 3 { XCTFail("\(label) item \(ip): \(a.frame) vs a fresh layout's") }
                }
                all.append(a)
            }
            for kind in [ElementKind.sectionHeader, .sectionFooter] {
                let ip = IndexPath(section: s, item: 0)
                let a = try l.layoutAttributesForSupplementaryView(ofKind: kind, at: ip)
                XCTAssertEqual(a, try fresh.layoutAttributesForSupplementaryView(ofKind: kind, at: ip), label)
                if let a { all.append(a) }
            }
        }
        XCTAssertEqual(wrong, 0, label)
        return all
    }

    /// Random edits (one extent or size, several in different segments before one prepare, a
    /// run of the same length, now and then a flag) against a fresh layout after each prepare,
    /// bit for bit, and rect queries against brute force. The items placed stay within the
    /// edited segments when no flag changed.
    func testEditsEqualAFreshLayoutOnRandomWorkloads() throws {
        var g = SplitMix64(seed: 3232)
        for trial in 0..<20 {
            let sections = 1 + g.int(below: 2)
            let counts = (0..<sections).map { _ in 200 + g.int(below: 1200) }
            let columnChoices = [1, 2, 3, 4, 5, 6, WaterfallColumns.linearLimit + 1, 20]
            let fullEvery = [0, 0, 5, 30, 60][g.int(below: 5)]  // 0: no full-span item
            var w = Workload(
                counts: counts, columns: columnChoices[g.int(below: columnChoices.count)],
                placement: g.int(below: 2), spacing: Double(g.int(below: 2)) * 3, useExtents: trial % 2 == 0,
                extents: counts.map { n in (0..<n).map { _ in Double(g.int(below: 8)) * 7 } },
                sizes: counts.map { n in
                    (0..<n).map { _ in
                        Size(width: Double(1 + g.int(below: 6)) * 10, height: Double(g.int(below: 9)) * 10.3)
                    }
                },
                flags: counts.map { n in
                    (0..<n).map { _ in UInt8(fullEvery > 0 && g.int(below: fullEvery) == 0 ? 1 : 0) }
                })
            let (l, cv) = try build(w)
            for step in 0..<10 {
                let label =
                    "trial \(trial) step \(step) (\(w.columns) columns, rule \(w.placement), full 1/\(fullEvery))"
                let s = g.int(below: sections), n = counts[s]
                var flagChanged = false
                var edited: [Int] = []
                func edit(_ i: Int, _ k: Int) throws {
                    let k = min(k, n - i)
                    if w.useExtents {
                        let new = (0..<k).map { _ in Double(g.int(below: 8)) * 7 }
                        w.extents[s].replaceSubrange(i..<(i + k), with: new)
                        try l.replaceItemExtents(inSection: s, start: i, removeCount: k, with: new)
                    } else {
                        let new = (0..<k).map { _ in
                            Size(width: Double(1 + g.int(below: 6)) * 10, height: Double(g.int(below: 9)) * 10.3)
                        }
                        w.sizes[s].replaceSubrange(i..<(i + k), with: new)
                        try l.replaceItemSizes(inSection: s, start: i, removeCount: k, with: new)
                    }
                    edited.append(contentsOf: i..<(i + k))
                }
                switch g.int(below: 6) {
                case 0, 1: try edit(g.int(below: n), 1)
                case 2: try edit(g.int(below: n), 1 + g.int(below: 30))
                case 3, 4:
                    try edit(g.int(below: n), 1)
                    try edit(g.int(below: n), 1)
                default:
                    let i = g.int(below: n)
                    w.flags[s][i] ^= 1
                    flagChanged = true
                    try l.replaceFullSpanItems(inSection: s, start: i, removeCount: 1, with: [w.flags[s][i]])
                    edited.append(i)
                }
                try cv.layoutIfNeeded()
                // Placed: from the first edited item through the segment of the last (up to
                // the next full-span item, included), or to the section's end after a flag.
                let first = edited.min()!, last = edited.max()!
                let stop = flagChanged ? n : (last..<n).first { w.flags[s][$0] == 1 }.map { $0 + 1 } ?? n
                XCTAssertEqual(l.itemsPlacedByLastPrepare, stop - first, label)
                let (fresh, freshView) = try build(w)
                let all = try assertSame(l, cv, fresh, freshView, counts, label)
                let size = try cv.contentSize()
                try assertRectQueriesMatchBruteForce(
                    cv, all: all, width: size.width, height: size.height, edgeSamples: 4, randomRects: 12,
                    using: &g, label)
            }
        }
    }

    /// An edit of one section whose placement cannot fail is placed straight into the layout's
    /// tables (`lastEditPlacedInPlace`); two sections edited before one prepare, and sizes that
    /// could scale past the coordinate range, are placed into buffers of their own first. Each
    /// result equals a fresh layout's bit for bit (both placement rules, sizes and extents, with
    /// and without full-span items, the edit in the middle, at the start and near the end), and
    /// a placement that fails (an item scaled past the range) changes nothing.
    func testEditsInPlaceAndInBuffersEqualAFreshLayout() throws {
        var g = SplitMix64(seed: 4242)
        for trial in 0..<8 {
            let counts = [1500, 900]
            var w = Workload(
                counts: counts, columns: [2, 4, 5, 20][trial % 4], placement: trial / 4, spacing: 4,
                useExtents: trial % 2 == 1,
                extents: counts.map { n in (0..<n).map { _ in Double(g.int(below: 9)) * 6.1 } },
                sizes: counts.map { n in
                    (0..<n).map { _ in
                        Size(width: Double(1 + g.int(below: 6)) * 10, height: Double(g.int(below: 9)) * 10.3)
                    }
                },
                flags: counts.map { n in (0..<n).map { _ in UInt8(trial % 3 == 2 && g.int(below: 40) == 0 ? 1 : 0) } })
            let (l, cv) = try build(w)
            func editOne(_ s: Int, _ i: Int) throws {
                if w.useExtents {
                    w.extents[s][i] = Double(g.int(below: 9)) * 6.1 + 1
                    try l.replaceItemExtents(inSection: s, start: i, removeCount: 1, with: [w.extents[s][i]])
                } else {
                    w.sizes[s][i] = Size(
                        width: Double(1 + g.int(below: 6)) * 10, height: Double(g.int(below: 9)) * 10.3 + 1)
                    try l.replaceItemSizes(inSection: s, start: i, removeCount: 1, with: [w.sizes[s][i]])
                }
            }
            func check(inPlace: Bool, _ label: String) throws {
                try cv.layoutIfNeeded()
                XCTAssertEqual(l.lastEditPlacedInPlace, inPlace, label)
                let (fresh, freshView) = try build(w)
                _ = try assertSame(l, cv, fresh, freshView, w.counts, label)
            }
            for (k, at) in [750, 0, 1499, 3].enumerated() {
                try editOne(0, at)
                try check(inPlace: true, "trial \(trial) edit \(k): item \(at) of section 0")
            }
            try editOne(1, 450)
            try check(inPlace: true, "trial \(trial): item 450 of section 1")
            try editOne(0, 700)
            try editOne(1, 10)
            try check(inPlace: false, "trial \(trial): both sections edited")
            guard !w.useExtents else { continue }
            // A size whose scaled extent is past the range: placed in buffers, and refused.
            func items() throws -> [LayoutAttributes] {
                try (0..<counts[0]).map { i in
                    try XCTUnwrap(l.layoutAttributesForItem(at: IndexPath(section: 0, item: i)))
                }
            }
            let before = try items()
            let content = try l.collectionViewContentSize()
            try l.replaceItemSizes(inSection: 0, start: 800, removeCount: 1, with: [Size(width: 1e-300, height: 1e12)])
            XCTAssertThrowsError(try cv.layoutIfNeeded()) {
                XCTAssertEqual(($0 as? LayoutError)?.code, .overflow, "trial \(trial)")
            }
            XCTAssertFalse(l.lastEditPlacedInPlace, "trial \(trial)")
            let after = try items()
            XCTAssertEqual(zip(before, after).filter { $0 != $1 }.count, 0, "trial \(trial): refused, frames changed")
            XCTAssertEqual(try l.collectionViewContentSize(), content, "trial \(trial): refused")
            // Set back: placed again (in place), equal to a fresh layout.
            try l.replaceItemSizes(inSection: 0, start: 800, removeCount: 1, with: [w.sizes[0][800]])
            try check(inPlace: true, "trial \(trial): the size set back")
        }
    }

    /// A prepare whose inputs are bit for bit the last placement's keeps its frames
    /// (`itemsPlacedByLastPrepare` 0): everything invalidated with the same data, the same values
    /// handed over again in new arrays, a property changed and set back before the prepare,
    /// sizes changed under bulk extents (which win). Any one input changed (one extent or size
    /// by an ulp, one flag, a spacing, an inset, the header or footer, the columns, the rule, a
    /// section's column entry, the width), then everything invalidated,
    /// places every item again: each time the frames equal a fresh layout's, bit for bit, and
    /// rect queries equal brute force.
    func testSameInputsKeepThePlacementAnyChangePlacesAgain() throws {
        var g = SplitMix64(seed: 6606)
        for trial in 0..<14 {
            let counts = (0..<(1 + g.int(below: 3))).map { _ in g.int(below: 5) == 0 ? 0 : 20 + g.int(below: 400) }
            let total = counts.reduce(0, +)
            var w = Workload(
                counts: counts, columns: [1, 2, 3, 4, 6, 24][g.int(below: 6)], placement: g.int(below: 2),
                spacing: Double(g.int(below: 3)) * 2.5, useExtents: trial % 2 == 0,
                extents: counts.map { n in (0..<n).map { _ in Double(g.int(below: 9)) * 6.1 } },
                sizes: counts.map { n in
                    (0..<n).map { _ in
                        Size(width: Double(g.int(below: 6)) * 10, height: Double(1 + g.int(below: 9)) * 10.3)
                    }
                },
                flags: counts.map { n in (0..<n).map { _ in UInt8(trial % 3 != 0 && g.int(below: 25) == 0 ? 1 : 0) } })
            let (l, cv) = try build(w)
            func check(placed: Int, _ label: String) throws {
                try cv.layoutIfNeeded()
                XCTAssertEqual(l.itemsPlacedByLastPrepare, placed, label)
                let (fresh, freshView) = try build(w)
                let all = try assertSame(l, cv, fresh, freshView, w.counts, label)
                let size = try cv.contentSize()
                try assertRectQueriesMatchBruteForce(
                    cv, all: all, width: size.width, height: size.height, edgeSamples: 2, randomRects: 6,
                    using: &g, label)
            }
            cv.invalidateLayout()
            try check(placed: 0, "trial \(trial): everything invalidated, the same data")
            for s in counts.indices {
                // (New arrays of the same values: compared value by value.)
                try l.setItemExtents(w.extents[s].map { $0 + 0 }, forSection: s)
                try l.setFullSpanItems(w.flags[s].map { $0 | 0 }, forSection: s)
                try l.setItemSizes(w.sizes[s].map { Size(width: $0.width, height: $0.height) }, forSection: s)
                if !w.useExtents { try l.setItemExtents(nil, forSection: s) }
            }
            try check(placed: 0, "trial \(trial): the same values handed over again")
            try l.configure { $0.minimumLineSpacing = w.spacing + 1 }
            try l.configure { $0.minimumLineSpacing = w.spacing }
            try check(placed: 0, "trial \(trial): a property changed and set back")
            if w.useExtents, let s = counts.indices.first(where: { counts[$0] > 0 }) {
                w.sizes[s][0].height += 1
                try l.setItemSizes(w.sizes[s], forSection: s)
                cv.invalidateLayout()
                try check(placed: 0, "trial \(trial): a size under bulk extents")
            }
            for change in 0..<13 {
                let label = "trial \(trial) change \(change)"
                let s = g.int(below: counts.count), n = counts[s], i = n > 0 ? g.int(below: n) : 0
                switch change {
                case 0 where n > 0:
                    if w.useExtents {
                        w.extents[s][i] = w.extents[s][i].nextUp
                        try l.setItemExtents(w.extents[s], forSection: s)
                    } else {
                        w.sizes[s][i].height = w.sizes[s][i].height.nextUp
                        try l.setItemSizes(w.sizes[s], forSection: s)
                    }
                case 1 where n > 0:
                    if !w.useExtents { w.sizes[s][i].width = w.sizes[s][i].width == 0 ? 10 : 0 }
                    try l.setItemSizes(w.sizes[s], forSection: s)
                    if w.useExtents {
                        w.flags[s][i] ^= 1
                        try l.setFullSpanItems(w.flags[s], forSection: s)
                    }
                case 2 where n > 0:
                    w.flags[s][i] ^= 1
                    try l.setFullSpanItems(w.flags[s], forSection: s)
                case 3: w.spacing += 0.5
                case 4: w.interitem += 1
                case 5: w.inset.top += 0.25
                case 6: w.inset.right += 2
                case 7: w.header += 1
                case 8: w.footer += 1
                case 9: w.columns = w.columns % 5 + 1
                case 10: w.placement ^= 1
                case 11: w.sectionColumns = [WaterfallLayout.SectionColumns(columns: 3)]
                default: w.width += 7
                }
                try configure(l, w)
                try cv.setBoundsSize(Size(width: w.width, height: 400))
                cv.invalidateLayout()
                // (A change that leaves an empty section's frames as they were still places
                // every item: the inputs differ.)
                try check(placed: total, label)
            }
        }
    }

    /// Many full-span items (a few hundred segments, several chunks of 64), flags toggled both
    /// ways and extents changed: after each prepare every frame equals a fresh layout's, and a
    /// query of the whole content returns each element once, in a fresh layout's order (the
    /// column lists of the chunks after a changed flag are built again, none kept stale).
    func testFlagEditsAcrossChunksEqualAFreshLayout() throws {
        var g = SplitMix64(seed: 6464)
        for trial in 0..<4 {
            let n = 1500 + g.int(below: 1500)
            var w = Workload(
                counts: [n], columns: 1 + g.int(below: 5), placement: trial % 2, spacing: 2, useExtents: true,
                extents: [(0..<n).map { _ in Double(g.int(below: 6)) * 5 }],
                sizes: [Array(repeating: Size(width: 10, height: 10), count: n)],
                flags: [(0..<n).map { _ in UInt8(g.int(below: 4) == 0 ? 1 : 0) }])
            let (l, cv) = try build(w)
            for step in 0..<30 {
                let i = g.int(below: n)
                if step % 3 == 2 {
                    w.extents[0][i] = Double(g.int(below: 6)) * 5
                    try l.replaceItemExtents(inSection: 0, start: i, removeCount: 1, with: [w.extents[0][i]])
                } else {
                    w.flags[0][i] ^= 1
                    try l.replaceFullSpanItems(inSection: 0, start: i, removeCount: 1, with: [w.flags[0][i]])
                }
                try cv.layoutIfNeeded()
                let label = "trial \(trial) step \(step)"
                let (fresh, freshView) = try build(w)
                _ = try assertSame(l, cv, fresh, freshView, w.counts, label)
                let size = try cv.contentSize()
                let everything = Rect(x: -1, y: -1, width: size.width + 2, height: size.height + 2)
                let got = try cv.layoutAttributesForElements(in: everything)
                XCTAssertEqual(got, try freshView.layoutAttributesForElements(in: everything), label)
                XCTAssertEqual(Set(got.map(\.indexPath)).count, got.count - 2, label)  // (header, footer: item 0)
            }
        }
    }

    /// The segments after an edit only start elsewhere: an extent grown in the first segment of
    /// a long section moves every later item by the same amount along the scroll axis (their
    /// offsets in their segments are kept), by hand: 4 columns, extents 10, spacing 0, item 8
    /// full-span of extent 5, then 8 more items; item 0 grown to 30 moves the full-span item
    /// down by 10 (the tallest column 30 instead of 20) and every later item with it.
    func testAnEditMovesTheLaterSegmentsByHand() throws {
        let n = 17
        var w = Workload(
            counts: [n], columns: 4, placement: 0, spacing: 0, useExtents: true,
            extents: [(0..<n).map { $0 == 8 ? 5 : 10 }],
            sizes: [Array(repeating: Size(width: 10, height: 10), count: n)],
            flags: [(0..<n).map { $0 == 8 ? 1 : 0 }])
        let (l, cv) = try build(w)
        // Top: header 9 + inset 2 = 11. Items 0-7 in two rows (11, 21); item 8 at 31, 5 high;
        // the next segment at 36: items 9-16 in rows at 36 and 46.
        XCTAssertEqual(try XCTUnwrap(l.layoutAttributesForItem(at: IndexPath(section: 0, item: 8))).frame.minY, 31)
        XCTAssertEqual(try XCTUnwrap(l.layoutAttributesForItem(at: IndexPath(section: 0, item: 13))).frame.minY, 46)
        w.extents[0][0] = 30
        try l.replaceItemExtents(inSection: 0, start: 0, removeCount: 1, with: [30])
        try cv.layoutIfNeeded()
        // Item 0 (11 ... 41) in column 0; items 1-3 in columns 1-3 at 11; item 4 into column 1
        // (21, the leftmost of the shortest), 5 → 2, 6 → 3, 7 → 1 at 31; tallest 41: item 8 at
        // 41, the next segment at 46: items 9-12 at 46, 13-16 at 56.
        XCTAssertEqual(l.itemsPlacedByLastPrepare, 9)
        let f7 = try XCTUnwrap(l.layoutAttributesForItem(at: IndexPath(section: 0, item: 7))).frame
        // Columns (500 − 5 − 1 − 3 · 3) / 4 = 121.25 wide, column 1 at 5 + 124.25.
        XCTAssertEqual(f7, Rect(x: 129.25, y: 31, width: 121.25, height: 10))
        XCTAssertEqual(try XCTUnwrap(l.layoutAttributesForItem(at: IndexPath(section: 0, item: 8))).frame.minY, 41)
        XCTAssertEqual(try XCTUnwrap(l.layoutAttributesForItem(at: IndexPath(section: 0, item: 13))).frame.minY, 56)
        // Content: body end 66, + inset 7 + footer 13.
        XCTAssertEqual(try cv.contentSize(), Size(width: 500, height: 86))
        let (fresh, freshView) = try build(w)
        _ = try assertSame(l, cv, fresh, freshView, w.counts, "by hand")
    }

    /// The flow's getters on a waterfall, whose prepare does not lay the flow's lines out:
    /// `frameForItem` and `sectionFrame` answer the waterfall's frames, the header and footer
    /// frames the waterfall's, the line getters nothing; the flow's own visit finds no cell;
    /// items to measure come from the waterfall's rect query; nothing traps, before and after
    /// edits, on empty sections and uniform ones.
    func testFlowGettersAnswerTheWaterfallsFrames() throws {
        var g = SplitMix64(seed: 77)
        for trial in 0..<6 {
            let counts = [g.int(below: 40), 0, 1 + g.int(below: 60)]
            let uniform = trial % 3 == 0
            let w = Workload(
                counts: counts, columns: 1 + g.int(below: 4), placement: trial % 2, spacing: 2, useExtents: false,
                extents: counts.map { n in Array(repeating: 0, count: n) },
                sizes: counts.map { n in
                    (0..<n).map { _ in
                        uniform ? Size(width: 20, height: 30) : Size(width: 10 + Double(g.int(below: 5)), height: 25)
                    }
                },
                flags: counts.map { n in (0..<n).map { _ in UInt8(g.int(below: 9) == 0 ? 1 : 0) } })
            let (l, cv) = try build(w)
            for (s, n) in counts.enumerated() {
                XCTAssertEqual(l.numberOfLines(inSection: s), 0)
                XCTAssertNil(l.itemRange(ofLine: 0, inSection: s))
                XCTAssertNil(l.lineFrame(0, inSection: s))
                for i in 0..<n {
                    let ip = IndexPath(section: s, item: i)
                    XCTAssertEqual(l.frameForItem(at: ip), try l.layoutAttributesForItem(at: ip)?.frame)
                    XCTAssertNil(l.line(ofItem: ip))
                    XCTAssertEqual(l.resolvedItemSize(at: ip), w.sizes[s][i])
                }
                XCTAssertNil(l.frameForItem(at: IndexPath(section: s, item: n)))
                let header = try XCTUnwrap(
                    l.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: IndexPath(section: s, item: 0)))
                let footer = try XCTUnwrap(
                    l.layoutAttributesForSupplementaryView(ofKind: .sectionFooter, at: IndexPath(section: s, item: 0)))
                XCTAssertEqual(l.headerFrame(inSection: s), header.frame)
                XCTAssertEqual(l.footerFrame(inSection: s), footer.frame)
                // The section: from its header's top to its footer's end, the whole width.
                XCTAssertEqual(
                    l.sectionFrame(s),
                    Rect(x: 0, y: header.frame.minY, width: 500, height: footer.frame.maxY - header.frame.minY))
            }
            XCTAssertNil(l.sectionFrame(3))
            XCTAssertNil(l.frameForItem(at: IndexPath(section: 3, item: 0)))
            // The flow's own visit: the flow has no lines here, so no cell (headers and footers
            // from the flow's metrics only).
            let content = try cv.contentSize()
            var cells = 0
            let everything = Rect(x: 0, y: 0, width: 500, height: content.height)
            l.visitFlowElements(in: everything, cell: { _, _, _ in cells += 1 }, other: { _ in })
            XCTAssertEqual(cells, 0)
            // Items to measure (every size is an estimate until measured): the waterfall's cells
            // in the rect, in index-path order.
            let rect = Rect(x: 0, y: content.height / 3, width: 500, height: 120)
            let expected = try cv.layoutAttributesForElements(in: rect).filter { $0.category == .cell }.map(\.indexPath)
                .sorted()
            XCTAssertEqual(try cv.itemsToMeasure(in: rect).items, expected, "trial \(trial)")
            // A measured size (column width, h): the frame's size is compared with the waterfall's.
            if counts[2] > 0 {
                let ip = IndexPath(section: 2, item: 0)
                let f = try XCTUnwrap(l.frameForItem(at: ip))
                try cv.setMeasuredSizes([(ip, Size(width: f.width, height: f.height + 7))])
                XCTAssertEqual(try XCTUnwrap(l.frameForItem(at: ip)).height, f.height + 7, "trial \(trial)")
                XCTAssertTrue(l.isMeasured(ip))
                XCTAssertFalse(try cv.itemsToMeasure(in: try XCTUnwrap(l.frameForItem(at: ip))).items.contains(ip))
            }
        }
    }
}
