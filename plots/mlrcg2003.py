#!/usr/bin/python3
"""Plots of Zhang, Jin, Yang & Hauptmann 2003 (MLR-CG): mlrcg2003.py results/mlrcg2003
The generic tables and figures (driver.py) plus Figure 1, which is analytic: the SVM hinge loss and
its smooth approximation g_γ(z) = (1/γ) ln(1 + exp(−γ(z − 1))) for growing γ. Proposition 1 of the
paper says g_γ − g_svm ≤ ln 2 / γ, attained at z = 1; the legend shows that bound per γ."""
import sys

import numpy as np

from linrepro_plots import losses, style
from linrepro_plots.driver import main

GAMMAS = (1, 5, 10, 100)


def figure1(out):
    z = np.linspace(-2.0, 3.0, 1001)
    colors = style.plt.get_cmap("viridis")(np.linspace(0.0, 0.85, len(GAMMAS)))
    with style.style_context():
        fig, (ax,) = style.new_figure(1)
        # The inset magnifies the kink at z = 1, where g_γ is furthest from the hinge (ln 2 / γ).
        inset = ax.inset_axes([0.6, 0.3, 0.37, 0.38])
        zoom = np.linspace(0.5, 1.5, 401)
        for gamma, c in zip(GAMMAS, colors):
            ax.plot(z, losses.g_gamma(z, gamma), color=c, lw=2.0,
                    label=f"g_γ, γ = {gamma} (max gap ln2/γ = {np.log(2) / gamma:.3g})")
            inset.plot(zoom, losses.g_gamma(zoom, gamma), color=c, lw=1.6)
        # The hinge last and thin, so it stays visible on top of the γ = 100 curve.
        ax.plot(z, losses.hinge(z), color="black", lw=1.2, zorder=3, label="SVM loss max(0, 1 − z)")
        inset.plot(zoom, losses.hinge(zoom), color="black", lw=1.0, zorder=3)
        inset.set_xlim(0.5, 1.5)
        inset.set_ylim(0, 0.8)
        inset.tick_params(labelsize=7)
        inset.set_title("near z = 1", fontsize=8)
        ax.indicate_inset_zoom(inset, edgecolor="#888888")
        ax.set_xlabel("z = y wᵀx")
        ax.set_ylabel("loss")
        ax.set_ylim(0, 3.2)
        ax.legend(loc="upper right")
        ax.set_title("Figure 1: approximation to the SVM loss by g_γ")
        fig.tight_layout()
    out.figure("figure1_loss_approximation", fig)


if __name__ == "__main__":
    sys.exit(main(paper="mlrcg2003", extras=[figure1]))
