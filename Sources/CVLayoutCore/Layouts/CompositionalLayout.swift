/// UIKit's `UICollectionViewCompositionalLayout`: items in groups in sections, each section its
/// own shape, some scrolling across the main axis. The description's values are in
/// `Compositional/CompositionalDescription.swift`, the groups' resolution in
/// `Compositional/CompositionalGroupSolver.swift`, the orthogonal sections' snapping in
/// `Compositional/CompositionalOrthogonal.swift`; every rule (C1–C24) and every decision on what
/// the sources leave open (Q1–Q18) is in docs/compositional-rules.md with its source.
///
/// A section (from the one `Section` every section shares, or from the provider per section,
/// C22) is laid out along the scroll axis (vertical: y) from its origin:
///
///     extending leading boundary items (headers), stacked
///     contentInsets' leading (top) inset
///     the group, repeated ⌈n / k⌉ times, interGroupSpacing between (k = cells of one group, C14)
///     contentInsets' trailing (bottom) inset
///     extending trailing boundary items (footers)
///
/// and sections follow each other `interSectionSpacing` apart (between, Q4), after the
/// layout-wide header and before its footer (C23). The group is resolved once per section into a
/// template (its cells' frames relative to its origin), in the container of the viewport less the
/// section's contentInsets (C1, Q1); cell i of the section is template cell i mod k of group
/// i / k, whose origin is `bodyMain + (i / k) · (groupExtent + interGroupSpacing)`: closed form.
///
/// An orthogonal section (C20) puts its groups across the scroll axis instead, one group thick;
/// its cells and badges move by the section's own offset (`setOrthogonalOffset`), its boundary
/// items and decorations do not.
///
/// ## Cost
/// `prepare()`: O(S + T) for S sections and T template cells and badges: one template for a
/// shared section, one per section for a provider (which is asked S times); after counts changed
/// alone, the changed sections laid out and those after them moved (`prepareChangedCounts`: a
/// section is laid out relative to where it starts, so moving it is a few additions). Nothing is
/// stored per item. Content size, lookups: O(1) (a supplementary lookup O(boundary items + badges of the
/// item)). Rect queries: O(log S) to find the first section, then per section met O(log G) for the
/// groups (along the scroll axis, or across it by the section's offset) and O(log k) or O(k)
/// within a group (binary search when the template's cells run along one axis, as a row or a
/// column); O(log n + k) for regular groups.
public final class CompositionalLayout: CollectionViewLayout {
    /// No appear hook is overridden: an animation's set-up need not ask it.
    override var appearsWithoutAttributes: Bool { true }

    /// Where sections come from.
    private enum Source {
        case shared(Section)
        case provider(SectionProvider)
    }

    private var source: Source
    /// The layout-wide configuration (set with `configure(_:)`).
    public private(set) var configuration: Configuration

    /// Every section uses `section` (`init(section:)`). Throws the validation's error.
    public init(section: Section, configuration: Configuration = .default) throws {
        try Self.validate(section)
        try configuration.validate()
        source = .shared(section)
        self.configuration = configuration
        super.init()
    }

    /// Each section's description comes from `provider` (`init(sectionProvider:)`), asked again at
    /// each layout pass that recomputes (bounds size changes, counts, invalidation).
    public init(configuration: Configuration = .default, provider: @escaping SectionProvider) throws {
        try configuration.validate()
        source = .provider(provider)
        self.configuration = configuration
        super.init()
    }

    /// Replaces the configuration, all or nothing; invalidates the view.
    public func configure(_ configuration: Configuration) throws {
        try configuration.validate()
        self.configuration = configuration
        changed()
    }

    /// Every section uses `section` from now on, all or nothing; invalidates the view.
    public func setSection(_ section: Section) throws {
        try Self.validate(section)
        source = .shared(section)
        changed()
    }

    /// The sections come from `provider` from now on; invalidates the view.
    public func setProvider(_ provider: @escaping SectionProvider) {
        source = .provider(provider)
        changed()
    }

    private func changed() {
        dirty = true
        shapeChanged = true
        collectionView?.invalidateLayout(.layoutAttributes)
    }

    // MARK: Prepared state

    struct Placed {
        var kind: ElementKind
        var frame: Rect
        var zIndex: Int
        /// 0: not pinned; −1: pinned to the visible leading edge (a header); +1: trailing (a footer).
        var pin: Int
        /// A section's item: where the frame starts along the scroll axis relative to the
        /// section's origin (`stack` sets the frame from it; the frame is relative until then).
        var rel = 0.0
    }

    /// A section as laid out on its own (`layOutSection`): everything along the scroll axis
    /// relative to where it starts (`length`, the relative reach, `bodyMain`, its boundary items'
    /// and decorations' `rel`, measured groups' starts), so that a section that only moves is not
    /// laid out again; `stack` puts the sections one after another and sets what depends on
    /// where a section is (`origin`, `end`, the reach, `mainStart`, the items' frames), in the
    /// full pass and after a count edit alike.
    struct PreparedSection {
        /// Where it starts and ends along the scroll axis (set by `stack`), and where it starts
        /// in its block (`FlowOriginBlocks`: `origin` is the block's base plus `local`).
        var origin = 0.0
        var local = 0.0
        var end = 0.0
        /// Reach of any element at rest along the scroll axis (badges, offsets may go past), set
        /// by `stack` from the relative reach.
        var reachMin = 0.0
        var reachMax = 0.0
        /// `end`, `reachMin` and `reachMax` relative to `origin`.
        var length = 0.0
        var relReachMin = 0.0
        var relReachMax = 0.0
        /// Main-axis (relative to `origin`) and cross-axis origin of group 0.
        var bodyMain = 0.0
        /// `origin + bodyMain` (set by `stack`): group g starts at `mainStart + g · pitch` along the
        /// scroll axis (regular), as the queries compute it.
        var mainStart = 0.0
        var bodyCross = 0.0
        var template = 0
        var itemCount = 0
        var groupCount = 0
        /// Group extent + interGroupSpacing along the scroll axis (regular), or across it
        /// (orthogonal).
        var pitch = 0.0
        var orthogonal = OrthogonalScrolling.none
        /// Scrollable extent across the scroll axis, and the leading/trailing insets there
        /// (groupPagingCentered's centring included).
        var orthoExtent = 0.0
        var orthoLead = 0.0
        var orthoInset = 0.0
        var placed = 0..<0
        var decorations = 0..<0
    }

