"""The figure kinds, drawn from plain data (lists and arrays) in the house style. Interpreting a
result file's figure spec into this data is spec.py's job; these functions only draw.

Every function returns a matplotlib Figure (or None when there is nothing to draw); save() writes it
atomically and closes it."""
import math
import textwrap

import numpy as np

from . import style
from .io import atomic_path
from .style import plt


def save(fig, path):
    """PNG at the style's DPI, written to a temporary file and renamed into place."""
    with style.style_context(), atomic_path(path) as tmp:
        fig.savefig(tmp, format="png")
    plt.close(fig)


def _finish(fig, axes, title):
    if title:
        if len(axes) == 1:
            axes[0].set_title(title)
        else:
            fig.suptitle(title)
    _widen_for_legends(fig)
    fig.tight_layout()
    return fig


# Characters per legend line: a longer label (a user's solver named by its whole spec) wraps, and
# its legend goes beside the axes, so no label covers the data or squeezes the plot.
LEGEND_WRAP = 32


def _legend(ax, outside=False, **kw):
    handles, labels = ax.get_legend_handles_labels()
    if not handles:
        return
    outside = outside or any(len(label) > LEGEND_WRAP for label in labels)
    labels = [textwrap.fill(label, LEGEND_WRAP) for label in labels]
    if outside:
        kw.update(loc="upper left", bbox_to_anchor=(1.01, 1.0))
    ax.legend(handles, labels, **kw).linrepro_outside = outside


def _widen_for_legends(fig):
    """Widens the figure by the width of its legends beside the axes, so that tight_layout keeps
    the axes' size instead of shrinking them to make room."""
    legends = [ax.get_legend() for ax in fig.axes if ax.get_legend() is not None]
    outside = [leg for leg in legends if getattr(leg, "linrepro_outside", False)]
    if not outside:
        return
    fig.canvas.draw()
    extra = max(leg.get_window_extent().width for leg in outside) / fig.dpi
    width, height = fig.get_size_inches()
    fig.set_size_inches(width + extra + 0.1, height)


