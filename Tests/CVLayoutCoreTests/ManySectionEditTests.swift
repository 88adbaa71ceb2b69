import XCTest

@testable import CVLayoutCore

/// One-item edits of a flow with many sections (issue 32, sect7): a batch update restacks the
/// sections only from the first changed one until they start where they started
/// (`FlowState.restack`), finds the changed counts by comparing two count lists
/// (`CountComparison`), checks the counts of the sections without a request eight at a time and
/// keeps the item changes of few sections in a sorted list (`UpdatePlan`). Each shortcut is
/// compared here with what it replaces: the frames, search tables and content size of a fresh
/// layout, and a brute-force model of the count check and of the index-path mapping.
final class ManySectionEditTests: XCTestCase {
    private typealias IP = CVLayoutCore.IndexPath

    /// The host's model as a delegate: each section's item sizes (some wider than the view, so
    /// that the content's cross size depends on which sections hold them) and metrics of its own
    /// (fractional, fixed per section: an edit changes only the counts and the edited sizes).
    private final class Host: FlowLayoutDelegate {
        var sizes: [[Size]]
        let insets: [EdgeInsets]
        let headers: [Double]
        init(sizes: [[Size]], insets: [EdgeInsets], headers: [Double]) {
            self.sizes = sizes
            self.insets = insets
            self.headers = headers
        }
        var implementedMethods: FlowDelegateMethods { [.sizeForItem, .insetForSection, .referenceSizeForHeader] }
        func flowLayout(_ layout: FlowLayout, sizeForItemAt ip: IP) throws -> Size { sizes[ip.section][ip.item] }
        func flowLayout(_ layout: FlowLayout, insetForSectionAt s: Int) throws -> EdgeInsets { insets[s] }
        func flowLayout(_ layout: FlowLayout, referenceSizeForHeaderInSection s: Int) throws -> Size {
            Size(width: 1, height: headers[s])
        }
    }

    private struct Setup {
        var horizontal: Bool
        var delegate: Bool
        var cross: Double
    }

    private static let itemSize = Size(width: 31.0 / 3.0, height: 7.1)

    private func makeView(_ s: Setup, _ host: Host, _ ds: StaticDataSource) throws -> (CollectionView, FlowLayout) {
        let flow = FlowLayout()
        try flow.configure {
            $0.scrollDirection = s.horizontal ? .horizontal : .vertical
            $0.itemSize = Self.itemSize
            $0.minimumLineSpacing = 0.1
            $0.minimumInteritemSpacing = 1.0 / 7.0
            $0.sectionInset = EdgeInsets(top: 0.3, left: 1.0 / 3.0, bottom: 0.7, right: 0.2)
            $0.headerReferenceSize = Size(width: 4.3, height: 4.3)
            $0.footerReferenceSize = Size(width: 1.0 / 3.0, height: 1.0 / 3.0)
        }
        if s.delegate { flow.delegate = host }
        let v = try CollectionView(dataSource: ds, layout: flow)
        try v.setBoundsSize(s.horizontal ? Size(width: 500, height: s.cross) : Size(width: s.cross, height: 500))
        _ = try v.contentSize()
        return (v, flow)
    }

    private func randomSize(_ rng: inout SplitMix64, _ s: Setup) -> Size {
        // One item in thirty is wider (across the scroll axis) than the view, each by its own amount.
        let across =
            Int.random(in: 0..<30, using: &rng) == 0 ? s.cross * rng.double(in: 1.1..<2) : rng.double(in: 3..<40)
        let along = rng.double(in: 2..<30)
        return s.horizontal ? Size(width: along, height: across) : Size(width: across, height: along)
    }

