"""Build the compiled core of the C4.5 tree; everything else is in pyproject.toml."""

from Cython.Build import cythonize
from setuptools import Extension, setup

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
            )
        ],
        compiler_directives={"language_level": 3},
    )
)
