import CCVLayout
import CVLayoutCore

// Identities and diffing. See include/cvlayout.h ("Identities and diffing").

/// `cvl_identifier_source` as an `IdentifierProvider`.
final class CIdentifierSource: IdentifierProvider {
    let source: cvl_identifier_source

    init(_ s: cvl_identifier_source) throws {
        guard s.item_identifier != nil else {
            throw LayoutError(.nullArgument, "identifier source item_identifier callback is NULL")
        }
        source = s
    }

    func itemIdentifier(at ip: IndexPath) throws -> UInt64 {
        guard let f = source.item_identifier else { return 0 }
        var id: UInt64 = 0
        try callC("item_identifier(\(ip))") { f(source.context, ip.c, &id) }
        return id
    }

    func sectionIdentifier(_ section: Int) throws -> UInt64? {
        guard let f = source.section_identifier else { return nil }
        var id: UInt64 = 0
        try callC("section_identifier(\(section))") { f(source.context, Int64(section), &id) }
        return id
    }
}

/// Copies a C snapshot, checking every pointer and size before reading or allocating.
/// - Complexity: O(S + N) time and memory.
private func readSnapshot(_ sections: UnsafePointer<cvl_section_snapshot>?, _ count: Int) throws -> Snapshot {
    guard count >= 0 else { throw LayoutError.invalid("section_count is negative") }
    guard count == 0 || sections != nil else {
        throw LayoutError(.nullArgument, "sections is NULL but section_count is \(count)")
    }
    guard count <= CollectionView.maxSections else {
        throw LayoutError(
            .overflow, "section_count \(count) is more than CVL_MAX_SECTIONS (\(CollectionView.maxSections))")
    }
    var total = 0
    for s in 0..<count {
        let sec = sections![s]
        guard sec.item_count >= 0, sec.item_count <= CollectionView.maxStoredItems else {
            throw LayoutError(
                .overflow,
                "sections[\(s)].item_count \(sec.item_count) is more than CVL_MAX_STORED_ITEMS "
                    + "(\(CollectionView.maxStoredItems))"
            )
        }
        guard sec.item_count == 0 || sec.item_ids != nil else {
            throw LayoutError(.nullArgument, "sections[\(s)].item_ids is NULL but item_count is \(sec.item_count)")
        }
        total += sec.item_count
        guard total <= CollectionView.maxStoredItems else {
            throw LayoutError(
                .overflow, "the snapshot holds more than CVL_MAX_STORED_ITEMS (\(CollectionView.maxStoredItems)) items")
        }
    }
    var ids: [UInt64] = [], items: [[UInt64]] = []
    ids.reserveCapacity(count)
    items.reserveCapacity(count)
    for s in 0..<count {
        let sec = sections![s]
        ids.append(sec.identifier)
        items.append(sec.item_count == 0 ? [] : Array(UnsafeBufferPointer(start: sec.item_ids, count: sec.item_count)))
    }
    return Snapshot(sections: ids, items: items)
}

private func readChanged(_ changed: UnsafePointer<UInt64>?, _ count: Int) throws -> [UInt64] {
    guard count >= 0 else { throw LayoutError.invalid("changed_count is negative") }
    guard count == 0 || changed != nil else {
        throw LayoutError(.nullArgument, "changed is NULL but changed_count is \(count)")
    }
    guard count <= CollectionView.maxStoredItems else {
        throw LayoutError(
            .overflow, "changed_count \(count) is more than CVL_MAX_STORED_ITEMS (\(CollectionView.maxStoredItems))")
    }
    return count == 0 ? [] : Array(UnsafeBufferPointer(start: changed, count: count))
}

@_cdecl("cvl_view_set_identifiers")
public func cvl_view_set_identifiers_impl(
    _ view: OpaquePointer?, _ sections: UnsafePointer<cvl_section_snapshot>?,
    _ count: Int
) -> Int32 {
    withView(view) { box in
        try box.view.setIdentifiers(try readSnapshot(sections, count))
    }
}

@_cdecl("cvl_view_set_identifier_source")
public func cvl_view_set_identifier_source_impl(
    _ view: OpaquePointer?, _ source: UnsafePointer<cvl_identifier_source>?
) -> Int32 {
    withView(view) { box in
        guard let source else {
            throw LayoutError(.nullArgument, "source is NULL (use cvl_view_clear_identifiers to remove identifiers)")
        }
        box.view.setIdentifierProvider(try CIdentifierSource(source.pointee))
    }
}

@_cdecl("cvl_view_clear_identifiers")
public func cvl_view_clear_identifiers_impl(_ view: OpaquePointer?) -> Int32 {
    withView(view) { $0.view.clearIdentifiers() }
}

@_cdecl("cvl_view_item_identifier")
public func cvl_view_item_identifier_impl(
    _ view: OpaquePointer?, _ ip: cvl_index_path, _ out: UnsafeMutablePointer<UInt64>?,
    _ found: UnsafeMutablePointer<Int32>?
) -> Int32 {
    withView(view) { box in
        guard let out, let found else { throw LayoutError(.nullArgument, "out_identifier or out_found is NULL") }
        let id = try box.view.itemIdentifier(at: ip.core)
        out.pointee = id ?? 0
        found.pointee = id == nil ? 0 : 1
    }
}

