import XCTest

@testable import CVLayoutCore

private typealias IndexPath = CVLayoutCore.IndexPath

/// The frame path's parts shortcut (`PresentingSink.offerTrack`: a track whose ends carry no
/// custom slots and whose transforms are plain or turn in the plane is worked out as frame,
/// transform, alpha, z-index and hidden and handed on through `ElementSink.element(like:…)`)
/// against the rule it stands for (docs/animation-rules.md): the element on screen is
/// `LayoutAttributes.interpolate(from: start, to: the layout's live answer, …)` (worked out here
/// without anything the track made: the decompositions or planar parts are taken apart again),
/// kept when its frame or its drawn bounds meet the rect. The live answer is sometimes the stored
/// end and sometimes not (another frame, transform, alpha, z-index or hidden, a transform out of
/// the plane, custom slots): the shortcut must read the live answer, and use what the track made
/// only when the live transform is the stored one. Equal bit for bit, every field.
final class PresentingSinkPartsTests: XCTestCase {
    private func transform(_ rng: inout SplitMix64) -> Transform3D {
        let angle = (Double(rng.next() % 20_001) / 10_000 - 1) * Double.pi * 1.2
        switch rng.next() % 6 {
        case 0: return .identity
        case 1: return .rotation(angle, 0, 0, 1)  // the circle's turn
        case 2:
            let sx = 0.25 + Double(rng.next() % 400) / 100, sy = 0.25 + Double(rng.next() % 400) / 100
            return Transform3D.rotation(angle, 0, 0, 1).scaled(sx, sy, 1).translated(
                Double(rng.next() % 41) - 20, Double(rng.next() % 41) - 20, 0)
        case 3: return .rotation(angle, 1, 0, 0)  // out of the plane: decompositions
        case 4: return .translation(Double(rng.next() % 41) - 20, 3, 0)
        default: return .scale(-1, 1, 1)  // a reflection: not planar
        }
    }

    private func attributes(_ rng: inout SplitMix64, item: Int) -> LayoutAttributes {
        var a =
            rng.next() % 5 == 0
            ? LayoutAttributes.supplementary(.sectionHeader, IndexPath(section: 0, item: 0))
            : LayoutAttributes.cell(IndexPath(section: 0, item: item))
        a.frame = Rect(
            x: Double(rng.next() % 2001) / 4 - 250, y: Double(rng.next() % 2001) / 4 - 250,
            width: Double(rng.next() % 400) / 4, height: Double(rng.next() % 400) / 4)
        a.transform = rng.next() % 3 == 0 ? .identity : transform(&rng)
        a.alpha = rng.next() % 2 == 0 ? 1 : Double(rng.next() % 101) / 100
        a.zIndex = rng.next() % 4 == 0 ? Int(rng.next() % 5) - 2 : 0
        a.isHidden = rng.next() % 6 == 0
        if rng.next() % 8 == 0 { a.custom[Int(rng.next() % 3)] = Double(rng.next() % 100) }
        return a
    }

    /// The live answer: the stored end, or the stored end with one thing changed.
    private func live(_ to: LayoutAttributes, _ rng: inout SplitMix64) -> LayoutAttributes {
        var a = to
        switch rng.next() % 8 {
        case 0: a.frame.origin.x += Double(rng.next() % 200) - 100
        case 1: a.frame.size.width += Double(rng.next() % 50)
        case 2: a.transform = transform(&rng)
        case 3: a.alpha = Double(rng.next() % 101) / 100
        case 4: a.zIndex += 1
        case 5: a.isHidden.toggle()
        case 6: a.custom[0] = 1
        default: break  // the stored end itself
        }
        return a
    }

