import CCVLayout
import CVLayoutCore

/// The one adapter of a `cvl_layout_callbacks` table: each method calls one callback with the
/// base layout's answer (what `super` returned) in its in/out arguments and returns the
/// callback's answer, converted to core values and validated; a NULL callback keeps the base's
/// answer. `CallbackLayout` (base: the empty `CollectionViewLayout`) and `HookableFlowLayout`
/// (base: `FlowLayout`) both forward every overridable method here.
struct LayoutCallbacks {
    let table: cvl_layout_callbacks

    init(_ table: cvl_layout_callbacks) { self.table = table }

    /// `invalidate`: what changed since the last prepare, as C sees it (flags, index paths,
    /// update items), valid during the call.
    func invalidate(_ owner: HasLayoutBox, _ ctx: InvalidationContext) throws {
        guard let f = table.invalidate else { return }
        var flags: UInt32 = 0
        if ctx.invalidateEverything { flags |= UInt32(CVL_INVALIDATE_EVERYTHING) }
        if ctx.invalidateDataSourceCounts { flags |= UInt32(CVL_INVALIDATE_DATA_COUNTS) }
        if ctx.invalidateDelegateMetrics { flags |= UInt32(CVL_INVALIDATE_DELEGATE_METRICS) }
        if ctx.invalidateLayoutAttributes { flags |= UInt32(CVL_INVALIDATE_LAYOUT_ATTRIBUTES) }
        if ctx.boundsChanged { flags |= UInt32(CVL_INVALIDATE_BOUNDS) }
        let paths = ctx.invalidatedItems.map(\.c)
        let updates = cUpdateItems(ctx.updateItems)
        try owner.withEnv { env in
            try paths.withUnsafeBufferPointer { p in
                try updates.withUnsafeBufferPointer { u in
                    // NULL for empty lists (never the shared empty-array storage).
                    var inv = cvl_invalidation(
                        flags: flags, reserved: 0, items: p.isEmpty ? nil : p.baseAddress,
                        item_count: p.count, updates: u.isEmpty ? nil : u.baseAddress,
                        update_count: u.count)
                    try callC("invalidate") { f(table.context, env, owner.handle, &inv) }
                }
            }
        }
    }

    func prepare(_ owner: HasLayoutBox) throws {
        guard let f = table.prepare else { return }
        try owner.withEnv { env in try callC("prepare") { f(table.context, env, owner.handle) } }
    }

    func contentSize(_ owner: HasLayoutBox, base: Size) throws -> Size {
        guard let f = table.content_size else { return base }
        var s = base.c
        try owner.withEnv { env in try callC("content_size") { f(table.context, env, owner.handle, &s) } }
        guard s.width.isFinite, s.height.isFinite, s.width >= 0, s.height >= 0 else {
            throw LayoutError.callback(
                "content_size callback returned \(s.width)x\(s.height); it must be finite and non-negative")
        }
        return s.core
    }

    var hasAttributesInRect: Bool { table.attributes_in_rect != nil }

    /// A `target_content_offset` callback makes the layout one that snaps
    /// (`CollectionViewLayout.snapsContentOffset`).
    var hasTargetContentOffset: Bool { table.target_content_offset != nil }
    var hasShouldInvalidate: Bool { table.should_invalidate_for_bounds_change != nil }

    /// The callback's elements in `rect`, given the base's (`base`, at most
    /// `CVL_MAX_CALLBACK_ELEMENTS`: the callback receives them in one buffer), into `sink`, which
    /// validates them.
    /// - Complexity: the callback's; memory O(elements returned).
    func elements(_ owner: HasLayoutBox, in rect: Rect, base: [LayoutAttributes], into sink: ElementSink) throws {
        guard let f = table.attributes_in_rect else {
            for a in base { try sink.add(a) }
            return
        }
        guard base.count <= maxCallbackElements else {
            throw LayoutError.callback(
                "attributes_in_rect: the rect holds \(base.count) elements, more than the \(maxCallbackElements) "
                    + "a callback can receive in one call (CVL_MAX_CALLBACK_ELEMENTS); query a smaller rect"
            )
        }
        let prefill = base.map(\.c)
        let raw = try owner.withEnv { env in
            try collectAttributes("attributes_in_rect", initialCapacity: prefill.count + 64, prefill: prefill) {
                buf, cap, count in
                f(table.context, env, owner.handle, rect.c, buf, prefill.count, cap, &count)
            }
        }
        for a in raw { try sink.add(try a.core("attributes_in_rect")) }
    }

