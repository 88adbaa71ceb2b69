import XCTest

@testable import CVLayoutCore

/// A batch update of items on a flow layout with delegate answers (issue 32): the delegate is asked
/// again only for the sections the update touches (their metrics) and only for the sizes of the
/// inserted and reloaded items (include/cvlayout.h, "What a batch update asks the delegate
/// again"); the frames after each update equal a fresh layout of the same model.
final class DelegateBatchUpdateFlowTests: XCTestCase {
    private typealias IP = CVLayoutCore.IndexPath

    /// The host's model as a delegate: item sizes per section, and section metrics that depend on
    /// the section's item count when `countDependent` (so that asking a touched section again is
    /// visible in the frames; a section whose metrics changed is laid out again from scratch).
    private final class Host: FlowLayoutDelegate {
        var model: [[Size]]
        let methods: FlowDelegateMethods
        let countDependent: Bool
        var sizeCalls: [IP] = []
        var sectionCalls: [String: [Int]] = [:]
        init(_ model: [[Size]], _ methods: FlowDelegateMethods, countDependent: Bool) {
            self.model = model
            self.methods = methods
            self.countDependent = countDependent
        }
        private func count(_ s: Int) -> Int { countDependent ? model[s].count : 7 }
        var implementedMethods: FlowDelegateMethods { methods }
        func reset() { sizeCalls = []; sectionCalls = [:] }
        private func note(_ m: String, _ s: Int) { sectionCalls[m, default: []].append(s) }
        func flowLayout(_ layout: FlowLayout, sizeForItemAt ip: IP) throws -> Size {
            sizeCalls.append(ip)
            return model[ip.section][ip.item]
        }
        func flowLayout(_ layout: FlowLayout, insetForSectionAt s: Int) throws -> EdgeInsets {
            note("inset", s)
            let k = Double(count(s) % 5)
            return EdgeInsets(top: k, left: 2 * k, bottom: 1, right: k)
        }
        func flowLayout(_ layout: FlowLayout, minimumLineSpacingForSectionAt s: Int) throws -> Double {
            note("line", s)
            return Double(4 + count(s) % 3)
        }
        func flowLayout(_ layout: FlowLayout, minimumInteritemSpacingForSectionAt s: Int) throws -> Double {
            note("interitem", s)
            return Double(2 + count(s) % 4)
        }
        func flowLayout(_ layout: FlowLayout, referenceSizeForHeaderInSection s: Int) throws -> Size {
            note("header", s)
            return Size(width: 300, height: Double(10 + count(s) % 2))
        }
        func flowLayout(_ layout: FlowLayout, referenceSizeForFooterInSection s: Int) throws -> Size {
            note("footer", s)
            return Size(width: 300, height: 3)
        }
    }

    /// A view over `host` (`bulk`: the sizes handed over in bulk, not asked).
    private func make(_ host: Host, bulk: Bool) throws -> (CollectionView, FlowLayout, StaticDataSource) {
        let flow = FlowLayout()
        try flow.configure {
            $0.minimumLineSpacing = 10
            $0.minimumInteritemSpacing = 10
        }
        if bulk { for (k, sizes) in host.model.enumerated() { try flow.setItemSizes(sizes, forSection: k) } }
        flow.delegate = host
        let ds = StaticDataSource(host.model.map(\.count))
        let v = try CollectionView(dataSource: ds, layout: flow)
        try v.setBoundsSize(Size(width: 300, height: 800))
        _ = try v.contentSize()
        return (v, flow, ds)
    }

    /// Every item frame and the content size equal a fresh layout of `host.model`, bit for bit
    /// (every size, inset and spacing is a whole point).
    private func assertSameAsFresh(
        _ v: CollectionView, _ flow: FlowLayout, _ host: Host, bulk: Bool, _ what: String
    ) throws {
        let fresh = Host(host.model, host.methods, countDependent: host.countDependent)
        let (fv, fflow, _) = try make(fresh, bulk: bulk)
        XCTAssertEqual(try v.contentSize(), try fv.contentSize(), what)
        for (s, sizes) in host.model.enumerated() {
            for i in 0..<sizes.count {
                let ip = IP(section: s, item: i)
                XCTAssertEqual(flow.frameForItem(at: ip), fflow.frameForItem(at: ip), "\(what): item \(ip)")
            }
        }
    }

