"""Game options: one frozen ``Params`` dataclass per game, validated on load.

A game declares its options as dataclass fields made with :func:`option`; the default is the
rulebook's, and ``choices`` or ``low``/``high`` say what is allowed. ``Params.from_options``
turns user input (keyword arguments, or ``key=value`` strings from the command line) into a
validated instance, or raises :class:`~garrison.core.errors.OptionError` naming what is allowed.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Demo(Params):
...     players: int = option(4, low=2, high=8, doc="number of players")
...     mode: str = option("lives", choices=("lives", "coins"), doc="how losses count")
>>> Demo.from_options({"players": "3"}).players
3
>>> Demo.from_options({"mode": "beer"})
Traceback (most recent call last):
...
garrison.core.errors.OptionError: option 'mode' must be one of lives, coins (got 'beer')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from .errors import OptionError

_MISSING = object()


def option(
    default: Any,
    *,
    choices: tuple[Any, ...] | None = None,
    low: float | None = None,
    high: float | None = None,
    doc: str = "",
    kind: type | None = None,
    path: bool = False,
    label: str = "",
    says: str = "",
    values: Mapping[Any, tuple[str, str]] | None = None,
    main: bool | None = None,
    research: bool = False,
) -> Any:
    """Declare one game option as a dataclass field (default, allowed values, one-line doc).
    ``path=True`` marks an option that names a file to read: front ends that take options from
    the network refuse such an option and offer their operator's named files instead.

    What a person choosing a table reads (the lobby) is declared here too: ``label`` (else the
    name in words), ``says`` (the one line under it, where ``doc`` speaks to the rules' readers),
    ``values`` (a label and a one-line meaning per value, for values that do not read plainly)
    and ``main`` (shown at once rather than under "more options"; by default only ``players``).
    ``research`` marks an option that is not a way to play (a smaller pack for exact game
    theory): the lobby lists it last, apart from the others.
    """
    return field(
        default=default,
        metadata={"choices": choices, "low": low, "high": high, "doc": doc, "kind": kind,
                  "path": path, "label": label, "says": says, "values": dict(values or {}),
                  "main": main, "research": research},
    )


@dataclass(frozen=True)
class Preset:
    """A named starting point for a new table (the lobby shows them first): option values sent
    as the table's options. "classic", the rulebook's game, has none."""

    name: str
    label: str
    doc: str
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class OptionSpec:
    """What one option is: its name, type, default, allowed values and a one-line description."""

    name: str
    kind: type
    default: Any
    choices: tuple[Any, ...] | None
    low: float | None
    high: float | None
    doc: str
    path: bool = False  # the option names a file to read
    #: what a person choosing a table reads (``option``): the label, the one line, each value's
    #: label and meaning, and whether it is shown at once
    label: str = ""
    says: str = ""
    values: Mapping[Any, tuple[str, str]] = field(default_factory=dict)
    main: bool = False
    #: not a way to play (``option(research=True)``): a lobby lists it apart, last
    research: bool = False

    @property
    def title(self) -> str:
        """The option's label: its own, or its name in words."""
        return self.label or self.name.replace("_", " ").capitalize()

    @property
    def line(self) -> str:
        """The one line a person reads under the option."""
        return self.says or self.doc

    def allowed(self) -> str:
        """The allowed values in words, for help texts and error messages."""
        if self.choices is not None:
            return ", ".join(str(c) for c in self.choices)
        if self.kind is bool:
            return "true or false"
        if self.low is not None and self.high is not None:
            return f"{self.kind.__name__} from {_num(self.low)} to {_num(self.high)}"
        if self.low is not None:
            return f"{self.kind.__name__} >= {_num(self.low)}"
        if self.high is not None:
            return f"{self.kind.__name__} <= {_num(self.high)}"
        return "any " + ("text" if self.kind is str else self.kind.__name__)

    def value_name(self, value: Any) -> str:
        """A value as a person choosing a table reads it: its label, else the value."""
        named = self.values.get(value)
        return named[0] if named else _num(value) if isinstance(value, float) else str(value)

    def refusal(self, value: Any, *, among: bool = False) -> OptionError:
        """The error for ``value``, which this option does not allow: the option's name and its
        allowed values for the command line (``among``: not one of its choices), its label and
        theirs for a person."""
        one_of = "one of " if among else ""
        if self.choices is not None:
            words = either([self.value_name(c) for c in self.choices])
        elif self.kind is bool:
            words = "on or off"
        elif self.low is not None and self.high is not None:
            words = f"from {_num(self.low)} to {_num(self.high)}"
        elif self.low is not None:
            words = f"at least {_num(self.low)}"
        elif self.high is not None:
            words = f"at most {_num(self.high)}"
        else:
            words = "a number" if self.kind in (int, float) else "text"
        return OptionError(f"option '{self.name}' must be {one_of}{self.allowed()} (got {value!r})",
                           says=f"{self.title}: {words} (got {value!r})")

    def coerce(self, value: Any) -> Any:
        """Convert ``value`` (possibly command-line text) to this option's type and check it.

        Raises:
            OptionError: a value of another type, not among the choices or out of range.
        """
        converted = _convert(self, value)
        if self.choices is not None and converted not in self.choices:
            raise self.refusal(value, among=True)
        if self.low is not None and converted < self.low:
            raise self.refusal(value)
        if self.high is not None and converted > self.high:
            raise self.refusal(value)
        return converted


def either(words: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``: a choice among ``words`` in a sentence."""
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else "".join(words)


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def _convert(spec: OptionSpec, value: Any) -> Any:
    kind = spec.kind
    if value is None and spec.default is None:
        return None
    try:
        if kind is bool:
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise ValueError(value)
        if kind is int:
            if isinstance(value, bool):
                raise ValueError(value)
            if isinstance(value, float) and not value.is_integer():
                raise ValueError(value)
            return int(str(value).strip()) if isinstance(value, str) else int(value)
        if kind is float:
            if isinstance(value, bool):
                raise ValueError(value)
            return float(value)
        if kind is str:
            if not isinstance(value, str):
                raise ValueError(value)
            return value
    except (TypeError, ValueError):
        raise spec.refusal(value) from None
    return value


@dataclass(frozen=True)
class Params:
    """Base of every game's options. Subclasses add fields made with :func:`option`."""

    #: Named bundles of option values (e.g. Stratego's ``rules="isf"``), applied before the
    #: caller's own options, which win. A subclass with presets declares the option named by
    #: ``PRESET_OPTION`` (``preset`` unless the game's spec names it otherwise).
    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {}
    PRESET_OPTION: ClassVar[str] = "preset"
    #: The starting points a new table is offered, "classic" (the defaults) first.
    TABLES: ClassVar[tuple[Preset, ...]] = (
        Preset("classic", "Classic", "the rulebook's game"),
    )

    @classmethod
    def option_specs(cls) -> list[OptionSpec]:
        """Every option of this game, in declaration order."""
        specs = []
        for f in dataclasses.fields(cls):
            meta = f.metadata
            kind = meta.get("kind") or type(f.default)
            specs.append(
                OptionSpec(
                    name=f.name,
                    kind=kind,
                    default=f.default,
                    choices=meta.get("choices"),
                    low=meta.get("low"),
                    high=meta.get("high"),
                    doc=meta.get("doc", ""),
                    path=bool(meta.get("path", False)),
                    label=meta.get("label", ""),
                    says=meta.get("says", ""),
                    values=dict(meta.get("values") or {}),
                    main=(f.name == "players" if meta.get("main") is None else bool(meta["main"])),
                    research=bool(meta.get("research", False)),
                )
            )
        return specs

    @classmethod
    def from_options(cls, options: Mapping[str, Any] | None = None) -> Self:
        """Validate ``options`` and build the params; raise ``OptionError`` on anything wrong."""
        options = dict(options or {})
        specs = _specs_by_name(cls)
        unknown = [k for k in options if k not in specs]
        if unknown:
            valid = ", ".join(specs) or "none"
            raise OptionError(f"unknown option '{unknown[0]}'; valid options: {valid}")
        values: dict[str, Any] = {}
        key = cls.PRESET_OPTION
        if key in specs and cls.PRESETS:
            preset = specs[key].coerce(options.get(key, specs[key].default))
            values.update(cls.PRESETS.get(preset, {}))
            values[key] = preset
        for name, value in options.items():
            values[name] = specs[name].coerce(value)
        params = cls(**values)
        params.validate()
        return params

    def validate(self) -> None:
        """Cross-option checks; raise ``OptionError``. Ranges and choices are already checked.
        A check says the refusal twice: with the options' names for the command line, and as
        ``says`` in the words of the lobby (``said``)."""

    @classmethod
    def said(cls, name: str, *value: Any) -> str:
        """Option ``name`` as a person choosing a table reads it: its label ("Rules"), or
        with a value the label and the value's name ("Rules: Base game")."""
        spec = _specs_by_name(cls)[name]
        return f"{spec.title}: {spec.value_name(value[0])}" if value else spec.title

    def as_dict(self) -> dict[str, Any]:
        """All option values, JSON-safe, in declaration order."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}


_SPECS: dict[type[Params], dict[str, OptionSpec]] = {}


def _specs_by_name(cls: type[Params]) -> dict[str, OptionSpec]:
    """``cls``'s options by name, worked out once per class (a game is loaded for every record
    replayed): the specs are frozen and a class's fields do not change."""
    specs = _SPECS.get(cls)
    if specs is None:
        specs = _SPECS[cls] = {s.name: s for s in cls.option_specs()}
    return specs


__all__ = ["OptionSpec", "Params", "Preset", "either", "option"]
