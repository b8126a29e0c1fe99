"""What the scikit-learn peer scripts of baselines/ share: reading a LIBSVM file (plain or
.xz-compressed, as the data mirror stores them) and timing a block in wall and CPU seconds.
Imported by path: Python puts a script's own folder first on sys.path."""
import lzma
import time

from sklearn.datasets import load_svmlight_file


def load_libsvm(path, n_features=None):
    """(X as CSR, y as given in the file); n_features: the training set's, for a test file."""
    opener = lzma.open if str(path).endswith(".xz") else open
    with opener(path, "rb") as f:
        X, y = load_svmlight_file(f, n_features=n_features)
    return X.tocsr(), y


class Timer:
    """Wall and CPU time of a block."""

    def __enter__(self):
        self.wall, self.cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc):
        self.wall, self.cpu = time.perf_counter() - self.wall, time.process_time() - self.cpu
