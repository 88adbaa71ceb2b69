import XCTest

@testable import CVLayoutCore

private typealias IndexPath = CVLayoutCore.IndexPath

/// A bounds change (a rotation) of a layout that snaps ends on a resting point: once the layout
/// is prepared for the new size the view proposes an offset to `targetContentOffset` (UIKit's
/// `targetContentOffsetForProposedContentOffset:` after a layout update) — the kept offset
/// under `.none`; under a policy, the offset centring the anchor cover (docs/cover-flow.md).
///
/// The numbers, 12 covers 180 wide, line spacing −60 (pitch 120):
/// - derived insets: left (W − 180)/2, cover k's centre W/2 + 120k, centred at offset 120k in
///   320 × 480 (left 70) and in 480 × 320 (left 150); largest offset 1320 in both.
/// - zero insets (`derivesInsetsFromBounds` off): cover k's centre 90 + 120k, centred at
///   120k − 70 in 320 × 480 and at 120k − 150 in 480 × 320; content 1500 wide.
final class CoverFlowRotationTests: XCTestCase {
    private static let portrait = Size(width: 320, height: 480)
    private static let landscape = Size(width: 480, height: 320)

    private func view(derive: Bool, size: Size, offset: Double) throws -> (CoverFlowLayout, CollectionView) {
        let l = CoverFlowLayout()
        l.derivesInsetsFromBounds = derive
        let cv = try CollectionView(dataSource: StaticDataSource([12]), layout: l)
        try cv.setBoundsSize(size)
        try cv.setContentOffset(Point(x: offset, y: 0))
        try cv.layoutIfNeeded()
        return (l, cv)
    }

    /// The cover whose centre is nearest the viewport's centre (the one Cover Flow shows active).
    private func centredCover(_ cv: CollectionView) throws -> Int? {
        let c = cv.bounds.center.x
        let cells = try cv.visibleAttributes().filter { $0.category == .cell }
        return cells.min { abs($0.center.x - c) < abs($1.center.x - c) }?.indexPath.item
    }

    private func rotate(_ cv: CollectionView, to size: Size, policy: AnchorPolicy) throws {
        try cv.setAnchorPolicy(policy)
        try cv.setBoundsSize(size)
        try cv.layoutIfNeeded()
    }

    /// `.nearest` the viewport's centre keeps the centred cover through a rotation either way.
    /// Derived insets: 600 (cover 5) in 320 × 480. Keeping cover 5's frame origin on screen (x 70)
    /// gives 150 + 600 − 70 = 680 in 480 × 320, where the snap would pick cover 6 (centre 960,
    /// 40 from the viewport's centre 920); centring cover 5 proposes 840 − 240 = 600, a resting
    /// point. Back to 320 × 480 (nearest (240, 160), the landscape centre): 760 − 160 = 600.
    /// Zero insets: 530 (cover 5, centre 690) in 320 × 480; the kept origin keeps 530, where the
    /// viewport's centre 770 is nearer cover 6 (810) than 5; centring cover 5 gives 690 − 240 =
    /// 450 in 480 × 320, and back 690 − 160 = 530.
    func testNearestTheCentreKeepsTheCentredCoverBothWays() throws {
        for (derive, portraitOffset, landscapeOffset) in [(true, 600.0, 600.0), (false, 530, 450)] {
            let (_, cv) = try view(derive: derive, size: Self.portrait, offset: portraitOffset)
            XCTAssertEqual(try centredCover(cv), 5)
            try rotate(cv, to: Self.landscape, policy: .nearest(Point(x: 160, y: 240)))
            XCTAssertEqual(cv.contentOffset, Point(x: landscapeOffset, y: 0), "derive \(derive), to landscape")
            XCTAssertEqual(try centredCover(cv), 5)
            try rotate(cv, to: Self.portrait, policy: .nearest(Point(x: 240, y: 160)))
            XCTAssertEqual(cv.contentOffset, Point(x: portraitOffset, y: 0), "derive \(derive), to portrait")
            XCTAssertEqual(try centredCover(cv), 5)
        }
    }

