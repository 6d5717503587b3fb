#!/usr/bin/env bash
# Instructions executed (valgrind --tool=callgrind, all threads, process start included) by two
# release builds of `planner` on the same inputs, for comparisons on a loaded machine where
# wall-clock figures are noise. Prints one Markdown row per figure: before, after, change.
#
#   Benchmarks/scripts/callgrind-compare.sh BEFORE_PLANNER AFTER_PLANNER AFTER_BENCH
#
# AFTER_BENCH (planner-bench) writes the three-year `today-3y` learner; AFTER_PLANNER writes
# the synthetic review log and the simulated nightly root, so both binaries read the same bytes.
# Each binary warms its own copy of a learner (snapshot, fitted parameters) before it is measured.
set -euo pipefail
before="$1"; after="$2"; bench="$3"
work="$(mktemp -d "${TMPDIR:-/tmp}/callgrind-compare.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# Inputs, written once.
mkdir -p "$work/keep"
PLANNER_BENCH_KEEP="$work/keep" "$bench" today >/dev/null
"$after" synth --cards 2000 --days 365 --seed 7 > "$work/log.csv"
"$after" simulate --learners 6 --days 90 --seed 7 --out "$work/simroot" >/dev/null

count() {  # prints the instructions executed by the command
  local out="$work/cg.$RANDOM"
  valgrind --tool=callgrind --callgrind-out-file="$out.%p" --trace-children=no "$@" >/dev/null 2>"$out.err" || true
  cat "$out".[0-9]* | awk '/^summary:/ { s += $2 } END { print s }'
  rm -f "$out".*
}
row() {  # name, before count, after count
  awk -v n="$1" -v b="$2" -v a="$3" 'BEGIN { printf "| %s | %.2f M | %.2f M | %+.1f %% |\n", n, b / 1e6, a / 1e6, (a - b) * 100 / b }'
}
date=2026-11-13  # the today-3y learner's next day (TodayScenario.swift)
for who in before after; do
  bin="${!who}"
  cp -r "$work/keep/hafiz" "$work/hafiz-$who"
  "$bin" today "$work/hafiz-$who" --date "$date" --format json >/dev/null  # warm: snapshot, fit
  eval "today_$who=\$(count \"$bin\" today \"$work/hafiz-$who\" --date \"$date\" --format json)"
  eval "replay_$who=\$(count \"$bin\" replay --revlog \"$work/log.csv\")"
  eval "optimize_$who=\$(count \"$bin\" optimize --revlog \"$work/log.csv\")"
  cp -r "$work/simroot" "$work/root-cold-$who"
  eval "cold_$who=\$(count \"$bin\" nightly \"$work/root-cold-$who\" --date 2026-04-01 --jobs 1)"
  eval "warm_$who=\$(count \"$bin\" nightly \"$work/root-cold-$who\" --date 2026-04-02 --jobs 1)"
  eval "start_$who=\$(count \"$bin\" --version)"
done
echo "| figure | before | after | change |"
echo "|---|---|---|---|"
row "today (today-3y learner, warm)" "$today_before" "$today_after"
row "replay (synth 2000 cards × 365 days)" "$replay_before" "$replay_after"
row "optimize (the same log)" "$optimize_before" "$optimize_after"
row "nightly cold (6 simulated learners × 90 days, jobs 1)" "$cold_before" "$cold_after"
row "nightly warm (next date, same root)" "$warm_before" "$warm_after"
row "process start (planner --version)" "$start_before" "$start_after"
