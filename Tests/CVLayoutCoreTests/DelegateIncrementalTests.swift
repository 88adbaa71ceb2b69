import XCTest

@testable import CVLayoutCore

/// Batch updates on a flow layout with delegate answers (issue 32): the delegate is asked again
/// only about the sections the update names, a section with bulk sizes edited by range is laid
/// out again only from the edit, and the frames equal a layout built afresh.
final class DelegateIncrementalTests: XCTestCase {
    /// Counts the section questions it is asked, per section.
    final class Counting: FlowLayoutDelegate {
        var methods: FlowDelegateMethods = [.insetForSection, .minimumLineSpacingForSection]
        var implementedMethods: FlowDelegateMethods { methods }
        var insetCalls: [Int: Int] = [:]
        var sizeCalls: [Int: Int] = [:]
        /// The items' sizes by section (the host's model: an item keeps its size when others
        /// are inserted before it).
        var model: [[Size]] = []
        func flowLayout(_ layout: FlowLayout, insetForSectionAt section: Int) throws -> EdgeInsets {
            insetCalls[section, default: 0] += 1
            return EdgeInsets(top: Double(section), left: 3, bottom: 2, right: 1)
        }
        func flowLayout(_ layout: FlowLayout, minimumLineSpacingForSectionAt section: Int) throws -> Double {
            Double(section + 2)
        }
        func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: CVLayoutCore.IndexPath) throws -> Size {
            sizeCalls[indexPath.section, default: 0] += 1
            return model[indexPath.section][indexPath.item]
        }
        func flowLayout(_ layout: FlowLayout, minimumInteritemSpacingForSectionAt section: Int) throws -> Double { 4 }
        func flowLayout(_ layout: FlowLayout, referenceSizeForHeaderInSection section: Int) throws -> Size { .zero }
        func flowLayout(_ layout: FlowLayout, referenceSizeForFooterInSection section: Int) throws -> Size { .zero }
    }

    private func sizes(_ n: Int, _ seed: UInt64) -> [Size] {
        var g = SplitMix64(seed: seed)
        return (0..<n).map { _ in Size(width: Double(10 + g.int(below: 60)), height: Double(5 + g.int(below: 30))) }
    }

    private func fresh(_ model: [[Size]], _ methods: FlowDelegateMethods) throws -> (CollectionView, FlowLayout) {
        let f = FlowLayout()
        let d = Counting()
        d.methods = methods
        d.model = model
        f.delegate = d
        if !methods.contains(.sizeForItem) {
            for (s, m) in model.enumerated() { try f.setItemSizes(m, forSection: s) }
        }
        let v = try CollectionView(dataSource: StaticDataSource(model.map(\.count)), layout: f)
        try v.setBoundsSize(Size(width: 400, height: 300))
        try v.layoutIfNeeded()
        return (v, f)
    }

    private func assertSame(_ f: FlowLayout, _ g: FlowLayout, _ counts: [Int], _ what: String) {
        for (s, n) in counts.enumerated() {
            for i in 0..<n {
                let ip = CVLayoutCore.IndexPath(section: s, item: i)
                XCTAssertEqual(f.frameForItem(at: ip), g.frameForItem(at: ip), "\(what) \(ip)")
            }
        }
    }

    /// Bulk sizes and section delegates: one-item edits ask only the touched section's metrics
    /// and lay out only from the edit.
    func testBulkSizesWithSectionDelegatesStayIncremental() throws {
        var model = [sizes(3000, 1), sizes(3000, 2), sizes(3000, 3)]
        let methods: FlowDelegateMethods = [.insetForSection, .minimumLineSpacingForSection]
        let (v, f) = try fresh(model, methods)
        let d = try XCTUnwrap(f.delegate as? Counting)
        let ds = try XCTUnwrap(v.dataSource as? StaticDataSource)
        var g = SplitMix64(seed: 9)
        for step in 0..<12 {
            d.insetCalls = [:]
            let before = f.incrementalLayouts
            let s = g.int(below: 3), i = g.int(below: model[s].count - 1)
            var u = BatchUpdate()
            switch step % 3 {
            case 0:  // delete
                try f.replaceItemSizes(inSection: s, start: i, removeCount: 1, with: [])
                model[s].remove(at: i)
                u.deleteItems([CVLayoutCore.IndexPath(section: s, item: i)])
            case 1:  // insert
                let z = Size(width: 44, height: 17)
                try f.replaceItemSizes(inSection: s, start: i, removeCount: 0, with: [z])
                model[s].insert(z, at: i)
                u.insertItems([CVLayoutCore.IndexPath(section: s, item: i)])
            default:  // move within the section
                let j = g.int(below: model[s].count)
                let m = model[s].remove(at: i)
                model[s].insert(m, at: j)
                try f.setItemSizes(model[s], forSection: s)
                u.moveItem(
                    from: CVLayoutCore.IndexPath(section: s, item: i), to: CVLayoutCore.IndexPath(section: s, item: j))
            }
            ds.counts = model.map(\.count)
            try v.performBatchUpdates(u, animation: nil)
            XCTAssertEqual(d.insetCalls, [s: 1], "step \(step): only the touched section is asked")
            if step % 3 != 2 {
                XCTAssertEqual(f.incrementalLayouts, before + 1, "step \(step): laid out from the edit")
            }
            let (v2, g2) = try fresh(model, methods)
            assertSame(f, g2, model.map(\.count), "step \(step)")
            XCTAssertEqual(try v.contentSize(), try v2.contentSize(), "step \(step)")
        }
    }

    /// Sizes from the delegate: an insert asks the inserted item's size only, and the metrics of
    /// its section only; the other sections are not asked anything.
    func testSizeDelegateAsksOnlyTheTouchedSection() throws {
        var model = [sizes(200, 4), sizes(300, 5), sizes(100, 6)]
        var counts: [Int] { model.map(\.count) }
        let methods: FlowDelegateMethods = [.insetForSection, .sizeForItem]
        let (v, f) = try fresh(model, methods)
        let d = try XCTUnwrap(f.delegate as? Counting)
        let ds = try XCTUnwrap(v.dataSource as? StaticDataSource)
        d.insetCalls = [:]
        d.sizeCalls = [:]
        model[1].insert(Size(width: 31, height: 12), at: 17)
        d.model = model
        ds.counts = counts
        var u = BatchUpdate()
        u.insertItems([CVLayoutCore.IndexPath(section: 1, item: 17)])
        try v.performBatchUpdates(u, animation: nil)
        XCTAssertEqual(d.insetCalls, [1: 1])
        XCTAssertEqual(d.sizeCalls, [1: 1])
        let (v2, g2) = try fresh(model, methods)
        assertSame(f, g2, counts, "insert")
        XCTAssertEqual(try v.contentSize(), try v2.contentSize())
        var sectionCounts = counts
        // A section update (insert a section) asks everything again, as before.
        sectionCounts.insert(5, at: 0)
        d.model.insert(sizes(5, 7), at: 0)
        ds.counts = sectionCounts
        d.insetCalls = [:]
        var w = BatchUpdate()
        w.insertSections([0])
        try v.performBatchUpdates(w, animation: nil)
        XCTAssertEqual(d.insetCalls.count, 4)
    }
}
