"""`hfd batch` and hfd.batch: every run equals `hfd simulate` on the model
file edited by hand, whatever the thread count; failed runs are reported and
the others kept; sweeps change the physics the way they should."""
import csv
import os
import subprocess
import sys
import unittest

import numpy as np

import hfd
from hfd_test_util import TempDirTest, read, run_cli, sample, write

PENDULUM = sample("pendulum.hfd")


def edited(test, text_from, text_to, name):
    """The pendulum sample with one property changed by hand."""
    text = read(PENDULUM)
    test.assertEqual(text.count(text_from), 1)
    return write(test.path(name), text.replace(text_from, text_to))


class CliBatch(TempDirTest):
    def test_sweep_equals_simulate_of_edited_files(self):
        out_dir = self.path("out")
        done = run_cli("batch", PENDULUM, "--set", "body.rod.density=500..1500:3",
                       "--set", "gravity=[ 0 -9.81 0 ],[ 0 -3.7 0 ]", "--duration", "0.5", "--threads", "2",
                       "--out-dir", out_dir)
        self.assertEqual(done.returncode, 0, done.stderr)
        with open(os.path.join(out_dir, "summary.csv"), newline="") as file:
            rows = list(csv.DictReader(file))
        self.assertEqual(len(rows), 6)
        # first axis slowest
        self.assertEqual([(r["body.rod.density"], r["gravity"]) for r in rows][:3],
                         [("500", "[ 0 -9.81 0 ]"), ("500", "[ 0 -3.7 0 ]"), ("1000", "[ 0 -9.81 0 ]")])
        for row in rows:
            self.assertEqual(row["status"], "done")
            model = edited(self, "density = 1000", "density = " + row["body.rod.density"], "m.hfd")
            text = read(model).replace("gravity = [ 0 -9.81 0 ]", "gravity = " + row["gravity"])
            write(model, text)
            reference = self.path("ref.csv")
            simulated = run_cli("simulate", model, "--duration", "0.5", "--out", reference)
            self.assertEqual(simulated.returncode, 0, simulated.stderr)
            self.assertEqual(read(row["output"]), read(reference), row["run"])
        self.assertIn("6 of 6 runs done", done.stdout)

    def test_failed_runs_are_reported_and_the_rest_kept(self):
        out_dir = self.path("out")
        done = run_cli("batch", PENDULUM, "--set", "body.rod.density=1000,-5,abc,800", "--duration", "0.2",
                       "--out-dir", out_dir)
        self.assertEqual(done.returncode, 3, done.stderr)
        with open(os.path.join(out_dir, "summary.csv"), newline="") as file:
            rows = list(csv.DictReader(file))
        self.assertEqual([r["status"] for r in rows], ["done", "input error", "input error", "done"])
        self.assertIn("density", rows[1]["message"])
        self.assertIn("pendulum.hfd:", rows[2]["message"])  # file:line:col of the bad value
        self.assertTrue(os.path.isfile(os.path.join(out_dir, "run_0000.csv")))
        self.assertTrue(os.path.isfile(os.path.join(out_dir, "run_0003.csv")))
        self.assertFalse(os.path.exists(os.path.join(out_dir, "run_0001.csv")))
        self.assertIn("run_0001 input error", done.stderr)

    def test_diverging_run_keeps_what_it_recorded(self):
        out_dir = self.path("out")
        done = run_cli("batch", PENDULUM, "--set", "gravity=[ 0 -9.81 0 ],[ 0 -1e12 0 ]", "--duration", "0.3",
                       "--out-dir", out_dir)
        self.assertEqual(done.returncode, 3, done.stderr)
        with open(os.path.join(out_dir, "summary.csv"), newline="") as file:
            rows = list(csv.DictReader(file))
        self.assertEqual([r["status"] for r in rows], ["done", "failed"])
        self.assertIn("rod", rows[1]["message"])
        # the rows recorded until the failure are written, as hfd simulate writes them
        model = edited(self, "gravity = [ 0 -9.81 0 ]", "gravity = [ 0 -1e12 0 ]", "heavy.hfd")
        reference = self.path("ref.csv")
        self.assertEqual(run_cli("simulate", model, "--duration", "0.3", "--out", reference).returncode, 3)
        self.assertEqual(read(rows[1]["output"]), read(reference))

    def test_misspelt_path_is_an_error_not_a_silent_run(self):
        done = run_cli("batch", PENDULUM, "--set", "body.rod.densty=1,2", "--duration", "0.1",
                       "--out-dir", self.path("out"))
        self.assertEqual(done.returncode, 3)
        self.assertIn("body 'rod' has no 'densty'", done.stderr)
        done = run_cli("batch", PENDULUM, "--set", "body.rdo.density=1", "--out-dir", self.path("out2"))
        self.assertIn("no body named 'rdo'", done.stderr)

    def test_bad_arguments(self):
        for args, message in [(["--set", "body.rod.density"], "is not PATH="),
                              (["--set", "x=1..2:0"], "is not a range"),
                              (["--threads", "0"], "--threads"),
                              (["--frobnicate", "1"], "unknown option")]:
            done = run_cli("batch", PENDULUM, *args)
            self.assertEqual(done.returncode, 2, args)
            self.assertIn(message, done.stderr)
        self.assertEqual(run_cli("batch", self.path("missing.hfd")).returncode, 1)

    def test_sweep_file_and_excitation_files(self):
        sweep = write(self.path("sweep.csv"),
                      "# one run per row\nbody.forearm.joint.elbow.stiffness\n1e5\n\n2e5\n")
        excitations = [write(self.path(f"e{i}.csv"), f"time,biceps\n0,0\n0.3,{v}\n") for i, v in enumerate([0.5, 1])]
        out_dir = self.path("out")
        arm = sample("arm_muscles.hfd")
        done = run_cli("batch", arm, "--sweep", sweep, "--excitation", excitations[0], "--excitation",
                       excitations[1], "--duration", "0.3", "--out-dir", out_dir)
        self.assertEqual(done.returncode, 0, done.stderr)
        with open(os.path.join(out_dir, "summary.csv"), newline="") as file:
            rows = list(csv.DictReader(file))
        self.assertEqual([(r["body.forearm.joint.elbow.stiffness"], r["excitation"]) for r in rows],
                         [("1e5", excitations[0]), ("1e5", excitations[1]),
                          ("2e5", excitations[0]), ("2e5", excitations[1])])
        for row in rows:
            model = hfd.Model.from_file(arm, set={"body.forearm.joint.elbow.stiffness": row[
                "body.forearm.joint.elbow.stiffness"]})
            rec = hfd.Simulation(model).run(duration=0.3, excitation=row["excitation"])
            self.assertEqual(read(row["output"]), rec.csv_text())
        bad = write(self.path("bad_sweep.csv"), "body.rod.density\n1,2\n")
        done = run_cli("batch", PENDULUM, "--sweep", bad, "--out-dir", out_dir)
        self.assertEqual(done.returncode, 1)
        self.assertIn("bad_sweep.csv:2:1: error: 2 values for 1 columns", done.stderr)