    private func sizes(_ n: Int, _ seed: Int) -> [Size] {
        (0..<n).map { Size(width: Double(20 + (seed * 31 + $0 * 17) % 90), height: Double(10 + ($0 * 7) % 40)) }
    }

    func testEachEditAsksOnlyTheTouchedSectionsAndTheNewItems() throws {
        let host = Host([sizes(50, 1), sizes(50, 2), sizes(50, 3)], .all, countDependent: false)
        let (v, flow, ds) = try make(host, bulk: false)
        let metrics = ["inset", "line", "interitem", "header", "footer"]
        func apply(
            _ what: String, sizes expected: [IP], sections: [Int], _ edit: (inout BatchUpdate) -> Void
        ) throws {
            host.reset()
            var u = BatchUpdate()
            edit(&u)
            ds.counts = host.model.map(\.count)
            let before = flow.incrementalLayouts
            try v.performBatchUpdates(u, animation: nil)
            XCTAssertEqual(host.sizeCalls, expected, "\(what): sizes asked")
            for m in metrics {
                XCTAssertEqual(host.sectionCalls[m, default: []].sorted(), sections, "\(what): \(m) asked")
            }
            XCTAssertEqual(flow.incrementalLayouts - before, sections.count, "\(what): re-laid from the old lines")
            try assertSameAsFresh(v, flow, host, bulk: false, what)
        }
        try apply("delete (1, 10)", sizes: [], sections: [1]) { u in
            host.model[1].remove(at: 10)
            u.deleteItems([IP(section: 1, item: 10)])
        }
        try apply("insert (2, 0)", sizes: [IP(section: 2, item: 0)], sections: [2]) { u in
            host.model[2].insert(Size(width: 77, height: 33), at: 0)
            u.insertItems([IP(section: 2, item: 0)])
        }
        try apply("append (0, 50)", sizes: [IP(section: 0, item: 50)], sections: [0]) { u in
            host.model[0].append(Size(width: 60, height: 21))
            u.insertItems([IP(section: 0, item: 50)])
        }
        try apply("reload (0, 5)", sizes: [IP(section: 0, item: 5)], sections: [0]) { u in
            host.model[0][5] = Size(width: 99, height: 44)
            u.reloadItems([IP(section: 0, item: 5)])
        }
        try apply("move (1, 3) -> (1, 40)", sizes: [], sections: [1]) { u in
            let m = host.model[1].remove(at: 3)
            host.model[1].insert(m, at: 40)
            u.moveItem(from: IP(section: 1, item: 3), to: IP(section: 1, item: 40))
        }
        try apply("move (0, 3) -> (2, 7)", sizes: [], sections: [0, 2]) { u in
            let m = host.model[0].remove(at: 3)
            host.model[2].insert(m, at: 7)
            u.moveItem(from: IP(section: 0, item: 3), to: IP(section: 2, item: 7))
        }
    }

    func testAnInvalidatedItemInATouchedSectionIsAskedWithTheWholeSection() throws {
        let host = Host([sizes(40, 1), sizes(40, 2)], .all, countDependent: false)
        let (v, flow, ds) = try make(host, bulk: false)
        host.model[0][5] = Size(width: 150, height: 55)
        v.invalidateLayout(.items([IP(section: 0, item: 5)]))
        host.model[0].insert(Size(width: 70, height: 20), at: 0)
        ds.counts = host.model.map(\.count)
        host.reset()
        var u = BatchUpdate()
        u.insertItems([IP(section: 0, item: 0)])
        try v.performBatchUpdates(u, animation: nil)
        XCTAssertEqual(host.sizeCalls.count, 41, "section 0 asked again whole")
        XCTAssertEqual(host.sectionCalls["inset", default: []], [0])
        try assertSameAsFresh(v, flow, host, bulk: false, "an invalidated item, then an insert")
    }

