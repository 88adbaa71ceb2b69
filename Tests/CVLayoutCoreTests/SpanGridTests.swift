import XCTest

@testable import CVLayoutCore

// Foundation (through XCTest) has its own IndexPath.
private typealias IndexPath = CVLayoutCore.IndexPath

/// The span grid's options (docs/grid-rules.md, G1–G5): an independent model of every option
/// against the layout, with the properties (no overlaps within a row, everything inside the
/// content, rect queries equal to brute force); hand-worked frames for what the fixtures do not
/// show; errors that change nothing; the closed form kept when nothing varies; batch updates,
/// animations, self-sizing and anchoring with spans and extents.
final class SpanGridTests: XCTestCase {
    private func makeCV(
        _ counts: [Int], _ layout: GridLayout, _ w: Double, _ h: Double = 480
    ) throws
        -> CollectionView
    {
        let cv = try CollectionView(dataSource: StaticDataSource(counts), layout: layout)
        try cv.setBoundsSize(Size(width: w, height: h))
        try cv.layoutIfNeeded()
        return cv
    }

    private func grid(_ change: (inout GridLayout.Configuration) -> Void) throws -> GridLayout {
        let l = GridLayout()
        var c = GridLayout.Configuration()
        change(&c)
        try l.configure(c)
        return l
    }

    private func frame(_ l: GridLayout, _ s: Int, _ i: Int) throws -> Rect {
        try XCTUnwrap(l.layoutAttributesForItem(at: IndexPath(section: s, item: i))).frame
    }

    // MARK: The model

    /// One element the model places: its frame, and for a cell its row (section, row index).
    private struct Placed {
        var key: ElementKey
        var frame: Rect
        var row: (Int, Int)?
    }

    /// Every element by the rules, written as a walk (sums, not products) in vertical terms and
    /// transposed at the end when scrolling horizontally.
    private func model(
        _ c: GridLayout.Configuration, counts: [Int], spans: [Int: [Int32]], extents: [Int: [Double]],
        entries: [GridLayout.SectionColumns], bounds: Size
    ) -> (placed: [Placed], content: Size) {
        let horizontal = c.scrollDirection == 1
        let i = c.contentInsets
        let (ml, mt, cl, ct) = horizontal ? (i.left, i.right, i.top, i.bottom) : (i.top, i.bottom, i.left, i.right)
        let cross = horizontal ? bounds.height : bounds.width
        let avail = max(0, cross - cl - ct)
        let sp = c.interitemSpacing
        func r(_ main: Double, _ mainLength: Double, _ x: Double, _ crossLength: Double) -> Rect {
            horizontal
                ? Rect(x: main, y: x, width: mainLength, height: crossLength)
                : Rect(x: x, y: main, width: crossLength, height: mainLength)
        }
        var out: [Placed] = []
        var y = 0.0
        for (s, n) in counts.enumerated() {
            let columns = modelColumns(c, entries, s, avail)
            let w = max(0, (avail - Double(columns - 1) * sp) / Double(columns))
            let inside = c.supplementariesFollowInsets == 1
            if c.headerHeight > 0 {
                let f = inside ? r(y + ml, c.headerHeight, cl, avail) : r(y, c.headerHeight, 0, cross)
                out.append(
                    Placed(
                        key: ElementKey(
                            category: .supplementaryView, kind: .sectionHeader,
                            indexPath: IndexPath(section: s, item: 0)), frame: f))
            }
            let top = y + c.headerHeight + ml
            var rowTop = top, bodyEnd = top
            var row: [(item: Int, span: Int)] = []
            var used = 0, rowIndex = 0
            func flush() {
                guard !row.isEmpty else { return }
                var own: [Double] = []
                for (item, span) in row {
                    let length = Double(span) * w + Double(span - 1) * sp
                    own.append(
                        extents[s]?[item] ?? (c.itemHeight > 0 ? c.itemHeight : c.itemAspect * length))
                }
                let thick = own.max()!
                let leftover = Double(columns - used) * (w + sp)
                var x = cl + (c.shortRowAlignment == 1 ? leftover / 2 : c.shortRowAlignment == 2 ? leftover : 0)
                for (k, (item, span)) in row.enumerated() {
                    let length = Double(span) * w + Double(span - 1) * sp
                    out.append(
                        Placed(
                            key: ElementKey(category: .cell, kind: .none, indexPath: IndexPath(section: s, item: item)),
                            frame: r(rowTop, c.stretchItems == 1 ? thick : own[k], x, length), row: (s, rowIndex)))
                    for _ in 0..<span { x += w + sp }
                }
                bodyEnd = rowTop + thick
                rowTop += thick + c.intergroupSpacing
                rowIndex += 1
                row = []
                used = 0
            }
            for item in 0..<n {
                let span = Int(spans[s]?[item] ?? 1)
                if used + span > columns { flush() }
                row.append((item, span))
                used += span
            }
            flush()
            if c.footerHeight > 0 {
                let f = inside ? r(bodyEnd, c.footerHeight, cl, avail) : r(bodyEnd + mt, c.footerHeight, 0, cross)
                out.append(
                    Placed(
                        key: ElementKey(
                            category: .supplementaryView, kind: .sectionFooter,
                            indexPath: IndexPath(section: s, item: 0)), frame: f))
            }
            y = bodyEnd + mt + c.footerHeight
        }
        return (out, horizontal ? Size(width: y, height: cross) : Size(width: cross, height: y))
    }