def set_log(ax, axis):
    """Log scale with readable tick labels: 1, 2, 5 x 10^k as plain numbers when the axis spans only
    a few decades (matplotlib would otherwise label only the powers of ten, often just one)."""
    import matplotlib.ticker as mt

    getattr(ax, f"set_{axis}scale")("log")
    target = ax.xaxis if axis == "x" else ax.yaxis
    lo, hi = (ax.get_xlim() if axis == "x" else ax.get_ylim())
    if lo > 0 and hi / lo < 1e4:
        target.set_major_locator(mt.LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
        target.set_major_formatter(mt.FuncFormatter(lambda v, _: f"{v:g}"))
        target.set_minor_formatter(mt.NullFormatter())


def _spans_decades(values, decades=2.5):
    v = [x for x in values if x is not None and x > 0]
    return len(v) == len([x for x in values if x is not None]) and len(v) > 1 and \
        math.log10(max(v) / min(v)) > decades


# ---------------------------------------------------------------- published vs reproduced

def published_vs_reproduced(rows, title, mode="scatter"):
    """rows: comparison rows (join.compare_cell). scatter: x = published, y = ours, the diagonal and
    the tolerance around it, one panel per unit; bar: published beside ours per cell."""
    pairs = [r for r in rows if r["published"] is not None and r["ours"] is not None]
    if not pairs:
        return None
    if mode == "bar":
        return _pvr_bars(pairs, title)
    units = list(dict.fromkeys(r["unit"] for r in pairs))
    with style.style_context():
        fig, axes = style.new_figure(len(units), size=None if len(units) > 1 else (5.2, 5.0))
        for ax, unit in zip(axes, units):
            _pvr_scatter(ax, [r for r in pairs if r["unit"] == unit], unit)
        return _finish(fig, axes, title)


def _pvr_scatter(ax, rows, unit):
    xs = [r["published"] for r in rows]
    ys = [r["ours"] for r in rows] + [v for r in rows for v in r.get("interval") or []]
    lo, hi = min(xs + ys), max(xs + ys)
    log = _spans_decades(xs + ys)
    pad = (hi - lo) * 0.08 or max(abs(hi), 1.0) * 0.1
    lim = (lo / 1.5, hi * 1.5) if log else (lo - pad, hi + pad)
    grid = np.geomspace(*lim, 200) if log else np.linspace(*lim, 200)
    ax.plot(grid, grid, color=style.REFERENCE_COLOR, lw=1, label="ours = published")
    tols = {r["tolerance"] for r in rows}
    if len(tols) == 1 and None not in tols and not log:
        t = tols.pop()
        ax.fill_between(grid, grid - t, grid + t, color="#999999", alpha=0.2, lw=0,
                        label=f"tolerance ±{t:g}")
    else:
        for r in rows:
            if r["tolerance"] is not None:
                x, t = r["published"], r["tolerance"]
                ax.plot([x, x], [x - t, x + t], color="#999999", lw=4, alpha=0.4,
                        solid_capstyle="butt")
        ax.plot([], [], color="#999999", lw=4, alpha=0.4, label="tolerance (per cell)")
    for column in dict.fromkeys(r["column"] for r in rows):
        sub = [r for r in rows if r["column"] == column]
        c = style.line_kwargs(column)["color"]
        _interval_bars(ax, [r["published"] for r in sub], sub, c)
        within = [r for r in sub if r["status"] == "within"]
        other = [r for r in sub if r["status"] != "within"]
        if within:
            ax.scatter([r["published"] for r in within], [r["ours"] for r in within], color=c,
                       marker="o", s=28, zorder=3, label=column)
        if other:
            ax.scatter([r["published"] for r in other], [r["ours"] for r in other], color=c,
                       marker="X", s=46, zorder=3, label=f"{column} (outside)" if within else
                       f"{column} (outside tolerance)")
            for r in other:
                ax.annotate(r["row"], (r["published"], r["ours"]), fontsize=7,
                            xytext=(4, 4), textcoords="offset points")
    ax.set_xlim(lim)
    ax.set_ylim(lim)
    if log:
        set_log(ax, "x")
        set_log(ax, "y")
    ax.set_aspect("equal", adjustable="box")
    suffix = f" ({unit})" if unit else ""
    ax.set_xlabel("published" + suffix)
    ax.set_ylabel("reproduced" + suffix)
    _legend(ax, loc="upper left")


def _interval_bars(ax, xs, rows, color):
    """Each reproduced value's 95 % sampling interval (join.py: the cell's evidence.interval) as a
    vertical error bar at x."""
    have = [(x, r) for x, r in zip(xs, rows) if r.get("interval")]
    if not have:
        return
    ys = [r["ours"] for _, r in have]
    low = [max(0.0, r["ours"] - r["interval"][0]) for _, r in have]
    high = [max(0.0, r["interval"][1] - r["ours"]) for _, r in have]
    ax.errorbar([x for x, _ in have], ys, yerr=[low, high], fmt="none", ecolor=color, elinewidth=1,
                capsize=2, zorder=2)


def _pvr_bars(rows, title):
    labels = [f"{r['row']}\n{r['column']}" for r in rows]
    x = np.arange(len(rows))
    with style.style_context():
        fig, axes = style.new_figure(1, size=(max(6.4, 0.55 * len(rows) + 2), 4.4))
        ax = axes[0]
        tol = [r["tolerance"] or 0 for r in rows]
        ax.bar(x - 0.2, [r["published"] for r in rows], 0.4, yerr=tol, capsize=2,
               color="white", edgecolor=style.PUBLISHED_COLOR, label="published (± tolerance)")
        ax.bar(x + 0.2, [r["ours"] for r in rows], 0.4,
               color=[style.line_kwargs(r["column"])["color"] for r in rows],
               label="reproduced (95 % interval)" if any(r.get("interval") for r in rows)
               else "reproduced")
        _interval_bars(ax, list(x + 0.2), rows, "black")
        for i, r in enumerate(rows):
            if r["status"] != "within":
                ax.annotate("✗", (x[i] + 0.2, r["ours"]), ha="center", va="bottom", fontsize=9)
        ax.set_xticks(x)
        ax.set_xticklabels(labels, rotation=60, ha="right", fontsize=7)
        units = {r["unit"] for r in rows if r["unit"]}
        ax.set_ylabel(units.pop() if len(units) == 1 else "value")
        _legend(ax)
        return _finish(fig, axes, title)


# ---------------------------------------------------------------- grouped bars (solvers vs peers)

MAX_BAR_GROUPS = 25


def grouped_bars(groups, series, panels, title):
    """groups: x categories (classes); series: bar names (solvers, ours then peers);
    panels: [(ylabel, {(group, series): (mean, std or None)}, logy)]. At most MAX_BAR_GROUPS groups
    (the first ones, in the experiment's order) are drawn, and the title says so."""
    if not groups or not series or not panels:
        return None
    if len(groups) > MAX_BAR_GROUPS:
        title = f"{title} (first {MAX_BAR_GROUPS} of {len(groups)})"
        groups = groups[:MAX_BAR_GROUPS]
    series = [s for s in series if any((g, s) in values for g in groups for _, values, _ in panels)]
    n = len(series)
    width = 0.8 / n  # of one bar, in group units
    x = np.arange(len(groups))
    with style.style_context():
        fig_width = min(max(4.6, 0.35 * len(groups) * n + 1.5), 16.0)
        # Many bars: panels one above the other, so the figure stays readable on a page.
        stacked = len(panels) > 1 and fig_width * len(panels) > 14.0
        size = (fig_width, 3.6 * len(panels)) if stacked else (fig_width * len(panels), 4.2)
        fig, axes = style.new_figure(len(panels), size=size, stacked=stacked)
        for ax, (ylabel, values, logy) in zip(axes, panels):
            for i, s in enumerate(series):
                vals = [values.get((g, s), (None, None)) for g in groups]
                heights = [np.nan if v[0] is None else v[0] for v in vals]
                errs = [0 if v[1] is None else v[1] for v in vals]
                ax.bar(x - 0.4 + width * (i + 0.5), heights, width,
                       yerr=errs if any(errs) else None, capsize=2, **style.bar_kwargs(s))
            ax.set_xticks(x)
            tilt = len(groups) > 4
            ax.set_xticklabels([g or "(all)" for g in groups], rotation=30 if tilt else 0,
                               ha="right" if tilt else "center")
            ax.set_ylabel(ylabel)
            if logy:
                set_log(ax, "y")
            ax.grid(axis="x", visible=False)
        _legend(axes[-1], outside=True)
        return _finish(fig, axes, title)


# ---------------------------------------------------------------- convergence

def convergence(curves, xlabel, ylabel, title, logx=False, logy=False, reference=None,
                points=()):
    """curves: [{"label", "x", "y"}] all on ONE x axis (solver seconds or iterations);
    reference: (value, label) drawn as a horizontal line; points: [{"label", "x", "y"}] single
    end points of runs without a trace (e.g. a peer's final time and objective)."""
    if not curves and not points:
        return None
    with style.style_context():
        fig, axes = style.new_figure(1)
        _draw_convergence(axes[0], curves, xlabel, ylabel, logx, logy, reference, points)
        _legend(axes[0])
        return _finish(fig, axes, title)


def convergence_panels(panels, title):
    """panels: [the keyword arguments of convergence() without title], one axis each, in a grid of
    two columns; the runs keep their colours across panels and one legend (the first panel's)
    names them."""
    panels = [p for p in panels if p["curves"] or p["points"]]
    if not panels:
        return None
    cols = 2 if len(panels) > 1 else 1
    rows = (len(panels) + cols - 1) // cols
    with style.style_context():
        fig, grid = plt.subplots(rows, cols, figsize=(style.PANEL_WIDTH * cols,
                                                      style.SIZE[1] * rows), squeeze=False)
        axes = list(grid.flat)
        for ax, p in zip(axes, panels):
            _draw_convergence(ax, p["curves"], p["xlabel"], p["ylabel"], p["logx"], p["logy"],
                              p["reference"], p["points"])
            if p["logx"]:  # "50k", "2M": side-by-side panels have no room for 2000000
                ax.xaxis.set_major_formatter(_compact_ticks())
        for ax in axes[len(panels):]:
            ax.set_visible(False)
        _legend(axes[0], fontsize=8)
        for ax, p in zip(axes[1:], panels[1:]):
            if p["reference"] is not None:  # a reference line only this panel has
                _legend(ax, fontsize=8)
        fig.suptitle(title)
        _widen_for_legends(fig)
        fig.tight_layout()
        return fig


def _compact_ticks():
    import matplotlib.ticker as mt

    def text(v, _):
        for scale, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
            if abs(v) >= scale:
                return f"{v / scale:g}{suffix}"
        return f"{v:g}"

    return mt.FuncFormatter(text)


def placeholder(title, text):
    """A figure that only says why there is nothing to draw (e.g. the dataset is not here), so a
    paper's figure still has its file and its place in the report."""
    with style.style_context():
        fig, axes = style.new_figure(1)
        ax = axes[0]
        ax.set_axis_off()
        ax.text(0.5, 0.5, text, ha="center", va="center", fontsize=10, wrap=True,
                transform=ax.transAxes,
                bbox={"boxstyle": "round", "facecolor": "#f4f4f4", "edgecolor": "#999999"})
        ax.set_title(title, fontsize=11)
        fig.tight_layout()
        return fig


def _draw_convergence(ax, curves, xlabel, ylabel, logx, logy, reference, points):
    for c in curves:
        x, y = np.asarray(c["x"], float), np.asarray(c["y"], float)
        keep = np.isfinite(x) & np.isfinite(y)
        if logx:
            keep &= x > 0
        if logy:
            keep &= y > 0
        kw = style.line_kwargs(c["label"])
        if keep.sum() > 25:
            kw["markevery"] = max(1, int(keep.sum()) // 10)
        ax.plot(x[keep], y[keep], markersize=4, **kw)
    for p in points:
        kw = style.line_kwargs(p["label"])
        ax.plot([p["x"]], [p["y"]], linestyle="none", marker=kw["marker"], color=kw["color"],
                markersize=8, markeredgecolor="black", label=f"{p['label']} (final)")
    if reference is not None:
        ax.axhline(reference[0], color=style.REFERENCE_COLOR, lw=1.2, ls=":", label=reference[1])
    if logx:
        set_log(ax, "x")
    if logy:
        set_log(ax, "y")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)


# ---------------------------------------------------------------- series

def fitted_slope(x, y):
    """Least-squares slope of log10 y on log10 x over the positive points (None if < 2)."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    keep = np.isfinite(x) & np.isfinite(y) & (x > 0) & (y > 0)
    if keep.sum() < 2 or np.ptp(np.log10(x[keep])) == 0:
        return None
    return float(np.polyfit(np.log10(x[keep]), np.log10(y[keep]), 1)[0])


def series(lines, xlabel, ylabel, title, logx=False, logy=False, fit_slope=False, ylim=None):
    """lines: [{"label", "x", "y", "yerr" (optional), "published" (bool), "style_of" (optional)}].
    Published lines are hollow markers on a dotted line in the colour of the line named by
    "style_of" (the reproduced line they belong beside). With fit_slope, the
    log-log slope of each line goes into its legend entry (e.g. time vs n: 1.0 = linear).
    ylim: a fixed (low, high) y range, so a flat curve is not zoomed into a steep one."""
    if not lines:
        return None
    with style.style_context():
        fig, axes = style.new_figure(1)
        ax = axes[0]
        for ln in lines:
            order = np.argsort(np.asarray(ln["x"], float))
            x = np.asarray(ln["x"], float)[order]
            y = np.asarray(ln["y"], float)[order]
            kw = style.line_kwargs(ln.get("style_of", ln["label"]))
            label = ln["label"]
            if fit_slope:
                slope = fitted_slope(x, y)
                if slope is not None:
                    label += f" (slope {slope:.2f})"
            kw["label"] = label
            if ln.get("published"):
                kw.update(linestyle=":", markerfacecolor="white", markeredgecolor=kw["color"])
            yerr = ln.get("yerr")
            if yerr is not None and any(e for e in yerr):
                yerr = np.asarray(yerr, float)[order]
                ax.errorbar(x, y, yerr=yerr, capsize=2, **kw)
            else:
                ax.plot(x, y, **kw)
        if logx:
            set_log(ax, "x")
        if logy:
            set_log(ax, "y")
        if ylim is not None:
            ax.set_ylim(ylim)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        _legend(ax)
        return _finish(fig, axes, title)


# ---------------------------------------------------------------- heatmap

def heatmap(panels, title, annotate=None, cmap="Blues", colorbar_label=""):
    """panels: [{"title", "matrix" (rows = true class), "xlabels", "ylabels"}]. Values are annotated
    when the matrix is small enough to read (annotate=None: automatic, at most 12 x 12)."""
    if not panels:
        return None
    size_each = min(max(4.2, 0.32 * max(len(np.asarray(p["matrix"])) for p in panels) + 2.0), 14.0)
    with style.style_context():
        fig, axes = style.new_figure(len(panels), size=(size_each * len(panels) + 0.8, size_each))
        for ax, p in zip(axes, panels):
            m = np.asarray(p["matrix"], float)
            im = ax.imshow(m, cmap=cmap, aspect="equal", interpolation="nearest")
            ax.grid(False)
            ny, nx = m.shape
            ax.set_xticks(range(nx))
            ax.set_yticks(range(ny))
            ax.set_xticklabels(p.get("xlabels") or range(nx), rotation=90, fontsize=7)
            ax.set_yticklabels(p.get("ylabels") or range(ny), fontsize=7)
            ax.set_xlabel(p.get("xlabel", "predicted"))
            ax.set_ylabel(p.get("ylabel", "true"))
            if p.get("title"):
                ax.set_title(p["title"], fontsize=10)
            if annotate or (annotate is None and max(m.shape) <= 12):
                top = np.nanmax(m) if m.size else 0
                for i in range(ny):
                    for j in range(nx):
                        v = m[i, j]
                        text = f"{v:.2g}" if v != int(v) else str(int(v))
                        ax.text(j, i, text, ha="center", va="center", fontsize=7,
                                color="white" if top and v > 0.6 * top else "black")
            cb = fig.colorbar(im, ax=ax, fraction=0.046, pad=0.04)
            if colorbar_label:
                cb.set_label(colorbar_label)
        return _finish(fig, axes, title)


# ---------------------------------------------------------------- histogram

def histogram(groups, xlabel, title, bins=50, density=False, logy=False):
    """groups: [{"label", "values"}] overlaid as step histograms on shared bins."""
    groups = [g for g in groups if len(g["values"])]
    if not groups:
        return None
    allv = np.concatenate([np.asarray(g["values"], float) for g in groups])
    allv = allv[np.isfinite(allv)]
    edges = np.histogram_bin_edges(allv, bins=bins)
    with style.style_context():
        fig, axes = style.new_figure(1)
        ax = axes[0]
        for g in groups:
            kw = style.line_kwargs(g["label"])
            ax.hist(np.asarray(g["values"], float), bins=edges, density=density, histtype="step",
                    lw=1.6, color=kw["color"], linestyle=kw["linestyle"], label=g["label"])
        if logy:
            set_log(ax, "y")
        ax.set_xlabel(xlabel)
        ax.set_ylabel("density" if density else "count")
        _legend(ax)
        return _finish(fig, axes, title)
