"""The compositional layout from Python: the declarative API, the JSON spec kind and the
App-Store-like page (cvlayout/demo/app_store.json), frames worked by hand from
docs/compositional-rules.md; errors as exceptions with nothing changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cvlayout
from cvlayout import CollectionView, CompositionalLayout
from cvlayout.compositional import (Anchor, Badge, BoundaryItem, Dimension as D, Group, Item, LayoutSize, Section,
                                    Spacing)
from cvlayout.demo import spec as S

APP_STORE = Path(cvlayout.__file__).parent / "demo" / "app_store.json"


def frame(view: CollectionView, s: int, i: int) -> tuple[float, ...]:
    a = view.attributes_for_item((s, i))
    assert a is not None
    return tuple(a.frame)


def test_grid_sample_is_the_default() -> None:
    # Apple's Grid screen: 0.2-wide items, five a row; 400 wide: 80 x 80, item 7 at (160, 80).
    with CompositionalLayout() as layout:
        view = CollectionView(layout, [94], bounds_size=(400, 800))
        assert frame(view, 0, 7) == (160, 80, 80, 80)
        assert tuple(view.content_size) == (400, 1520)


def test_two_column_sample_declared_like_uikit() -> None:
    item = Item(LayoutSize(D.fractional_width(1), D.fractional_height(1)))
    group = Group.horizontal(LayoutSize(D.fractional_width(1), D.absolute(44)), [item], count=2,
                             inter_item_spacing=Spacing.fixed(10))
    section = Section(group, content_insets=(10, 10, 10, 10), inter_group_spacing=10)
    layout = CompositionalLayout(section)
    view = CollectionView(layout, [94], bounds_size=(400, 800))
    # Slots (380 - 10) / 2 = 185; item 3 = row 1, slot 1: (205, 64).
    assert frame(view, 0, 3) == (205, 64, 185, 44)
    assert tuple(view.content_size) == (400, 2548)


def test_errors_name_the_element_and_change_nothing() -> None:
    layout = CompositionalLayout()
    view = CollectionView(layout, [10], bounds_size=(400, 800))
    bad = Section(Group.horizontal(LayoutSize(D.fractional_width(1), D.absolute(44)),
                                   [Item(LayoutSize(D.absolute(float("nan")), D.absolute(10)))]))
    with pytest.raises(cvlayout.InvalidArgument, match=r"elements\[1\]\.size\.width"):
        layout.set_section(bad)
    with pytest.raises(cvlayout.InvalidArgument, match="count 0"):
        layout.set_section(Section(Group.horizontal(LayoutSize(D.fractional_width(1), D.absolute(4)),
                                                    [Item(LayoutSize(D.absolute(1), D.absolute(1)))], count=0)))
    with pytest.raises(ValueError, match="dimension"):
        D.of({"fraction": 1})
    assert frame(view, 0, 7) == (160, 80, 80, 80)


def test_badges_and_custom_groups() -> None:
    # ItemBadgeSupplementary: cell 0 (25, 25, 80, 62), badge (91, 19) (docs/compositional-rules.md, C19).
    badge = Badge("badge", LayoutSize(D.absolute(20), D.absolute(20)),
                  Anchor(("top", "trailing"), (0.3, -0.3), fractional=True))
    item = Item(LayoutSize(D.fractional_width(0.25), D.fractional_height(1)), content_insets=(5, 5, 5, 5),
                badges=[badge])
    layout = CompositionalLayout(Section(Group.horizontal(LayoutSize(D.fractional_width(1), D.fractional_width(0.2)),
                                                          [item]), content_insets=(20, 20, 20, 20)))
    view = CollectionView(layout, [8], bounds_size=(400, 800))
    assert frame(view, 0, 0) == (25, 25, 80, 62)
    b = view.attributes_for_supplementary("badge", (0, 0))
    assert b is not None and tuple(b.frame) == (91, 19, 20, 20)
    custom = Group.custom(LayoutSize(D.fractional_width(1), D.absolute(100)),
                          lambda size: [(0, 0, 50, 50), (60, 10, 30, size.height - 70)])
    layout.set_section(Section(custom))
    assert frame(view, 0, 3) == (60, 110, 30, 30)


def test_app_store_page_from_the_json_spec() -> None:
    spec = json.loads(APP_STORE.read_text())
    built = S.build(spec)
    view, layout = built.view, built.layout
    assert isinstance(layout, CompositionalLayout)
    # Banner (group_paging_centered): container 358, group 0.9 x 358 = 322.2, centring 17.9.
    f = frame(view, 0, 0)
    assert f[0] == pytest.approx(33.9) and f[2] == pytest.approx(322.2) and f[1:4:2] == (0, 220)
    assert frame(view, 0, 1)[0] == pytest.approx(33.9 + 332.2)
    # Carousel: header at 220, groups 0.85 x 358 = 304.3 wide, three rows of 72 (inset 4 top and bottom).
    header = view.attributes_for_supplementary("header", (1, 0))
    assert header is not None and tuple(header.frame) == (16, 220, 358, 44)
    f = frame(view, 1, 4)
    assert f[0] == pytest.approx(16 + 314.3) and f[1:] == pytest.approx((340, 304.3, 64))
    # Grid with badges from 504 + 44: item 5 = row 1, place 1: slot (105.5, 637.5), cell inset 6.
    assert frame(view, 2, 5) == pytest.approx((111.5, 643.5, 77.5, 77.5))
    b = view.attributes_for_supplementary("badge", (2, 5))
    assert b is not None and tuple(b.frame) == pytest.approx((176.4, 638.1, 18, 18))
    # The list: header 727, rows of 60 one apart from 771; content ends at 771 + 11 * 61 + 60.
    assert frame(view, 3, 11) == (0, 1442, 390, 60)
    assert tuple(view.content_size) == pytest.approx((390, 1502))
    d = view.attributes_for_decoration("background", (3, 0))
    assert d is not None and tuple(d.frame) == pytest.approx((0, 727, 390, 775))
    # Scrolling the carousel by one group moves its cells, not its header; snapping pages by group.
    CompositionalLayout.set_orthogonal_offset(view, 1, 314.3)
    assert frame(view, 1, 4)[0] == pytest.approx(16)
    assert CompositionalLayout.orthogonal_offset(view, 1) == pytest.approx(314.3)
    target, extent = CompositionalLayout.target_orthogonal_offset(view, 1, 0, 800, 1.0)
    assert target == pytest.approx(314.3) and extent == pytest.approx(16 + 3 * 304.3 + 2 * 10 + 16)
    with pytest.raises(cvlayout.InvalidArgument):
        CompositionalLayout.set_orthogonal_offset(view, 2, 10)
    # The pinned header follows the visible top within its section.
    view.content_offset = (0, 1000)
    h = view.attributes_for_supplementary("header", (3, 0))
    assert h is not None and h.frame.y == 1000


def test_provider_is_asked_per_section_with_the_container() -> None:
    asked: list[tuple[int, float]] = []

    def provider(index: int, size: cvlayout.Size) -> Section:
        asked.append((index, size.width))
        columns = 4 if size.width > 500 else 2
        item = Item(LayoutSize(D.fractional_width(1 / columns), D.absolute(50)))
        return Section(Group.horizontal(LayoutSize(D.fractional_width(1), D.absolute(50)), [item]))
    layout = CompositionalLayout(provider=provider, boundary_items=[
        BoundaryItem("header", LayoutSize(D.fractional_width(1), D.absolute(30)))])
    view = CollectionView(layout, [4, 4], bounds_size=(400, 800))
    assert frame(view, 0, 3) == (200, 80, 200, 50)
    view.bounds_size = (600, 800)
    assert frame(view, 0, 3) == (450, 30, 150, 50)
    assert [w for _, w in asked] == [400, 400, 600, 600]


def test_estimated_dimensions_take_measured_sizes() -> None:
    # Rows estimated 44 high; item 1 measured 100 high: row 2 moves to 44 + 100 (C2, Q5).
    row = Group.horizontal(LayoutSize(D.fractional_width(1), D.estimated(44)),
                           [Item(LayoutSize(D.fractional_width(1), D.estimated(44)))])
    view = CollectionView(CompositionalLayout(Section(row)), [20], bounds_size=(320, 200))
    assert view.items_to_measure(margin=0)[:3] == [(0, 0), (0, 1), (0, 2)]
    view.set_measured_sizes({(0, 1): (320, 100)})
    assert frame(view, 0, 1) == (0, 44, 320, 100)
    assert frame(view, 0, 2) == (0, 144, 320, 44)
    assert tuple(view.content_size) == (320, 19 * 44 + 100)
    with pytest.raises(cvlayout.InvalidArgument):
        view.set_measured_sizes({(0, 2): (float("nan"), 1)})
    assert frame(view, 0, 2) == (0, 144, 320, 44)
