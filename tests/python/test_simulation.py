"""hfd.Simulation / hfd.run against `hfd simulate` (same CSV to the last
digit) and against the physics of a pendulum."""
import math
import unittest

import numpy as np

import hfd
from hfd_test_util import TempDirTest, read, run_cli, sample, write

ARM_EXCITATION = "time,biceps,triceps\n0,0,0.3\n0.2,1,0.1\n0.5,0.2,0.8\n"


class SameAsCli(TempDirTest):
    """The Python run loop and CSV writer are those of the CLI: byte-equal files."""

    def check_same(self, model, duration, *cli_args, **python_args):
        out = self.path("cli.csv")
        done = run_cli("simulate", model, "--duration", duration, "--out", out, *cli_args)
        self.assertEqual(done.returncode, 0, done.stderr)
        rec = hfd.run(model, duration=duration, **python_args)
        self.assertTrue(rec.ok, rec.message)
        self.assertEqual(rec.csv_text(), read(out))
        rec.to_csv(self.path("py.csv"))
        self.assertEqual(read(self.path("py.csv")), read(out))
        return rec

    def test_pendulum(self):
        self.check_same(sample("pendulum.hfd"), 1.0)

    def test_human_planar_with_contacts_and_muscles(self):
        rec = self.check_same(sample("human_planar.hfd"), 0.6)
        self.assertIn("vasti_r.force", rec)

    def test_excitation_file_and_sample_period(self):
        excitation = write(self.path("exc.csv"), ARM_EXCITATION)
        rec = self.check_same(sample("arm_muscles.hfd"), 0.5, "--excitation", excitation, "--sample", "0.002",
                              excitation=excitation, sample=0.002)
        # the recorded excitation follows the file: linear between rows
        t = rec.time
        expected = np.interp(t, [0, 0.2, 0.5], [0, 1, 0.2])
        np.testing.assert_allclose(rec["biceps.excitation"], expected, rtol=0, atol=1e-12)

    def test_state_file(self):
        state = write(self.path("state.zml"), "values { swing = 0.3 }\nvelocities { swing = -1 }\n")
        rec = self.check_same(sample("pendulum.hfd"), 0.3, "--state", state, state=state)
        self.assertAlmostEqual(rec["swing"][0], 0.3, places=12)
        self.assertAlmostEqual(rec["swing.vel"][0], -1, places=9)

    def test_groups(self):
        self.check_same(sample("human_planar.hfd"), 0.2, "--groups", "dofs,muscles", groups="dofs,muscles")


class PendulumPhysics(unittest.TestCase):
    """samples/pendulum.hfd: a capsule rod (r = 0.025 m, cylinder 0.9 m, 1000
    kg/m^3) hung 0.5 m above its centre, released at 60 degrees. With
    k = I_p / (m g d), I_p = I_c + m d^2 (I_c of a capsule: cylinder plus two
    hemispheres), its period is 4 sqrt(k) K(sin(theta0 / 2)), and its energy
    per m g d, E = k w^2 / 2 - cos(theta), stays within 2 % of the swing's
    energy 1 - cos(theta0) over two periods (the joint's damper dissipates and
    the error-controlled integrator drifts, both little: about 1 % here)."""

    def test_period_and_energy(self):
        r, h, rho, d, g = 0.025, 0.9, 1000.0, 0.5, 9.81
        m_cyl = rho * math.pi * r * r * h
        m_hemi = rho * 2.0 / 3.0 * math.pi * r ** 3
        mass = m_cyl + 2 * m_hemi
        inertia_c = m_cyl * (3 * r * r + h * h) / 12 + 2 * m_hemi * (0.4 * r * r + 0.25 * h * h + 0.375 * h * r)
        k = (inertia_c + mass * d * d) / (mass * g * d)

        rec = hfd.run(sample("pendulum.hfd"), duration=3.3, sample=0.001)
        theta, omega, t = rec["swing"], rec["swing.vel"], rec.time
        theta0 = theta[0]
        a, b = 1.0, math.cos(theta0 / 2)  # K(m) = pi / (2 AGM(1, sqrt(1 - m)))
        for _ in range(30):
            a, b = (a + b) / 2, math.sqrt(a * b)
        period = 4 * math.sqrt(k) * math.pi / (2 * a)
        self.assertAlmostEqual(period, 1.73, delta=0.005)  # as the sample's header says
        crossings = [t[i] - theta[i] * (t[i + 1] - t[i]) / (theta[i + 1] - theta[i])
                     for i in range(len(t) - 1) if theta[i] > 0 >= theta[i + 1]]
        self.assertGreaterEqual(len(crossings), 2)
        self.assertAlmostEqual(crossings[1] - crossings[0], period, delta=0.005 * period)

        energy = k * omega ** 2 / 2 - np.cos(theta)
        self.assertLess(np.max(np.abs(energy - energy[0])), 0.02 * (1 - math.cos(theta0)))


