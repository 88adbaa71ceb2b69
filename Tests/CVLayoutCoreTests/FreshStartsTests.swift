import XCTest

@testable import CVLayoutCore

private typealias IndexPath = CVLayoutCore.IndexPath

/// The starts an animated switch gives the elements that were not on screen before it
/// (`CollectionViewLayout.freshStarts`, a flow's frames in chunks, `FreshCellFrames`) and the track made from a
/// cell's frame in place (`TrackTable.set(_:cellFrame:movedBy:toAt:)`): each the same as the
/// per-item lookups and the general `set`.
final class FreshStartsTests: XCTestCase {
    /// A flow of several sections, headers and footers, insets and spacings, uniform sizes or
    /// per-item sizes, over a view of its counts.
    private func randomFlow(
        _ rng: inout SplitMix64, layout f: FlowLayout = FlowLayout()
    ) throws -> (
        CollectionView, FlowLayout
    ) {
        let counts = (0..<(1 + Int(rng.next() % 4))).map { _ in Int(rng.next() % 40) }
        try f.configure {
            $0.itemSize = Size(width: 10 + Double(rng.next() % 50), height: 10 + Double(rng.next() % 50))
            $0.minimumInteritemSpacing = Double(rng.next() % 12)
            $0.minimumLineSpacing = Double(rng.next() % 12)
            $0.sectionInset = EdgeInsets(
                top: Double(rng.next() % 9), left: Double(rng.next() % 9), bottom: Double(rng.next() % 9),
                right: Double(rng.next() % 9))
            if rng.next() % 2 == 0 { $0.headerReferenceSize = Size(width: 0, height: 5 + Double(rng.next() % 20)) }
            if rng.next() % 2 == 0 { $0.footerReferenceSize = Size(width: 0, height: 5 + Double(rng.next() % 20)) }
        }
        let v = try CollectionView(dataSource: StaticDataSource(counts), layout: f)
        try v.setBoundsSize(Size(width: 150 + Double(rng.next() % 200), height: 150 + Double(rng.next() % 200)))
        for (s, n) in counts.enumerated() where rng.next() % 2 == 0 {
            let sizes = (0..<n).map { _ in
                Size(width: 5 + Double(rng.next() % 60), height: 5 + Double(rng.next() % 60))
            }
            try f.setItemSizes(sizes, forSection: s)
        }
        try v.layoutIfNeeded()
        return (v, f)
    }

    /// What `starts` means, spelled out: the start of each fresh element in turn.
    private func expand(_ starts: FreshStarts, _ after: [LayoutAttributes], _ fresh: [Int]) -> [LayoutAttributes?] {
        var m = 0
        var frames = starts.cellFrames
        return fresh.enumerated().map { k, i in
            if frames.isGiven, after[i].category == .cell {
                return frames.frame(k).map { LayoutAttributes.cell(after[i].indexPath, frame: $0) }
            }
            defer { m += 1 }
            return m < starts.attributes.count ? starts.attributes[m] : nil
        }
    }

