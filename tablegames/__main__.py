from tablegames.cli import main

raise SystemExit(main())
