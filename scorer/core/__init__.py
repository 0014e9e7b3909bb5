"""The shared scoring core: result types, ranking and ties, grid helpers."""
