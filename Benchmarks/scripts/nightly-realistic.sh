#!/usr/bin/env bash
# The realistic nightly scenario (issue #18), for one `planner` binary, printing one JSON line
# per night: the first night (fits, snapshots), a night after a few new events each, a new date
# with no new events, the same date again; each with --jobs 1 and 2; the summary's
# reading/planning/writing split, wall and CPU seconds and peak RSS (/usr/bin/time), the
# snapshot bytes per learner, and the load average.
#
#   Benchmarks/scripts/nightly-realistic.sh PLANNER ROOT WORK [LABEL]
#
# LEARNERS=N copies only the first N learners (the per-learner costs do not depend on how many);
# FIRST_JOBS="2" times the first night with those job counts only (default "1 2"); SETTLE=S
# syncs and waits S seconds before each timed night (default 0). Why: on ext4 without a journal
# (`journal` in the output), creating a file within a minute or so of deleting many (this
# script's copy, a night's snapshots replaced) makes the kernel skip every recently freed
# inode, one by one (`recently_deleted`): that cost lands on the night's plan files and is the
# machine's, not the engine's. SETTLE=65 measures the night on a quiet file system.
# ROOT: a simulated root, made once and reused:
#   planner simulate --learners 300 --days 365 --seed 7 --out ROOT
# (2026-01-01…2026-12-31). WORK is replaced by a copy of ROOT's profiles and logs. Every run
# goes through clock-shift.so (built here from clock-shift.c) so that "now" is the night after
# the history, as in production, whatever the machine's clock says.
set -euo pipefail
planner="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; root="$2"; work="$3"; label="${4:-run}"
here="$(cd "$(dirname "$0")" && pwd)"
shim="${TMPDIR:-/tmp}/clock-shift-$$.so"
cc -O2 -shared -fPIC -o "$shim" "$here/clock-shift.c" -ldl
trap 'rm -f "$shim" "$work.time" "$work.summary"' EXIT

rm -rf "$work"; mkdir -p "$work"
for d in $(ls -d "$root"/*/ | head -n "${LEARNERS:-1000000000}"); do
  n="$(basename "$d")"; mkdir "$work/$n"
  cp "$d/profile.json" "$d/events.jsonl" "$work/$n/"
done
learners="$(ls "$work" | wc -l)"

clear_caches() { rm -rf "$work"/*/snapshot.* "$work"/*/parameters.fitted.json "$work"/*/plans; }

# Appends 1-4 events (a recitation, quizzes) to every learner, on the morning of DATE (UTC).
append_day() {
  python3 - "$work" "$1" <<'PY'
import os, sys, zlib
work, date = sys.argv[1], sys.argv[2]
for n in sorted(os.listdir(work)):
    k = 1 + zlib.crc32((n + date).encode()) % 4
    lines = ['{"version":1,"id":"bench-%s-0","at":"%sT06:00:00Z","type":"recitation","payload":{"range":"112","tier":"old","grade":3,"seconds":60}}' % (date, date)]
    for i in range(1, k):
        lines.append('{"version":1,"id":"bench-%s-%d","at":"%sT06:0%d:00Z","type":"word.quizzed","payload":{"english":"bababa","answer":"бабаба","verdict":"right","seconds":4}}' % (date, i, date, i))
    with open(os.path.join(work, n, "events.jsonl"), "a") as f:
        f.write("\n".join(lines) + "\n")
PY
}

# The journal of WORK's file system: "none" on ext4 without one, "jbd2" with one, "n/a" otherwise.
journal() {
  local dev; dev="$(basename "$(df --output=source "$work" | tail -1)")"
  if [ -r "/sys/fs/ext4/$dev/journal_task" ]; then
    [ "$(cat "/sys/fs/ext4/$dev/journal_task")" = "<none>" ] && echo none || echo jbd2
  else echo n/a; fi
}
fs_journal="$(journal)"

# run NIGHT JOBS DATE NOW(ISO)
run() {
  local night="$1" jobs="$2" date="$3" now="$4"
  sync; sleep "${SETTLE:-0}"
  CLOCK_SHIFT_TO="$(date -u -d "$now" +%s)" LD_PRELOAD="$shim" /usr/bin/time -f '%e %U %S %M' -o "$work.time" \
    "$planner" nightly "$work" --jobs "$jobs" --date "$date" > "$work.summary" || [ $? -eq 2 ]
  read -r wall user sys rss < "$work.time"
  local snap; snap="$(find "$work" -name 'snapshot.*' -printf '%s\n' | awk -v n="$learners" '{s+=$1} END {printf "%d", s/n}')"
  python3 - "$work.summary" "$label" "$night" "$jobs" "$wall" "$user" "$sys" "$rss" "$snap" "${SETTLE:-0}" "$fs_journal" <<'PY'
import json, sys, os
s = json.load(open(sys.argv[1])); t = s["timings"]; n = s["learners"]
label, night, jobs, wall, user, sys_, rss, snap, settle, journal = sys.argv[2:]
print(json.dumps({"label": label, "night": night, "jobs": int(jobs), "learners": n, "failed": len(s["failed"]),
  "planned": s["planned"], "unchanged": s["unchanged"], "learnersPerSecond": t["learnersPerSecond"],
  "readingMsPerLearner": round(t["readingSeconds"] / n * 1000, 2), "planningMsPerLearner": round(t["planningSeconds"] / n * 1000, 2),
  "writingMsPerLearner": round(t["writingSeconds"] / n * 1000, 2), "wallSeconds": float(wall),
  "cpuSeconds": round(float(user) + float(sys_), 2), "cpuMsPerLearner": round((float(user) + float(sys_)) / n * 1000, 2),
  "userMsPerLearner": round(float(user) / n * 1000, 2), "sysMsPerLearner": round(float(sys_) / n * 1000, 2),
  "peakRSSMiB": round(int(rss) / 1024, 1), "snapshotBytesPerLearner": int(snap),
  "settleSeconds": int(settle), "journal": journal,
  "loadAverage": float(open("/proc/loadavg").read().split()[0])}))
PY
}

for jobs in ${FIRST_JOBS:-1 2}; do
  clear_caches
  run first-night "$jobs" 2027-01-01 "2027-01-01 01:00Z"
done
append_day 2027-01-01; run new-events 1 2027-01-02 "2027-01-02 01:00Z"
append_day 2027-01-02; run new-events 2 2027-01-03 "2027-01-03 01:00Z"
run new-date-no-events 1 2027-01-04 "2027-01-04 01:00Z"
run new-date-no-events 2 2027-01-05 "2027-01-05 01:00Z"
run same-date-again 1 2027-01-05 "2027-01-05 02:00Z"
run same-date-again 2 2027-01-05 "2027-01-05 03:00Z"
