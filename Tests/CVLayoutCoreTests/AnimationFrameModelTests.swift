import XCTest

@testable import CVLayoutCore

private typealias IndexPath = CVLayoutCore.IndexPath

/// An animation frame (`CollectionView.sendElements` during a transition: `PresentingSink`) against
/// a brute-force model of what a frame is (docs/animation-rules.md): every final element in the
/// rect with a track is its track from its start to the layout's live answer at the frame's
/// progress; one without a track is itself; every track no final element matched is sampled from
/// its stored ends; every disappearing element whose removal has not ended is sampled on its own
/// clock; each is kept when its drawn bounds or its frame meet the rect. Random flow -> flow and
/// flow <-> circle switches and animated batch updates, random times and rects; the values must be
/// equal bit for bit (`==` on every field), whatever shortcut the frame path takes.
final class AnimationFrameModelTests: XCTestCase {
    private func flow(_ rng: inout SplitMix64) throws -> FlowLayout {
        let f = FlowLayout()
        let w = 10 + Double(rng.next() % 60), h = 10 + Double(rng.next() % 60)
        let spacing = Double(rng.next() % 20), line = Double(rng.next() % 30)
        try f.configure {
            $0.itemSize = Size(width: w, height: h)
            $0.minimumInteritemSpacing = spacing
            $0.minimumLineSpacing = line
        }
        return f
    }

    /// The model's frame: see the type's comment.
    private func modelFrame(_ v: CollectionView, in rect: Rect) throws -> [LayoutAttributes] {
        let final = try v.layoutOwnAttributes(in: rect, limit: 1 << 16)
        guard let t = v.transition, !t.isFinished(at: v.currentTime) else { return final }
        let p = t.progress(at: v.currentTime)
        func sample(_ from: LayoutAttributes, _ to: LayoutAttributes) -> LayoutAttributes {
            LayoutAttributes.interpolate(
                from: from, to: to, progress: p, discreteCustomSlots: t.discreteSlots, rotation: t.timing.rotation)
        }
        func shown(_ s: LayoutAttributes) -> Bool { s.drawnBounds.intersects(rect) || s.frame.intersects(rect) }
        var out: [LayoutAttributes] = []
        var matched = Set<ElementKey>()
        for a in final {
            if let track = t.tracks[a.key] {
                matched.insert(a.key)
                let s = sample(track.from, a)
                if shown(s) { out.append(s) }
            } else {
                out.append(a)
            }
        }
        for (n, k) in t.tracks.keys.enumerated() where !matched.contains(k) {
            let track = t.tracks[position: n]
            let s = sample(track.from, track.to)
            if shown(s) { out.append(s) }
        }
        for leaving in t.disappearing where !leaving.isFinished(at: v.currentTime) {
            let s = leaving.sample(at: v.currentTime)
            if shown(s) { out.append(s) }
        }
        return out
    }

    /// Both lists as multisets (the frame path sorts into draw order; ties between a present and
    /// a disappearing element of one index path may come in either order).
    private func assertSameElements(
        _ got: [LayoutAttributes], _ want: [LayoutAttributes], _ what: String, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertEqual(got.count, want.count, what, file: file, line: line)
        var left = want
        for g in got {
            guard let i = left.firstIndex(of: g) else {
                XCTFail("\(what): \(g) is not in the model's frame", file: file, line: line)
                return
            }
            left.remove(at: i)
        }
        XCTAssertTrue(left.isEmpty, "\(what): the model has \(left.count) more", file: file, line: line)
    }

    func testFramesEqualTheBruteForceModelOverRandomSwitchesAndUpdates() throws {
        var rng = SplitMix64(seed: 32)
        var checked = 0
        for round in 0..<12 {
            let ds = StaticDataSource([200 + Int(rng.next() % 400)])
            let v = try CollectionView(dataSource: ds, layout: try flow(&rng))
            try v.setBoundsSize(Size(width: 200 + Double(rng.next() % 200), height: 200 + Double(rng.next() % 300)))
            try v.setContentOffset(Point(x: 0, y: Double(rng.next() % 800)))
            var time = 0.0
            for step in 0..<6 {
                let timing = try AnimationTiming(duration: 0.2 + Double(rng.next() % 5) / 10)
                if rng.next() % 2 == 0 {
                    // A third of the switches go to the circle: every item on screen, each
                    // rotated, most of them off the rect at any frame (swept bounds).
                    try v.setLayout(rng.next() % 3 == 0 ? CircleLayout() : try flow(&rng), animation: timing)
                } else {
                    // Deletes and inserts around the viewport, then the data source's new count.
                    let n = ds.counts[0]
                    var u = BatchUpdate()
                    let deleted = Set((0..<8).map { _ in Int(rng.next() % UInt64(n)) })
                    u.deleteItems(deleted.sorted().map { IndexPath(section: 0, item: $0) })
                    let after = n - deleted.count
                    let inserted = Set((0..<6).map { _ in Int(rng.next() % UInt64(after + 1)) })
                    u.insertItems(inserted.sorted().map { IndexPath(section: 0, item: $0) })
                    ds.counts = [after + inserted.count]
                    try v.performBatchUpdates(u, animation: timing)
                }
                for _ in 0..<4 {
                    time += Double(rng.next() % 100) / 1000
                    try v.setTime(time)
                    let b = v.bounds
                    let other = Rect(
                        x: b.origin.x - 50 + Double(rng.next() % 100), y: b.origin.y - 200 + Double(rng.next() % 400),
                        width: Double(rng.next() % 300), height: Double(rng.next() % 500))
                    for rect in [b, other] {
                        let got = try v.layoutAttributesForElements(in: rect)
                        assertSameElements(got, try modelFrame(v, in: rect), "round \(round) step \(step) t \(time)")
                        checked += got.count
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 1000)  // the scenarios do put animating elements on screen
    }
}
