#!/usr/bin/env bash
# A nightly run of many learners split in shards run one after another (issue #18): COUNT
# copies of a warm root's learners (hard links of profile.json, events.jsonl, snapshot.bin and
# parameters.fitted.json, under new folder names), planned for a new date with no new events
# as N shards `--shard K/N` in turn. Prints one JSON line per shard and a total line, and checks
# that the shards' learners are disjoint and together exactly the root (every folder planned
# once, by the shard its name hashes to).
#
#   Benchmarks/scripts/nightly-shards.sh PLANNER WARM BIG COUNT N DATE NOW
#
# WARM: a root after a night (e.g. nightly-realistic.sh's WORK). BIG is replaced.
set -euo pipefail
planner="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
warm="$2"; big="$3"; count="$4"; shards="$5"; date="$6"; now="$7"
here="$(cd "$(dirname "$0")" && pwd)"
shim="${TMPDIR:-/tmp}/clock-shift-$$.so"
cc -O2 -shared -fPIC -o "$shim" "$here/clock-shift.c" -ldl
trap 'rm -f "$shim" "$big.time" "$big.summary"' EXIT

rm -rf "$big"; mkdir -p "$big"
python3 - "$warm" "$big" "$count" <<'PY'
import os, sys
warm, big, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
names = sorted(n for n in os.listdir(warm) if os.path.isfile(os.path.join(warm, n, "profile.json")))
for i in range(count):
    src = os.path.join(warm, names[i % len(names)])
    dst = os.path.join(big, "c%05d-%s" % (i, names[i % len(names)]))
    os.mkdir(dst)
    for f in ("profile.json", "events.jsonl", "snapshot.bin", "parameters.fitted.json"):
        if os.path.exists(os.path.join(src, f)):
            os.link(os.path.join(src, f), os.path.join(dst, f))
PY

total_wall=0
for k in $(seq 1 "$shards"); do
  CLOCK_SHIFT_TO="$(date -u -d "$now" +%s)" LD_PRELOAD="$shim" /usr/bin/time -f '%e %U %S %M' -o "$big.time" \
    "$planner" nightly "$big" --jobs 2 --date "$date" --shard "$k/$shards" > "$big.summary"
  read -r wall user sys rss < "$big.time"
  python3 - "$big" "$big.summary" "$k" "$shards" "$date" "$wall" "$user" "$sys" "$rss" <<'PY'
import json, os, sys
big, summary, k, n, date, wall, user, sys_, rss = sys.argv[1:]
k, n = int(k), int(n)
s = json.load(open(summary)); t = s["timings"]
def fnv(b):
    h = 0xcbf29ce484222325
    for x in b: h = ((h ^ x) * 0x100000001b3) % 2**64
    return h
mine = {d for d in os.listdir(big) if fnv(d.encode()) % n + 1 == k}
planned = {d for d in os.listdir(big) if os.path.exists(os.path.join(big, d, "plans", date + ".json"))}
# Plans so far = shards 1..k exactly: this shard added its own learners and no other.
assert s["learners"] == len(mine) and not s["failed"], (s["learners"], len(mine), s["failed"][:1])
expected = {d for d in os.listdir(big) if fnv(d.encode()) % n + 1 <= k}
assert planned == expected, (len(planned), len(expected))
print(json.dumps({"shard": "%d/%d" % (k, n), "learners": s["learners"], "planned": s["planned"], "unchanged": s["unchanged"],
  "learnersPerSecond": t["learnersPerSecond"], "totalSeconds": t["totalSeconds"], "readingSeconds": t["readingSeconds"],
  "planningSeconds": t["planningSeconds"], "writingSeconds": t["writingSeconds"], "wallSeconds": float(wall),
  "cpuSeconds": round(float(user) + float(sys_), 2), "peakRSSMiB": round(int(rss) / 1024, 1),
  "loadAverage": float(open("/proc/loadavg").read().split()[0])}))
PY
done
python3 - "$big" "$date" <<'PY'
import os, sys
big, date = sys.argv[1:]
names = os.listdir(big)
missing = [d for d in names if not os.path.exists(os.path.join(big, d, "plans", date + ".json"))]
assert not missing, missing[:3]
print('{"union": "every one of the %d learners planned exactly once, by its own shard"}' % len(names))
PY
