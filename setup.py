"""The compiled Cassino kernel (issue 15): an optional C extension beside the pure-Python
reference (solver/cassino/kernel.py chooses between them), and the N-seat exact search of
the last batch (solver/cassino/exact.py chooses).  Everything else is declared in
pyproject.toml; without a C compiler the installation still succeeds and the solver runs
in pure Python."""

from setuptools import Extension, setup

setup(ext_modules=[
    Extension(
        "solver.cassino._kernel",
        ["solver/cassino/_kernel.c"],
        depends=["solver/cassino/_cassino.h"],  # what both extensions share
        optional=True,  # no compiler, no Python headers: the pure-Python fallback
        # no fused multiply-add: the kernel's floating point must equal the reference's
        extra_compile_args=["-O2", "-ffp-contract=off", "-fno-strict-aliasing"],
    ),
    Extension(  # the N-seat exact search of the last batch (issue 12), optional likewise
        "solver.cassino._seats",
        ["solver/cassino/_seats.c"],
        depends=["solver/cassino/_cassino.h"],
        optional=True,
        extra_compile_args=["-O2", "-ffp-contract=off", "-fno-strict-aliasing"],
    ),
    Extension(  # Canfield's exact search of an open deal (issue 31), optional likewise
        "solver.canfield._exact",
        ["solver/canfield/_exact.c"],
        optional=True,
        extra_compile_args=["-O2", "-fno-strict-aliasing"],
    ),
])
