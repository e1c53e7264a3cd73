"""hfd.convert_osim: the text `hfd convert` writes, and a converted pendulum
that swings with the period of its inertia."""
import math
import os
import unittest

import hfd
from hfd_test_util import CORPUS, TempDirTest, read, run_cli, write

MASS, INERTIA_ZZ, DISTANCE, AMPLITUDE = 2.0, 0.01, 0.4, 0.3

PENDULUM_OSIM = f"""<?xml version="1.0" encoding="UTF-8" ?>
<OpenSimDocument Version="40000">
<Model name="osim_pendulum">
<Ground name="ground" />
<gravity>0 -9.81 0</gravity>
<BodySet name="bodyset"><objects>
<Body name="bob"><mass>{MASS}</mass><mass_center>0 0 0</mass_center><inertia>0.01 0.01 {INERTIA_ZZ} 0 0 0</inertia></Body>
</objects></BodySet>
<JointSet name="jointset"><objects>
<PinJoint name="pivot"><socket_parent_frame>pivot_parent</socket_parent_frame><socket_child_frame>pivot_child</socket_child_frame>
<coordinates><Coordinate name="swing"><default_value>{AMPLITUDE}</default_value><range>-3 3</range><locked>false</locked></Coordinate></coordinates>
<frames>
<PhysicalOffsetFrame name="pivot_parent"><socket_parent>/ground</socket_parent><translation>0 0 0</translation><orientation>0 0 0</orientation></PhysicalOffsetFrame>
<PhysicalOffsetFrame name="pivot_child"><socket_parent>/bodyset/bob</socket_parent><translation>0 {DISTANCE} 0</translation><orientation>0 0 0</orientation></PhysicalOffsetFrame>
</frames></PinJoint>
</objects></JointSet>
<ForceSet name="forceset"><objects></objects></ForceSet>
</Model>
</OpenSimDocument>
"""


class ConvertOsim(TempDirTest):
    def test_same_text_as_cli_and_period(self):
        osim = write(self.path("pendulum.osim"), PENDULUM_OSIM)
        out = self.path("cli.hfd")
        done = run_cli("convert", osim, "-o", out)
        self.assertEqual(done.returncode, 0, done.stderr)
        text, report = hfd.convert_osim(osim, out=self.path("py.hfd"))
        self.assertEqual(text, read(out))
        self.assertEqual(read(self.path("py.hfd")), read(out))
        self.assertIsInstance(report, list)

        # period 4 sqrt(I_p / (m g d)) K(sin(theta0 / 2)), I_p = I_zz + m d^2
        k = (INERTIA_ZZ + MASS * DISTANCE ** 2) / (MASS * 9.81 * DISTANCE)
        a, b = 1.0, math.cos(AMPLITUDE / 2)
        for _ in range(30):
            a, b = (a + b) / 2, math.sqrt(a * b)
        period = 4 * math.sqrt(k) * math.pi / (2 * a)
        rec = hfd.loads(text, file="converted.hfd").run(duration=2.5 * period, sample=0.0005)
        theta, t = rec["swing"], rec.time
        self.assertAlmostEqual(theta[0], AMPLITUDE, places=5)  # written in degrees, rounded
        crossings = [t[i] - theta[i] * (t[i + 1] - t[i]) / (theta[i + 1] - theta[i])
                     for i in range(len(t) - 1) if theta[i] > 0 >= theta[i + 1]]
        self.assertGreaterEqual(len(crossings), 2)
        self.assertAlmostEqual(crossings[1] - crossings[0], period, delta=0.005 * period)

    def test_options_and_errors(self):
        osim = write(self.path("pendulum.osim"), PENDULUM_OSIM)
        stiff, _ = hfd.convert_osim(osim, joint_stiffness=12345)
        self.assertIn("12345", stiff)
        with self.assertRaises(TypeError):
            hfd.convert_osim(osim, no_such_option=1)
        with self.assertRaises(hfd.HfdError):
            hfd.convert_osim(self.path("missing.osim"))
        broken = write(self.path("broken.osim"), "<OpenSimDocument><Model>")
        with self.assertRaises(hfd.HfdError) as caught:
            hfd.convert_osim(broken)
        self.assertIn("broken.osim", str(caught.exception))

    def test_corpus_model_same_as_cli(self):
        osim = os.path.join(CORPUS, "scone", "H0918M_osim4.osim")
        if not os.path.isfile(osim):
            self.skipTest("shared corpus not present")
        out = self.path("cli.hfd")
        done = run_cli("convert", osim, "-o", out)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(hfd.convert_osim(osim)[0], read(out))


if __name__ == "__main__":
    unittest.main()
