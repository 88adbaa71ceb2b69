// The bulk item-count source (`cvl_view_set_item_counts_source`) against the per-section
// callbacks it replaces: two views of one host, one asking `number_of_items` a section, the other
// `item_counts` once, go through the same random edits, bad counts and failures; after each step
// their statuses, error messages, counts, content sizes and queried records are the same, bit for
// bit, and the counts are the host's model whenever the step succeeded.
import CCVLayout
import CVLayoutCore
import XCTest

@testable import CVLayout

/// The host: one table of counts both views report; `failing` makes the item-count callbacks fail.
private final class CountHost {
    var counts: [Int64] = []
    var failing = false
    var perSectionCalls = 0
    var bulkCalls = 0
    /// Whether the bulk callback writes only the entries that differ from what the buffer holds.
    var writeChangesOnly = false
}

private func host(_ c: UnsafeMutableRawPointer?) -> CountHost {
    Unmanaged<CountHost>.fromOpaque(c!).takeUnretainedValue()
}

private let hostSections: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<Int64>?) -> Int32 = {
    c, out in
    let h = host(c)
    out!.pointee = Int64(h.counts.count)
    return 0
}

private let hostItems: @convention(c) (UnsafeMutableRawPointer?, Int64, UnsafeMutablePointer<Int64>?) -> Int32 = {
    c, section, out in
    let h = host(c)
    h.perSectionCalls += 1
    if h.failing { return 4 }
    out!.pointee = h.counts[Int(section)]
    return 0
}

private let hostAllItems: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<Int64>?, Int) -> Int32 = {
    c, out, n in
    let h = host(c)
    h.bulkCalls += 1
    if h.failing { return 4 }
    for s in 0..<n where !h.writeChangesOnly || out![s] != h.counts[s] { out![s] = h.counts[s] }
    return 0
}

final class BulkItemCountsTests: XCTestCase {
    private func ok(_ status: Int32, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(status, CVL_OK, "\(what): \(String(cString: cvl_last_error_message()))", file: file, line: line)
    }

    private func makeFlow(vertical: Bool) -> OpaquePointer? {
        var layout: OpaquePointer?
        var cfg = cvl_flow_config()
        ok(cvl_flow_layout_create(&layout), "create")
        ok(cvl_flow_config_default(&cfg), "default")
        cfg.item_size = cvl_size(width: 30, height: 20)
        cfg.minimum_line_spacing = 3
        cfg.minimum_interitem_spacing = 2.5
        cfg.header_reference_size = cvl_size(width: 12, height: 10)
        cfg.section_inset = cvl_insets(top: 1, left: 2, bottom: 3, right: 4)
        if !vertical { cfg.scroll_direction = CVL_SCROLL_HORIZONTAL }
        ok(cvl_flow_layout_set_config(layout, &cfg), "config")
        return layout
    }

    /// Counts, content size and the records of a query at `offset`, as bytes.
    private func state(_ view: OpaquePointer?, _ offset: cvl_point) -> [UInt8] {
        var out: [UInt8] = []
        var n = 0
        _ = cvl_view_item_counts(view, nil, 0, &n)
        var counts = [Int64](repeating: 0, count: n)
        _ = counts.withUnsafeMutableBufferPointer { cvl_view_item_counts(view, $0.baseAddress, n, &n) }
        counts.withUnsafeBytes { out += $0 }
        var size = cvl_size()
        let status = cvl_view_content_size(view, &size)
        withUnsafeBytes(of: status) { out += $0 }
        withUnsafeBytes(of: size) { out += $0 }
        ok(cvl_view_set_content_offset(view, offset), "offset")
        var records = [cvl_attributes](repeating: cvl_attributes(), count: 512)
        var count = 0
        let q = records.withUnsafeMutableBufferPointer {
            cvl_view_visible_attributes(view, $0.baseAddress, 512, &count)
        }
        withUnsafeBytes(of: q) { out += $0 }
        records.prefix(count).withUnsafeBytes { out += $0 }
        return out
    }

