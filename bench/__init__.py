"""Benchmarks: run each as ``python -m bench.<name>`` from the repository root; see bench/README.md."""
