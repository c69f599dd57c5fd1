"""Writes what a game's rules declare once. From the struct and the fixed attributes in
``games/<game>/rules.pyx`` it makes ``fields.pxi`` (``cdef class <Name>Fields(<Name>Core)``: an
accessor per field, ``FIELDS``, ``_copy_extra``; rules.pyx includes it at its end, and the state
class derives from it) and the accessors' stub entries (the marked blocks of ``rules.pyi``).
Cython allows ``include`` at module level only, not inside a class body, hence the subclass.

``setup.py`` runs it before compiling; ``make lint`` runs ``python tools/declare.py --check``,
which fails when a generated file is not what the declarations make.

The declarations (ARCHITECTURE.md, "Writing a game in the new shape"):

* the state struct, the one of the core class's ``cdef <Struct> s``: one line per field, as C
  declares it; each field gets a read-only property of the same name, its stub entry and a
  place in ``FIELDS`` (``fields()`` compares them), unless its comment opens with a tag:

  - ``{hidden}``: no accessor (bookkeeping the views do not read, or read through a view);
  - ``{bool}``: the value as a ``bool`` (each element, for an array);
  - ``{bits:LEN}``: a bitmask as the tuple of its set bits below ``LEN`` (each element's, for an
    array: ``{:n bits:LEN}``);
  - ``{:LEN}`` (and ``{:LEN bool}``): an array's first ``LEN`` elements (a fixed attribute
    such as ``n``, another field such as ``n_order``, a constant, or an expression of ``self``);
    an array without it gives every element; ``{:LEN, :LEN2}`` for two dimensions;
  - ``{= EXPR -> TYPE}``: the value ``EXPR`` (Python, of ``self``) of stub type ``TYPE``.

  The rest of the comment is the property's docstring.
* the fixed attributes: the core class's ``cdef`` attributes other than the struct (options,
  tables, fixed for a game): ``_copy_extra`` hands every one to a copy; the ``public`` ones get
  a stub entry (with the comment of a line that declares one attribute as its doc comment).

* the events (optional: a game without them logs through ``emit`` directly): the members of
  ``cdef enum Event``, one line an event, ``EV_<NAME> = code  # {words} what it records``. The
  tag lists the event's named fields word by word (an event is the kernel's ``code`` and three
  int words), words separated by ``;`` (ARCHITECTURE.md has the table):

  - ``name``: a whole word (a C int, may be negative); ``name+K``: stored as the value plus K;
  - ``a:3 b:6 c:1``: fields packed into one word, lowest bits first, each of the width given
    (unsigned; the width must hold every value the rules give it; a word may use all 32 bits,
    it is then packed unsigned); ``a:4+1``: stored as the value plus 1; ``a:s16``: signed;
  - ``name[K]:W``: ``K`` packed fields of width ``W`` (a tuple in Python, a ``const int*`` of
    ``K`` ints in C); alone in its word and wider than one, it goes on in the next words, as
    many whole elements a word as fit (``sums[6]:10``: three a word);
  - ``name@B``: a 64-bit set over two words: its lowest ``B`` bits in this word, the rest (at
    most 31 bits) in the next; ``name@B1@B2``: a set over three words (a 128-bit value);
  - ``seat!``: the seat the event is private to (an event without a ``?`` field is read by
    that seat only: ``PRIVATE``); ``card?``: a whole word that is that seat's secret.

  From them ``fields.pxi`` gets a typed emitter per event, ``emit_<name>(self, field=...)`` (C,
  the packing written once here), ``event_at``, a C reader per single field
  (``ev_<event>_<field>(e)``), ``hide_from(st, seat)`` (drops the other seats' private events,
  blanks their secrets: for a world made for ``seat``), ``EVENTS`` (name -> code),
  ``PRIVATE``, a ``<Name>Event`` named tuple per event and ``decode_event(e)`` /
  ``decode_events(events)``, which turn the kernel's ``(code, a, b, c)`` into them (what
  ``log.py`` reads: ``event.seat``); ``rules.pyi`` gets their stubs (its ``(events)`` block).

* the constants: every member of every ``cdef enum`` of rules.pyx and the ``.pxi`` files it
  includes (but ``Event``'s), and each module-level ``NAME = value`` of rules.pyx whose value is
  made of literals, tuples, dicts, arithmetic and the constants above it (``PHASE_NAMES = (...)``,
  ``HAND_SIZE = HAND``). They go to ``constants.py`` beside rules.pyx, a plain Python module the
  game's Python modules import (``actions.py``, ``deck.py``, ``observe.py``: no import of the
  compiled module, so no import cycle), with the ``#:`` comment above a constant or the comment
  on an enum member's line as its doc. So a value is written once, in rules.pyx.

Accessors computed from several fields (a trick from three arrays, a chase) stay hand-written
views in the core class, with their stub entries.
"""

from __future__ import annotations

