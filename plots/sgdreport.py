#!/usr/bin/python3
"""Plots of the SGD L1/ridge report: sgdreport.py results/sgdreport
Everything this paper needs is data-driven (confusion heatmaps, accuracy/time series, curves), so it
is declared in the result files and drawn by the generic driver (linrepro_plots/driver.py)."""
import sys

from linrepro_plots.driver import main

if __name__ == "__main__":
    sys.exit(main(paper="sgdreport"))
