"""Build the compiled parts; the rest is in pyproject.toml.

The C4.5, RandomTree and SMO cores, the oracle's split, Java's random numbers and
logarithm.
"""

import sys

from Cython.Build import cythonize
from setuptools import Extension, setup

# Release builds carry no debug symbols (they are three quarters of each extension's size).
STRIP = ["-s"] if sys.platform.startswith("linux") else []

setup(
    ext_modules=cythonize(
        [
            Extension(
                "ensemble_lab.learners._c45_core",
                ["src/ensemble_lab/learners/_c45_core.pyx"],
                language="c++",
                # -O3 measured no faster. No fused multiply-adds, whatever the target:
                # they change sums in the last bit, and Weka's ties with them.
                extra_compile_args=["-O2", "-ffp-contract=off"],
                extra_link_args=STRIP,
            ),
            Extension(
                "ensemble_lab.learners._random_tree_core",
                ["src/ensemble_lab/learners/_random_tree_core.pyx"],
                language="c++",
                # Weka's entropies round every operation: no fused multiply-add
                extra_compile_args=["-O2", "-ffp-contract=off"],
                extra_link_args=STRIP,
            ),
            Extension(
                "ensemble_lab.learners._smo_core",
                ["src/ensemble_lab/learners/_smo_core.pyx"],
                # Weka's SMO makes its choices by comparing doubles: no fused multiply-add
                extra_compile_args=["-O2", "-ffp-contract=off"],
                extra_link_args=STRIP,
            ),
            Extension(
                "ensemble_lab.methods._oracle_core",
                ["src/ensemble_lab/methods/_oracle_core.pyx"],
                # the same rounding as the NumPy expressions it replaces
                extra_compile_args=["-O2", "-ffp-contract=off"],
                extra_link_args=STRIP,
            ),
            Extension(
                "ensemble_lab.utils._java_math",
                ["src/ensemble_lab/utils/_java_math.pyx"],
                # double-double arithmetic needs every operation rounded on its own
                extra_compile_args=["-O2", "-ffp-contract=off"],
                extra_link_args=STRIP,
            ),
            Extension(
                "ensemble_lab.utils._java_random",
                ["src/ensemble_lab/utils/_java_random.pyx"],
                extra_compile_args=["-O2"],
                extra_link_args=STRIP,
            ),
            Extension(
                "ensemble_lab.utils._java_gaussian",
                ["src/ensemble_lab/utils/_java_gaussian.pyx"],
                # Java rounds every operation; a fused multiply-add would not.
                extra_compile_args=["-O2", "-ffp-contract=off"],
                extra_link_args=STRIP,
            ),
        ],
        compiler_directives={"language_level": 3},
    )
)
