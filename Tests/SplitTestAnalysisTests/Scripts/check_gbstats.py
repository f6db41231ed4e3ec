"""Recomputes the readout's effects (CUPED, Welch's t, the sequential test) with GrowthBook's
engine, gbstats 0.8.0, and compares them with the Swift results.

Run with the Python of gbstats' own virtual environment (it pins numpy < 2 and pandas < 2).
Input: a JSON array of cases written by GBStatsReferenceTests.swift, each with the two groups'
sufficient statistics, the method and the Swift results. gbstats is given the same sufficient
statistics through its own classes (ProportionStatistic, SampleMeanStatistic,
RegressionAdjustedStatistic, TwoSidedTTest, SequentialTwoSidedTTest, compute_theta).

Agreement, to 1e-9:
- estimate, ci_low, ci_high: relative to the interval's magnitude, max(|estimate|, |ci_low|,
  |ci_high|) of gbstats' result (an estimate near 0 is a difference of nearly equal means);
- p_value and variance_reduction: absolute (gbstats forms its p-value as 1 - cdf, good to about
  1e-16 absolute, not relative);
- theta: relative.
A Swift null must stand exactly where gbstats returns its uninformative default (its result
carries an error message) and nowhere else. Prints every mismatch and a summary line; exits 1 on
any mismatch.
"""
import importlib.metadata
import json
import math
import sys

from gbstats.frequentist.tests import (
    FrequentistConfig,
    SequentialConfig,
    SequentialTwoSidedTTest,
    TwoSidedTTest,
)
from gbstats.models.statistics import (
    ProportionStatistic,
    RegressionAdjustedStatistic,
    SampleMeanStatistic,
    compute_theta,
)

TOLERANCE = 1e-9
ALPHA = 0.05
VERSION = "0.8.0"

version = importlib.metadata.version("gbstats")
if version != VERSION:
    print(f"gbstats {version} found; the reference is gbstats=={VERSION}")
    sys.exit(2)

mismatches = []
# How each kind of figure is compared, and the largest error seen of each.
MEASURES = {"interval": "relative to the interval's magnitude", "p_value": "absolute",
            "theta": "relative", "variance_reduction": "absolute"}
largest = {kind: 0.0 for kind in MEASURES}
compared = 0


def statistic(kind, figures):
    """A fresh gbstats statistic (its tests set theta on the objects they are given)."""
    if kind == "proportion":
        return ProportionStatistic(n=figures["units"], sum=float(figures["converted"]))
    if kind == "sample_mean":
        return SampleMeanStatistic(
            n=figures["units"], sum=float(figures["sum"]), sum_squares=float(figures["sum_of_squares"]))
    raise ValueError(f"unknown statistic kind {kind}")


def group(case, side, adjusted=True):
    figures = case[side]
    post = statistic(case["outcome"], figures["post"])
    if case.get("covariate") is None or not adjusted:
        return post
    return RegressionAdjustedStatistic(
        n=figures["post"]["units"], post_statistic=post,
        pre_statistic=statistic(case["covariate"], figures["pre"]),
        post_pre_sum_of_products=float(figures["sum_of_products"]), theta=0)


def reference(case, difference):
    """gbstats' result as {estimate, ci_low, ci_high, p_value}, or None for its default."""
    control, treatment = group(case, "control"), group(case, "treatment")
    if case["method"] == "t":
        test = TwoSidedTTest(control, treatment, FrequentistConfig(difference_type=difference, alpha=ALPHA))
    else:
        config = SequentialConfig(
            difference_type=difference, alpha=ALPHA, sequential_tuning_parameter=case["tuning"])
        test = SequentialTwoSidedTTest(control, treatment, config)
    result = test.compute_result()
    if result.error_message is not None:
        return None
    figures = {"estimate": float(result.expected), "ci_low": float(result.ci[0]),
               "ci_high": float(result.ci[1]), "p_value": float(result.p_value)}
    if not all(math.isfinite(value) for value in figures.values()):
        return {"non-finite": figures}
    return figures


def cuped_reference(case):
    if case.get("covariate") is None:
        return None
    theta = compute_theta(group(case, "control"), group(case, "treatment"))
    absolute = FrequentistConfig(difference_type="absolute", alpha=ALPHA)
    adjusted = TwoSidedTTest(group(case, "control"), group(case, "treatment"), absolute).variance
    unadjusted = TwoSidedTTest(
        group(case, "control", adjusted=False), group(case, "treatment", adjusted=False), absolute).variance
    # The readout's own figure (gbstats has none): null unless both variances are positive.
    positive = all(0 < variance < math.inf for variance in (adjusted, unadjusted))
    reduction = 1 - adjusted / unadjusted if positive else None
    return {"theta": float(theta), "variance_reduction": reduction}


def report(case, where, text):
    mismatches.append(f"{case['name']} [{case['method']}] {where}: {text}")


def within(case, where, swift, gbstats, scale, kind):
    global compared
    compared += 1
    error = abs(swift - gbstats)
    measure = error / scale if scale > 0 else (0.0 if error == 0 else math.inf)
    largest[kind] = max(largest[kind], measure)
    if measure > TOLERANCE:
        report(case, where, f"swift {swift!r} gbstats {gbstats!r}: error {measure:.3e} ({MEASURES[kind]}) > {TOLERANCE:g}")


def compare_estimate(case, difference):
    swift = case["result"].get(difference)
    gbstats = reference(case, difference)
    if gbstats is not None and "non-finite" in gbstats:
        if swift is not None:
            report(case, difference, f"swift {swift} but gbstats is not finite: {gbstats['non-finite']}")
        return
    if swift is None or gbstats is None:
        if swift is not None or gbstats is not None:
            report(case, difference, f"null against a value: swift {swift} gbstats {gbstats}")
        return
    magnitude = max(abs(gbstats["estimate"]), abs(gbstats["ci_low"]), abs(gbstats["ci_high"]))
    for field in ("estimate", "ci_low", "ci_high"):
        within(case, f"{difference}.{field}", swift[field], gbstats[field], magnitude, "interval")
    within(case, f"{difference}.p_value", swift["p_value"], gbstats["p_value"], 1.0, "p_value")


def compare_cuped(case):
    swift = case["result"].get("cuped")
    gbstats = cuped_reference(case)
    if swift is None or gbstats is None:
        if swift is not None or gbstats is not None:
            report(case, "cuped", f"null against a value: swift {swift} gbstats {gbstats}")
        return
    within(case, "cuped.theta", swift["theta"], gbstats["theta"],
           max(abs(swift["theta"]), abs(gbstats["theta"])), "theta")
    s, g = swift.get("variance_reduction"), gbstats["variance_reduction"]
    if s is None or g is None:
        if s is not None or g is not None:
            report(case, "cuped.variance_reduction", f"null against a value: swift {s} gbstats {g}")
        return
    within(case, "cuped.variance_reduction", s, g, 1.0, "variance_reduction")


cases = json.load(open(sys.argv[1]))
for case in cases:
    compare_cuped(case)
    for difference in ("absolute", "relative"):
        compare_estimate(case, difference)

for line in mismatches:
    print(line)
print("largest errors: " + ", ".join(f"{kind} {value:.2e} ({MEASURES[kind]})" for kind, value in largest.items()))
print(f"{compared} figures compared")
print(f"{len(cases)} cases, {len(mismatches)} mismatches")
sys.exit(1 if mismatches else 0)
