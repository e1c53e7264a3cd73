"""hfd.Scenario and hfd.optimize: a scenario evaluated from Python scores what the
C++ tool scores, and an optimization on a Dask cluster (a scheduler and two
worker processes on loopback) writes the same history and parameter files, bit
for bit, as the same seed on local threads."""
import math
import os
import tempfile
import unittest

import hfd
import hfd_test_util

try:
    import distributed
except ImportError:  # pragma: no cover
    distributed = None

MODEL = """
model {
	body { name = ground mass = 0 inertia { x = 0 y = 0 z = 0 } }
	body { name = arm mass = 1 inertia { x = 0.01 y = 0.001 z = 0.01 } pos { x = 0 y = -0.25 z = 0 }
		joint { name = elbow parent = ground pos_in_parent { x = 0 y = 0 z = 0 } pos_in_child { x = 0 y = 0.25 z = 0 }
			limits { x = 0..0 y = 0..0 z = -170..170 } } }
	point_path_muscle { name = flexor max_isometric_force = 200 optimal_fiber_length = 0.1 tendon_slack_length = 0.12
		path [ { body = ground pos { x = 0.05 y = 0.05 z = 0 } } { body = arm pos { x = 0.02 y = 0.1 z = 0 } } ] }
	dof { name = elbow_angle source = elbow_rz }
}
"""

SCENARIO = """
CmaOptimizer {
	random_seed = 3
	lambda = 6
	SimulationObjective {
		max_duration = 0.3
		ModelHyfydy { model_file = arm.hfd initial_load = 0 fixed_control_step_size = 0.01 }
		FeedForwardController {
			PieceWiseConstant { control_points = 2 control_point_y = 0.3~0.2<0,1> control_point_dt = 0.1~0.05<0.01,0.3> }
		}
		DofMeasure { dof = elbow_angle position { min = 40 max = 180 squared_penalty = 1 } }
	}
}
"""


def files_of(folder):
    out = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith(".par") or name == "history.csv":
            with open(os.path.join(folder, name)) as f:
                out[name] = f.read()
    return out


class ScenarioFromPython(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        with open(os.path.join(cls.dir.name, "arm.hfd"), "w") as f:
            f.write(MODEL)
        cls.path = os.path.join(cls.dir.name, "arm.scone")
        with open(cls.path, "w") as f:
            f.write(SCENARIO)

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    def test_parameters_and_values_by_name_or_order_agree(self):
        scenario = hfd.Scenario(self.path)
        names = [p[0] for p in scenario.parameters()]
        self.assertEqual(len(names), 3)  # two control points: two values and one interval
        means = [p[1] for p in scenario.parameters()]
        by_order = scenario.evaluate(means)
        by_name = scenario.evaluate(dict(zip(names, means)))
        own = scenario.evaluate(None)
        self.assertEqual(by_order["objective"], by_name["objective"])
        self.assertEqual(by_order["objective"], own["objective"])
        self.assertTrue(math.isfinite(by_order["objective"]))
        with self.assertRaises(KeyError):
            scenario.evaluate({"no_such_parameter": 1.0})
        with self.assertRaises(ValueError):
            scenario.evaluate([0.1])

    def test_out_writes_the_recording_the_command_line_writes(self):
        # hfd scenario evaluate --out and Scenario.evaluate(out=) write one recording:
        # the same labelled columns and the same rows, byte for byte
        from_python = os.path.join(self.dir.name, "python.csv")
        hfd.Scenario(self.path).evaluate(None, out=from_python)
        run = hfd_test_util.run_cli("scenario", "evaluate", self.path, "--out", "cli.csv", cwd=self.dir.name)
        self.assertEqual(run.returncode, 0, run.stderr)
        python_text = hfd_test_util.read(from_python)
        self.assertEqual(python_text, hfd_test_util.read(os.path.join(self.dir.name, "cli.csv")))
        header = python_text.splitlines()[0].split(",")
        self.assertEqual(header[0], "time [s]")
        self.assertIn("elbow_angle [rad]", header)
        self.assertIn("flexor.activation", header)
        self.assertEqual(len(python_text.splitlines()), 1 + 31)  # a row per control step of 0.3 s

    def test_values_that_are_not_finite_name_the_parameter(self):
        # issue #48 item 11: refused before the run, naming the first bad parameter by
        # index and name (it used to fail later, in initial_load, naming none)
        scenario = hfd.Scenario(self.path)
        names = [p[0] for p in scenario.parameters()]
        means = [p[1] for p in scenario.parameters()]
        cases = [([math.nan] * len(names), 0, "NaN"),
                 (means[:1] + [math.inf] + means[2:], 1, "inf"),
                 (means[:2] + [-math.inf], 2, "-inf")]
        for values, index, text in cases:
            with self.subTest(index=index):
                with self.assertRaises(hfd.HfdError) as raised:
                    scenario.evaluate(values)
                message = str(raised.exception)
                self.assertIn(f"parameter {index} '{names[index]}' is {text}", message)
                self.assertNotIn("initial_load", message)
        with self.assertRaises(hfd.HfdError) as raised:
            scenario.evaluate({names[1]: math.nan})
        self.assertIn(f"parameter 1 '{names[1]}' is NaN", str(raised.exception))
        with self.assertRaises(ValueError) as raised:
            scenario.evaluate(means + [0.5])
        self.assertIn("expected 3 parameter values", str(raised.exception))
        self.assertTrue(math.isfinite(scenario.evaluate(means)["objective"]))  # the check refuses only bad values

    @unittest.skipIf(distributed is None, "python3-distributed not installed")
    def test_dask_run_equals_threads_run_bit_for_bit(self):
        local = hfd.optimize(self.path, threads=2, max_generations=3, out_dir=os.path.join(self.dir.name, "threads"))
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                           dashboard_address=None, protocol="tcp://")
        try:
            with distributed.Client(cluster) as client:
                client.wait_for_workers(2)
                remote = hfd.optimize(self.path, max_generations=3, out_dir=os.path.join(self.dir.name, "dask"),
                                      dask=client)
        finally:
            cluster.close()
        self.assertEqual(local["generations"], 3)
        self.assertEqual(local["best"], remote["best"])
        a, b = files_of(local["folder"]), files_of(remote["folder"])
        self.assertIn("history.csv", a)
        self.assertTrue(any(name.endswith(".par") for name in a))
        self.assertEqual(a, b)


if __name__ == "__main__":
    unittest.main()
