import CCVLayout
import CVLayoutCore

/// The flow layout `cvl_flow_layout_create` makes: UIKit's flow layout plus optional
/// `cvl_flow_hooks`, the C form of "subclass and call super" (seed Listings 4.4-4.12).
final class HookableFlowLayout: FlowLayout, HasLayoutBox {
    var hooks: cvl_flow_hooks?
    weak var box: LayoutBox?

    /// Hooks can add transforms; without them this is the plain flow layout.
    override var drawsElementsWithinFrames: Bool { hooks == nil }

    /// With an `adjust_attributes_in_rect` hook, the flow's elements in `rect` are collected
    /// (at most `CVL_MAX_CALLBACK_ELEMENTS`: the hook receives them in one buffer) and what the
    /// hook returns goes to the sink, which validates it (a hook can return anything).
    override func layoutAttributesForElements(in rect: Rect, into sink: ElementSink) throws {
        guard let h = hooks, let f = h.adjust_attributes_in_rect else {
            try super.layoutAttributesForElements(in: rect, into: sink)
            return
        }
        let base = CollectingSink(counts: sink.counts, limit: maxCallbackElements)
        try super.layoutAttributesForElements(in: rect, into: base)
        try base.check()
        guard base.count <= maxCallbackElements else {
            throw LayoutError.callback("adjust_attributes_in_rect: the rect holds \(base.count) elements, more than the \(maxCallbackElements) a hook can receive in one call (CVL_MAX_CALLBACK_ELEMENTS); query a smaller rect")
        }
        let prefill = base.take().map(\.c)
        let raw = try withEnv { env in
            try collectAttributes("adjust_attributes_in_rect", initialCapacity: prefill.count + 64, prefill: prefill) { buf, cap, count in
                f(h.context, env, handle, rect.c, buf, prefill.count, cap, &count)
            }
        }
        for a in raw { sink.add(try a.core("adjust_attributes_in_rect")) }
    }

    private func adjusted(_ a: LayoutAttributes?) throws -> LayoutAttributes? {
        guard let a, let h = hooks, let f = h.adjust_attributes else { return a }
        var c = a.c
        try withEnv { env in try callC("adjust_attributes") { f(h.context, env, handle, &c) } }
        var v = try c.core("adjust_attributes")
        v.indexPath = a.indexPath; v.category = a.category; v.kind = a.kind
        return v
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) throws -> LayoutAttributes? {
        try adjusted(try super.layoutAttributesForItem(at: indexPath))
    }

    override func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath) throws -> LayoutAttributes? {
        try adjusted(try super.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath))
    }

    override func layoutAttributesForDecorationView(ofKind kind: ElementKind, at indexPath: IndexPath) throws -> LayoutAttributes? {
        guard let h = hooks, let f = h.attributes_for_decoration else { return nil }
        var a = cvl_attributes(), found: Int32 = 0
        try withEnv { env in try callC("attributes_for_decoration") { f(h.context, env, handle, kind.rawValue, indexPath.c, &a, &found) } }
        guard found == 1 else { return nil }
        var v = try a.core("attributes_for_decoration")
        v.indexPath = indexPath; v.category = .decorationView; v.kind = kind
        return v
    }

    override func prepare(forCollectionViewUpdates updateItems: [UpdateItem]) throws {
        try super.prepare(forCollectionViewUpdates: updateItems)
        guard let h = hooks, let f = h.prepare_for_updates else { return }
        let items = cUpdateItems(updateItems)
        try withEnv { env in
            try items.withUnsafeBufferPointer { buf in
                // NULL for an empty list (see CallbackLayout).
                try callC("prepare_for_updates") { f(h.context, env, handle, buf.isEmpty ? nil : buf.baseAddress, buf.count) }
            }
        }
    }

    override func finalizeCollectionViewUpdates() throws {
        try super.finalizeCollectionViewUpdates()
        guard let h = hooks, let f = h.finalize_updates else { return }
        try withEnv { env in try callC("finalize_updates") { f(h.context, env, handle) } }
    }

    override func initialAttributes(forAppearing key: ElementKey, final: LayoutAttributes) throws -> LayoutAttributes? {
        try hook(hooks?.initial_attributes_for_appearing, "initial_attributes_for_appearing", final)
    }

    override func finalAttributes(forDisappearing key: ElementKey, current: LayoutAttributes) throws -> LayoutAttributes? {
        try hook(hooks?.final_attributes_for_disappearing, "final_attributes_for_disappearing", current)
    }

    private func hook(_ f: (@convention(c) (UnsafeMutableRawPointer?, UnsafePointer<cvl_layout_env>?, OpaquePointer?,
                                            UnsafeMutablePointer<cvl_attributes>?, UnsafeMutablePointer<Int32>?) -> Int32)?,
                      _ name: String, _ attrs: LayoutAttributes) throws -> LayoutAttributes? {
        guard let f, let h = hooks else { return nil }
        var a = attrs.c, use: Int32 = 0
        try withEnv { env in try callC(name) { f(h.context, env, handle, &a, &use) } }
        guard use != 0 else { return nil }
        var v = try a.core(name)
        v.indexPath = attrs.indexPath; v.category = attrs.category; v.kind = attrs.kind
        return v
    }
}
