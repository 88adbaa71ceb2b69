"""CVL_HUGE_PAGES (the header's animation paragraph): with "1" in the environment an animated
set-up's large buffers are advised for huge pages, and every record is the same as without it."""

import hashlib
import os
import subprocess
import sys
import textwrap

import pytest

# A flow -> circle switch of 40,000 items (every one on screen): its tracks' made parts (5.4 MB) are
# above the 4 MiB the advice starts at. Prints the SHA-256 of the records at three times and the
# number of mappings with the kernel's huge-page advice ("hg") during the animation.
SCRIPT = textwrap.dedent(
    """
    import hashlib, cvlayout
    h = hashlib.sha256()
    with cvlayout.CollectionView(cvlayout.FlowLayout(), [40_000], bounds_size=(1000, 800)) as view:
        view.time = 0
        view.visible_attributes()
        view.set_layout(cvlayout.CircleLayout(),
                        animation=cvlayout.Animation(duration=1, curve=cvlayout.Curve.LINEAR))
        buf = cvlayout.AttributesBuffer()
        hg = 0
        for t in (0.3, 0.7, 2.0):
            view.time = t
            k = view.raw_attributes(out=buf, grow=True)
            h.update(buf.numpy()[:k].tobytes())
            if t == 0.3:  # while the set-up's buffers live (its starts are lean, 2.9 MB: not advised)
                with open("/proc/self/smaps") as f:
                    for line in f:
                        if line.startswith("VmFlags:") and " hg" in line:
                            hg += 1
    print(h.hexdigest(), hg)
    """
)


def run(value: str | None) -> tuple[str, int]:
    env = dict(os.environ)
    env.pop("CVL_HUGE_PAGES", None)
    if value is not None:
        env["CVL_HUGE_PAGES"] = value
    out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True)
    digest, hg = out.stdout.split()
    return digest, int(hg)


@pytest.mark.skipif(
    not os.path.exists("/sys/kernel/mm/transparent_hugepage/enabled"), reason="no transparent huge pages"
)
def test_huge_pages_only_with_one_and_the_same_records() -> None:
    on, off, other = run("1"), run(None), run("0")
    assert on[0] == off[0] == other[0]
    assert len(on[0]) == len(hashlib.sha256().hexdigest())
    assert on[1] > 0
    assert off[1] == 0 and other[1] == 0
