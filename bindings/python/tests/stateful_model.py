"""A pure-Python model of a collection view's data for test_stateful.py: item counts, UIKit's
batch-update rules and the index-path mapping an accepted update implies.

Written from docs/batch-update-rules.md (the checks, their order and which status each failure
has) and include/cvlayout.h ("Batch updates", "Identities and diffing"), not from the Swift
code: where the library and this model disagree, one of them breaks the documented contract.

Two independent ways to the same answer keep the model honest:
- ``edit`` changes a data set made of unique tokens (a section token and its item tokens) the way
  a host changes its data, and writes the update a host would send for it; the expected mapping
  is where each token went;
- ``check`` takes any update (the edit's, a corrupted one, a random one) and the counts before
  and after, and applies the documented rules: the error class of the first failure, or the
  mapping given by the documented model (survivors fill the places not taken by inserts and
  move destinations, in order).
test_stateful.py asserts that both agree on every edit, and the library with ``check``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from cvlayout import UpdateItem

NOT_FOUND = (1 << 63) - 1          # NSNotFound: the item index of a whole-section request
MAX_ITEMS = 1 << 40                # CVL_MAX_ITEMS

Path = tuple[int, int]
Data = list[tuple[int, list[int]]]  # [(section token, [item tokens])], the view's data by identity


def counts_of(data: Data) -> list[int]:
    return [len(items) for _, items in data]


def valid_item(counts: list[int], ip: Path) -> bool:
    s, i = ip
    return 0 <= s < len(counts) and 0 <= i < counts[s]


# --- the documented rules ------------------------------------------------------------------------
@dataclass
class Outcome:
    """What the rules say about an update: ``error`` is None (accepted) or "OutOfRange" /
    "InconsistentUpdate"; when accepted, ``new_of_old`` maps every old index path (absent: no
    place after the update) and ``new_section`` every old section (None: deleted)."""

    error: str | None
    new_of_old: dict[Path, Path] = field(default_factory=dict)
    new_section: dict[int, int | None] = field(default_factory=dict)


class _Fail(Exception):
    def __init__(self, kind: str, why: str):
        super().__init__(why)
        self.kind = kind


def _range(why: str) -> _Fail:
    return _Fail("OutOfRange", why)


def _inconsistent(why: str) -> _Fail:
    return _Fail("InconsistentUpdate", why)


def _key(p: Path) -> tuple[int, int]:
    """UIKit's order: indices as NSUInteger, a whole section after its items."""
    return (p[0] % (1 << 64), p[1] % (1 << 64))


def _section_mapping(old_n: int, new_n: int, deleted: set[int], reloaded: set[int], inserted: set[int],
                     moves: list[tuple[int, int]]) -> dict[int, int] | None:
    """old section -> new section (survivors, reloaded ones included, and moved ones) when the
    section requests are consistent, else None: survivors fill the free places in order."""
    moves = sorted(set(moves))     # an exact duplicate is dropped
    sources = [f for f, _ in moves]
    dests = [t for _, t in moves]
    if len(set(sources)) != len(moves) or len(set(dests)) != len(moves):
        return None
    if not all(0 <= s < old_n for s in deleted | reloaded | set(sources)):
        return None
    if not all(0 <= t < new_n for t in inserted | set(dests)):
        return None
    if new_n != old_n + len(inserted) - len(deleted) or deleted & set(sources) or inserted & set(dests):
        return None
    if reloaded & (deleted | set(sources)):
        return None
    out = dict(moves)
    free = iter(t for t in range(new_n) if t not in inserted and t not in set(dests))
    for s in range(old_n):
        if s in deleted or s in out:
            continue
        t = next(free, None)
        if t is None:
            return None
        out[s] = t
    return out


def check(old: list[int], new: list[int], updates: list[UpdateItem]) -> Outcome:
    """The documented outcome of ``updates`` from counts ``old`` to counts ``new``."""
    try:
        return _check(old, new, updates)
    except _Fail as f:
        return Outcome(f.kind)


