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
                extra_compile_args=["-O2"],
            )
        ],
        compiler_directives={"language_level": 3},
    )
)
