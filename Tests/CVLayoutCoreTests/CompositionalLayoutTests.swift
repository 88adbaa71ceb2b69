import XCTest

@testable import CVLayoutCore

// Foundation (through XCTest) has its own IndexPath.
private typealias IndexPath = CVLayoutCore.IndexPath
private typealias L = CompositionalLayout

/// The compositional layout. Frames worked by hand from the screens of Apple's sample
/// "Implementing Modern Collection Views" (each test names its view controller) and from the
/// rules of docs/compositional-rules.md; then invariants against brute force on random
/// descriptions.
final class CompositionalLayoutTests: XCTestCase {
    private let badge = ElementKind(rawValue: 100)
    private let background = ElementKind(rawValue: 101)

    private func makeCV(_ counts: [Int], _ layout: L, _ w: Double = 400, _ h: Double = 800) throws -> CollectionView {
        try makeCV(StaticDataSource(counts), layout, w, h)
    }

    /// A view of `layout` over `ds` (whose counts a test may change), laid out at `w` x `h`.
    private func makeCV(_ ds: StaticDataSource, _ layout: L, _ w: Double, _ h: Double) throws -> CollectionView {
        let cv = try CollectionView(dataSource: ds, layout: layout)
        try cv.setBoundsSize(Size(width: w, height: h))
        try cv.layoutIfNeeded()
        return cv
    }

    private func frame(_ l: L, _ s: Int, _ i: Int) throws -> Rect {
        try XCTUnwrap(l.layoutAttributesForItem(at: IndexPath(section: s, item: i))).frame
    }

    private func supp(_ l: L, _ k: ElementKind, _ s: Int, _ i: Int) throws -> Rect? {
        try l.layoutAttributesForSupplementaryView(ofKind: k, at: IndexPath(section: s, item: i))?.frame
    }

    private func assertNear(_ a: Rect, _ b: Rect, file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in [(a.minX, b.minX), (a.minY, b.minY), (a.width, b.width), (a.height, b.height)] {
            XCTAssertEqual(x, y, accuracy: 1e-9, "\(a) vs \(b)", file: file, line: line)
        }
    }

    private func size(_ w: L.Dimension, _ h: L.Dimension) -> L.LayoutSize { L.LayoutSize(width: w, height: h) }
    private func item(_ w: L.Dimension, _ h: L.Dimension) -> L.Item { L.Item(size: size(w, h)) }
    private func insets(_ v: Double) -> EdgeInsets { EdgeInsets(top: v, left: v, bottom: v, right: v) }

    /// GridViewController: items 0.2 × 1.0 of a group 1.0 wide, 0.2·width high: five a row.
    /// 400 wide: 80 × 80; item 7 = group 1, place 2: (160, 80); 94 items: 19 rows, 1520 high.
    func testGridSample() throws {
        let g = L.Group.horizontal(
            size(.fractionalWidth(1), .fractionalWidth(0.2)),
            subitems: [.item(item(.fractionalWidth(0.2), .fractionalHeight(1)))])
        let l = try L(section: L.Section(group: g))
        let cv = try makeCV([94], l)
        XCTAssertEqual(try frame(l, 0, 7), Rect(x: 160, y: 80, width: 80, height: 80))
        XCTAssertEqual(try frame(l, 0, 93), Rect(x: 240, y: 1440, width: 80, height: 80))
        XCTAssertEqual(try cv.contentSize(), Size(width: 400, height: 1520))
        XCTAssertNil(try l.layoutAttributesForItem(at: IndexPath(section: 0, item: 94)))
    }

    /// TwoColumnViewController: `subitem:count: 2`, spacing fixed 10, interGroupSpacing 10,
    /// insets 10. 400 wide: container 380, slots (380 − 10) / 2 = 185; item 3 = group 1, slot 1:
    /// (10 + 185 + 10, 10 + 54) = (205, 64). 94 items: 47 rows: 10 + 47·44 + 46·10 + 10 = 2548.
    func testTwoColumnSample() throws {
        var g = L.Group(
            .horizontal, size: size(.fractionalWidth(1), .absolute(44)),
            subitems: [.item(item(.fractionalWidth(1), .fractionalHeight(1)))], fill: .count(2))
        g.interItemSpacing = .fixed(10)
        var s = L.Section(group: g)
        s.interGroupSpacing = 10
        s.contentInsets = insets(10)
        let l = try L(section: s)
        let cv = try makeCV([94], l)
        XCTAssertEqual(try frame(l, 0, 0), Rect(x: 10, y: 10, width: 185, height: 44))
        XCTAssertEqual(try frame(l, 0, 3), Rect(x: 205, y: 64, width: 185, height: 44))
        XCTAssertEqual(try cv.contentSize(), Size(width: 400, height: 2548))
    }

    /// InsetItemsGridViewController: the grid with item contentInsets 2: each 80 × 80 slot holds a
    /// 76 × 76 cell 2 in; item 6 = (80 + 2, 80 + 2).
    func testInsetItemsGridSample() throws {
        var it = item(.fractionalWidth(0.2), .fractionalHeight(1))
        it.contentInsets = insets(2)
        let g = L.Group.horizontal(size(.fractionalWidth(1), .fractionalWidth(0.2)), subitems: [.item(it)])
        let l = try L(section: L.Section(group: g))
        _ = try makeCV([10], l)
        XCTAssertEqual(try frame(l, 0, 0), Rect(x: 2, y: 2, width: 76, height: 76))
        XCTAssertEqual(try frame(l, 0, 6), Rect(x: 82, y: 82, width: 76, height: 76))
    }

    /// NestedGroupsViewController: (leading 0.7 × 1.0, vertical group 0.3 × 1.0 of two 1.0 × 0.3
    /// items) in a group 1.0 × 0.4·height, items inset 10. 400 × 800: group 400 × 320; leading
    /// slot 280 × 320 → (10, 10, 260, 300); trailing group at x 280, slots 120 × 160 (count: the
    /// 0.3 height ignored) → (290, 10, 100, 140), (290, 170, 100, 140); group 1 at y 320.
    func testNestedGroupsSample() throws {
        let l = try L(section: L.Section(group: nestedGroup(width: .fractionalWidth(1))))
        _ = try makeCV([6], l)
        XCTAssertEqual(try frame(l, 0, 0), Rect(x: 10, y: 10, width: 260, height: 300))
        XCTAssertEqual(try frame(l, 0, 1), Rect(x: 290, y: 10, width: 100, height: 140))
        XCTAssertEqual(try frame(l, 0, 2), Rect(x: 290, y: 170, width: 100, height: 140))
        XCTAssertEqual(try frame(l, 0, 3), Rect(x: 10, y: 330, width: 260, height: 300))
    }

    private func nestedGroup(width: L.Dimension) -> L.Group {
        var leading = item(.fractionalWidth(0.7), .fractionalHeight(1))
        leading.contentInsets = insets(10)
        var trailing = item(.fractionalWidth(1), .fractionalHeight(0.3))
        trailing.contentInsets = insets(10)
        let tg = L.Group(
            .vertical, size: size(.fractionalWidth(0.3), .fractionalHeight(1)), subitems: [.item(trailing)],
            fill: .count(2))
        return L.Group.horizontal(size(width, .fractionalHeight(0.4)), subitems: [.item(leading), .group(tg)])
    }

