import CCVLayout
import CVLayoutCore

/// Handles are not pointers to objects: they are ids, never reused, looked up in a table. A
/// destroyed handle or a pointer the library never gave out is therefore always detected
/// (`CVL_ERROR_INVALID_HANDLE`) instead of being dereferenced.
///
/// The table has no lock of its own: it is read and written only under the library lock
/// (ThreadState.swift), which every export holds for its whole run (`guarded`, `withView`,
/// `withLayout`): the functions that create, destroy or look up handles, and the hook handles
/// made during a call. One lock a call, not two (two more mutex operations, about 60
/// instructions a call). Debug builds check it on every access (`assertLibraryLocked`).
final class Registry: @unchecked Sendable {
    private struct Table {
        var next: UInt = 0x1000
        var objects: [UInt: AnyObject] = [:]
        /// The last handle looked up: a host calls into the same view many times per frame,
        /// and this saves the dictionary's hashing on every call but the first.
        var lastID: UInt = 0
        var lastObject: AnyObject?
    }
    private var t = Table()
    private var table: Registry { self }
    /// Runs `body` on the table; the caller holds the library lock (see the type's comment).
    @inline(__always)
    private func withTable<R>(_ body: (inout Table) -> R) -> R {
        assertLibraryLocked()
        return body(&t)
    }

    /// The one registry (made with the library's other globals: `LibraryGlobals`).
    static var shared: Registry {
        @inline(__always) get { libraryGlobals.registry }
    }

    /// Registers `object` and returns its new handle value.
    /// - Complexity: amortized O(1).
    func insert(_ object: AnyObject) -> OpaquePointer {
        let id = table.withTable { t -> UInt in
            t.next &+= 16
            t.objects[t.next] = object
            return t.next
        }
        return OpaquePointer(bitPattern: id)!
    }

    func lookup(_ handle: OpaquePointer?) -> AnyObject? {
        guard let handle else { return nil }
        let id = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))
        return table.withTable { t in
            if id == t.lastID, let o = t.lastObject { return o }
            guard let o = t.objects[id] else { return nil }
            t.lastID = id
            t.lastObject = o
            lastView = LastView(id: id, view: (o as? ViewBox).map { Unmanaged.passUnretained($0) })
            return o
        }
    }

    /// The view behind `handle`, unretained: valid while the table holds it, that is until
    /// `remove(handle)`. nil when the handle is not a live view. The last view looked up is
    /// compared in place (every call of a host's frame loop names the same view), from a
    /// global of its own (`lastView`): no look at the registry, so none at the library's lazy
    /// globals either (a `swift_once` check).
    @inline(__always)
    static func lookupView(_ handle: OpaquePointer) -> Unmanaged<ViewBox>? {
        assertLibraryLocked()
        let id = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))
        if id == lastView.id, let v = lastView.view { return v }
        return shared.lookupViewInTable(id)
    }

    @inline(never)
    private func lookupViewInTable(_ id: UInt) -> Unmanaged<ViewBox>? {
        table.withTable { t in
            guard let box = t.objects[id] as? ViewBox else { return nil }
            t.lastID = id
            t.lastObject = box
            lastView = LastView(id: id, view: Unmanaged.passUnretained(box))
            return lastView.view
        }
    }

    @discardableResult
    func remove(_ handle: OpaquePointer?) -> AnyObject? {
        guard let handle else { return nil }
        let id = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))
        return table.withTable { t in
            if t.lastID == id { t.lastID = 0; t.lastObject = nil }
            if lastView.id == id { lastView = LastView() }
            return t.objects.removeValue(forKey: id)
        }
    }
}

/// The last view handle looked up and its view, unretained (the registry's table holds it):
/// `withView` borrows it without a retain and a release, which go through the object's side
/// table (its weak references) and cost about 300 instructions a call. Read and written only
/// under the library lock, as the table. A global with a constant initial value (no lazy
/// initialization to check), apart from the registry's other state.
private struct LastView {
    var id: UInt = 0
    var view: Unmanaged<ViewBox>? = nil
}
nonisolated(unsafe) private var lastView = LastView()

/// What a `cvl_layout *` stands for: the core layout plus the C-side things it keeps alive.
final class LayoutBox {
    let layout: CollectionViewLayout
    let type: Int32
    /// The view the layout is attached to (the view owns the box).
    weak var viewBox: ViewBox?
    /// The caller's C handle; nil once the caller destroyed it.
    var handle: OpaquePointer?
    /// The handle the library registered itself for hooks after the caller destroyed theirs
    /// while a view still used the layout (released when the view lets the layout go).
    private var libraryHandle: OpaquePointer?