    /// Section s's column count: the most columns of at least the minimum width that fit with
    /// their spacings (counted up one by one), or the fixed count.
    private func modelColumns(
        _ c: GridLayout.Configuration, _ entries: [GridLayout.SectionColumns], _ s: Int, _ avail: Double
    ) -> Int {
        var fixed = c.columns, minimum = c.minimumColumnWidth
        if s < entries.count, entries[s] != GridLayout.SectionColumns() {
            fixed = entries[s].columns
            minimum = entries[s].minimumColumnWidth
        }
        guard minimum > 0 else { return fixed }
        var columns = 1
        while columns < GridLayout.maxColumns,
            Double(columns + 1) * minimum + Double(columns) * c.interitemSpacing <= avail
        {
            columns += 1
        }
        return columns
    }

    private func assertNear(_ a: Rect, _ b: Rect, _ tol: Double, _ what: String) {
        XCTAssertEqual(a.minX, b.minX, accuracy: tol, what)
        XCTAssertEqual(a.minY, b.minY, accuracy: tol, what)
        XCTAssertEqual(a.width, b.width, accuracy: tol, what)
        XCTAssertEqual(a.height, b.height, accuracy: tol, what)
    }

    /// Random grids with every option (spans, extents, per-section and adaptive columns, both
    /// directions, stretched or not, each short-row alignment, both header rules, footers):
    /// the layout's frames equal the model's; no two cells of a row overlap; every element lies
    /// inside the content; rect queries equal the brute-force filter of every element.
    func testEveryOptionAgainstTheModelAndBruteForce() throws {
        var g = SplitMix64(seed: 29)
        for trial in 0..<60 {
            let exact = trial % 2 == 0
            func value(_ maxQuarters: Int) -> Double {
                exact ? Double(g.int(below: maxQuarters + 1)) / 4 : g.double(in: 0..<Double(maxQuarters) / 4)
            }
            var c = GridLayout.Configuration()
            c.columns = 1 + g.int(below: 6)
            if g.int(below: 3) == 0 { c.minimumColumnWidth = Double(20 + g.int(below: 200)) / 4 * 4 }
            c.interitemSpacing = g.int(below: 3) == 0 ? 0 : value(40)
            c.intergroupSpacing = g.int(below: 3) == 0 ? 0 : value(40)
            c.contentInsets = EdgeInsets(top: value(60), left: value(60), bottom: value(60), right: value(60))
            c.headerHeight = g.int(below: 2) == 0 ? 0 : value(120)
            c.footerHeight = g.int(below: 2) == 0 ? 0 : value(120)
            if g.int(below: 3) == 0 { c.itemHeight = 1 + value(300) } else { c.itemAspect = value(8) }
            c.scrollDirection = g.int(below: 2)
            c.stretchItems = g.int(below: 2)
            c.shortRowAlignment = g.int(below: 3)
            c.supplementariesFollowInsets = g.int(below: 2)
            let l = try grid { $0 = c }
            let counts = (0..<(1 + g.int(below: 4))).map { _ in g.int(below: 4) == 0 ? 0 : g.int(below: 40) }
            let bounds = Size(
                width: exact ? Double(200 + g.int(below: 400)) : g.double(in: 200..<600),
                height: exact ? Double(200 + g.int(below: 400)) : g.double(in: 200..<600))
            var entries: [GridLayout.SectionColumns] = []
            if g.int(below: 2) == 0 {
                entries = counts.indices.map { _ in
                    switch g.int(below: 3) {
                    case 0: return GridLayout.SectionColumns()
                    case 1: return GridLayout.SectionColumns(columns: 1 + g.int(below: 8))
                    default: return GridLayout.SectionColumns(minimumColumnWidth: Double(10 + g.int(below: 100)))
                    }
                }
                try l.setSectionColumns(entries)
            }
            // Each section's column count from the model (the spans must fit it).
            let i = c.contentInsets
            let avail = max(
                0, c.scrollDirection == 1 ? bounds.height - i.top - i.bottom : bounds.width - i.left - i.right)
            var spans: [Int: [Int32]] = [:], extents: [Int: [Double]] = [:]
            for (s, n) in counts.enumerated() {
                let columns = modelColumns(c, entries, s, avail)
                if g.int(below: 3) != 0 {
                    spans[s] = (0..<n).map { _ in Int32(1 + g.int(below: max(1, min(columns, 4)))) }
                    try l.setItemSpans(spans[s], forSection: s)
                }
                if g.int(below: 2) == 0 {
                    let same = g.int(below: 4) == 0
                    let e = value(200)
                    extents[s] = (0..<n).map { _ in same ? e : value(200) }
                    try l.setItemExtents(extents[s], forSection: s)
                }
            }
            let cv = try makeCV(counts, l, bounds.width, bounds.height)
            let (placed, content) = model(
                c, counts: counts, spans: spans, extents: extents, entries: entries, bounds: bounds)
            let tol = 1e-7
            let size = try cv.contentSize()
            XCTAssertEqual(size.width, content.width, accuracy: tol, "trial \(trial)")
            XCTAssertEqual(size.height, content.height, accuracy: tol, "trial \(trial)")
            var all: [LayoutAttributes] = []
            var byRow: [String: [Rect]] = [:]
            for p in placed {
                let a = try XCTUnwrap(l.layoutAttributes(for: p.key), "trial \(trial) \(p.key)")
                assertNear(a.frame, p.frame, tol, "trial \(trial) \(p.key)")
                all.append(a)
                if let (s, r) = p.row { byRow["\(s).\(r)", default: []].append(a.frame) }
                // Inside the content.
                XCTAssertGreaterThanOrEqual(a.frame.minX, -tol, "trial \(trial) \(p.key)")
                XCTAssertGreaterThanOrEqual(a.frame.minY, -tol, "trial \(trial) \(p.key)")
                XCTAssertLessThanOrEqual(a.frame.maxX, size.width + tol, "trial \(trial) \(p.key)")
                XCTAssertLessThanOrEqual(a.frame.maxY, size.height + tol, "trial \(trial) \(p.key)")
            }
            // No overlaps within a row (shrunk by the tolerance: neighbours share an edge at most).
            for (row, frames) in byRow {
                for a in 0..<frames.count {
                    for b in (a + 1)..<frames.count {
                        let x = frames[a].insetBy(dx: 1e-6, dy: 1e-6), y = frames[b].insetBy(dx: 1e-6, dy: 1e-6)
                        XCTAssertFalse(x.intersects(y), "trial \(trial) row \(row): \(frames[a]) and \(frames[b])")
                    }
                }
            }
            try assertRectQueriesMatchBruteForce(
                cv, all: all, width: size.width, height: size.height, edgeSamples: 30, randomRects: 80, using: &g,
                "trial \(trial)")
        }
    }

