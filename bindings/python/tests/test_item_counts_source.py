"""The bulk item-count source (``cvl_view_set_item_counts_source``) from Python: a data source
object with ``item_counts(section_count)`` is asked once per load instead of ``number_of_items``
a section, with the same layouts and the same errors; a view made with ``counts=[...]`` uses it
itself."""

from __future__ import annotations

import array
import random

import numpy as np
import pytest
from conftest import requires

import cvlayout
from cvlayout.errors import CallbackError, CountOverflow, InconsistentUpdate, StateError

needs_bulk = requires("cvl_view_set_item_counts_source", "cvl_view_perform_batch_updates")
MAX_ITEMS = 1 << 40


class Host:
    """Counts in a list; answers section by section, and in bulk as ``kind`` says."""

    def __init__(self, counts, kind="list"):
        self.counts = list(counts)
        self.kind = kind
        self.bulk_calls = 0
        self.item_calls = 0
        self.view = None
        self.reentered = None

    def number_of_sections(self):
        return len(self.counts)

    def number_of_items(self, section):
        self.item_calls += 1
        return self.counts[section]


class BulkHost(Host):
    def item_counts(self, n):
        self.bulk_calls += 1
        assert n == len(self.counts)
        if self.view is not None:
            try:
                self.view.content_size  # noqa: B018 - a re-entrant call
            except StateError as e:
                self.reentered = e
        if self.kind == "array":
            return array.array("q", self.counts)
        if self.kind == "numpy":
            return np.array(self.counts, dtype=np.int64)
        if self.kind == "short":
            return self.counts[:-1]
        if self.kind == "raise":
            raise KeyError("no table")
        return list(self.counts)


def flow():
    return cvlayout.FlowLayout(item_size=(30, 20), minimum_line_spacing=3, minimum_interitem_spacing=2,
                               header_reference_size=(0, 10))


def picture(view):
    return view.counts, view.content_size, [(a.index_path, a.frame) for a in view.all_attributes()]


@needs_bulk
@pytest.mark.parametrize("kind", ["list", "array", "numpy"])
def test_bulk_source_gives_the_per_section_layouts(kind):
    rng = random.Random(kind)
    counts = [rng.randrange(6) for _ in range(30)]
    per, bulk = Host(counts), BulkHost(counts, kind)
    with flow() as la, flow() as lb:
        a = cvlayout.CollectionView(la, data_source=per, bounds_size=(200, 300))
        b = cvlayout.CollectionView(lb, data_source=bulk, bounds_size=(200, 300))
        assert bulk.item_calls == 30 and bulk.bulk_calls == 0  # creation asks section by section
        for step in range(40):
            s = rng.randrange(30)
            if bulk.counts[s] and rng.random() < 0.5:
                ups = [cvlayout.delete_items((s, rng.randrange(bulk.counts[s])))]
                delta = -1
            else:
                ups = [cvlayout.insert_items([(s, rng.randrange(bulk.counts[s] + 1))])]
                delta = 1
            wrong = step % 5 == 4
            per.counts[s] += delta + wrong
            bulk.counts[s] += delta + wrong
            errors = []
            for v in (a, b):
                try:
                    v.perform_batch_updates(ups)
                    errors.append(None)
                except InconsistentUpdate as e:
                    errors.append(str(e))
            assert errors[0] == errors[1]
            assert (errors[0] is not None) == wrong
            if wrong:
                per.counts[s] -= delta + wrong
                bulk.counts[s] -= delta + wrong
            assert picture(a) == picture(b)
            assert b.counts == bulk.counts
        assert bulk.item_calls == 30 and bulk.bulk_calls == 40


