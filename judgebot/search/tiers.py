"""The index's two tiers, and BM25F computed within each.

Nine documents in ten are cards and their rulings. Indexed in the same fields
as the rules they would change every rule's statistics (a term's document
frequency, the number of documents, the average field length: BM25's idf and
length norm), and with them the order of rules that the relevance set was
measured on; "cast", in thousands of cards, would even become too common to
score. So the cards' and rulings' texts go into fields of their own
(``c_text_en`` … :data:`CARD_FIELDS`), and BM25F takes each field's
statistics over its own tier's documents only (:class:`TieredBM25F`): a rule
is scored as in an index of rules, a card as in an index of cards.
"""

from __future__ import annotations

from math import log

from whoosh.scoring import BM25F, BM25FScorer

# The rules tier's text fields → the cards tier's.
CARD_FIELDS = {"title_en": "c_title_en", "title_zh": "c_title_zh", "text_en": "c_text_en",
               "text_zh": "c_text_zh", "context": "c_context"}
CARD_KINDS = ("card", "ruling")


def tier_of(fieldname: str) -> str:
    return "cards" if fieldname.startswith("c_") else "rules"


class TieredBM25F(BM25F):
    """BM25F with each field's document count and average length taken over
    its tier (``counts``: tier → number of documents)."""

    def __init__(self, counts: dict[str, int], **kwargs):
        super().__init__(**kwargs)
        self.counts = counts

    def _count(self, searcher, fieldname: str) -> int:
        return self.counts.get(tier_of(fieldname)) or searcher.get_parent().doc_count_all()

    def idf(self, searcher, fieldname, text):
        parent = searcher.get_parent()
        n = parent.doc_frequency(fieldname, text)
        return log(self._count(searcher, fieldname) / (n + 1)) + 1

    def avg_field_length(self, searcher, fieldname) -> float:
        parent = searcher.get_parent()
        return parent.field_length(fieldname) / (self._count(searcher, fieldname) or 1)

    def scorer(self, searcher, fieldname, text, qf=1):
        if not searcher.schema[fieldname].scorable:
            return super().scorer(searcher, fieldname, text, qf)
        B = self._field_B.get(fieldname, self.B)
        scorer = BM25FScorer(searcher, fieldname, text, B, self.K1, qf=qf)
        scorer.avgfl = self.avg_field_length(searcher, fieldname) or 1
        return scorer