    // MARK: Hand-worked frames

    /// Trailing short rows, a footer inside the insets, and the aspect of a spanning item: 320
    /// wide, insets 10 left and right: available 300, 3 columns of w = (300 − 2·10) / 3 = 280 / 3,
    /// pitch 280 / 3 + 10. Spans [2, 1, 2]:
    /// row 0 = items 0, 1 (3 spans, full); row 1 = item 2 (2 of 3 spans), trailing: shifted by one
    /// pitch. Aspect 0.5: item 0 (width 2w + 10) is (2w + 10) / 2 high, item 1 w / 2.
    func testTrailingRowsFooterInsideAndSpanningAspect() throws {
        let l = try grid {
            $0.columns = 3; $0.interitemSpacing = 10; $0.intergroupSpacing = 4; $0.itemAspect = 0.5
            $0.contentInsets = EdgeInsets(top: 5, left: 10, bottom: 7, right: 10)
            $0.footerHeight = 20; $0.supplementariesFollowInsets = 1; $0.shortRowAlignment = 2
        }
        try l.setItemSpans([2, 1, 2], forSection: 0)
        let cv = try makeCV([3], l, 320)
        let w = 280.0 / 3, pitch = w + 10
        let wide = 2 * w + 10
        XCTAssertEqual(try frame(l, 0, 0), Rect(x: 10, y: 5, width: wide, height: wide / 2))
        XCTAssertEqual(try frame(l, 0, 1), Rect(x: 10 + 2 * pitch, y: 5, width: w, height: w / 2))
        // Row 1 at 5 + wide / 2 + 4, shifted by the one leftover column.
        let row1 = 5 + wide / 2 + 4
        XCTAssertEqual(try frame(l, 0, 2), Rect(x: 10 + pitch, y: row1, width: wide, height: wide / 2))
        let footer = try XCTUnwrap(
            l.layoutAttributesForSupplementaryView(ofKind: .sectionFooter, at: IndexPath(section: 0, item: 0)))
        XCTAssertEqual(footer.frame, Rect(x: 10, y: row1 + wide / 2, width: 300, height: 20))
        XCTAssertEqual(try cv.contentSize(), Size(width: 320, height: row1 + wide / 2 + 20 + 7))
    }

