"""scorepad's scoring library: pure rules, no I/O, one subpackage per game."""
