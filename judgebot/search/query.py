"""Reading what a user typed: rule references, phrases and words.

Nothing a user types is Whoosh query syntax: operators, stray quotes and
brackets are plain text, so no query can fail to parse. Quoted parts
(``"战斗伤害"``, ``“combat damage”``, ``「践踏」``) are phrases.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from judgebot.policynumbers import normalize as section_key
from judgebot.search.analysis import fold

MAX_QUERY_CHARS = 500  # longer input is cut here: nobody types more at a table
MAX_WORDS = 32

GAMES = {
    "fow": "fow", "forceofwill": "fow", "force of will": "fow",
    "mtg": "mtg", "magic": "mtg", "万智牌": "mtg", "魔法风云会": "mtg",
}
RULE_WORDS = (
    r"cr|comp(?:rehensive)?\s*rules?|rules?|r|section|sec|规则|规则书|完整规则|详细规则书|详细规则|条款|第"
)
RULE_REF = re.compile(
    rf"^\s*(?:(?P<game>fow|force\s*of\s*will|mtg|magic|万智牌|魔法风云会)\s*[:：]?\s*)?"
    rf"(?:(?P<edition>\d{{4}}-\d{{2}}-\d{{2}}|\d{{1,2}}\.\d{{1,2}})\s+)?"
    rf"(?:(?P<word>{RULE_WORDS})\s*[:：#]?\s*)?"
    # Roman numerals (or, since 12.x, digits) after a subrule letter: Force of
    # Will's 1415.1a-ii, 705.3a-1.
    r"(?P<number>\d{1,4}(?:\.\d{1,3}(?:\s?[a-z]{1,2}(?:-(?:[ivx]{1,5}|\d{1,2}))?)?)?)"
    r"\s*(?:条|條|章|节|節)?\s*[.。]?\s*$",
    re.IGNORECASE,
)
# "MTR 4.2", "ipg 2.2", "mtr appendix b", "MTR section 3.10", "MTR第3.12条",
# "违规处理方针 2.5": a section of a tournament document.
POLICY_DOCS = {"mtr": "mtr", "tournamentrules": "mtr", "magictournamentrules": "mtr",
               "比赛规则": "mtr", "万智牌比赛规则": "mtr",
               "ipg": "ipg", "infractionprocedureguide": "ipg", "违规处理方针": "ipg",
               "违规处理流程": "ipg", "违规处理指南": "ipg", "万智牌违规处理方针": "ipg"}
POLICY_REF = re.compile(
    r"^\s*(?P<doc>mtr|ipg|(?:magic\s*)?tournament\s*rules|infraction\s*procedure\s*guide"
    r"|(?:万智牌)?比赛规则|(?:万智牌)?违规处理(?:方针|流程|指南))\s*[:：]?\s*"
    r"(?:(?:section|sec\.?|§|第)\s*)?"
    r"(?P<key>\d{1,2}(?:\.\d{1,2})?|(?:appendix|app\.?|附录)\s*[-.]?\s*[a-z]"
    r"|introduction|intro|引言)"
    r"\s*(?:条|條|章|节|節)?\s*[.。]?\s*$",
    re.IGNORECASE,
)
QUOTED = re.compile(r'"([^"]+)"|“([^”]+)”|「([^」]+)」|『([^』]+)』|‘([^’]+)’')
# Characters that mean nothing in a search but could break or confuse one.
NOISE = re.compile(r"[\x00-\x1f\x7f\\^~*?:()\[\]<>|!&=@#$%`;'\"“”「」『』]")


@dataclass(frozen=True)
class RuleRef:
    game: str
    number: str
    edition: str | None = None


@dataclass(frozen=True)
class PolicyRef:
    doc: str  # mtr | ipg
    key: str  # 4.2, 4, appendix-a, introduction


@dataclass
class ParsedQuery:
    raw: str
    text: str  # cleaned and folded (Simplified, ASCII width)
    rule: RuleRef | None = None
    policy: PolicyRef | None = None
    phrases: list[str] = field(default_factory=list)
    free: str = ""  # the text outside quotes
    truncated: bool = False

    @property
    def empty(self) -> bool:
        return not self.rule and not self.policy and not self.phrases and not self.free.strip()


def clean(raw: str) -> tuple[str, bool]:
    """Printable, NFC, folded text of at most :data:`MAX_QUERY_CHARS` characters."""
    text = raw.replace("\x00", " ")
    text = "".join(ch if unicodedata.category(ch)[0] != "C" or ch in "\t\n" else " " for ch in text)
    text = unicodedata.normalize("NFC", text)
    truncated = len(text) > MAX_QUERY_CHARS
    text = fold(text[:MAX_QUERY_CHARS])
    return re.sub(r"\s+", " ", text).strip(), truncated


def rule_ref(text: str) -> RuleRef | None:
    m = RULE_REF.match(text)
    if not m:
        return None
    number = m.group("number").lower().replace(" ", "")
    word = (m.group("word") or "").lower()
    game = GAMES.get(re.sub(r"\s+", " ", (m.group("game") or "mtg").lower()), "mtg")
    head = number.split(".")[0]
    # A bare one- or two-digit number is a quantity ("20"), not a chapter,
    # unless it is introduced as a rule ("cr 7", "第7章").
    if "." not in number and len(head) < 3 and not word and game == "mtg":
        return None
    if "." not in number and len(head) > 3 and game == "mtg":
        return None
    return RuleRef(game=game, number=number, edition=m.group("edition"))


def policy_ref(text: str) -> PolicyRef | None:
    """A section of the Tournament Rules or the IPG, however it is written."""
    m = POLICY_REF.match(text)
    if not m:
        return None
    doc = POLICY_DOCS.get(re.sub(r"\s+", "", m.group("doc").lower()))
    key = section_key(m.group("key"))
    return PolicyRef(doc, key) if doc and key else None


def parse(raw: str) -> ParsedQuery:
    text, truncated = clean(raw)
    parsed = ParsedQuery(raw=raw, text=text, truncated=truncated)
    parsed.rule = rule_ref(text)
    if parsed.rule:
        return parsed
    parsed.policy = policy_ref(text)
    if parsed.policy:
        return parsed
    phrases = []
    for m in QUOTED.finditer(text):
        phrase = next(g for g in m.groups() if g).strip()
        phrase = NOISE.sub(" ", phrase).strip()
        if phrase:
            phrases.append(phrase)
    free = QUOTED.sub(" ", text)
    free = NOISE.sub(" ", free)
    words = free.split()
    parsed.phrases = phrases[:MAX_WORDS]
    parsed.free = " ".join(words[:MAX_WORDS])
    return parsed