import argparse
import ast
import json
import operator
import re
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "src" / "garrison" / "games"
HEADER = ("# Generated by tools/declare.py from the declarations in rules.pyx (the state struct and "
          "the fixed\n# attributes of {core}): do not edit. rules.pyx includes it at its end.")

FLOATS = {"double", "float"}
INTEGER_WORDS = {"unsigned", "signed", "char", "short", "int", "long"}
INTEGER_TYPES = {"Py_ssize_t", "size_t", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t",
                 "uint16_t", "uint32_t", "uint64_t"}
NAME = re.compile(r"^(\w+)((?:\[[^\]]+\])*)$")


class DeclarationError(ValueError):
    """A declaration the generator cannot read."""


@dataclass
class Field:
    ctype: str
    name: str
    dims: list[str]
    tag: str
    doc: str


@dataclass
class Attr:
    ctype: str
    name: str
    public: bool
    doc: str


def _split_decl(code: str) -> tuple[str, list[tuple[str, list[str]]]]:
    """``'int a[N], b'`` -> ``('int', [('a', ['N']), ('b', [])])``."""
    parts = [p.strip() for p in code.split(",")]
    first = parts[0]
    m = re.match(r"^(.*?[\s*])(\w+(?:\[[^\]]+\])*)$", first)
    if not m:
        raise DeclarationError(f"cannot read the declaration {code!r}")
    ctype = m.group(1).strip()
    names = []
    for part in [m.group(2)] + parts[1:]:
        n = NAME.match(part)
        if not n:
            raise DeclarationError(f"cannot read the name {part!r} in {code!r}")
        names.append((n.group(1), re.findall(r"\[([^\]]+)\]", n.group(2))))
    return ctype, names


def _code_and_comment(line: str) -> tuple[str, str]:
    code, _, comment = line.partition("#")
    return code.strip(), comment.strip()


def parse(source: str) -> tuple[str, str, list[Field], list[Attr], dict[str, str]]:
    """The core class's name, its struct's name, the struct's fields, the class's fixed
    attributes and the module's ``ctypedef``s (name -> C type)."""
    typedefs = {}
    for m in re.finditer(r"^\s*ctypedef ([\w ]+?) (\w+)(?: \"[^\"]*\")?\s*(?:#.*)?$", source, re.M):
        typedefs[m.group(2)] = m.group(1)
    cls = re.search(r"^cdef class (\w+Core)\(CompiledState\):\n", source, re.M)
    if not cls:
        raise DeclarationError("no `cdef class <Name>Core(CompiledState)`")
    core = cls.group(1)
    attrs: list[Attr] = []
    struct = None
    for line in source[cls.end():].splitlines():
        if line.startswith("    def ") or line.startswith("    @") or (
                line and not line.startswith(" ")):
            break
        code, comment = _code_and_comment(line)
        m = re.match(r"^cdef (public |readonly )?(.+)$", code)
        if not m or "(" in code:
            if code.startswith("cdef") and "(" in code:
                break
            continue
        ctype, names = _split_decl(m.group(2))
        for name, dims in names:
            if name == "s":
                struct = ctype
                continue
            attrs.append(Attr(ctype + "".join(f"[{d}]" for d in dims), name, bool(m.group(1)),
                              comment if len(names) == 1 else ""))
    if struct is None:
        raise DeclarationError(f"{core} has no `cdef <Struct> s`")
    body = re.search(rf"^cdef struct {struct}:\n((?:[ \t]+.*\n|\n)+?)(?=\S)", source, re.M)
    if not body:
        raise DeclarationError(f"no `cdef struct {struct}`")
    fields = []
    for line in body.group(1).splitlines():
        code, comment = _code_and_comment(line)
        if not code:
            continue
        tag, doc = "", comment
        t = re.match(r"^\{([^}]*)\}\s*(.*)$", comment)
        if t:
            tag, doc = t.group(1).strip(), t.group(2)
        ctype, names = _split_decl(code)
        for name, dims in names:
            fields.append(Field(ctype, name, dims, tag, doc))
    return core, struct, fields, attrs, typedefs


def _scalar_type(ctype: str, typedefs: dict[str, str]) -> str:
    base = ctype.replace("const ", "").strip()
    while base in typedefs:
        base = typedefs[base].strip()
    if base == "bint":
        return "bool"
    if base in FLOATS:
        return "float"
    if set(base.split()) <= INTEGER_WORDS or base in INTEGER_TYPES:
        return "int"
    return "Any"  # a Python object, a pointer, a struct


def _length(expr: str, fields: list[Field]) -> str:
    expr = expr.strip()
    if re.fullmatch(r"\w+", expr):
        if expr.isdigit() or expr.isupper():
            return expr
        if any(f.name == expr for f in fields):
            return f"self.s.{expr}"
        return f"self.{expr}"
    return expr


@dataclass
class Accessor:
    name: str
    body: list[str]
    stub: str
    doc: str


