"""Checks the metrics' adjusted p-values and `splitc plan`'s sizes against statsmodels, and the
distributions under them against SciPy (MetricReferenceTests.swift).

Input: a JSON object with
- corrections: [{p_values, holm, bh}]: the Swift adjusted p-values, against
  statsmodels.stats.multitest.multipletests(method="holm" and "fdr_bh"), to 1e-12;
- plans: [{test, effect_size, alpha, power, ratio, control_units, baseline?, treated?}]: the
  control's units that the Swift solver found, against NormalIndPower (test "normal", whose
  effect size must be proportion_effectsize(treated, baseline)) or TTestIndPower (test "t")
  solve_power(nobs1=None, ratio=...), within 1% (they agree far closer);
- distributions: normal quantiles [p, z] against scipy.stats.norm.ppf, and the noncentral t's
  cdf [t, df, nc, value] against scipy.stats.nct.cdf, to 1e-10.

Prints every mismatch and a summary; exits 1 on any.
"""
import json
import math
import sys

import scipy.stats
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.power import NormalIndPower, TTestIndPower
from statsmodels.stats.proportion import proportion_effectsize

data = json.load(open(sys.argv[1]))
mismatches = []
largest_plan_error = 0.0

for index, case in enumerate(data["corrections"]):
    for method, field in (("holm", "holm"), ("fdr_bh", "bh")):
        expected = multipletests(case["p_values"], alpha=0.05, method=method)[1]
        for position, (swift, reference) in enumerate(zip(case[field], expected)):
            if abs(swift - reference) > 1e-12:
                mismatches.append(f"corrections {index} {method} [{position}]: swift {swift} statsmodels {reference}")

for index, case in enumerate(data["plans"]):
    if case["test"] == "normal":
        expected_h = proportion_effectsize(case["treated"], case["baseline"])
        if abs(expected_h - case["effect_size"]) > 1e-12:
            mismatches.append(f"plan {index}: Cohen's h {case['effect_size']} against {expected_h}")
        solver = NormalIndPower()
    else:
        solver = TTestIndPower()
    expected = solver.solve_power(effect_size=case["effect_size"], nobs1=None, alpha=case["alpha"],
                                  power=case["power"], ratio=case["ratio"], alternative="two-sided")
    expected = float(expected)
    error = abs(case["control_units"] - expected) / expected
    largest_plan_error = max(largest_plan_error, error)
    if error > 0.01:
        mismatches.append(f"plan {index} ({case['test']}, d {case['effect_size']}, ratio {case['ratio']}): "
                          f"swift {case['control_units']} statsmodels {expected}")

for p, z in data["distributions"]["normal_quantiles"]:
    expected = scipy.stats.norm.ppf(p)
    if abs(z - expected) > 1e-10 * max(1, abs(expected)):
        mismatches.append(f"normal quantile of {p}: swift {z} scipy {expected}")
for t, df, nc, value in data["distributions"]["noncentral_t"]:
    expected = scipy.stats.nct.cdf(t, df, nc)
    if abs(value - expected) > 1e-10:
        mismatches.append(f"noncentral t cdf({t}, {df}, {nc}): swift {value} scipy {expected}")

for line in mismatches[:40]:
    print(line)
print(f"largest relative error of a plan: {largest_plan_error:.2e}")
print(f"{len(data['corrections'])} corrections, {len(data['plans'])} plans, {len(mismatches)} mismatches")
sys.exit(1 if mismatches else 0)