    /// W7's own example (Compose's GridCells.Adaptive documentation): 88 wide with a minimum of 20
    /// and no spacing gives 4 columns of 22.
    func testAdaptiveCountOfComposesExample() throws {
        let l = try grid {
            $0.minimumColumnWidth = 20; $0.itemHeight = 10
        }
        _ = try makeCV([5], l, 88)
        XCTAssertEqual(try frame(l, 0, 3), Rect(x: 66, y: 0, width: 22, height: 10))
        XCTAssertEqual(try frame(l, 0, 4), Rect(x: 0, y: 10, width: 22, height: 10))
        // A minimum wider than the view: one column of the whole width.
        try l.configure(
            {
                var c = l.configuration; c.minimumColumnWidth = 500; return c
            }())
        _ = try makeCV([2], l, 88)
        XCTAssertEqual(try frame(l, 0, 1), Rect(x: 0, y: 10, width: 88, height: 10))
    }

    // MARK: Costs

    /// Spans of 1 and equal extents keep the closed form: no row table, whatever the count.
    func testUniformSectionsStoreNothingPerItem() throws {
        let l = try grid { $0.columns = 4 }
        try l.setItemSpans([Int32](repeating: 1, count: 1000), forSection: 0)
        try l.setItemExtents([Double](repeating: 30, count: 1000), forSection: 0)
        let cv = try makeCV([1000, CollectionView.maxCount / 2], l, 400)
        XCTAssertEqual(l.gridFootprint, 2 * MemoryLayout<GridLayout.Section>.stride)
        XCTAssertLessThanOrEqual(MemoryLayout<GridLayout.Section>.stride, 100)  // the header's "about 100 bytes"
        XCTAssertEqual(try frame(l, 0, 999), Rect(x: 300, y: 249 * 30, width: 100, height: 30))
        XCTAssertEqual(try cv.contentSize().height, 250 * 30 + Double(CollectionView.maxCount / 8) * 100)
        // One span of 2: a row table for section 0 only (16 bytes an item: span index, span and
        // extent; 24 a row, and 8 + 160 a block): row 0 holds items 0 (span 2), 1 and 2; the
        // other 997 items fill ⌈997 / 4⌉ = 250 rows: 251 rows, one block (rows 1 ... 250 are
        // alike, and the block rule does not cut before the first of them).
        try l.replaceItemSpans(inSection: 0, start: 0, removeCount: 1, with: [2])
        try cv.layoutIfNeeded()
        XCTAssertFalse(GridPacker.startsBlock(30, 4, 4))
        XCTAssertEqual(
            l.gridFootprint, 2 * MemoryLayout<GridLayout.Section>.stride + 1000 * 16 + 251 * 24 + 1 * (8 + 160))
        XCTAssertEqual(try frame(l, 0, 0), Rect(x: 0, y: 0, width: 200, height: 30))
        XCTAssertEqual(try frame(l, 0, 3), Rect(x: 0, y: 30, width: 100, height: 30))
    }

