"""What hfd.Simulation refuses instead of simulating nonsense (issue 38):
non-finite excitations, orientations that are no rotation, times that go
nowhere, runs that cannot be simulated or would never end. Long calls stop on
Ctrl+C (KeyboardInterrupt); a second thread using a Simulation while one steps
it gets RuntimeError instead of a race; sweeps too large to hold are refused.
A recording that does not fit in memory raises MemoryError saying so, and
warnings repeated by the thousand are shown ten times and counted."""
import math
import os
import signal
import subprocess
import sys
import textwrap
import threading
import unittest

import numpy as np

import hfd
from hfd import _hfd
from hfd_test_util import read, sample

PENDULUM = sample("pendulum.hfd")
NAN, INF = float("nan"), float("inf")


def pendulum_with_integrator(integrator):
    text = read(PENDULUM)
    old = "error_control_integrator_mem { accuracy = 0.001 }"
    assert old in text
    return hfd.loads(text.replace(old, integrator), file=PENDULUM)


class NonFiniteInputs(unittest.TestCase):
    def test_nan_written_to_the_excitation_view_is_refused(self):
        sim = hfd.load(sample("arm_muscles.hfd"))
        sim.excitation[1] = NAN
        with self.assertRaises(ValueError) as caught:
            sim.advance(0.01)
        self.assertIn(f"'{sim.muscles[1]}' (index 1)", str(caught.exception))
        self.assertEqual(sim.time, 0)
        sim.excitation[1] = 0.5
        sim.advance(0.01)
        self.assertTrue(np.all(np.isfinite(sim.activation)))

    def test_excitation_setter_refuses_non_finite_values(self):
        sim = hfd.load(sample("arm_muscles.hfd"))
        before = sim.excitation.copy()
        for bad in (NAN, INF):
            with self.assertRaises(ValueError):
                sim.excitation = np.array([0.2, bad])
        np.testing.assert_array_equal(sim.excitation, before)

    def test_control_returning_nan_is_refused(self):
        sim = hfd.load(sample("arm_muscles.hfd"))

        def control(time, excitation):
            excitation[0] = NAN if time > 0.05 else 0.2

        with self.assertRaises(ValueError) as caught:
            sim.run(duration=0.2, control=control)
        self.assertIn(f"'{sim.muscles[0]}'", str(caught.exception))
        self.assertIn("control", str(caught.exception))

    def test_zero_and_non_finite_quaternions_are_refused(self):
        sim = hfd.load(PENDULUM)
        state = sim.get_state()
        ori = 1 + 3 * len(sim.bodies)
        rod = sim.bodies.index("rod")
        for bad_value in (0.0, NAN):
            bad = state.copy()
            bad[ori + 4 * rod:ori + 4 * rod + 4] = bad_value
            with self.assertRaises(ValueError) as caught:
                sim.set_state(bad)
            if bad_value == 0.0:
                self.assertIn("'rod'", str(caught.exception))
            np.testing.assert_array_equal(sim.get_state(), state)  # nothing was written
        orientations = sim.ori
        orientations[rod] = 0
        with self.assertRaises(ValueError):
            sim.ori = orientations
        np.testing.assert_array_equal(sim.get_state(), state)


class TimesThatGoNowhere(unittest.TestCase):
    def test_step_and_advance_refuse_times_they_cannot_reach(self):
        sim = hfd.load(PENDULUM)
        sim.advance_to(0.1)
        calls = {"step(nan)": lambda: sim.step(NAN), "step(0.05)": lambda: sim.step(0.05),
                 "advance(nan)": lambda: sim.advance(NAN), "advance(-1)": lambda: sim.advance(-1),
                 "advance(inf)": lambda: sim.advance(INF), "advance_to(0.05)": lambda: sim.advance_to(0.05),
                 "advance_to(nan)": lambda: sim.advance_to(NAN)}
        for name, call in calls.items():
            with self.subTest(name), self.assertRaises(ValueError):
                call()
        self.assertEqual(sim.time, 0.1)
        sim.advance(0)  # zero is a valid, empty advance
        self.assertEqual(sim.time, 0.1)

    def test_durations_that_cannot_be_simulated_are_refused(self):
        sim = hfd.load(PENDULUM)
        for duration in (INF, 1e18, 1e20, 1e100):
            with self.subTest(duration=duration), self.assertRaises(ValueError):
                sim.run(duration=duration)
        with self.assertRaises(ValueError) as caught:
            sim.run(duration=1, sample=1e-9)
        self.assertIn("samples", str(caught.exception))
        self.assertEqual(sim.time, 0)

    def test_step_size_that_would_never_end_is_refused_at_its_line(self):
        sim = pendulum_with_integrator("forward_euler_integrator { step_size = 1e-300 }")
        line = read(PENDULUM).splitlines().index(
            next(l for l in read(PENDULUM).splitlines() if "error_control_integrator_mem" in l)) + 1
        with self.assertRaises(ValueError) as caught:
            sim.run(duration=0.05)
        self.assertIn(f"pendulum.hfd:{line}:", str(caught.exception))
        self.assertIn("steps", str(caught.exception))
        with self.assertRaises(ValueError):
            sim.advance(0.05)
        self.assertEqual(sim.time, 0)


