"""The loss functions the papers plot, as functions of the margin z = y wᵀx, in numerically stable
form: ln(1 + exp(a)) is np.logaddexp(0, a), which never overflows (γ = 1000 is fine)."""
import numpy as np


def hinge(z):
    """SVM loss g_svm(z) = max(0, 1 − z) (Zhang & Oles eq. 9; MLR-CG paper §3.1)."""
    return np.maximum(0.0, 1.0 - np.asarray(z, float))


def g_gamma(z, gamma):
    """Modified logistic loss g_γ(z) = (1/γ) ln(1 + exp(−γ(z − 1))) (MLR-CG paper eq. 1;
    Zhang & Oles write it (1/γ) ln(1 + exp(γ(1 − z))), the same function)."""
    return np.logaddexp(0.0, -gamma * (np.asarray(z, float) - 1.0)) / gamma


def logistic(z):
    """Logistic regression loss ln(1 + exp(−z)) (Zhang & Oles eq. 5)."""
    return np.logaddexp(0.0, -np.asarray(z, float))


def least_squares(z):
    """Least squares written as a margin loss: (wᵀx y − 1)² = (1 − z)² since y² = 1 (eq. 4)."""
    return (1.0 - np.asarray(z, float)) ** 2


def modified_least_squares(z):
    """h(z) = (1 − z)² for z ≤ 1, 0 otherwise (Zhang & Oles eq. 11)."""
    return np.maximum(0.0, 1.0 - np.asarray(z, float)) ** 2
