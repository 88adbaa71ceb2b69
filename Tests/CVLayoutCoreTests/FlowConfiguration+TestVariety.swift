@testable import CVLayoutCore

extension FlowConfiguration {
    /// The flow query tests' shared variety: a random item alignment, interitem spacing (0, 2.5
    /// or 10) and line spacing (0 or 3.25), drawn from `g` in that order.
    mutating func randomizeAlignmentAndSpacing(_ g: inout SplitMix64) {
        itemAlignment = FlowItemAlignment.allCases[g.int(below: 3)]
        minimumInteritemSpacing = [0, 2.5, 10][g.int(below: 3)]
        minimumLineSpacing = [0, 3.25][g.int(below: 2)]
    }
}

/// `n` random item sizes for the flow query tests: 20-60 across by 4-9 along the scroll axis of
/// `axis`, one in 40 empty across (0 by 8), drawn from `g` item by item.
func randomThinItemSizes(_ g: inout SplitMix64, count n: Int, axis: FlowAxis) -> [Size] {
    (0..<n).map { _ in
        let (m, c) = (g.double(in: 4..<9), g.double(in: 20..<60))
        let size = g.int(below: 40) == 0 ? Size(width: 0, height: 8) : Size(width: c, height: m)
        return axis.horizontal ? Size(width: size.height, height: size.width) : size
    }
}
