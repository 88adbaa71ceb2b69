import CCVLayout
import CVLayoutCore

/// A `CollectionViewLayout` whose every method forwards to a `cvl_layout_callbacks` table.
/// Everything the callbacks return is validated before the engine uses it.
final class CallbackLayout: CollectionViewLayout, HasLayoutBox {
    let cb: cvl_layout_callbacks
    weak var box: LayoutBox?

    init(_ callbacks: cvl_layout_callbacks) throws {
        guard callbacks.content_size != nil else { throw LayoutError(.nullArgument, "callbacks.content_size is NULL") }
        guard callbacks.attributes_in_rect != nil else { throw LayoutError(.nullArgument, "callbacks.attributes_in_rect is NULL") }
        cb = callbacks
        super.init()
    }

    override func prepare() throws {
        guard let f = cb.prepare else { return }
        try withEnv { env in try callC("prepare") { f(cb.context, env) } }
    }

    override func collectionViewContentSize() throws -> Size {
        guard let f = cb.content_size else { return .zero }
        var s = cvl_size()
        try withEnv { env in try callC("content_size") { f(cb.context, env, &s) } }
        guard s.width.isFinite, s.height.isFinite, s.width >= 0, s.height >= 0 else {
            throw LayoutError.callback("content_size callback returned \(s.width)x\(s.height); it must be finite and non-negative")
        }
        return s.core
    }

    /// - Complexity: the callback's; at most `CVL_MAX_CALLBACK_ELEMENTS` elements are accepted.
    override func layoutAttributesForElements(in rect: Rect, into sink: ElementSink) throws {
        guard let f = cb.attributes_in_rect else { return }
        let raw = try withEnv { env in
            try collectAttributes("attributes_in_rect", initialCapacity: 64) { buf, cap, count in
                f(cb.context, env, rect.c, buf, cap, &count)
            }
        }
        for a in raw { sink.add(try a.core("attributes_in_rect")) }
    }

    private func element(_ category: ElementCategory, _ kind: ElementKind, _ ip: IndexPath) throws -> LayoutAttributes? {
        guard let f = cb.attributes_for_element else {
            return try findInContent(category, kind, ip)
        }
        var a = cvl_attributes(), found: Int32 = 0
        try withEnv { env in
            try callC("attributes_for_element") { f(cb.context, env, Int32(category.rawValue), kind.rawValue, ip.c, &a, &found) }
        }
        guard found == 1 else { return nil }
        var v = try a.core("attributes_for_element")
        // The identity is the one asked for.
        v.indexPath = ip; v.category = category; v.kind = kind
        return v
    }

    /// Without `attributes_for_element`: one `attributes_in_rect` call over the whole content,
    /// keeping only the element asked for. O(the callback's cost), at most
    /// `CVL_MAX_CALLBACK_ELEMENTS` elements (more fails the lookup).
    private func findInContent(_ category: ElementCategory, _ kind: ElementKind, _ ip: IndexPath) throws -> LayoutAttributes? {
        let size = try collectionViewContentSize()
        let sink = FindingSink(counts: collectionView?.counts, key: ElementKey(category: category, kind: kind, indexPath: ip))
        try layoutAttributesForElements(in: CollectionViewLayout.searchRect(content: size), into: sink)
        try sink.check()
        return sink.found
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) throws -> LayoutAttributes? {
        try element(.cell, .none, indexPath)
    }
    override func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath) throws -> LayoutAttributes? {
        try element(.supplementaryView, kind, indexPath)
    }
    override func layoutAttributesForDecorationView(ofKind kind: ElementKind, at indexPath: IndexPath) throws -> LayoutAttributes? {
        try element(.decorationView, kind, indexPath)
    }

    /// A failing callback here cannot be reported through the bounds setter's signature in the
    /// core, so it is treated as "invalidate" (the safe answer) and the failure is reported by
    /// the next query's prepare if it persists.
    override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        guard let f = cb.should_invalidate_for_bounds_change else { return false }
        var answer: Int32 = 1
        let ok = (try? withEnv { env in try callC("should_invalidate_for_bounds_change") { f(cb.context, env, newBounds.c, &answer) } }) != nil
        return !ok || answer != 0
    }

    override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext { .everything }

    override func targetContentOffset(forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point) throws -> Point {
        guard let f = cb.target_content_offset else { return proposed }
        var p = cvl_point()
        try withEnv { env in try callC("target_content_offset") { f(cb.context, env, proposed.c, velocity.c, &p) } }
        return p.core
    }

    override func prepare(forCollectionViewUpdates updateItems: [UpdateItem]) throws {
        guard let f = cb.prepare_for_updates else { return }
        let items = cUpdateItems(updateItems)
        try withEnv { env in
            try items.withUnsafeBufferPointer { buf in
                // NULL for an empty list: an empty array's base address is shared storage a misbehaving
                // callback must not be able to write to.
                try callC("prepare_for_updates") { f(cb.context, env, buf.isEmpty ? nil : buf.baseAddress, buf.count) }
            }
        }
    }

    override func finalizeCollectionViewUpdates() throws {
        guard let f = cb.finalize_updates else { return }
        try withEnv { env in try callC("finalize_updates") { f(cb.context, env) } }
    }

    override func initialAttributes(forAppearing key: ElementKey, final: LayoutAttributes) throws -> LayoutAttributes? {
        try transitionHook(appearing: true, final)
    }

    override func finalAttributes(forDisappearing key: ElementKey, current: LayoutAttributes) throws -> LayoutAttributes? {
        try transitionHook(appearing: false, current)
    }

    /// The appear/disappear hooks: the engine hands the element's attributes and the callback
    /// may replace them.
    func transitionHook(appearing: Bool, _ attrs: LayoutAttributes) throws -> LayoutAttributes? {
        let f = appearing ? cb.initial_attributes_for_appearing : cb.final_attributes_for_disappearing
        guard let f else { return nil }
        var a = attrs.c, use: Int32 = 0
        try withEnv { env in try callC(appearing ? "initial_attributes_for_appearing" : "final_attributes_for_disappearing") { f(cb.context, env, &a, &use) } }
        guard use != 0 else { return nil }
        var v = try a.core(appearing ? "initial_attributes_for_appearing" : "final_attributes_for_disappearing")
        v.indexPath = attrs.indexPath; v.category = attrs.category; v.kind = attrs.kind
        return v
    }
}

@_cdecl("cvl_custom_layout_create")
public func cvl_custom_layout_create_impl(_ callbacks: UnsafePointer<cvl_layout_callbacks>?,
                                          _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guarded {
        guard let callbacks else { throw LayoutError(.nullArgument, "callbacks is NULL") }
        guard let out else { throw LayoutError(.nullArgument, "out_layout is NULL") }
        let layout = try CallbackLayout(callbacks.pointee)
        out.pointee = registerLayout(layout, type: CVL_LAYOUT_CUSTOM)
        layout.box = (Registry.shared.lookup(out.pointee) as? LayoutBox)
    }
}

/// Registers a new layout handle and returns it.
func registerLayout(_ layout: CollectionViewLayout, type: Int32) -> OpaquePointer {
    let box = LayoutBox(layout, type: type)
    let h = Registry.shared.insert(box)
    box.handle = h
    return h
}
