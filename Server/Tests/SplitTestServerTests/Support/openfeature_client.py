"""Evaluates experiments through a stock OpenFeature client: the Python SDK (openfeature-sdk)
with the OFREP provider (openfeature-provider-ofrep), against a live decision service.

usage: openfeature_client.py URL [KEY] < cases.json

Each case of the JSON array on standard input is {"flag", "device", "user"?, "attributes"}; for
each, one JSON line on standard output: {"flag", "device", "user", "value", "variant", "reason",
"error", "metadata"}, as the SDK resolved it (the default "<default>" and an error code when the
evaluation failed).
"""
import json
import sys

from openfeature import api
from openfeature.contrib.provider.ofrep import OFREPProvider
from openfeature.evaluation_context import EvaluationContext

url = sys.argv[1]
key = sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] else None
headers = (lambda: {"Authorization": f"Bearer {key}"}) if key else None
api.set_provider(OFREPProvider(url, headers_factory=headers))
client = api.get_client()

for case in json.load(sys.stdin):
    attributes = dict(case.get("attributes") or {})
    if case.get("user") is not None:
        attributes["user"] = case["user"]
    context = EvaluationContext(targeting_key=case["device"], attributes=attributes)
    details = client.get_string_details(case["flag"], "<default>", context)
    print(json.dumps({
        "flag": case["flag"],
        "device": case["device"],
        "user": case.get("user"),
        "value": details.value,
        "variant": details.variant,
        "reason": str(details.reason.value if hasattr(details.reason, "value") else details.reason),
        "error": details.error_code.value if details.error_code else None,
        "metadata": dict(details.flag_metadata or {}),
    }), flush=True)
