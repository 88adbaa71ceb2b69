"""The demo built on the binding: the JSON spec (docs/json-spec.md), SVG drawing, the gallery of
the seeds' layouts and their animated transitions, and the command line (``python -m cvlayout``).

    from cvlayout.demo import spec, svg
    result = spec.render({"version": 1, "layout": {"kind": "flow"}, "sections": [{"count": 20}],
                          "viewport": {"width": 320, "height": 480}})
"""