class StepApi(unittest.TestCase):
    def test_step_and_advance_land_on_times(self):
        sim = hfd.load(sample("pendulum.hfd"))
        t = sim.step()
        self.assertGreater(t, 0)
        self.assertEqual(t, sim.time)
        sim.advance_to(0.25)
        self.assertEqual(sim.time, 0.25)
        sim.advance(0.05)
        self.assertAlmostEqual(sim.time, 0.3, places=12)

    def test_state_round_trip_continues_identically(self):
        a, b = hfd.load(sample("human_planar.hfd")), hfd.load(sample("human_planar.hfd"))
        a.advance_to(0.1)
        b.advance_to(0.1)
        state = b.get_state()
        self.assertEqual(state.shape, (b.state_size,))
        b.set_state(state)  # marks the forces stale: re-evaluated, same numbers
        a.advance_to(0.2)
        b.advance_to(0.2)
        np.testing.assert_array_equal(a.get_state(), b.get_state())

    def test_out_arrays_are_filled_in_place(self):
        sim = hfd.load(sample("human_planar.hfd"))
        out = np.empty(sim.state_size)
        self.assertIs(sim.get_state(out=out), out)
        self.assertEqual(out[0], 0.0)
        with self.assertRaises(ValueError):
            sim.get_state(out=np.empty(3))

    def test_state_arrays_write_back(self):
        sim = hfd.load(sample("pendulum.hfd"))
        pos = sim.pos
        self.assertEqual(pos.shape, (2, 3))
        pos[1, 0] += 0.01
        sim.pos = pos
        np.testing.assert_array_equal(sim.pos, pos)
        # the joint spring pulls the displaced rod back: its x velocity turns negative
        sim.advance(0.001)
        self.assertLess(sim.lin_vel[1, 0], 0)
        self.assertEqual(sim.ori.shape, (2, 4))

    def test_reset_repeats_the_run(self):
        sim = hfd.load(sample("pendulum.hfd"))
        first = sim.run(duration=0.2).values.copy()
        sim.reset()
        np.testing.assert_array_equal(sim.run(duration=0.2).values, first)

    def test_set_dofs_poses_the_model(self):
        sim = hfd.load(sample("pendulum.hfd"))
        sim.set_dofs(np.array([0.25]), velocities=np.array([0.5]), initial=True)
        np.testing.assert_allclose(sim.dof_values(), [0.25], atol=1e-12)
        np.testing.assert_allclose(sim.dof_velocities(), [0.5], atol=1e-9)
        sim.advance(0.5)
        sim.reset()
        self.assertAlmostEqual(sim.channel("swing"), 0.25, places=12)

    def test_channels_by_name(self):
        sim = hfd.load(sample("human_planar.hfd"))
        names = sim.channel_names()
        values = sim.read_channels()
        self.assertEqual(len(names), len(values))
        self.assertEqual(values[names.index("pelvis.pos_y")], sim.channel("pelvis.pos_y"))
        self.assertEqual(sim.channel("pelvis.pos_y"), sim.pos[sim.bodies.index("pelvis"), 1])
        with self.assertRaises(KeyError):
            sim.channel("no_such_channel")


