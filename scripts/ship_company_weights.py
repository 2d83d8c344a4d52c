"""Ships per-company tune runs as `tuned`'s by_company weights (docs/bots.md § Eleventh pass).

    python scripts/ship_company_weights.py runs/company-germany runs/company-france ...

Each run directory holds the tune.json of a `barrage tune --company NAME` run; its whole result (settings, league,
fitness curve, best weights, holdout) is stored under by_company[NAME] of strategies/data/tuned.json, which
`strategies.personas.tuned_persona` reads. The other contents of tuned.json are kept.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

TUNED = Path(__file__).resolve().parent.parent / "strategies" / "data" / "tuned.json"


def main(runs: list[str]) -> None:
    tuned = json.loads(TUNED.read_text())
    by_company = tuned.get("by_company", {})
    for d in runs:
        run = json.loads((Path(d) / "tune.json").read_text())
        company = run["settings"].get("company")
        if company is None:
            sys.exit(f"error: {d} is not a per-company run (barrage tune --company NAME)")
        by_company[company] = run
    tuned["by_company"] = dict(sorted(by_company.items()))
    TUNED.write_text(json.dumps(tuned, indent=1) + "\n")
    print(f"{TUNED}: by_company {', '.join(tuned['by_company'])}")


if __name__ == "__main__":
    main(sys.argv[1:])
