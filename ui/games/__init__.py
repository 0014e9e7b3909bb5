"""The games as the app knows them: the plugin interface (``plugin``), one package per game with
its draft, editor and settings, and the registry of them all (``registry``)."""