    private func listSection(pinned: Bool, footerPinned: Bool = false) -> L.Section {
        let g = L.Group.horizontal(
            size(.fractionalWidth(1), .absolute(44)), subitems: [.item(item(.fractionalWidth(1), .fractionalHeight(1)))]
        )
        var s = L.Section(group: g)
        s.interGroupSpacing = 5
        s.contentInsets = EdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
        var h = L.BoundaryItem(kind: .sectionHeader, size: size(.fractionalWidth(1), .estimated(44)), alignment: .top)
        h.pinToVisibleBounds = pinned
        var f = L.BoundaryItem(
            kind: .sectionFooter, size: size(.fractionalWidth(1), .estimated(44)), alignment: .bottom)
        f.pinToVisibleBounds = footerPinned
        s.boundaryItems = [h, f]
        return s
    }

    /// SectionHeadersFootersViewController: rows 44 high 5 apart, insets 10 left and right, a
    /// header and a footer 44 high following the insets: header (10, 0, 380, 44), rows from 44 on
    /// (item 4 at 44 + 4·49 = 240), footer at 284, section 1 at 328.
    func testSectionHeadersFootersSample() throws {
        let l = try L(section: listSection(pinned: false))
        let cv = try makeCV([5, 5], l)
        XCTAssertEqual(try supp(l, .sectionHeader, 0, 0), Rect(x: 10, y: 0, width: 380, height: 44))
        XCTAssertEqual(try frame(l, 0, 0), Rect(x: 10, y: 44, width: 380, height: 44))
        XCTAssertEqual(try frame(l, 0, 4), Rect(x: 10, y: 240, width: 380, height: 44))
        XCTAssertEqual(try supp(l, .sectionFooter, 0, 0), Rect(x: 10, y: 284, width: 380, height: 44))
        XCTAssertEqual(try supp(l, .sectionHeader, 1, 0), Rect(x: 10, y: 328, width: 380, height: 44))
        XCTAssertEqual(try cv.contentSize(), Size(width: 400, height: 656))
    }

    /// PinnedSectionHeaderFooterViewController: the header pinned stays at the visible top within
    /// its section (Q6): at offset 100 it is at 100; at 300 it stops at 328 − 44 = 284.
    /// A pinned footer (viewport 200 high) sits at the visible bottom: 200 − 44 = 156.
    func testPinnedSectionHeaderFooterSample() throws {
        let l = try L(section: listSection(pinned: true, footerPinned: true))
        let cv = try makeCV([5, 5], l, 400, 200)
        XCTAssertEqual(try supp(l, .sectionFooter, 0, 0)?.minY, 156)
        try cv.setContentOffset(Point(x: 0, y: 100))
        try cv.layoutIfNeeded()
        XCTAssertEqual(try supp(l, .sectionHeader, 0, 0)?.minY, 100)
        try cv.setContentOffset(Point(x: 0, y: 300))
        try cv.layoutIfNeeded()
        XCTAssertEqual(try supp(l, .sectionHeader, 0, 0)?.minY, 284)
        XCTAssertEqual(try supp(l, .sectionHeader, 1, 0)?.minY, 328)
        let visible = try cv.layoutAttributesForElements(in: cv.bounds)
        let header = try XCTUnwrap(visible.first { $0.kind == .sectionHeader && $0.indexPath.section == 0 })
        XCTAssertEqual(header.frame.minY, 284)
        XCTAssertEqual(header.zIndex, L.pinnedZIndex)
    }