    /// Group positions of a section whose measured cells change its groups' extents: group g
    /// starts at `starts[g]` along the scroll axis (relative to the section's origin) and is
    /// `extents[g]` long; every element of group g lies within `starts[g] + lo ... starts[g] +
    /// extents[g] + hi`.
    struct Irregular {
        var starts: [Double] = []
        var extents: [Double] = []
        var lo = 0.0
        var hi = 0.0
    }

    /// Puts section `s` at `local` in a block that starts at `base` along the scroll axis
    /// (`FlowOriginBlocks`' sums on two levels): its origin (`base + local`), reach and end
    /// (`base + (local + relative)`), body start, and its elements' and decorations' frames (each
    /// at the origin plus its offset in the section). The stacking pass and a lazily moved block
    /// (`CompositionalOriginBlocks`) write the same.
    @inline(__always)
    static func move(
        _ s: Int, base: Double, local l: Double, _ horizontal: Bool,
        _ secs: UnsafeMutableBufferPointer<PreparedSection>,
        _ placed: UnsafeMutableBufferPointer<Placed>, _ decorations: UnsafeMutableBufferPointer<Placed>
    ) {
        let pos = base + l
        secs[s].origin = pos
        secs[s].local = l
        secs[s].reachMin = base + (l + secs[s].relReachMin)
        secs[s].reachMax = base + (l + secs[s].relReachMax)
        secs[s].mainStart = pos + secs[s].bodyMain
        for j in secs[s].placed {
            if horizontal {
                placed[j].frame.origin.x = pos + placed[j].rel
            } else {
                placed[j].frame.origin.y = pos + placed[j].rel
            }
        }
        for j in secs[s].decorations {
            if horizontal {
                decorations[j].frame.origin.x = pos + decorations[j].rel
            } else {
                decorations[j].frame.origin.y = pos + decorations[j].rel
            }
        }
        secs[s].end = base + (l + secs[s].length)
    }

    struct State {
        var viewport = Size.zero
        var axis = FlowAxis(.vertical)
        var sections: [PreparedSection] = []
        var templates: [CompositionalTemplate] = []
        var placed: [Placed] = []
        var decorations: [Placed] = []
        /// Layout-wide boundary items.
        var global: [Placed] = []
        /// Prefix maximum of `reachMax`, suffix minimum of `reachMin`: monotone, for the search.
        var reach: [Double] = []
        var floor: [Double] = []
        var contentMain = 0.0
        var counts: [Int] = []
        /// The measured sizes this layout was prepared with.
        var measured: [Int: [Int: Size]] = [:]
        /// Sections whose groups have measured extents (cells of estimated size measured).
        var irregular: [Int: Irregular] = [:]
        /// Orthogonal sections with measured cells: how far (relative to a group's origin, across
        /// the scroll axis) their cells and badges may reach, for the groups' search.
        var slack: [Int: (lo: Double, hi: Double, mainLo: Double, mainHi: Double)] = [:]
        /// Whether any boundary item is pinned (a scroll then re-runs the cheap cycle).
        var hasPinned = false
        /// The sections in blocks, their origins sums on two levels (`FlowOriginBlocks`,
        /// `CompositionalOriginBlocks.swift`): made by `stack`; `staleBlocks` of them not written
        /// yet (a count edit moves later blocks lazily).
        var blocks: FlowOriginBlocks?
        var staleBlocks = 0

        // Section s's entries, without hashing s when the table is empty (it is unless cells of
        // estimated size were measured): a layout pass and a query ask for every section.
        @inline(__always) func measured(_ s: Int) -> [Int: Size]? { measured.isEmpty ? nil : measured[s] }
        @inline(__always) func irregular(_ s: Int) -> Irregular? { irregular.isEmpty ? nil : irregular[s] }
        @inline(__always)
        func slack(_ s: Int) -> (lo: Double, hi: Double, mainLo: Double, mainHi: Double)? {
            slack.isEmpty ? nil : slack[s]
        }
    }

    var state = State()
    var dirty = true
    /// The section, the provider or the configuration changed since the last full pass (a
    /// pass after counts changed alone can keep the sections before the change).
    private var shapeChanged = true
    /// Layout passes that kept sections after counts changed (`prepareChangedCounts`; the tests
    /// check that the path runs), and those of them that moved the later sections lazily.
    private(set) var changedCountPasses = 0
    private(set) var lazyCountPasses = 0
    var hasPrepared = false
    /// Measured sizes of items with estimated dimensions: section → item → size
    /// (`CompositionalLayout+SelfSizing.swift`), and each section's count when measured.
    var measured: [Int: [Int: Size]] = [:]
    var measuredCounts: [Int: Int] = [:]
    /// Each orthogonal section's offset across the scroll axis (absent: 0).
    private var offsets: [Int: Double] = [:]

    /// Elements pinned to the visible bounds draw over the others.
    public static let pinnedZIndex = FlowLayout.pinnedZIndex

    public override var drawsElementsWithinFrames: Bool { true }

    // MARK: The layout cycle

