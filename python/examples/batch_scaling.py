#!/usr/bin/env python3
"""Wall time of one sweep on 1 and on 2 (or --threads) threads, interleaved
and repeated, with the median of each: how well hfd.batch scales here.

    PYTHONPATH=build/python python3 python/examples/batch_scaling.py \
        --model samples/human3d.hfd --runs 8 --duration 1 --repeat 7

On a shared machine the numbers depend on what else runs: compare the CPU
time too (a batch that gets both cores has wall time close to CPU time / 2).
"""
import argparse
import os
import statistics
import time

import hfd


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default=os.path.join(os.path.dirname(__file__), "..", "..", "samples",
                                                        "human3d.hfd"))
    parser.add_argument("--runs", type=int, default=8)
    parser.add_argument("--duration", type=float, default=1.0)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    gravity = [f"[ 0 {-9.6 - 0.05 * i!r} 0 ]" for i in range(args.runs)]
    sweep = {"gravity": ",".join(gravity)}
    walls = {1: [], args.threads: []}
    cpus = {1: [], args.threads: []}
    reference = None
    for _ in range(args.repeat):
        for threads in walls:  # interleaved: both see the same changes in machine load
            cpu0, wall0 = time.process_time(), time.perf_counter()
            result = hfd.batch(args.model, set=sweep, duration=args.duration, groups="dofs", threads=threads)
            walls[threads].append(time.perf_counter() - wall0)
            cpus[threads].append(time.process_time() - cpu0)
            assert not result.failed, result.summary_table()
            values = [run.values.tobytes() for run in result]
            assert reference is None or values == reference, "results changed with the thread count"
            reference = values
    for threads in walls:
        print(f"{threads} thread(s): wall median {statistics.median(walls[threads]):.3f} s "
              f"(all: {', '.join(f'{w:.3f}' for w in walls[threads])}), CPU median {statistics.median(cpus[threads]):.3f} s")
    print(f"speed-up {statistics.median(walls[1]) / statistics.median(walls[args.threads]):.2f} "
          f"with {args.threads} threads, {args.runs} runs of {args.duration} s; load average {os.getloadavg()}")


if __name__ == "__main__":
    main()
