"""Recomputes the factor effects of full factorials with statsmodels and compares, to 1e-9.

Input: a JSON array of cases written by FactorialReferenceTests.swift (or AnalyzeFactorialTests),
each with the design (`factors`: names and levels), every unit's outcome per cell (`cells`: the
cell's level indices, `y` conversions 0/1, `v` values per unit) and what the readout reported
(`report`: its `factors` and `interactions`, as `splitc analyze --format json` writes them).

The reference is the cell-means model `ols("y ~ C(cell) - 1").fit(cov_type="HC2")`: each main
effect (a level's marginal mean minus the first level's, each the unweighted average of its cells'
means) is `t_test(L)`, each pair of factors' interaction is `wald_test(R, use_f=False)` on the
(a-1)(b-1) contrasts of their two-way table of means. Prints every mismatch, the largest errors
and a summary line; exits 1 on any mismatch.
"""
import itertools
import json
import math
import sys
import warnings

import numpy as np
import pandas as pd
import statsmodels.formula.api as smf

RELATIVE = 1e-9
ABSOLUTE = 1e-12
mismatches = []
largest = {"relative": 0.0, "absolute": 0.0}
compared = 0


def close(name, case, swift, reference):
    global compared
    compared += 1
    if reference is None or (isinstance(reference, float) and not math.isfinite(reference)):
        if swift is not None:
            mismatches.append(f"{case['name']} {name}: swift {swift!r}, reference has none ({reference!r})")
        return
    if swift is None:
        mismatches.append(f"{case['name']} {name}: swift null, reference {reference!r}")
        return
    error = abs(swift - reference)
    scale = max(abs(swift), abs(reference))
    largest["absolute"] = max(largest["absolute"], error)
    if scale > 0:
        largest["relative"] = max(largest["relative"], error / scale)
    if not (error <= RELATIVE * scale or error <= ABSOLUTE):
        mismatches.append(f"{case['name']} {name}: swift {swift!r} reference {reference!r} (error {error:.3g})")


def cell_label(levels):
    return "c" + "_".join(f"{level:03d}" for level in levels)


def fit(case, outcome):
    rows = []
    for cell in case["cells"]:
        label = cell_label(cell["levels"])
        rows.extend((label, float(value)) for value in cell[outcome])
    frame = pd.DataFrame(rows, columns=["cell", "y"])
    return smf.ols("y ~ C(cell) - 1", data=frame).fit(cov_type="HC2")


def coefficients(result, case, weight):
    """The contrast over the model's parameters: `weight(levels)` for each cell."""
    vector = np.zeros(len(result.params))
    for index, name in enumerate(result.model.exog_names):
        label = name[len("C(cell)["):-1]
        levels = [int(part) for part in label[1:].split("_")]
        vector[index] = weight(levels)
    return vector


def check(case):
    factors = case["factors"]
    counts = [len(factor["levels"]) for factor in factors]
    total = math.prod(counts)
    report = case["report"]
    for outcome, prefix in (("y", ""), ("v", "value_")):
        result = fit(case, outcome)
        for f, factor in enumerate(factors):
            reported = next(item for item in report["factors"] if item["factor"] == factor["name"])
            listed = [level["level"] for level in reported["levels"]]
            if listed != factor["levels"][1:]:
                mismatches.append(f"{case['name']} factor {factor['name']}: levels {listed}")
                continue
            per_level = total / counts[f]
            for level in range(1, counts[f]):
                vector = coefficients(
                    result, case,
                    lambda levels: (1 if levels[f] == level else -1 if levels[f] == 0 else 0) / per_level)
                test = result.t_test(vector)
                low, high = np.asarray(test.conf_int(alpha=0.05))[0]
                entry = reported["levels"][level - 1]
                where = f"{factor['name']}={factor['levels'][level]} {prefix or 'conversion '}"
                close(where + "difference", case, entry[prefix + "difference"], float(np.squeeze(test.effect)))
                close(where + "ci_low", case, entry[prefix + "ci_low"], float(low))
                close(where + "ci_high", case, entry[prefix + "ci_high"], float(high))
                close(where + "p_value", case, entry[prefix + "p_value"], float(np.squeeze(test.pvalue)))
        for (a, b) in itertools.combinations(range(len(factors)), 2):
            per_pair = total / (counts[a] * counts[b])
            matrix = []
            for i in range(1, counts[a]):
                for j in range(1, counts[b]):
                    def weight(levels, i=i, j=j):
                        x, y = levels[a], levels[b]
                        sign = 1 if (x, y) in ((i, j), (0, 0)) else -1 if (x, y) in ((i, 0), (0, j)) else 0
                        return sign / per_pair
                    matrix.append(coefficients(result, case, weight))
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                test = result.wald_test(np.array(matrix), use_f=False, scalar=True)
            names = [factors[a]["name"], factors[b]["name"]]
            reported = next(item for item in report["interactions"] if item["factors"] == names)
            where = f"{'×'.join(names)} {prefix or 'conversion '}"
            if reported["df"] != len(matrix):
                mismatches.append(f"{case['name']} {where}df: {reported['df']} not {len(matrix)}")
            close(where + "chi_square", case, reported[prefix + "chi_square"], float(test.statistic))
            close(where + "p_value", case, reported[prefix + "p_value"], float(test.pvalue))
    expected_pairs = len(list(itertools.combinations(range(len(factors)), 2)))
    if len(report["interactions"]) != expected_pairs:
        mismatches.append(f"{case['name']}: {len(report['interactions'])} interactions, not {expected_pairs}")


cases = json.load(open(sys.argv[1]))
for case in cases:
    check(case)
for mismatch in mismatches:
    print(mismatch)
print(f"largest relative error {largest['relative']:.3g}, largest absolute error {largest['absolute']:.3g}")
print(f"{len(cases)} cases, {compared} figures, {len(mismatches)} mismatches")
sys.exit(1 if mismatches else 0)