    /// `.firstVisible` centres the first visible cover (as a layout switch does): at 600 in
    /// 320 × 480 (derived insets) the covers visible in x 600…920 are 3…7 (cover k spans
    /// 70 + 120k … 250 + 120k), so cover 3 is centred: 120 · 3 = 360 in 480 × 320; from 600 in
    /// 480 × 320 (x 600…1080: cover k spans 150 + 120k …, covers 3…7) 360 in 320 × 480. Zero
    /// insets at 530 in 320 × 480 (x 530…850, cover k spans 120k … 120k + 180: covers 3…7): cover
    /// 3 (centre 450) centred at 450 − 240 = 210 in 480 × 320; from 450 in 480 × 320 (x 450…930:
    /// covers 3…7) at 450 − 160 = 290 in 320 × 480.
    func testFirstVisibleCentresTheFirstVisibleCover() throws {
        let cases: [(Bool, Size, Double, Size, Double)] = [
            (true, Self.portrait, 600, Self.landscape, 360), (true, Self.landscape, 600, Self.portrait, 360),
            (false, Self.portrait, 530, Self.landscape, 210), (false, Self.landscape, 450, Self.portrait, 290),
        ]
        for (derive, from, offset, to, expected) in cases {
            let (_, cv) = try view(derive: derive, size: from, offset: offset)
            try rotate(cv, to: to, policy: .firstVisible)
            XCTAssertEqual(cv.contentOffset, Point(x: expected, y: 0), "derive \(derive), \(from) → \(to)")
            XCTAssertEqual(try centredCover(cv), 3)
        }
    }

    /// `.none` proposes the kept offset to UIKit's `targetContentOffsetForProposedContentOffset:`
    /// (no velocity), which the book's Cover Flow does not implement (only Listing 4.32's velocity
    /// form), so the offset stays, as in UIKit. Derived insets: 600 stays 600 both ways (cover 5 is
    /// centred at 120 · 5 whatever the width); 650 stays 650 in 480 × 320 (viewport centre 890:
    /// cover 5 at 840 is 50 away, cover 6 at 960 is 70). Zero insets: 530 stays 530 in 480 × 320
    /// (centre 770: cover 6 at 810, 40 away, cover 5 at 690, 80), and 450 stays 450 in 320 × 480
    /// (centre 610: cover 4 at 570, 40 away): without a policy the centred cover drifts.
    func testNoPolicyProposesTheKeptOffset() throws {
        let cases: [(Bool, Size, Double, Size, Double, Int)] = [
            (true, Self.portrait, 600, Self.landscape, 600, 5), (true, Self.landscape, 600, Self.portrait, 600, 5),
            (true, Self.portrait, 650, Self.landscape, 650, 5),
            (false, Self.portrait, 530, Self.landscape, 530, 6), (false, Self.landscape, 450, Self.portrait, 450, 4),
        ]
        for (derive, from, offset, to, expected, cover) in cases {
            let (_, cv) = try view(derive: derive, size: from, offset: offset)
            try rotate(cv, to: to, policy: .none)
            XCTAssertEqual(cv.contentOffset, Point(x: expected, y: 0), "derive \(derive), \(from) → \(to)")
            XCTAssertEqual(try centredCover(cv), cover)
        }
    }

    /// A size set before the first layout cycle proposes nothing (there was no layout to update):
    /// the offset is the caller's, even between covers.
    func testNoProposalBeforeTheFirstLayoutCycle() throws {
        let l = CoverFlowLayout()
        let cv = try CollectionView(dataSource: StaticDataSource([12]), layout: l)
        try cv.setContentOffset(Point(x: 650, y: 0))
        try cv.setBoundsSize(Self.portrait)
        try cv.layoutIfNeeded()
        XCTAssertEqual(cv.contentOffset, Point(x: 650, y: 0))
    }

    /// An animated rotation (the bounds change inside an animation block) settles the same way,
    /// and starts from what was on screen: `.nearest` the centre, derived insets, 600 in
    /// 320 × 480 → 480 × 320 stays at 600, so cover 5 (frame x 670 before, 750 after) moves by
    /// 80 in content coordinates, starting where it was (centre 760) and ending at 840.
    func testAnimatedRotationSettlesAndStartsFromTheScreen() throws {
        let (_, cv) = try view(derive: true, size: Self.portrait, offset: 600)
        try cv.setAnchorPolicy(.nearest(Point(x: 160, y: 240)))
        let cover5 = ElementKey(category: .cell, kind: .none, indexPath: IndexPath(section: 0, item: 5))
        try cv.beginAnimatedChanges(try AnimationTiming(duration: 1, curve: .linear))
        try cv.setBoundsSize(Self.landscape)
        try cv.commitAnimatedChanges()
        XCTAssertTrue(cv.isAnimating)
        XCTAssertEqual(cv.contentOffset, Point(x: 600, y: 0))
        XCTAssertEqual(try cv.layoutAttributes(for: cover5)?.center.x, 760)
        try cv.setTime(0.5)
        XCTAssertEqual(try cv.layoutAttributes(for: cover5)?.center.x ?? .nan, 800, accuracy: 1e-9)
        try cv.setTime(1)
        XCTAssertFalse(cv.isAnimating)
        XCTAssertEqual(try cv.layoutAttributes(for: cover5)?.center.x, 840)
        XCTAssertEqual(try centredCover(cv), 5)
    }
}
