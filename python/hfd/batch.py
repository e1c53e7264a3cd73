"""Many simulations at once: parameter sweeps and excitation sets, on a thread
pool here or on a Dask cluster (give the scheduler's address).

    result = hfd.batch("samples/pendulum.hfd",
                       set={"body.rod.density": [500, 1000, 2000], "gravity": "[0 -9.81 0], [0 -3.7 0]"},
                       duration=2, threads=2)
    for run in result: print(run.name, run.status, run["swing"][-1])
    result = hfd.batch(..., scheduler="tcp://head-node:8786")   # same runs on a cluster

The sweep syntax is that of `hfd batch` (docs/batch.md): a property path from
the model file's top level (body.rod.mass, gravity,
error_control_integrator_mem.accuracy) and a list of values, or A..B:N for N
values evenly spaced. Several paths make every combination, the first varying
slowest. Each run is built from texts (no shared files are needed on workers)
and recorded by the run loop of `hfd simulate`, so a run gives the same numbers
on any thread count and on any worker of the same build.
"""
import csv
import os
import sys

from . import _hfd


class RunResult:
    """One run: its parameters, status and recording (values: rows x channels)."""

    def __init__(self, index, name, spec, result):
        self.index = index
        self.name = name
        self.overrides = dict(spec.get("overrides", []))
        self.excitation = (spec.get("excitation") or {}).get("file", "")
        self.status = result["status"]
        self.ok = result["ok"]
        self.message = result["message"]
        self.diagnostics = result["diagnostics"]
        self.steps = result["steps"]
        self.end_time = result["end_time"]
        self.wall_seconds = result["wall_seconds"]
        self.channels = list(result["channels"])
        self.labels = list(result["labels"])
        self.values = result["values"]
        self.output = ""

    def __getitem__(self, channel):
        if channel not in self.channels:
            raise KeyError(f"no channel '{channel}' in {self.name}")
        return self.values[:, self.channels.index(channel)]

    @property
    def simulated_time(self):
        return self.end_time - self.values[0, 0] if len(self.values) else 0.0

    def csv_text(self):
        """The CSV `hfd simulate --out` writes for this run (same writer, same digits)."""
        return _hfd.csv_table(self.labels, self.values)

    def __repr__(self):
        return f"<hfd.RunResult {self.name} {self.status} {self.overrides} {self.values.shape}>"


class BatchResult(list):
    """RunResults in job order."""

    @property
    def failed(self):
        return [run for run in self if not run.ok]

    def summary_rows(self):
        paths = []
        for run in self:
            paths += [p for p in run.overrides if p not in paths]
        excitation = any(run.excitation for run in self)
        header = ["run", "status"] + paths + (["excitation"] if excitation else []) + \
                 ["simulated_time [s]", "steps", "samples", "wall [s]", "output", "message"]
        rows = [header]
        for run in self:
            rows.append([run.name, run.status] + [run.overrides.get(p, "") for p in paths] +
                        ([run.excitation] if excitation else []) +
                        [repr(float(run.simulated_time)) if len(run.values) else "0", str(run.steps),
                         str(len(run.values)), f"{run.wall_seconds:.3f}", run.output, run.message])
        return rows

    def summary_table(self):
        rows = self.summary_rows()
        widths = [max(len(row[c]) for row in rows) for c in range(len(rows[0]))]
        return "\n".join("  ".join(cell.ljust(widths[c]) for c, cell in enumerate(row)).rstrip() for row in rows)

    def save_summary_csv(self, path):
        with open(path, "w", newline="", encoding="utf-8") as file:
            csv.writer(file, lineterminator="\n").writerows(self.summary_rows())


def _text_input(path):
    if path is None:
        return None
    with open(path, encoding="utf-8", newline="") as file:
        return {"text": file.read(), "file": str(path)}


def _axes(set):
    if set is None:
        return []
    if isinstance(set, dict):
        axes = []
        for path, values in set.items():
            if isinstance(values, (list, tuple)):
                values = ",".join(v if isinstance(v, str) else str(v) for v in values)
            axes.append(f"{path}={values}")
        return axes
    return list(set)  # "PATH=V1,V2" strings


def make_jobs(model, set=None, sweep=None, excitations=None, config=None, state=None, duration=1.0,
              sample=0.01, groups="all"):
    """Job dicts (picklable) of a sweep, in the order `hfd batch` runs them:
    sweep-file rows slowest, then each set axis, then the excitation files."""
    base = {"model": _text_input(model), "config": _text_input(config), "state": _text_input(state),
            "duration": float(duration), "sample": float(sample), "groups": groups}
    excitation_inputs = [_text_input(path) for path in excitations] if excitations else [None]
    runs = _hfd.expand_sweep(_axes(set), str(sweep) if sweep else None, len(excitation_inputs))
    jobs = []
    for run in runs:
        for excitation in excitation_inputs:
            jobs.append(dict(base, overrides=[list(change) for change in run], excitation=excitation))
    return jobs


def run_spec(spec):
    """Runs one job dict; what a Dask worker executes."""
    return _hfd.run_job(spec)


def _run_on_cluster(jobs, scheduler, progress):
    from distributed import Client

    if hasattr(scheduler, "map"):  # a Client already connected
        return _gather(scheduler, jobs, progress)
    with Client(scheduler) as client:
        return _gather(client, jobs, progress)


def _gather(client, jobs, progress):
    from distributed import as_completed

    futures = client.map(run_spec, jobs, pure=False)
    index_of = {future.key: i for i, future in enumerate(futures)}
    results = [None] * len(jobs)
    for done, future in enumerate(as_completed(futures), 1):
        results[index_of[future.key]] = future.result()
        if progress:
            print(f"\r[{done}/{len(jobs)}] on the cluster", end="", file=sys.stderr, flush=True)
    if progress and jobs:
        print(file=sys.stderr)
    return results


def batch(model, set=None, sweep=None, excitations=None, config=None, state=None, duration=1.0, sample=0.01,
          groups="all", threads=0, scheduler=None, out_dir=None, progress=None):
    """Runs every combination of the sweep; returns a BatchResult (failed runs
    included, with status and message). threads <= 0: one per core. scheduler:
    a Dask scheduler address ("tcp://host:8786") or a distributed.Client-like
    object: the runs go to its workers instead. out_dir: also write
    run_NNNN.csv per run and summary.csv, as `hfd batch` does. progress:
    show [done/total] and failures on stderr (default: when it is a terminal)."""
    if progress is None:
        progress = sys.stderr.isatty()
    jobs = make_jobs(model, set=set, sweep=sweep, excitations=excitations, config=config, state=state,
                     duration=duration, sample=sample, groups=groups)
    if scheduler is not None:
        results = _run_on_cluster(jobs, scheduler, progress)
    else:
        results = _hfd.run_batch(jobs, threads=threads, progress=progress)
    width = max(4, len(str(len(jobs) - 1)))
    result = BatchResult(RunResult(i, f"run_{i:0{width}d}", job, r) for i, (job, r) in enumerate(zip(jobs, results)))
    if out_dir is not None:
        os.makedirs(out_dir, exist_ok=True)
        for run in result:
            if len(run.values):
                run.output = os.path.join(out_dir, run.name + ".csv")
                with open(run.output, "w", encoding="utf-8", newline="") as file:
                    file.write(run.csv_text())
        result.save_summary_csv(os.path.join(out_dir, "summary.csv"))
    return result