    /// The same random steps on a per-section view and a bulk view of one host.
    func testBulkCountsGiveTheSameLayoutsAndErrorsAsPerSectionCallbacks() {
        var rng = ABIRandom(state: 0x5EC7_9)
        var steps = 0, failures = 0, edits = 0
        for round in 0..<24 {
            let h = CountHost()
            h.writeChangesOnly = round % 2 == 1
            h.counts = (0..<(1 + rng.below(40))).map { _ in Int64(rng.below(9)) }
            let ctx = Unmanaged.passRetained(h).toOpaque()
            defer { Unmanaged<CountHost>.fromOpaque(ctx).release() }
            var src = cvl_data_source(context: ctx, number_of_sections: hostSections, number_of_items: hostItems)
            var a: OpaquePointer?, b: OpaquePointer?
            let la = makeFlow(vertical: round % 3 != 0), lb = makeFlow(vertical: round % 3 != 0)
            ok(cvl_view_create(&src, la, &a), "create a")
            ok(cvl_view_create(&src, lb, &b), "create b")
            _ = cvl_layout_destroy(la)
            _ = cvl_layout_destroy(lb)
            var bulk = cvl_item_counts_source(context: ctx, item_counts: hostAllItems)
            ok(cvl_view_set_item_counts_source(b, &bulk), "set bulk")
            for v in [a, b] { ok(cvl_view_set_bounds_size(v, cvl_size(width: 200, height: 150)), "bounds") }
            for _ in 0..<30 {
                steps += 1
                let saved = h.counts
                let kind = rng.below(10)
                var updates: [cvl_update_item] = []
                var expectOK = true
                switch kind {
                case 0...4:  // a valid batch update of one to three item changes
                    for _ in 0..<(1 + rng.below(3)) {
                        let s = rng.below(h.counts.count)
                        guard !updates.contains(where: { $0.before.section == s || $0.after.section == s }) else {
                            continue
                        }
                        var u = cvl_update_item()
                        u.before = cvl_index_path(section: -1, item: -1)
                        u.after = cvl_index_path(section: -1, item: -1)
                        if h.counts[s] > 0 && rng.below(2) == 0 {
                            u.action = CVL_UPDATE_DELETE
                            u.before = cvl_index_path(section: Int64(s), item: Int64(rng.below(Int(h.counts[s]))))
                            h.counts[s] -= 1
                        } else {
                            u.action = CVL_UPDATE_INSERT
                            u.after = cvl_index_path(section: Int64(s), item: Int64(rng.below(Int(h.counts[s]) + 1)))
                            h.counts[s] += 1
                        }
                        updates.append(u)
                    }
                    edits += 1
                case 5:  // a count that does not match the update (UIKit's invalid update)
                    h.counts[rng.below(h.counts.count)] += 1
                    expectOK = false
                case 6:  // a negative count, or too many items in all, somewhere
                    let s = rng.below(h.counts.count)
                    if rng.below(2) == 0 {
                        h.counts[s] = -1 - Int64(rng.below(5))
                    } else if h.counts.count > 1 {
                        h.counts[s] = Int64(CVL_MAX_ITEMS) - Int64(rng.below(2))
                        h.counts[(s + 1 + rng.below(h.counts.count - 1)) % h.counts.count] += 2
                    } else {
                        h.counts[s] = Int64(CVL_MAX_ITEMS) + 1
                    }
                    if rng.below(2) == 0 { h.counts[rng.below(h.counts.count)] = -1 }
                    expectOK = false
                case 7:  // the callbacks fail
                    h.failing = true
                    expectOK = false
                default:  // new counts, maybe another number of sections
                    if rng.below(2) == 0 { h.counts.append(Int64(rng.below(5))) }
                    if rng.below(3) == 0 && h.counts.count > 1 { h.counts.removeLast() }
                    h.counts[rng.below(h.counts.count)] = Int64(rng.below(12))
                }
                var ra: Int32 = 0, rb: Int32 = 0
                var ma = "", mb = ""
                for (v, isA) in [(a, true), (b, false)] {
                    let r: Int32
                    if kind <= 5 {
                        r = updates.withUnsafeBufferPointer {
                            cvl_view_perform_batch_updates(v, $0.baseAddress, $0.count, nil)
                        }
                    } else if kind == 8 {
                        r = cvl_view_invalidate_layout(v, CVL_INVALIDATE_DATA_COUNTS, nil, 0)
                    } else {
                        r = cvl_view_reload_data(v)
                    }
                    let m = String(cString: cvl_last_error_message())
                    if isA { (ra, ma) = (r, m) } else { (rb, mb) = (r, m) }
                }
                XCTAssertEqual(ra, rb, "round \(round) step kind \(kind): \(ma) / \(mb)")
                if kind == 7 {
                    XCTAssertEqual(ra, CVL_ERROR_CALLBACK)
                    XCTAssertTrue(ma.hasPrefix("number_of_items(section 0) callback failed with status 4"), ma)
                    XCTAssertTrue(mb.hasPrefix("item_counts callback failed with status 4"), mb)
                } else {
                    // (The same message, naming the bulk callback where the other names
                    // number_of_items.)
                    XCTAssertEqual(
                        ma, mb.replacingOccurrences(of: "item_counts returned", with: "number_of_items returned"),
                        "round \(round) step kind \(kind)")
                    if ma.contains("number_of_items returned") {
                        XCTAssertTrue(mb.contains("item_counts returned"), mb)
                    }
                }
                XCTAssertEqual(ra == CVL_OK, expectOK, "round \(round) kind \(kind): \(ma)")
                if ra != CVL_OK {
                    failures += 1
                    h.counts = saved
                    h.failing = false
                }
                var n = 0
                var got = [Int64](repeating: -7, count: h.counts.count)
                let r = got.withUnsafeMutableBufferPointer { cvl_view_item_counts(b, $0.baseAddress, $0.count, &n) }
                XCTAssertEqual(r, CVL_OK)
                XCTAssertEqual(Array(got.prefix(n)), h.counts, "round \(round): the bulk view's counts are the model's")
                let offset = cvl_point(x: Double(rng.below(300)), y: Double(rng.below(600)))
                XCTAssertEqual(state(a, offset), state(b, offset), "round \(round) step kind \(kind)")
            }
            XCTAssertGreaterThan(h.bulkCalls, 0)
            ok(cvl_view_destroy(a), "destroy a")
            ok(cvl_view_destroy(b), "destroy b")
        }
        XCTAssertGreaterThan(failures, 100)
        XCTAssertGreaterThan(edits, 200)
        XCTAssertEqual(steps, 720)
    }
}
