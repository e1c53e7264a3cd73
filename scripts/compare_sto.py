#!/usr/bin/env python3
"""A run of this engine beside a run SCONE recorded (its .sto), dof by dof.

    hfd scenario evaluate SCENARIO.scone [--par P.par] --out run.csv
    scripts/compare_sto.py RECORDED.sto run.csv [DOF,DOF,...]

Prints, up to each of a few times, the rms and the largest difference of the dofs
(default: every dof both files have, except the pelvis translations) at the
recorded sample times (the run's rows nearest to them), and when each run ends.
docs/gait_4a.md uses it with the SCONE + Hyfydy run that scone-core held in 2021.
"""
import bisect
import csv
import re
import math
import sys


def read_sto(path):
    with open(path) as f:
        lines = f.read().split("\n")
    header_end = next(i for i, line in enumerate(lines) if line.strip() == "endheader")
    names = lines[header_end + 1].split("\t")
    rows = [[float(x) for x in line.split("\t")] for line in lines[header_end + 2:] if line.strip()]
    return names, rows


def read_csv(path):
    with open(path) as f:
        table = list(csv.reader(f))
    names = [re.sub(r" \[[^\]]*\]$", "", name) for name in table[0]]  # "knee_angle_r [rad]" -> "knee_angle_r"
    return names, [[float(x) for x in row] for row in table[1:]]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    recorded_names, recorded = read_sto(sys.argv[1])
    run_names, run = read_csv(sys.argv[2])
    if len(sys.argv) > 3:
        dofs = sys.argv[3].split(",")
    else:
        # the recorded dofs are the columns with a velocity column "<dof>_u"
        dofs = [n for n in recorded_names[1:]
                if n + "_u" in recorded_names and n in run_names and n not in ("pelvis_tx", "pelvis_ty")]
    missing = [d for d in dofs if d not in recorded_names or d not in run_names]
    if missing:
        sys.exit("not in both files: " + ", ".join(missing))
    run_times = [row[0] for row in run]
    differences = []  # (time, [difference per dof])
    for row in recorded:
        t = row[0]
        k = bisect.bisect_left(run_times, t)
        k = min(range(max(k - 1, 0), min(k + 1, len(run) - 1) + 1), key=lambda i: abs(run_times[i] - t))
        if abs(run_times[k] - t) > 1e-6:
            continue  # past the end of this run (or between its rows)
        differences.append((t, [row[recorded_names.index(d)] - run[k][run_names.index(d)] for d in dofs]))
    print(f"{len(dofs)} dofs: {', '.join(dofs)}")
    for until in (0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0):
        upto = [d for t, ds in differences if t <= until + 1e-9 for d in ds]
        if not upto or until > recorded[-1][0] + 0.1:
            break
        rms = math.sqrt(sum(d * d for d in upto) / len(upto))
        print(f"up to {until:5.1f} s: rms {rms:.4f}, largest {max(abs(d) for d in upto):.3f}")
    print(f"recorded run ends at {recorded[-1][0]:.3f} s, this run at {run[-1][0]:.3f} s")


if __name__ == "__main__":
    main()