    func testPartsShortcutEqualsInterpolatingTheLiveAnswer() throws {
        var rng = SplitMix64(seed: 0x6f6e_7363_7265_656e)
        var shortcut = 0, drawn = 0
        for n in 0..<6000 {
            let spring = rng.next() % 4 == 0
            let rotation: RotationInterpolation = rng.next() % 2 == 0 ? .shortest : .css
            let timing =
                spring
                ? try AnimationTiming(spring: Spring(dampingRatio: 0.3, response: 0.5), rotation: rotation)
                : try AnimationTiming(duration: 1, curve: .linear, rotation: rotation)
            var tr = Transition(timing: timing, start: 0, discreteSlots: rng.next() % 2 == 0 ? 0 : 1)
            let from = attributes(&rng, item: n % 7)
            var to = attributes(&rng, item: n % 7)
            (to.category, to.kind, to.indexPath) = (from.category, from.kind, from.indexPath)
            tr.tracks.set(to.key, from: from, to: to)
            let final = live(to, &rng)
            let times: [Double] = [0, 1, 0.5, Double(rng.next() % 1001) / 1000, Double(rng.next() % 3000) / 1000]
            let time = times[Int(rng.next() % UInt64(times.count))]
            let rect =
                rng.next() % 3 == 0
                ? Rect(x: -1e4, y: -1e4, width: 2e4, height: 2e4)
                : Rect(
                    x: Double(rng.next() % 600) - 300, y: Double(rng.next() % 600) - 300,
                    width: Double(rng.next() % 200), height: Double(rng.next() % 200))
            let out = CollectingSink(counts: [7])
            let presenting = tr.presenting(in: rect, at: time, into: out)
            try presenting.add(final)
            try presenting.finish()
            try out.check()

            let p = tr.progress(at: time)
            let want = LayoutAttributes.interpolate(
                from: from, to: final, progress: p, discreteCustomSlots: tr.discreteSlots, rotation: rotation)
            let shown = want.frame.intersects(rect) || want.drawnBounds.intersects(rect)
            let got = out.take()
            XCTAssertEqual(got.count, shown ? 1 : 0, "case \(n): \(from) -> \(final) at \(p) in \(rect)")
            if let g = got.first, shown {
                assertBitwiseEqual(g, want, "case \(n) at \(p)")
                drawn += 1
            }
            if from.custom.count == 0, final.custom.count == 0,
                (from.isPlain && final.isPlain)
                    || (PlanarTransform(from.transform) != nil && PlanarTransform(final.transform) != nil)
            {
                shortcut += 1
            }
        }
        // The shortcut's cases were among them, most drawn.
        XCTAssertGreaterThan(shortcut, 1500)
        XCTAssertGreaterThan(drawn, 2000)
    }

    /// Numbers at the edge of the doubles, so that some ways overflow (a spring's overshoot
    /// extrapolates past the ends): the shortcut checks only the frame, its centre and alpha of
    /// what it hands on (`ElementSink.element(like:…)`: the transform is one of two valid ends or
    /// a planar way checked finite; a debug build asserts it). Whatever the general rule draws —
    /// an element, or the query's failure for numbers that are not finite — the shortcut draws
    /// too.
    func testPartsShortcutFailsWhereTheRuleFails() throws {
        var rng = SplitMix64(seed: 0x6f73_365f_6564_6765)
        let edge: [Double] = [0, 1, -1, 1e300, -1e300, 1.6e308, -1.6e308, 8e307, -8e307, 0.5, 1e-300]
        func value() -> Double { edge[Int(rng.next() % UInt64(edge.count))] * (rng.next() % 2 == 0 ? 1 : 0.75) }
        func size() -> Double { abs(value()) }
        func element(item: Int) -> LayoutAttributes {
            var a = LayoutAttributes.cell(IndexPath(section: 0, item: item))
            a.frame = Rect(x: value(), y: value(), width: size(), height: size())
            switch rng.next() % 6 {
            case 0: a.transform = .identity
            case 1: a.transform = .rotation(Double(rng.next() % 628) / 100, 0, 0, 1)
            case 2: a.transform = .translation(value(), value(), 0)
            default:
                a.transform = Transform3D.rotation(Double(rng.next() % 628) / 100, 0, 0, 1).scaled(
                    0.5 + Double(rng.next() % 4), 0.5 + Double(rng.next() % 4), 1
                ).translated(rng.next() % 2 == 0 ? 1.6e308 : -1.6e308, value(), 0)
            }
            a.alpha = rng.next() % 2 == 0 ? 1 : 0.5
            return a
        }
        var overflowed = 0, drawn = 0, cases = 0
        while cases < 4000 {
            let rotation: RotationInterpolation = rng.next() % 2 == 0 ? .shortest : .css
            let timing =
                rng.next() % 2 == 0
                ? try AnimationTiming(spring: Spring(dampingRatio: 0.2, response: 0.5), rotation: rotation)
                : try AnimationTiming(duration: 1, curve: .linear, rotation: rotation)
            let from = element(item: cases % 7), to = element(item: cases % 7)
            guard from.isValid, to.isValid else { continue }
            cases += 1
            var tr = Transition(timing: timing, start: 0, discreteSlots: 0)
            tr.tracks.set(to.key, from: from, to: to)
            let time = Double(rng.next() % 3000) / 1000
            let rect = Rect(x: -1e308, y: -1e308, width: 1.7e308, height: 1.7e308)
            let out = CollectingSink(counts: [7])
            let presenting = tr.presenting(in: rect, at: time, into: out)
            var failed = false
            do {
                try presenting.add(to)
                try presenting.finish()
                try out.check()
            } catch { failed = true }

            let want = LayoutAttributes.interpolate(
                from: from, to: to, progress: tr.progress(at: time), discreteCustomSlots: 0, rotation: rotation)
            let shown = want.frame.intersects(rect) || (!want.transform.isIdentity && want.drawnBounds.intersects(rect))
            XCTAssertEqual(failed, shown && !want.isValid, "case \(cases): \(from) -> \(to) at \(time): \(want)")
            let p = tr.progress(at: time)
            if p != 0, p != 1, let pa = PlanarTransform(from.transform), let pb = PlanarTransform(to.transform),
                PlanarTransform.interpolate(pa, pb, p, rotation: rotation) == nil
            {
                overflowed += 1  // the way's transform is not finite: the discrete rule's end is drawn
            }
            if failed { continue }
            let got = out.take()
            XCTAssertEqual(got.count, shown ? 1 : 0, "case \(cases): \(from) -> \(to) at \(time)")
            if let g = got.first, shown {
                assertBitwiseEqual(g, want, "case \(cases) at \(time)")
                drawn += 1
            }
        }
        // Planar ways that overflow (the transform the shortcut then hands on is an end's) among
        // them, and drawn elements.
        XCTAssertGreaterThan(overflowed, 10)
        XCTAssertGreaterThan(drawn, 500)
    }

