"""Checks the definition language's JSON Schema against real definitions.

Usage: check_schema.py SCHEMA.json BAD_DIR GOOD_DIR [GOOD_DIR...]

Every document of every *.yaml / *.yml file under each GOOD_DIR must be accepted, and every
document under BAD_DIR must be rejected, with an error at the place that the file's first line,
`# error at: <dotted path>` (or `(root)`), names: a fixture rejected for another reason proves
nothing. Exits 0 when both hold, 1 with a report otherwise, and
2 when a required Python package is missing.
"""

import json
import pathlib
import re
import sys

try:
    import jsonschema
    import yaml
except ImportError as error:
    print(f"missing Python package ({error.name}): install it with `python3 -m pip install jsonschema pyyaml`")
    sys.exit(2)


class CoreSchemaLoader(yaml.SafeLoader):
    """Resolves plain scalars as the YAML 1.2 core schema does, like the compiler: `yes`, `no`,
    `on`, `off` and dates stay strings; only true/false are booleans."""


CoreSchemaLoader.yaml_implicit_resolvers = {}
for tag, pattern, first in [
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", list("~nN") + [""]),
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", list("tTfF")),
    ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", list("-+0123456789")),
    (
        "tag:yaml.org,2002:float",
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        list("-+.0123456789"),
    ),
]:
    CoreSchemaLoader.add_implicit_resolver(tag, re.compile(pattern), first)


def documents(path):
    with open(path, encoding="utf-8") as file:
        return list(yaml.load_all(file, Loader=CoreSchemaLoader))


def expected_error_path(path):
    with open(path, encoding="utf-8") as file:
        first = file.readline().strip()
    prefix = "# error at:"
    return first[len(prefix):].strip() if first.startswith(prefix) else None


def all_errors(errors):
    """The errors and, for anyOf/oneOf, the errors of each alternative, where the real cause is."""
    for error in errors:
        yield error
        yield from all_errors(error.context or [])


def dotted(path):
    return ".".join(str(part) for part in path) or "(root)"


def definition_files(folder):
    return sorted(p for p in pathlib.Path(folder).rglob("*") if p.suffix in (".yaml", ".yml"))


def main(schema_path, bad_dir, *good_dirs):
    with open(schema_path, encoding="utf-8") as file:
        schema = json.load(file)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())
    failures = []

    good = [path for folder in good_dirs for path in definition_files(folder)]
    accepted = 0
    for path in good:
        for index, document in enumerate(documents(path)):
            errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
            if errors:
                messages = "; ".join(f"{list(e.absolute_path)}: {e.message}" for e in errors)
                failures.append(f"{path} document {index + 1} was rejected: {messages}")
            else:
                accepted += 1

    bad = definition_files(bad_dir)
    rejected = 0
    for path in bad:
        expected = expected_error_path(path)
        if expected is None:
            failures.append(f"{path} does not start with `# error at: <path>`")
            continue
        for index, document in enumerate(documents(path)):
            found = sorted({dotted(error.absolute_path) for error in all_errors(validator.iter_errors(document))})
            if not found:
                failures.append(f"{path} document {index + 1} was accepted but must be rejected")
            elif expected not in found:
                failures.append(f"{path} document {index + 1} was rejected at {found}, not at {expected}")
            else:
                rejected += 1

    if not good or not bad:
        failures.append(f"found {len(good)} definition files and {len(bad)} bad fixtures; expected some of each")
    for failure in failures:
        print(failure)
    print(f"{accepted} definitions accepted, {rejected} bad documents rejected, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) < 4:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(*sys.argv[1:]))