    /// Lays out every section (see the type's comment).
    /// - Throws: `.invalidArgument` for bounds that are not finite and non-negative or a
    ///   provider's section that fails validation (naming it), `.overflow` for geometry beyond the
    ///   coordinate range or a group of more than `maxGroupItems` cells, a provider's or custom
    ///   group's error. Nothing changes on error.
    public override func prepare() throws {
        let size = collectionView?.boundsSize ?? .zero
        guard size.isValidExtent else {
            throw LayoutError.invalid(
                "CompositionalLayout: bounds size \(size.width)x\(size.height) must be finite and non-negative")
        }
        let counts = collectionView?.counts ?? []
        // Counts change only with an invalidation that is not bounds-only (which sets `dirty`): the
        // check stays O(1), so a scroll (pinned items, orthogonal offsets) costs no O(S) pass.
        if hasPrepared, !dirty, size == state.viewport, counts.count == state.counts.count { return }
        for (s, n) in measuredCounts where s >= counts.count || counts[s] != n {
            measured[s] = nil
            measuredCounts[s] = nil
        }
        if try prepareChangedCounts(counts, size) { return }
        var st = State()
        st.measured = measured
        st.viewport = size
        st.axis = FlowAxis(configuration.scrollDirection)
        st.counts = counts
        st.sections.reserveCapacity(counts.count)
        let ax = st.axis
        let vCross = ax.cross(size)
        var pos = 0.0
        // Layout-wide leading items (C23), then sections, then trailing ones.
        try placeBoundary(
            configuration.boundaryItems, ax: ax, container: size, span: (0, vCross), pos: &pos, mainSide: -1,
            path: "configuration.boundaryItems", into: &st.global)
        let globalKinds = Set(configuration.boundaryItems.map(\.kind))
        var sharedTemplate: Int?
        switch source {
        case .shared(let section):
            // One section for all: bound once here, borrowed by every call (not copied per section).
            for (s, n) in counts.enumerated() {
                try layOutSection(
                    s, n, section, isShared: true, &st, &sharedTemplate, globalKinds: globalKinds, size: size)
            }
        case .provider(let provider):
            for (s, n) in counts.enumerated() {
                let section = try provider(s, Environment(containerSize: size))
                try Self.validate(section, "section[\(s)]")
                try layOutSection(
                    s, n, section, isShared: false, &st, &sharedTemplate, globalKinds: globalKinds, size: size)
            }
        }
        guard Self.stack(&st, pos: &pos, spacing: configuration.interSectionSpacing) else {
            throw LayoutError(.overflow, "compositional: the sections end beyond the coordinate range")
        }
        try placeBoundary(
            configuration.boundaryItems, ax: ax, container: size, span: (0, vCross), pos: &pos, mainSide: 1,
            path: "configuration.boundaryItems", into: &st.global)
        guard pos.isFinite, pos <= 4 * FlowLayout.maxMagnitude else {
            throw LayoutError(.overflow, "compositional: the content ends beyond the coordinate range")
        }
        st.contentMain = pos
        st.hasPinned = st.global.contains { $0.pin != 0 } || st.placed.contains { $0.pin != 0 }
        st.reach = []
        st.reach.reserveCapacity(st.sections.count)
        var m = -Double.infinity
        for sec in st.sections { m = FlowOriginBlocks.fold(max: m, sec.reachMax); st.reach.append(m) }
        st.floor = Array(repeating: 0, count: st.sections.count)
        var f = Double.infinity
        for i in stride(from: st.sections.count - 1, through: 0, by: -1) {
            f = FlowOriginBlocks.fold(min: f, st.sections[i].reachMin); st.floor[i] = f
        }
        Self.finishBlocks(&st)
        state = st
        dirty = false
        shapeChanged = false
        hasPrepared = true
    }

    /// The layout pass after counts changed and nothing else: one shared section, the
    /// configuration, the viewport and the section count as prepared, no measured cells. A
    /// section laid out on its own (`layOutSection`: relative to where it starts) depends only on
    /// its count and on whether it is the first, so the sections whose count changed are laid out
    /// again and nothing else; when one's length or reach changes, its block's local sums and
    /// every later block's base are made again (`FlowOriginBlocks`, the sums `stack` makes in the
    /// full pass), its block placed and later blocks left to settle when read
    /// (`CompositionalOriginBlocks.swift`). The result is the full pass's, bit for bit.
    ///
    /// Cost: O(S) comparisons of the counts, a section's layout for each changed section, and
    /// O(S / 256 + 256) for the blocks when a section's length changes. Returns false, with
    /// nothing changed, when it does not apply; throws as the full pass (nothing changed: the
    /// sections are laid out aside, and where they would end is checked before anything is
    /// written).
    private func prepareChangedCounts(_ counts: [Int], _ size: Size) throws -> Bool {
        guard hasPrepared, !shapeChanged, case .shared(let section) = source, size == state.viewport,
            measured.isEmpty, state.measured.isEmpty, state.irregular.isEmpty, state.slack.isEmpty,
            counts.count == state.counts.count, let first = state.sections.first
        else { return false }
        let n = counts.count
        // (Eight sections at a time: `CountComparison`.)
        let changed = CountComparison.changedSections(state.counts, counts) ?? []
        guard let firstChanged = changed.first else {
            dirty = false
            return true
        }
        var aside = State()
        aside.axis = state.axis
        aside.viewport = size
        aside.templates = state.templates
        var sharedTemplate: Int? = first.template
        let globalKinds = firstChanged == 0 ? Set(configuration.boundaryItems.map(\.kind)) : []
        for s in changed {
            try layOutSection(
                s, counts[s], section, isShared: true, &aside, &sharedTemplate, globalKinds: globalKinds, size: size)
        }
        // A section places as many boundary items and decorations whatever its count (one shared
        // section): written over the old ones, in place.
        for (k, s) in changed.enumerated() {
            let p = aside.sections[k], was = state.sections[s]
            guard p.placed.count == was.placed.count, p.decorations.count == was.decorations.count else {
                return false
            }
        }
        // Where the sections will end (`FlowOriginBlocks`' sums), checked before anything is
        // written: the changed sections' blocks' local sums again and the later blocks' bases, in
        // a copy of the blocks (O(sections / block + block)). Changed sections that keep their
        // length and reach (the rows kept) move nothing: only they are placed.
        let shift = FlowOriginBlocks.shift
        guard var blocks = state.blocks, blocks.count == FlowOriginBlocks.blocks(over: n) else { return false }
        let keepsPlace = changed.indices.allSatisfy { k in
            let p = aside.sections[k], was = state.sections[changed[k]]
            return p.length.bitPattern == was.length.bitPattern
                && p.relReachMin.bitPattern == was.relReachMin.bitPattern
                && p.relReachMax.bitPattern == was.relReachMax.bitPattern
        }
        let fb = firstChanged >> shift, lb = changed[changed.count - 1] >> shift
        var staled = 0
        if !keepsPlace {
            var next = 0  // (the next changed section; the blocks' sections are read in order)
            for k in fb...lb {
                let start = k << shift
                blocks.setLocal(k, sections: Swift.min(n, start + FlowOriginBlocks.size) - start) { i in
                    let s = start + i
                    while next < changed.count, changed[next] < s { next += 1 }
                    let sec = next < changed.count && changed[next] == s ? aside.sections[next] : state.sections[s]
                    return (sec.length, sec.relReachMin, sec.relReachMax)
                }
            }
            staled = blocks.propagate(restacked: fb, through: lb)
            for k in fb..<blocks.count {
                let e = blocks.base[k] + blocks.extent[k]
                guard e.isFinite, e <= 4 * FlowLayout.maxMagnitude else {
                    throw LayoutError(.overflow, "compositional: the sections end beyond the coordinate range")
                }
            }
        }
        // The layout-wide items again (the leading ones land where they were).
        var global: [Placed] = []
        var lead = 0.0, contentMain = blocks.end(start: first.origin)
        let ax = state.axis, vCross = ax.cross(size)
        try placeBoundary(
            configuration.boundaryItems, ax: ax, container: size, span: (0, vCross), pos: &lead, mainSide: -1,
            path: "configuration.boundaryItems", into: &global)
        try placeBoundary(
            configuration.boundaryItems, ax: ax, container: size, span: (0, vCross), pos: &contentMain, mainSide: 1,
            path: "configuration.boundaryItems", into: &global)
        guard contentMain.isFinite, contentMain <= 4 * FlowLayout.maxMagnitude else {
            throw LayoutError(.overflow, "compositional: the content ends beyond the coordinate range")
        }
        // Nothing can fail from here.
        for (k, s) in changed.enumerated() {
            var p = aside.sections[k]
            let was = state.sections[s]
            for j in 0..<p.placed.count {
                state.placed[was.placed.lowerBound + j] = aside.placed[p.placed.lowerBound + j]
            }
            for j in 0..<p.decorations.count {
                state.decorations[was.decorations.lowerBound + j] = aside.decorations[p.decorations.lowerBound + j]
            }
            p.placed = was.placed
            p.decorations = was.decorations
            p.local = was.local
            state.sections[s] = p
        }
        state.global = global
        state.contentMain = contentMain
        state.counts = counts
        changedCountPasses += 1
        if keepsPlace {
            // Where they were (their blocks' bases and local sums as they were); every reach and
            // floor entry as it was.
            Self.place(&state, changed)
        } else {
            lazyCountPasses += 1
            state.blocks = blocks
            state.staleBlocks += staled
            Self.settle(&state, blocks: fb...lb)
        }
        dirty = false
        return true
    }