    init(_ layout: CollectionViewLayout, type: Int32) {
        self.layout = layout
        self.type = type
    }

    /// The handle passed to the layout's hooks: the caller's while it lives, else one the
    /// library registers for as long as a view uses the layout, so a hook can always call the
    /// functions "callable from hooks" on it.
    var hookHandle: OpaquePointer? {
        if let handle { return handle }
        if let libraryHandle { return libraryHandle }
        guard viewBox != nil else { return nil }
        let h = Registry.shared.insert(self)
        libraryHandle = h
        return h
    }

    /// Called when handle `h` of this layout was destroyed (the caller's, or the library's one
    /// a hook handed out).
    func handleDestroyed(_ h: OpaquePointer) {
        if h == handle { handle = nil }
        if h == libraryHandle { libraryHandle = nil }
    }

    /// Called when a view lets the layout go: the library's own hook handle dies with it.
    func releaseHookHandle() {
        if let h = libraryHandle { Registry.shared.remove(h) }
        libraryHandle = nil
    }
}

/// What a `cvl_view *` stands for.
final class ViewBox {
    enum Phase { case idle, busy, querying }
    let view: CollectionView
    let dataSource: CDataSource
    var layoutBox: LayoutBox
    /// Re-entrancy guard: a callback must not re-enter the view that called it, except for the
    /// read-only functions "callable from hooks" while the view is in a query (`.querying`).
    var phase: Phase = .idle
    /// Counts as C sees them in `cvl_layout_env` (refreshed when the counts change).
    var envCounts: [Int64] = []
    /// Reused by the rect queries (DirectQuery.swift).
    let directCells = CAttributesBuffer()
    let directElements = CRecordBuffer<cvl_element>()

    init(view: CollectionView, dataSource: CDataSource, layoutBox: LayoutBox) {
        self.view = view
        self.dataSource = dataSource
        self.layoutBox = layoutBox
        // Every layout cycle runs busy, also one a query starts (the query itself is
        // "querying"): the core checks a query's arguments first, then runs the cycle.
        view.layoutCycleScope = { [weak self] cycle in
            guard let self else { return try cycle() }
            let saved = self.phase
            self.phase = .busy
            defer { self.phase = saved }
            try cycle()
        }
    }

    /// The counts array `envCounts` was made from, held so that its storage stays alive: while
    /// the view's counts are that same storage they are unchanged (a change writes a new
    /// buffer, since this reference makes the old one shared).
    private var envSource: [Int] = []

    /// O(1) while the counts are unchanged (every callback asks for the environment), O(S) after
    /// a change.
    func refreshEnvCounts() {
        let counts = view.counts
        let same = counts.withUnsafeBufferPointer { a in
            envSource.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress && a.count == b.count }
        }
        if same && envCounts.count == counts.count { return }
        envSource = counts
        envCounts = counts.map { Int64($0) }
    }

    /// Calls `body` (a layout callback) with the `cvl_layout_env` describing this view. While
    /// it runs, the functions marked "callable from hooks" are allowed whatever call of the
    /// view's led to the hook (a query, a layout switch, a batch update): the header promises
    /// them inside every hook, and they only read the layout's prepared state.
    func withEnv<R>(_ body: (UnsafePointer<cvl_layout_env>) throws -> R) rethrows -> R {
        let saved = phase
        if saved == .busy { phase = .querying }
        defer { phase = saved }
        refreshEnvCounts()
        return try envCounts.withUnsafeBufferPointer { buf in
            var env = cvl_layout_env(
                bounds_size: cvl_size(width: view.boundsSize.width, height: view.boundsSize.height),
                content_offset: cvl_point(x: view.contentOffset.x, y: view.contentOffset.y),
                number_of_sections: Int64(buf.count),
                items_in_section: buf.isEmpty ? nil : buf.baseAddress)  // never the shared empty-array storage
            return try withUnsafePointer(to: &env) { try body($0) }
        }
    }
}

/// Environment for layouts whose callbacks need one while detached (never happens during a
/// view query; used for safety).
func withDetachedEnv<R>(_ body: (UnsafePointer<cvl_layout_env>) throws -> R) rethrows -> R {
    var env = cvl_layout_env(
        bounds_size: cvl_size(width: 0, height: 0), content_offset: cvl_point(x: 0, y: 0),
        number_of_sections: 0, items_in_section: nil)
    return try withUnsafePointer(to: &env) { try body($0) }
}

