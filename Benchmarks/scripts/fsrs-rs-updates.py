#!/usr/bin/env python3
"""Times fsrs-rs's FSRS-6 memory-state updates (fsrs-rs-python `memory_state_batch`).

For the `fsrs-updates` benchmark only (never for tests). Usage:
    fsrs-rs-updates.py FILE [PASSES]
FILE has one card per line, its reviews as `rating:elapsed_days` separated by spaces (the first
review's elapsed days are 0). The FSRSItems are built once, outside the timing; then
`memory_state_batch` replays every card from an empty state PASSES times (default 5). Prints one
JSON line: reviews, passes, best_seconds (wall), best_cpu_seconds (process CPU, all threads),
updates_per_second, updates_per_cpu_second, checksum (sum of the final stabilities).
"""
import json, sys, time
import fsrs_rs_python as fsrs

def main():
    path = sys.argv[1]
    passes = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    items = []
    reviews = 0
    with open(path) as f:
        for line in f:
            pairs = [p.split(":") for p in line.split()]
            if not pairs:
                continue
            items.append(fsrs.FSRSItem([fsrs.FSRSReview(int(g), int(t)) for g, t in pairs]))
            reviews += len(pairs)
    model = fsrs.FSRS(fsrs.DEFAULT_PARAMETERS)
    best = float("inf")
    best_cpu = float("inf")
    checksum = 0.0
    for _ in range(passes):
        t0 = time.perf_counter()
        c0 = time.process_time()
        states = model.memory_state_batch(items)
        c1 = time.process_time()
        t1 = time.perf_counter()
        best = min(best, t1 - t0)
        best_cpu = min(best_cpu, c1 - c0)
        checksum = sum(s.stability for s in states)
    print(json.dumps({
        "reviews": reviews, "cards": len(items), "passes": passes,
        "best_seconds": best, "best_cpu_seconds": best_cpu,
        "updates_per_second": reviews / best, "updates_per_cpu_second": reviews / best_cpu,
        "checksum": checksum,
    }))

if __name__ == "__main__":
    main()