    /// Places the sections from the first on one after another from `pos` (where the first
    /// section starts), `interSectionSpacing` apart, by `FlowOriginBlocks`' sums on two levels,
    /// and makes the blocks (their reach ends and floor starts: `finishBlocks`): each section's
    /// `origin`, `end`, reach and group origin, and its boundary items' and decorations' frames
    /// along the scroll axis (`move`). Returns whether every section ends finite and within the
    /// coordinate range; `pos` ends at the last section's end. O(sections + their boundary items
    /// and decorations).
    static func stack(_ st: inout State, pos: inout Double, spacing: Double) -> Bool {
        var fits = true
        let horizontal = st.axis.horizontal, shift = FlowOriginBlocks.shift
        let n = st.sections.count, nb = FlowOriginBlocks.blocks(over: n)
        var b = FlowOriginBlocks(blocks: nb, gap: spacing)
        var base = pos
        st.sections.withUnsafeMutableBufferPointer { secs in
            st.placed.withUnsafeMutableBufferPointer { placed in
                st.decorations.withUnsafeMutableBufferPointer { decorations in
                    for k in 0..<nb {
                        if k > 0 { base = (base + b.extent[k - 1]) + spacing }
                        let start = k << shift
                        var l = 0.0, hi = -Double.infinity, lo = Double.infinity
                        for s in start..<Swift.min(n, start + FlowOriginBlocks.size) {
                            if s > start { l += spacing }
                            Self.move(s, base: base, local: l, horizontal, secs, placed, decorations)
                            hi = FlowOriginBlocks.fold(max: hi, l + secs[s].relReachMax)
                            lo = FlowOriginBlocks.fold(min: l + secs[s].relReachMin, lo)  // (equal: the later)
                            l += secs[s].length
                            if !(secs[s].end.isFinite && secs[s].end <= 4 * FlowLayout.maxMagnitude) { fits = false }
                        }
                        b.base[k] = base
                        b.extent[k] = l
                        b.relHigh[k] = hi
                        b.relLow[k] = lo
                    }
                }
            }
        }
        pos = b.end(start: pos)
        st.blocks = b
        st.staleBlocks = 0
        return fits
    }