    var hasAttributesForElement: Bool { table.attributes_for_element != nil }

    /// One element, given the base's answer; the identity is the one asked for.
    func element(
        _ owner: HasLayoutBox, _ category: ElementCategory, _ kind: ElementKind, _ ip: IndexPath,
        base: LayoutAttributes?
    ) throws -> LayoutAttributes? {
        guard let f = table.attributes_for_element else { return base }
        var a = base?.c ?? cvl_attributes(), found: Int32 = base == nil ? 0 : 1
        try owner.withEnv { env in
            try callC("attributes_for_element") {
                f(table.context, env, owner.handle, Int32(category.rawValue), kind.rawValue, ip.c, &a, &found)
            }
        }
        guard found == 1 else {
            guard found == 0 else {
                throw LayoutError.callback("attributes_for_element set *inout_found to \(found) (must be 0 or 1)")
            }
            return nil
        }
        var v = try a.core("attributes_for_element")
        v.indexPath = ip; v.category = category; v.kind = category == .cell ? .none : kind
        return v
    }

    /// A failing callback cannot be reported through the bounds setter's signature in the core,
    /// so it counts as "invalidate" (the safe answer); the next query's prepare reports it if it
    /// persists.
    func shouldInvalidate(_ owner: HasLayoutBox, forBoundsChange newBounds: Rect, base: Bool) -> Bool {
        guard let f = table.should_invalidate_for_bounds_change else { return base }
        var answer: Int32 = base ? 1 : 0
        let ok =
            (try? owner.withEnv { env in
                try callC("should_invalidate_for_bounds_change") {
                    f(table.context, env, owner.handle, newBounds.c, &answer)
                }
            }) != nil
        return !ok || answer != 0
    }

    func targetContentOffset(_ owner: HasLayoutBox, proposed: Point, velocity: Point, base: Point) throws -> Point {
        guard let f = table.target_content_offset else { return base }
        var p = base.c
        try owner.withEnv { env in
            try callC("target_content_offset") { f(table.context, env, owner.handle, proposed.c, velocity.c, &p) }
        }
        guard p.x.isFinite, p.y.isFinite else {
            throw LayoutError.callback("target_content_offset returned (\(p.x), \(p.y)); it must be finite")
        }
        return p.core
    }

    func prepare(_ owner: HasLayoutBox, forUpdates updateItems: [UpdateItem]) throws {
        guard let f = table.prepare_for_updates else { return }
        let items = cUpdateItems(updateItems)
        try owner.withEnv { env in
            try items.withUnsafeBufferPointer { buf in
                // NULL for an empty list: an empty array's base address is shared storage a
                // misbehaving callback must not be able to write to.
                try callC("prepare_for_updates") {
                    f(table.context, env, owner.handle, buf.isEmpty ? nil : buf.baseAddress, buf.count)
                }
            }
        }
    }

    func finalizeUpdates(_ owner: HasLayoutBox) throws {
        guard let f = table.finalize_updates else { return }
        try owner.withEnv { env in try callC("finalize_updates") { f(table.context, env, owner.handle) } }
    }

    /// The appear/disappear callbacks: the engine hands the element's attributes and the callback
    /// may replace them (nil: the base's answer).
    func transition(
        _ owner: HasLayoutBox, appearing: Bool, _ attrs: LayoutAttributes,
        base: LayoutAttributes?
    ) throws -> LayoutAttributes? {
        let name = appearing ? "initial_attributes_for_appearing" : "final_attributes_for_disappearing"
        guard let f = appearing ? table.initial_attributes_for_appearing : table.final_attributes_for_disappearing
        else {
            return base
        }
        var a = (base ?? attrs).c, use: Int32 = base == nil ? 0 : 1
        try owner.withEnv { env in try callC(name) { f(table.context, env, owner.handle, &a, &use) } }
        guard use != 0 else { return nil }
        var v = try a.core(name)
        v.indexPath = attrs.indexPath; v.category = attrs.category; v.kind = attrs.kind
        return v
    }
}