def _check(old: list[int], new: list[int], updates: list[UpdateItem]) -> Outcome:
    W = NOT_FOUND
    del_items: list[Path] = []
    rel_items: list[Path] = []
    ins_items: list[Path] = []
    item_moves: list[tuple[Path, Path]] = []
    del_secs: list[int] = []
    rel_secs: list[int] = []
    ins_secs: list[int] = []
    sec_moves: list[tuple[int, int]] = []
    # The C boundary reads the requests in call order: a negative index is out of range there.
    for u in updates:
        paths = {"insert": [u.after], "delete": [u.before], "reload": [u.before], "move": [u.before, u.after]}
        for s, i in paths[str(u.action)]:
            if s < 0 or (not u.is_section and i < 0):
                raise _range("negative component")
        if u.is_section:
            if u.action == "move":
                sec_moves.append((u.before[0], u.after[0]))
            else:
                {"insert": ins_secs, "delete": del_secs, "reload": rel_secs}[str(u.action)].append(
                    u.after[0] if u.action == "insert" else u.before[0])
        elif u.action == "move":
            item_moves.append((u.before, u.after))
        else:
            {"insert": ins_items, "delete": del_items, "reload": rel_items}[str(u.action)].append(
                u.after if u.action == "insert" else u.before)
    # An item index equal to NSNotFound is no item.
    if any(p[1] == W for p in del_items + rel_items + ins_items + [m[0] for m in item_moves] +
           [m[1] for m in item_moves]):
        raise _range("NSNotFound item")

    def whole(s: int) -> Path:
        return (s, W)

    def unique(paths: list[Path]) -> list[Path]:
        return sorted(set(paths), key=_key)

    deletes = unique(del_items + [whole(s) for s in del_secs])
    reloads = unique(rel_items + [whole(s) for s in rel_secs])
    # Moves: ascending by source, call order among equal sources; exact duplicates dropped.
    all_moves = [(whole(f), whole(t), True) for f, t in sec_moves] + [(f, t, False) for f, t in item_moves]
    order = sorted(range(len(all_moves)), key=lambda n: (_key(all_moves[n][0]), n))
    moves: list[tuple[Path, Path, bool]] = []
    for n in order:
        if all_moves[n] not in moves:
            moves.append(all_moves[n])
    new_n, old_n = len(new), len(old)

    def in_old(s: int) -> bool:
        return 0 <= s < old_n

    def in_new(t: int) -> bool:
        return 0 <= t < new_n

    # 1. A reload that is also a delete.
    if set(reloads) & set(deletes):
        raise _inconsistent("delete and reload")
    # 2. Deletes, reloads included, descending.
    deleted_secs: set[int] = set()
    for d in sorted(set(deletes) | set(reloads), key=_key, reverse=True):
        s = d[0]
        if d[1] == W:
            if not in_old(s):
                raise _range("delete section")
            deleted_secs.add(s)
            if any(m[0][0] == s for m in moves):
                raise _inconsistent("move out of a deleted section")
            continue
        if s in deleted_secs:
            continue
        if any(m[0] == d for m in moves):
            raise _inconsistent("delete and move")
        if not in_old(s) or not 0 <= d[1] < old[s]:
            raise _range("delete item")
    # The section mapping exists when the section requests are consistent; it gives a reloaded
    # section its new index (step 3 inserts it there).
    sec_map = _section_mapping(old_n, new_n, set(del_secs), set(rel_secs), set(ins_secs), sec_moves)
    inserted_secs = set(ins_secs)
    if sec_map is not None:
        inserted_secs |= {sec_map[s] for s in rel_secs}
    # 3. Inserts ascending, a reloaded section at its new index.
    for i in unique(ins_items + [whole(t) for t in inserted_secs]):
        t = i[0]
        if i[1] == W:
            if not in_new(t):
                raise _range("insert section")
            if any(m[1][0] == t for m in moves):
                raise _inconsistent("move into an inserted section")
            continue
        if any(m[1] == i for m in moves):
            raise _inconsistent("insert and move")
        if not in_new(t) or not 0 <= i[1] < new[t]:
            raise _range("insert item")
    # 4. Moves: ranges, then the first later move sharing the source or the destination.
    for n, (f, t, is_section) in enumerate(moves):
        if is_section:
            if not in_old(f[0]) or not in_new(t[0]):
                raise _range("move section")
        elif not in_old(f[0]) or not 0 <= f[1] < old[f[0]] or not in_new(t[0]) or not 0 <= t[1] < new[t[0]]:
            raise _range("move item")
        if any(m[0] == f or m[1] == t for m in moves[n + 1:]):
            raise _inconsistent("move conflict")
    # 5. Section count (a reload: one inserted, one deleted), then every surviving section's items.
    if new_n != old_n + len(set(ins_secs)) + len(set(rel_secs)) - len(deleted_secs):
        raise _inconsistent("section count")
    assert sec_map is not None, "consistent section requests always have a mapping"
    reloaded_new = {sec_map[s] for s in set(rel_secs)}
    old_of_new = {t: s for s, t in sec_map.items()}
    gone = deleted_secs  # deleted and reloaded old sections: their items have no place after
    live_deletes = [p for p in set(del_items) if p[0] not in gone]
    live_reloads = [p for p in set(rel_items) if p[0] not in gone]
    live_inserts = [p for p in set(ins_items) if p[0] not in inserted_secs]
    imoves = [(f, t) for f, t, sec in moves if not sec]
    for t in range(new_n):
        s = old_of_new.get(t)
        if s is None or t in reloaded_new:
            continue
        ins = sum(1 for p in live_inserts if p[0] == t) + sum(1 for p in live_reloads if p[0] == s)
        dels = sum(1 for p in live_deletes if p[0] == s) + sum(1 for p in live_reloads if p[0] == s)
        moved_in = sum(1 for f, to in imoves if to[0] == t and sec_map.get(f[0]) != t)
        moved_out = sum(1 for f, to in imoves if f[0] == s and sec_map.get(s) != to[0])
        if new[t] != old[s] + ins - dels + moved_in - moved_out:
            raise _inconsistent("item count")
    # Accepted: the mapping. In each surviving old section the items that stay (not deleted, not
    # moved away; reloaded ones stay) fill the places of the new section not taken by inserts and
    # move destinations, in order.
    out = Outcome(None, new_section={s: sec_map.get(s) if s not in set(del_secs) else None for s in range(old_n)})
    move_to = dict(imoves)
    for s in range(old_n):
        t = sec_map.get(s)
        for i in range(old[s]):
            if (s, i) in move_to:
                out.new_of_old[(s, i)] = move_to[(s, i)]
        if t is None or s in gone:
            continue
        fixed = {p[1] for p in live_inserts if p[0] == t} | {to[1] for _, to in imoves if to[0] == t}
        free = iter(j for j in range(new[t]) if j not in fixed)
        for i in range(old[s]):
            if (s, i) in move_to or (s, i) in set(live_deletes):
                continue
            out.new_of_old[(s, i)] = (t, next(free))
    return out