def accessor(f: Field, fields: list[Field], typedefs: dict[str, str]) -> Accessor | None:
    tag = f.tag
    if tag == "hidden":
        return None
    if tag.startswith("="):
        expr, arrow, stub = tag[1:].partition("->")
        if not arrow:
            raise DeclarationError(f"{f.name}: a value tag is `= EXPR -> TYPE`")
        return Accessor(f.name, [f"return {expr.strip()}"], stub.strip(), f.doc)
    as_bool = tag == "bool" or tag.endswith(" bool")
    if as_bool:
        tag = tag[: -len("bool")].strip()
    bits = re.search(r"(?:^|\s)bits:(\S+)$", tag)
    if bits:
        tag = tag[: bits.start()].strip()
    elem = "bool" if as_bool else _scalar_type(f.ctype, typedefs)
    if elem == "Any":
        raise DeclarationError(f"{f.name}: a {f.ctype} needs a value tag or {{hidden}}")
    lengths = [part.strip()[1:] for part in tag.split(",")] if tag else []
    if tag and not all(part.strip().startswith(":") for part in tag.split(",")):
        raise DeclarationError(f"{f.name}: unknown tag {{{f.tag}}}")
    if not all(lengths):
        raise DeclarationError(f"{f.name}: an empty length in {{{f.tag}}}")
    if len(lengths) > len(f.dims):
        raise DeclarationError(f"{f.name}: more lengths than dimensions")
    lengths += f.dims[len(lengths):]
    index = "ijk"[: len(f.dims)]
    value = f"self.s.{f.name}" + "".join(f"[{i}]" for i in index)
    stub = elem
    if as_bool:
        value = f"bool({value})"
    elif bits:
        value = (f"tuple([b for b in range({_length(bits.group(1), fields)}) "
                 f"if {value} >> b & 1])")
        stub = "tuple[int, ...]"
    if not f.dims:
        return Accessor(f.name, [f"return {value}"], stub, f.doc)
    for k in reversed(range(len(f.dims))):
        n = _length(lengths[k], fields)
        value = f"tuple([{value} for {index[k]} in range({n})])"
        if n.isdigit() and int(n) <= 4 and k == len(f.dims) - 1:
            stub = f"tuple[{', '.join([stub] * int(n))}]"
        else:
            stub = f"tuple[{stub}, ...]"
    body = [f"cdef Py_ssize_t {', '.join(index)}", f"return {value}"]
    return Accessor(f.name, body, stub, f.doc)