class Excitation(unittest.TestCase):
    def test_view_writes_reach_the_muscles(self):
        sim = hfd.load(sample("arm_muscles.hfd"))
        view = sim.excitation
        biceps = sim.muscles.index("biceps")
        view[biceps] = 1.0          # no copy: the simulation's own excitations
        self.assertEqual(sim.channel("biceps.excitation"), 1.0)
        sim.advance(0.1)
        # activation rises towards 1 with first-order dynamics
        self.assertGreater(sim.activation[biceps], 0.5)
        self.assertLess(sim.activation[1 - biceps], 0.01)  # the other muscle stays idle

    def test_view_and_setter_give_the_same_steps(self):
        a, b = hfd.load(sample("arm_muscles.hfd")), hfd.load(sample("arm_muscles.hfd"))
        a.advance(0.05)
        b.advance(0.05)
        a.excitation[:] = [0.7, 0.2]
        b.excitation = np.array([0.7, 0.2])
        a.advance(0.1)
        b.advance(0.1)
        np.testing.assert_array_equal(a.get_state(), b.get_state())

    def test_control_callback_equals_excitation_file(self):
        times, values = [0, 0.2, 0.5], [0, 1, 0.2]
        with_file = hfd.loads(read(sample("arm_muscles.hfd")), file=sample("arm_muscles.hfd"))
        text = "time,biceps\n" + "".join(f"{t!r},{v!r}\n" for t, v in zip(times, values))
        rec_file = with_file.run(duration=0.4, excitation_text=text)
        with_callback = hfd.load(sample("arm_muscles.hfd"))
        biceps = with_callback.muscles.index("biceps")

        def control(time, excitation):
            # the engine's linear interpolation, w = (t - t0) / (t1 - t0), v0 + w (v1 - v0):
            # np.interp rounds differently, and the run amplifies an ulp of excitation
            k = min(max(int(np.searchsorted(times, time, side="right")), 1), len(times) - 1)
            if time >= times[-1]:
                excitation[biceps] = values[-1]
                return
            w = (time - times[k - 1]) / (times[k] - times[k - 1])
            excitation[biceps] = values[k - 1] + w * (values[k] - values[k - 1])

        rec_callback = with_callback.run(duration=0.4, control=control)
        np.testing.assert_allclose(rec_callback.values, rec_file.values, rtol=0, atol=1e-12)


class Errors(TempDirTest):
    def test_parse_error_has_file_line_column(self):
        with self.assertRaises(hfd.HfdError) as caught:
            hfd.loads("model {\n  body { name = a mass = }\n", file="broken.hfd")
        self.assertRegex(str(caught.exception), r"broken\.hfd:2:\d+: error:")
        severity, file, line, column, message = caught.exception.diagnostics[0]
        self.assertEqual((severity, file, line), ("error", "broken.hfd", 2))
        self.assertGreater(column, 0)

    def test_build_error_same_message_as_cli(self):
        bad = write(self.path("bad.hfd"), "model {\n\tbody { name = b mass = -1 inertia = [ 1 1 1 ] }\n}\n")
        done = run_cli("simulate", bad, "--duration", "0.1")
        self.assertNotEqual(done.returncode, 0)
        with self.assertRaises(hfd.HfdError) as caught:
            hfd.load(bad)
        for line in str(caught.exception).splitlines()[1:]:
            self.assertIn(line, done.stderr)
        self.assertIn(f"{bad}:2:", str(caught.exception))

    def test_bad_excitation_file(self):
        excitation = write(self.path("exc.csv"), "time,biceps\n0,0.5\n0.1,2\n")
        sim = hfd.load(sample("arm_muscles.hfd"))
        with self.assertRaises(hfd.HfdError) as caught:
            sim.run(duration=0.1, excitation=excitation)
        self.assertIn(f"{excitation}:3:", str(caught.exception))

    def test_missing_file_and_bad_override(self):
        with self.assertRaises(hfd.HfdError):
            hfd.load(self.path("missing.hfd"))
        with self.assertRaises(hfd.HfdError) as caught:
            hfd.load(sample("pendulum.hfd"), set={"body.rod.densty": 3})
        self.assertIn("densty", str(caught.exception))

    def test_simulation_error_is_raised(self):
        sim = hfd.load(sample("pendulum.hfd"))
        lin_vel = sim.lin_vel
        lin_vel[1] = [1e9, 0, 0]
        sim.lin_vel = lin_vel
        with self.assertRaises(hfd.SimulationError):
            sim.advance(0.01)


if __name__ == "__main__":
    unittest.main()
