import XCTest

@testable import CVLayoutCore

private typealias IndexPath = CVLayoutCore.IndexPath

/// A frame of turned cells tells that a cell ends at its track's stored end from the cell's cosine
/// and sine alone (`TrackTable.endIsTurn`: the end's `Transform3D.turnParts`, bit for bit) instead
/// of reading the end's transform. Against the rule, bit for bit: ends whose upper-left entries are
/// the live turn's cosine and sine but which are not that turn (translated, scaled, out of the
/// plane), ends that are turns of zeros of either sign or of numbers no angle has, live cells that
/// differ from the end only in a zero's sign.
extension PresentingSinkPartsTests {
    /// `turnParts` gives a cosine and sine whose turn is the transform bit for bit, or nil when no
    /// turn is the transform.
    func testTurnPartsRemakeTheTurnBitForBit() {
        var rng = SplitMix64(seed: 0x656e_6474_7572_6e31)
        let odd: [Double] = [0, -0.0, 1, -1, 1.5, -2, 0.5, -0.0, 1e-300]
        var turns = 0, others = 0
        for n in 0..<4000 {
            let angle = rng.double(in: -7..<7)
            let (c, s) =
                n % 3 == 0
                ? (odd[rng.int(below: odd.count)], odd[rng.int(below: odd.count)]) : (cos(angle), sin(angle))
            let turn = Transform3D.turn(cos: c, sin: s)
            let parts = turn.turnParts
            XCTAssertNotNil(parts, "turn(\(c), \(s))")
            if let parts {
                XCTAssertTrue(Transform3D.turn(cos: parts.cos, sin: parts.sin).isBitwiseEqual(to: turn), "\(c) \(s)")
                turns += 1
            }
            // Not a turn: the same upper-left entries with something else changed.
            var other = turn
            switch rng.int(below: 4) {
            case 0: other.m41 = 51 + rng.double(in: 0..<50)
            case 1: other.m33 = 2
            case 2: other.m13 = 0.5
            default: other.m21 = other.m21 + 1
            }
            XCTAssertNil(other.turnParts, "\(other)")
            others += 1
        }
        XCTAssertEqual(turns, 4000)
        XCTAssertEqual(others, 4000)
    }

    /// Tracks of turned cells whose stored ends share the live turn's upper-left entries without
    /// being that turn, or are turns of zeros and odd numbers: the frame's elements are the rule's
    /// (`interpolate(from: start, to: the live cell)` when drawn), bit for bit, through runs
    /// (`turnedCells`) and one by one.
    func testTurnedCellsEndingNearTheirTurnEqualTheRule() throws {
        var rng = SplitMix64(seed: 0x656e_6474_7572_6e32)
        let odd: [Double] = [0, -0.0, 1, -1, 1.5, -2, 0.5]
        var told = 0, notTurns = 0, shownTotal = 0
        for round in 0..<400 {
            let rotation: RotationInterpolation = rng.next() % 2 == 0 ? .shortest : .css
            let timing = try AnimationTiming(duration: 1, curve: .linear, rotation: rotation)
            var tr = Transition(timing: timing, start: 0, discreteSlots: 0)
            let n = 1 + rng.int(below: 24)
            var cells: [TurnedCell] = []
            var finals: [LayoutAttributes] = []
            var starts: [LayoutAttributes] = []
            for item in 0..<n {
                let angle = rng.double(in: -4..<4)
                var (c, s) = (cos(angle), sin(angle))
                if rng.next() % 4 == 0 { (c, s) = (odd[rng.int(below: odd.count)], odd[rng.int(below: odd.count)]) }
                let frame = Rect(
                    x: rng.double(in: -200..<200), y: rng.double(in: -200..<200), width: rng.double(in: 1..<80),
                    height: rng.double(in: 1..<80))
                var live = LayoutAttributes.cell(IndexPath(section: 0, item: item), frame: frame)
                live.transform = .turn(cos: c, sin: s)
                var end = live
                switch rng.int(below: 6) {
                case 0: end.transform.m41 += 1 + rng.double(in: 0..<30)  // the turn, moved
                case 1: end.transform.m11 = -end.transform.m11  // another upper-left entry
                case 2: end.transform = Transform3D.scale(1, 2, 1).concatenating(end.transform)  // same m11, m12
                case 3: end.transform.m33 = 0.5  // m33 not the turn's
                default: break  // the turn itself
                }
                if !end.transform.isBitwiseEqual(to: live.transform) { notTurns += 1 }
                // The live cell a zero of the other sign away from the end's turn now and then.
                if c == 0, rng.next() % 2 == 0 { c = -c }
                if s == 0, rng.next() % 2 == 0 { s = -s }
                live.transform = .turn(cos: c, sin: s)
                var from = LayoutAttributes.cell(
                    IndexPath(section: 0, item: item),
                    frame: Rect(x: rng.double(in: -200..<200), y: rng.double(in: -200..<200), width: 30, height: 20))
                let a0 = rng.double(in: -3..<3)
                from.transform = rng.next() % 3 == 0 ? .identity : .turn(cos: cos(a0), sin: sin(a0))
                from.alpha = rng.next() % 2 == 0 ? 1 : 0.25
                tr.tracks.set(end.key, from: from, to: end)
                if let made = tr.tracks.shapes.last, tr.tracks.endIsTurn(made, cos: c, sin: s) { told += 1 }
                starts.append(from)
                finals.append(live)
                cells.append(TurnedCell(item: item, frame: frame, cos: c, sin: s))
            }
            let time = [0.5, rng.double(in: 0..<1), 0.25][rng.int(below: 3)]
            let rect = Rect(x: -1e4, y: -1e4, width: 2e4, height: 2e4)
            let p = tr.progress(at: time)
            var want: [LayoutAttributes] = []
            for (from, live) in zip(starts, finals) {
                let w = LayoutAttributes.interpolate(
                    from: from, to: live, progress: p, discreteCustomSlots: 0, rotation: rotation)
                if w.frame.intersects(rect) || (!w.transform.isIdentity && w.drawnBounds.intersects(rect)) {
                    want.append(w)
                }
            }
            let out = CollectingSink(counts: [n])
            let presenting = tr.presenting(in: rect, at: time, into: out)
            try present(cells, to: presenting, asRun: round % 2 == 0)
            try presenting.finish()
            try out.check()
            let got = out.take()
            XCTAssertEqual(got.count, want.count, "round \(round)")
            for (g, w) in zip(got, want) { assertBitwiseEqual(g, w, "round \(round)") }
            shownTotal += got.count
        }
        // Both kinds among them: cells the end's turn tells, ends that only look like the turn.
        XCTAssertGreaterThan(told, 1000)
        XCTAssertGreaterThan(notTurns, 2000)
        XCTAssertGreaterThan(shownTotal, 4000)
    }

