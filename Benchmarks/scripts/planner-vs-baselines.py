#!/usr/bin/env python3
"""Planner rows of NEW results.csv against the baseline rows of BASE results.csv (same learners).
Matched minutes as BenchmarkStatistics.frontier: per family, points (mean minutes, mean knowledge)
over the domain's learners plus the origin, knowledge made monotone, linear interpolation, flat beyond.
Usage: compare.py BASE.csv NEW.csv [policy-name-in-NEW]"""
import csv, sys, random
base = list(csv.DictReader(open(sys.argv[1])))
new = list(csv.DictReader(open(sys.argv[2])))
pname = sys.argv[3] if len(sys.argv) > 3 else 'planner'
fams = {'anki': [p for p in ('anki-90-n0','anki-90-n1','anki-90-n3','anki-95-n1')],
        'trad': ['traditional-n0','traditional-n1','traditional-n2']}
def frontier(points, m):
    pts = sorted([(0.0,0.0)] + points); best = 0
    pts2 = []
    for x,y in pts: best = max(best,y); pts2.append((x,best))
    if m >= pts2[-1][0]: return pts2[-1][1]
    for i in range(1,len(pts2)):
        if m <= pts2[i][0]:
            (x0,y0),(x1,y1) = pts2[i-1],pts2[i]
            return y1 if x1-x0 < 1e-12 else y0+(y1-y0)*(m-x0)/(x1-x0)
    return pts2[-1][1]
key = lambda r: (r['truth'], r['scenario'], r['seed'], r['learner'])
B = {}
for r in base: B.setdefault(key(r), {})[r['policy']] = r
N = {key(r): r for r in new if r['policy'] == pname}
groups = sorted(set((k[0], k[1]) for k in N))
doms = [('quran','quran_minutes','lines_end'), ('words','word_minutes','words_end')]
print(f"{'truth':17} {'scen':8} {'dom':5} {'n':>2} {'pl.min':>7} {'held':>7} {'newL/W':>7} {'anki@':>7} {'diff':>7} {'ratio':>6} {'trad@':>7} {'ratio':>6}  anki-diff 95% (paired bootstrap)")
for t, s in groups:
    for dom, mc, kc in doms:
        ls = [k for k in N if k[0]==t and k[1]==s and float(N[k]['quran_share' if dom=='quran' else 'quran_share']) > 0] if dom=='quran' else \
             [k for k in N if k[0]==t and k[1]==s and float(N[k]['quran_share']) < 1]
        ls.sort()
        if not ls: continue
        def stats(idx):
            sel = [ls[i] for i in idx]
            pm = sum(float(N[k][mc]) for k in sel)/len(sel); pk = sum(float(N[k][kc]) for k in sel)/len(sel)
            out = {}
            for f, pols in fams.items():
                pts = [(sum(float(B[k][p][mc]) for k in sel)/len(sel), sum(float(B[k][p][kc]) for k in sel)/len(sel)) for p in pols]
                out[f] = frontier(pts, pm)
            return pm, pk, out
        pm, pk, fr = stats(range(len(ls)))
        nl = sum(float(N[k]['new_lines' if dom=='quran' else 'new_words']) for k in ls)/len(ls)
        rng = random.Random(20261202); reps = []
        for _ in range(1000):
            idx = [rng.randrange(len(ls)) for _ in ls]
            a, b, c = stats(idx); reps.append(b - c['anki'])
        reps.sort()
        print(f"{t:17} {s:8} {dom:5} {len(ls):2d} {pm:7.0f} {pk:7.1f} {nl:7.1f} {fr['anki']:7.1f} {pk-fr['anki']:7.1f} {pk/fr['anki']:6.3f} {fr['trad']:7.1f} {pk/fr['trad']:6.3f}  [{reps[24]:.1f}, {reps[974]:.1f}]")
