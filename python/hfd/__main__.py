"""python3 -m hfd batch MODEL [options]: `hfd batch` from Python, which can
also send the runs to a Dask cluster (--scheduler tcp://HOST:8786). The
options and the output (run_NNNN.csv per run, summary.csv) are those of the
C++ tool; see docs/batch.md."""
import argparse
import sys

from . import batch


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m hfd", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("batch", help="many simulations: a parameter sweep and/or excitation files")
    run.add_argument("model")
    run.add_argument("--set", action="append", default=[], metavar="PATH=V1,V2|PATH=A..B:N",
                     help="sweep a property (repeatable: every combination, first slowest)")
    run.add_argument("--sweep", metavar="FILE.csv", help="runs listed in a file: header of paths, a row per run")
    run.add_argument("--excitation", action="append", default=[], metavar="CSV",
                     help="excitation file (repeatable: one run per file)")
    run.add_argument("--config")
    run.add_argument("--state")
    run.add_argument("--duration", type=float, default=1.0)
    run.add_argument("--sample", type=float, default=0.01)
    run.add_argument("--groups", default="all")
    run.add_argument("--out-dir", default="batch_out")
    run.add_argument("--threads", type=int, default=0, help="local worker threads (default: one per core)")
    run.add_argument("--scheduler", metavar="ADDRESS", help="Dask scheduler, e.g. tcp://head-node:8786")
    args = parser.parse_args(argv)
    result = batch(args.model, set=args.set, sweep=args.sweep, excitations=args.excitation or None,
                   config=args.config, state=args.state, duration=args.duration, sample=args.sample,
                   groups=args.groups, threads=args.threads, scheduler=args.scheduler, out_dir=args.out_dir,
                   progress=True)
    print(result.summary_table())
    print(f"{len(result) - len(result.failed)} of {len(result)} runs done, {len(result.failed)} failed; "
          f"summary in {args.out_dir}/summary.csv")
    return 3 if result.failed else 0


if __name__ == "__main__":
    sys.exit(main())