    /// The state, content size and elements of `flow` equal a fresh layout's of the same model,
    /// bit for bit.
    private func assertSameAsFresh(
        _ v: CollectionView, _ flow: FlowLayout, _ s: Setup, _ host: Host, _ rng: inout SplitMix64, _ what: String
    ) throws {
        let freshHost = Host(sizes: host.sizes, insets: host.insets, headers: host.headers)
        let (fv, fresh) = try makeView(s, freshHost, StaticDataSource(v.counts))
        let size = try v.contentSize(), freshSize = try fv.contentSize()
        XCTAssertEqual(size.width.bitPattern, freshSize.width.bitPattern, "\(what): content width")
        XCTAssertEqual(size.height.bitPattern, freshSize.height.bitPattern, "\(what): content height")
        let st = try XCTUnwrap(flow.state), fst = try XCTUnwrap(fresh.state)
        XCTAssertEqual(st.counts, fst.counts, what)
        XCTAssertEqual(st.totalItems, fst.totalItems, what)
        XCTAssertEqual(st.reach.map(\.bitPattern), fst.reach.map(\.bitPattern), "\(what): reach")
        XCTAssertEqual(st.floor.map(\.bitPattern), fst.floor.map(\.bitPattern), "\(what): floor")
        XCTAssertEqual(
            st.sections.map(\.origin.bitPattern), fst.sections.map(\.origin.bitPattern), "\(what): origins")
        // Everything, then random rects (the search tables pick the sections a rect meets).
        let all = Rect(x: -1, y: -1, width: size.width + 2, height: size.height + 2)
        XCTAssertEqual(
            try v.layoutAttributesForElements(in: all), try fv.layoutAttributesForElements(in: all), "\(what): all")
        for _ in 0..<6 {
            let x = rng.double(in: 0..<Swift.max(1, size.width)), y = rng.double(in: 0..<Swift.max(1, size.height))
            let r = Rect(x: x, y: y, width: rng.double(in: 0..<300), height: rng.double(in: 0..<300))
            XCTAssertEqual(
                try v.layoutAttributesForElements(in: r), try fv.layoutAttributesForElements(in: r), "\(what): \(r)")
        }
    }

