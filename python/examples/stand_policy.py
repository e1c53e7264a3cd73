#!/usr/bin/env python3
"""Runs the standing task (hfd.envs.StandEnv) with a stretch-reflex policy,
a random policy and no excitation, and prints how long each kept the planar
human upright.

    PYTHONPATH=build/python python3 python/examples/stand_policy.py [--episodes 3]
"""
import argparse

import numpy as np

from hfd.envs import StandEnv, StretchReflexPolicy


def run_episode(env, policy, seed):
    obs, info = env.reset(seed=seed)
    total, terminated, truncated = 0.0, False, False
    while not (terminated or truncated):
        obs, reward, terminated, truncated, info = env.step(policy(obs))
        total += reward
    return total, info["time"], terminated


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=3)
    parser.add_argument("--max-time", type=float, default=3.0)
    args = parser.parse_args()
    env = StandEnv(max_time=args.max_time)
    rng = np.random.default_rng(1)
    policies = {
        "stretch reflex": StretchReflexPolicy(env),
        "random": lambda obs: env.action_space.sample(rng),
        "no excitation": lambda obs: np.zeros(env.action_space.shape),
    }
    print(f"{len(env.muscles)} muscles, {len(env.dofs)} dofs, control every {env.control_period} s")
    for name, policy in policies.items():
        for episode in range(args.episodes):
            if isinstance(policy, StretchReflexPolicy):
                policy._previous = None
            total, time, fell = run_episode(env, policy, seed=episode)
            print(f"{name:15s} episode {episode}: return {total:7.3f}, {'fell' if fell else 'upright'} at t = {time:.2f} s")


if __name__ == "__main__":
    main()
