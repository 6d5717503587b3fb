"""What compare.py and words/compare-words.py share: a base run's rows by learner, the baseline
families' settings it holds, and the frontier at matched minutes (as BenchmarkStatistics.frontier:
points plus the origin, made monotone, linear interpolation, flat beyond)."""
import csv

FAMILIES = {'anki': ['anki-90-n0', 'anki-90-n1', 'anki-90-n3', 'anki-95-n1'],
            'trad': ['traditional-n0', 'traditional-n1', 'traditional-n2']}


def key(r):
    return (r['truth'], r['scenario'], r['seed'], r['learner'])


def load_base(path):
    """The base run's rows as {learner key: {policy: row}}, and each family's settings present in
    it (the full headline has one a family)."""
    B = {}
    for r in csv.DictReader(open(path)):
        B.setdefault(key(r), {})[r['policy']] = r
    present = set(p for v in B.values() for p in v)
    return B, {f: [p for p in pols if p in present] for f, pols in FAMILIES.items()}


def frontier(points, m):
    pts = sorted([(0.0, 0.0)] + points)
    best, mono = 0.0, []
    for x, y in pts:
        best = max(best, y)
        mono.append((x, best))
    if m >= mono[-1][0]:
        return mono[-1][1]
    for i in range(1, len(mono)):
        if m <= mono[i][0]:
            (x0, y0), (x1, y1) = mono[i - 1], mono[i]
            return y1 if x1 - x0 < 1e-12 else y0 + (y1 - y0) * (m - x0) / (x1 - x0)
    return mono[-1][1]
