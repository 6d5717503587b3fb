#!/usr/bin/env python3
"""The planner's forecasts per truth x scenario from a report's results.csv (one or two runs).

Usage: forecasts.py RUN.csv [RUN2.csv ...]

Catch-up: catch_up_error = forecast - actual first caught-up day (days; empty when the plan gave
no date or was never caught up). Scored learners, MAE, the share within +-2 days (#19's goal:
>= 80 %), the share late (forecast before the actual day) and early. Goal: new lines by the end at
the day-90 forecast pace against the lines learnt: MAE, mean signed error, share optimistic."""
import csv, sys

for path in sys.argv[1:]:
    rows = [r for r in csv.DictReader(open(path)) if r['policy'].startswith('planner')]
    groups = sorted(set((r['truth'], r['scenario']) for r in rows))
    print(path)
    print(f"{'truth':17} {'scenario':9} {'n':>3} {'MAE d':>6} {'<=2d':>5} {'late':>5} {'early':>5} | {'goal n':>6} {'MAE ln':>7} {'bias':>7} {'optim.':>6}")
    for t, s in groups:
        g = [r for r in rows if (r['truth'], r['scenario']) == (t, s)]
        e = [int(r['catch_up_error']) for r in g if r['catch_up_error'] != '']
        gl = [(float(r['goal_forecast_lines']), float(r['goal_actual_lines'])) for r in g if r['goal_forecast_lines'] != '' and r['goal_actual_lines'] != '']
        mae = sum(abs(x) for x in e) / len(e) if e else float('nan')
        w2 = sum(1 for x in e if abs(x) <= 2) / len(e) if e else float('nan')
        late = sum(1 for x in e if x < 0) / len(e) if e else float('nan')
        early = sum(1 for x in e if x > 0) / len(e) if e else float('nan')
        gm = sum(abs(f - a) for f, a in gl) / len(gl) if gl else float('nan')
        gb = sum(f - a for f, a in gl) / len(gl) if gl else float('nan')
        go = sum(1 for f, a in gl if a < f) / len(gl) if gl else float('nan')
        print(f"{t:17} {s:9} {len(e):3} {mae:6.1f} {w2:5.2f} {late:5.2f} {early:5.2f} | {len(gl):6} {gm:7.1f} {gb:7.1f} {go:6.2f}")
