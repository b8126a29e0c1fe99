#!/usr/bin/python3
"""Generic plots of one paper's results: make_figures.py results/<paper>
Writes results/<paper>/tables/*.md and results/<paper>/figures/*.png (see linrepro_plots/driver.py).
The per-paper scripts (mlrcg2003.py, ...) call the same driver and add their analytic figures."""
import sys

from linrepro_plots.driver import main

if __name__ == "__main__":
    sys.exit(main())
