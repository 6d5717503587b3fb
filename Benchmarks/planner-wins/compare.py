#!/usr/bin/env python3
"""The headline measures of a planner-only run against a full run's baseline rows (same learners).

Usage: compare.py BASE.csv NEW.csv [policy-in-NEW]

Matched minutes as BenchmarkStatistics.frontier: per family, points (mean minutes, mean measure)
over the domain's learners plus the origin, made monotone, linear interpolation, flat beyond.
Measures: lines recitable / passing at the end (Quran learners), words known at the end and
30 days after (vocabulary learners). The interval is a paired bootstrap (1000 resamples of the
learners) of planner − frontier. Also the revision gaps (mean longest / p95 per Quran learner)
and minutes over budget, planner against the best Anki setting's."""
import csv, sys, random

from frontier import key, load_base, frontier

B, fams = load_base(sys.argv[1])
new = list(csv.DictReader(open(sys.argv[2])))
pname = sys.argv[3] if len(sys.argv) > 3 else 'planner'
N = {key(r): r for r in new if r['policy'] == pname}
groups = sorted(set((k[0], k[1]) for k in N))
measures = [('quran', 'quran_minutes', 'lines_recitable_end', 'recitable'),
            ('quran', 'quran_minutes', 'lines_passing_end', 'passing'),
            ('words', 'word_minutes', 'words_known_end', 'known'),
            ('words', 'word_minutes', 'words_known_after30', 'known+30')]
print(f"{'truth':11} {'scen':5} {'measure':9} {'n':>2} {'min':>6} {'held':>6} {'new':>6} {'anki@':>6} {'ratio':>6} "
      f"{'95% planner-anki':>17} {'trad@':>6} {'ratio':>6} {'95% planner-trad':>17}")
for t, s in groups:
    for dom, mc, kc, label in measures:
        ls = sorted(k for k in N if k[0] == t and k[1] == s and
                    (float(N[k]['quran_share']) > 0 if dom == 'quran' else float(N[k]['quran_share']) < 1))
        if not ls:
            continue

        def stats(idx):
            sel = [ls[i] for i in idx]
            pm = sum(float(N[k][mc]) for k in sel) / len(sel)
            pk = sum(float(N[k][kc]) for k in sel) / len(sel)
            out = {}
            for f, pols in fams.items():
                pts = [(sum(float(B[k][p][mc]) for k in sel) / len(sel), sum(float(B[k][p][kc]) for k in sel) / len(sel))
                       for p in pols]
                out[f] = frontier(pts, pm)
            return pm, pk, out

        pm, pk, fr = stats(range(len(ls)))
        nl = sum(float(N[k]['new_lines' if dom == 'quran' else 'new_words']) for k in ls) / len(ls)
        rng = random.Random(20261202)
        ra, rt = [], []
        for _ in range(1000):
            idx = [rng.randrange(len(ls)) for _ in ls]
            _, b, c = stats(idx)
            ra.append(b - c['anki'])
            rt.append(b - c['trad'])
        ra.sort(); rt.sort()
        print(f"{t[:11]:11} {s[:5]:5} {label:9} {len(ls):2d} {pm:6.0f} {pk:6.1f} {nl:6.1f} {fr['anki']:6.1f} "
              f"{pk / max(1e-9, fr['anki']):6.3f} {f'[{ra[24]:.1f}, {ra[974]:.1f}]':>17} {fr['trad']:6.1f} "
              f"{pk / max(1e-9, fr['trad']):6.3f} {f'[{rt[24]:.1f}, {rt[974]:.1f}]':>17}")
    q = sorted(k for k in N if k[0] == t and k[1] == s and float(N[k]['quran_share']) > 0)
    if q:
        mean = lambda rows, c: sum(float(r[c]) for r in rows) / len(rows)
        pr = [N[k] for k in q]
        ar = [B[k]['anki-90-n1'] for k in q]
        print(f"{'':17} gaps longest/p95 planner {mean(pr, 'longest_gap'):.1f}/{mean(pr, 'gap_p95'):.1f}"
              f"  anki-90-n1 {mean(ar, 'longest_gap'):.1f}/{mean(ar, 'gap_p95'):.1f}"
              f"  over-budget min planner {mean([N[k] for k in N if k[0] == t and k[1] == s], 'minutes_over_budget'):.1f}"
              f" anki-90-n1 {mean([B[k]['anki-90-n1'] for k in N if k[0] == t and k[1] == s], 'minutes_over_budget'):.1f}")
