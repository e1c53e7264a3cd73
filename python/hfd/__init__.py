"""hfd: musculoskeletal simulation of .hfd models from Python.

    import hfd
    sim = hfd.load("samples/pendulum.hfd")
    rec = sim.run(duration=2.0, sample=0.01)      # the run loop of `hfd simulate`
    swing = rec["swing"]                          # one channel, numpy view
    rec.to_csv("run.csv")                         # byte for byte what `hfd simulate --out` writes

See python/README.md for the whole API, hfd.batch for sweeps on a thread pool
or a Dask cluster, and hfd.envs for a gym-style standing task.
"""
from ._hfd import (Config, HfdError, Model, OsimImportOptions, Recording, Scenario, Simulation, SimulationError,
                   csv_table)
from ._version import __version__, git_revision
from .batch import BatchResult, RunResult, batch, make_jobs
from .optimize import optimize

__all__ = ["Config", "HfdError", "Model", "OsimImportOptions", "Recording", "Scenario", "Simulation", "SimulationError",
           "csv_table", "load", "loads", "run", "convert_osim", "batch", "make_jobs", "BatchResult", "RunResult",
           "optimize"]


def load(path, config=None, state=None, set=None):
    """Simulation of a model file. config: path of a config file (default: the
    model file's own composite_force / integrator blocks); state: initial state
    file; set: {'body.femur_r.mass': 8, ...} property overrides (docs/batch.md)."""
    model = Model.from_file(str(path), set=set)
    return Simulation(model, Config.from_file(str(config)) if config else None,
                      state=str(state) if state else None)


def loads(text, file="<text>", config_text=None, state_text=None, set=None):
    """Simulation of model text (and optional config / state texts)."""
    model = Model.from_text(text, file, set=set)
    return Simulation(model, Config.from_text(config_text) if config_text else None, state_text=state_text)


def run(model, config=None, state=None, excitation=None, duration=1.0, sample=0.01, groups="all", set=None):
    """Runs a model file as `hfd simulate MODEL --duration .. --sample ..` does; returns the Recording."""
    sim = load(model, config=config, state=state, set=set)
    return sim.run(duration=duration, sample=sample, excitation=str(excitation) if excitation else None,
                   groups=groups)


def convert_osim(path, out=None, **options):
    """Converts an OpenSim model; returns (hfd_text, report lines) and writes
    the text to `out` when given. options: fields of OsimImportOptions
    (joint_stiffness=1e6, limit_damping_angle=2, ...)."""
    import_options = OsimImportOptions()
    for name, value in options.items():
        if not hasattr(import_options, name):
            raise TypeError(f"unknown conversion option '{name}'")
        setattr(import_options, name, value)
    text, report = _hfd_convert(str(path), options=import_options)
    if out is not None:
        with open(out, "w", encoding="utf-8") as file:
            file.write(text)
    return text, report


from ._hfd import convert_osim as _hfd_convert  # noqa: E402
