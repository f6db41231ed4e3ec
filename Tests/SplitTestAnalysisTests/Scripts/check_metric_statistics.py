"""Recomputes the readout's ratio and quantile effects with GrowthBook's engine, gbstats 0.8.0,
and compares them with the Swift results (MetricReferenceTests.swift).

Run with the Python of gbstats' own virtual environment (it pins numpy < 2 and pandas < 2).
Input: a JSON array of cases, each with the control's and the treatment's statistics, the
method (t or sequential, with its tuning) and the Swift results, absolute and relative.

- A ratio's groups are given as sufficient statistics; gbstats gets them through its own
  RatioStatistic (two SampleMeanStatistics and the sum of products), and the group's mean and
  variance are compared as well as the effects.
- A quantile's groups come with every unit's event values: the sample quantile and its bounds
  are recomputed here from the values, with NumPy's default (linear) quantile at the levels
  GrowthBook's SQL uses (nu -/+ z * sqrt(nu (1 - nu) / n*), clamped to [1e-8, 1 - 1e-8], with
  n* = n), and so are the per-unit counts of a clustered statistic (events, and events at or
  below the quantile, over every unit, those without events too). gbstats then gets the Swift
  figures through QuantileStatistic, or QuantileClusteredStatistic when the case is clustered.

Agreement: effects to 1e-9 (estimate and interval relative to the interval's magnitude,
p-values absolute), statistics to 1e-12 relative. A Swift null must stand exactly where gbstats
returns its uninformative default. Prints every mismatch and a summary line; exits 1 on any.
"""
import importlib.metadata
import json
import math
import sys

import numpy as np
import scipy.stats
from gbstats.frequentist.tests import FrequentistConfig, SequentialConfig, SequentialTwoSidedTTest, TwoSidedTTest
from gbstats.models.statistics import (
    QuantileClusteredStatistic,
    QuantileStatistic,
    RatioStatistic,
    SampleMeanStatistic,
)

TOLERANCE = 1e-9
STATISTIC_TOLERANCE = 1e-12
ALPHA = 0.05
VERSION = "0.8.0"

version = importlib.metadata.version("gbstats")
if version != VERSION:
    print(f"gbstats {version} found; the reference is gbstats=={VERSION}")
    sys.exit(2)

mismatches = []
compared = 0


def report(case, where, text):
    mismatches.append(f"{case['name']} [{case['method']}] {where}: {text}")


def close(case, where, swift, reference, scale, tolerance=TOLERANCE):
    global compared
    compared += 1
    error = abs(swift - reference)
    measure = error / scale if scale > 0 else (0.0 if error == 0 else math.inf)
    if measure > tolerance:
        report(case, where, f"swift {swift!r} reference {reference!r}: error {measure:.3e} > {tolerance:g}")


def ratio_statistic(group):
    return RatioStatistic(
        n=group["units"],
        m_statistic=SampleMeanStatistic(n=group["units"], sum=group["m_sum"], sum_squares=group["m_sum_squares"]),
        d_statistic=SampleMeanStatistic(n=group["units"], sum=group["d_sum"], sum_squares=group["d_sum_squares"]),
        m_d_sum_of_products=group["products"])


def quantile_statistic(group):
    clusters = group.get("clusters")
    common = dict(n=group["n"], n_star=group["n_star"], nu=group["nu"], quantile_hat=group["quantile"],
                  quantile_lower=group["lower"], quantile_upper=group["upper"])
    if clusters is None:
        return QuantileStatistic(**common)
    return QuantileClusteredStatistic(
        **common, main_sum=clusters["main_sum"], main_sum_squares=clusters["main_sum_squares"],
        denominator_sum=clusters["denominator_sum"], denominator_sum_squares=clusters["denominator_sum_squares"],
        main_denominator_sum_product=clusters["main_denominator_sum_product"], n_clusters=clusters["n_clusters"])


def check_ratio_group(case, side, group):
    statistic = ratio_statistic(group)
    for field, value in (("mean", statistic.mean), ("variance", statistic.variance)):
        close(case, f"{side}.{field}", group[field], float(value), max(abs(value), 1e-300), STATISTIC_TOLERANCE)


