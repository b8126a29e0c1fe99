"""Where the project is: the same rule as the program's (core/project_root.h)."""
from . import _solvers


def project_root():
    """LINREPRO_ROOT, else the checkout above the current directory, else the build's source."""
    return _solvers.project_root()[0]
