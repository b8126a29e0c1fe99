"""linrepro_plots: turns linrepro result files (schema linrepro-result/1) into Markdown tables and
PNG figures. One style (style.py), data-driven figure kinds (figures.py) declared by the experiments
in their result files (spec.py), and one driver every per-paper script calls (driver.py)."""