    /// One section of the layout pass (C1-C21 for one section): its template (solved, or the
    /// shared one), its boundary items, decorations and reach, appended to `st`, along the scroll
    /// axis relative to where it starts (`stack` places it). O(its boundary and decoration
    /// items), and O(group) when its template is solved.
    private func layOutSection(
        _ s: Int, _ n: Int, _ section: Section, isShared: Bool, _ st: inout State,
        _ sharedTemplate: inout Int?, globalKinds: Set<ElementKind>, size: Size
    ) throws {
        let ax = st.axis
        let vCross = ax.cross(size)
        if s == 0, !globalKinds.isEmpty {
            let own = Set(section.boundaryItems.map(\.kind)).union(Self.badgeKinds(section.group))
            if let k = own.intersection(globalKinds).first {
                throw LayoutError.invalid(
                    "compositional section[0]: kind \(k.rawValue) is also a layout-wide boundary item's (same "
                        + "index path 0-0)")
            }
        }
        var pos = 0.0
        let ins = section.contentInsets
        // C1, Q1: fractions are of the viewport less the section's insets on both axes.
        let container = Size(
            width: Swift.max(0, size.width - ins.left - ins.right),
            height: Swift.max(0, size.height - ins.top - ins.bottom))
        let tIndex: Int
        if let shared = sharedTemplate {
            tIndex = shared
        } else {
            let t = try CompositionalGroupSolver.solve(
                section.group, container: container, path: "section[\(s)].group")
            st.templates.append(t)
            tIndex = st.templates.count - 1
            if isShared { sharedTemplate = tIndex }
        }
        // The template's scalars read in place (a copy of the template would retain its tables).
        let cellCount = st.templates[tIndex].cellCount, tSize = st.templates[tIndex].size
        let hasEstimated = st.templates[tIndex].hasEstimated, tBounds = st.templates[tIndex].bounds
        var p = PreparedSection(template: tIndex, itemCount: n)
        let k = cellCount
        p.groupCount = k > 0 ? n / k + (n % k == 0 ? 0 : 1) : 0
        p.orthogonal = section.orthogonalScrolling
        let gMain = ax.main(tSize), gCross = ax.cross(tSize)
        let crossLead = ax.crossLeading(ins), crossTrail = ax.crossTrailing(ins)
        let follows = section.supplementariesFollowContentInsets
        let bContainer = follows ? container : size
        let span = follows ? (crossLead, Swift.max(crossLead, vCross - crossTrail)) : (0.0, vCross)
        let start = st.placed.count
        try placeBoundary(
            section.boundaryItems, ax: ax, container: bContainer, span: span, pos: &pos, mainSide: -1,
            path: "section[\(s)].boundaryItems", into: &st.placed)
        p.bodyMain = pos + ax.mainLeading(ins)
        p.bodyCross = crossLead
        let g = Double(p.groupCount)
        var bodyExtent = 0.0
        if p.orthogonal == .none {
            p.pitch = gMain + section.interGroupSpacing
            bodyExtent = p.groupCount > 0 ? g * gMain + (g - 1) * section.interGroupSpacing : 0
            if hasEstimated, !measured.isEmpty, let m = measured[s], !m.isEmpty, p.groupCount > 0 {
                let irr = try Self.irregular(
                    st.templates[tIndex], m, groups: p.groupCount, items: n, start: p.bodyMain,
                    spacing: section.interGroupSpacing, ax: ax, section: s)
                bodyExtent = irr.starts[p.groupCount] - section.interGroupSpacing - p.bodyMain
                st.irregular[s] = irr
            }
        } else {
            // C20, C21: one group thick; groups across, groupPagingCentered centres each.
            if hasEstimated, !measured.isEmpty, let m = measured[s], !m.isEmpty {
                st.slack[s] = Self.crossReach(st.templates[tIndex], m, items: n, ax: ax)
            }
            p.pitch = gCross + section.interGroupSpacing
            var centring = 0.0
            if p.orthogonal == .groupPagingCentered {
                centring = Swift.max(0, (vCross - crossLead - crossTrail - gCross) / 2)
            }
            p.bodyCross = crossLead + centring
            p.orthoLead = crossLead + centring
            p.orthoInset = crossLead
            bodyExtent = p.groupCount > 0 ? gMain : 0
            let groups = p.groupCount > 0 ? g * gCross + (g - 1) * section.interGroupSpacing : 0
            p.orthoExtent = p.bodyCross + groups + crossTrail + centring
        }
        pos = p.bodyMain + bodyExtent + ax.mainTrailing(ins)
        // Side-aligned (leading/trailing in a vertical layout) items sit at the content's start.
        var side = p.bodyMain - ax.mainLeading(ins)
        try placeBoundary(
            section.boundaryItems, ax: ax, container: bContainer, span: span, pos: &side, mainSide: 0,
            path: "section[\(s)].boundaryItems", into: &st.placed)
        try placeBoundary(
            section.boundaryItems, ax: ax, container: bContainer, span: span, pos: &pos, mainSide: 1,
            path: "section[\(s)].boundaryItems", into: &st.placed)
        p.length = pos
        p.placed = start..<st.placed.count
        guard p.length.isFinite, p.orthoExtent.isFinite, p.length <= 4 * FlowLayout.maxMagnitude else {
            throw LayoutError(.overflow, "compositional section[\(s)] ends beyond the coordinate range")
        }
        // C18, Q12: backgrounds cover the whole section, boundary items included.
        let dStart = st.decorations.count
        for d in section.decorationItems {
            let full = ax.rect(main: 0, cross: 0, mainLength: p.length, crossLength: vCross)
            let f = Rect(
                x: full.minX + d.contentInsets.left, y: full.minY + d.contentInsets.top,
                width: Swift.max(0, full.width - d.contentInsets.left - d.contentInsets.right),
                height: Swift.max(0, full.height - d.contentInsets.top - d.contentInsets.bottom))
            st.decorations.append(Placed(kind: d.kind, frame: f, zIndex: d.zIndex, pin: 0, rel: ax.main(f.origin)))
        }
        p.decorations = dStart..<st.decorations.count
        // Reach along the scroll axis.
        p.relReachMin = 0
        p.relReachMax = p.length
        if let irr = st.irregular(s) {
            let last = p.groupCount - 1
            p.relReachMin = Swift.min(p.relReachMin, p.bodyMain + irr.lo)
            p.relReachMax = Swift.max(p.relReachMax, irr.starts[last] + irr.extents[last] + irr.hi)
        } else if p.groupCount > 0 {
            var bMin = ax.main(tBounds.origin), bMax = bMin + ax.main(tBounds.size)
            if let sl = st.slack(s) { (bMin, bMax) = (Swift.min(bMin, sl.mainLo), Swift.max(bMax, sl.mainHi)) }
            let last = p.orthogonal == .none ? p.bodyMain + (g - 1) * p.pitch : p.bodyMain
            p.relReachMin = Swift.min(p.relReachMin, p.bodyMain + bMin)
            p.relReachMax = Swift.max(p.relReachMax, last + bMax)
        }
        for b in st.placed[p.placed] {
            p.relReachMin = Swift.min(p.relReachMin, ax.main(b.frame.origin))
            p.relReachMax = Swift.max(p.relReachMax, ax.main(b.frame.origin) + ax.main(b.frame.size))
        }

        st.sections.append(p)
    }

    static func badgeKinds(_ g: Group) -> Set<ElementKind> {
        var out = Set<ElementKind>()
        for e in g.subitems {
            switch e {
            case .item(let i): for b in i.supplementaryItems { out.insert(b.kind) }
            case .group(let sub): out.formUnion(badgeKinds(sub))
            }
        }
        return out
    }