    /// Turned cells (a cell that is the defaults but for its frame and its turn about z: the
    /// circle's items) handed over in runs (`ElementSink.turnedCells`, the circle's way: each
    /// cell's look worked out and handed on in runs, `ElementSink.cellLooks`) and one by one
    /// (`cell(section:item:frame:transform:)`): every element on screen is the rule's —
    /// `interpolate(from: start, to: the live cell)` of a tracked cell when it is drawn in the rect,
    /// an untracked cell as it is, then the tracks no cell matched, sampled — bit for bit, in
    /// order; and where the rule makes an element that is not valid (numbers at the edge of the
    /// doubles, springs that overshoot) the query fails as the rule's `add` would. Starts with
    /// custom slots, transforms out of the plane, reflections, live turns that are not the stored
    /// end's: the general way; the others the look's.
    func testTurnedCellsEqualInterpolatingTheLiveCell() throws {
        var rng = SplitMix64(seed: 0x7475_726e_6564_6365)
        let edge: [Double] = [1e300, -1e300, 1.6e308, -1.6e308, 8e307]
        var shortcut = 0, general = 0, failures = 0, shownTotal = 0
        for round in 0..<600 {
            let rotation: RotationInterpolation = rng.next() % 2 == 0 ? .shortest : .css
            let timing =
                rng.next() % 4 == 0
                ? try AnimationTiming(spring: Spring(dampingRatio: 0.3, response: 0.5), rotation: rotation)
                : try AnimationTiming(duration: 1, curve: .linear, rotation: rotation)
            var tr = Transition(timing: timing, start: 0, discreteSlots: rng.next() % 2 == 0 ? 0 : 1)
            let atEdge = round % 5 == 4
            func number(_ x: Double) -> Double {
                atEdge && rng.next() % 6 == 0 ? edge[Int(rng.next() % UInt64(edge.count))] : x
            }
            let n = 1 + Int(rng.next() % 30), extra = Int(rng.next() % 3)
            var cells: [TurnedCell] = []
            var finals: [LayoutAttributes] = []
            var starts: [Int: LayoutAttributes] = [:]
            for item in 0..<(n + extra) {
                let angle = Double(rng.next() % 20_001) / 10_000 * Double.pi * 2 - Double.pi
                let frame = Rect(
                    x: number(Double(rng.next() % 2001) / 4 - 250), y: Double(rng.next() % 2001) / 4 - 250,
                    width: number(Double(rng.next() % 400) / 4), height: Double(rng.next() % 400) / 4)
                var to = LayoutAttributes.cell(IndexPath(section: 0, item: item), frame: frame)
                to.transform = .turn(cos: cos(angle), sin: sin(angle))
                if item >= n || rng.next() % 5 != 0 {  // tracked (always, for the cells not handed over)
                    var from = attributes(&rng, item: item)
                    (from.category, from.kind, from.indexPath) = (.cell, .none, to.indexPath)
                    if atEdge, rng.next() % 3 == 0 { from.frame.origin.y = edge[Int(rng.next() % 5)] }
                    starts[item] = from
                    tr.tracks.set(to.key, from: from, to: to)
                }
                guard item < n else { continue }
                var live = to  // the stored end, or another frame or turn
                var (c, s) = (cos(angle), sin(angle))
                switch rng.next() % 6 {
                case 0: live.frame.origin.x += Double(rng.next() % 200) - 100
                case 1:
                    let other = angle + Double(rng.next() % 100) / 50
                    (c, s) = (cos(other), sin(other))
                    live.transform = .turn(cos: c, sin: s)
                default: break
                }
                finals.append(live)
                cells.append(TurnedCell(item: item, frame: live.frame, cos: c, sin: s))
            }
            let time = [0, 1, 0.5, Double(rng.next() % 1001) / 1000, Double(rng.next() % 3000) / 1000][
                Int(rng.next() % 5)]
            let rect =
                rng.next() % 3 == 0
                ? Rect(x: -1e4, y: -1e4, width: 2e4, height: 2e4)
                : Rect(x: Double(rng.next() % 600) - 300, y: Double(rng.next() % 600) - 300, width: 300, height: 300)
            let p = tr.progress(at: time)

            // The rule.
            func rule(_ from: LayoutAttributes, _ to: LayoutAttributes) -> LayoutAttributes? {
                let w = LayoutAttributes.interpolate(
                    from: from, to: to, progress: p, discreteCustomSlots: tr.discreteSlots, rotation: rotation)
                let shown = w.frame.intersects(rect) || (!w.transform.isIdentity && w.drawnBounds.intersects(rect))
                return shown ? w : nil
            }
            var want: [LayoutAttributes] = []
            var ruleFails = false
            for f in finals where !ruleFails {
                guard f.isValid else {
                    ruleFails = true
                    break
                }
                if let from = starts[f.indexPath.item] {
                    if let w = rule(from, f) { want.append(w) }
                    let planar = PlanarTransform(from.transform) != nil
                    if from.custom.count == 0, from.isPlain || (planar && f.transform == tr.tracks[f.key]!.to.transform)
                    {
                        shortcut += 1
                    } else {
                        general += 1
                    }
                } else {
                    want.append(f)
                }
                if let last = want.last, !last.isValid { ruleFails = true }
            }
            for item in n..<(n + extra) where !ruleFails {
                let key = ElementKey(category: .cell, kind: .none, indexPath: IndexPath(section: 0, item: item))
                if let w = rule(starts[item]!, tr.tracks[key]!.to) {
                    want.append(w)
                    if !w.isValid { ruleFails = true }
                }
            }

            let out = CollectingSink(counts: [n + extra])
            let presenting = tr.presenting(in: rect, at: time, into: out)
            var failed = false
            do {
                try present(cells, to: presenting, asRun: round % 2 == 0)
                try presenting.check()
                try presenting.finish()
                try out.check()
            } catch { failed = true }
            XCTAssertEqual(failed, ruleFails, "round \(round)")
            if failed {
                failures += 1
                continue
            }
            let got = out.take()
            XCTAssertEqual(got.count, want.count, "round \(round)")
            for (g, w) in zip(got, want) { assertBitwiseEqual(g, w, "round \(round)") }
            shownTotal += got.count
        }
        XCTAssertGreaterThan(shortcut, 3000)
        XCTAssertGreaterThan(general, 1000)
        XCTAssertGreaterThan(failures, 10)
        XCTAssertGreaterThan(shownTotal, 3000)
    }

