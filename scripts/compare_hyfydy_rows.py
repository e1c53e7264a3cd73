#!/usr/bin/env python3
"""A run of this engine beside rows of a SCONE + Hyfydy recording, channel by channel.

    hfd scenario evaluate SCENARIO.scone [--par P.par] --out run.csv
    scripts/compare_hyfydy_rows.py COLUMNS.txt ROWS.txt run.csv [MODEL.hfd]

COLUMNS.txt holds the recording's column names (whitespace separated), ROWS.txt some of
its rows (tab separated), as ../shared/corpus/hyfydy-1.12/ keeps them of the Hyfydy
1.12.6 runs of Tutorial 4a. For each recorded row, at the run's row nearest in time:
each dof (rad, pelvis_tx/ty in m) and its difference, the rms and largest difference of
the muscles' activations and fiber lengths (and, given the model, of the tendon
forces over each muscle's max_isometric_force), and each leg's ground reaction force (N; legs matched by side,
as Hyfydy numbers its legs left first). docs/gait_4a.md ("Hyfydy 1.12 side by side").
"""
import csv
import math
import re
import sys

DOFS = ["pelvis_tilt", "pelvis_tx", "pelvis_ty", "hip_flexion_r", "knee_angle_r", "ankle_angle_r",
        "hip_flexion_l", "knee_angle_l", "ankle_angle_l"]


def read_recorded(columns_path, rows_path):
    with open(columns_path) as f:
        names = f.read().split()
    rows = []
    with open(rows_path) as f:
        for line in f:
            if line.strip():
                values = [float(x) for x in line.split("\t")]
                if len(values) != len(names):
                    sys.exit(f"{rows_path}: a row has {len(values)} values for {len(names)} columns")
                rows.append(dict(zip(names, values)))
    return rows


def read_run(path):
    with open(path) as f:
        table = list(csv.reader(f))
    names = [re.sub(r" \[[^\]]*\]$", "", name) for name in table[0]]  # "knee_angle_r [rad]" -> "knee_angle_r"
    return [dict(zip(names, (float(x) if x else math.nan for x in row))) for row in table[1:]]


def max_isometric_forces(model_path):
    """muscle name -> max_isometric_force, read from the .hfd text."""
    forces, name = {}, None
    with open(model_path) as f:
        for line in f:
            words = line.split()
            if len(words) >= 3 and words[1] == "=":
                if words[0] == "name":
                    name = words[2]
                elif words[0] == "max_isometric_force" and name:
                    forces[name] = float(words[2])
    return forces


def spread(label, differences):
    if differences:
        rms = math.sqrt(sum(x * x for x in differences) / len(differences))
        print(f"  {label} ({len(differences)} muscles): rms {rms:.4f}, largest {max(abs(x) for x in differences):.4f}")


def leg_column(row, side, quantity):
    for key in row:
        if key.startswith("leg") and key.split(".")[0].endswith("_" + side) and key.endswith("." + quantity):
            return row[key]
    return math.nan


def compare(recorded, run, strengths):
    times = [r["time"] for r in run]
    summary = []
    for rec in recorded:
        t = rec["time"]
        ours = run[min(range(len(run)), key=lambda i: abs(times[i] - t))]
        print(f"t = {t:g} s (run row at {ours['time']:g} s)")
        print(f"  {'dof':<15} {'Hyfydy':>10} {'here':>10} {'difference':>11}")
        for dof in DOFS:
            if dof in rec and dof in ours:
                print(f"  {dof:<15} {rec[dof]:>10.5f} {ours[dof]:>10.5f} {ours[dof] - rec[dof]:>+11.5f}")
        angles = [ours[d] - rec[d] for d in DOFS if d in rec and d in ours and d not in ("pelvis_tx", "pelvis_ty")]
        if angles:
            rms = math.sqrt(sum(x * x for x in angles) / len(angles))
            summary.append((t, rms, max(abs(x) for x in angles)))
            print(f"  joint angles: rms {rms:.4f} rad, largest {max(abs(x) for x in angles):.4f} rad")
        spread("activations", [ours[k] - rec[k] for k in rec if k.endswith(".activation") and k in ours])
        spread("fiber lengths (m)",
               [ours[k] - rec[k] for k in rec if k.endswith(".fiber_length") and k in ours])
        spread("tendon force / max isometric force",
               [ours[m + ".force"] / strengths[m] - rec[m + ".mtu_force_norm"] for m in strengths
                if m + ".force" in ours and m + ".mtu_force_norm" in rec])
        for side in ("r", "l"):
            hx, hy = leg_column(rec, side, "grf_x"), leg_column(rec, side, "grf_y")
            ox, oy = leg_column(ours, side, "grf_x"), leg_column(ours, side, "grf_y")
            print(f"  leg {side} ground force x, y (N): Hyfydy {hx:8.1f} {hy:8.1f}   here {ox:8.1f} {oy:8.1f}")
    print(f"run ends at {times[-1]:g} s, recording's last row at {recorded[-1]['time']:g} s")
    print("joint angles, rms / largest difference (rad), by time (s):")
    print("  " + "  ".join(f"{t:g}: {rms:.3f}/{largest:.3f}" for t, rms, largest in summary))


if __name__ == "__main__":
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    compare(read_recorded(sys.argv[1], sys.argv[2]), read_run(sys.argv[3]),
            max_isometric_forces(sys.argv[4]) if len(sys.argv) == 5 else {})