@dataclass
class EvField:
    name: str
    word: int        # the word it starts in (0, 1, 2: a, b, c)
    shift: int       # its lowest bit in that word
    width: int       # 0: the whole word; -1: a set over several words (``splits``)
    count: int       # 0: one value; K: K packed values (an array)
    bias: int = 0    # stored as the value plus this (``+K``)
    signed: bool = False  # a packed two's-complement field (``sW``)
    splits: tuple[int, ...] = ()  # a set: its bits in each word but the last
    per_word: int = 0  # an array over several words: its elements in each word (0: one word)
    marker: str = ""   # "!": the seat the event is private to; "?": that seat's secret

    @property
    def words(self) -> int:
        """How many words the field takes (packed fields share theirs)."""
        if self.width == -1:
            return len(self.splits) + 1
        if self.per_word:
            return -(-self.count // self.per_word)
        return 1


@dataclass
class Event:
    const: str       # EV_TAKE
    code: int
    name: str        # TAKE
    fields: list[EvField]
    doc: str

    @property
    def cls(self) -> str:
        return "".join(part.capitalize() for part in self.name.split("_")) + "Event"

    @property
    def owner(self) -> EvField | None:
        """The field naming the seat the event (or its secret fields) is private to."""
        return next((f for f in self.fields if f.marker == "!"), None)

    @property
    def secrets(self) -> list[EvField]:
        return [f for f in self.fields if f.marker == "?"]

    @property
    def private(self) -> bool:
        """Only the owner may read the event at all (it has an owner and no secret field)."""
        return self.owner is not None and not self.secrets


_WHOLE = re.compile(r"(\w+)([!?]?)(?:\+(\d+))?")
_SET = re.compile(r"(\w+)((?:@\d+)+)")
_PACKED = re.compile(r"(\w+)(?:\[(\d+)\])?([!]?):(s?)(\d+)(?:\+(\d+))?")


def parse_events(source: str) -> list[Event]:
    """The members of ``cdef enum Event`` with their tagged fields (none: an empty list)."""
    body = re.search(r"^cdef enum Event:\n((?:[ \t]+.*\n|\n)+?)(?=\S|\Z)", source, re.M)
    if not body:
        return []
    out = []
    for line in body.group(1).splitlines():
        code, comment = _code_and_comment(line)
        if not code:
            continue
        m = re.fullmatch(r"(EV_(\w+))\s*=\s*(\d+)", code)
        if not m:
            raise DeclarationError(f"an event is `EV_<NAME> = <code>`, not {code!r}")
        t = re.match(r"^\{([^}]*)\}\s*(.*)$", comment)
        if not t:
            raise DeclarationError(f"{m.group(1)}: no {{fields}} tag")
        fields = _event_fields(m.group(1), t.group(1))
        names = [f.name for f in fields]
        if len(set(names)) != len(names):
            raise DeclarationError(f"{m.group(1)}: a field named twice")
        if {"count", "index"} & set(names) or any(n.startswith("_") for n in names):
            raise DeclarationError(f"{m.group(1)}: a field's name is a tuple's (count, index, _...)")
        owners = [f for f in fields if f.marker == "!"]
        if len(owners) > 1 or (not owners and any(f.marker == "?" for f in fields)):
            raise DeclarationError(f"{m.group(1)}: one `!` field (the owner) for its secrets")
        out.append(Event(m.group(1), int(m.group(3)), m.group(2), fields, t.group(2)))
    if len({e.code for e in out}) != len(out):
        raise DeclarationError("two events share a code")
    return out


def _event_fields(const: str, tag: str) -> list[EvField]:
    fields: list[EvField] = []
    word = 0
    for spec in [w.strip() for w in tag.split(";")] if tag.strip() else []:
        if word > 2:
            raise DeclarationError(f"{const}: more than three words")
        tokens = spec.split()
        if len(tokens) == 1 and (s := _SET.fullmatch(tokens[0])):
            splits = tuple(int(b) for b in s.group(2)[1:].split("@"))
            if word + len(splits) > 2 or not all(0 < b <= 31 for b in splits):
                raise DeclarationError(f"{const}: {tokens[0]} does not fit the words left")
            fields.append(EvField(s.group(1), word, 0, -1, 0, splits=splits))
            word += len(splits) + 1
            continue
        if len(tokens) == 1 and (w := _WHOLE.fullmatch(tokens[0])):
            fields.append(EvField(w.group(1), word, 0, 0, 0, bias=int(w.group(3) or 0),
                                  marker=w.group(2)))
            word += 1
            continue
        shift = 0
        for token in tokens:
            f = _PACKED.fullmatch(token)
            if not f:
                raise DeclarationError(f"{const}: cannot read the field {token!r}")
            count, width = int(f.group(2) or 0), int(f.group(5))
            field = EvField(f.group(1), word, shift, width, count, bias=int(f.group(6) or 0),
                            signed=bool(f.group(4)), marker=f.group(3))
            if not 0 < width <= 32:
                raise DeclarationError(f"{const}: {token}: a width is 1 to 32 bits")
            if len(tokens) == 1 and count * width > 32:  # an array alone spans words
                field.per_word = 32 // width
                if word + field.words > 3:
                    raise DeclarationError(f"{const}: {token} does not fit the words left")
                fields.append(field)
                word += field.words
                break
            fields.append(field)
            shift += width * max(count, 1)
        else:
            if shift > 32:
                raise DeclarationError(f"{const}: {shift} bits packed into one word")
            word += 1
    if word > 3:
        raise DeclarationError(f"{const}: more than three words")
    return fields


def _ctype(f: EvField) -> str:
    if f.width == -1:
        return "uint64_t" if len(f.splits) == 1 else "_Set128"
    return "const int*" if f.count else "int"


def _pieces(f: EvField, wide: bool) -> list[tuple[int, str]]:
    """``(word, C expression)`` for each part of the field's packing (``wide``: the word uses
    its sign bit, so the packing is done unsigned)."""
    if f.width == -1:
        out, low = [], 0
        for k, bits in enumerate(f.splits):
            part = f"{f.name} >> {low}" if low else f.name
            part = f"({part})" if low else part
            out.append((f.word + k, f"<int>({part} & {(1 << bits) - 1})"))
            low += bits
        out.append((f.word + len(f.splits), f"<int>({f.name} >> {low})"))
        return out
    value = f"({f.name} + {f.bias})" if f.bias else f.name
    if f.width == 0:
        return [(f.word, value)]
    mask = (1 << f.width) - 1
    out = []
    for k in range(max(f.count, 1)):
        v = f"({f.name}[{k}] + {f.bias})" if f.count and f.bias else (
            f"{f.name}[{k}]" if f.count else value)
        word, shift = f.word, f.shift + k * f.width
        if f.per_word:
            word, shift = f.word + k // f.per_word, (k % f.per_word) * f.width
        if f.signed:
            v = f"(<unsigned int>{v} & {mask})"
        elif wide:
            v = f"<unsigned int>{v}"
        out.append((word, f"{v} << {shift}" if shift else v))
    return out


def _emitter(e: Event) -> list[str]:
    parts: list[list[str]] = [[], [], []]
    wide = [False] * 3
    for f in e.fields:
        if f.width > 0:
            last = f.shift + f.width * (f.per_word or max(f.count, 1))
            for k in range(f.words):
                wide[f.word + k] |= f.signed or last > 31
    for f in e.fields:
        for word, expr in _pieces(f, f.width > 0 and wide[f.word]):
            parts[word].append(expr)
    words = []
    for k in range(3):
        if not parts[k]:
            words.append("0")
        elif wide[k]:
            words.append(f"<int>({' | '.join(parts[k])})")
        else:
            words.append(" | ".join(parts[k]))
    args = [f"{_ctype(f)} {f.name}" for f in e.fields]
    head = f"cdef inline void emit_{e.name.lower()}({', '.join(['CompiledState st', *args])}) noexcept nogil:"
    doc = f'    """{_sentence(e.doc)}"""' if e.doc else None
    call = f"    st.emit({e.const}, {', '.join(words)})"
    return [head, *([doc] if doc else []), call]


def _unpacked(f: EvField, w: str, shift: int) -> str:
    mask = (1 << f.width) - 1
    v = f"{w} >> {shift} & {mask}" if shift else f"{w} & {mask}"
    if f.signed:
        half = 1 << (f.width - 1)
        v = f"(({v}) ^ {half}) - {half}"
    return f"({v}) - {f.bias}" if f.bias else v


def _decoder(e: Event) -> str:
    values = []
    word = "abc"
    for f in e.fields:
        w = word[f.word]
        if f.width == -1:
            low, parts = 0, [w]
            for k, bits in enumerate(f.splits):
                low += bits
                parts.append(f"{word[f.word + k + 1]} << {low}")
            values.append(" | ".join(parts))
        elif f.width == 0:
            values.append(f"{w} - {f.bias}" if f.bias else w)
        elif f.count:
            items = []
            for k in range(f.count):
                at, shift = f.word, f.shift + k * f.width
                if f.per_word:
                    at, shift = f.word + k // f.per_word, (k % f.per_word) * f.width
                items.append(_unpacked(f, word[at], shift))
            values.append("(" + ", ".join(items) + ",)")
        else:
            values.append(_unpacked(f, w, f.shift))
    return f"{e.cls}({', '.join(values)})"


def _readers(e: Event) -> list[str]:
    """C readers of the event's single fields from its four words (``event_at``)."""
    out = []
    for f in e.fields:
        if f.count or f.width == -1:
            continue
        w = f"e[{f.word + 1}]"
        value = w if f.width == 0 or (f.width >= 32 and not f.shift) else (
            f"({w} >> {f.shift}) & {(1 << f.width) - 1}" if f.shift else f"{w} & {(1 << f.width) - 1}")
        if f.signed:
            half = 1 << (f.width - 1)
            value = f"(({value}) ^ {half}) - {half}"
        if f.bias:
            value = f"({value}) - {f.bias}"
        out += ["", f"cdef inline int ev_{e.name.lower()}_{f.name}(const int* e) noexcept nogil:",
                f"    return {value}"]
    return out


def _hider(events: list[Event]) -> list[str]:
    owned = [e for e in events if e.owner is not None]
    if not owned:
        return []
    out = ["", "", "cdef inline void hide_from(CompiledState st, int seat) noexcept nogil:",
           '    """Keep in the log only what ``seat`` may read: drop the other seats\' private events,',
           '    blank (-1) their secret fields. For a world made for ``seat`` (its search)."""',
           "    cdef Py_ssize_t i, k = 0",
           "    cdef int* e",
           "    for i in range(st._nevents):",
           "        e = event_at(st, i)"]
    for e in owned:
        owner = e.owner
        assert owner is not None
        test = f"e[0] == {e.const} and ev_{e.name.lower()}_{owner.name}(e) != seat"
        if e.private:
            out += [f"        if {test}:", "            continue"]
        else:
            out += [f"        if {test}:"]
            out += [f"            e[{f.word + 1}] = -1" for f in e.secrets]
    out += ["        if k != i:",
            "            memcpy(event_at(st, k), e, EVENT_WORDS * sizeof(int))",
            "        k += 1",
            "    st._nevents = k"]
    return out


def event_code(events: list[Event]) -> list[str]:
    """The part of fields.pxi made from ``cdef enum Event``."""
    if not events:
        return []
    out = ["", "", "# -- the events (``cdef enum Event``): emitters, names, decoding " + "-" * 34]
    if any(f.width == -1 and len(f.splits) > 1 for e in events for f in e.fields):
        out += ["", "cdef extern from *:", '    ctypedef unsigned long long _Set128 "unsigned __int128"']
    for e in events:
        out += ["", ""] + _emitter(e)
    out += ["", "", "cdef inline int* event_at(CompiledState st, Py_ssize_t i) noexcept nogil:",
            '    """The ``i``-th event\'s words: its code, then a, b, c."""',
            "    return st._events + EVENT_WORDS * i"]
    for e in events:
        out += _readers(e)
    out += _hider(events)
    out += ["", "", "#: Every event's code by its name.", "EVENTS = {"]
    out += [f"    {e.name!r}: {e.const}," for e in events]
    out += ["}", "#: The events only the seat in their ``!`` field may read.",
            "PRIVATE = frozenset((" + "".join(f"{e.const}, " for e in events if e.private) + "))",
            ""]
    for e in events:
        fields = ", ".join(f"({f.name!r}, {'tuple' if f.count else 'int'})" for f in e.fields)
        out += [f"{e.cls} = _typing.NamedTuple({e.cls!r}, [{fields}])"]
        if e.doc:
            out += [f"{e.cls}.__doc__ = {_sentence(e.doc)!r}"]
    out += ["", "#: Any of the game's events, decoded.",
            f"AnyEvent = _typing.Union[{', '.join(e.cls for e in events)}]"]
    out += ["", "", "def decode_event(tuple e):",
            '    """The event ``(code, a, b, c)`` of ``events()`` as its named tuple (fields by '
            'name)."""',
            "    code, a, b, c = e"]
    for i, e in enumerate(events):
        out += [f"    {'if' if i == 0 else 'elif'} code == {e.const}:",
                f"        return {_decoder(e)}"]
    out += ['    raise ValueError(f"unknown event code {code}")', "", "",
            "def decode_events(events):",
            '    """``decode_event`` of each event, in order."""',
            "    return [decode_event(e) for e in events]"]
    return out


def _sentence(doc: str) -> str:
    return (doc[0].upper() + doc[1:]).rstrip(".") + "."


def event_stub(events: list[Event]) -> list[str]:
    out = ["EVENTS: dict[str, int]", "PRIVATE: frozenset[int]"]
    for e in events:
        out.append(f"class {e.cls}(NamedTuple):")
        out += [f"    {f.name}: {'tuple[int, ...]' if f.count else 'int'}" for f in e.fields] or [
            "    pass"]
    out.append("AnyEvent: TypeAlias = (")
    line = "   "
    for k, e in enumerate(events):
        part = f" {e.cls}" + (" |" if k < len(events) - 1 else "")
        if len(line) + len(part) > 99:
            out.append(line)
            line = "   "
        line += part
    out += [line, ")"]
    out.append("def decode_event(e: tuple[int, int, int, int]) -> AnyEvent: ...")
    out.append("def decode_events(events: Iterable[tuple[int, int, int, int]]) -> list[AnyEvent]: ...")
    return out


# -- the constants: every ``cdef enum`` member and the plain constants, for Python ----------------

CONSTANTS_HEADER = (
    "The constants of {game}'s rules for its Python modules, made by tools/declare.py from {files}: "
    "every ``cdef enum`` member but the events' (``EVENTS`` has those), and each ``NAME = value`` "
    "of rules.pyx made of literals and the constants above it. Do not edit: the value is written "
    "in rules.pyx only, and ``tools/declare.py --check`` fails when this file differs."
)

_OPERATORS: dict[type, Any] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.LShift: operator.lshift,
    ast.RShift: operator.rshift, ast.BitOr: operator.or_, ast.BitAnd: operator.and_,
    ast.BitXor: operator.xor, ast.USub: operator.neg, ast.UAdd: operator.pos,
    ast.Invert: operator.invert,
}