// MARK: - Looking handles up

func lookupView(_ h: OpaquePointer?) throws -> ViewBox {
    guard let h else { throw LayoutError(.nullArgument, "view is NULL") }
    guard let box = Registry.shared.lookup(h) as? ViewBox else { throw invalidViewHandle(h) }
    return box
}

private func invalidViewHandle(_ h: OpaquePointer) -> LayoutError {
    LayoutError(.invalidHandle, "view handle \(h) is not a live cvl_view (destroyed, or not from this library)")
}

func lookupLayout(_ h: OpaquePointer?) throws -> LayoutBox {
    guard let h else { throw LayoutError(.nullArgument, "layout is NULL") }
    guard let box = Registry.shared.lookup(h) as? LayoutBox else {
        throw LayoutError(
            .invalidHandle, "layout handle \(h) is not a live cvl_layout (destroyed, or not from this library)")
    }
    return box
}

/// When a function may be called by a callback of the view it targets (a callback calling
/// back in; header, "Threads"): the re-entrancy guard's one rule.
enum Nesting {
    /// Never: CVL_ERROR_STATE while the view runs a call.
    case never
    /// "Callable from hooks": while the view answers a query or runs a layout hook (read-only
    /// functions that may read the layout's prepared state).
    case hooks
    /// "Callable from callbacks": also while a layout cycle runs (a flow delegate asked an item's
    /// size, a waterfall its extent): functions that read stored properties only (never the
    /// prepared state, never a layout pass), as UIKit's delegates read the layout's properties.
    case callbacks
}

/// Runs `body` on a view with the re-entrancy guard (`nested`: when a callback may call it).
///
/// The view is borrowed from the registry, not retained: it stays registered for the whole call
/// (the library lock is held, and `cvl_view_destroy` refuses a view whose call is running).
func withView(_ h: OpaquePointer?, nested: Nesting = .never, _ body: (ViewBox) throws -> Void) -> Int32 {
    withViewInlined(h, nested: nested, body)
}

/// `withView`, inlined into its caller: for the exports a host calls every frame (the viewport
/// queries and the offset), whose guard, lookup and body then run in one frame instead of a
/// chain of closures called one from the other.
@inline(__always)
func withViewInlined(_ h: OpaquePointer?, nested: Nesting = .never, _ body: (ViewBox) throws -> Void) -> Int32 {
    guarded {
        guard let h else { throw LayoutError(.nullArgument, "view is NULL") }
        guard let view = Registry.lookupView(h) else { throw invalidViewHandle(h) }
        try view._withUnsafeGuaranteedRef { box in
            try enter(box, nested)
            if box.phase != .idle { try body(box); return }  // (allowed by `enter`: nested)
            box.phase = .busy
            defer { box.phase = .idle }
            try body(box)
        }
    }
}

/// Runs `body` on a layout; if the layout is attached to a view, the view's guard applies.
func withLayout(_ h: OpaquePointer?, nested: Nesting = .never, _ body: (LayoutBox) throws -> Void) -> Int32 {
    guarded {
        let box = try lookupLayout(h)
        guard let vb = box.viewBox else { try body(box); return }
        try enter(vb, nested)
        if vb.phase != .idle { try body(box); return }  // (allowed by `enter`: nested)
        vb.phase = .busy
        defer { vb.phase = .idle }
        try body(box)
    }
}

/// Whether a call nested as `nested` may run on `box` now; throws CVL_ERROR_STATE when not. A
/// view that is not idle is running a call of this thread (the library lock is held), so this
/// call comes from one of its callbacks.
private func enter(_ box: ViewBox, _ nested: Nesting) throws {
    switch (box.phase, nested) {
    case (.idle, _), (.querying, .hooks), (.querying, .callbacks), (.busy, .callbacks): return
    default:
        throw LayoutError.state(
            "re-entrant call: a callback called back into the view (or its layout) that is running it; only the "
                + "functions marked \"callable from callbacks\" may be, and those marked \"callable from hooks\" "
                + "only from a layout hook or a query"
        )
    }
}

/// Marks a view as answering a query: hooks may call the read-only layout functions.
func querying<R>(_ box: ViewBox, _ body: () throws -> R) rethrows -> R {
    let saved = box.phase
    box.phase = .querying
    defer { box.phase = saved }
    return try body()
}
