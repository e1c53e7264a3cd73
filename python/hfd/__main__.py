"""python3 -m hfd batch MODEL [options] | optimize SCENARIO [options]: `hfd batch`
and `hfd optimize` from Python, which can also send the runs to a Dask cluster
(batch --scheduler / optimize --dask tcp://HOST:8786). The options and the
output are those of the C++ tool; see docs/batch.md and docs/optimization.md."""
import argparse
import sys

from . import HfdError, batch
from .optimize import optimize


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
    opt = commands.add_parser("optimize", help="CMA-ES over a SCONE scenario's parameters",
                              usage="python3 -m hfd optimize SCENARIO.scone [options]\n"
                                    "       python3 -m hfd optimize --resume RUN_FOLDER [options]",
                              epilog="Ctrl+C ends the run after the current generation and keeps the best.")
    opt.add_argument("scenario", nargs="?")
    opt.add_argument("--threads", type=int, default=0, help="local evaluation threads (default: one per core)")
    opt.add_argument("--seed", type=int)
    opt.add_argument("--max-generations", type=int)
    opt.add_argument("--out-dir", default="results")
    opt.add_argument("--resume", metavar="FOLDER", help="continue a stopped run from its folder")
    opt.add_argument("--dask", metavar="ADDRESS", help="Dask scheduler, e.g. tcp://head-node:8786")
    args = parser.parse_args(argv)
    if args.command == "optimize":
        if bool(args.scenario) == bool(args.resume):  # as hfd optimize: exactly one of them
            opt.error("give a scenario or --resume, not both" if args.scenario else "no scenario given")

        def show(generation, best, median, rate):
            print(f"generation {generation}  best {best:.6g}  median {median:.6g}  {rate:.1f} evaluations/s",
                  file=sys.stderr, flush=True)
        try:
            result = optimize(args.scenario, threads=args.threads, seed=args.seed,
                              max_generations=args.max_generations, out_dir=args.out_dir, dask=args.dask,
                              resume=args.resume, progress=show)
        except HfdError as error:  # unusable input, as hfd optimize reports it (exit code 1)
            print(f"python3 -m hfd optimize: {error}", file=sys.stderr)
            return 1
        print(f"{result['reason']} after {result['generations']} generations, {result['evaluations']} evaluations: "
              f"best {result['best']:.8g} (generation {result['best_generation']})")
        print(f"results in {result['folder']}")
        if result["best_par"]:
            print(f"best parameters: {result['best_par']}")
        return 0
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
