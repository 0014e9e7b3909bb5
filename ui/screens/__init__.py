"""The screens: one module per screen (a view and, where it has logic, its model)."""
