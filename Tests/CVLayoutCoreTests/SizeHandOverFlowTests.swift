import XCTest

@testable import CVLayoutCore

/// `setItemSizes` of a section that has bulk sizes of the same count (issue 32): the same sizes
/// change nothing; sizes differing in one range re-lay out only the lines around it; either way
/// every frame equals a fresh layout of the new sizes, bit for bit.
final class SizeHandOverFlowTests: XCTestCase {
    private typealias IP = CVLayoutCore.IndexPath

    private func make(_ model: [[Size]]) throws -> (CollectionView, FlowLayout) {
        let flow = FlowLayout()
        for (k, sizes) in model.enumerated() { try flow.setItemSizes(sizes, forSection: k) }
        let v = try CollectionView(dataSource: StaticDataSource(model.map(\.count)), layout: flow)
        try v.setBoundsSize(Size(width: 320, height: 600))
        _ = try v.contentSize()
        return (v, flow)
    }

    private func assertSameAsFresh(_ v: CollectionView, _ flow: FlowLayout, _ model: [[Size]], _ what: String) throws {
        let (fv, fresh) = try make(model)
        XCTAssertEqual(try v.contentSize(), try fv.contentSize(), what)
        for (s, sizes) in model.enumerated() {
            for i in 0..<sizes.count {
                let ip = IP(section: s, item: i)
                XCTAssertEqual(flow.frameForItem(at: ip), fresh.frameForItem(at: ip), "\(what): item \(ip)")
            }
        }
    }

    func testTheSameSizesChangeNothingAndAChangedRangeReLaysOnlyItsLines() throws {
        var rng = SplitMix64(seed: 32)
        // 3000 items of 40...140 points on 320 points: about 1000 lines, chunks of 512 sizes.
        var model = [
            (0..<3000).map { _ in
                Size(
                    width: Double(Int.random(in: 40...140, using: &rng)),
                    height: Double(Int.random(in: 10...60, using: &rng)))
            }
        ]
        let (v, flow) = try make(model)
        let before = (flow.incrementalLayouts, flow.incrementalLinesBroken)
        try flow.setItemSizes(model[0], forSection: 0)
        try assertSameAsFresh(v, flow, model, "the same sizes")
        XCTAssertEqual(flow.incrementalLayouts, before.0, "nothing laid out again")
        XCTAssertEqual(flow.itemSizes(forSection: 0), model[0])

        // Items 1500 and 1503 change: the lines around them only.
        model[0][1500] = Size(width: 200, height: 33)
        model[0][1503] = Size(width: 41, height: 12)
        try flow.setItemSizes(model[0], forSection: 0)
        try assertSameAsFresh(v, flow, model, "two sizes changed")
        XCTAssertEqual(flow.incrementalLayouts, before.0 + 1)
        XCTAssertLessThan(flow.incrementalLinesBroken - before.1, 20)
    }

    func testRandomHandOversEqualAFreshLayout() throws {
        var rng = SplitMix64(seed: 7)
        func size() -> Size {
            Size(
                width: Double(Int.random(in: 0...330, using: &rng)) / 2,
                height: Double(Int.random(in: 1...40, using: &rng)))
        }
        var model = [(0..<700).map { _ in size() }, (0..<1200).map { _ in size() }]
        let (v, flow) = try make(model)
        for step in 0..<40 {
            let s = Int.random(in: 0..<2, using: &rng)
            let n = model[s].count
            let a = Int.random(in: 0..<n, using: &rng), b = Swift.min(n, a + Int.random(in: 0...600, using: &rng))
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: break  // the same sizes
            case 1: for i in a..<b { model[s][i] = size() }
            case 2: for i in a..<b { model[s][i] = model[s][a] }  // a run of equal sizes
            default: model[s][a] = Size(width: -0.0, height: model[s][a].height)  // other bits, same value
            }
            try flow.setItemSizes(model[s], forSection: s)
            try assertSameAsFresh(v, flow, model, "seed 7 step \(step) section \(s) \(a)..<\(b)")
        }
        XCTAssertGreaterThan(flow.incrementalLayouts, 10)
    }

    func testABadSizeInAChangedRangeChangesNothing() throws {
        let model = [(0..<900).map { Size(width: Double(30 + $0 % 50), height: 20) }]
        let (v, flow) = try make(model)
        var bad = model[0]
        bad[600] = Size(width: .nan, height: 20)
        XCTAssertThrowsError(try flow.setItemSizes(bad, forSection: 0))
        XCTAssertEqual(flow.itemSizes(forSection: 0), model[0])
        try assertSameAsFresh(v, flow, model, "after the failed hand-over")
    }
}
