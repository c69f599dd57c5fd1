"""A game's typed state is declared once (the struct and the fixed attributes in its rules.pyx);
scripts/declare.py makes the accessors, ``FIELDS``, ``_copy_extra`` and the stub entries from it.
These tests hold the generated files to the declarations and the generator to its tags."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import garrison
from script_module import load_script

ROOT = Path(__file__).resolve().parents[2]
declare = load_script("declare")

SAMPLE = '''
ctypedef unsigned long long Mask

cdef struct Toy:
    int score                  # the score so far
    Mask hands[MAX_SEATS]      # {:players} each seat's hand
    int order[8]               # {:n_order}
    int n_order                # {hidden}
    int over                   # {bool}
    int winners                # {bits:players} the winning seats
    int won[MAX_SEATS]         # {:players bits:8}
    int tally[MAX_SEATS][4]    # {:players}
    double result[2]
    int phase                  # {= NAMES[self.s.phase] -> str} the phase by name

cdef class ToyCore(CompiledState):
    """A toy."""

    cdef Toy s
    cdef public int players  # seats at the table
    cdef public bint strict, lenient
    cdef object table

    def __cinit__(self):
        pass
'''


def _accessors() -> dict[str, object]:
    _, _, fields, _, typedefs = declare.parse(SAMPLE)
    made = [declare.accessor(f, fields, typedefs) for f in fields]
    return {f.name: a for f, a in zip(fields, made)}


def test_the_generated_files_are_current():
    assert declare.main(["--check"]) == 0


def test_the_parser_reads_the_struct_and_the_fixed_attributes():
    core, struct, fields, attrs, typedefs = declare.parse(SAMPLE)
    assert (core, struct) == ("ToyCore", "Toy")
    assert [f.name for f in fields] == ["score", "hands", "order", "n_order", "over", "winners",
                                        "won", "tally", "result", "phase"]
    assert [(a.name, a.public) for a in attrs] == [("players", True), ("strict", True),
                                                   ("lenient", True), ("table", False)]
    assert attrs[0].doc == "seats at the table" and attrs[1].doc == ""
    assert typedefs["Mask"] == "unsigned long long"


def test_each_tag_makes_its_accessor_and_stub_type():
    made = _accessors()
    assert made["n_order"] is None
    expect = {
        "score": ("return self.s.score", "int"),
        "hands": ("return tuple([self.s.hands[i] for i in range(self.players)])",
                  "tuple[int, ...]"),
        "order": ("return tuple([self.s.order[i] for i in range(self.s.n_order)])",
                  "tuple[int, ...]"),
        "over": ("return bool(self.s.over)", "bool"),
        "winners": ("return tuple([b for b in range(self.players) if self.s.winners >> b & 1])",
                    "tuple[int, ...]"),
        "won": ("return tuple([tuple([b for b in range(8) if self.s.won[i] >> b & 1]) "
                "for i in range(self.players)])", "tuple[tuple[int, ...], ...]"),
        "tally": ("return tuple([tuple([self.s.tally[i][j] for j in range(4)]) "
                  "for i in range(self.players)])", "tuple[tuple[int, int, int, int], ...]"),
        "result": ("return tuple([self.s.result[i] for i in range(2)])", "tuple[float, float]"),
        "phase": ("return NAMES[self.s.phase]", "str"),
    }
    for name, (body, stub) in expect.items():
        got = made[name]
        assert got is not None
        assert (got.body[-1], got.stub) == (body, stub), name
    hands, phase = made["hands"], made["phase"]
    assert hands is not None and hands.doc == "each seat's hand"
    assert phase is not None and phase.doc == "the phase by name"


@pytest.mark.parametrize("tag", ["{:}", "{sometimes}", "{= x}"])
def test_an_unreadable_tag_is_refused(tag):
    source = SAMPLE.replace("int score                  # the score so far",
                            f"int score                  # {tag}")
    _, _, fields, _, typedefs = declare.parse(source)
    with pytest.raises(declare.DeclarationError):
        for f in fields:
            declare.accessor(f, fields, typedefs)


def test_a_struct_member_needs_a_value_tag():
    source = SAMPLE.replace("    int score ", "    Filter score ")
    _, _, fields, _, typedefs = declare.parse(source)
    with pytest.raises(declare.DeclarationError, match="needs a value tag"):
        declare.accessor(fields[0], fields, typedefs)


@pytest.mark.parametrize("name", sorted(garrison.games()))
def test_every_declared_field_reads_and_copies(name):
    """FIELDS are properties of every game's state; a copy (struct plus the fixed attributes
    ``_copy_extra`` hands over) reads the same values, and so does a copy of a copy after both
    play on identically."""
    game = garrison.load(name)
    state = game.new_initial_state()
    rng = random.Random(7)
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    fields = type(state).FIELDS
    assert fields and len(set(fields)) == len(fields)
    copy = state.clone()
    assert {f: getattr(copy, f) for f in fields} == {f: getattr(state, f) for f in fields}
    assert copy.fields() == state.fields()
    if not state.is_terminal():
        action = state.legal_actions()[0]
        state.apply_action(action)
        copy.apply_action(action)
        assert copy.clone().fields() == state.fields()


EVENTS_SAMPLE = '''
cdef enum Event:
    EV_HAND = 0     # {hand_no; dealer} a hand begins
    EV_TAKE = 4     # {seat:3 card:6 scopa:1; taken@20} a capture
    EV_SCORE = 6    # {hand_no; points[3]:10} the points per side
    EV_LEVEL = 7    # {} a tie
'''


def test_events_are_read_word_by_word_with_their_packed_fields():
    hand, take, score, level = declare.parse_events(EVENTS_SAMPLE)
    assert [(f.name, f.word, f.shift, f.width) for f in hand.fields] == [
        ("hand_no", 0, 0, 0), ("dealer", 1, 0, 0)]
    assert [(f.name, f.word, f.shift, f.width) for f in take.fields] == [
        ("seat", 0, 0, 3), ("card", 0, 3, 6), ("scopa", 0, 9, 1), ("taken", 1, 0, -1)]
    assert take.fields[3].splits == (20,) and take.fields[3].words == 2
    assert score.fields[1].count == 3 and level.fields == [] and take.cls == "TakeEvent"
    code = "\n".join(declare.event_code([hand, take, score, level]))
    assert ("st.emit(EV_TAKE, seat | card << 3 | scopa << 9, <int>(taken & 1048575), "
            "<int>(taken >> 20))") in code
    assert "return TakeEvent(a & 7, a >> 3 & 63, a >> 9 & 1, b | c << 20)" in code


@pytest.mark.parametrize("tag", ["{a; b; c; d}", "{a; b; c@20}", "{a:20 b:13}", "{a; a}",
                                 "{a; b?}", "{a!; b!}", "{a@20@20; b}", "{a[4]:10; b; c}",
                                 "{a:33}", "{count; b}"])
def test_an_event_the_words_cannot_hold_is_refused(tag):
    with pytest.raises(declare.DeclarationError):
        declare.parse_events(f"cdef enum Event:\n    EV_X = 1  # {tag}\n")


def test_scopa_s_decoded_events_name_their_fields():
    game = garrison.load("scopa")
    rules = sys.modules[type(game.new_initial_state()).__module__.rsplit(".", 1)[0] + ".rules"]
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    events = rules.decode_events(state.events())
    assert {type(e).__name__ for e in events} >= {"HandEvent", "TableEvent", "TakeEvent",
                                                  "ScoreEvent", "EndEvent"}
    takes = [e for e in events if isinstance(e, rules.TakeEvent)]
    assert all(0 <= e.seat < game.num_players and e.taken for e in takes)


WIDE_SAMPLE = '''
cdef enum Event:
    EV_RESULT = 0   # {deal:8 soloist:4+1 tricks:4; points; discards:32} a deal's result
    EV_TOTALS = 1   # {final; totals[4]:s16} party totals over two words
    EV_SUMS = 2     # {sums[6]:10+512; deserter+1} card values, two words
    EV_OUT = 3      # {cards@26@26} a card set over three words
    EV_DRAW = 4     # {seat!; pile:1 under:1; card?} the card is the seat's secret
    EV_PASS = 5     # {giver!; cards[2]:8} only the giver reads it
'''


def _decoded(code: str, cls: str, words: tuple[int, int, int, int]) -> tuple[object, ...]:
    """Run the generated Python decoder for one event class (the body of ``decode_event``)."""
    line = next(s for s in code.splitlines() if s.strip().startswith(f"return {cls}("))
    a, b, c = words[1:]
    inner = line.strip()[len(f"return {cls}("):-1]
    return eval(f"({inner},)", {}, {"a": a, "b": b, "c": c})  # noqa: S307


def test_offsets_signed_fields_and_wide_words_pack_as_the_old_hand_packing():
    result, totals, sums, out, draw, pass_ = declare.parse_events(WIDE_SAMPLE)
    code = "\n".join(declare.event_code([result, totals, sums, out, draw, pass_]))
    # an offset is added when packed, taken off when decoded; a word using bit 31 packs unsigned
    assert ("st.emit(EV_RESULT, deal | (soloist + 1) << 8 | tricks << 12, points, "
            "<int>(<unsigned int>discards))") in code
    assert _decoded(code, "ResultEvent", (0, 7 | 0 << 8 | 3 << 12, 90, -1)) == (7, -1, 3, 90,
                                                                              2**32 - 1)
    # signed 16-bit totals, two a word: the words the hand packing made read back
    words = ((5 & 0xFFFF) | (-3 << 16) & 0xFFFFFFFF, (-7 & 0xFFFF) | (12 << 16))
    words = tuple(w - 2**32 if w >= 2**31 else w for w in words)
    assert _decoded(code, "TotalsEvent", (1, 0, *words)) == (0, (5, -3, -7, 12))
    # an array over two words; a seat past the players packs to no bits (passed as -offset)
    packed = [(v + 512) << (10 * (s % 3)) for s, v in enumerate((4, -2, 30, -512, -512, -512))]
    a, b = packed[0] | packed[1] | packed[2], packed[3] | packed[4] | packed[5]
    assert b == 0 and _decoded(code, "SumsEvent", (2, a, b, 0))[0][:3] == (4, -2, 30)
    assert "<int>((cards >> 26) & 67108863), <int>(cards >> 52)" in code
    assert _decoded(code, "OutEvent", (3, 1, 2, 3)) == (1 | 2 << 26 | 3 << 52,)
    # the private events: a world for another seat drops PASS and blanks DRAW's card
    assert "PRIVATE = frozenset((EV_PASS, ))" in code
    hider = code[code.index("cdef inline void hide_from"):]
    assert "if e[0] == EV_DRAW and ev_draw_seat(e) != seat:\n            e[3] = -1" in hider
    assert "if e[0] == EV_PASS and ev_pass_giver(e) != seat:\n            continue" in hider
    assert "cdef inline int ev_result_soloist(const int* e) noexcept nogil:\n    return ((e[1] >> 8) & 15) - 1" in code
