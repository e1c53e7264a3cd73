"""hfd.batch on a Dask cluster: a scheduler and two worker processes on
loopback run the same sweep as the local thread pool, with results equal bit
for bit. Skipped when python3-distributed is not installed."""
import os
import unittest

import numpy as np

import hfd
from hfd_test_util import sample

try:
    import distributed
except ImportError:  # pragma: no cover
    distributed = None


@unittest.skipIf(distributed is None, "python3-distributed not installed")
class DaskBatch(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        # the workers are new processes: they import hfd through PYTHONPATH
        cls.cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                               host="127.0.0.1", dashboard_address=None, protocol="tcp://")
        cls.client = distributed.Client(cls.cluster)
        cls.client.wait_for_workers(2)

    @classmethod
    def tearDownClass(cls):
        cls.client.close()
        cls.cluster.close()

    def test_cluster_results_equal_local_bit_for_bit(self):
        address = self.cluster.scheduler_address
        self.assertTrue(address.startswith("tcp://127.0.0.1:"), address)
        sweep = {"body.rod.density": [500, 1000, 2000], "gravity": "[ 0 -9.81 0 ], [ 0 -3.7 0 ]"}
        local = hfd.batch(sample("pendulum.hfd"), set=sweep, duration=0.5, threads=2)
        remote = hfd.batch(sample("pendulum.hfd"), set=sweep, duration=0.5, scheduler=address)
        self.assertEqual(len(remote), 6)
        for a, b in zip(local, remote):
            self.assertTrue(a.ok and b.ok, b.message)
            self.assertEqual(a.overrides, b.overrides)
            self.assertEqual(a.values.tobytes(), b.values.tobytes())
            self.assertEqual(a.csv_text(), b.csv_text())
        # the runs really ran on the two worker processes, not here
        workers = self.client.run(os.getpid)
        self.assertEqual(len(workers), 2)
        self.assertNotIn(os.getpid(), workers.values())

    def test_failed_run_on_the_cluster_is_reported(self):
        result = hfd.batch(sample("pendulum.hfd"), set={"body.rod.density": "1000,abc"}, duration=0.1,
                           scheduler=self.client)
        self.assertEqual([r.status for r in result], ["done", "input error"])
        self.assertIn("pendulum.hfd:", result[1].message)


if __name__ == "__main__":
    unittest.main()