class PythonBatch(TempDirTest):
    SET = {"body.rod.density": [500, 1000, 2000], "gravity": "[ 0 -9.81 0 ], [ 0 -2.4525 0 ]"}

    def test_thread_count_does_not_change_results(self):
        one = hfd.batch(PENDULUM, set=self.SET, duration=0.8, threads=1)
        two = hfd.batch(PENDULUM, set=self.SET, duration=0.8, threads=2)
        self.assertEqual(len(one), 6)
        for a, b in zip(one, two):
            self.assertTrue(a.ok and b.ok)
            self.assertEqual(a.overrides, b.overrides)
            np.testing.assert_array_equal(a.values, b.values)

    def test_same_csv_as_cli_batch_and_simulate(self):
        out_cli, out_py = self.path("cli"), self.path("py")
        done = run_cli("batch", PENDULUM, "--set", "body.rod.density=500,1000,2000",
                       "--set", "gravity=[ 0 -9.81 0 ], [ 0 -2.4525 0 ]", "--duration", "0.4", "--out-dir", out_cli)
        self.assertEqual(done.returncode, 0, done.stderr)
        result = hfd.batch(PENDULUM, set=self.SET, duration=0.4, threads=2, out_dir=out_py)
        for run in result:
            self.assertEqual(read(os.path.join(out_py, run.name + ".csv")),
                             read(os.path.join(out_cli, run.name + ".csv")))
        self.assertTrue(os.path.isfile(os.path.join(out_py, "summary.csv")))
        # and run 2 (density 1000, 1/4 g) is `hfd simulate` of the edited file
        model = edited(self, "gravity = [ 0 -9.81 0 ]", "gravity = [ 0 -2.4525 0 ]", "quarter_g.hfd")
        reference = self.path("ref.csv")
        self.assertEqual(run_cli("simulate", model, "--duration", "0.4", "--out", reference).returncode, 0)
        self.assertEqual(result[3].overrides, {"body.rod.density": "1000", "gravity": "[ 0 -2.4525 0 ]"})
        self.assertEqual(result[3].csv_text(), read(reference))

    def test_sweeps_change_the_physics_as_expected(self):
        """A uniform density scales mass and inertia alike: the swing stays the
        same (up to the joint's compliance and the integrator's tolerance) while
        the joint spring stretches in proportion to the weight it carries
        (Hooke). A quarter of the gravity doubles the time scale:
        theta_quarter(2 t) = theta(t)."""
        result = hfd.batch(PENDULUM, set=self.SET, duration=1.6, sample=0.005, threads=2)
        by = {(r.overrides["body.rod.density"], r.overrides["gravity"].strip()): r for r in result}
        g, quarter_g = "[ 0 -9.81 0 ]", "[ 0 -2.4525 0 ]"
        full = [by[(d, g)]["swing"] for d in ("500", "1000", "2000")]
        self.assertGreater(np.ptp(full[1]), 1.5)  # it does swing
        np.testing.assert_allclose(full[0], full[1], atol=2e-3)
        np.testing.assert_allclose(full[2], full[1], atol=2e-3)

        def stretch(run):
            return np.mean(np.hypot(run["pivot.displacement_x"], run["pivot.displacement_y"]))

        reference = stretch(by[("1000", g)])
        self.assertGreater(reference, 1e-6)
        self.assertAlmostEqual(stretch(by[("500", g)]) / reference, 0.5, delta=0.01)
        self.assertAlmostEqual(stretch(by[("2000", g)]) / reference, 2.0, delta=0.02)
        self.assertAlmostEqual(stretch(by[("1000", quarter_g)]) / reference, 0.25, delta=0.01)
        quarter = by[("1000", quarter_g)]["swing"]
        np.testing.assert_allclose(quarter[::2], full[1][:len(quarter[::2])], atol=2e-3)

    def test_failed_runs_kept(self):
        result = hfd.batch(PENDULUM, set={"body.rod.density": "1000,-1"}, duration=0.2)
        self.assertEqual([r.status for r in result], ["done", "input error"])
        self.assertEqual(len(result.failed), 1)
        self.assertIn("density", result[1].message)
        self.assertIn("run_0001", result.summary_table())

    def test_python_command_line_writes_what_the_cli_writes(self):
        args = ["batch", PENDULUM, "--set", "body.rod.density=700,1400", "--duration", "0.3"]
        self.assertEqual(run_cli(*args, "--out-dir", self.path("cli")).returncode, 0)
        done = subprocess.run([sys.executable, "-m", "hfd", *args, "--out-dir", self.path("py")],
                              capture_output=True, text=True, check=False)
        self.assertEqual(done.returncode, 0, done.stderr)
        for name in ("run_0000.csv", "run_0001.csv"):
            self.assertEqual(read(os.path.join(self.path("py"), name)), read(os.path.join(self.path("cli"), name)))
        bad = subprocess.run([sys.executable, "-m", "hfd", "batch", PENDULUM, "--set", "body.rod.density=x",
                              "--out-dir", self.path("bad")], capture_output=True, text=True, check=False)
        self.assertEqual(bad.returncode, 3)
        self.assertIn("input error", bad.stdout)

    def test_make_jobs_order_matches_cli(self):
        jobs = hfd.make_jobs(PENDULUM, set=["body.rod.density=1..3:3", "gravity=[0 -1 0],[0 -2 0]"])
        self.assertEqual([dict(j["overrides"]) for j in jobs][:2],
                         [{"body.rod.density": "1", "gravity": "[0 -1 0]"},
                          {"body.rod.density": "1", "gravity": "[0 -2 0]"}])
        self.assertEqual(len(jobs), 6)
        self.assertEqual(jobs[-1]["overrides"][0], ["body.rod.density", "3"])


if __name__ == "__main__":
    unittest.main()