class _NotConstant(Exception):
    """An expression that is not made of literals and known constants."""


def _value(node: ast.AST, known: dict[str, Any]) -> Any:
    """The value of ``node``, made of literals, tuples, dicts and the constants in ``known``
    (an empty dict is a table filled later, not a constant)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, str, float)):
        return node.value
    if isinstance(node, ast.Name):
        if node.id not in known:
            raise _NotConstant(node.id)
        return known[node.id]
    if isinstance(node, ast.Tuple):
        return tuple(_value(e, known) for e in node.elts)
    if isinstance(node, ast.Dict) and node.keys and all(k is not None for k in node.keys):
        return {_value(k, known): _value(v, known)
                for k, v in zip(node.keys, node.values, strict=True) if k is not None}
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        return _OPERATORS[type(node.op)](_value(node.left, known), _value(node.right, known))
    if isinstance(node, ast.UnaryOp) and type(node.op) in _OPERATORS:
        return _OPERATORS[type(node.op)](_value(node.operand, known))
    raise _NotConstant(ast.dump(node))


@dataclass
class Constant:
    name: str
    value: Any
    doc: str


def _enum_blocks(source: str) -> list[tuple[str, str]]:
    """(enum name or "", body) of each ``cdef enum`` of a module."""
    return [(m.group(1) or "", m.group(2)) for m in re.finditer(
        r"^cdef enum(?: (\w+))?:[^\n]*\n((?:[ \t]+.*\n|[ \t]*\n)+?)(?=\S|\Z)", source, re.M)]


def parse_enums(source: str, known: dict[str, Any]) -> list[Constant]:
    """The members of every ``cdef enum`` but ``Event``, with their values (a member without
    one is the one before it plus one, the first 0) and the comment on their line as their doc
    (a line of one member); ``known`` (the constants so far) gains them."""
    out = []
    for name, body in _enum_blocks(source):
        if name == "Event":
            continue
        following = 0
        for line in body.replace("\\\n", " ").splitlines():
            code, comment = _code_and_comment(line)
            members = [m.strip() for m in code.split(",") if m.strip()]
            for member in members:
                m = re.fullmatch(r"(\w+)(?:\s*=\s*(.+))?", member)
                if not m:
                    raise DeclarationError(f"cannot read the enum member {member!r}")
                try:
                    value = (_value(ast.parse(m.group(2), mode="eval").body, known)
                             if m.group(2) else following)
                except (_NotConstant, SyntaxError) as e:
                    raise DeclarationError(f"{m.group(1)}: cannot work out {m.group(2)!r}") from e
                if not isinstance(value, int):
                    raise DeclarationError(f"{m.group(1)}: an enum member is an int, not {value!r}")
                _define(known, m.group(1), value)
                out.append(Constant(m.group(1), value, comment if len(members) == 1 else ""))
                following = value + 1
    return out


def _define(known: dict[str, Any], name: str, value: Any) -> None:
    if name in known and known[name] != value:
        raise DeclarationError(f"{name} is both {known[name]!r} and {value!r}")
    known[name] = value


def parse_plain(source: str, known: dict[str, Any]) -> list[Constant]:
    """Each module-level ``NAME = value`` (an upper-case name; a value of literals, tuples,
    dicts, arithmetic and the constants above it; the ``#:`` comment above it is its doc) and
    ``A, B = a, b`` (a name each).
    Other assignments are not constants and are passed over. ``known`` gains them."""
    out = []
    lines = source.splitlines()
    doc: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if line.startswith("#:"):
            doc.append(line[2:].strip())
            continue
        m = re.match(r"^([A-Z][A-Z0-9_]*(?:, [A-Z][A-Z0-9_]*)*) = (.*)$", line)
        if not m:
            doc = []
            continue
        text = m.group(2)
        while _open_brackets(text) > 0 and i < len(lines):
            text += "\n" + lines[i]
            i += 1
        names = m.group(1).split(", ")
        try:
            value = _value(ast.parse(text.strip(), mode="eval").body, known)
        except (_NotConstant, SyntaxError):
            doc = []
            continue
        values = [value] if len(names) == 1 else list(value) if isinstance(value, tuple) else []
        if len(values) != len(names):
            raise DeclarationError(f"{m.group(1)}: {len(names)} names for {value!r}")
        for name, one in zip(names, values, strict=True):
            _define(known, name, one)
            out.append(Constant(name, one, " ".join(doc) if len(names) == 1 else ""))
        doc = []
    return out


def _open_brackets(text: str) -> int:
    code = re.sub(r"'[^']*'|\"[^\"]*\"|#.*", "", text)
    return sum(code.count(c) for c in "([{") - sum(code.count(c) for c in ")]}")


def _included(path: Path) -> list[Path]:
    """The ``.pxi`` files rules.pyx includes, in order (not the generated fields.pxi)."""
    source = path.read_text(encoding="utf-8")
    return [path.parent / name for name in re.findall(r'^include "(\w+\.pxi)"', source, re.M)
            if name != "fields.pxi"]


def constants(path: Path) -> list[Constant]:
    """The constants of a game's rules.pyx and the files it includes: the enums of each, in
    the order of inclusion, then rules.pyx's plain constants."""
    known: dict[str, Any] = {}
    out = []
    for source in [path, *_included(path)]:
        out += parse_enums(source.read_text(encoding="utf-8"), known)
    out += parse_plain(path.read_text(encoding="utf-8"), known)
    return out


def _literal(value: Any, room: int) -> str:
    """``value`` as Python source (strings in double quotes); a tuple or dict too long for
    ``room`` characters goes on over the lines that follow, as many items a line as fit."""
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, tuple):
        items = [_literal(v, 95) for v in value]
        brackets = "(" + ("," if len(items) == 1 else "") + ")"
    elif isinstance(value, dict):
        items = [f"{_literal(k, 95)}: {_literal(v, 95)}" for k, v in value.items()]
        brackets = "{}"
    else:
        return repr(value)
    text = brackets[0] + ", ".join(items) + brackets[1:]
    if len(text) <= room:
        return text
    lines, line = [], "   "
    for item in items:
        if len(line) + len(item) + 2 > 99:
            lines.append(line)
            line = "   "
        line += f" {item},"
    return brackets[0] + "\n" + "\n".join([*lines, line]) + "\n" + brackets[-1]


