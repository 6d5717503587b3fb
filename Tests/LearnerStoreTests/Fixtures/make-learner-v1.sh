#!/bin/sh
# Writes Tests/LearnerStoreTests/Fixtures/learner-v1 with the planner of commit 6031199 (the
# store before issue #13 changed any format). Kept to say how the fixture was made; rerunning
# it with a later planner would write a later format, which is not what the fixture is for.
set -eu
P=${PLANNER:-.build/debug/planner}
D=${1:-Tests/LearnerStoreTests/Fixtures/learner-v1}
rm -rf "$D"
export PLANNER_NOW=2026-11-30T12:00:00Z
$P init "$D" --timezone Europe/Kyiv --locale uk --minutes 30 --id fixture-v1
$P config "$D" quran.memorised 112-114@3 --id c1
$P record "$D" word add cat кіт кішка --at 2026-11-28T09:00:00+02:00 --id w1
$P record "$D" word add light світло --at 2026-11-28T09:01:00+02:00 --id w2
$P record "$D" word lookup cat --at 2026-11-28T09:05:00+02:00 --id w3
$P record "$D" quiz cat --answer кішкa --at 2026-11-29T08:00:00+02:00 --id q1
$P record "$D" quiz light --answer свтло --at 2026-11-29T08:01:00+02:00 --id q2
$P record "$D" word unknown light --at 2026-11-29T08:02:00+02:00 --id w4
$P record "$D" recite 78:1-5 --tier new --grade 3 --mistakes 1 --mistakes-at 78:3 --seconds 420 --at 2026-11-29T06:30:00+02:00 --id r1
$P record "$D" recite 114 --tier old --grade 4 --at 2026-11-29T06:40:00+02:00 --id r2
$P record "$D" reminder shown cat --mode hint --at 2026-11-29T12:00:00+02:00 --id m1
$P record "$D" reminder acted cat --action quiz --at 2026-11-29T12:01:00+02:00 --id m2
$P record "$D" plan opened --date 2026-11-29 --at 2026-11-29T06:00:00+02:00 --id p1
$P record "$D" plan done quran:new:78:1-5 --seconds 420 --date 2026-11-29 --at 2026-11-29T06:45:00+02:00 --id p2
$P record "$D" plan skipped quran:old:p604 --date 2026-11-29 --at 2026-11-29T06:46:00+02:00 --id p3
$P show "$D" > /dev/null                       # writes snapshot.json
mkdir -p "$D.root" && mv "$D" "$D.root/learner-v1"
$P nightly "$D.root" --date 2026-11-30 > /dev/null   # writes plans/2026-11-30.json
mv "$D.root/learner-v1" "$D" && rmdir "$D.root"
$P today "$D" --date 2026-11-30 --format json > /dev/null
rm -f "$D/.lock"
