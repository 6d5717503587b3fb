#!/usr/bin/env python3
"""Times fsrs-rs's optimizer (fsrs-rs-python) on the training targets of learner review files.

For the `optimizer` benchmark only (never for tests). Usage:
    fsrs-rs-fit.py [--all-folds] [--repeats N] FILE.csv [FILE.csv ...]
Per file: the training part of the dev-set protocol's tss5 folds (targets of cards whose first
review is `learn`, sorted by time then card id, in 6 chunks of n // 6; fold f is cut before the
first target of chunk f + 1, the cut moved later past targets sharing its time), one FSRSItem per
target (the card's reviews up to it, delta_t = elapsed_days, same-day reviews included), fitted
with compute_parameters, N times (--repeats, default 1) from a fresh model, the fastest kept: the
best of N, as the benchmark keeps for planner's fits (a single fit on a shared host can land in a
slow spell and flatter the other side). Without --all-folds only the last fold (f = 4). Prints one
JSON line per file and fold: file, fold, training_targets, seconds (wall) and cpu_seconds (process
CPU time, all threads), each the least of the repeats, repeats, parameters.
"""
import csv, json, sys, time
import fsrs_rs_python as fsrs

def load(path):
    cards = {}
    order = []
    with open(path) as f:
        for row in csv.DictReader(f):
            cid = int(row["card_id"])
            if cid not in cards:
                cards[cid] = {"learn": row["review_kind"] == "learn", "reviews": []}
                order.append(cid)
            cards[cid]["reviews"].append((int(row["review_time_unix_ms"]), int(row["rating"]), int(row["elapsed_days"])))
    targets = []
    for cid in order:
        c = cards[cid]
        if not c["learn"]:
            continue
        for i, (t, g, e) in enumerate(c["reviews"]):
            if i > 0 and e >= 1:
                targets.append((t, cid, i))
    targets.sort()
    return cards, targets

def items_before_chunk(cards, targets, chunk):
    n = len(targets)
    m = n // 6
    cut = n - (6 - chunk) * m
    while 0 < cut < n and targets[cut][0] == targets[cut - 1][0]:
        cut += 1
    items = []
    for (t, cid, i) in targets[:cut]:
        revs = cards[cid]["reviews"][: i + 1]
        items.append(fsrs.FSRSItem([fsrs.FSRSReview(g, 0 if k == 0 else max(e, 0)) for k, (_, g, e) in enumerate(revs)]))
    return items

def main():
    args = sys.argv[1:]
    all_folds = "--all-folds" in args
    repeats = 1
    if "--repeats" in args:
        i = args.index("--repeats")
        repeats = max(1, int(args[i + 1]))
        del args[i:i + 2]
    paths = [a for a in args if a != "--all-folds"]
    for path in paths:
        cards, targets = load(path)
        for fold in (range(5) if all_folds else [4]):
            items = items_before_chunk(cards, targets, fold + 1)
            s = cpu = float("inf")
            for _ in range(repeats):
                model = fsrs.FSRS(fsrs.DEFAULT_PARAMETERS)
                t0 = time.perf_counter()
                c0 = time.process_time()
                params = model.compute_parameters(items)
                s = min(s, time.perf_counter() - t0)
                cpu = min(cpu, time.process_time() - c0)
            print(json.dumps({"file": path, "fold": fold, "training_targets": len(items), "seconds": round(s, 4),
                              "cpu_seconds": round(cpu, 4), "repeats": repeats,
                              "parameters": [round(x, 4) for x in params]}), flush=True)

if __name__ == "__main__":
    main()