def check_quantile_group(case, side, group):
    """The Swift figures against those recomputed from the values, then gbstats' variance."""
    values = [value for unit in group["values_by_unit"] for value in unit]
    nu = group["nu"]
    if group["n"] != len(values) or group["n_star"] != len(values):
        report(case, side, f"n {group['n']} n* {group['n_star']} for {len(values)} events")
    z = scipy.stats.norm.ppf(1 - ALPHA / 2)
    spread = z * math.sqrt(nu * (1 - nu) / group["n_star"])
    levels = {"quantile": nu, "lower": max(nu - spread, 0.00000001), "upper": min(nu + spread, 0.99999999)}
    for field, level in levels.items():
        expected = float(np.quantile(values, level))
        close(case, f"{side}.{field}", group[field], expected, max(abs(expected), 1.0), STATISTIC_TOLERANCE)
    clusters = group.get("clusters")
    if clusters is not None:
        below = [sum(1 for value in unit if value <= group["quantile"]) for unit in group["values_by_unit"]]
        events = [len(unit) for unit in group["values_by_unit"]]
        expected = {
            "n_clusters": len(events), "main_sum": sum(below), "main_sum_squares": sum(b * b for b in below),
            "denominator_sum": sum(events), "denominator_sum_squares": sum(e * e for e in events),
            "main_denominator_sum_product": sum(b * e for b, e in zip(below, events)),
        }
        for field, value in expected.items():
            if clusters[field] != value:
                report(case, f"{side}.clusters.{field}", f"swift {clusters[field]} recomputed {value}")
    statistic = quantile_statistic(group)
    if bool(statistic._has_zero_variance) != group["zero_variance"]:
        report(case, f"{side}.zero_variance", f"swift {group['zero_variance']} gbstats {statistic._has_zero_variance}")
    close(case, f"{side}.variance", group["variance"], float(statistic.variance), max(abs(statistic.variance), 1e-300),
          STATISTIC_TOLERANCE)


def reference(case, difference):
    """gbstats' result as {estimate, ci_low, ci_high, p_value}, or None for its default."""
    build = ratio_statistic if case["kind"] == "ratio" else quantile_statistic
    groups = case[case["kind"]]
    control, treatment = build(groups[0]), build(groups[1])
    if case["method"] == "t":
        test = TwoSidedTTest(control, treatment, FrequentistConfig(difference_type=difference, alpha=ALPHA))
    else:
        config = SequentialConfig(difference_type=difference, alpha=ALPHA, sequential_tuning_parameter=case["tuning"])
        test = SequentialTwoSidedTTest(control, treatment, config)
    result = test.compute_result()
    if result.error_message is not None:
        return None
    return {"estimate": float(result.expected), "ci_low": float(result.ci[0]), "ci_high": float(result.ci[1]),
            "p_value": float(result.p_value)}


def compare_effect(case, difference):
    swift = case.get(difference)
    gbstats = reference(case, difference)
    if swift is None or gbstats is None:
        if swift is not None or gbstats is not None:
            report(case, difference, f"null against a value: swift {swift} gbstats {gbstats}")
        return
    magnitude = max(abs(gbstats["estimate"]), abs(gbstats["ci_low"]), abs(gbstats["ci_high"]))
    for field in ("estimate", "ci_low", "ci_high"):
        close(case, f"{difference}.{field}", swift[field], gbstats[field], magnitude)
    close(case, f"{difference}.p_value", swift["p_value"], gbstats["p_value"], 1.0)


cases = json.load(open(sys.argv[1]))
for case in cases:
    for side, group in zip(("control", "treatment"), case[case["kind"]]):
        (check_ratio_group if case["kind"] == "ratio" else check_quantile_group)(case, side, group)
    for difference in ("absolute", "relative"):
        compare_effect(case, difference)

for line in mismatches[:40]:
    print(line)
print(f"{compared} figures compared")
print(f"{len(cases)} cases, {len(mismatches)} mismatches")
sys.exit(1 if mismatches else 0)