# --- a host editing its data -----------------------------------------------------------------------
class Tokens:
    """Fresh identifiers (never reused), shared by the whole machine."""

    def __init__(self) -> None:
        self.next = 1

    def take(self) -> int:
        self.next += 1
        return self.next


def _stayers(rng: random.Random, pairs: list[tuple[int, int]]) -> set[int]:
    """Indices into ``pairs`` (old position, new position), old-ascending, that keep their place:
    an increasing subsequence of the new positions (the others are sent as moves)."""
    keep: set[int] = set()
    last = -1
    for n, (_, new_pos) in enumerate(pairs):
        if new_pos > last and rng.random() < 0.8:
            keep.add(n)
            last = new_pos
    return keep


@dataclass
class Edit:
    """A data change: the data after it, the update a host sends for it, and where every old
    item token ends (absent: deleted or in a deleted or reloaded section)."""

    data: Data
    updates: list[UpdateItem]
    new_of_old: dict[Path, Path]
    changed: list[int]      # item tokens reloaded (in place)


def edit(rng: random.Random, data: Data, tokens: Tokens, size: int = 3) -> Edit:
    """A random valid change of ``data`` and the update describing it (every kind of request;
    duplicates that UIKit merges or drops included)."""
    old = [(sid, list(items)) for sid, items in data]
    # Sections: delete, reload (a new token list), move, insert.
    sec_fate: dict[int, str] = {}
    for n in range(len(old)):
        r = rng.random()
        sec_fate[n] = "delete" if r < 0.12 else "reload" if r < 0.2 else "keep"
    kept = [n for n in range(len(old)) if sec_fate[n] != "delete"]
    new_order = list(kept)
    for _ in range(rng.randint(0, 2)):
        if len(new_order) > 1:
            a, b = rng.randrange(len(new_order)), rng.randrange(len(new_order))
            new_order.insert(b, new_order.pop(a))
    # New section list: ("old", n) or ("new", token, items).
    layout: list[tuple] = [("old", n) for n in new_order]
    for _ in range(rng.choice([0, 0, 1, 2])):
        layout.insert(rng.randint(0, len(layout)), ("new", tokens.take(), [tokens.take()
                                                                           for _ in range(rng.randint(0, size))]))
    new_pos_of_old = {entry[1]: t for t, entry in enumerate(layout) if entry[0] == "old"}
    # Reloaded sections must keep their place: they are stayers.
    pairs = [(n, new_pos_of_old[n]) for n in kept]
    stay = _stayers(rng, pairs)
    stay_secs = {pairs[k][0] for k in stay}
    for n in kept:
        if sec_fate[n] == "reload" and n not in stay_secs:
            sec_fate[n] = "keep"
    # Items of surviving, non-reloaded sections: delete, reload, move (within or across), insert.
    items_after: dict[int, list[int]] = {}
    for n in kept:
        items_after[n] = [] if sec_fate[n] == "reload" else list(old[n][1])
    reloaded_items: set[int] = set()
    deleted_items: set[int] = set()
    movable = [n for n in kept if sec_fate[n] == "keep"]
    for n in movable:
        for tok in list(items_after[n]):
            r = rng.random()
            if r < 0.12:
                items_after[n].remove(tok)
                deleted_items.add(tok)
            elif r < 0.2:
                reloaded_items.add(tok)
    for _ in range(rng.randint(0, 3)):
        if not movable:
            break
        a, b = rng.choice(movable), rng.choice(movable)
        if items_after[a]:
            tok = items_after[a].pop(rng.randrange(len(items_after[a])))
            items_after[b].insert(rng.randint(0, len(items_after[b])), tok)
    for n in movable:
        for _ in range(rng.choice([0, 0, 1, 2])):
            items_after[n].insert(rng.randint(0, len(items_after[n])), tokens.take())
    for n in kept:
        if sec_fate[n] == "reload":
            items_after[n] = [tokens.take() for _ in range(rng.randint(0, size))]
    new_data: Data = []
    for entry in layout:
        if entry[0] == "old":
            new_data.append((old[entry[1]][0], items_after[entry[1]]))
        else:
            new_data.append((entry[1], entry[2]))
    # The update. Sections first.
    ups: list[UpdateItem] = []
    for n in range(len(old)):
        if sec_fate[n] == "delete":
            ups.append(UpdateItem("delete", before=(n, -1), is_section=True))
            if old[n][1] and rng.random() < 0.3:   # an item delete inside it: dropped unchecked
                ups.append(UpdateItem("delete", before=(n, rng.randrange(len(old[n][1])))))
        elif sec_fate[n] == "reload":
            ups.append(UpdateItem("reload", before=(n, -1), is_section=True))
    for k, (n, t) in enumerate(pairs):
        if k not in stay:
            ups.append(UpdateItem("move", before=(n, -1), after=(t, -1), is_section=True))
    for t, entry in enumerate(layout):
        if entry[0] == "new":
            ups.append(UpdateItem("insert", after=(t, -1), is_section=True))
            if entry[2] and rng.random() < 0.3:    # an item insert inside it: checked, absorbed
                ups.append(UpdateItem("insert", after=(t, rng.randrange(len(entry[2])))))
    # Items: where every old token of a kept section is before and after.
    old_pos = {tok: (n, i) for n in movable for i, tok in enumerate(old[n][1])}
    new_pos = {tok: (t, j) for t, (_, items) in enumerate(new_data) for j, tok in enumerate(items)}
    for tok in deleted_items:
        ups.append(UpdateItem("delete", before=old_pos[tok]))
    for t, entry in enumerate(layout):
        if entry[0] == "old" and sec_fate[entry[1]] == "keep":
            for j, tok in enumerate(new_data[t][1]):
                if tok not in old_pos:
                    ups.append(UpdateItem("insert", after=(t, j)))
    # Per old section: stayers (same section identity, increasing order) and moves.
    for n in movable:
        t = new_pos_of_old[n]
        pairs_i = [(i, new_pos[tok][1]) for i, tok in enumerate(old[n][1])
                   if tok in new_pos and new_pos[tok][0] == t]
        keep_i = _stayers(rng, pairs_i)
        staying = {pairs_i[k][0] for k in keep_i}
        for i, tok in enumerate(old[n][1]):
            if tok in deleted_items:
                continue
            if tok in reloaded_items and i in staying:
                ups.append(UpdateItem("reload", before=(n, i)))
            elif i not in staying:
                reloaded_items.discard(tok)
                ups.append(UpdateItem("move", before=(n, i), after=new_pos[tok]))
    # UIKit merges duplicate deletes/inserts/reloads and drops exact duplicate moves.
    if ups and rng.random() < 0.25:
        ups.append(rng.choice(ups))
    rng.shuffle(ups)
    new_of_old = {old_pos[tok]: new_pos[tok] for tok in old_pos if tok in new_pos}
    return Edit(new_data, ups, new_of_old, sorted(reloaded_items))