    /// Range edits (with the batch updates they pair with) and measured extents rebuild only the
    /// rows from the first edited item's row on: the frames equal, bit for bit, those of a grid
    /// built from scratch with the same arrays.
    func testIncrementalEditsEqualALayoutFromScratch() throws {
        var g = SplitMix64(seed: 41)
        for trial in 0..<30 {
            var c = GridLayout.Configuration()
            c.columns = 2 + g.int(below: 5)
            c.interitemSpacing = Double(g.int(below: 3)) * 2.5
            c.intergroupSpacing = g.double(in: 0..<9)
            c.stretchItems = g.int(below: 2)
            c.shortRowAlignment = g.int(below: 3)
            c.itemHeight = 40
            let l = try grid { $0 = c }
            var n = 30 + g.int(below: 120)
            func span() -> Int32 { Int32(1 + g.int(below: c.columns)) }
            try l.setItemSpans((0..<n).map { _ in span() }, forSection: 0)
            if trial % 3 != 0 { try l.setItemExtents((0..<n).map { _ in g.double(in: 5..<90) }, forSection: 0) }
            let ds = StaticDataSource([n])
            let cv = try CollectionView(dataSource: ds, layout: l)
            try cv.setBoundsSize(Size(width: 377, height: 500))
            try cv.layoutIfNeeded()
            for step in 0..<10 {
                let start = g.int(below: n + 1)
                switch g.int(below: 4) {
                case 0:  // insert k items at start
                    let k = 1 + g.int(below: 3)
                    try l.replaceItemSpans(
                        inSection: 0, start: start, removeCount: 0, with: (0..<k).map { _ in span() })
                    if l.itemExtents(forSection: 0) != nil {
                        try l.replaceItemExtents(
                            inSection: 0, start: start, removeCount: 0, with: (0..<k).map { _ in g.double(in: 5..<90) })
                    }
                    n += k
                    ds.counts = [n]
                    var u = BatchUpdate()
                    u.insertItems((start..<start + k).map { IndexPath(section: 0, item: $0) })
                    try cv.performBatchUpdates(u, animation: nil)
                case 1 where start < n:  // delete up to 3 items from start
                    let k = min(n - start, 1 + g.int(below: 3))
                    try l.replaceItemSpans(inSection: 0, start: start, removeCount: k, with: [])
                    if l.itemExtents(forSection: 0) != nil {
                        try l.replaceItemExtents(inSection: 0, start: start, removeCount: k, with: [])
                    }
                    n -= k
                    ds.counts = [n]
                    var u = BatchUpdate()
                    u.deleteItems((start..<start + k).map { IndexPath(section: 0, item: $0) })
                    try cv.performBatchUpdates(u, animation: nil)
                case 2 where start < n:  // one span changed
                    try l.replaceItemSpans(inSection: 0, start: start, removeCount: 1, with: [span()])
                case 3 where start < n:  // a measured extent
                    let h = g.double(in: 5..<90)
                    try cv.setMeasuredSizes([(IndexPath(section: 0, item: start), Size(width: 1, height: h))])
                default:
                    continue
                }
                try cv.layoutIfNeeded()
                let fresh = try grid { $0 = c }
                try fresh.setItemSpans(l.itemSpans(forSection: 0), forSection: 0)
                try fresh.setItemExtents(l.itemExtents(forSection: 0), forSection: 0)
                let other = try makeCV([n], fresh, 377, 500)
                for i in 0..<n {
                    XCTAssertEqual(try frame(l, 0, i), try frame(fresh, 0, i), "trial \(trial) step \(step) item \(i)")
                }
                XCTAssertEqual(try cv.contentSize(), try other.contentSize(), "trial \(trial) step \(step)")
            }
        }
    }

