"""Recomputes Student's t distribution and the regularized incomplete beta function with SciPy
and compares, for StudentTDistributionTests.swift.

Input: a JSON array of cases, each `p_value` (degrees, t: the two-sided p-value, against
2 * scipy.stats.t.sf), `quantile` (degrees, probability: against scipy.stats.t.ppf) or `beta`
(a, b, x with x and 1 - x exact in binary: against scipy.special.betainc), with the Swift result.
Agreement: 1e-12 relative for p-values and I_x (SciPy's own t tail is good to a few 1e-14 far
out), 1e-13 relative for quantiles. Prints every mismatch, the largest error of each kind and a
summary line; exits 1 on any mismatch.
"""
import json
import sys

from scipy import special, stats

TOLERANCE = {"p_value": 1e-12, "quantile": 1e-13, "beta": 1e-12}
largest = {kind: 0.0 for kind in TOLERANCE}
mismatches = []

cases = json.load(open(sys.argv[1]))
for case in cases:
    kind = case["kind"]
    if kind == "p_value":
        reference = 2 * stats.t.sf(case["t"], case["degrees"])
    elif kind == "quantile":
        reference = stats.t.ppf(case["probability"], case["degrees"])
    elif kind == "beta":
        reference = special.betainc(case["a"], case["b"], case["x"])
    else:
        mismatches.append(f"unknown case kind {kind}")
        continue
    swift = case["swift"]
    error = abs(swift - reference) / abs(reference) if reference != 0 else abs(swift)
    largest[kind] = max(largest[kind], error)
    if error > TOLERANCE[kind]:
        mismatches.append(f"{kind} {case}: swift {swift!r} scipy {reference!r}, relative error {error:.2e}")

for line in mismatches:
    print(line)
print("largest relative errors: " + ", ".join(f"{kind} {value:.2e}" for kind, value in largest.items()))
print(f"{len(cases)} cases, {len(mismatches)} mismatches")
sys.exit(1 if mismatches else 0)
