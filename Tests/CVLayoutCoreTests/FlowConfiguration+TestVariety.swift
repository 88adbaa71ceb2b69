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