def corrupt(rng: random.Random, counts: list[int], updates: list[UpdateItem], new: list[int]
            ) -> tuple[list[UpdateItem], list[int]]:
    """A variation of a valid update that is usually invalid (the rules decide): a request
    dropped, shifted, duplicated with another index, added at random, or new counts that lie."""
    ups = list(updates)
    new = list(new)
    r = rng.random()
    if r < 0.2 and ups:
        ups.pop(rng.randrange(len(ups)))
    elif r < 0.45 and ups:
        u = ups.pop(rng.randrange(len(ups)))
        d = rng.choice([-1, 1, 2])

        def shift(p: Path) -> Path:
            if p == (-1, -1):
                return p
            return (p[0] + d, p[1]) if u.is_section or rng.random() < 0.3 else (p[0], p[1] + d)
        ups.insert(rng.randint(0, len(ups)), UpdateItem(u.action, shift(u.before), shift(u.after), u.is_section))
    elif r < 0.75:
        ups.insert(rng.randint(0, len(ups)), random_request(rng, counts, new))
    elif new:
        t = rng.randrange(len(new))
        new[t] = max(0, new[t] + rng.choice([-1, 1]))
    else:
        new.append(rng.randint(0, 3))
    return ups, new


def random_request(rng: random.Random, old: list[int], new: list[int]) -> UpdateItem:
    """Any request near the counts (sometimes out of them, negative or NSNotFound)."""
    action = rng.choice(["insert", "delete", "reload", "move"])
    is_section = rng.random() < 0.3

    def path(counts: list[int]) -> Path:
        s = rng.randint(-1 if rng.random() < 0.05 else 0, len(counts))
        if is_section:
            return (s, -1)
        n = counts[s] if 0 <= s < len(counts) else 2
        i = rng.randint(0, n)
        if rng.random() < 0.05:
            i = rng.choice([-1, NOT_FOUND])
        return (s, i)
    before = path(old) if action != "insert" else (-1, -1)
    after = path(new) if action in ("insert", "move") else (-1, -1)
    return UpdateItem(action, before, after, is_section)