class LongCalls(unittest.TestCase):
    def test_ctrl_c_stops_a_long_advance(self):
        # 100 s at 1e-5 s: 1e7 steps; a SIGALRM handler raising KeyboardInterrupt
        # stands for Ctrl+C. Without signal checks it runs to the end and the
        # handler only runs after it (sim.time would be 100).
        sim = pendulum_with_integrator("symplectic_euler_integrator { step_size = 1e-5 }")

        def on_alarm(signum, frame):
            raise KeyboardInterrupt

        previous = signal.signal(signal.SIGALRM, on_alarm)
        try:
            with self.assertRaises(KeyboardInterrupt):
                signal.setitimer(signal.ITIMER_REAL, 0.05, 0.05)
                sim.advance(100)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        self.assertLess(sim.time, 100)
        sim.advance(0.01)  # usable afterwards

    def test_second_thread_is_refused_while_one_steps(self):
        sim = hfd.load(sample("arm_muscles.hfd"))
        results = []

        def other_thread():
            for name, call in (("step", sim.step), ("get_state", sim.get_state),
                               ("excitation", lambda: sim.excitation), ("advance", lambda: sim.advance(0.01))):
                try:
                    call()
                    results.append((name, None))
                except RuntimeError as error:
                    results.append((name, str(error)))

        def control(time, excitation):
            if time > 0.02 and not results:
                thread = threading.Thread(target=other_thread)
                thread.start()
                thread.join()
            self.assertGreaterEqual(sim.time, 0)  # the stepping thread itself may read it

        rec = sim.run(duration=0.05, control=control)
        self.assertTrue(rec.ok, rec.message)
        self.assertEqual(len(results), 4)
        for name, error in results:
            self.assertIsNotNone(error, f"{name} was allowed while another thread stepped")
            self.assertIn("another thread", error)
        with self.assertRaises(RuntimeError):  # nor from its own control callback
            sim.run(duration=0.01, control=lambda time, excitation: sim.step())
        # once no step is under way, another thread may use it
        before = sim.time
        thread = threading.Thread(target=lambda: sim.advance(0.01))
        thread.start()
        thread.join()
        self.assertAlmostEqual(sim.time, before + 0.01, places=12)


class Sweeps(unittest.TestCase):
    def test_sweep_of_a_trillion_runs_is_refused(self):
        axes = [f"body.b{i}.mass=1..2:100" for i in range(6)]
        with self.assertRaises(ValueError) as caught:
            _hfd.expand_sweep(axes)
        self.assertIn("1e+12 runs", str(caught.exception))
        self.assertEqual(len(_hfd.expand_sweep(axes[:2])), 10000)
        with self.assertRaises(ValueError):
            _hfd.expand_sweep(axes[:2], None, 11)


def pendulum_with_unknown_keys(count):
    text = read(PENDULUM)
    anchor = "\t\tdensity = 1000\n"
    assert anchor in text
    return text.replace(anchor, anchor + "".join(f"\t\tcolour{i} = 1\n" for i in range(count)))


class RepeatedWarnings(unittest.TestCase):
    def assert_ten_and_a_count(self, lines):
        self.assertEqual(len(lines), 11, "\n".join(lines))
        for i, line in enumerate(lines[:10]):
            self.assertIn(f"many.hfd:{17 + i}:3: warning: unknown property 'colour{i}' in body", line)
        self.assertIn("note: ... and 40 more warnings like: unknown property 'colour0' in body 'rod'", lines[10])

    def test_fifty_unknown_keys_give_ten_warnings_and_a_count(self):
        text = pendulum_with_unknown_keys(50)
        self.assert_ten_and_a_count(hfd.loads(text, file="many.hfd").warnings)
        job = {"model": {"text": text, "file": "many.hfd"}, "duration": 0.01, "sample": 0.01}
        self.assert_ten_and_a_count(_hfd.run_job(job)["diagnostics"])
        few = hfd.loads(pendulum_with_unknown_keys(7), file="many.hfd").warnings
        self.assertEqual(len(few), 7)
        self.assertFalse(any("more warnings" in line for line in few))


@unittest.skipIf("asan" in os.environ.get("LD_PRELOAD", ""),
                 "AddressSanitizer reserves terabytes of address space: no RLIMIT_AS can hold it")
class OutOfMemory(unittest.TestCase):
    # In a child Python whose address space is limited to what it uses plus
    # 64 MB: a million samples of the pendulum (hundreds of MB) do not fit.
    # Without the handler of run() pybind11 would raise a bare MemoryError
    # (std::bad_alloc) or the interpreter would abort.
    SCRIPT = textwrap.dedent("""
        import resource, sys
        import hfd
        sim = hfd.load(sys.argv[1])
        with open("/proc/self/status") as status:
            used = next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmSize:"))
        limit = used + (64 << 20)
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        try:
            sim.run(duration=10, sample=1e-5)
        except MemoryError as error:
            print("MemoryError:", error)
            sys.exit(0)
        sys.exit("run() returned")
        """)

    def test_recording_too_large_for_memory_raises_memory_error(self):
        env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
        child = subprocess.run([sys.executable, "-c", self.SCRIPT, PENDULUM], capture_output=True, text=True,
                               env=env, timeout=120, check=False)
        self.assertEqual(child.returncode, 0, child.stdout + child.stderr)
        self.assertIn("MemoryError: out of memory after recording", child.stdout)
        self.assertIn("(1000001 asked for)", child.stdout)


if __name__ == "__main__":
    unittest.main()