    /// Random batch updates of items (deletes, inserts, moves within and across sections, a
    /// section emptied, reloads) over 40-160 sections, one to three sections at a time, with and
    /// without delegate answers, both scroll directions: after each, the layout equals a fresh
    /// one bit for bit, and every update took the partial path (most stopping after a few
    /// sections, some moving every later section).
    func testOneItemEditsAcrossManySectionsEqualAFreshLayout() throws {
        var rng = SplitMix64(seed: 0x5EC7)
        var expected = 0, restacked = 0, stoppedEarly = 0, movedTheRest = 0
        for round in 0..<16 {
            let s = Setup(horizontal: round % 2 == 1, delegate: round % 4 >= 2, cross: 100 + Double(round) / 3)
            let n = Int.random(in: 40...160, using: &rng)
            var sizes = (0..<n).map { _ in
                (0..<Int.random(in: 0...9, using: &rng)).map { _ in randomSize(&rng, s) }
            }
            if !s.delegate {
                // Without a delegate every item has the layout's size: only the counts matter.
                sizes = sizes.map { $0.map { _ in Self.itemSize } }
            }
            let insets = (0..<n).map { k in
                EdgeInsets(top: Double(k % 3) / 3, left: 0.25, bottom: Double(k % 7) / 7, right: 1.0 / 3.0)
            }
            let headers = (0..<n).map { k in Double(k % 5) * 1.1 }
            let host = Host(sizes: sizes, insets: insets, headers: headers)
            let ds = StaticDataSource(sizes.map(\.count))
            let (view, flow) = try makeView(s, host, ds)
            for e in 0..<12 {
                var u = BatchUpdate()
                var touched = Set<Int>()
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    var k = Int.random(in: 0..<n, using: &rng)
                    if s.delegate, Bool.random(using: &rng) {
                        // The section of the item that sticks out most (the content's cross size).
                        let across = host.sizes.map { $0.map { s.horizontal ? $0.height : $0.width }.max() ?? 0 }
                        k = across.indices.max { across[$0] < across[$1] } ?? k
                    }
                    guard !touched.contains(k) else { continue }
                    touched.insert(k)
                    let count = host.sizes[k].count
                    switch Int.random(in: 0..<5, using: &rng) {
                    case 0 where count > 0:
                        let i = Int.random(in: 0..<count, using: &rng)
                        host.sizes[k].remove(at: i)
                        u.deleteItems([IP(section: k, item: i)])
                    case 1 where count > 1:
                        // A move inside the section: counts kept, sizes reordered.
                        let i = Int.random(in: 0..<count, using: &rng), j = Int.random(in: 0..<count, using: &rng)
                        let moved = host.sizes[k].remove(at: i)
                        host.sizes[k].insert(moved, at: j)
                        u.moveItem(from: IP(section: k, item: i), to: IP(section: k, item: j))
                    case 2 where count > 0:
                        // The section emptied.
                        u.deleteItems((0..<count).map { IP(section: k, item: $0) })
                        host.sizes[k] = []
                    case 3 where count > 0:
                        let i = Int.random(in: 0..<count, using: &rng)
                        if s.delegate { host.sizes[k][i] = randomSize(&rng, s) }
                        u.reloadItems([IP(section: k, item: i)])
                    default:
                        let i = Int.random(in: 0...count, using: &rng)
                        host.sizes[k].insert(s.delegate ? randomSize(&rng, s) : Self.itemSize, at: i)
                        u.insertItems([IP(section: k, item: i)])
                    }
                }
                let countsChanged = host.sizes.map(\.count) != ds.counts
                ds.counts = host.sizes.map(\.count)
                let before = (flow.partialRestacks, flow.sectionsRestacked)
                try view.performBatchUpdates(u, animation: nil)
                let what = "round \(round) edit \(e)"
                try assertSameAsFresh(view, flow, s, host, &rng, what)
                if flow.partialRestacks > before.0 {
                    let moved = flow.sectionsRestacked - before.1
                    restacked += 1
                    if moved <= 3 * touched.count { stoppedEarly += 1 }
                    if moved > n / 2 { movedTheRest += 1 }
                }
                // With a delegate every touched section is laid out again; without, those whose
                // count changed.
                if s.delegate || countsChanged { expected += 1 }
            }
        }
        // Each of those edits restacked partially, some stopping at once, some moving the
        // sections after them.
        XCTAssertEqual(restacked, expected)
        XCTAssertGreaterThan(stoppedEarly, 20)
        XCTAssertGreaterThan(movedTheRest, 5)
    }

    /// UIKit's count check and the index-path mapping over 1-300 sections: random item deletes,
    /// inserts, a move across two sections and section reloads in a few sections, the new counts
    /// sometimes wrong in a section or two. The plan fails exactly when a section that is not
    /// reloaded holds the wrong count, naming the first such section (the model's brute-force
    /// scan), whether the view's path (counts known valid) or the public one builds it; a valid
    /// plan maps every old and new index path as the model does. Few sections with requests
    /// among many take the comparison eight sections at a time and the sorted list of changed
    /// sections; many among few, the per-section table: both are checked.
    func testTheCountCheckAndMappingOverManySectionsMatchAModel() throws {
        var rng = SplitMix64(seed: 0xC0C7)
        var failed = 0, mapped = 0
        for round in 0..<400 {
            let n = round % 4 == 0 ? Int.random(in: 1...15, using: &rng) : Int.random(in: 16...300, using: &rng)
            let old = (0..<n).map { _ in Int.random(in: 0...12, using: &rng) }
            var consistent = old
            var u = BatchUpdate()
            var used = Set<Int>(), reloaded = Set<Int>()
            var deleted: [Int: Set<Int>] = [:], inserted: [Int: Set<Int>] = [:]
            var move: (from: IP, to: IP)?
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                let t = Int.random(in: 0..<n, using: &rng)
                guard used.insert(t).inserted else { continue }
                switch Int.random(in: 0..<3, using: &rng) {
                case 0 where old[t] > 0:
                    let d = Set(
                        (0..<Int.random(in: 1...Swift.min(3, old[t]), using: &rng)).map { _ in
                            Int.random(in: 0..<old[t], using: &rng)
                        })
                    deleted[t] = d
                    u.deleteItems(d.map { IP(section: t, item: $0) })
                    consistent[t] -= d.count
                case 2:
                    u.reloadSections([t])
                    reloaded.insert(t)
                    consistent[t] = Int.random(in: 0...12, using: &rng)
                default:
                    let c = Int.random(in: 1...3, using: &rng)
                    consistent[t] += c
                    let at = Set((0..<consistent[t]).shuffled(using: &rng).prefix(c))
                    inserted[t] = at
                    u.insertItems(at.map { IP(section: t, item: $0) })
                }
            }
            let a = Int.random(in: 0..<n, using: &rng), b = Int.random(in: 0..<n, using: &rng)
            if n > 1, a != b, !used.contains(a), !used.contains(b), old[a] > 0, Bool.random(using: &rng) {
                consistent[a] -= 1
                consistent[b] += 1
                let m = (
                    from: IP(section: a, item: Int.random(in: 0..<old[a], using: &rng)),
                    to: IP(section: b, item: Int.random(in: 0..<consistent[b], using: &rng))
                )
                u.moveItem(from: m.from, to: m.to)
                move = m
            }
            var new = consistent
            if Int.random(in: 0..<5, using: &rng) < 3 {
                for _ in 0..<Int.random(in: 1...2, using: &rng) {
                    // (Not where an insert or the move lands: its range check would fail first.)
                    let t = Int.random(in: 0..<n, using: &rng)
                    guard inserted[t] == nil, move?.to.section != t else { continue }
                    new[t] = Swift.max(0, new[t] + Int.random(in: -2...3, using: &rng))
                }
            }
            let wrong = (0..<n).first { new[$0] != consistent[$0] && !reloaded.contains($0) }
            for checked in [false, true] {
                do {
                    let plan = try UpdatePlan.make(update: u, oldCounts: old, newCounts: new, countsChecked: checked)
                    XCTAssertNil(wrong, "round \(round): section \(wrong ?? -1) holds a wrong count")
                    // The model's mapping: survivors fill the places not fixed by inserts and the
                    // move's destination, in order.
                    for t in 0..<n where !reloaded.contains(t) {
                        var fixed = inserted[t] ?? []
                        if let move, move.to.section == t { fixed.insert(move.to.item) }
                        let survivors = (0..<old[t]).filter { i in
                            !(deleted[t]?.contains(i) ?? false)
                                && move.map { $0.from != IP(section: t, item: i) } ?? true
                        }
                        var next = 0
                        for j in 0..<new[t] {
                            let p = IP(section: t, item: j)
                            if fixed.contains(j) {
                                let from = move.flatMap { $0.to == p ? $0.from : nil }
                                XCTAssertEqual(plan.oldIndexPath(forNew: p), from, "round \(round): \(p)")
                                continue
                            }
                            let o = IP(section: t, item: survivors[next])
                            next += 1
                            XCTAssertEqual(plan.oldIndexPath(forNew: p), o, "round \(round): new \(p)")
                            XCTAssertEqual(plan.newIndexPath(forOld: o), p, "round \(round): old \(o)")
                        }
                        XCTAssertEqual(next, survivors.count, "round \(round): section \(t)")
                        for i in deleted[t] ?? [] {
                            XCTAssertNil(plan.newIndexPath(forOld: IP(section: t, item: i)), "round \(round)")
                        }
                    }
                    for t in reloaded {
                        for i in 0..<old[t] { XCTAssertNil(plan.newIndexPath(forOld: IP(section: t, item: i))) }
                    }
                    if let move { XCTAssertEqual(plan.newIndexPath(forOld: move.from), move.to) }
                    mapped += 1
                } catch let e as LayoutError {
                    let t = try XCTUnwrap(wrong, "round \(round): \(e.message)")
                    XCTAssertEqual(e.code, .inconsistentUpdate)
                    XCTAssertTrue(
                        e.message.hasPrefix(
                            "Invalid update: invalid number of items in section \(t).  The number of items contained "
                                + "in an existing section after the update (\(new[t])) must be equal to the number of "
                                + "items contained in that section before the update (\(old[t]))"),
                        "round \(round): \(e.message)")
                    failed += 1
                }
            }
        }
        XCTAssertGreaterThan(failed, 200)
        XCTAssertGreaterThan(mapped, 200)
    }
}
