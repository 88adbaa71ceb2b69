import CCVLayout
import CVLayoutCore

// Batch updates. See include/cvlayout.h.

@_cdecl("cvl_view_perform_batch_updates")
public func cvl_view_perform_batch_updates_impl(
    _ view: OpaquePointer?, _ updates: UnsafePointer<cvl_update_item>?, _ count: Int,
    _ animation: UnsafePointer<cvl_animation>?
) -> Int32 {
    withView(view) { box in
        guard count >= 0 else { throw LayoutError.invalid("count is negative") }
        guard count == 0 || updates != nil else {
            throw LayoutError(.nullArgument, "updates is NULL but count is \(count)")
        }
        guard count <= 1 << 32 else { throw LayoutError(.overflow, "too many updates (\(count))") }
        let timing = try optionalTiming(animation)
        var batch = BatchUpdate()
        for i in 0..<count {
            let u = updates![i]
            guard u.is_section == 0 || u.is_section == 1 else {
                throw LayoutError.invalid("updates[\(i)].is_section must be 0 or 1")
            }
            let section = u.is_section == 1
            func path(_ ip: cvl_index_path, _ what: String) throws -> IndexPath {
                guard ip.section >= 0, section || ip.item >= 0 else {
                    throw LayoutError.outOfRange(
                        "updates[\(i)].\(what) (\(ip.section), \(ip.item)) has a negative component")
                }
                return IndexPath(section: Int(ip.section), item: section ? 0 : Int(ip.item))
            }
            switch u.action {
            case Int32(CVL_UPDATE_INSERT):
                let a = try path(u.after, "after")
                if section { batch.insertSections([a.section]) } else { batch.insertItems([a]) }
            case Int32(CVL_UPDATE_DELETE):
                let b = try path(u.before, "before")
                if section { batch.deleteSections([b.section]) } else { batch.deleteItems([b]) }
            case Int32(CVL_UPDATE_RELOAD):
                let b = try path(u.before, "before")
                if section { batch.reloadSections([b.section]) } else { batch.reloadItems([b]) }
            case Int32(CVL_UPDATE_MOVE):
                let b = try path(u.before, "before"), a = try path(u.after, "after")
                if section { batch.moveSection(from: b.section, to: a.section) } else { batch.moveItem(from: b, to: a) }
            default:
                throw LayoutError.invalid("updates[\(i)].action \(u.action) is not a CVL_UPDATE_* value")
            }
        }
        try box.view.performBatchUpdates(batch, animation: timing)
    }
}

@_cdecl("cvl_view_last_update_items")
public func cvl_view_last_update_items_impl(
    _ view: OpaquePointer?, _ out: UnsafeMutablePointer<cvl_update_item>?, _ capacity: Int,
    _ outCount: UnsafeMutablePointer<Int>?
) -> Int32 {
    withView(view, nested: .hooks) { box in
        guard capacity >= 0 else { throw LayoutError.invalid("capacity is negative") }
        try writeList(cUpdateItems(box.view.lastPlan?.updateItems ?? []), out, capacity, outCount)
    }
}

@_cdecl("cvl_view_map_index_path")
public func cvl_view_map_index_path_impl(
    _ view: OpaquePointer?, _ direction: Int32, _ ip: cvl_index_path,
    _ out: UnsafeMutablePointer<cvl_index_path>?, _ exists: UnsafeMutablePointer<Int32>?
) -> Int32 {
    withView(view, nested: .hooks) { box in
        guard let out, let exists else { throw LayoutError(.nullArgument, "out or out_exists is NULL") }
        guard direction == CVL_MAP_OLD_TO_NEW || direction == CVL_MAP_NEW_TO_OLD else {
            throw LayoutError.invalid("direction must be CVL_MAP_OLD_TO_NEW or CVL_MAP_NEW_TO_OLD")
        }
        guard ip.section >= 0, ip.item >= -1 else {
            throw LayoutError.outOfRange("index path (\(ip.section), \(ip.item)) is negative")
        }
        guard let plan = box.view.lastPlan else {
            throw LayoutError.state("no batch update has been committed on this view")
        }
        let forward = direction == CVL_MAP_OLD_TO_NEW
        let counts = forward ? plan.oldCounts : plan.newCounts
        guard ip.section < Int64(counts.count) else {
            throw LayoutError.outOfRange(
                "section \(ip.section) out of range (\(counts.count) sections \(forward ? "before" : "after") the "
                    + "update)"
            )
        }
        if ip.item == -1 {
            let s = forward ? plan.newSection(forOld: Int(ip.section)) : plan.oldSection(forNew: Int(ip.section))
            exists.pointee = s == nil ? 0 : 1
            out.pointee = cvl_index_path(section: Int64(s ?? -1), item: -1)
            return
        }
        guard ip.item < Int64(counts[Int(ip.section)]) else {
            throw LayoutError.outOfRange(
                "item \(ip.item) out of range (section \(ip.section) has \(counts[Int(ip.section)]) items "
                    + "\(forward ? "before" : "after") the update)"
            )
        }
        let p = IndexPath(section: Int(ip.section), item: Int(ip.item))
        let m = forward ? plan.newIndexPath(forOld: p) : plan.oldIndexPath(forNew: p)
        exists.pointee = m == nil ? 0 : 1
        out.pointee = m?.c ?? cvl_index_path(section: -1, item: -1)
    }
}