@needs_bulk
def test_bulk_counts_are_checked_as_the_per_section_ones():
    per, bulk = Host([2, 3, 4]), BulkHost([2, 3, 4])
    with flow() as la, flow() as lb:
        a = cvlayout.CollectionView(la, data_source=per)
        b = cvlayout.CollectionView(lb, data_source=bulk)
        for counts, error, text in [([2, -3, 4], CallbackError, "returned -3 for section 1"),
                                    ([MAX_ITEMS, 1, -1], CountOverflow, "for section 1")]:
            per.counts = bulk.counts = counts
            messages = []
            for v in (a, b):
                with pytest.raises(error, match=text) as info:
                    v.reload_data()
                messages.append(str(info.value))
                assert v.counts == [2, 3, 4]  # nothing changed
            assert messages[0].startswith("number_of_items returned") and messages[1].startswith("item_counts returned")
            assert messages[0].replace("number_of_items", "item_counts", 1) == messages[1]
        bulk.counts = [2, 3, 4]
        for kind, cause in [("short", ValueError), ("raise", KeyError)]:
            bulk.kind = kind
            with pytest.raises(CallbackError, match="item_counts") as info:
                b.reload_data()
            assert isinstance(info.value.__cause__, cause)
            assert b.counts == [2, 3, 4]
        bulk.kind = "list"
        bulk.counts = [1, 0, 5, 7]
        bulk.view = b
        b.reload_data()
        assert isinstance(bulk.reentered, StateError)
        assert b.counts == [1, 0, 5, 7]


@needs_bulk
def test_a_list_view_reads_its_counts_in_one_call():
    with flow() as layout:
        view = cvlayout.CollectionView(layout, [3, 0, 2], bounds_size=(100, 200))
        view.perform_batch_updates([cvlayout.insert_items([(1, 0)])], new_counts=[3, 1, 2])
        assert view.counts == [3, 1, 2]
        with pytest.raises(InconsistentUpdate):
            view.perform_batch_updates([cvlayout.insert_items([(1, 0)])], new_counts=[3, 1, 2])
        assert view.counts == [3, 1, 2]
        view.reload_data([4, 4])
        assert view.counts == [4, 4]
        # 100 wide: three 30-point items a row (30 * 3 + 2 * 2 = 94), so 4 items are 2 rows:
        # a 10-point header, a row, 3 of line spacing, a row.
        assert view.content_size.height == pytest.approx(2 * (10 + 20 + 3 + 20))


class OnlyBulk:
    """A data source with item_counts and no number_of_items."""

    def __init__(self, counts):
        self.counts = list(counts)
        self.calls = []

    def number_of_sections(self):
        return len(self.counts)

    def item_counts(self, n):
        self.calls.append(n)
        return np.array(self.counts, dtype=np.int64)


@needs_bulk
def test_item_counts_alone_answers_the_creation_in_one_call():
    counts = [3, 0, 7, 1, 12]
    host = OnlyBulk(counts)
    with cvlayout.CollectionView(cvlayout.FlowLayout(), data_source=host, bounds_size=(320, 480)) as view, \
            cvlayout.CollectionView(cvlayout.FlowLayout(), counts=counts, bounds_size=(320, 480)) as ref:
        assert host.calls == [5]  # the creation's five asks from one call
        assert view.content_size == ref.content_size
        assert [view.number_of_items(s) for s in range(5)] == counts
        host.counts[2] = 6
        view.perform_batch_updates(cvlayout.delete_items([(2, 0)]))
        ref.perform_batch_updates(cvlayout.delete_items([(2, 0)]), new_counts=host.counts)
        assert host.calls == [5, 5]
        assert view.content_size == ref.content_size


@needs_bulk
def test_item_counts_alone_failing_at_creation_is_a_callback_error():
    class Broken(OnlyBulk):
        def item_counts(self, n):
            raise KeyError("no table")

    with pytest.raises(CallbackError):
        cvlayout.CollectionView(cvlayout.FlowLayout(), data_source=Broken([1, 2]))
    with pytest.raises(TypeError):
        cvlayout.CollectionView(cvlayout.FlowLayout(), data_source=object())