    /// A sink that wants a bound (as the C query's does) and collects what it gets, noting the bound
    /// it is told.
    private final class BoundCollectingSink: ElementSink {
        var elements: [LayoutAttributes] = []
        var told: Int?
        override var wantsBound: Bool { told == nil && count == 0 }
        override var largestUsefulBound: Int { wantsBound ? limit : 0 }
        override func expect(atMost n: Int) { if count == 0 { told = n } }
        override func store(_ a: LayoutAttributes) { elements.append(a) }
    }

    /// Frames of the circle layout's animations (flow → circle switches, animated deletes and
    /// inserts on the circle with leaving elements, springs and linear timings) into a sink that
    /// wants a bound: the circle tells one (`expect(cellsOf:items:framesWithin:)`, the presenting
    /// sink adding what `finish` may add and counting the tracks of those cells once) that holds
    /// every element handed on, and the elements are those a sink that wants no bound gets (the
    /// looks handed on unchecked, `cellLooks(valid: true)`, are valid: a debug build asserts it).
    func testCircleFramesToldBoundHoldsTheAnswer() throws {
        var rng = SplitMix64(seed: 0x626f_756e_6463_6972)
        var told = 0, frames = 0
        for round in 0..<16 {
            let ds = StaticDataSource([20 + Int(rng.next() % 300)])
            let v = try CollectionView(dataSource: ds, layout: FlowLayout())
            try v.setBoundsSize(Size(width: 200 + Double(rng.next() % 600), height: 200 + Double(rng.next() % 600)))
            let timing =
                round % 3 == 0
                ? try AnimationTiming(spring: Spring(dampingRatio: 0.3, response: 0.5))
                : try AnimationTiming(duration: 1, curve: .linear)
            if round % 2 == 0 {
                try v.setLayout(CircleLayout(), animation: timing)
            } else {
                try v.setLayout(CircleLayout(), animation: nil)
                let n = ds.counts[0]
                var u = BatchUpdate()
                u.deleteItems([IndexPath(section: 0, item: n / 2), IndexPath(section: 0, item: 1)])
                u.insertItems([IndexPath(section: 0, item: Int(rng.next() % UInt64(n - 1)))])
                ds.counts = [n - 1]
                try v.performBatchUpdates(u, animation: timing)
            }
            for step in 0..<8 {
                try v.setTime(Double(step) * 0.17)
                let b = v.bounds
                let rects = [b, Rect(x: b.origin.x + 50, y: b.origin.y + 40, width: b.size.width / 3, height: 90)]
                for rect in rects {
                    let bound = BoundCollectingSink(counts: nil)
                    try v.sendElements(in: rect, to: bound)
                    let plain = CollectingSink(counts: nil)
                    try v.sendElements(in: rect, to: plain)
                    let want = plain.take()
                    if let n = bound.told {
                        XCTAssertLessThanOrEqual(want.count, n, "round \(round) step \(step)")
                        told += 1
                    }
                    XCTAssertEqual(bound.elements.count, want.count, "round \(round) step \(step)")
                    for (g, w) in zip(bound.elements, want) { assertBitwiseEqual(g, w, "round \(round) step \(step)") }
                    frames += 1
                }
            }
        }
        XCTAssertGreaterThan(told, frames / 2)
    }

