"""The request mix of ``bench/bench_web.py``: a long, varied, seeded stream of what
readers ask, drawn from pools of real queries with a Zipf-like repetition.

The pools (every one read from files in the repository, nothing written here):

* **searches**: the relevance sets' queries (``bench/relevance/*.jsonl``, with their
  filters), the judge questions' text (the ``q`` of the sets in ``ASK_FILES``;
  nothing else of those files is read), the glossary's terms in English and Chinese
  (both scripts), the card names in both languages, and rule numbers;
* **rule pages**: every rule of the current Comprehensive Rules, and of the
  bilingual 2019-10-04 edition under its own address;
* **glossary pages**: every term of the current glossary.

Each request of the stream is a search (10 in 22, as in the old fixed mix: 4 of
them result pages, 6 the JSON calls instant search makes), a rule page (8 in 22)
or a glossary page (4 in 22). Within each pool the entries are put in a random
order of popularity (seeded) and drawn with probability ∝ 1/rank (Zipf, s = 1):
a few are asked again and again, most once or never in a run. The popular ranks go
mostly to short searches (an entry's chance to be placed early is weighted by
1/words: a question pasted whole is rarely the most popular search). Pages come
with one of four ``Accept-Language`` headers (none: Simplified, bilingual; English;
Simplified; Traditional), as first visits do.

The stream is long (it does not repeat within a bench run) and the same for every
server: each server takes it up where its previous run stopped, so its caches see
what a server running for that long would have seen.

    python bench/web_mix.py           # the pools' sizes and the stream's repetition
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from urllib.parse import quote

import yaml

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
CORPUS = ROOT / "corpus"
SEED = 20261127
STREAM_LENGTH = 200_000
ZIPF_S = 1.0
# The shares of the old fixed mix: 10 searches (4 pages, 6 API calls), 8 rule pages,
# 4 glossary pages in 22 requests.
SHARES = {"search-page": 4, "search-api": 6, "rule": 8, "glossary": 4}
LANGUAGES = ["", "en-US,en;q=0.9", "zh-CN,zh;q=0.9", "zh-TW,zh;q=0.9"]
LANGUAGE_SHARES = [4, 3, 2, 1]
# The judge question sets read (named, so that a set added later does not change the
# stream: add it here, and say in bench/results/web.md that the mix changed).
ASK_FILES = [BENCH / "ask" / name for name in (
    "holdout-2026b.yaml", "holdout-2026c.yaml", "holdout-2026d.yaml", "holdout-2026e.yaml",
    "holdout-2026f.yaml", "holdout-2026g.yaml", "questions-2026.yaml", "questions.yaml")]
CURRENT = "2026-09-25"  # the current edition of the rules and glossary
BILINGUAL = "2019-10-04"  # the edition with the Chinese rules
SHORT = re.compile(r"\s+")
HAN = re.compile(r"[\u3400-\u9fff]")


@dataclass(frozen=True)
class Request:
    path: str
    language: int  # an index into LANGUAGES

    @property
    def kind(self) -> str:
        if self.path.startswith("/api/v1/search"):
            return "search-api"
        if self.path.startswith("/search"):
            return "search-page"
        return "rule" if "/cr/" in self.path else "glossary"


def _jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]


def _to_hant(text: str) -> str:
    from judgebot.text.script import to_hant  # OpenCC, as the service converts

    return to_hant(text)


def search_pool() -> list[tuple[str, dict[str, str]]]:
    """Every distinct (query, filters) of the sources above, in a fixed order."""
    found: list[tuple[str, dict[str, str]]] = []
    for file in sorted((BENCH / "relevance").glob("*.jsonl")):
        found += [(r["q"], dict(r.get("filters") or {})) for r in _jsonl(file)]
    for file in ASK_FILES:
        data = yaml.safe_load(file.read_text(encoding="utf-8"))
        found += [(SHORT.sub(" ", q["q"]).strip(), {}) for q in data["questions"]]
    for file in (CORPUS / f"mtg-glossary-{CURRENT}.jsonl",
                 CORPUS / f"mtg-glossary-{BILINGUAL}.jsonl", CORPUS / "mtg-card-tsr.jsonl"):
        for record in _jsonl(file):
            names = record.get("term") or record.get("name") or {}
            found += [(names[lang], {}) for lang in ("en", "zh-Hans") if names.get(lang)]
            if names.get("zh-Hans"):
                found.append((_to_hant(names["zh-Hans"]), {}))
    found += [(r["number"], {}) for r in _jsonl(CORPUS / f"mtg-rule-{CURRENT}.jsonl")
              if r.get("level") in ("rule", "subrule")][::7]  # a rule number searched
    unique = {(q, tuple(sorted(f.items()))): (q, f) for q, f in found if q.strip()}
    return list(unique.values())


def rule_pool() -> list[str]:
    current = [f"/mtg/cr/{r['number']}" for r in _jsonl(CORPUS / f"mtg-rule-{CURRENT}.jsonl")]
    bilingual = [f"/mtg/cr/{BILINGUAL}/{r['number']}"
                 for r in _jsonl(CORPUS / f"mtg-rule-{BILINGUAL}.jsonl")]
    return current + bilingual


def glossary_pool() -> list[str]:
    return [f"/mtg/glossary/{quote(r['slug'])}"
            for r in _jsonl(CORPUS / f"mtg-glossary-{CURRENT}.jsonl")]


def words(query: str) -> float:
    """About how many words a query has (a Chinese word is about two characters)."""
    han = len(HAN.findall(query))
    return max(1.0, len(HAN.sub(" ", query).split()) + han / 2)


def pool_sizes() -> dict[str, int]:
    return {"searches": len(search_pool()), "rule pages": len(rule_pool()),
            "glossary pages": len(glossary_pool())}


def search_path(query: str, filters: dict[str, str], page: bool) -> str:
    extra = "".join(f"&{k}={quote(v)}" for k, v in sorted(filters.items()))
    if page:
        return f"/search?q={quote(query)}{extra}&stay=1"
    return f"/api/v1/search?q={quote(query)}{extra}&per_page=10"


class Zipf:
    """Draws from ``items`` with probability ∝ 1/rank**s, in a popularity order
    chosen at random (weighted: an item of weight w tends to rank ahead)."""

    def __init__(self, items: list, rng: random.Random, weights: list[float] | None = None,
                 s: float = ZIPF_S) -> None:
        weights = weights or [1.0] * len(items)
        # A weighted random order (Efraimidis–Spirakis keys).
        keys = [rng.random() ** (1.0 / w) for w in weights]
        self.items = [x for _, x in sorted(zip(keys, range(len(items)), strict=True),
                                           reverse=True)]
        self.items = [items[i] for i in self.items]
        self.cumulative = list(accumulate(1.0 / (r ** s) for r in range(1, len(items) + 1)))

    def draw(self, rng: random.Random):
        return rng.choices(self.items, cum_weights=self.cumulative)[0]


def stream(length: int = STREAM_LENGTH, seed: int = SEED,
           shares: dict[str, int] | None = None) -> list[Request]:
    """The mix: ``length`` requests drawn as described above (the same for a seed)."""
    rng = random.Random(seed)
    searches = search_pool()
    pools = {
        "search": Zipf(searches, rng, [1.0 / words(q) for q, _ in searches]),
        "rule": Zipf(rule_pool(), rng),
        "glossary": Zipf(glossary_pool(), rng),
    }
    shares = shares or SHARES
    kinds, kind_weights = list(shares), list(shares.values())
    out = []
    for _ in range(length):
        kind = rng.choices(kinds, weights=kind_weights)[0]
        if kind.startswith("search"):
            query, filters = pools["search"].draw(rng)
            path = search_path(query, filters, page=kind == "search-page")
        else:
            path = pools[kind].draw(rng)
        language = 0 if kind == "search-api" else \
            rng.choices(range(len(LANGUAGES)), weights=LANGUAGE_SHARES)[0]
        out.append(Request(path, language))
    return out


def search_stream(length: int = STREAM_LENGTH, seed: int = SEED + 1) -> list[Request]:
    """Only the JSON searches instant search makes (for the simulations part)."""
    return stream(length, seed, {"search-api": 1})


def write(requests: list[Request], path: Path) -> None:
    """One request a line, ``path<TAB>language index`` (read by the bench's wrk script)."""
    path.write_text("".join(f"{r.path}\t{r.language + 1}\n" for r in requests),
                    encoding="utf-8")


def repetition(requests: list[Request]) -> dict:
    """How often the stream repeats itself: distinct requests (path and language),
    the share of distinct ones asked once, the share of requests that repeat an
    earlier one, and the share taken by the ten most asked."""
    counts = Counter((r.path, r.language) for r in requests)
    once = sum(1 for c in counts.values() if c == 1)
    top = sum(c for _, c in counts.most_common(10))
    return {"requests": len(requests), "distinct": len(counts),
            "distinct_once": round(once / len(counts), 3) if counts else 0,
            "repeats": round(1 - len(counts) / len(requests), 3) if requests else 0,
            "top10_share": round(top / len(requests), 3) if requests else 0}


def main() -> None:
    searches, rules, glossary = search_pool(), rule_pool(), glossary_pool()
    print(f"pools: {len(searches)} searches, {len(rules)} rule pages, "
          f"{len(glossary)} glossary pages")
    requests = stream()
    for n in (5_000, 20_000, 60_000, len(requests)):
        part = requests[:n]
        print(f"first {n:>7}: {repetition(part)}; "
              f"searches {repetition([r for r in part if r.kind.startswith('search')])}")
    for r in requests[:12]:
        print(f"  {r.path}  [{LANGUAGES[r.language] or 'no Accept-Language'}]")


if __name__ == "__main__":
    main()
