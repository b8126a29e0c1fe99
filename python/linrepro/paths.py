"""Where the project is: the same rule as the program's (core/project_root.h), plus the installed
layout of this package (P/lib/python3/dist-packages/linrepro beside P/share/linrepro)."""
import os

from . import _solvers


def _installed_share():
    share = os.path.normpath(os.path.join(os.path.dirname(__file__), *[os.pardir] * 4, "share",
                                          "linrepro"))
    marks = (os.path.join(share, "results", "published"),
             os.path.join(share, "baselines", "sklearn_nb_peer.py"))
    return share if os.path.isdir(marks[0]) and os.path.isfile(marks[1]) else None


def use_installed_share():
    """An installed package reads what `cmake --install` put in P/share/linrepro (the program finds
    it from its own path; inside Python the running program is python3): LINREPRO_ROOT is set to
    it, unless the user set LINREPRO_ROOT."""
    share = _installed_share()
    if share and not os.environ.get("LINREPRO_ROOT"):
        os.environ["LINREPRO_ROOT"] = share


def project_root():
    """LINREPRO_ROOT, else the checkout above the current directory, else the build's source."""
    return _solvers.project_root()[0]