    func assertBitwiseEqual(
        _ g: LayoutAttributes, _ w: LayoutAttributes, _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(g.key, w.key, what, file: file, line: line)
        let gv = [g.origin.x, g.origin.y, g.size.width, g.size.height, g.alpha] + g.transform.values + g.custom.values
        let wv = [w.origin.x, w.origin.y, w.size.width, w.size.height, w.alpha] + w.transform.values + w.custom.values
        XCTAssertEqual(gv.map(\.bitPattern), wv.map(\.bitPattern), "\(what): \(g) != \(w)", file: file, line: line)
        XCTAssertEqual(g.zIndex, w.zIndex, what, file: file, line: line)
        XCTAssertEqual(g.isHidden, w.isHidden, what, file: file, line: line)
        XCTAssertEqual(g.isDisappearing, w.isDisappearing, what, file: file, line: line)
        XCTAssertEqual(g.identifier, w.identifier, what, file: file, line: line)
        XCTAssertEqual(g.custom.count, w.custom.count, what, file: file, line: line)
    }
}

/// Hands section 0's turned `cells` to `presenting`: as one run (`turnedCells`, `asRun`) or one
/// cell at a time with its turn (`cell(…transform: .turn…)`); both must present the same.
func present(_ cells: [TurnedCell], to presenting: PresentingSink, asRun: Bool) throws {
    if asRun {
        try cells.withUnsafeBufferPointer { try presenting.turnedCells(section: 0, $0) }
    } else {
        for c in cells {
            try presenting.cell(section: 0, item: c.item, frame: c.frame, transform: .turn(cos: c.cos, sin: c.sin))
        }
    }
}
