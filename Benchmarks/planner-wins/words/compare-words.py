#!/usr/bin/env python3
"""Words measures of planner-only runs against a full run's baseline rows (same learners).

Usage: compare-words.py BASE.csv NEW.csv [NEW2.csv ...]

../compare.py's statistics (matched minutes on the family's settings present in BASE, the
origin, monotone, linear, flat beyond; paired bootstrap of 1000 resamples of the learners,
seed 20261202), for the vocabulary learners (quran_share < 1) only: words known at the end and
30 days after, their ratio to the Anki+FSRS and traditional frontiers at the planner's word
minutes and the 95 % interval of planner − Anki; then minutes over budget per learner-year
(every learner of the group, planner against anki-90-n1). One block per NEW file."""
import csv, sys, random

import os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from frontier import key, load_base, frontier

B, fams = load_base(sys.argv[1])


for path in sys.argv[2:]:
    N = {key(r): r for r in csv.DictReader(open(path)) if r['policy'] == 'planner'}
    print(f"== {path}")
    print(f"{'truth':11} {'scen':5} {'measure':8} {'n':>2} {'min':>6} {'known':>7} {'new':>6} {'anki@':>6} {'ratio':>6} "
          f"{'95% planner-anki':>17} {'trad@':>6} {'ratio':>6} {'over':>5} {'anki':>5}")
    for t, s in sorted(set((k[0], k[1]) for k in N)):
        ls = sorted(k for k in N if k[0] == t and k[1] == s and float(N[k]['quran_share']) < 1)
        allk = [k for k in N if k[0] == t and k[1] == s]
        over = sum(float(N[k]['minutes_over_budget']) for k in allk) / len(allk)
        aover = sum(float(B[k]['anki-90-n1']['minutes_over_budget']) for k in allk) / len(allk)
        for kc, label in [('words_known_end', 'known'), ('words_known_after30', 'known+30')]:
            def stats(idx):
                sel = [ls[i] for i in idx]
                pm = sum(float(N[k]['word_minutes']) for k in sel) / len(sel)
                pk = sum(float(N[k][kc]) for k in sel) / len(sel)
                out = {f: frontier([(sum(float(B[k][p]['word_minutes']) for k in sel) / len(sel),
                                     sum(float(B[k][p][kc]) for k in sel) / len(sel)) for p in pols], pm)
                       for f, pols in fams.items()}
                return pm, pk, out
            pm, pk, fr = stats(range(len(ls)))
            nw = sum(float(N[k]['new_words']) for k in ls) / len(ls)
            rng = random.Random(20261202)
            ra = []
            for _ in range(1000):
                _, b, c = stats([rng.randrange(len(ls)) for _ in ls])
                ra.append(b - c['anki'])
            ra.sort()
            print(f"{t[:11]:11} {s[:5]:5} {label:8} {len(ls):2d} {pm:6.0f} {pk:7.1f} {nw:6.1f} {fr['anki']:6.1f} "
                  f"{pk / max(1e-9, fr['anki']):6.3f} {f'[{ra[24]:.1f}, {ra[974]:.1f}]':>17} {fr['trad']:6.1f} "
                  f"{pk / max(1e-9, fr['trad']):6.3f} {over:5.1f} {aover:5.1f}")
