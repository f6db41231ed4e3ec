#!/usr/bin/env python3
"""Checks what DocC does not: that every public declaration of a module has a `///` comment of
its own, and that the catalog's landing page curates every top-level symbol.

DocC's --warnings-as-errors fails on a broken link, but an undocumented symbol is not a warning,
and a member that implements a protocol requirement silently inherits the requirement's comment.
This reads the symbol graph that `swift package generate-documentation` extracted (run that
first) and requires each symbol declared under Sources/<module>/ to carry a comment written in
the same file, just above the declaration.

Usage: python3 .ci/check-doc-coverage.py MODULE
"""
import glob
import json
import os
import re
import sys


def main() -> int:
    module = sys.argv[1] if len(sys.argv) > 1 else "SplitTesting"
    graphs = glob.glob(f".build/*/extracted-symbols/*/{module}/{module}.symbols.json")
    if not graphs:
        print(f"no symbol graph of {module}; run `swift package generate-documentation --target {module}` first")
        return 2
    graph_path = max(graphs, key=os.path.getmtime)
    with open(graph_path, encoding="utf-8") as file:
        graph = json.load(file)

    source_folder = f"/Sources/{module}/"
    problems = []
    top_level = set()
    for symbol in graph["symbols"]:
        location = symbol.get("location")
        if not location or source_folder not in location["uri"]:
            continue  # inherited from another module (Equatable's !=, literal initialisers)
        path = "/".join(symbol["pathComponents"])
        if len(symbol["pathComponents"]) == 1:
            top_level.add(symbol["pathComponents"][0])
        where = f'{location["uri"].split(source_folder, 1)[1]}:{location["position"]["line"] + 1}'
        comment = symbol.get("docComment")
        lines = (comment or {}).get("lines") or []
        if not lines or comment.get("uri") != location["uri"]:
            problems.append(f"{where}: public '{path}' has no doc comment of its own")
            continue
        last = lines[-1].get("range", {}).get("end", {}).get("line")
        # Attributes (@inlinable, @discardableResult) may stand between the comment and the
        # declaration; a comment further away belongs to something else.
        if last is None or not 0 < location["position"]["line"] - last <= 3:
            problems.append(f"{where}: public '{path}' has no doc comment just above it")

    landing_path = f"Sources/{module}/{module}.docc/{module}.md"
    with open(landing_path, encoding="utf-8") as file:
        landing = file.read()
    topics = landing.split("## Topics", 1)[1] if "## Topics" in landing else ""
    curated = set(re.findall(r"^- ``([A-Za-z0-9_]+)``", topics, flags=re.MULTILINE))
    for name in sorted(top_level - curated):
        problems.append(f"{landing_path}: '{name}' is not curated under '## Topics'")

    for problem in problems:
        print(f"error: {problem}")
    print(f"{module}: {len(top_level)} top-level symbols, {len(problems)} documentation problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
