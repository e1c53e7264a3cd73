"""A gym-style environment for a standing task (numpy only, no gym needed).

    env = hfd.envs.StandEnv()                   # samples/human_planar.hfd, 18 muscles
    obs, info = env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample(rng))

Task: keep the planar human upright with its muscles. Action: one excitation
per muscle in [0, 1], held for `control_period` seconds. Observation (flat,
see `observation_slices`): dof values, dof velocities, muscle fiber lengths
relative to their length at the start (upright, fibers at optimal length), and
muscle activations. Reward per step: `control_period` (time upright) minus
`effort_weight` * mean squared excitation * control_period. An episode
terminates when the pelvis falls below `min_pelvis_height` (or the simulation
fails) and is truncated after `max_time` seconds.
"""
import os

import numpy as np

from . import _hfd


class Box:
    """Bounds of an action or observation: low <= x <= high, elementwise."""

    def __init__(self, low, high, shape):
        self.shape = tuple(shape)
        self.low = np.broadcast_to(np.asarray(low, dtype=np.float64), self.shape).copy()
        self.high = np.broadcast_to(np.asarray(high, dtype=np.float64), self.shape).copy()

    def sample(self, rng=None):
        rng = rng if rng is not None else np.random.default_rng()
        return rng.uniform(self.low, self.high)

    def contains(self, x):
        x = np.asarray(x)
        return x.shape == self.shape and bool(np.all(x >= self.low) and np.all(x <= self.high))

    def __repr__(self):
        return f"Box(shape={self.shape})"


def sample_model_path(name="human_planar.hfd"):
    """A bundled sample: $HFD_SAMPLES_DIR, else samples/ of the source tree."""
    here = os.path.dirname(os.path.abspath(__file__))
    candidates = [os.environ.get("HFD_SAMPLES_DIR", ""),
                  os.path.join(os.environ.get("HFD_SOURCE_DIR", ""), "samples"),
                  os.path.join(here, "..", "..", "samples"),          # python/hfd in the source tree
                  os.path.join(here, "..", "..", "..", "samples")]    # build/python/hfd next to the source
    for directory in candidates:
        path = os.path.join(directory, name)
        if directory and os.path.isfile(path):
            return os.path.abspath(path)
    raise FileNotFoundError(f"sample '{name}' not found: set HFD_SAMPLES_DIR to the samples folder")


class StandEnv:
    """Standing with muscles: reset() / step(action) as in Gymnasium."""

    def __init__(self, model_path=None, control_period=0.01, max_time=5.0, min_pelvis_height=0.7,
                 effort_weight=0.1, initial_noise=0.02, pelvis="pelvis"):
        self.model = _hfd.Model.from_file(model_path or sample_model_path())
        self.control_period = control_period
        self.max_time = max_time
        self.min_pelvis_height = min_pelvis_height
        self.effort_weight = effort_weight
        self.initial_noise = initial_noise
        self.muscles = self.model.muscles
        self.dofs = self.model.dofs
        if not self.muscles:
            raise ValueError("StandEnv needs a model with muscles")
        self.sim = _hfd.Simulation(self.model)
        names = self.sim.channel_names()
        self._fiber_channels = np.array([names.index(m + ".fiber_length") for m in self.muscles])
        self._pelvis_channel = names.index(pelvis + ".pos_y")
        self._channels = np.empty(len(names))
        n_dof, n_mus = len(self.dofs), len(self.muscles)
        self.observation_slices = {
            "dof_values": slice(0, n_dof), "dof_velocities": slice(n_dof, 2 * n_dof),
            "fiber_length": slice(2 * n_dof, 2 * n_dof + n_mus),
            "activation": slice(2 * n_dof + n_mus, 2 * n_dof + 2 * n_mus)}
        self.action_space = Box(0.0, 1.0, (n_mus,))
        self.observation_space = Box(-np.inf, np.inf, (2 * n_dof + 2 * n_mus,))
        self._rng = np.random.default_rng()
        self._reference_fiber = None

    def _observe(self):
        self.sim.read_channels(out=self._channels)
        obs = np.empty(self.observation_space.shape)
        s = self.observation_slices
        self.sim.dof_values(out=obs[s["dof_values"]])
        self.sim.dof_velocities(out=obs[s["dof_velocities"]])
        obs[s["fiber_length"]] = self._channels[self._fiber_channels] / self._reference_fiber
        obs[s["activation"]] = self.sim.activation
        return obs

    def _info(self, error=""):
        return {"time": self.sim.time, "pelvis_height": float(self._channels[self._pelvis_channel]), "error": error}

    def reset(self, seed=None, options=None):
        """New episode from the upright pose, dof values perturbed by
        N(0, initial_noise) [rad | m] drawn from `seed`; returns (observation, info)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.sim = _hfd.Simulation(self.model)
        if self.initial_noise > 0 and self.dofs:
            values = self.sim.dof_values() + self._rng.normal(0.0, self.initial_noise, len(self.dofs))
            self.sim.set_dofs(values, initial=True)
        self.sim.read_channels(out=self._channels)
        self._reference_fiber = self._channels[self._fiber_channels].copy()
        return self._observe(), self._info()

    def step(self, action):
        action = np.clip(np.asarray(action, dtype=np.float64), 0.0, 1.0)
        if action.shape != self.action_space.shape:
            raise ValueError(f"action must have shape {self.action_space.shape}")
        self.sim.excitation = action
        error = ""
        try:
            self.sim.advance(self.control_period)
        except _hfd.SimulationError as failure:
            error = str(failure)
        obs = self._observe()
        info = self._info(error)
        terminated = bool(error) or info["pelvis_height"] < self.min_pelvis_height
        truncated = not terminated and self.sim.time >= self.max_time - 1e-9
        effort = float(np.mean(action ** 2))
        reward = (0.0 if terminated else self.control_period) - self.effort_weight * effort * self.control_period
        return obs, reward, terminated, truncated, info


class StretchReflexPolicy:
    """Excitation = base + gain * stretch of the muscle past its starting
    length (+ velocity gain * stretch rate): each muscle resists being
    lengthened, a simple spinal-reflex controller that needs no model knowledge."""

    def __init__(self, env, base=0.05, gain=8.0, velocity_gain=0.5):
        self.env, self.base, self.gain, self.velocity_gain = env, base, gain, velocity_gain
        self._previous = None

    def __call__(self, observation):
        stretch = observation[self.env.observation_slices["fiber_length"]] - 1.0
        rate = np.zeros_like(stretch) if self._previous is None else (stretch - self._previous) / self.env.control_period
        self._previous = stretch.copy()
        return np.clip(self.base + self.gain * np.maximum(stretch, 0) + self.velocity_gain * np.maximum(rate, 0), 0, 1)
