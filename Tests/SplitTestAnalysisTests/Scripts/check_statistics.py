"""Recomputes the readout's statistics with SciPy and statsmodels and compares, to 1e-9 relative.

Input: a JSON array of cases written by StatisticsReferenceTests.swift, each with its inputs and
the Swift results. Prints every mismatch and a summary line; exits 1 on any mismatch.
"""
import json
import math
import sys

import numpy as np
from scipy import integrate, stats
from statsmodels.stats.proportion import confint_proportions_2indep, proportions_ztest
from statsmodels.stats.weightstats import CompareMeans, DescrStatsW

RELATIVE = 1e-9
mismatches = []


def close(name, case, swift, reference):
    if swift is None or reference is None or (isinstance(reference, float) and math.isnan(reference)):
        ok = swift is None and (reference is None or math.isnan(reference))
    else:
        ok = abs(swift - reference) <= RELATIVE * max(abs(swift), abs(reference)) or abs(swift - reference) < 1e-300
    if not ok:
        mismatches.append(f"{case['kind']} {name}: swift {swift!r} reference {reference!r} ({ {k: v for k, v in case.items() if not isinstance(v, list)} })")


def beta_probability(a0, b0, a1, b1):
    """P(B > A) = integral of f_A(x) * P(B > x), by adaptive quadrature over where A has mass."""
    low = stats.beta.ppf(1e-16, a0, b0)
    high = stats.beta.isf(1e-16, a0, b0)
    points = sorted({stats.beta.mean(a0, b0), stats.beta.mean(a1, b1)})
    points = [p for p in points if low < p < high]
    value, _ = integrate.quad(
        lambda x: stats.beta.pdf(x, a0, b0) * stats.beta.sf(x, a1, b1),
        low, high, epsabs=0, epsrel=1e-13, limit=1000, points=points or None)
    return value


cases = json.load(open(sys.argv[1]))
for case in cases:
    kind = case["kind"]
    if kind == "proportions":
        n0, c0, n1, c1 = case["n0"], case["c0"], case["n1"], case["c1"]
        p0, p1 = c0 / n0, c1 / n1
        close("difference", case, case["difference"], p1 - p0)
        close("relative_difference", case, case["relative_difference"], (p1 - p0) / p0 if p0 > 0 else None)
        if 0 < c0 + c1 < n0 + n1:
            _, p = proportions_ztest([c1, c0], [n1, n0], alternative="two-sided")
        else:
            p = None
        close("p_value", case, case["p_value"], p)
        low, high = confint_proportions_2indep(c1, n1, c0, n0, method="wald", compare="diff", alpha=0.05)
        close("ci_low", case, case["ci_low"], low)
        close("ci_high", case, case["ci_high"], high)
        close("probability_to_beat_control", case, case["probability_to_beat_control"],
              beta_probability(c0 + 1, n0 - c0 + 1, c1 + 1, n1 - c1 + 1))
    elif kind == "chi_square":
        units = np.array(case["units"], dtype=float)
        weights = np.array(case["weights"], dtype=float)
        expected = weights / weights.sum() * units.sum()
        statistic, p = stats.chisquare(units, expected)
        close("chi_square", case, case["chi_square"], float(statistic))
        close("p_value", case, case["p_value"], float(p))
    elif kind == "welch":
        control = np.array(case["control"], dtype=float)
        treatment = np.array(case["treatment"], dtype=float)
        result = stats.ttest_ind(treatment, control, equal_var=False)
        close("p_value", case, case["p_value"], float(result.pvalue))
        close("difference", case, case["difference"], float(treatment.mean() - control.mean()))
        compare = CompareMeans(DescrStatsW(treatment), DescrStatsW(control))
        low, high = compare.tconfint_diff(alpha=0.05, usevar="unequal")
        close("ci_low", case, case["ci_low"], float(low))
        close("ci_high", case, case["ci_high"], float(high))
        _, p_sm, df = compare.ttest_ind(usevar="unequal")
        close("p_value (statsmodels)", case, case["p_value"], float(p_sm))
        close("degrees_of_freedom", case, case["degrees_of_freedom"], float(df))
    else:
        mismatches.append(f"unknown case kind {kind}")

for line in mismatches:
    print(line)
print(f"{len(cases)} cases, {len(mismatches)} mismatches")
sys.exit(1 if mismatches else 0)