def constants_module(path: Path) -> str:
    """The ``constants.py`` of a game's rules.pyx."""
    files = ", ".join(["rules.pyx", *(p.name for p in _included(path))])
    header = CONSTANTS_HEADER.format(game=path.parent.name, files=files)
    out = ['"""' + textwrap.fill(header, 99, initial_indent="###")[3:], '"""', ""]
    for c in constants(path):
        if c.doc:
            out += textwrap.wrap(c.doc, 99, initial_indent="#: ", subsequent_indent="#: ")
        out.append(f"{c.name} = {_literal(c.value, 99 - len(c.name) - 3)}")
    return "\n".join(out) + "\n"


def _block(label: str, indent: str) -> re.Pattern[str]:
    return re.compile(rf"^{indent}# -- generated by tools/declare\.py \({label}\): do not edit -+\n"
                      rf"(?:.*\n)*?{indent}# -- end of the generated part -+$", re.M)


def _marked(label: str, indent: str, lines: list[str]) -> str:
    head = f"{indent}# -- generated by tools/declare.py ({label}): do not edit "
    tail = f"{indent}# -- end of the generated part "
    return "\n".join([head + "-" * (99 - len(head)), *lines, tail + "-" * (99 - len(tail))])


def generate(path: Path) -> tuple[str, str]:
    """(fields.pxi, rules.pyi) of a game's rules.pyx."""
    source = path.read_text(encoding="utf-8")
    core, _, fields, attrs, typedefs = parse(source)
    cls = core[: -len("Core")] + "Fields"
    names = [f.name for f in fields]
    if len(set(names)) != len(names):
        raise DeclarationError(f"{path}: a field is declared twice")
    made = [a for a in (accessor(f, fields, typedefs) for f in fields) if a is not None]
    out = [HEADER.format(core=core), "",
           f"cdef class {cls}({core}):",
           f'    """{core} with its declared fields readable from Python: the accessors, '
           '``FIELDS``\n    and ``_copy_extra``."""', "",
           "    #: The struct's fields that Python reads, in the struct's order (``fields()``).",
           "    FIELDS = ("]
    line = "       "
    for a in made:
        if len(line) + len(a.name) + 4 > 99:
            out.append(line.rstrip())
            line = "       "
        line += f" {a.name!r},"
    out.append(line)
    out.append("    )")
    out.append("")
    out.append("    cdef void _copy_extra(self, CompiledState other) noexcept:")
    out.append('        """Hand the fixed attributes to a copy (the kernel copies the struct)."""')
    if attrs:
        out.append(f"        cdef {core} o = <{core}>other")
        out.extend(f"        o.{a.name} = self.{a.name}" for a in attrs)
    for a in made:
        out.append("")
        out.append("    @property")
        out.append(f"    def {a.name}(self):")
        if a.doc:
            doc = (a.doc[0].upper() + a.doc[1:]).replace("\\", "\\\\")
            out.append(f'        """{doc.rstrip(".")}."""')
        out.extend(f"        {line}" for line in a.body)
    events = parse_events(source)
    if events:
        out[1:1] = ["from libc.stdint cimport uint64_t", "from libc.string cimport memcpy",
                     "from garrison.core.compiled cimport EVENT_WORDS", "import typing as _typing", ""]
    out += event_code(events)
    pxi = "\n".join(out) + "\n"
    fixed = []
    for attr in attrs:
        if attr.public:
            fixed += [f"    #: {attr.doc}"] if attr.doc else []
            fixed.append(f"    {attr.name}: {_scalar_type(attr.ctype, typedefs)}")
    stub = [f"class {cls}({core}):", "    FIELDS: tuple[str, ...]"]
    for a in made:
        stub.append("    @property")
        stub.append(f"    def {a.name}(self) -> {a.stub}: ...")
    pyi_path = path.with_suffix(".pyi")
    pyi = pyi_path.read_text(encoding="utf-8")
    blocks = [("fixed attributes", "    ", fixed), ("fields", "", stub)]
    if events:
        blocks.append(("events", "", event_stub(events)))
    for label, indent, lines in blocks:
        block = _block(re.escape(label), indent)
        if not block.search(pyi):
            raise DeclarationError(f"{pyi_path} has no generated block ({label})")
        pyi = block.sub(lambda _, label=label, indent=indent, lines=lines:
                        _marked(label, indent, lines), pyi, count=1)
    return pxi, pyi


def targets(games: Path = GAMES) -> list[Path]:
    """Every game's rules.pyx under ``games`` (each includes the fields.pxi made from it)."""
    paths = sorted(games.glob("*/rules.pyx"))
    for path in paths:
        if 'include "fields.pxi"' not in path.read_text(encoding="utf-8"):
            raise DeclarationError(f"{path} does not include the generated fields.pxi")
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="write nothing; fail if a generated file is out of date")
    parser.add_argument("--games", type=Path, default=GAMES,
                        help="the folder of the games (default: the package's)")
    args = parser.parse_args(argv)
    stale = []
    for path in targets(args.games):
        pxi, pyi = generate(path)
        made = ((path.parent / "fields.pxi", pxi), (path.with_suffix(".pyi"), pyi),
                (path.parent / "constants.py", constants_module(path)))
        for dest, text in made:
            if not dest.exists() or dest.read_text(encoding="utf-8") != text:
                stale.append(dest)
                if not args.check:
                    dest.write_text(text, encoding="utf-8")
    if args.check and stale:
        names = ", ".join(str(p.relative_to(args.games.parent)) for p in stale)
        print(f"out of date: {names}; run `python tools/declare.py`", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
