"""hfd.optimize: CMA-ES over a SCONE scenario's parameters (the C++ optimizer of
`hfd optimize`), on local threads or on a Dask cluster. Either way the run folder
holds the same files, and for one seed the same bytes as `hfd optimize`: the
optimizer is the C++ one in every case, and a generation's candidates are
evaluated independently, by index, wherever they run.

    import hfd
    result = hfd.optimize("Tutorial 4a - Gait - Hyfydy.scone", max_generations=100)
    result = hfd.optimize("...scone", dask="tcp://head-node:8786")   # every worker sees the same paths
    result = hfd.optimize(resume="results/260101.120000.Tutorial 4a - Gait - Hyfydy")

Ctrl+C (SIGINT) ends the run after the current generation, on threads or on a
cluster, keeping the best and a state that `resume` continues; a second Ctrl+C
raises KeyboardInterrupt at once (the state of the last finished generation is kept).
"""
import contextlib
import math
import os
import signal
import threading

from ._hfd import Scenario, ScenarioOptimization

_scenarios = {}  # per worker process: the scenarios it has loaded, by path and text


def _evaluate_on_worker(path, values, text=None):
    """One candidate on a Dask worker: the scenario's objective, NaN when it cannot be evaluated.
    text: the scenario's text read as if it were the file at path (the run folder's copy of a resumed run)."""
    key = (path, text)
    scenario = _scenarios.get(key)
    if scenario is None:
        scenario = _scenarios[key] = Scenario(path, text)
    try:
        return scenario.evaluate(list(values))["objective"]
    except Exception:  # a candidate the scenario refuses counts as failed, as on the threads
        return math.nan


def _scenario_copy(folder):
    """The scenario copy of a run folder (its one .scone file), as `hfd optimize --resume` reads it."""
    names = sorted(name for name in os.listdir(folder) if name.endswith(".scone"))
    return os.path.join(folder, names[0]) if names else None


@contextlib.contextmanager
def _stop_on_interrupt(run):
    """While the run lasts, the first SIGINT asks it to stop after the current generation
    (instead of raising KeyboardInterrupt wherever Python happens to be, e.g. inside a
    Dask gather); a second one raises KeyboardInterrupt. Only in the main thread, and
    only when SIGINT has Python's default handler (a caller's own handler is left alone)."""
    if threading.current_thread() is not threading.main_thread() or \
            signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield
        return
    interrupts = []

    def on_interrupt(signum, frame):
        interrupts.append(signum)
        if len(interrupts) > 1:
            raise KeyboardInterrupt
        run.request_stop()

    signal.signal(signal.SIGINT, on_interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def optimize(scenario=None, threads=0, seed=None, max_generations=None, out_dir="results", dask=None, resume=None,
             progress=None):
    """Runs the optimization; returns a dict: reason, generations, evaluations, best, best_generation, folder,
    best_par. scenario: the .scone file, or None with resume (a run folder, as `hfd optimize --resume`).
    dask: a scheduler address or a distributed.Client; progress: f(generation, best, median, evals_per_s)."""
    if bool(scenario) == bool(resume):
        raise ValueError("give a scenario or resume=FOLDER, not both" if scenario else "no scenario given")
    path = os.path.abspath(str(scenario)) if scenario else ""
    run = ScenarioOptimization(path, threads=threads, seed=seed, max_generations=max_generations,
                               out_dir=str(out_dir), resume=str(resume) if resume else None)
    if progress is not None:
        run.on_progress(progress)
    if dask is None:
        with _stop_on_interrupt(run):
            return run.run()
    from distributed import Client
    client = dask if hasattr(dask, "map") else Client(dask)
    try:
        if resume:
            # the workers read the run folder's copy as the driver does (as if it were
            # the original, so its relative paths resolve there), not the original
            # file, which may have changed since the run started
            with open(_scenario_copy(str(resume)), "rb") as f:
                text = client.scatter(f.read(), broadcast=True)
            target = run.scenario_file
        else:
            text, target = None, path

        def evaluate_generation(candidates):
            count = len(candidates)
            futures = client.map(_evaluate_on_worker, [target] * count, candidates, [text] * count, pure=False)
            return client.gather(futures)

        run.set_generation_evaluator(evaluate_generation)
        with _stop_on_interrupt(run):
            return run.run()
    finally:
        if client is not dask:
            client.close()
