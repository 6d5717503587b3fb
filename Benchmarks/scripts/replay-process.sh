#!/usr/bin/env bash
# `planner replay` timed as a process, end to end (start, read, parse, order, FSRS-6, format,
# write to a file), on the `replay` scenario's 1,080,000-review log: CPU (user + sys), wall and
# peak RSS per run, with the load average beside each (Benchmarks/replay.md).
#
#   Benchmarks/scripts/replay-process.sh [PLANNER…]     # default: .build/release/planner
#
# Each binary runs RUNS times (default 3) on both cores and pinned to one (taskset -c 0),
# alternated, and the md5 of its output is printed (it must be the same for every binary).
set -euo pipefail
cd "$(dirname "$0")/../.."
work=${TMPDIR:-/tmp}/planner-replay-process
mkdir -p "$work"
log=$work/log.csv
[ -s "$log" ] || PLANNER_BENCH_REPLAY_LOG=$log .build/release/planner-bench replay
binaries=("$@")
[ ${#binaries[@]} -gt 0 ] || binaries=(.build/release/planner)
reviews=$(($(wc -l < "$log") - 1))
for run in $(seq "${RUNS:-3}"); do
  for b in "${binaries[@]}"; do
    for cores in 2 1; do
      pin=(); [ "$cores" = 1 ] && pin=(taskset -c 0)
      load=$(cut -d' ' -f1 /proc/loadavg)
      /usr/bin/time -f '%e %U %S %M' -o "$work/time" "${pin[@]}" "$b" replay --revlog "$log" > "$work/out.csv"
      read -r wall user sys rss < "$work/time"
      awk -v b="$b" -v c="$cores" -v w="$wall" -v u="$user" -v s="$sys" -v m="$rss" -v n="$reviews" -v l="$load" \
        'BEGIN { printf "%s, %d core(s), load %s: wall %.2f s (%.2f M reviews/s), CPU %.2f s (%.0f ns/review), peak RSS %d KiB\n", b, c, l, w, n / w / 1e6, u + s, (u + s) / n * 1e9, m }'
    done
  done
done
for b in "${binaries[@]}"; do echo "$b: md5 $("$b" replay --revlog "$log" | md5sum | cut -d' ' -f1)"; done
