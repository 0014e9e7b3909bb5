"""The scorepad app (Flet). Built by the app issue; the scoring lives in ``scorer``."""
