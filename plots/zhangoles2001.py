#!/usr/bin/python3
"""Plots of Zhang & Oles 2001 (regularized linear classifiers):
    zhangoles2001.py results/zhangoles2001
The generic tables and figures (driver.py) plus Figure 4, which is analytic. The paper's Figure 4
draws three losses: g(z) (SVM, 'solid'), ln(1 + exp(−z)) (logistic, 'dash') and
(1/3) ln(1 + exp(3(1 − z))) (modified logistic, 'dotted'); figure4_loss_functions.png draws
exactly those, in black as the paper. figure4_with_least_squares.png adds the paper's two
least-squares losses (eq. 4: (1 − z)², eq. 11: h(z)), which the paper discusses but does not
plot."""
import sys

import numpy as np

from linrepro_plots import losses, style
from linrepro_plots.driver import main

Z = np.linspace(-2.0, 3.0, 1001)


def _paper_curves(ax, color=None):
    ax.plot(Z, losses.hinge(Z), color=color or "black", ls="-", label="g(z) = max(0, 1 − z)  (SVM)")
    ax.plot(Z, losses.logistic(Z), color=color or "black", ls="--",
            label="ln(1 + exp(−z))  (logistic)")
    ax.plot(Z, losses.g_gamma(Z, 3.0), color=color or "black", ls=":",
            label="(1/3) ln(1 + exp(3(1 − z)))  (modified logistic)")


def figure4(out):
    with style.style_context():
        fig, (ax,) = style.new_figure(1)
        _paper_curves(ax)
        ax.set_xlabel("z = wᵀx y")
        ax.set_ylabel("loss")
        ax.set_ylim(0, 3.2)
        ax.legend()
        ax.set_title("Figure 4: loss functions")
        fig.tight_layout()
    out.figure("figure4_loss_functions", fig)

    with style.style_context():
        fig, (ax,) = style.new_figure(1)
        _paper_curves(ax)
        # h(z) equals (1 − z)² for z ≤ 1: draw h first and the dash-dotted least squares on top.
        ax.plot(Z, losses.modified_least_squares(Z), color="#d95f02", ls="-", lw=2.4,
                label="h(z) = max(0, 1 − z)²  (modified least squares)")
        ax.plot(Z, losses.least_squares(Z), color="#1b9e77", ls="-.",
                label="(1 − z)²  (least squares)")
        ax.set_xlabel("z = wᵀx y")
        ax.set_ylabel("loss")
        ax.set_ylim(0, 4.2)
        ax.legend()
        ax.set_title("Figure 4 with the least-squares losses (not in the paper)")
        fig.tight_layout()
    out.figure("figure4_with_least_squares", fig)


if __name__ == "__main__":
    sys.exit(main(paper="zhangoles2001", extras=[figure4]))