    // MARK: Errors

    /// Bad input throws a clear error and changes nothing (configuration, arrays, frames).
    func testBadInputChangesNothing() throws {
        let l = try grid {
            $0.columns = 3; $0.itemHeight = 10
        }
        try l.setItemSpans([3, 1, 2], forSection: 0)
        let cv = try makeCV([3], l, 300)
        let before = try cv.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 300, height: 100))
        XCTAssertEqual(before.map(\.frame).count, 3)
        func expect(_ code: LayoutError.Code, _ text: String, _ body: () throws -> Void) throws {
            XCTAssertThrowsError(try body(), text) {
                XCTAssertEqual(($0 as? LayoutError)?.code, code, text)
                XCTAssertTrue("\($0)".contains(text), "\($0) should contain \(text)")
            }
            XCTAssertEqual(l.itemSpans(forSection: 0), [3, 1, 2], text)
            XCTAssertEqual(l.configuration.columns, 3, text)
            XCTAssertEqual(try cv.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 300, height: 100)), before)
        }
        try expect(.invalidArgument, "span > column count") { try l.setItemSpans([4], forSection: 0) }
        try expect(.invalidArgument, "span < 1") { try l.setItemSpans([1, 0], forSection: 0) }
        try expect(.invalidArgument, "span < 1") { try l.setItemSpans([-1], forSection: 0) }
        try expect(.invalidArgument, "span > column count") {
            try l.configure(
                {
                    var c = l.configuration; c.columns = 2; return c
                }())
        }
        try expect(.invalidArgument, "span > column count") { try l.setSectionColumns([.init(columns: 2)]) }
        try expect(.invalidArgument, "columns 0") {
            try l.configure(
                {
                    var c = l.configuration; c.columns = 0; return c
                }())
        }
        try expect(.invalidArgument, "minimum_column_width") {
            try l.configure(
                {
                    var c = l.configuration; c.minimumColumnWidth = -1; return c
                }())
        }
        try expect(.invalidArgument, "minimum_column_width") {
            try l.setSectionColumns([.init(minimumColumnWidth: .nan)])
        }
        try expect(.invalidArgument, "columns 1025") { try l.setSectionColumns([.init(columns: 1025)]) }
        try expect(.invalidArgument, "extent") { try l.setItemExtents([1, .nan, 1], forSection: 0) }
        try expect(.invalidArgument, "extent") { try l.setItemExtents([-0.5, 1, 1], forSection: 0) }
        try expect(.invalidArgument, "extent") { try l.setItemExtents([.infinity, 1, 1], forSection: 0) }
        try expect(.outOfRange, "section -1") { try l.setItemSpans([1], forSection: -1) }
        try expect(.outOfRange, "outside") {
            try l.replaceItemSpans(inSection: 0, start: 2, removeCount: 2, with: [])
        }
        try expect(.invalidArgument, "span > column count") {
            try l.replaceItemSpans(inSection: 0, start: 0, removeCount: 0, with: [9])
        }
        try expect(.state, "no item extents") {
            try l.replaceItemExtents(inSection: 0, start: 0, removeCount: 0, with: [1])
        }
        try expect(.invalidArgument, "short_row_alignment") {
            try l.configure(
                {
                    var c = l.configuration; c.shortRowAlignment = 3; return c
                }())
        }
        // Adaptive: the span is checked by the layout cycle, which fails and keeps the frames.
        try l.setSectionColumns([.init(minimumColumnWidth: 140)])  // floor(300 / 140) = 2 columns
        XCTAssertThrowsError(try cv.layoutIfNeeded()) {
            XCTAssertEqual(($0 as? LayoutError)?.code, .invalidArgument)
            XCTAssertTrue("\($0)".contains("item 0 of section 0 spans 3 columns but the section has 2"), "\($0)")
        }
        XCTAssertEqual(try frame(l, 0, 2), before[2].frame)
        try l.setSectionColumns([])
        try cv.layoutIfNeeded()
        XCTAssertEqual(try cv.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 300, height: 100)), before)
    }

    // MARK: Batch updates, animation, self-sizing, anchoring

    /// A batch update paired with range edits, animated: the moving cell is interpolated between
    /// its old and new frames; an update without the edit fails and changes nothing.
    func testAnimatedBatchUpdateWithRangeEdits() throws {
        let l = try grid {
            $0.columns = 2; $0.itemHeight = 50
        }
        try l.setItemSpans([1, 1, 2], forSection: 0)
        try l.setItemExtents([50, 50, 80], forSection: 0)
        let ds = StaticDataSource([3])
        let cv = try CollectionView(dataSource: ds, layout: l)
        try cv.setBoundsSize(Size(width: 200, height: 400))
        _ = try cv.visibleAttributes()
        XCTAssertEqual(try frame(l, 0, 2), Rect(x: 0, y: 50, width: 200, height: 80))
        // Insert a full-width 30-high item at 0: items 0, 1 move down a row.
        try l.replaceItemSpans(inSection: 0, start: 0, removeCount: 0, with: [2])
        try l.replaceItemExtents(inSection: 0, start: 0, removeCount: 0, with: [30])
        ds.counts = [4]
        var u = BatchUpdate()
        u.insertItems([IndexPath(section: 0, item: 0)])
        try cv.performBatchUpdates(u, animation: try AnimationTiming(duration: 1, curve: .linear))
        try cv.setTime(0.5)
        // Old item 0 (now 1): (0, 0) → (0, 30): halfway at y 15.
        let moving = try cv.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 200, height: 400))
            .first { $0.indexPath == IndexPath(section: 0, item: 1) }
        XCTAssertEqual(try XCTUnwrap(moving).frame.minY, 15, accuracy: 1e-9)
        try cv.setTime(2)
        XCTAssertEqual(try frame(l, 0, 3), Rect(x: 0, y: 80, width: 200, height: 80))
        // Without the edit: 4 spans for 5 items; nothing changes.
        ds.counts = [5]
        XCTAssertThrowsError(try cv.performBatchUpdates(u, animation: nil)) {
            XCTAssertTrue("\($0)".contains("4 entries but the section has 5 items"), "\($0)")
        }
        ds.counts = [4]
        XCTAssertEqual(try frame(l, 0, 3), Rect(x: 0, y: 80, width: 200, height: 80))
    }

    /// Measured extents (self-sizing): a cell measured above the viewport moves the content
    /// offset by its row's growth (nothing on screen moves); horizontally the measured width is
    /// the extent; a count change forgets the measurements of an array the layout made.
    func testMeasuredExtentsAndAnchoring() throws {
        let l = try grid {
            $0.columns = 2; $0.itemHeight = 100
        }
        let ds = StaticDataSource([20])
        let cv = try CollectionView(dataSource: ds, layout: l)
        try cv.setBoundsSize(Size(width: 200, height: 300))
        try cv.setContentOffset(Point(x: 0, y: 500))
        _ = try cv.visibleAttributes()
        XCTAssertEqual(try cv.itemsToMeasure(in: Rect(x: 0, y: 500, width: 200, height: 100)).items.count, 2)
        // Item 1 (row 0) measured 140 high: row 0 grows by 40, the offset follows.
        try cv.setMeasuredSizes([(IndexPath(section: 0, item: 1), Size(width: 100, height: 140))])
        XCTAssertEqual(cv.contentOffset, Point(x: 0, y: 540))
        XCTAssertEqual(try frame(l, 0, 1), Rect(x: 100, y: 0, width: 100, height: 140))
        XCTAssertEqual(try frame(l, 0, 2), Rect(x: 0, y: 140, width: 100, height: 100))
        XCTAssertTrue(l.isMeasured(IndexPath(section: 0, item: 1)))
        XCTAssertEqual(try cv.contentSize().height, 1040)
        // Stretched: item 0 takes its row's 140 as well.
        try l.configure(
            {
                var c = l.configuration; c.stretchItems = 1; return c
            }())
        XCTAssertEqual(
            try cv.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 50, height: 10)).first?.frame,
            Rect(x: 0, y: 0, width: 100, height: 140))
        // The count changes without a range edit: the layout's own array and its measurements go.
        ds.counts = [21]
        var u = BatchUpdate()
        u.insertItems([IndexPath(section: 0, item: 20)])
        try cv.performBatchUpdates(u, animation: nil)
        XCTAssertFalse(l.isMeasured(IndexPath(section: 0, item: 1)))
        XCTAssertEqual(try frame(l, 0, 1), Rect(x: 100, y: 0, width: 100, height: 100))

        // Horizontally, a measured width is the extent; the cross size stays the column's.
        let h = try grid {
            $0.columns = 2; $0.itemHeight = 60; $0.scrollDirection = 1
        }
        let hv = try makeCV([4], h, 300, 200)
        try hv.setMeasuredSizes([(IndexPath(section: 0, item: 0), Size(width: 90, height: 33))])
        XCTAssertEqual(try frame(h, 0, 0), Rect(x: 0, y: 0, width: 90, height: 100))
        XCTAssertEqual(try frame(h, 0, 2), Rect(x: 90, y: 0, width: 60, height: 100))
        XCTAssertEqual(try hv.contentSize(), Size(width: 150, height: 200))
        XCTAssertThrowsError(
            try hv.setMeasuredSizes([(IndexPath(section: 0, item: 9), Size(width: 1, height: 1))]))
        XCTAssertThrowsError(
            try hv.setMeasuredSizes([(IndexPath(section: 0, item: 0), Size(width: .nan, height: 1))]))
        XCTAssertEqual(try frame(h, 0, 0), Rect(x: 0, y: 0, width: 90, height: 100))
    }

    /// A bounds change across the axis re-lays out (the columns follow the cross size); along it
    /// the layout is kept.
    func testBoundsChangesFollowTheScrollAxis() throws {
        let v = try grid { $0.columns = 2 }
        let cv = try makeCV([1], v, 200)
        XCTAssertTrue(v.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 300, height: 480)))
        XCTAssertFalse(v.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 200, height: 900)))
        let h = try grid {
            $0.columns = 2; $0.scrollDirection = 1
        }
        let hv = try makeCV([1], h, 200)
        XCTAssertFalse(h.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 300, height: 480)))
        XCTAssertTrue(h.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 200, height: 900)))
        withExtendedLifetime((cv, hv)) {}
    }
}
