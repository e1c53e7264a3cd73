"""hfd.envs.StandEnv: the gym-style API (reset / step and their types), seeded
episodes repeat exactly, a human without excitation falls, and the example runs."""
import os
import subprocess
import sys
import unittest

import numpy as np

from hfd.envs import StandEnv, StretchReflexPolicy, sample_model_path
from hfd_test_util import SAMPLES, SOURCE_DIR

os.environ.setdefault("HFD_SAMPLES_DIR", SAMPLES)


def episode(env, policy, seed, steps=None):
    obs, info = env.reset(seed=seed)
    observations, rewards = [obs], []
    terminated = truncated = False
    while not (terminated or truncated) and (steps is None or len(rewards) < steps):
        obs, reward, terminated, truncated, info = env.step(policy(obs))
        observations.append(obs)
        rewards.append(reward)
    return np.array(observations), np.array(rewards), terminated, truncated, info


class StandEnvTest(unittest.TestCase):
    def test_reset_and_step_types(self):
        env = StandEnv(max_time=1.0)
        obs, info = env.reset(seed=3)
        self.assertEqual(obs.shape, env.observation_space.shape)
        self.assertEqual(env.action_space.shape, (len(env.muscles),))
        self.assertEqual(len(env.muscles), 18)
        s = env.observation_slices
        np.testing.assert_allclose(obs[s["fiber_length"]], 1.0)  # relative to the start
        np.testing.assert_array_equal(obs[s["activation"]], 0.0)
        result = env.step(env.action_space.sample(np.random.default_rng(0)))
        self.assertEqual(len(result), 5)
        obs, reward, terminated, truncated, info = result
        self.assertIsInstance(reward, float)
        self.assertIsInstance(terminated, bool)
        self.assertIsInstance(truncated, bool)
        self.assertAlmostEqual(info["time"], env.control_period, places=12)
        self.assertGreater(info["pelvis_height"], env.min_pelvis_height)
        # activations follow the excitations
        self.assertTrue(np.all(obs[s["activation"]] > 0))

    def test_seeded_episodes_repeat_exactly(self):
        env = StandEnv(max_time=0.3)
        policy = lambda obs: np.full(env.action_space.shape, 0.2)
        a = episode(env, policy, seed=7)
        b = episode(env, policy, seed=7)
        c = episode(env, policy, seed=8)
        np.testing.assert_array_equal(a[0], b[0])
        np.testing.assert_array_equal(a[1], b[1])
        self.assertFalse(np.array_equal(a[0][0], c[0][0]))  # another seed, another start

    def test_no_excitation_falls_and_terminates(self):
        env = StandEnv(max_time=5.0)
        observations, rewards, terminated, truncated, info = episode(env, lambda o: np.zeros(18), seed=0)
        self.assertTrue(terminated)
        self.assertFalse(truncated)
        self.assertLess(info["pelvis_height"], env.min_pelvis_height)
        self.assertLess(info["time"], env.max_time)
        # reward: control_period per step upright, none on the falling step, no effort
        np.testing.assert_allclose(rewards[:-1], env.control_period)
        self.assertEqual(rewards[-1], 0.0)

    def test_truncated_at_max_time_and_effort_cost(self):
        env = StandEnv(max_time=0.05, effort_weight=1.0)
        _, rewards, terminated, truncated, info = episode(env, lambda o: np.ones(18), seed=0)
        self.assertTrue(truncated)
        self.assertFalse(terminated)
        self.assertAlmostEqual(info["time"], 0.05, places=9)
        np.testing.assert_allclose(rewards, 0.0, atol=1e-15)  # upright minus full effort
        with self.assertRaises(ValueError):
            env.step(np.zeros(3))

    def test_reflex_policy_outlasts_no_excitation(self):
        env = StandEnv(max_time=2.0)
        reflex = episode(env, StretchReflexPolicy(env), seed=0)
        passive = episode(env, lambda o: np.zeros(18), seed=0)
        self.assertGreater(reflex[4]["time"], passive[4]["time"])

    def test_example_script_runs(self):
        script = os.path.join(SOURCE_DIR, "python", "examples", "stand_policy.py")
        done = subprocess.run([sys.executable, script, "--episodes", "1", "--max-time", "0.5"],
                              capture_output=True, text=True, check=False)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("stretch reflex", done.stdout)
        self.assertTrue(os.path.isfile(sample_model_path()))


if __name__ == "__main__":
    unittest.main()
