"""Recomputes every effect of `splitc analyze --format json` from the events themselves, with
GrowthBook's engine (gbstats 0.8.0), and compares.

Usage (with the Python of gbstats' own virtual environment, which has pandas):

    check_readout_gbstats.py EVENTS.jsonl READOUT.json:DAYS:TUNING ...

Each READOUT.json is `splitc analyze EVENTS.jsonl --format json` with `--cuped --cuped-days DAYS`
(DAYS `-` for no CUPED) and `--sequential --sequential-tuning TUNING` (`-` for Welch's t).

Nothing is taken from splitc but the figures compared. From the events (pandas), per experiment:
a unit's group and first exposure (its earliest), units exposed in two groups set apart
(conflicts); goals without a device or user, or whose value is present but not a finite number,
left out; a goal credits the unit whose id is its device or (when different) its user. After
exposure (at or after the first exposure): converted (0/1) and the sum of values (0 without);
before it, within DAYS days (first - DAYS <= t < first): the same, as the covariate. Per group,
the sufficient statistics go into gbstats' ProportionStatistic (conversion) and
SampleMeanStatistic (value per unit), as RegressionAdjustedStatistic with theta from
compute_theta under CUPED, and TwoSidedTTest or SequentialTwoSidedTTest (alpha 0.05, absolute
and relative). Agreement, to 1e-9: estimate and interval relative to the interval's magnitude,
p-values and the variance reduction absolute, theta relative; a null exactly where gbstats
returns its default. The units and converted units per group must be equal as well.
Prints every mismatch, the largest errors and a summary line; exits 1 on any mismatch.
"""
import importlib.metadata
import json
import math
import sys

import numpy as np
import pandas as pd
from gbstats.frequentist.tests import FrequentistConfig, SequentialConfig, SequentialTwoSidedTTest, TwoSidedTTest
from gbstats.models.statistics import ProportionStatistic, RegressionAdjustedStatistic, SampleMeanStatistic, compute_theta

TOLERANCE = 1e-9
ALPHA = 0.05
if importlib.metadata.version("gbstats") != "0.8.0":
    sys.exit(f"gbstats {importlib.metadata.version('gbstats')} found; the reference is gbstats==0.8.0")


def read_events(path):
    rows = []
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line:
            continue
        event = json.loads(line)
        properties = event.get("properties") or {}
        rows.append({"event": event["event"], "time": event["date"], "experiment": properties.get("experiment"),
                     "group": properties.get("group"), "unit": properties.get("unit"), "goal": properties.get("goal"),
                     "value": properties.get("value", None), "has_value": "value" in properties,
                     "device": properties.get("device"), "user": properties.get("user", event.get("user"))})
    frame = pd.DataFrame(rows)
    frame["time"] = pd.to_datetime(frame["time"], utc=True)
    return frame


def finite_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def unit_figures(events, days):
    """Per experiment: a frame of units (group, conflict) with post and pre figures per goal."""
    exposures = events[events.event == "split_test_exposure"]
    goals = events[(events.event == "split_test_goal") & events.goal.notna()
                   & (events.device.notna() | events.user.notna())].copy()
    goals = goals[~goals.has_value | goals.value.isna() | goals.value.map(finite_number)]
    goals["amount"] = goals.value.map(lambda v: float(v) if finite_number(v) else 0.0)
    goal_names = sorted(goals.goal.unique())
    result = {}
    for experiment, frame in exposures.groupby("experiment"):
        units = frame.groupby("unit").agg(first=("time", "min"), groups=("group", "nunique"), group=("group", "min"))
        units["conflict"] = units.groups > 1
        by_device = goals.merge(units, left_on="device", right_index=True)
        by_user = goals[goals.user.notna() & (goals.user != goals.device)].merge(units, left_on="user", right_index=True)
        credits = pd.concat([by_device.assign(unit=by_device.device), by_user.assign(unit=by_user.user)])
        after = credits[credits.time >= credits["first"]]
        figures = {}
        for goal in goal_names:
            post = after[after.goal == goal].groupby("unit").amount.agg(["size", "sum"])
            table = pd.DataFrame(index=units.index)
            table["converted"] = post["size"].reindex(table.index).notna().astype(float)
            table["value"] = post["sum"].reindex(table.index).fillna(0.0)
            if days is not None:
                window = pd.Timedelta(days=days)
                before = credits[(credits.goal == goal) & (credits.time < credits["first"])
                                 & (credits.time >= credits["first"] - window)]
                pre = before.groupby("unit").amount.agg(["size", "sum"])
                table["pre_converted"] = pre["size"].reindex(table.index).notna().astype(float)
                table["pre_value"] = pre["sum"].reindex(table.index).fillna(0.0)
            figures[goal] = table
        result[experiment] = (units, figures)
    return result


def sufficient(table, kind, covariate):
    n = len(table)
    if kind == "conversion":
        post = ProportionStatistic(n=n, sum=float(table.converted.sum()))
    else:
        post = SampleMeanStatistic(n=n, sum=float(table.value.sum()), sum_squares=float((table.value ** 2).sum()))
    if not covariate:
        return post
    if kind == "conversion":
        pre = ProportionStatistic(n=n, sum=float(table.pre_converted.sum()))
        products = float((table.converted * table.pre_converted).sum())
    else:
        pre = SampleMeanStatistic(n=n, sum=float(table.pre_value.sum()), sum_squares=float((table.pre_value ** 2).sum()))
        products = float((table.value * table.pre_value).sum())
    return RegressionAdjustedStatistic(n=n, post_statistic=post, pre_statistic=pre,
                                       post_pre_sum_of_products=products, theta=0)