    /// `TrackTable.countCells` (answered from the count of one section's cells when a range covers
    /// their items) against counting the table's keys, through sets, replacements and removals of
    /// cells of several sections and of headers.
    func testCountCellsEqualsCountingTheKeys() {
        var rng = SplitMix64(seed: 0x656e_6474_7572_6e33)
        var fast = 0
        for _ in 0..<40 {
            var table = TrackTable()
            var live: [ElementKey] = []
            let a = LayoutAttributes.cell(IndexPath(section: 0, item: 0), frame: Rect(x: 0, y: 0, width: 1, height: 1))
            for _ in 0..<300 {
                if !live.isEmpty, rng.next() % 3 == 0 {
                    let k = live.remove(at: rng.int(below: live.count))
                    table[k] = nil
                } else {
                    let section = rng.next() % 4 == 0 ? rng.int(below: 3) : 1
                    let category: ElementCategory = rng.next() % 6 == 0 ? .supplementaryView : .cell
                    let k = ElementKey(
                        category: category, kind: category == .cell ? .none : .sectionHeader,
                        indexPath: IndexPath(section: section, item: rng.int(below: 200) - 10))
                    table.set(k, from: a, to: a)
                    if !live.contains(k) { live.append(k) }
                }
                let section = rng.int(below: 3)
                var items: [Range<Int>] = []
                var lo = rng.int(below: 40) - 20
                for _ in 0..<(1 + rng.int(below: 3)) {
                    let hi = lo + 1 + rng.int(below: rng.next() % 3 == 0 ? 400 : 60)
                    items.append(lo..<hi)
                    lo = hi + rng.int(below: 20)
                }
                let want = table.keys.filter { k in
                    k.category == .cell && k.kind == .none && k.indexPath.section == section
                        && items.contains { $0.contains(k.indexPath.item) }
                }.count
                XCTAssertEqual(table.countCells(of: section, in: items), want, "section \(section) in \(items)")
                if want > 0, items.contains(where: { $0.lowerBound <= -10 && $0.upperBound >= 190 }) { fast += 1 }
            }
        }
        XCTAssertGreaterThan(fast, 100)
    }

    /// The circle tells its sink that its turned cells are valid (no check of each) only when
    /// every item it hands over exists in the sink's counts: a sink that counts fewer items fails at
    /// the first that does not exist, as it does cell by cell; one that counts them all gets every
    /// cell whose frame meets the rect, each the layout's answer for its item.
    func testCircleCellsOutsideTheSinksCountsStillFail() throws {
        for n in [5, 40, 301] {
            let (view, layout, rect) = try laidOutCircle(items: n)
            defer { withExtendedLifetime(view) {} }
            let whole = CollectingSink(counts: [n])
            try layout.layoutAttributesForElements(in: rect, into: whole)
            try whole.check()
            let got = whole.take()
            XCTAssertEqual(got.count, n)
            for a in got {
                let want = try XCTUnwrap(layout.layoutAttributesForItem(at: a.indexPath))
                assertBitwiseEqual(a, want, "n \(n)")
            }
            let fewer = CollectingSink(counts: [n - 2])
            XCTAssertThrowsError(
                try {
                    try layout.layoutAttributesForElements(in: rect, into: fewer)
                    try fewer.check()
                }(), "n \(n): items \(n - 2) and \(n - 1) do not exist in the sink's counts")
        }
    }
}
