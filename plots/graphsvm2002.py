#!/usr/bin/python3
"""Plots of Godbole, Sarawagi & Chakrabarti 2002 (GraphSVM): graphsvm2002.py results/graphsvm2002
Everything this paper needs is data-driven (confusion heatmaps, accuracy/time series, curves), so it
is declared in the result files and drawn by the generic driver (linrepro_plots/driver.py)."""
import sys

from linrepro_plots.driver import main

if __name__ == "__main__":
    sys.exit(main(paper="graphsvm2002"))