@_cdecl("cvl_view_index_path_for_identifier")
public func cvl_view_index_path_for_identifier_impl(
    _ view: OpaquePointer?, _ identifier: UInt64,
    _ out: UnsafeMutablePointer<cvl_index_path>?,
    _ found: UnsafeMutablePointer<Int32>?
) -> Int32 {
    withView(view) { box in
        guard let out, let found else { throw LayoutError(.nullArgument, "out or out_found is NULL") }
        let ip = try box.view.indexPath(forItemIdentifier: identifier)
        out.pointee = ip?.c ?? cvl_index_path(section: -1, item: -1)
        found.pointee = ip == nil ? 0 : 1
    }
}

/// The diff `compute` gives, its requests written to `out` (buffer protocol), once `out_count`
/// and `capacity` are checked (before anything is read).
private func writeDiff(
    _ out: UnsafeMutablePointer<cvl_update_item>?, _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?,
    _ compute: () throws -> SnapshotDiff
) throws {
    guard outCount != nil else { throw LayoutError(.nullArgument, "out_count is NULL") }
    guard capacity >= 0 else { throw LayoutError.invalid("capacity is negative") }
    try writeList(cUpdateItems(try compute().requests), out, capacity, outCount)
}

@_cdecl("cvl_view_diff_snapshot")
public func cvl_view_diff_snapshot_impl(
    _ view: OpaquePointer?, _ sections: UnsafePointer<cvl_section_snapshot>?, _ count: Int,
    _ changed: UnsafePointer<UInt64>?, _ changedCount: Int,
    _ out: UnsafeMutablePointer<cvl_update_item>?, _ capacity: Int,
    _ outCount: UnsafeMutablePointer<Int>?
) -> Int32 {
    withView(view) { box in
        try writeDiff(out, capacity, outCount) {
            try box.view.diffSnapshot(
                try readSnapshot(sections, count), changed: try readChanged(changed, changedCount))
        }
    }
}

@_cdecl("cvl_view_apply_snapshot")
public func cvl_view_apply_snapshot_impl(
    _ view: OpaquePointer?, _ sections: UnsafePointer<cvl_section_snapshot>?, _ count: Int,
    _ changed: UnsafePointer<UInt64>?, _ changedCount: Int,
    _ animation: UnsafePointer<cvl_animation>?
) -> Int32 {
    withView(view) { box in
        let timing = try optionalTiming(animation)
        let snapshot = try readSnapshot(sections, count)
        let ids = try readChanged(changed, changedCount)
        try box.view.applySnapshot(snapshot, changed: ids, animation: timing)
    }
}

/// Copies C snapshot edits, checking every pointer and size before reading or allocating.
/// - Complexity: O(E + k) time and memory for E edits of k identifiers in all.
private func readEdits(_ edits: UnsafePointer<cvl_snapshot_edit>?, _ count: Int) throws -> [SnapshotEdit] {
    guard count >= 0 else { throw LayoutError.invalid("edit_count is negative") }
    guard count == 0 || edits != nil else {
        throw LayoutError(.nullArgument, "edits is NULL but edit_count is \(count)")
    }
    guard count <= SnapshotEdit.maxCount else {
        throw LayoutError(
            .overflow, "edit_count \(count) is more than CVL_MAX_SNAPSHOT_EDITS (\(SnapshotEdit.maxCount))")
    }
    let limit = CollectionView.maxStoredItems
    var total = 0
    for j in 0..<count {
        let e = edits![j]
        // A size_t above Int.max arrives negative: refused, never handed to a buffer (a trap).
        guard e.item_count >= 0, e.item_count <= limit - total else {
            throw LayoutError(
                .overflow,
                "edits[\(j)]: the edits' identifiers together are more than CVL_MAX_STORED_ITEMS (\(limit))")
        }
        guard e.item_count == 0 || e.item_ids != nil else {
            throw LayoutError(.nullArgument, "edits[\(j)].item_ids is NULL but item_count is \(e.item_count)")
        }
        total += e.item_count
    }
    var out: [SnapshotEdit] = []
    out.reserveCapacity(count)
    for j in 0..<count {
        let e = edits![j]
        let ids = e.item_count == 0 ? [] : Array(UnsafeBufferPointer(start: e.item_ids, count: e.item_count))
        out.append(
            SnapshotEdit(
                section: Int(e.section), start: Int(e.start), removeCount: Int(e.remove_count), identifiers: ids))
    }
    return out
}

@_cdecl("cvl_view_apply_snapshot_edits")
public func cvl_view_apply_snapshot_edits_impl(
    _ view: OpaquePointer?, _ edits: UnsafePointer<cvl_snapshot_edit>?, _ count: Int,
    _ changed: UnsafePointer<UInt64>?, _ changedCount: Int,
    _ animation: UnsafePointer<cvl_animation>?
) -> Int32 {
    withView(view) { box in
        let timing = try optionalTiming(animation)
        let list = try readEdits(edits, count)
        let ids = try readChanged(changed, changedCount)
        try box.view.applySnapshotEdits(list, changed: ids, animation: timing)
    }
}

@_cdecl("cvl_view_diff_snapshot_edits")
public func cvl_view_diff_snapshot_edits_impl(
    _ view: OpaquePointer?, _ edits: UnsafePointer<cvl_snapshot_edit>?, _ count: Int,
    _ changed: UnsafePointer<UInt64>?, _ changedCount: Int,
    _ out: UnsafeMutablePointer<cvl_update_item>?, _ capacity: Int,
    _ outCount: UnsafeMutablePointer<Int>?
) -> Int32 {
    withView(view) { box in
        try writeDiff(out, capacity, outCount) {
            try box.view.diffSnapshotEdits(try readEdits(edits, count), changed: try readChanged(changed, changedCount))
        }
    }
}
