"""A game's typed state is declared once (the struct and the fixed attributes in its rules.pyx);
tools/declare.py makes the accessors, ``FIELDS``, ``_copy_extra`` and the stub entries from it,
and ``constants.py``, the rules' constants for the game's Python modules. These tests hold the
generated files to the declarations and the generator to its tags."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import random
import shutil
import sys
from pathlib import Path

import pytest

import garrison

ROOT = Path(__file__).resolve().parents[2]


def _load_declare():
    """tools/declare.py, as setup.py loads it (by its path: tools/ is no package)."""
    spec = importlib.util.spec_from_file_location("declare", ROOT / "tools" / "declare.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["declare"] = module
    spec.loader.exec_module(module)
    return module


declare = _load_declare()

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


CONSTANTS_SAMPLE = '''
cdef enum:
    CARDS = 40
    SEATS = 6          # at most
    TAKE = CARDS       # take(card) = TAKE + card
    LAY = TAKE + CARDS
    NOBODY = -1

cdef enum Event:
    EV_HAND = 0     # {hand_no} a hand begins

cdef enum:
    P_DEAL, P_PLAY, \\
        P_OVER
    WIDE = 1 << 4

TABLE = -1
DEAL, OVER = P_DEAL, P_OVER
#: The phases by number.
PHASE_NAMES = ("deal", "play",
               "over")
BY_SEATS = {2: 6, 3: 5}
LIMIT = SEATS * 2  # twice the seats
_PRIVATE = 3
TABLES = {}
CHANCE = [k for k in range(3)]
ELSEWHERE = IMPORTED_NAME
'''


def test_the_constants_are_every_enum_member_and_each_plain_constant():
    known = {}
    enums = declare.parse_enums(CONSTANTS_SAMPLE, known)
    plain = declare.parse_plain(CONSTANTS_SAMPLE, known)
    assert {c.name: c.value for c in enums} == {
        "CARDS": 40, "SEATS": 6, "TAKE": 40, "LAY": 80, "NOBODY": -1,
        "P_DEAL": 0, "P_PLAY": 1, "P_OVER": 2, "WIDE": 16}
    assert {c.name: c.value for c in plain} == {
        "TABLE": -1, "DEAL": 0, "OVER": 2, "PHASE_NAMES": ("deal", "play", "over"),
        "BY_SEATS": {2: 6, 3: 5}, "LIMIT": 12}
    docs = {c.name: c.doc for c in enums + plain}
    assert docs["TAKE"] == "take(card) = TAKE + card" and docs["PHASE_NAMES"] == "The phases by number."
    assert docs["P_PLAY"] == "" and docs["LIMIT"] == ""


@pytest.mark.parametrize("member", ["X = CARDS + MISSING", "X = 1.5", "X = (1, 2)", "X-Y"])
def test_an_enum_member_the_generator_cannot_work_out_is_refused(member):
    with pytest.raises(declare.DeclarationError):
        declare.parse_enums(f"cdef enum:\n    CARDS = 40\n    {member}\n", {})


def test_names_unpacked_from_a_value_of_another_length_are_refused():
    with pytest.raises(declare.DeclarationError, match="2 names"):
        declare.parse_plain("A, B = 1, 2, 3\n", {})


def test_a_constant_given_two_values_is_refused():
    with pytest.raises(declare.DeclarationError, match="CARDS is both 40 and 41"):
        declare.parse_enums("cdef enum:\n    CARDS = 40\ncdef enum:\n    CARDS = 41\n", {})


@pytest.mark.parametrize("name", sorted(garrison.games()))
def test_each_game_s_constants_module_has_the_compiled_rules_values(name):
    """Every constant also named in the compiled module (``HAND_SIZE = HAND``) has its value
    there: the generated module says what the compiled rules hold."""
    state = garrison.load(name).new_initial_state()
    package = type(state).__module__.rsplit(".", 1)[0]
    rules = importlib.import_module(package + ".rules")
    constants = importlib.import_module(package + ".constants")
    names = [n for n in vars(constants) if n.isupper()]
    shared = [n for n in names if hasattr(rules, n)]
    assert names and shared
    assert {n: getattr(rules, n) for n in shared} == {n: getattr(constants, n) for n in shared}


def test_a_value_changed_in_rules_pyx_alone_fails_the_check(tmp_path, capsys):
    """The declare check (``make lint``) fails when rules.pyx and constants.py drift apart:
    a value is written in rules.pyx only."""
    game = ROOT / "src" / "garrison" / "games" / "scopa"
    copy = tmp_path / "games" / "scopa"
    shutil.copytree(game, copy, ignore=shutil.ignore_patterns("*.so", "*.c", "__pycache__"))
    assert declare.main(["--check", "--games", str(tmp_path / "games")]) == 0
    rules = copy / "rules.pyx"
    source = rules.read_text(encoding="utf-8")
    assert "    TAKE_BASE = 40 " in source
    rules.write_text(source.replace("    TAKE_BASE = 40 ", "    TAKE_BASE = 41 "), encoding="utf-8")
    assert declare.main(["--check", "--games", str(tmp_path / "games")]) == 1
    assert "scopa/constants.py" in capsys.readouterr().err
    assert declare.main(["--games", str(tmp_path / "games")]) == 0  # written again
    assert "TAKE_BASE = 41\n" in (copy / "constants.py").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", sorted(p.parent.name for p in declare.targets()))
def test_no_python_module_writes_a_rules_constant_again(game):
    """A Python module of the game that needs a constant of rules.pyx imports it from
    ``constants.py``: no module-level ``NAME = <literal>`` gives a constant's name its value
    again (where it would drift from the rules)."""
    folder = ROOT / "src" / "garrison" / "games" / game
    values = {c.name: c.value for c in declare.constants(folder / "rules.pyx")}
    again = []
    for path in sorted(folder.glob("*.py")):
        if path.name == "constants.py":
            continue
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if not isinstance(node, ast.Assign):
                continue
            for target in node.targets:
                if isinstance(target, ast.Name) and target.id in values:
                    try:
                        value = ast.literal_eval(node.value)
                    except ValueError:
                        continue
                    if value == values[target.id]:
                        again.append(f"{path.name}: {target.id} = {value!r}")
    assert not again, again