def effect(control, treatment, kind, cuped, tuning):
    """gbstats' figures: {absolute, relative, cuped} as the JSON has them."""
    result = {"method": "t" if tuning is None else "sequential"}
    for difference in ("absolute", "relative"):
        c, t = sufficient(control, kind, cuped), sufficient(treatment, kind, cuped)
        if tuning is None:
            test = TwoSidedTTest(c, t, FrequentistConfig(difference_type=difference, alpha=ALPHA))
        else:
            test = SequentialTwoSidedTTest(c, t, SequentialConfig(
                difference_type=difference, alpha=ALPHA, sequential_tuning_parameter=tuning))
        outcome = test.compute_result()
        result[difference] = None if outcome.error_message is not None else {
            "estimate": float(outcome.expected), "ci_low": float(outcome.ci[0]), "ci_high": float(outcome.ci[1]),
            "p_value": float(outcome.p_value)}
    if cuped:
        absolute = FrequentistConfig(difference_type="absolute", alpha=ALPHA)
        theta = compute_theta(sufficient(control, kind, True), sufficient(treatment, kind, True))
        adjusted = TwoSidedTTest(sufficient(control, kind, True), sufficient(treatment, kind, True), absolute).variance
        plain = TwoSidedTTest(sufficient(control, kind, False), sufficient(treatment, kind, False), absolute).variance
        positive = all(0 < v < math.inf for v in (adjusted, plain))
        result["cuped"] = {"theta": float(theta), "variance_reduction": 1 - adjusted / plain if positive else None}
    else:
        result["cuped"] = None
    return result


mismatches = []
largest = {"interval": 0.0, "p_value": 0.0, "theta": 0.0, "variance_reduction": 0.0}
compared = 0


def within(where, swift, reference, scale, kind):
    global compared
    compared += 1
    error = abs(swift - reference)
    measure = error / scale if scale > 0 else (0.0 if error == 0 else math.inf)
    largest[kind] = max(largest[kind], measure)
    if measure > TOLERANCE:
        mismatches.append(f"{where}: splitc {swift!r} gbstats {reference!r}, error {measure:.2e}")


def compare(where, swift, reference):
    if swift is None or reference is None:
        if swift is not None or reference is not None:
            mismatches.append(f"{where}: null against a value: splitc {swift} gbstats {reference}")
        return False
    return True


def compare_effect(where, swift, reference):
    if not compare(where, swift, reference):
        return
    if swift["method"] != reference["method"]:
        mismatches.append(f"{where}.method: {swift['method']} against {reference['method']}")
    for difference in ("absolute", "relative"):
        s, g = swift[difference], reference[difference]
        if not compare(f"{where}.{difference}", s, g):
            continue
        magnitude = max(abs(g["estimate"]), abs(g["ci_low"]), abs(g["ci_high"]))
        for field in ("estimate", "ci_low", "ci_high"):
            within(f"{where}.{difference}.{field}", s[field], g[field], magnitude, "interval")
        within(f"{where}.{difference}.p_value", s["p_value"], g["p_value"], 1.0, "p_value")
    s, g = swift["cuped"], reference["cuped"]
    if compare(f"{where}.cuped", s, g):
        within(f"{where}.cuped.theta", s["theta"], g["theta"], max(abs(s["theta"]), abs(g["theta"])), "theta")
        if compare(f"{where}.cuped.variance_reduction", s["variance_reduction"], g["variance_reduction"]):
            within(f"{where}.cuped.variance_reduction", s["variance_reduction"], g["variance_reduction"], 1.0,
                   "variance_reduction")


events = read_events(sys.argv[1])
effects = 0
for argument in sys.argv[2:]:
    path, days, tuning = argument.rsplit(":", 2)
    days = None if days == "-" else float(days)
    tuning = None if tuning == "-" else float(tuning)
    readout = json.load(open(path))
    figures = unit_figures(events, days)
    if sorted(entry["experiment"] for entry in readout) != sorted(figures):
        mismatches.append(f"{path}: experiments {[e['experiment'] for e in readout]} against {sorted(figures)}")
    for entry in readout:
        units, goals = figures[entry["experiment"]]
        counted = units[~units.conflict]
        if entry["conflicts"] != int(units.conflict.sum()):
            mismatches.append(f"{path} {entry['experiment']}: {entry['conflicts']} conflicts against {int(units.conflict.sum())}")
        for goal in entry["goals"]:
            table = goals[goal["goal"]].loc[counted.index]
            groups = {group["group"]: table[counted.group == group["group"]] for group in goal["groups"]}
            control = groups[entry["control"]]
            for group in goal["groups"]:
                where = f"{path} {entry['experiment']}/{goal['goal']}/{group['group']}"
                own = groups[group["group"]]
                if group["units"] != len(own) or group["converted"] != int(own.converted.sum()):
                    mismatches.append(f"{where}: {group['units']} units, {group['converted']} converted against "
                                      f"{len(own)}, {int(own.converted.sum())}")
                if group["vs_control"] is None:
                    continue
                for key, kind in (("effect", "conversion"), ("value_effect", "value")):
                    effects += 1
                    compare_effect(f"{where}.{key}", group["vs_control"][key],
                                   effect(control, own, kind, days is not None, tuning))

for line in mismatches[:60]:
    print(line)
print("largest errors: " + ", ".join(f"{kind} {value:.2e}" for kind, value in largest.items()))
print(f"{effects} effects, {compared} figures compared")
print(f"{len(sys.argv) - 2} readouts, {len(mismatches)} mismatches")
sys.exit(1 if mismatches else 0)
