"""Recomputes a bandit's top-two Thompson weights with SciPy and compares.

Input: a JSON array of cases written by BanditWeightsReferenceTests.swift: each arm's posterior
inputs (conversion: units and converted, Beta(1 + c, 1 + n - c); value: the normal's mean and
standard deviation), the minimum weight in hundredths of a percent, and the Swift results.

Checked, for every arm:
- P(best) and P(second best), integrated here with adaptive quadrature, within 0.002 of Swift's
  (the largest difference is printed);
- the floor and the rounding, implemented here: Swift's raw weights through them give exactly
  Swift's hundredths, and SciPy's raw weights give hundredths within 0.2 percent of Swift's.
Exits 1 on any mismatch.
"""
import json
import math
import sys

from scipy import integrate, stats

TOLERANCE = 0.002
mismatches = []
largest = 0.0


def distributions(case):
    if case["kind"] == "conversion":
        return [stats.beta(1 + c, 1 + n - c) for n, c in case["arms"]]
    return [stats.norm(mean, deviation) for mean, deviation in case["normal"]]


def chances(arms):
    """P(best) and P(second best) of each arm, integrating over where its density has mass."""
    best, second = [], []
    for i, arm in enumerate(arms):
        others = [other for j, other in enumerate(arms) if j != i]
        low, high = arm.ppf(1e-13), arm.isf(1e-13)
        points = sorted(p for p in (other.mean() for other in others) if low < p < high)

        def none_above(x):
            return math.prod(other.cdf(x) for other in others)

        def one_above(x):
            total = 0.0
            for k, other in enumerate(others):
                total += other.sf(x) * math.prod(o.cdf(x) for m, o in enumerate(others) if m != k)
            return total

        options = dict(epsabs=1e-11, epsrel=1e-10, limit=500, points=points or None)
        best.append(integrate.quad(lambda x: arm.pdf(x) * none_above(x), low, high, **options)[0])
        second.append(integrate.quad(lambda x: arm.pdf(x) * one_above(x), low, high, **options)[0])
    return best, second


def floor(hundredths, minimum):
    """Raise each weight below `minimum` to it and scale the others to fill 10,000, while any falls below."""
    raised = set()
    while True:
        free = 10_000 - len(raised) * minimum
        rest = sum(w for i, w in enumerate(hundredths) if i not in raised)
        current = [minimum if i in raised else w * free / rest for i, w in enumerate(hundredths)]
        low = {i for i, w in enumerate(current) if i not in raised and w < minimum}
        if not low:
            return current
        raised |= low


def largest_remainder(quotas):
    """Floors, then one hundredth each to the largest remainders (within 1e-9: ties, to the earlier arm)."""
    counts = [math.floor(q) for q in quotas]
    left = 10_000 - sum(counts)
    remainders = [q - c for q, c in zip(quotas, counts)]
    order = list(range(len(quotas)))
    # A stable sort by remainder, largest first, where remainders closer than 1e-9 tie.
    for i in range(1, len(order)):
        j = i
        while j > 0 and remainders[order[j]] - remainders[order[j - 1]] > 1e-9:
            order[j - 1], order[j] = order[j], order[j - 1]
            j -= 1
    for index in order:
        if left == 0:
            break
        if quotas[index] > 0:
            counts[index] += 1
            left -= 1
    return counts


cases = json.load(open(sys.argv[1]))
for number, case in enumerate(cases):
    arms = distributions(case)
    best, second = chances(arms)
    for name, reference, swift in (("best", best, case["best"]), ("second", second, case["second"])):
        for arm, (a, b) in enumerate(zip(reference, swift)):
            largest = max(largest, abs(a - b))
            if abs(a - b) > TOLERANCE:
                mismatches.append(f"case {number} arm {arm} P({name}): scipy {a!r} swift {b!r}")
    minimum = case["minimum"]
    own = largest_remainder(floor([w * 10_000 for w in case["weights"]], minimum))
    if own != case["hundredths"]:
        mismatches.append(f"case {number}: floor and rounding of Swift's weights give {own}, Swift {case['hundredths']}")
    reference_weights = [(b + s) / 2 for b, s in zip(best, second)]
    from_scipy = largest_remainder(floor([w * 10_000 for w in reference_weights], minimum))
    if any(abs(a - b) > TOLERANCE * 10_000 for a, b in zip(from_scipy, case["hundredths"])):
        mismatches.append(f"case {number}: SciPy's weights give {from_scipy}, Swift {case['hundredths']}")
    if sum(case["hundredths"]) != 10_000 or min(case["hundredths"]) < minimum:
        mismatches.append(f"case {number}: {case['hundredths']} do not sum to 10,000 above {minimum}")

for line in mismatches:
    print(line)
print(f"largest difference of a probability: {largest:.2e}")
print(f"{len(cases)} cases, {len(mismatches)} mismatches")
sys.exit(1 if mismatches else 0)