    /// Which side of the section an alignment puts an item on along the scroll axis (−1
    /// leading, +1 trailing, 0 beside it) and across it (−1, 0 centred (Q14), +1).
    static func sides(_ a: Alignment, horizontalScroll: Bool) -> (main: Int, cross: Int) {
        let vertical: Int, horizontal: Int
        switch a {
        case .top: (vertical, horizontal) = (-1, 0)
        case .topLeading: (vertical, horizontal) = (-1, -1)
        case .leading: (vertical, horizontal) = (0, -1)
        case .bottomLeading: (vertical, horizontal) = (1, -1)
        case .bottom: (vertical, horizontal) = (1, 0)
        case .bottomTrailing: (vertical, horizontal) = (1, 1)
        case .trailing: (vertical, horizontal) = (0, 1)
        case .topTrailing: (vertical, horizontal) = (-1, 1)
        case .none: (vertical, horizontal) = (0, 0)
        }
        return horizontalScroll ? (horizontal, vertical) : (vertical, horizontal)
    }

    /// Places the boundary items on `mainSide` of the section (C16): those extending the
    /// boundary stacked from `pos` (which moves past them), the others (Q15) at `pos` (leading)
    /// or ending there (trailing) without taking room; across the axis inside `span`.
    private func placeBoundary(
        _ items: [BoundaryItem], ax: FlowAxis, container: Size, span: (Double, Double), pos: inout Double,
        mainSide: Int, path: @autoclosure () -> String, into out: inout [Placed]
    ) throws {
        guard !items.isEmpty else { return }
        let startPos = pos
        for (i, b) in items.enumerated() {
            let sd = Self.sides(b.alignment, horizontalScroll: ax.horizontal)
            guard sd.main == mainSide else { continue }
            let sz = b.size.resolve(in: container)
            guard sz.isFinite else { throw LayoutError(.overflow, "compositional \(path())[\(i)]: size overflows") }
            let m = ax.main(sz), c = ax.cross(sz)
            let crossPos: Double
            switch sd.cross {
            case -1: crossPos = span.0
            case 1: crossPos = span.1 - c
            default: crossPos = span.0 + (span.1 - span.0 - c) / 2
            }
            var mainPos: Double
            if mainSide == 1 && !b.extendsBoundary {
                mainPos = startPos - m
            } else {
                mainPos = pos
                if b.extendsBoundary && mainSide != 0 { pos += m }
            }
            if mainSide == 0 { mainPos = startPos }
            var f = ax.rect(main: mainPos, cross: crossPos, mainLength: m, crossLength: c)
            f.origin.x += b.absoluteOffset.x
            f.origin.y += b.absoluteOffset.y
            let pin = b.pinToVisibleBounds ? (mainSide == 1 ? 1 : -1) : 0
            out.append(
                Placed(
                    kind: b.kind, frame: f, zIndex: pin != 0 ? Swift.max(b.zIndex, Self.pinnedZIndex) : b.zIndex,
                    pin: pin, rel: ax.main(f.origin)))
        }
    }

    /// (viewport's cross extent, end of the last section or layout footer) on the scroll axis.
    public override func collectionViewContentSize() throws -> Size {
        state.axis.size(main: state.contentMain, cross: state.axis.cross(state.viewport))
    }

    // MARK: Frames

    /// The cross-axis shift of a section's cells: its orthogonal offset.
    private func shift(_ s: Int) -> Double {
        state.sections[s].orthogonal == .none ? 0 : (offsets[s] ?? 0)
    }

    /// Origin of group g of section s, as displayed (orthogonal offset applied).
    private func groupOrigin(_ s: Int, _ g: Int) -> Point {
        let sec = state.sections[s]
        let ax = state.axis
        if sec.orthogonal == .none {
            let main = state.irregular(s).map { sec.origin + $0.starts[g] } ?? sec.mainStart + Double(g) * sec.pitch
            return ax.rect(main: main, cross: sec.bodyCross, mainLength: 0, crossLength: 0).origin
        }
        let r = ax.rect(
            main: sec.mainStart, cross: sec.bodyCross + Double(g) * sec.pitch - shift(s), mainLength: 0,
            crossLength: 0)
        return r.origin
    }

    private func offset(_ r: Rect, _ o: Point) -> Rect {
        Rect(x: r.minX + o.x, y: r.minY + o.y, width: r.width, height: r.height)
    }

    /// The frame of item i of section s as displayed, or nil outside the counts. O(1).
    public func frameForItem(at ip: IndexPath) -> Rect? {
        guard ip.section >= 0, ip.section < state.sections.count else { return nil }
        settleOrigin(ofSection: ip.section)
        let sec = state.sections[ip.section]
        let t = state.templates[sec.template]
        guard ip.item >= 0, ip.item < sec.itemCount, t.cellCount > 0 else { return nil }
        let g = ip.item / t.cellCount
        return offset(
            Self.cell(t, ip.item % t.cellCount, state.measured[ip.section]?[ip.item]), groupOrigin(ip.section, g))
    }

    /// Template cell `leaf` (relative to its group), its estimated dimensions replaced by a
    /// measured size.
    static func cell(_ t: CompositionalTemplate, _ leaf: Int, _ measured: Size?) -> Rect {
        var c = t.cells[leaf]
        guard let m = measured, t.estimated[leaf] != 0 else { return c }
        if t.estimated[leaf] & 1 != 0 { c.size.width = m.width }
        if t.estimated[leaf] & 2 != 0 { c.size.height = m.height }
        return c
    }

    /// Badge `j` of the template (of cell `leaf`), placed again on the cell when it was measured.
    static func badge(_ t: CompositionalTemplate, _ j: Int, _ leaf: Int, _ measured: Size?) -> Rect {
        guard measured != nil, t.estimated[leaf] != 0 else { return t.badges[j].frame }
        return CompositionalGroupSolver.badgeFrame(t.badgeSpecs[j], on: Self.cell(t, leaf, measured))
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) throws -> LayoutAttributes? {
        frameForItem(at: indexPath).map { .cell(indexPath, frame: $0) }
    }

