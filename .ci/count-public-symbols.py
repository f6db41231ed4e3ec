#!/usr/bin/env python3
"""Counts the declarations that a plain `import MODULE` shows an app, and fails above a budget, so
that the public API cannot silently grow back.

Reads the symbol graph of `swift package dump-symbol-graph --minimum-access-level public
--skip-synthesized-members` (run that first) and counts its symbols that are not SPI, have no
underscored path component and are not extensions: what autocomplete offers after a plain
import. Undocumented ones fail too.

Usage: python3 .ci/count-public-symbols.py MODULE LIMIT
"""
import collections
import glob
import json
import os
import sys


def main() -> int:
    if len(sys.argv) != 3 or not sys.argv[2].isdigit():
        print("usage: count-public-symbols.py MODULE LIMIT")
        return 2
    module, limit = sys.argv[1], int(sys.argv[2])
    graphs = glob.glob(f".build/*/symbolgraph/{module}.symbols.json")
    if not graphs:
        print(f"no symbol graph of {module}; run `swift package dump-symbol-graph "
              "--minimum-access-level public --skip-synthesized-members` first")
        return 2
    with open(max(graphs, key=os.path.getmtime), encoding="utf-8") as file:
        symbols = json.load(file)["symbols"]

    visible = [
        symbol for symbol in symbols
        if not symbol.get("spi")
        and not any(component.startswith("_") for component in symbol["pathComponents"])
        and symbol["kind"]["identifier"] != "swift.extension"
    ]
    by_type = collections.Counter(symbol["pathComponents"][0] for symbol in visible)
    for name, count in sorted(by_type.items(), key=lambda item: (-item[1], item[0])):
        print(f"{count:4} {name}")
    undocumented = sorted(".".join(s["pathComponents"]) for s in visible if not s.get("docComment"))
    print(f"{module}: {len(visible)} public declarations visible to a plain import (at most {limit})")

    failed = False
    if undocumented:
        print(f"undocumented: {', '.join(undocumented)}")
        failed = True
    if len(visible) > limit:
        print(f"{module} shows {len(visible) - limit} more declarations than its budget of {limit}: make "
              "what only the package uses `package`, and what only generated code calls @_spi(Generated)")
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
