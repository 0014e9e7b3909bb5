from ui.cli import main

raise SystemExit(main())