    /// A boundary item's frame as displayed: pinned ones follow the visible rect (C17, Q6)
    /// within `lo ... hi` along the scroll axis.
    private func displayed(_ p: Placed, lo: Double, hi: Double, visible: Rect) -> Rect {
        guard p.pin != 0 else { return p.frame }
        let ax = state.axis
        let m = ax.main(p.frame.size)
        var main = ax.main(p.frame.origin)
        if p.pin < 0 {
            main = Swift.max(main, Swift.min(ax.main(visible.origin), hi - m))
        } else {
            main = Swift.min(main, Swift.max(ax.main(visible.origin) + ax.main(visible.size) - m, lo))
        }
        var f = p.frame
        if ax.horizontal { f.origin.x = main } else { f.origin.y = main }
        return f
    }

    private func boundaryAttributes(_ p: Placed, _ ip: IndexPath, lo: Double, hi: Double) -> LayoutAttributes {
        var a = LayoutAttributes.supplementary(p.kind, ip, frame: displayed(p, lo: lo, hi: hi, visible: visibleRect))
        a.zIndex = p.zIndex
        return a
    }

    public override func layoutAttributesForSupplementaryView(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> LayoutAttributes? {
        let s = indexPath.section, i = indexPath.item
        guard s >= 0, i >= 0 else { return nil }
        if s == 0, i == 0, let p = state.global.first(where: { $0.kind == kind }) {
            return boundaryAttributes(p, indexPath, lo: 0, hi: state.contentMain)
        }
        guard s < state.sections.count else { return nil }
        settleOrigin(ofSection: s)
        let sec = state.sections[s]
        if i == 0, let p = state.placed[sec.placed].first(where: { $0.kind == kind }) {
            return boundaryAttributes(p, indexPath, lo: sec.origin, hi: sec.end)
        }
        let t = state.templates[sec.template]
        guard i < sec.itemCount, t.cellCount > 0 else { return nil }
        let leaf = i % t.cellCount
        let m = state.measured(s)?[i]
        for j in t.badgeStart[leaf]..<t.badgeStart[leaf + 1] where t.badges[j].kind == kind {
            var a = LayoutAttributes.supplementary(
                kind, indexPath, frame: offset(Self.badge(t, j, leaf, m), groupOrigin(s, i / t.cellCount)))
            a.zIndex = t.badges[j].zIndex
            return a
        }
        return nil
    }

    public override func layoutAttributesForDecorationView(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> LayoutAttributes? {
        let s = indexPath.section
        guard s >= 0, s < state.sections.count, indexPath.item == 0 else { return nil }
        settleOrigin(ofSection: s)
        guard let d = state.decorations[state.sections[s].decorations].first(where: { $0.kind == kind }) else {
            return nil
        }
        var a = LayoutAttributes.decoration(kind, indexPath, frame: d.frame)
        a.zIndex = d.zIndex
        return a
    }

    // MARK: Rect query

    /// The first index in `0 ..< n` for which `isAfter` holds (n if none). O(log n).
    static func firstIndex(_ n: Int, _ isAfter: (Int) -> Bool) -> Int {
        var lo = 0, hi = n
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if isAfter(mid) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// See the type's comment for the cost.
    public override func layoutAttributesForElements(in rect: Rect, into sink: ElementSink) throws {
        guard rect.isFinite, rect.width > 0, rect.height > 0, hasPrepared else { return }
        let ax = state.axis
        let visible = visibleRect
        for p in state.global {
            let f = displayed(p, lo: 0, hi: state.contentMain, visible: visible)
            if f.intersects(rect) {
                var a = LayoutAttributes.supplementary(p.kind, IndexPath(section: 0, item: 0), frame: f)
                a.zIndex = p.zIndex
                try sink.add(a)
            }
        }
        let rMin = ax.main(rect.origin), rMax = rMin + ax.main(rect.size)
        let n = state.sections.count
        if state.staleBlocks != 0 { settleOrigins(main: rMin, rMax) }
        var s = Self.firstSection(state, after: rMin)
        while s < n, state.floor[s] < rMax {
            let sec = state.sections[s]
            defer { s += 1 }
            guard sec.reachMax > rMin, sec.reachMin < rMax else { continue }
            for d in state.decorations[sec.decorations] where d.frame.intersects(rect) {
                var a = LayoutAttributes.decoration(d.kind, IndexPath(section: s, item: 0), frame: d.frame)
                a.zIndex = d.zIndex
                try sink.add(a)
            }
            for p in state.placed[sec.placed] {
                let f = displayed(p, lo: sec.origin, hi: sec.end, visible: visible)
                guard f.intersects(rect) else { continue }
                var a = LayoutAttributes.supplementary(p.kind, IndexPath(section: s, item: 0), frame: f)
                a.zIndex = p.zIndex
                try sink.add(a)
            }
            try queryCells(s, rect, sink)
        }
    }

    /// The cells and badges of section s meeting `rect`.
    private func queryCells(_ s: Int, _ rect: Rect, _ sink: ElementSink) throws {
        let sec = state.sections[s]
        guard sec.groupCount > 0 else { return }
        let t = state.templates[sec.template]
        let ax = state.axis
        let k = t.cellCount
        // The groups whose bounds meet the rect along the axis they repeat on.
        let along: (Rect) -> (Double, Double)
        if sec.orthogonal == .none {
            along = { (ax.main($0.origin), ax.main($0.origin) + ax.main($0.size)) }
        } else {
            along = { (ax.cross($0.origin), ax.cross($0.origin) + ax.cross($0.size)) }
        }
        var (bLo, bHi) = along(t.bounds)
        if let sl = state.slack(s) { (bLo, bHi) = (Swift.min(bLo, sl.lo), Swift.max(bHi, sl.hi)) }
        let (rLo, rHi) = along(rect)
        let base = along(Rect(origin: groupOrigin(s, 0), size: .zero)).0
        let irr = state.irregular(s)
        let m = state.measured(s)
        var g0: Int, g1: Int
        if let irr {
            // Group origins as `groupOrigin` sums them.
            g0 = Self.firstIndex(sec.groupCount) { sec.origin + irr.starts[$0] + irr.extents[$0] + irr.hi > rLo }
            g1 = Self.firstIndex(sec.groupCount) { sec.origin + irr.starts[$0] + irr.lo >= rHi }
        } else {
            g0 = Self.firstIndex(sec.groupCount) { base + Double($0) * sec.pitch + bHi > rLo }
            g1 = Self.firstIndex(sec.groupCount) { base + Double($0) * sec.pitch + bLo >= rHi }
        }
        var g = g0
        while g < g1 {
            let o = groupOrigin(s, g)
            let local = Rect(x: rect.minX - o.x, y: rect.minY - o.y, width: rect.width, height: rect.height)
            let limit = Swift.min(k, sec.itemCount - g * k)
            do {
                var lo = 0, hi = limit
                if m != nil {
                    // Measured cells may break the template's order: each cell is looked at.
                } else if t.sortedAxis == 1 {
                    lo = Self.firstIndex(limit) { t.cells[$0].maxX > local.minX }
                    hi = Self.firstIndex(limit) { t.cells[$0].minX >= local.maxX }
                } else if t.sortedAxis == 2 {
                    lo = Self.firstIndex(limit) { t.cells[$0].maxY > local.minY }
                    hi = Self.firstIndex(limit) { t.cells[$0].minY >= local.maxY }
                }
                var i = lo
                while i < hi {
                    let c = Self.cell(t, i, m?[g * k + i])
                    if c.intersects(local) { try sink.cell(section: s, item: g * k + i, frame: offset(c, o)) }
                    i += 1
                }
                if !t.badges.isEmpty {
                    var j = 0
                    while j < t.badgeStart[limit] {
                        let b = t.badges[j]
                        let leaf = Self.firstIndex(limit) { t.badgeStart[$0 + 1] > j }
                        let f = Self.badge(t, j, leaf, m?[g * k + leaf])
                        if f.intersects(local) {
                            var a = LayoutAttributes.supplementary(
                                b.kind, IndexPath(section: s, item: g * k + leaf), frame: offset(f, o))
                            a.zIndex = b.zIndex
                            try sink.add(a)
                        }
                        j += 1
                    }
                }
            }
            g += 1
        }
    }

    // MARK: Rollback

    /// A prepare for new counts forgets the measurements of the sections whose count changed
    /// (`CompositionalLayout+SelfSizing.swift`): a batch update that fails after it gives them
    /// back. O(1) (shared until written).
    public override func stateForRollback() -> Any? { (measured, measuredCounts) }

    public override func restore(forRollback state: Any) {
        restoreSelfSizing(state, relayingOut: [])
    }

    // MARK: Invalidation

    /// True when the size changes (fractions and the provider's environment follow it, C22), or
    /// on any bounds change while an item is pinned.
    public override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        let old = collectionView?.bounds ?? .zero
        if newBounds.size != old.size { return true }
        return state.hasPinned && newBounds != old
    }

    public override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
        let old = collectionView?.bounds ?? .zero
        return newBounds.size != old.size ? .layoutAttributes : .boundsOnly
    }

    public override func invalidateLayout(with context: InvalidationContext) {
        if !context.isBoundsOnly { dirty = true }
    }

    // MARK: Orthogonal scrolling (C20, C21)

    private func orthogonalSection(_ s: Int) throws -> PreparedSection {
        guard hasPrepared else { throw LayoutError.state("compositional: the layout has not been prepared") }
        guard s >= 0, s < state.sections.count else {
            throw LayoutError.outOfRange("compositional: section \(s) is out of range (\(state.sections.count))")
        }
        let sec = state.sections[s]
        guard sec.orthogonal != .none else {
            throw LayoutError.invalid("compositional: section \(s) does not scroll orthogonally")
        }
        return sec
    }

    /// Section s's offset across the scroll axis (0 until set). Throws `.outOfRange` for a
    /// section outside the prepared counts, `.invalidArgument` for a section that does not scroll
    /// orthogonally, `.state` before the first prepare. O(1).
    public func orthogonalOffset(section s: Int) throws -> Double {
        _ = try orthogonalSection(s)
        return offsets[s] ?? 0
    }

    /// Sets section s's offset across the scroll axis (the host's scroll of that section: any
    /// finite value within ±`FlowLayout.maxMagnitude`, rubber-banding included); the rect queries
    /// show its cells there. Errors as `orthogonalOffset`, `.invalidArgument` for a bad value;
    /// nothing changes on error. The offset belongs to the section index: a batch update does
    /// not move it. O(1).
    public func setOrthogonalOffset(_ x: Double, section s: Int) throws {
        _ = try orthogonalSection(s)
        guard x.isFinite, x.magnitude <= FlowLayout.maxMagnitude else {
            throw LayoutError.invalid("compositional: orthogonal offset \(x) must be finite and within 1e12")
        }
        offsets[s] = x
        collectionView?.invalidateLayout(.boundsOnly)
    }

    /// The scrollable extent of section s across the scroll axis (its content width in a
    /// vertical layout: leading inset, groups, spacings, trailing inset). O(1).
    public func orthogonalContentExtent(section s: Int) throws -> Double {
        try orthogonalSection(s).orthoExtent
    }

    /// Where section s comes to rest after a gesture that started at `start`, would decelerate
    /// to `proposed`, with `velocity` (points per second, across the scroll axis), by its
    /// behaviour (C21, Q8–Q11, Q18). O(1).
    public func targetOrthogonalOffset(
        section s: Int, start: Double, proposed: Double, velocity: Double
    ) throws
        -> Double
    {
        let sec = try orthogonalSection(s)
        for (name, v) in [("start", start), ("proposed", proposed), ("velocity", velocity)] {
            guard v.isFinite, v.magnitude <= FlowLayout.maxMagnitude else {
                throw LayoutError.invalid("compositional: target offset \(name) \(v) must be finite and within 1e12")
            }
        }
        let t = state.templates[sec.template]
        return CompositionalSnapping(
            behavior: sec.orthogonal, viewport: state.axis.cross(state.viewport), extent: sec.orthoExtent,
            firstGroup: sec.orthoLead, groupExtent: state.axis.cross(t.size), pitch: sec.pitch,
            groupCount: sec.groupCount, leadingInset: sec.orthoInset
        ).target(start: start, proposed: proposed, velocity: velocity)
    }

    /// Bytes of the prepared tables.
    public var compositionalFootprint: Int {
        state.sections.count * MemoryLayout<PreparedSection>.stride + state.placed.count
            * MemoryLayout<Placed>.stride
            + state.templates.reduce(0) { $0 + $1.cells.count * 32 + $1.badges.count * 48 + $1.badgeStart.count * 8 }
    }
}
