"""Paths and helpers shared by the Python tests (run by CTest with PYTHONPATH
set to build/python; HFD_BIN_DIR names the folder of the `hfd` tool)."""
import os
import subprocess
import tempfile
import unittest

SOURCE_DIR = os.environ.get("HFD_SOURCE_DIR") or os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SAMPLES = os.path.join(SOURCE_DIR, "samples")
BIN_DIR = os.environ.get("HFD_BIN_DIR") or os.path.join(SOURCE_DIR, "build", "bin")
HFD = os.path.join(BIN_DIR, "hfd")
CORPUS = os.path.join(SOURCE_DIR, "..", "shared", "corpus")


def sample(name):
    return os.path.join(SAMPLES, name)


def run_cli(*args, cwd=None):
    """Runs the hfd tool; returns the CompletedProcess (text output)."""
    return subprocess.run([HFD, *map(str, args)], capture_output=True, text=True, cwd=cwd, check=False)


def read(path):
    with open(path, encoding="utf-8", newline="") as file:
        return file.read()


def write(path, text):
    with open(path, "w", encoding="utf-8", newline="") as file:
        file.write(text)
    return path


class TempDirTest(unittest.TestCase):
    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory(prefix="hfd_py_")
        self.tmp = self._tmp.name
        if not os.path.isfile(HFD):
            self.fail(f"the hfd tool is not built at {HFD}")

    def tearDown(self):
        self._tmp.cleanup()

    def path(self, name):
        return os.path.join(self.tmp, name)
