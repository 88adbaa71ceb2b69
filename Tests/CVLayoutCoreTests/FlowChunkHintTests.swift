import XCTest

@testable import CVLayoutCore

/// `FlowChunkReader.window(at:near:)`, the size table's window found from a hint (the place the
/// last query's reader left, `FlowLayout.sizeFinger`): a hint is never trusted, so whatever it
/// says (the current array's place, a place from before an edit, from another array, or
/// garbage) the window is the one `window(at:)` finds, and it reads the model's elements.
final class FlowChunkHintTests: XCTestCase {
    func testAnyHintGivesTheSearchedWindow() {
        var rng = SplitMix64(seed: 32)
        let target = FlowChunkedArray<Int>.chunkTarget, groupChunks = FlowChunkedArray<Int>.groupTarget
        var model = Array(0..<(4 * groupChunks * target + 77))
        var chunked = FlowChunkedArray(model)
        let other = FlowChunkedArray(Array(0..<(groupChunks * target / 2)))  // fewer groups and chunks
        XCTAssertGreaterThanOrEqual(chunked.groups.count, 4)
        var stale: [FlowChunkPlace] = []  // places readers left before the edits since
        var taken = (hint: 0, group: 0, stale: 0)  // hints whose chunk, or only group, holds the index
        for step in 0..<60 {
            // An edit that moves the chunks' and groups' bounds (the places before it go stale).
            let n = model.count
            let start = Int.random(in: 0...n, using: &rng)
            let big = step % 7 == 0 ? groupChunks * target : step % 3 == 0 ? 3 * target : 40
            let removed = Int.random(in: 0...Swift.min(n - start, big), using: &rng)
            let new = (0..<Int.random(in: 0...big, using: &rng)).map { -1_000_000 * (step + 1) - $0 }
            chunked.replaceSubrange(start, removing: removed, with: new)
            model.replaceSubrange(start..<start + removed, with: new)
            guard !model.isEmpty else { continue }
            let groups = chunked.tables.count
            chunked.withReader { plain in
                other.withReader { foreign in
                    for _ in 0..<200 {
                        let i = Int.random(in: 0..<model.count, using: &rng)
                        let want = plain.window(at: i)
                        // The hints: this array's place near i, a stale one, another array's, garbage.
                        let near = Int.random(
                            in: Swift.max(0, i - 2 * target)..<Swift.min(model.count, i + 2 * target), using: &rng)
                        _ = plain.window(at: near)
                        _ = foreign.window(at: Int.random(in: 0..<other.count, using: &rng))
                        let garbage = FlowChunkPlace(
                            group: Int.random(in: -2...(groups + 2), using: &rng),
                            chunk: Int.random(in: -2...(2 * groupChunks + 2), using: &rng))
                        var hints = [plain.place, foreign.place, garbage, FlowChunkPlace(group: .max, chunk: .min)]
                        if let s = stale.randomElement(using: &rng) { hints.append(s) }
                        for (h, hint) in hints.enumerated() {
                            var reader = chunked.withReader { $0 }
                            let got = reader.window(at: i, near: hint)
                            if got.pointer + got.start != want.pointer + want.start || got.start != want.start
                                || got.end != want.end || !got.contains(i) || got.pointer[i] != model[i]
                            {
                                XCTFail("step \(step), item \(i), hint \(h) (\(hint.group), \(hint.chunk))")
                            }
                            let again = reader.window(at: i, near: reader.place)
                            if again.start != want.start || again.end != want.end {
                                XCTFail("step \(step), item \(i): its own place")
                            }
                            if UInt(bitPattern: hint.group) < UInt(bitPattern: groups) {
                                let t = chunked.tables[hint.group]
                                let jj = i - t.start
                                if jj >= 0 && jj < t.count {
                                    taken.group += 1
                                    if hint.chunk >= 0 && hint.chunk < t.chunkCount && t.starts[hint.chunk] <= jj
                                        && jj < t.starts[hint.chunk + 1]
                                    {
                                        taken.hint += 1
                                    }
                                    if h == 4 { taken.stale += 1 }
                                }
                            }
                        }
                    }
                    stale.append(plain.place)
                    if stale.count > 8 { stale.removeFirst() }
                }
            }
        }
        // Each path was met often: the hint's chunk, its group only, and stale places taken.
        XCTAssertGreaterThan(taken.hint, 3000)
        XCTAssertGreaterThan(taken.group - taken.hint, 3000)
        XCTAssertGreaterThan(taken.stale, 1000)
    }
}
