"""Rule options and presets (docs/rules.md section 7)."""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Mapping

from .errors import RuleError
from .text import is_number

CHOICES: dict[str, tuple[str, ...]] = {
    "horse": ("exact3", "upto3"),
    "ranged": ("upto", "exact"),
    "general_army": ("captor", "removed"),
    "attrition_army": ("inert", "captor", "removed"),
    "attrition_count": ("total", "single"),
    "weights": ("flat", "classic"),
    "layout": ("leventhal", "mirrored"),
}
NUMBERS: dict[str, tuple[int, int]] = {  # option -> smallest and largest allowed value
    "attrition_limit": (1, 200), "win_generals": (0, 6), "win_captures": (0, 200), "win_kingdoms": (0, 6),
    "quiet_rounds": (1, 10_000),
}

PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "chinese": {"horse": "upto3", "attrition_army": "captor", "attrition_count": "single",
                "win_generals": 0, "win_kingdoms": 2},
    "sima-guang": {"general_army": "removed", "attrition_army": "removed",
                   "attrition_limit": 11, "weights": "classic"},
}




@dataclass(frozen=True)
class Rules:
    """One complete set of rule options; build it with :meth:`Rules.make`."""

    horse: str = "exact3"
    ranged: str = "upto"
    general_army: str = "captor"
    attrition_army: str = "inert"
    attrition_count: str = "total"
    attrition_limit: int = 10
    weights: str = "flat"
    win_generals: int = 2
    win_captures: int = 30
    win_kingdoms: int = 0
    quiet_rounds: int = 50
    layout: str = "leventhal"
    preset: str = "standard"

    @classmethod
    def make(cls, rules: "str | Mapping[str, Any] | Rules | None" = None, **options: Any) -> "Rules":
        """Rules from a preset name, a mapping (``{"preset": ..., option: value}``) or Rules,
        with keyword options applied on top. Values may be strings (as on a command line)."""
        extra: dict[str, Any]
        if isinstance(rules, Rules):
            base, extra = rules, {}
        else:
            if not (rules is None or isinstance(rules, (str, Mapping))):
                raise RuleError(f"rules are a preset name or a mapping of options, not {type(rules).__name__}")
            spec = {"preset": rules} if isinstance(rules, str) or rules is None else dict(rules)
            name = spec.pop("preset", None) or "standard"
            if not isinstance(name, str) or name not in PRESETS:
                shown = repr(name)[:24] if isinstance(name, str) else type(name).__name__
                raise RuleError(f"unknown preset {shown} (expected one of {', '.join(PRESETS)})")
            base, extra = cls(preset=name, **PRESETS[name]), spec
        extra.update(options)
        return replace(base, **{k: _check(k, v) for k, v in extra.items()}) if extra else base

    def options(self) -> dict[str, Any]:
        """All options (and the preset name) as a plain dict, for saving or sending."""
        return asdict(self)

    def differences(self) -> dict[str, Any]:
        """The options that differ from this rule set's preset."""
        base = Rules.make(self.preset)
        return {f.name: getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) != getattr(base, f.name)}


def _check(name: str, value: Any) -> Any:
    if name in CHOICES:
        if not isinstance(value, str) or value not in CHOICES[name]:
            shown = repr(value)[:20] if isinstance(value, (str, int, float)) else type(value).__name__
            raise RuleError(f"option {name} must be one of {', '.join(CHOICES[name])}, not {shown}")
        return value
    if name in NUMBERS:
        low, high = NUMBERS[name]
        if isinstance(value, str) and is_number(value):
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            shown = repr(value)[:20] if isinstance(value, (str, int, float)) else type(value).__name__
            raise RuleError(f"option {name} takes a whole number from {low} to {high}, not {shown}")
        return value
    known = ", ".join(list(CHOICES) + list(NUMBERS))
    raise RuleError(f"unknown option {str(name)[:20]!r} (options: {known})")


def parse_setting(text: str) -> tuple[str, str]:
    """Split an ``OPTION=VALUE`` command-line setting."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise RuleError(f"a setting is OPTION=VALUE, not {text!r}")
    return name.strip(), value.strip()
