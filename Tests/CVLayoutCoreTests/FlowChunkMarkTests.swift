import XCTest

@testable import CVLayoutCore

/// `FlowChunkReader.windowHasNoEmptySize`, the per-chunk mark the screenful's cells read to skip
/// the empty-size test: after any edit (an element written in place or in a copied chunk, a range
/// replaced in the array's own group or in new groups), in the array and in a copy made before
/// the edit that shares its chunks, every window's answer is the model's (no size in the
/// window's range with a side ≤ 0), asked twice (computed, then cached).
final class FlowChunkMarkTests: XCTestCase {
    func testAWindowsMarkFollowsItsSizesThroughEdits() {
        var rng = SplitMix64(seed: 26)
        let target = FlowChunkedArray<Size>.chunkTarget, groupChunks = FlowChunkedArray<Size>.groupTarget
        func size(empty: Bool) -> Size {
            let w = Double(Int.random(in: 1...200, using: &rng)), h = Double(Int.random(in: 1...200, using: &rng))
            guard empty else { return Size(width: w, height: h) }
            return Bool.random(using: &rng) ? Size(width: 0, height: h) : Size(width: w, height: -0.0)
        }
        var model = (0..<(2 * groupChunks * target + 300)).map { _ in size(empty: false) }
        var chunked = FlowChunkedArray(model)
        var answers = (yes: 0, no: 0)
        func check(_ array: FlowChunkedArray<Size>, _ sizes: [Size], _ what: String) {
            array.withReader { reader in
                for _ in 0..<60 {
                    let i = Int.random(in: 0..<sizes.count, using: &rng)
                    let w = reader.window(at: i)
                    let want = sizes[w.start..<w.end].allSatisfy { $0.width > 0 && $0.height > 0 }
                    let first = reader.windowHasNoEmptySize(), again = reader.windowHasNoEmptySize()
                    if first != want || again != want { XCTFail("\(what): item \(i), window \(w.start)..<\(w.end)") }
                    if want { answers.yes += 1 } else { answers.no += 1 }
                }
            }
        }
        for step in 0..<120 {
            do {
                let copy = chunked, copyModel = model  // shares the chunks and groups until written
                check(copy, copyModel, "step \(step), the copy before")
                switch step % 4 {
                case 0, 1:  // one element written (its chunk copied when the copy shares it, else in place)
                    for _ in 0..<(step % 4 == 0 ? 1 : 3) {
                        let i = Int.random(in: 0..<model.count, using: &rng)
                        let s = size(empty: Int.random(in: 0..<3, using: &rng) == 0)
                        chunked[i] = s
                        model[i] = s
                    }
                default:  // a range replaced (new chunks, in the array's own group or in new groups)
                    let n = model.count
                    let start = Int.random(in: 0...n, using: &rng)
                    let big = step % 8 == 2 ? 3 * target : 30
                    let removed = Int.random(in: 0...Swift.min(n - start, big), using: &rng)
                    let new = (0..<Int.random(in: 0...big, using: &rng)).map { _ in
                        size(empty: Int.random(in: 0..<50, using: &rng) == 0)
                    }
                    chunked.replaceSubrange(start, removing: removed, with: new)
                    model.replaceSubrange(start..<start + removed, with: new)
                }
                guard !model.isEmpty else { continue }
                check(chunked, model, "step \(step)")
                check(copy, copyModel, "step \(step), the copy after")
            }
            // Edits while the array alone holds its groups: an element written in place, one
            // replaced by a new chunk in its own group.
            if step % 3 == 0 {
                let i = Int.random(in: 0..<model.count, using: &rng)
                let s = size(empty: Bool.random(using: &rng))
                if Bool.random(using: &rng) {
                    chunked[i] = s
                } else {
                    chunked.replaceSubrange(i, removing: 1, with: [s])
                }
                model[i] = s
                check(chunked, model, "step \(step), alone")
            }
        }
        XCTAssertGreaterThan(answers.yes, 1000)
        XCTAssertGreaterThan(answers.no, 1000)
    }
}
