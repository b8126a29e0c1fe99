"""The one plotting style of linrepro: sizes, fonts, and a colour/line per solver name that is the
same in every figure of every paper, so "mlr-cg" or "liblinear-s3" is recognisable at a glance.

Our methods are drawn with solid lines and warm/neutral colours; the peers (LIBLINEAR, LIBSVM,
scikit-learn) with dashed lines in one hue family per library. Names not listed get a colour from a
stable hash of the name (never from their position in a figure, which differs between figures)."""
import zlib

import matplotlib

matplotlib.use("Agg")  # files only, no display; must precede pyplot's import anywhere
import matplotlib.pyplot as plt  # noqa: E402

DPI = 150
SIZE = (6.4, 4.2)        # one panel
WIDE = (9.6, 4.2)        # grouped bars, two panels
PANEL_WIDTH = 4.6        # per panel when a figure has several side by side

RC = {
    "font.size": 10,
    "axes.titlesize": 11,
    "axes.labelsize": 10,
    "legend.fontsize": 8,
    "xtick.labelsize": 9,
    "ytick.labelsize": 9,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "grid.linestyle": ":",
    "axes.spines.top": False,
    "axes.spines.right": False,
    "lines.linewidth": 1.6,
    "lines.markersize": 5,
    "legend.frameon": False,
    "savefig.dpi": DPI,
    "savefig.bbox": "tight",
    "figure.dpi": DPI,
}

# Peers: one hue family per library, dashed.
PEER_PREFIXES = ("liblinear", "libsvm", "sklearn")
_PEER_FIXED = {
    "liblinear-s0": "#08306b",
    "liblinear-s1": "#2171b5",
    "liblinear-s2": "#4292c6",
    "liblinear-s3": "#6baed6",
    "liblinear-s5": "#084594",
    "liblinear-s6": "#3182bd",
    "liblinear-s7": "#9ecae1",
    "libsvm-linear": "#6a3d9a",
}
_PEER_FAMILY = {
    "liblinear": ["#08306b", "#2171b5", "#4292c6", "#6baed6", "#084594", "#3182bd"],
    "libsvm": ["#6a3d9a", "#9e9ac8", "#54278f"],
    "sklearn": ["#00441b", "#238b45", "#41ab5d", "#74c476", "#006d2c"],
}
# Our methods and baselines (names as registered, or as the papers call them), solid.
_OURS_FIXED = {
    "mlr-cg": "#d62728",
    "mmlr-cg": "#e7298a",
    "smo": "#ff7f0e",
    "svm": "#ff7f0e",
    "cls": "#8c564b",
    "cmls": "#bcbd22",
    "cmls-dual": "#dbdb8d",
    "clg": "#17becf",
    "mod-svm": "#e377c2",
    "nb": "#7f7f7f",
    "nb-1": "#7f7f7f",
    "nb-2": "#525252",
    "mcnb": "#7f7f7f",
    "mcsvm": "#ff7f0e",
    "hier-nb": "#969696",
    "hier-svm": "#fdae61",
    "graphsvm": "#d62728",
}
_OURS_PALETTE = ["#d62728", "#ff7f0e", "#8c564b", "#e377c2", "#bcbd22", "#17becf", "#7f7f7f",
                 "#b15928", "#e31a1c", "#fb9a99", "#cab2d6", "#ffd92f", "#a6761d", "#000000"]
_MARKERS = ["o", "s", "^", "D", "v", "P", "X", "<", ">", "h"]
PUBLISHED_COLOR = "#000000"
REFERENCE_COLOR = "#444444"


def _hash(name, salt=""):
    return zlib.crc32((salt + name).encode("utf-8"))


def is_peer(name):
    n = name.lower()
    return n.startswith(PEER_PREFIXES)


def color(name):
    n = name.lower()
    if n in _PEER_FIXED:
        return _PEER_FIXED[n]
    if n in _OURS_FIXED:
        return _OURS_FIXED[n]
    for family, palette in _PEER_FAMILY.items():
        if n.startswith(family):
            return palette[_hash(n) % len(palette)]
    return _OURS_PALETTE[_hash(n) % len(_OURS_PALETTE)]


def marker(name):
    return _MARKERS[_hash(name.lower(), "marker") % len(_MARKERS)]


def line_kwargs(name):
    """Keyword arguments for ax.plot of a series named `name`: a solver name, or a label that
    starts with one ("mlr-cg HS"), which gets a shade of that solver's colour so variants stay
    recognisable."""
    words = name.split()
    head = words[0] if words else name
    known = name.lower() in _OURS_FIXED or name.lower() in _PEER_FIXED
    if not known and len(words) > 1 and (head.lower() in _OURS_FIXED or is_peer(head)):
        c = _variant(color(head), name)
    else:
        c = color(name)
    return {
        "color": c,
        "linestyle": "--" if is_peer(head) else "-",
        "marker": marker(name),
        "label": name,
    }


def _variant(base, name):
    """A shade of `base` chosen by the full label: variants stay in their solver's colour family."""
    import matplotlib.colors as mc

    r, g, b = mc.to_rgb(base)
    t = (_hash(name, "shade") % 5) / 5.0 * 0.6 - 0.3  # -0.3 .. +0.18: darker or lighter
    if t < 0:
        r, g, b = (x * (1 + t) for x in (r, g, b))
    else:
        r, g, b = (x + (1 - x) * t for x in (r, g, b))
    return mc.to_hex((r, g, b))


def bar_kwargs(name):
    kw = {"color": line_kwargs(name)["color"], "label": name}
    if is_peer(name):
        kw["hatch"] = "//"
        kw["edgecolor"] = "white"
    return kw


def new_figure(panels=1, size=None, stacked=False):
    """A figure with `panels` axes side by side (stacked=True: one above the other), in the house
    style. Returns (fig, [axes])."""
    with plt.rc_context(RC):
        if size is None:
            size = SIZE if panels == 1 else (PANEL_WIDTH * panels, SIZE[1])
        shape = (panels, 1) if stacked else (1, panels)
        fig, axes = plt.subplots(*shape, figsize=size, squeeze=False)
    return fig, list(axes.flat)


def style_context():
    """Every drawing happens inside this, so all figures share RC (fonts, grid, sizes)."""
    return plt.rc_context(RC)