    /// ItemBadgeSupplementaryViewController: items 0.25 × 1.0 inset 5 in groups 1.0 × 0.2·width,
    /// section insets 20, a 20 × 20 badge at [.top, .trailing] with fractional offset
    /// (0.3, −0.3). 400 wide: container 360, group 360 × 72, slot 90 × 72, cell 0 (25, 25, 80, 62);
    /// badge = (25 + 80 + 6 − 20, 25 − 6) = (91, 19). Item 5: cell (115, 97), badge (181, 91).
    func testItemBadgeSample() throws {
        var it = item(.fractionalWidth(0.25), .fractionalHeight(1))
        it.contentInsets = insets(5)
        it.supplementaryItems = [
            L.SupplementaryItem(
                kind: badge, size: size(.absolute(20), .absolute(20)),
                containerAnchor: L.Anchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.3, y: -0.3)))
        ]
        var s = L.Section(
            group: L.Group.horizontal(size(.fractionalWidth(1), .fractionalWidth(0.2)), subitems: [.item(it)]))
        s.contentInsets = insets(20)
        let l = try L(section: s)
        _ = try makeCV([8], l)
        XCTAssertEqual(try frame(l, 0, 0), Rect(x: 25, y: 25, width: 80, height: 62))
        XCTAssertEqual(try supp(l, badge, 0, 0), Rect(x: 91, y: 19, width: 20, height: 20))
        XCTAssertEqual(try frame(l, 0, 5), Rect(x: 115, y: 97, width: 80, height: 62))
        XCTAssertEqual(try supp(l, badge, 0, 5), Rect(x: 181, y: 91, width: 20, height: 20))
        // H's own example: fractionalOffset (0.5, −0.5) centres the badge on the corner (105, 25).
        it.supplementaryItems[0].containerAnchor = L.Anchor(
            edges: [.top, .trailing], fractionalOffset: Point(x: 0.5, y: -0.5))
        s.group = L.Group.horizontal(size(.fractionalWidth(1), .fractionalWidth(0.2)), subitems: [.item(it)])
        try l.setSection(s)
        let cv = try makeCV([8], l)
        _ = cv
        XCTAssertEqual(try supp(l, badge, 0, 0), Rect(x: 95, y: 15, width: 20, height: 20))
    }

    /// SectionDecorationViewController: rows 44 high 5 apart, insets 10, a background inset 5:
    /// 5 items end at 10 + 5·44 + 4·5 + 10 = 260; the background is (5, 5, 390, 250).
    func testSectionDecorationSample() throws {
        let g = L.Group.horizontal(
            size(.fractionalWidth(1), .absolute(44)), subitems: [.item(item(.fractionalWidth(1), .fractionalHeight(1)))]
        )
        var s = L.Section(group: g)
        s.interGroupSpacing = 5
        s.contentInsets = insets(10)
        s.decorationItems = [L.DecorationItem(kind: background, contentInsets: insets(5))]
        let l = try L(section: s)
        let cv = try makeCV([5, 5], l)
        XCTAssertEqual(try frame(l, 0, 4), Rect(x: 10, y: 206, width: 380, height: 44))
        let d = try l.layoutAttributesForDecorationView(ofKind: background, at: IndexPath(section: 0, item: 0))
        XCTAssertEqual(d?.frame, Rect(x: 5, y: 5, width: 390, height: 250))
        XCTAssertEqual(d?.zIndex, -1)
        XCTAssertEqual(
            try l.layoutAttributesForDecorationView(ofKind: background, at: IndexPath(section: 1, item: 0))?.frame,
            Rect(x: 5, y: 265, width: 390, height: 250))
        XCTAssertEqual(try cv.contentSize().height, 520)
    }

    /// OrthogonalScrollingViewController: the nested group 0.85 wide (340 × 320), continuous:
    /// groups side by side at x = 340·g; item 3 = group 1's leading cell (350, 10); extent 1020.
    /// At offset 100 the cells move left 100; the next section starts at 320.
    func testOrthogonalScrollingSample() throws {
        var s = L.Section(group: nestedGroup(width: .fractionalWidth(0.85)))
        s.orthogonalScrolling = .continuous
        s.decorationItems = [L.DecorationItem(kind: background)]
        let l = try L(section: s)
        let cv = try makeCV([9, 3], l)
        // 0.7 · 340 is 237.99999999999997 in doubles.
        assertNear(try frame(l, 0, 0), Rect(x: 10, y: 10, width: 218, height: 300))
        assertNear(try frame(l, 0, 1), Rect(x: 248, y: 10, width: 82, height: 140))
        assertNear(try frame(l, 0, 3), Rect(x: 350, y: 10, width: 218, height: 300))
        XCTAssertEqual(try frame(l, 1, 0).minY, 330)
        XCTAssertEqual(try l.orthogonalContentExtent(section: 0), 1020)
        try l.setOrthogonalOffset(100, section: 0)
        XCTAssertEqual(try l.orthogonalOffset(section: 0), 100)
        try cv.layoutIfNeeded()
        assertNear(try frame(l, 0, 3), Rect(x: 250, y: 10, width: 218, height: 300))
        XCTAssertEqual(try frame(l, 1, 0).minX, 10, "section 1's own offset is still 0")
        // The background does not scroll with the cells.
        XCTAssertEqual(
            try l.layoutAttributesForDecorationView(ofKind: background, at: IndexPath(section: 0, item: 0))?.frame,
            Rect(x: 0, y: 0, width: 400, height: 320))
        let visible = try cv.layoutAttributesForElements(in: cv.bounds)
        let cells = visible.filter { $0.category == .cell && $0.indexPath.section == 0 }.map(\.indexPath.item)
        XCTAssertEqual(cells.sorted(), [0, 1, 2, 3], "group 1's trailing cells start at 488, past 400")
        XCTAssertThrowsError(try l.setOrthogonalOffset(.nan, section: 0))
        XCTAssertEqual(try l.orthogonalOffset(section: 0), 100)
        XCTAssertThrowsError(try l.setOrthogonalOffset(0, section: 5))
    }

    /// Each behaviour's resting offsets for the OrthogonalScrolling screen (3 groups of 340, a
    /// viewport of 400, extent 1020, largest offset 620).
    func testSnappingBehaviours() throws {
        func target(_ b: L.OrthogonalScrolling, _ start: Double, _ proposed: Double, _ v: Double) throws -> Double {
            var s = L.Section(group: nestedGroup(width: .fractionalWidth(0.85)))
            s.orthogonalScrolling = b
            let l = try L(section: s)
            _ = try makeCV([9], l)
            return try l.targetOrthogonalOffset(section: 0, start: start, proposed: proposed, velocity: v)
        }
        XCTAssertEqual(try target(.continuous, 0, 900, 1), 620, "continuous: clamped into the content")
        XCTAssertEqual(try target(.continuous, 0, 250, 1), 250)
        XCTAssertEqual(try target(.continuousGroupLeadingBoundary, 0, 500, 1), 340, "nearest boundary (Q8)")
        XCTAssertEqual(try target(.continuousGroupLeadingBoundary, 0, 100, 1), 0)
        XCTAssertEqual(try target(.paging, 0, 900, 1), 400, "one page per swipe (Q9)")
        XCTAssertEqual(try target(.paging, 400, 900, 1), 620, "the last page clamped (Q18)")
        XCTAssertEqual(try target(.paging, 400, 0, -1), 0)
        XCTAssertEqual(try target(.groupPaging, 0, 900, 1), 340)
        XCTAssertEqual(try target(.groupPaging, 340, 300, 0), 340, "no velocity: the nearest group")
        XCTAssertEqual(try target(.groupPaging, 340, 900, 1), 620)
        // Centred: centring insets (400 − 340) / 2 = 30 each side; extent 1080, rests 340·g.
        XCTAssertEqual(try target(.groupPagingCentered, 0, 900, 1), 340)
        XCTAssertEqual(try target(.groupPagingCentered, 340, 900, 1), 680)
        var s = L.Section(group: nestedGroup(width: .fractionalWidth(0.85)))
        s.orthogonalScrolling = .groupPagingCentered
        let l = try L(section: s)
        _ = try makeCV([9], l)
        XCTAssertEqual(try frame(l, 0, 0).minX, 40, "group 0 centred: 30 + its cell's inset 10")
        XCTAssertEqual(try l.orthogonalContentExtent(section: 0), 1080)
    }

    /// Spacing and edge spacing (C7–C10), in a 400-wide group.
    func testSpacingRules() throws {
        func frames(_ g: L.Group, _ n: Int) throws -> [Rect] {
            let l = try L(section: L.Section(group: g))
            _ = try makeCV([n], l)
            return try (0..<n).map { try frame(l, 0, $0) }
        }
        let box = item(.absolute(100), .absolute(44))
        // Flexible spacing: 3 × 100 + 2 × 10 = 320, the 80 left spread over the 2 gaps.
        var g = L.Group(
            .horizontal, size: size(.absolute(400), .absolute(44)), subitems: [.item(box)], fill: .repeating(3))
        g.interItemSpacing = .flexible(10)
        XCTAssertEqual(try frames(g, 3).map(\.minX), [0, 150, 300])
        // The list cycled: 100 + 10 + 100 + 10 + 100 = 320 fits, a fourth (430) does not.
        g = L.Group.horizontal(size(.absolute(400), .absolute(44)), subitems: [.item(box)], spacing: .fixed(10))
        XCTAssertEqual(try frames(g, 4).map(\.minX), [0, 110, 220, 0])
        XCTAssertEqual(try frames(g, 4)[3].minY, 44)
        // Fixed leading edge spacing 10: slots of 110, three fit.
        var spaced = box
        spaced.edgeSpacing = L.EdgeSpacing(leading: .fixed(10))
        g = L.Group.horizontal(size(.absolute(400), .absolute(44)), subitems: [.item(spaced)])
        XCTAssertEqual(try frames(g, 3).map(\.minX), [10, 120, 230])
        // Flexible leading and trailing: two 150s fit, the 100 left shared by 4 edges: 25 each.
        var wide = item(.absolute(150), .absolute(20))
        wide.edgeSpacing = L.EdgeSpacing(
            leading: .flexible(0), top: .flexible(0), trailing: .flexible(0), bottom: .flexible(0))
        g = L.Group.horizontal(size(.absolute(400), .absolute(44)), subitems: [.item(wide)])
        XCTAssertEqual(
            try frames(g, 2), [Rect(x: 25, y: 12, width: 150, height: 20), Rect(x: 225, y: 12, width: 150, height: 20)])
        // A flexible top alone puts it at the bottom: 44 − 20 = 24.
        wide.edgeSpacing = L.EdgeSpacing(top: .flexible(0))
        g = L.Group.horizontal(size(.absolute(400), .absolute(44)), subitems: [.item(wide)])
        XCTAssertEqual(try frames(g, 1)[0].minY, 24)
        // Vertical group, count 3 in 300 with spacing 15: (300 − 30) / 3 = 90 each.
        g = L.Group(.vertical, size: size(.absolute(50), .absolute(300)), subitems: [.item(box)], fill: .count(3))
        g.interItemSpacing = .fixed(15)
        XCTAssertEqual(try frames(g, 3), [0, 105, 210].map { Rect(x: 0, y: $0, width: 100, height: 90) })
    }

    /// A custom group's frames (C13) and the callback's bad answers.
    func testCustomGroup() throws {
        let g = L.Group.custom(size(.fractionalWidth(1), .absolute(100))) { size in
            XCTAssertEqual(size, Size(width: 400, height: 100))
            return [Rect(x: 0, y: 0, width: 50, height: 50), Rect(x: 60, y: 10, width: 30, height: 30)]
        }
        let l = try L(section: L.Section(group: g))
        let cv = try makeCV([4], l)
        XCTAssertEqual(try frame(l, 0, 3), Rect(x: 60, y: 110, width: 30, height: 30))
        // A bad frame fails the prepare, naming the group, and the old layout stays.
        try l.setSection(
            L.Section(
                group: L.Group.custom(size(.fractionalWidth(1), .absolute(100))) { _ in
                    [Rect(x: .nan, y: 0, width: 1, height: 1)]
                }))
        XCTAssertThrowsError(try cv.layoutIfNeeded()) { e in
            XCTAssertTrue("\(e)".contains("section[0].group"), "\(e)")
        }
        XCTAssertEqual(try frame(l, 0, 3), Rect(x: 60, y: 110, width: 30, height: 30))
        try l.setSection(
            L.Section(
                group: L.Group.custom(size(.fractionalWidth(1), .absolute(100))) { _ in
                    Array(repeating: Rect(x: 0, y: 0, width: 1, height: 1), count: L.maxGroupItems + 1)
                }))
        XCTAssertThrowsError(try cv.layoutIfNeeded())
    }

    /// Validation names the element and changes nothing; zero-width lists do not loop.
    func testValidation() throws {
        let good = L.Section(
            group: L.Group.horizontal(
                size(.fractionalWidth(1), .absolute(44)), subitems: [.item(item(.absolute(10), .absolute(10)))]))
        let l = try L(section: good)
        _ = try makeCV([3], l)
        func rejects(_ s: L.Section, _ path: String, file: StaticString = #filePath, line: UInt = #line) {
            XCTAssertThrowsError(try l.setSection(s), file: file, line: line) { e in
                XCTAssertTrue("\(e)".contains(path), "\(e) should name \(path)", file: file, line: line)
            }
        }
        var bad = good
        bad.group.subitems = [.item(item(.absolute(.nan), .absolute(10)))]
        rejects(bad, "section.group.subitems[0].size.width")
        bad.group.subitems = [.item(item(.absolute(10), .absolute(-1)))]
        rejects(bad, "section.group.subitems[0].size.height")
        bad.group.subitems = [.item(item(.fractionalWidth(-0.5), .absolute(10)))]
        rejects(bad, "fraction")
        bad.group.subitems = [.item(item(.fractionalHeight(.infinity), .absolute(10)))]
        rejects(bad, "section.group.subitems[0].size.width")
        bad = good
        bad.group.subitems = []
        rejects(bad, "no subitems")
        bad = good
        bad.group.fill = .count(0)
        rejects(bad, "count 0")
        var deep = L.Group.horizontal(
            size(.absolute(10), .absolute(10)), subitems: [.item(item(.absolute(1), .absolute(1)))])
        for _ in 0..<L.maxDepth {
            deep = L.Group.horizontal(size(.absolute(10), .absolute(10)), subitems: [.group(deep)])
        }
        rejects(L.Section(group: deep), "nested deeper than 16")
        bad = good
        bad.contentInsets.top = -1
        rejects(bad, "section.contentInsets.top")
        bad = good
        bad.boundaryItems = [
            L.BoundaryItem(kind: .sectionHeader, size: size(.absolute(1), .absolute(1)), alignment: .top),
            L.BoundaryItem(kind: .sectionHeader, size: size(.absolute(1), .absolute(1)), alignment: .bottom),
        ]
        rejects(bad, "boundaryItems[1]: kind 1 appears twice")
        XCTAssertEqual(try frame(l, 0, 2), Rect(x: 20, y: 0, width: 10, height: 10), "nothing changed")
        // Zero-width items: one pass of the list per group, no loop.
        var zero = good
        zero.group.subitems = [.item(item(.absolute(0), .absolute(10))), .item(item(.absolute(0), .absolute(10)))]
        try l.setSection(zero)
        let cv = try makeCV([5], l)
        XCTAssertEqual(try frame(l, 0, 4), Rect(x: 0, y: 88, width: 0, height: 10))
        XCTAssertEqual(try cv.contentSize().height, 132)
    }

    /// The provider (C22) is asked per section with the viewport, and again when it changes;
    /// layout-wide header and footer (C23) and interSectionSpacing between sections (Q4).
    func testProviderAndConfiguration() throws {
        var asked: [(Int, Size)] = []
        var config = L.Configuration()
        config.interSectionSpacing = 20
        config.boundaryItems = [
            L.BoundaryItem(
                kind: ElementKind(rawValue: 102), size: size(.fractionalWidth(1), .absolute(30)), alignment: .top),
            L.BoundaryItem(
                kind: ElementKind(rawValue: 103), size: size(.fractionalWidth(1), .absolute(40)), alignment: .bottom),
        ]
        let l = try L(configuration: config) { s, env in
            asked.append((s, env.containerSize))
            let columns = env.containerSize.width > 500 ? 4 : 2
            let it = self.item(.fractionalWidth(1.0 / Double(columns)), .absolute(50))
            return L.Section(
                group: L.Group.horizontal(self.size(.fractionalWidth(1), .absolute(50)), subitems: [.item(it)]))
        }
        let cv = try makeCV([4, 4], l)
        XCTAssertEqual(asked.map(\.0), [0, 1])
        XCTAssertEqual(try supp(l, ElementKind(rawValue: 102), 0, 0), Rect(x: 0, y: 0, width: 400, height: 30))
        XCTAssertEqual(try frame(l, 0, 3), Rect(x: 200, y: 80, width: 200, height: 50))
        XCTAssertEqual(try frame(l, 1, 0).minY, 150, "30 + 100 + 20")
        XCTAssertEqual(try supp(l, ElementKind(rawValue: 103), 0, 0), Rect(x: 0, y: 250, width: 400, height: 40))
        XCTAssertEqual(try cv.contentSize(), Size(width: 400, height: 290))
        try cv.setBoundsSize(Size(width: 600, height: 800))
        try cv.layoutIfNeeded()
        XCTAssertEqual(asked.count, 4)
        XCTAssertEqual(asked[2].1, Size(width: 600, height: 800))
        XCTAssertEqual(try frame(l, 0, 3), Rect(x: 450, y: 30, width: 150, height: 50))
        // A scroll alone does not ask again.
        try cv.setContentOffset(Point(x: 0, y: 10))
        try cv.layoutIfNeeded()
        XCTAssertEqual(asked.count, 4)
    }

    /// Horizontal scrolling swaps the axes (C23): groups go along x, header before the section.
    func testHorizontalScrollDirection() throws {
        var config = L.Configuration()
        config.scrollDirection = .horizontal
        let it = item(.fractionalWidth(1), .fractionalHeight(0.5))
        var s = L.Section(group: L.Group.vertical(size(.absolute(100), .fractionalHeight(1)), subitems: [.item(it)]))
        s.interGroupSpacing = 10
        s.boundaryItems = [
            L.BoundaryItem(kind: .sectionHeader, size: size(.absolute(30), .fractionalHeight(1)), alignment: .leading)
        ]
        let l = try L(section: s, configuration: config)
        let cv = try makeCV([5], l, 400, 200)
        XCTAssertEqual(try supp(l, .sectionHeader, 0, 0), Rect(x: 0, y: 0, width: 30, height: 200))
        XCTAssertEqual(try frame(l, 0, 3), Rect(x: 140, y: 100, width: 100, height: 100))
        XCTAssertEqual(try cv.contentSize(), Size(width: 350, height: 200))
    }

    /// Batch updates and layout switches run through the ordinary paths.
    func testBatchUpdateAndSwitch() throws {
        let g = L.Group.horizontal(
            size(.fractionalWidth(1), .fractionalWidth(0.2)),
            subitems: [.item(item(.fractionalWidth(0.2), .fractionalHeight(1)))])
        let l = try L(section: L.Section(group: g))
        let ds = StaticDataSource([10])
        let cv = try CollectionView(dataSource: ds, layout: l)
        try cv.setBoundsSize(Size(width: 400, height: 800))
        try cv.layoutIfNeeded()
        ds.counts = [12]
        var u = BatchUpdate()
        u.insertItems([IndexPath(section: 0, item: 0), IndexPath(section: 0, item: 1)])
        try cv.performBatchUpdates(u, animation: try AnimationTiming(duration: 1, curve: .linear))
        try cv.setTime(0.5)
        XCTAssertFalse(try cv.visibleAttributes().isEmpty)
        try cv.setTime(2)
        try cv.layoutIfNeeded()
        XCTAssertEqual(try frame(l, 0, 11), Rect(x: 80, y: 160, width: 80, height: 80))
        try cv.setLayout(GridLayout(), animation: nil)
        try cv.setLayout(l, animation: try AnimationTiming(duration: 1, curve: .linear))
        try cv.setTime(3)
        try cv.layoutIfNeeded()
        XCTAssertEqual(try frame(l, 0, 11), Rect(x: 80, y: 160, width: 80, height: 80))
    }

    /// Scroll anchoring and snapshots run through the engine's ordinary paths: rows 44 high, the
    /// viewport's first cell (item 10 at 440) keeps its place when two items are inserted above
    /// (offset 440 → 528); a snapshot that reverses the first section's items moves the cells.
    func testAnchoringAndSnapshots() throws {
        let row = L.Group.horizontal(
            size(.fractionalWidth(1), .absolute(44)), subitems: [.item(item(.fractionalWidth(1), .fractionalHeight(1)))]
        )
        let l = try L(section: L.Section(group: row))
        let ds = StaticDataSource([50])
        let cv = try CollectionView(dataSource: ds, layout: l)
        try cv.setBoundsSize(Size(width: 320, height: 200))
        try cv.setIdentifiers(Snapshot([(1, (0..<50).map { UInt64($0) })]))
        try cv.setAnchorPolicy(.firstVisible)
        try cv.setContentOffset(Point(x: 0, y: 440))
        try cv.layoutIfNeeded()
        ds.counts = [52]
        try cv.applySnapshot(Snapshot([(1, [100, 101] + (0..<50).map { UInt64($0) })]), animation: nil)
        try cv.layoutIfNeeded()
        XCTAssertEqual(cv.contentOffset.y, 528)
        XCTAssertEqual(try frame(l, 0, 12), Rect(x: 0, y: 528, width: 320, height: 44))
        try cv.applySnapshot(Snapshot([(1, (0..<50).map { UInt64($0) }.reversed() + [101, 100])]), animation: nil)
        try cv.layoutIfNeeded()
        XCTAssertEqual(try cv.indexPath(forItemIdentifier: 49), IndexPath(section: 0, item: 0))
    }

    /// Estimated dimensions (C2) measured through the collection view's self-sizing calls: rows
    /// estimated 44 high; item 1 measured 100 high pushes the rows after it down 56 (row 2 at
    /// 44 + 100), and, measured while the viewport shows rows from 264 on, the content offset
    /// moves with it (300 → 356) so nothing on screen moves. A count change forgets it.
    func testEstimatedDimensionsTakeMeasuredSizes() throws {
        let est = item(.fractionalWidth(1), .estimated(44))
        let row = L.Group.horizontal(size(.fractionalWidth(1), .estimated(44)), subitems: [.item(est)])
        let l = try L(section: L.Section(group: row))
        let ds = StaticDataSource([20])
        let cv = try CollectionView(dataSource: ds, layout: l)
        try cv.setBoundsSize(Size(width: 320, height: 200))
        try cv.layoutIfNeeded()
        XCTAssertEqual(
            try cv.itemsToMeasure(in: Rect(x: 0, y: 0, width: 320, height: 100)).items.map(\.item), [0, 1, 2])
        try cv.setContentOffset(Point(x: 0, y: 300))
        try cv.setMeasuredSizes([(IndexPath(section: 0, item: 1), Size(width: 320, height: 100))])
        XCTAssertEqual(try frame(l, 0, 1), Rect(x: 0, y: 44, width: 320, height: 100))
        XCTAssertEqual(try frame(l, 0, 2), Rect(x: 0, y: 144, width: 320, height: 44))
        XCTAssertEqual(try cv.contentSize().height, 19 * 44 + 100)
        XCTAssertEqual(cv.contentOffset.y, 356)
        XCTAssertTrue(l.isMeasured(IndexPath(section: 0, item: 1)))
        XCTAssertEqual(try cv.itemsToMeasure(in: Rect(x: 0, y: 0, width: 320, height: 140)).items.map(\.item), [0])
        // Bad sizes change nothing.
        XCTAssertThrowsError(try cv.setMeasuredSizes([(IndexPath(section: 0, item: 2), Size(width: .nan, height: 1))]))
        XCTAssertThrowsError(try cv.setMeasuredSizes([(IndexPath(section: 0, item: 20), Size(width: 1, height: 1))]))
        XCTAssertEqual(try frame(l, 0, 2), Rect(x: 0, y: 144, width: 320, height: 44))
        // Rect queries agree with the lookups on the measured section.
        for y in stride(from: -50.0, through: 600, by: 37) {
            let rect = Rect(x: 0, y: y, width: 320, height: 90)
            let got = Set(try cv.layoutAttributesForElements(in: rect).map(\.indexPath.item))
            let want = Set(try (0..<20).filter { try frame(l, 0, $0).intersects(rect) })
            XCTAssertEqual(got, want, "rect at \(y)")
        }
        ds.counts = [21]
        try cv.reloadData()
        try cv.layoutIfNeeded()
        XCTAssertFalse(l.isMeasured(IndexPath(section: 0, item: 1)))
        XCTAssertEqual(try frame(l, 0, 2), Rect(x: 0, y: 88, width: 320, height: 44))
    }

    // MARK: Properties against brute force

    private struct RNG {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func unit() -> Double { Double(next() % 1000) / 1000 }
    }

    private func randomGroup(_ r: inout RNG, depth: Int, fractionsOnly: Bool = false) -> L.Group {
        func dim(_ horizontal: Bool) -> L.Dimension {
            switch fractionsOnly ? 1 : r.int(3) {
            case 0: return .absolute(Double(5 + r.int(60)))
            case 1: return horizontal ? .fractionalWidth(0.1 + 0.9 * r.unit()) : .fractionalHeight(0.1 + 0.9 * r.unit())
            default: return .estimated(Double(5 + r.int(40)))
            }
        }
        let horizontal = r.int(2) == 0
        var subs: [L.Element] = []
        for _ in 0..<(1 + r.int(3)) {
            if depth < 3, r.int(3) == 0 {
                subs.append(.group(randomGroup(&r, depth: depth + 1, fractionsOnly: fractionsOnly)))
            } else {
                var it = item(dim(true), dim(false))
                if r.int(2) == 0 { it.contentInsets = insets(Double(r.int(4))) }
                if r.int(3) == 0 {
                    it.supplementaryItems = [
                        L.SupplementaryItem(
                            kind: badge, size: size(.absolute(8), .absolute(8)),
                            containerAnchor: L.Anchor(
                                edges: [.top, .trailing], fractionalOffset: Point(x: 0.5, y: -0.5)))
                    ]
                }
                subs.append(.item(it))
            }
        }
        let gsize = size(
            depth == 0 ? .fractionalWidth(0.5 + 0.5 * r.unit()) : .fractionalWidth(0.3 + 0.7 * r.unit()),
            r.int(2) == 0 && (depth == 0 || !fractionsOnly)
                ? .absolute(Double(20 + r.int(100))) : .fractionalHeight(0.2 + 0.5 * r.unit()))
        var g = L.Group(horizontal ? .horizontal : .vertical, size: gsize, subitems: subs)
        switch r.int(3) {
        case 0: g.fill = .count(1 + r.int(4)); g.subitems = [subs[0]]
        case 1 where !fractionsOnly: g.fill = .repeating(1 + r.int(3)); g.subitems = [subs[0]]
        default: break
        }
        g.interItemSpacing = r.int(2) == 0 ? .fixed(Double(r.int(8))) : .flexible(Double(r.int(8)))
        return g
    }

    private func randomSection(_ r: inout RNG, fractionsOnly: Bool) -> L.Section {
        var s = L.Section(group: randomGroup(&r, depth: 0, fractionsOnly: fractionsOnly))
        s.interGroupSpacing = Double(r.int(10))
        s.contentInsets = EdgeInsets(
            top: Double(r.int(10)), left: Double(r.int(20)), bottom: Double(r.int(10)), right: Double(r.int(20)))
        s.orthogonalScrolling = L.OrthogonalScrolling(rawValue: r.int(6))!
        var h = L.BoundaryItem(kind: .sectionHeader, size: size(.fractionalWidth(1), .absolute(20)), alignment: .top)
        h.pinToVisibleBounds = r.int(2) == 0
        var f = L.BoundaryItem(
            kind: .sectionFooter, size: size(.fractionalWidth(0.5), .absolute(15)), alignment: .bottom)
        f.pinToVisibleBounds = r.int(2) == 0
        if r.int(3) > 0 { s.boundaryItems = [h, f] }
        if r.int(2) == 0 { s.decorationItems = [L.DecorationItem(kind: background, contentInsets: insets(3))] }
        return s
    }

    /// A layout pass after counts changed alone lays out the changed sections and moves the ones
    /// after them (`prepareChangedCounts`): after random count edits (one or
    /// several sections, edits that keep a section's rows and edits that change them, fractional
    /// spacings whose sums round) every element, the content size and the rect queries equal a
    /// fresh layout over the new counts, bit for bit.
    func testCountEditsEqualAFreshLayout() throws {
        var r = RNG(state: 2024)
        var kept = 0
        for round in 0..<48 {
            let section = randomSection(&r, fractionsOnly: round % 2 == 1)
            var config = L.Configuration()
            config.interSectionSpacing = Double(r.int(15)) + (round % 4 == 0 ? 0.1 : 0)
            config.scrollDirection = round % 3 == 2 ? .horizontal : .vertical
            if r.int(2) == 0 { config.boundaryItems = boundaryItems(top: 30) }
            let w = Double(200 + r.int(300)), h = Double(150 + r.int(300))
            var counts = (0..<(1 + r.int(9))).map { _ in r.int(14) }
            let ds = StaticDataSource(counts)
            let l = try L(section: section, configuration: config)
            let cv = try makeCV(ds, l, w, h)
            for edit in 0..<6 {
                let before = counts
                for _ in 0..<(1 + r.int(edit % 3 == 0 ? 1 : 3)) {
                    let s = r.int(counts.count)
                    // Half the edits move one item (often within the last row), half any count.
                    counts[s] = r.int(2) == 0 ? Swift.max(0, counts[s] + r.int(3) - 1) : r.int(14)
                }
                ds.counts = counts
                let passes = l.changedCountPasses
                try applyCountEdit(cv, from: before, to: counts, reloading: edit % 2 == 0)
                try cv.layoutIfNeeded()
                kept += l.changedCountPasses - passes
                let fresh = try L(section: section, configuration: config)
                let fcv = try makeCV(counts, fresh, w, h)
                let what = "round \(round) edit \(edit) counts \(counts)"
                XCTAssertEqual(try everything(l, counts), try everything(fresh, counts), what)
                XCTAssertEqual(try cv.contentSize(), try fcv.contentSize(), what)
                try assertRandomRectsAgree(cv, fcv, &r, side: 300, what)
            }
        }
        XCTAssertGreaterThan(kept, 150, "the passes after count edits kept sections")
    }

    /// Count edits that add or remove rows move every section after them: the pass after them
    /// lays out the changed sections alone and places the others again from their extents
    /// (`stack`), the sums the full pass makes. Many sections, regular and orthogonal, headers and
    /// footers (pinned or not), decorations, layout-wide boundary items, both scroll directions,
    /// fractional spacings and insets whose sums round: every element, the content size and the
    /// rect queries equal a fresh layout bit for bit after each edit, and every edit takes the
    /// path. The workload is one where a uniform shift of the moved elements by their section's
    /// displacement would round differently from a fresh layout (counted: the test fails if it
    /// never is).
    func testRowChangingEditsAcrossManySectionsEqualAFreshLayout() throws {
        var r = RNG(state: 77)
        var moved = 0, shiftWouldDiffer = 0
        for round in 0..<24 {
            var section = randomSection(&r, fractionsOnly: round % 2 == 1)
            if round % 3 != 0 { section.orthogonalScrolling = .none }
            section.contentInsets.top += 0.3
            section.contentInsets.bottom += 1.0 / 3
            var config = L.Configuration()
            config.interSectionSpacing = Double(r.int(15)) + (round % 2 == 0 ? 0.1 : 1.0 / 7)
            config.scrollDirection = round % 4 >= 2 ? .horizontal : .vertical
            if r.int(2) == 0 { config.boundaryItems = boundaryItems(top: 30.7) }
            let w = Double(200 + r.int(300)) + 0.25, h = Double(150 + r.int(300)) + 0.5
            var counts = (0..<(30 + r.int(60))).map { _ in r.int(30) }
            let ds = StaticDataSource(counts)
            let l = try L(section: section, configuration: config)
            let cv = try makeCV(ds, l, w, h)
            for edit in 0..<5 {
                let before = counts, old = try everything(l, counts)
                // The first section, the last, or any; then sometimes a second one.
                let s = edit == 0 ? 0 : edit == 1 ? counts.count - 1 : r.int(counts.count)
                counts[s] = (counts[s] + 1 + r.int(29)) % 30
                if edit >= 3 { counts[r.int(counts.count)] = r.int(30) }
                ds.counts = counts
                let passes = l.changedCountPasses
                try applyCountEdit(cv, from: before, to: counts, reloading: edit % 2 == 0)
                try cv.layoutIfNeeded()
                let what = "round \(round) edit \(edit) counts \(counts)"
                XCTAssertEqual(l.changedCountPasses, passes + (before == counts ? 0 : 1), what)
                let fresh = try L(section: section, configuration: config)
                let fcv = try makeCV(counts, fresh, w, h)
                let now = try everything(l, counts)
                XCTAssertEqual(now, try everything(fresh, counts), what)
                XCTAssertEqual(try cv.contentSize(), try fcv.contentSize(), what)
                // Would old + (the section's displacement) give these frames? Per section after the
                // last edited one, from its first cell's displacement.
                let horizontal = config.scrollDirection == .horizontal
                let main = { (f: Rect) in horizontal ? f.minX : f.minY }
                let last = zip(before, counts).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset).max()!
                for t in (last + 1)..<counts.count where counts[t] > 0 {
                    let cell = ElementKey(category: .cell, kind: .none, indexPath: IndexPath(section: t, item: 0))
                    guard let a = old[cell], let b = now[cell], main(a) != main(b) else { continue }
                    moved += 1
                    let d = main(b) - main(a)
                    let differs = now.contains { key, f in
                        key.indexPath.section == t && old[key].map { main($0) + d != main(f) } ?? false
                    }
                    if differs { shiftWouldDiffer += 1 }
                }
                try assertRandomRectsAgree(cv, fcv, &r, side: 400, what)
            }
        }
        XCTAssertGreaterThan(moved, 500, "the edits moved sections")
        XCTAssertGreaterThan(shiftWouldDiffer, 20, "a uniform shift would round differently somewhere")
    }

    /// Count edits over 300-800 sections (two to four blocks of `FlowOriginBlocks`), with integer
    /// spacings, insets and viewports (sums exact) and, every other round, values whose sums
    /// round (a spacing of 0.1 or 1/3, fractional group heights, a 17.3-point layout footer): most
    /// move the later sections lazily (`CompositionalOriginBlocks.swift`), and right after each
    /// (before any query settled a block) every element by its single-element lookup, the content
    /// size, six rect queries and then the search tables and every section's origin equal a
    /// fresh layout's, bit for bit.
    func testLazilyMovedSectionsEqualAFreshLayout() throws {
        var r = RNG(state: 0x5EC10)
        var lazy = 0, leftStale = 0, offGridLazy = 0
        for round in 0..<24 {
            let offGrid = round % 2 == 1
            var section = randomSection(&r, fractionsOnly: offGrid)
            if round % 3 != 0 { section.orthogonalScrolling = .none }
            var config = L.Configuration()
            config.interSectionSpacing = Double(r.int(15)) + (!offGrid ? 0 : round % 4 == 1 ? 0.1 : 1.0 / 3.0)
            config.scrollDirection = round % 4 >= 2 ? .horizontal : .vertical
            if r.int(2) == 0 { config.boundaryItems = boundaryItems(top: 30.5) }
            let w = Double(200 + r.int(300)), h = Double(150 + r.int(300))
            var counts = (0..<(300 + r.int(500))).map { _ in r.int(12) }
            let ds = StaticDataSource(counts)
            let l = try L(section: section, configuration: config)
            let cv = try makeCV(ds, l, w, h)
            for edit in 0..<6 {
                let before = counts
                let s = edit == 0 ? 0 : edit == 1 ? counts.count - 1 : r.int(counts.count)
                counts[s] = (counts[s] + 1 + r.int(11)) % 12
                if edit >= 4 { counts[r.int(counts.count)] = r.int(12) }
                ds.counts = counts
                let passes = l.lazyCountPasses
                try applyCountEdit(cv, from: before, to: counts, reloading: edit % 2 == 0)
                try cv.layoutIfNeeded()
                if l.lazyCountPasses > passes {
                    lazy += 1
                    if offGrid { offGridLazy += 1 }
                }
                if l.state.staleBlocks > 0 { leftStale += 1 }
                let what = "round \(round) edit \(edit)"
                let fresh = try L(section: section, configuration: config)
                let fcv = try makeCV(counts, fresh, w, h)
                XCTAssertEqual(try cv.contentSize(), try fcv.contentSize(), what)
                try assertRandomRectsAgree(cv, fcv, &r, side: 400, what)
                XCTAssertEqual(try everything(l, counts), try everything(fresh, counts), what)
                L.settleAll(&l.state)
                XCTAssertEqual(l.state.reach.map(\.bitPattern), fresh.state.reach.map(\.bitPattern), what)
                XCTAssertEqual(l.state.floor.map(\.bitPattern), fresh.state.floor.map(\.bitPattern), what)
                XCTAssertEqual(
                    l.state.sections.map(\.origin.bitPattern), fresh.state.sections.map(\.origin.bitPattern), what)
                XCTAssertEqual(l.state.sections.map(\.end), fresh.state.sections.map(\.end), what)
            }
        }
        XCTAssertGreaterThan(lazy, 80, "edits moved the sections lazily")
        XCTAssertGreaterThan(offGridLazy, 40, "off the grid too")
        XCTAssertGreaterThan(leftStale, 50, "edits left later blocks to settle")
    }

    /// A layout-wide header `top` high and a footer 17.3 high (kinds 102 and 103).
    private func boundaryItems(top: Double) -> [L.BoundaryItem] {
        [
            L.BoundaryItem(
                kind: ElementKind(rawValue: 102), size: size(.fractionalWidth(1), .absolute(top)), alignment: .top),
            L.BoundaryItem(
                kind: ElementKind(rawValue: 103), size: size(.fractionalWidth(1), .absolute(17.3)), alignment: .bottom),
        ]
    }

    /// Tells `cv` that the counts went from `before` to `counts`: `reloadData`, or a batch update
    /// deleting the items past each smaller count and inserting new ones at the end of each larger.
    private func applyCountEdit(_ cv: CollectionView, from before: [Int], to counts: [Int], reloading: Bool) throws {
        if reloading { return try cv.reloadData() }
        var u = BatchUpdate()
        for (s, (a, b)) in zip(before, counts).enumerated() where a != b {
            let ips = (Swift.min(a, b)..<Swift.max(a, b)).map { IndexPath(section: s, item: $0) }
            if b > a { u.insertItems(ips) } else { u.deleteItems(ips) }
        }
        try cv.performBatchUpdates(u, animation: nil)
    }

    /// Six random rects over `fresh`'s content (and 50 points around it), each at most `side`
    /// wide and high: `cv`'s rect query equals `fresh`'s, keys and frames, in order.
    private func assertRandomRectsAgree(
        _ cv: CollectionView, _ fresh: CollectionView, _ r: inout RNG, side: Int, _ what: String
    ) throws {
        let content = try fresh.contentSize()
        for _ in 0..<6 {
            let rect = Rect(
                x: Double(r.int(Int(content.width) + 100)) - 50,
                y: Double(r.int(Int(content.height) + 100)) - 50,
                width: Double(1 + r.int(side)), height: Double(1 + r.int(side)))
            let got = try cv.layoutAttributesForElements(in: rect).map { "\($0.key) \($0.frame)" }
            let want = try fresh.layoutAttributesForElements(in: rect).map { "\($0.key) \($0.frame)" }
            XCTAssertEqual(got, want, "\(what) rect \(rect)")
        }
    }

    /// Every element the layout has, from the single-element lookups.
    private func everything(_ l: L, _ counts: [Int]) throws -> [ElementKey: Rect] {
        var all: [ElementKey: Rect] = [:]
        for (s, n) in counts.enumerated() {
            for i in 0..<n {
                let ip = IndexPath(section: s, item: i)
                all[ElementKey(category: .cell, kind: .none, indexPath: ip)] = try frame(l, s, i)
                if let b = try supp(l, badge, s, i) {
                    all[ElementKey(category: .supplementaryView, kind: badge, indexPath: ip)] = b
                }
            }
            let ip = IndexPath(section: s, item: 0)
            for k in [ElementKind.sectionHeader, .sectionFooter] {
                if let f = try supp(l, k, s, 0) {
                    all[ElementKey(category: .supplementaryView, kind: k, indexPath: ip)] = f
                }
            }
            if let d = try l.layoutAttributesForDecorationView(ofKind: background, at: ip) {
                all[ElementKey(category: .decorationView, kind: background, indexPath: ip)] = d.frame
            }
        }
        return all
    }

    /// Random descriptions (provider: each section its own), random main and orthogonal offsets:
    /// each rect query equals the brute-force filter of every element; the cells of one group do
    /// not overlap and lie in their group; everything at rest lies in the content's scroll extent.
    func testRectQueriesEqualBruteForce() throws {
        var r = RNG(state: 42)
        var found = 0
        defer { XCTAssertGreaterThan(found, 5000, "the rects meet elements") }
        for round in 0..<60 {
            // Odd rounds: fractions only, so every cell lies inside its group (no overflow by rule).
            let fits = round % 2 == 1
            let sections = (0..<(1 + r.int(4))).map { _ in randomSection(&r, fractionsOnly: fits) }
            var config = L.Configuration()
            config.interSectionSpacing = Double(r.int(15))
            // Every third round scrolls horizontally (C23: the axes swapped).
            let horizontal = round % 3 == 2
            config.scrollDirection = horizontal ? .horizontal : .vertical
            let l = try L(configuration: config) { s, _ in sections[s] }
            let counts = sections.map { _ in r.int(25) }
            let cv = try makeCV(counts, l, Double(200 + r.int(300)), Double(150 + r.int(300)))
            // Some cells measured (those of an estimated dimension take the size: their groups
            // then extend, and the rect query searches the measured groups' positions).
            var sizes: [(IndexPath, Size)] = []
            for (sec, n) in counts.enumerated() where n > 0 {
                for _ in 0..<r.int(6) {
                    sizes.append(
                        (
                            IndexPath(section: sec, item: r.int(n)),
                            Size(width: Double(r.int(150)), height: Double(r.int(150)))
                        ))
                }
            }
            if !sizes.isEmpty { try cv.setMeasuredSizes(sizes) }
            let content = try cv.contentSize()
            for check in 0..<6 {
                for (s, sec) in sections.enumerated() where sec.orthogonalScrolling != .none {
                    try l.setOrthogonalOffset(check == 0 ? 0 : Double(r.int(400)) - 50, section: s)
                }
                let along = Double(r.int(Int(horizontal ? content.width : content.height) + 1))
                try cv.setContentOffset(check == 0 ? .zero : horizontal ? Point(x: along, y: 0) : Point(x: 0, y: along))
                try cv.layoutIfNeeded()
                let all = try everything(l, counts)
                for _ in 0..<8 {
                    let rect = Rect(
                        x: Double(r.int(Int(content.width) + 200)) - 100,
                        y: Double(r.int(Int(content.height) + 200)) - 100,
                        width: Double(1 + r.int(300)), height: Double(1 + r.int(300)))
                    var got: [ElementKey: Rect] = [:]
                    for a in try cv.layoutAttributesForElements(in: rect) {
                        XCTAssertNil(got[a.key], "round \(round): \(a.key) twice")
                        got[a.key] = a.frame
                    }
                    let want = all.filter { $0.value.intersects(rect) }
                    found += want.count
                    XCTAssertEqual(got, want, "round \(round) check \(check) rect \(rect)")
                    if got != want { return }
                }
                if check == 0, fits {
                    // At rest: along the scroll axis everything is inside the content.
                    for (k, f) in all where k.category == .cell {
                        let (lo, hi, end) =
                            horizontal ? (f.minX, f.maxX, content.width) : (f.minY, f.maxY, content.height)
                        XCTAssertGreaterThanOrEqual(lo, -1e-9, "round \(round) \(k)")
                        XCTAssertLessThanOrEqual(hi, end + 1e-9, "round \(round) \(k)")
                    }
                }
            }
        }
    }

    /// Groups of fractions at most 1 with fixed spacing: no two cells of a group overlap, each
    /// lies inside its group's frame.
    func testCellsOfAGroupDoNotOverlap() throws {
        var r = RNG(state: 7)
        for round in 0..<200 {
            var g = randomGroup(&r, depth: 1, fractionsOnly: true)
            g.size = size(.absolute(Double(100 + r.int(300))), .absolute(Double(50 + r.int(200))))
            let gs = try CompositionalGroupSolver.solve(g, container: Size(width: 500, height: 500), path: "g")
            let frame = Rect(origin: .zero, size: gs.size)
            let tolerance = 1e-9
            for (i, a) in gs.cells.enumerated() {
                for b in gs.cells[(i + 1)...] {
                    let overlap =
                        Swift.min(a.maxX, b.maxX) - Swift.max(a.minX, b.minX) > tolerance
                        && Swift.min(a.maxY, b.maxY) - Swift.max(a.minY, b.minY) > tolerance
                    XCTAssertFalse(overlap, "round \(round): \(a) and \(b)")
                }
                if a.width > 0, a.height > 0 {
                    XCTAssertTrue(
                        a.minX >= -tolerance && a.minY >= -tolerance && a.maxX <= frame.maxX + tolerance
                            && a.maxY <= frame.maxY + tolerance, "round \(round): \(a) outside \(frame)")
                }
            }
        }
    }
}
