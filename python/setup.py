"""Builds the extension hfd._hfd with the project's CMake (pyproject.toml).

The build folder is HFD_CMAKE_BUILD_DIR, else <repository>/build-python
(configured with the studio, tests and benchmarks off); a second install reuses
it. The version is project(hfd VERSION ...) of the top-level CMakeLists.txt.
"""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
VERSION = re.search(r"project\(hfd VERSION ([0-9.]+)", (ROOT / "CMakeLists.txt").read_text()).group(1)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = Path(os.environ.get("HFD_CMAKE_BUILD_DIR", ROOT / "build-python"))
        subprocess.check_call(["cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                               f"-DHFD_PYTHON_EXECUTABLE={sys.executable}", f"-DPython3_EXECUTABLE={sys.executable}",
                               "-DHFD_BUILD_STUDIO=OFF", "-DHFD_BUILD_TESTS=OFF", "-DHFD_BUILD_BENCH=OFF"])
        subprocess.check_call(["cmake", "--build", str(build), "--target", "hfd_python", "--parallel",
                               os.environ.get("HFD_BUILD_JOBS", str(os.cpu_count() or 2))])
        built = build / "python" / "hfd"
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(next(built.glob("_hfd*" + Path(target).suffix)), target)
        shutil.copy2(built / "_version.py", target.parent / "_version.py")


setup(version=VERSION, ext_modules=[Extension("hfd._hfd", sources=[])], cmdclass={"build_ext": CMakeBuild})