    func testAnInsetOnlyDelegateWithBulkSizesReLaysOnlyTheEditedLines() throws {
        let host = Host([sizes(400, 1), sizes(30, 2)], [.insetForSection], countDependent: false)
        let (v, flow, ds) = try make(host, bulk: true)
        host.reset()
        host.model[0].remove(at: 200)
        try flow.replaceItemSizes(inSection: 0, start: 200, removeCount: 1, with: [])
        ds.counts = host.model.map(\.count)
        var u = BatchUpdate()
        u.deleteItems([IP(section: 0, item: 200)])
        let before = (flow.incrementalLayouts, flow.incrementalLinesBroken)
        try v.performBatchUpdates(u, animation: nil)
        XCTAssertEqual(host.sectionCalls["inset"], [0])
        XCTAssertEqual(host.sizeCalls, [])
        XCTAssertEqual(flow.incrementalLayouts - before.0, 1)
        // 400 items of 20...109 points plus spacing on 300 points: over 100 lines; a delete
        // re-breaks a handful of them.
        XCTAssertLessThan(flow.incrementalLinesBroken - before.1, 20)
        try assertSameAsFresh(v, flow, host, bulk: true, "delete (0, 200)")
    }

    func testRandomEditSequencesEqualAFreshLayout() throws {
        for (seed, bulk, methods) in [
            (1, false, FlowDelegateMethods.all), (2, false, .all), (3, true, [.insetForSection]),
            (4, true, [.insetForSection, .referenceSizeForHeader, .minimumLineSpacingForSection]),
        ] as [(UInt64, Bool, FlowDelegateMethods)] {
            var rng = SplitMix64(seed: seed)
            let host = Host(
                (0..<3).map { sizes(Int.random(in: 0...60, using: &rng), $0) }, methods, countDependent: seed % 2 == 1)
            let (v, flow, ds) = try make(host, bulk: bulk)
            func randomSize() -> Size {
                Size(
                    width: Double(Int.random(in: 10...140, using: &rng)),
                    height: Double(Int.random(in: 5...50, using: &rng)))
            }
            for step in 0..<60 {
                var u = BatchUpdate()
                let k = Int.random(in: 0..<3, using: &rng), n = host.model[k].count
                var what = "seed \(seed) step \(step) section \(k) n \(n): "
                switch n == 0 ? 0 : Int.random(in: 0..<6, using: &rng) {
                case 0, 1:  // insert (at 0, at the end or anywhere)
                    let at = [0, n, Int.random(in: 0...n, using: &rng)][Int.random(in: 0..<3, using: &rng)]
                    let size = randomSize()
                    what += "insert at \(at)"
                    host.model[k].insert(size, at: at)
                    if bulk { try flow.replaceItemSizes(inSection: k, start: at, removeCount: 0, with: [size]) }
                    u.insertItems([IP(section: k, item: at)])
                case 2:  // delete
                    let at = Int.random(in: 0..<n, using: &rng)
                    what += "delete \(at)"
                    host.model[k].remove(at: at)
                    if bulk { try flow.replaceItemSizes(inSection: k, start: at, removeCount: 1, with: []) }
                    u.deleteItems([IP(section: k, item: at)])
                case 3:  // reload (a change)
                    let at = Int.random(in: 0..<n, using: &rng), size = randomSize()
                    what += "reload \(at)"
                    host.model[k][at] = size
                    if bulk { try flow.replaceItemSizes(inSection: k, start: at, removeCount: 1, with: [size]) }
                    u.reloadItems([IP(section: k, item: at)])
                default:  // move, within the section or to another one
                    let from = Int.random(in: 0..<n, using: &rng), t = Int.random(in: 0..<3, using: &rng)
                    let size = host.model[k].remove(at: from)
                    let to = Int.random(in: 0...host.model[t].count, using: &rng)
                    what += "move \(from) to (\(t), \(to))"
                    host.model[t].insert(size, at: to)
                    if bulk {
                        try flow.replaceItemSizes(inSection: k, start: from, removeCount: 1, with: [])
                        try flow.replaceItemSizes(inSection: t, start: to, removeCount: 0, with: [size])
                    }
                    u.moveItem(from: IP(section: k, item: from), to: IP(section: t, item: to))
                }
                ds.counts = host.model.map(\.count)
                try v.performBatchUpdates(u, animation: nil)
                try assertSameAsFresh(v, flow, host, bulk: bulk, what)
            }
            // Re-laid from the old lines: every edit of a non-empty section whose metrics stay
            // (with count-dependent metrics, only reloads and moves inside a section).
            XCTAssertGreaterThan(flow.incrementalLayouts, host.countDependent ? 10 : 45, "seed \(seed)")
        }
    }
}
