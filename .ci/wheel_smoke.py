"""What a user of the built wheel relies on, run from outside the source tree.

Every module of the installed package imports; the files the package reads at run time
(compiled extensions, page templates, the Java driver, the packaged data sets) are in
the installed package; a fitted estimator survives a pickle round trip; the packaged
data load by name. Run by .ci/run in a fresh virtual environment holding only the wheel.
"""

from __future__ import annotations

import importlib
import pickle
import pkgutil
import sys
from pathlib import Path

import ensemble_lab

ROOT = Path(ensemble_lab.__file__).parent
if "site-packages" not in str(ROOT):
    sys.exit(f"ensemble_lab is imported from {ROOT}, not from an installed wheel")

modules = [
    m.name
    for m in pkgutil.walk_packages([str(ROOT)], prefix="ensemble_lab.")
    if not m.name.endswith("__main__")  # the command line itself: it would run
]
for name in modules:
    importlib.import_module(name)
print(f"{len(modules)} modules import")

needed = {
    "compiled extensions": list(ROOT.rglob("*.so")) + list(ROOT.rglob("*.pyd")),
    "page templates": list(ROOT.glob("experiments/*/templates/*.md")),
    "packaged experiments": list((ROOT / "experiments").glob("*.toml")),
    "Java driver": list((ROOT / "evaluation").glob("*.java")),
    "data sets": list((ROOT / "datasets" / "data").rglob("*.arff.gz")),
    "data manifest": list((ROOT / "datasets" / "data").glob("MANIFEST.csv")),
}
from ensemble_lab.experiments import reproduction, reproduction_names  # noqa: E402

pages = {n: reproduction(n).templates().joinpath(f"{n}.md") for n in reproduction_names()}
missing = [name for name, template in pages.items() if not template.is_file()]
if missing:
    sys.exit(f"the wheel lacks the page template of {missing}")
for what, files in needed.items():
    if not files:
        sys.exit(f"the wheel has no {what}")
    print(f"{what}: {len(files)} file(s)")
if len(needed["data sets"]) != 49:
    sys.exit(f"the wheel has {len(needed['data sets'])} data sets, not 49")

from ensemble_lab import make  # noqa: E402
from ensemble_lab.datasets import load  # noqa: E402

X, y = load("vote")
model = make("Triskel-W2", random_state=0).fit(X, y)
again = pickle.loads(pickle.dumps(model))
if not (again.predict(X) == model.predict(X)).all():
    sys.exit("a pickled Triskel-W2 predicts differently")
X, y = load("weaning")
print(f"pickle round trip: same predictions; weaning {X.shape}")
print("wheel OK")