    /// Every element of the layout, elements it does not have (items past the counts, sections
    /// past the end, a decoration view), in a random order, a random subset of them fresh.
    private func elements(_ v: CollectionView, _ rng: inout SplitMix64) throws -> ([LayoutAttributes], [Int]) {
        var all = try v.layoutAttributesForElements(in: Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e7))
        let s = v.counts.count
        all.append(.cell(IndexPath(section: 0, item: v.counts[0] + 3)))
        all.append(.cell(IndexPath(section: s, item: 0)))
        all.append(.cell(IndexPath(section: -1, item: 0)))
        all.append(.supplementary(.sectionHeader, IndexPath(section: s + 2, item: 0)))
        all.append(.decoration(.sectionHeader, IndexPath(section: 0, item: 0)))
        for i in stride(from: all.count - 1, to: 0, by: -1) { all.swapAt(i, Int(rng.next() % UInt64(i + 1))) }
        let fresh = all.indices.filter { _ in rng.next() % 4 != 0 }
        return (all, fresh)
    }

    /// Items asked for in order, as a switch's fresh cells come (runs of consecutive items, which
    /// a uniform section steps through its grid for, broken by skips, repeats, items past the
    /// count, nil and other sections): each frame the flow's single lookup.
    func testItemFramesInOrderAreTheItemLookups() throws {
        var rng = SplitMix64(seed: 3211)
        var uniformItems = 0
        for _ in 0..<80 {
            let (v, flow) = try randomFlow(&rng)
            var ips: [IndexPath?] = []
            for s in 0...v.counts.count {
                let n = s < v.counts.count ? v.counts[s] : 2
                var i = Int(rng.next() % 3)
                while i < n + 3 {
                    switch rng.next() % 16 {
                    case 0: ips.append(nil)
                    case 1: ips.append(IndexPath(section: s, item: i - 1))
                    case 2: i += Int(rng.next() % 5)
                    case 3: ips.append(IndexPath(section: (s + 1) % (v.counts.count + 1), item: i))
                    default: break
                    }
                    ips.append(IndexPath(section: s, item: i))
                    i += 1
                }
                if s < v.counts.count, flow.state?.sections[s].isUniform == true { uniformItems += n }
            }
            let expected = ips.map { $0.flatMap { flow.frameForItem(at: $0) } }
            XCTAssertEqual(flow.itemFrames(ips), expected)
        }
        XCTAssertGreaterThan(uniformItems, 500)
    }

    func testFlowStartsAreTheItemLookupsOverRandomFlows() throws {
        var rng = SplitMix64(seed: 3210)
        var cells = 0, chunked = 0
        for _ in 0..<60 {
            let (v, flow) = try randomFlow(&rng)
            XCTAssertTrue(flow.answersItemLookupsWithFrames)
            let (after, fresh) = try elements(v, &rng)
            try after.withUnsafeBufferPointer { afterInPlace in
                let starts = try flow.freshStarts(after: afterInPlace, fresh: fresh)
                XCTAssertEqual(starts.cellFrames.isGiven, !fresh.isEmpty)
                if !fresh.isEmpty { XCTAssertEqual(starts.cellFrames.count, fresh.count) }
                let want = try flow.layoutAttributesInOrder(forKeys: fresh.map { after[$0].key })
                XCTAssertEqual(expand(starts, after, fresh), want)
                cells += want.filter { $0?.category == .cell }.count
                // Each frame as the flow's single lookup gives it, nil where it has no such item;
                // worked out in chunks of any size (across sections and elements that are not
                // cells), asked for in order or not.
                let ips: [IndexPath?] = fresh.map { after[$0].category == .cell ? after[$0].indexPath : nil }
                let expected = ips.map { $0.flatMap { flow.frameForItem(at: $0) } }
                XCTAssertEqual(flow.itemFrames(ips), expected)
                for chunk in [1, 2, 3, 7, 64, 1024] where !fresh.isEmpty {
                    var frames = FreshCellFrames(flow, after: afterInPlace, fresh: fresh, chunk: chunk)
                    XCTAssertEqual(fresh.indices.map { frames.frame($0) }, expected, "chunk \(chunk)")
                    let order = fresh.indices.shuffled(using: &rng)
                    XCTAssertEqual(order.map { frames.frame($0) }, order.map { expected[$0] }, "chunk \(chunk)")
                    XCTAssertNil(frames.frame(-1))
                    XCTAssertNil(frames.frame(fresh.count))
                    chunked += 1
                }
            }
        }
        XCTAssertGreaterThan(cells, 1000)
        XCTAssertGreaterThan(chunked, 300)
        var none = FreshCellFrames.none
        XCTAssertFalse(none.isGiven)
        XCTAssertNil(none.frame(0))
    }

    /// A flow whose item lookup is its own: the bulk form is not used, the lookups answer.
    private final class FadedFlow: FlowLayout {
        override func layoutAttributesForItem(at indexPath: IndexPath) throws -> LayoutAttributes? {
            guard var a = try super.layoutAttributesForItem(at: indexPath) else { return nil }
            a.alpha = 0.5
            a.zIndex = indexPath.item % 3
            return a
        }
    }

    func testASubclassWithItsOwnLookupIsAsked() throws {
        var rng = SplitMix64(seed: 77)
        for _ in 0..<10 {
            let (v, flow) = try randomFlow(&rng, layout: FadedFlow())
            XCTAssertFalse(flow.answersItemLookupsWithFrames)
            let (after, fresh) = try elements(v, &rng)
            let starts = try after.withUnsafeBufferPointer { try flow.freshStarts(after: $0, fresh: fresh) }
            XCTAssertFalse(starts.cellFrames.isGiven)
            let want = try flow.layoutAttributesInOrder(forKeys: fresh.map { after[$0].key })
            XCTAssertEqual(starts.attributes, want)
            XCTAssertTrue(want.contains { $0?.alpha == 0.5 })
        }
    }

    func testCellFrameTrackIsTheGeneralSetOfTheCell() {
        var rng = SplitMix64(seed: 5)
        var a = TrackTable(), b = TrackTable()
        for n in 0..<400 {
            // Keys repeat: a track replaced keeps its position in both tables.
            let ip = IndexPath(section: Int(rng.next() % 3), item: Int(rng.next() % 90))
            let key = ElementKey(category: .cell, kind: .none, indexPath: ip)
            let frame = Rect(
                x: Double(rng.next() % 500) - 100, y: Double(rng.next() % 900), width: Double(rng.next() % 60),
                height: Double(rng.next() % 60))
            var end = LayoutAttributes.cell(key.indexPath, frame: Rect(x: 1, y: 2, width: 30, height: 40))
            if n % 2 == 0 { end.transform = .rotation(Double(n) / 7, 0, 0, 1) }
            if n % 5 == 0 { end.alpha = 0.25 }
            let shift: Point? = n % 3 == 0 ? nil : Point(x: Double(n % 7) - 3, y: Double(n % 11) * 1.5)
            withUnsafePointer(to: end) { a.set(key, cellFrame: frame, movedBy: shift, toAt: $0) }
            var start = LayoutAttributes.cell(key.indexPath, frame: frame)
            if let shift { start = start.moved(by: shift) }
            b.set(key, from: start, to: end)
        }
        XCTAssertEqual(a.keys, b.keys)
        XCTAssertEqual(a.notPlainCount, b.notPlainCount)
        XCTAssertEqual(a.largestCoordinate, b.largestCoordinate)
        for i in 0..<a.count {
            XCTAssertEqual(a[position: i].from, b[position: i].from)
            XCTAssertEqual(a[position: i].to, b[position: i].to)
            XCTAssertEqual(a.shapes[i].made >= 0, b.shapes[i].made >= 0)
            let sa = a.shapes[i].sweep, sb = b.shapes[i].sweep
            func numbers(_ s: Transition.Sweep?) -> [Double]? { s.map { [$0.ax, $0.ay, $0.bx, $0.by, $0.reach] } }
            XCTAssertEqual(numbers(sa), numbers(sb))
            XCTAssertEqual(a.shapes[i].fromPlain, b.shapes[i].fromPlain)
        }
    }

    /// An animated switch away from a flow: every element that was not on screen before starts
    /// where the old flow puts it, moved by the offset change (the per-item lookup, taken before
    /// the switch); the others where they were on screen.
    func testSwitchStartsFromTheOldFlowsLookups() throws {
        var rng = SplitMix64(seed: 99)
        var checked = 0
        for round in 0..<16 {
            let (v, old) = try randomFlow(&rng)
            let size = try v.contentSize()
            try v.setContentOffset(Point(x: 0, y: Double(rng.next() % UInt64(Swift.max(1, size.height)))))
            try v.layoutIfNeeded()
            let onScreen = Set(try v.layoutAttributesForElements(in: v.bounds).map(\.key))
            var expected: [ElementKey: LayoutAttributes] = [:]
            for (s, n) in v.counts.enumerated() {
                for i in 0..<n {
                    let key = ElementKey(category: .cell, kind: .none, indexPath: IndexPath(section: s, item: i))
                    expected[key] = try old.layoutAttributes(for: key)
                }
                for kind in [ElementKind.sectionHeader, .sectionFooter] {
                    let key = ElementKey(
                        category: .supplementaryView, kind: kind, indexPath: IndexPath(section: s, item: 0))
                    expected[key] = try old.layoutAttributes(for: key)
                }
            }
            let oldOffset = v.contentOffset
            let new: CollectionViewLayout
            if round % 2 == 0 {
                new = CircleLayout()
            } else {
                let f = FlowLayout()
                try f.configure {
                    $0.itemSize = Size(width: 5 + Double(rng.next() % 30), height: 5 + Double(rng.next() % 30))
                    $0.headerReferenceSize = Size(width: 0, height: 7)
                    $0.footerReferenceSize = Size(width: 0, height: 3)
                }
                new = f
            }
            try v.setLayout(new, animation: try AnimationTiming(duration: 1))
            let shift = Point(x: v.contentOffset.x - oldOffset.x, y: v.contentOffset.y - oldOffset.y)
            let t = try XCTUnwrap(v.transition)
            for (n, key) in t.tracks.keys.enumerated() where !onScreen.contains(key) {
                let track = t.tracks[position: n]
                if let start = expected[key] {
                    XCTAssertEqual(track.from, start.moved(by: shift), "round \(round) \(key)")
                    checked += 1
                } else {
                    XCTAssertEqual(track.from, track.to.fadedOut, "round \(round) \(key)")
                }
            }
        }
        XCTAssertGreaterThan(checked, 200)
    }
}
