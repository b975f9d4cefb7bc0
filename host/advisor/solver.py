"""Exact value iteration for the one-player game (model.py), vectorised with numpy.

R[space, column] is the expected cost still to come from a roll at `space`,
where a column is (owned wedges, Ruby held). The cost is the number of turn
ends before the winning turn (objective "turns": each wrong answer ends a
turn, so does a wedge under ruby rule 21 or a sixth wedge under rule 18), or
the number of cards answered (objective "cards", co-op rule 19).

Wedges are never lost and the Ruby, alone, never taken back, so the columns
fall into layers by the number of wedges: a layer depends only on itself and
the layers above. Solving from six wedges down, each layer is iterated
(Jacobi, all of its columns at once) until no value moves by more than a
tolerance; the result is exact up to that tolerance, no sampling involved.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

import numpy as np

from host.advisor.chances import check_p
from host.advisor.model import FULL, Model, Option, build_model, mask_of
from host.errors import UserError
from host.rules.board import CATEGORIES, HUB, SPACE_COUNT
from host.rules.editions import Rules, load_rules
from host.rules.movement import MAX_ROLL

TOLERANCE = 1e-10  # relative to the largest value of the layer
MAX_ITERATIONS = 200_000


@dataclass
class Solution:
    model: Model
    p: tuple[float, ...]  # per category, in CATEGORIES order
    values: np.ndarray  # R: (SPACE_COUNT, columns); NaN where no roll is made
    option_values: np.ndarray  # (options, columns): cost from taking each option
    options: tuple[Option, ...]
    option_rows: dict = field(repr=False)  # Option -> row of option_values
    landing_values: np.ndarray | None = None  # (SPACE_COUNT, columns): best option on landing
    iterations: int = 0
    seconds: float = 0.0

    @property
    def rules(self) -> Rules:
        return self.model.rules

    def column(self, wedges, ruby: bool = False) -> int:
        return _column(mask_of(wedges), ruby, self.model.ruby)

    def roll_value(self, space: int, wedges, ruby: bool = False) -> float:
        """Expected cost to come from a roll at `space`."""
        return float(self.values[space, self.column(wedges, ruby)])

    def landing(self, space: int, wedges) -> tuple[Option, ...]:
        return self.model.options_at(space, wedges)

    def option_value(self, option: Option, wedges, ruby: bool = False) -> float:
        return float(self.option_values[self.option_rows[option], self.column(wedges, ruby)])

    def landing_value(self, space: int, wedges, ruby: bool = False) -> float:
        """Expected cost to come on landing at `space`, taking its best option."""
        if self.landing_values is None:  # filled in by the solver before any use
            raise ValueError("the solution has no landing values yet")
        return float(self.landing_values[space, self.column(wedges, ruby)])

    def start_value(self, start_wedges=None) -> float:
        """Expected turns (the winning one included) or cards of a whole game from the hub.
        Ruby quick mode: with the best three start wedges unless others are given."""
        if start_wedges is None:
            start_wedges = self.best_start_wedges()
        cost = self.roll_value(HUB, start_wedges)
        return cost if self.model.objective == "cards" else cost + 1.0

    def best_start_wedges(self) -> tuple[str, ...]:
        """The start wedges to choose (ruby quick mode), none elsewhere."""
        size = self.rules.start_wedges
        if not size:
            return ()
        return min(combinations(CATEGORIES, size), key=lambda w: self.roll_value(HUB, w))


def _column(mask: int, ruby: bool, has_ruby: bool) -> int:
    return mask * 2 + int(ruby) if has_ruby else mask


def solve(rules: Rules, p) -> Solution:
    """Value iteration for one player with chances `p` (a number or six, CATEGORIES order)."""
    if isinstance(p, (int, float)):
        p = (p,) * len(CATEGORIES)
    p = check_p(p)
    started = time.perf_counter()
    model = build_model(rules)
    tables = _Tables(model, p)
    iterations = sum(tables.solve_layer(layer) for layer in tables.layers())
    values = tables.values
    if not model.rolls_with_six:  # six wedges: the game ends or the piece waits at the hub
        values[:, [_column(FULL, r, model.ruby) for r in (False, True)]] = np.nan
    option_values = np.empty((len(tables.options), tables.columns))
    landing_values = np.empty((SPACE_COUNT, tables.columns))
    for layer in tables.layers(all_columns=True):
        option_values[:, layer.cols] = tables.option_costs(layer)
        rows = tables.landing_rows[1 if layer.final else 0]
        landing_values[:, layer.cols] = option_values[:, layer.cols][rows].min(axis=1)
    solution = Solution(
        model,
        p,
        values,
        option_values,
        tables.options,
        {o: i for i, o in enumerate(tables.options)},
        landing_values,
        iterations,
    )
    solution.seconds = time.perf_counter() - started
    return solution


@dataclass
class _Layer:
    cols: np.ndarray  # columns solved together
    final: bool  # six wedges, rolling for the hub (classic rule 8)
    right_fixed: np.ndarray  # (options, cols) cost after a right answer, where it is known
    use_here: np.ndarray  # (options, cols) a right answer leaves the column unchanged


class _Tables:
    """The option and move tables of a model with given chances, as numpy arrays."""

    def __init__(self, model: Model, p: tuple[float, ...]):
        self.model = model
        self.p = np.array(p)
        self.has_ruby = model.ruby
        self.columns = (FULL + 1) * (2 if self.has_ruby else 1)
        self.values = np.zeros((SPACE_COUNT, self.columns))  # R, filled layer by layer
        turns = model.objective == "turns"
        self.question_cost = 0.0 if turns else 1.0
        self.wrong_cost = 1.0 if turns else 0.0
        rules = model.rules
        self.final_p = self.p.max() if rules.final == "ruby" else self.p.min()
        tables = [model.landing] + ([model.landing_final] if model.landing_final else [])
        self.options = tuple(dict.fromkeys(o for table in tables for space in table for o in space))
        rows = {o: i for i, o in enumerate(self.options)}
        opts = self.options
        self.kind = np.array([o.kind for o in opts])
        self.space = np.array([o.space for o in opts])
        self.category = np.array([max(o.category, 0) for o in opts])
        self.wedge = np.array([o.wedge for o in opts])
        self.p_right = np.where(
            self.kind == "final",
            self.final_p,
            np.where(self.kind == "roll", 1.0, self.p[self.category]),
        )
        self.cost = np.where(self.kind == "roll", 0.0, self.question_cost)[:, None]
        self.landing_rows = [
            self._pad([[rows[o] for o in space] for space in table]) for table in tables
        ]
        self.moves = self._pad(
            [
                rules.moves.destinations(s, r)
                for s in range(SPACE_COUNT)
                for r in range(1, MAX_ROLL + 1)
            ]
        ).reshape(SPACE_COUNT, MAX_ROLL, -1)

    @staticmethod
    def _pad(lists) -> np.ndarray:
        """Rows of indices padded with their own first entry (harmless under min)."""
        width = max(len(x) for x in lists)
        return np.array([list(x) + [x[0]] * (width - len(x)) for x in lists])

    def layers(self, all_columns: bool = False):
        """Layers from six wedges down. The six-wedge layer exists only where the piece
        still rolls with six (classic); `all_columns` yields it anyway (values unused)."""
        for count in range(len(CATEGORIES), -1, -1):
            masks = [m for m in range(FULL + 1) if bin(m).count("1") == count]
            final = count == len(CATEGORIES)
            if final and not self.model.rolls_with_six and not all_columns:
                continue
            cols = np.array(
                [
                    _column(m, r, self.has_ruby)
                    for m in masks
                    for r in ((False, True) if self.has_ruby else (False,))
                ]
            )
            yield self._layer(cols, final and self.model.rolls_with_six)

    def _layer(self, cols: np.ndarray, final: bool) -> _Layer:
        masks = cols // 2 if self.has_ruby else cols
        ruby = (cols % 2 == 1) if self.has_ruby else np.zeros(len(cols), bool)
        owned = (masks[None, :] >> self.category[:, None]) & 1 == 1  # (options, cols)
        wins = self.wedge[:, None] & ~owned & (self.kind == "question")[:, None]
        right_fixed = np.zeros((len(self.options), len(cols)))
        up = masks[None, :] | (1 << self.category[:, None])
        for o, j in zip(*np.nonzero(wins)):
            right_fixed[o, j] = self._after_wedge(self.space[o], up[o, j], bool(ruby[j]))
        use_here = (self.kind == "roll")[:, None] | ((self.kind == "question")[:, None] & ~wins)
        return _Layer(cols, final, right_fixed, use_here)

    def _after_wedge(self, space: int, mask: int, ruby: bool) -> float:
        """Cost to come just after a right answer that earned a wedge, leaving `mask`."""
        rules = self.model.rules
        if mask != FULL:
            ends_turn = self.wrong_cost if rules.wedge_ends_turn else 0.0
            return ends_turn + self.values[space, _column(mask, ruby, self.has_ruby)]
        if rules.final == "none":
            return 0.0  # co-op: done
        if self.model.rolls_with_six:
            return self.values[space, _column(mask, ruby, self.has_ruby)]
        if rules.final == "ruby" and ruby:
            return 0.0  # rule 23: six wedges and the Ruby
        # rules 18, 23: the turn ends; then one final question a turn until one is right
        return self.wrong_cost * (1.0 + (1.0 - self.final_p) / self.final_p)

    def option_costs(self, layer: _Layer) -> np.ndarray:
        """Cost to come of every option for the layer's columns, given R so far."""
        values = self.values
        here = values[:, layer.cols][self.space]  # (options, cols)
        right = np.where(layer.use_here, here, layer.right_fixed)
        if self.has_ruby:
            with_ruby = values[:, layer.cols | 1][self.space]
            right = np.where((self.kind == "ruby")[:, None], with_ruby, right)
        p = self.p_right[:, None]
        return self.cost + p * right + (1.0 - p) * (self.wrong_cost + here)

    def solve_layer(self, layer: _Layer) -> int:
        """Iterate the layer's columns of R to their fixed point; returns the sweeps."""
        values = self.values
        rows = self.landing_rows[1 if layer.final else 0]
        for iteration in range(1, MAX_ITERATIONS + 1):
            landing = self.option_costs(layer)[rows].min(axis=1)  # (spaces, cols)
            new = landing[self.moves].min(axis=2).mean(axis=1)
            change = np.abs(new - values[:, layer.cols]).max()
            values[:, layer.cols] = new
            if change <= TOLERANCE * max(1.0, new.max()):
                return iteration
        raise UserError(
            f"the solver did not settle in {MAX_ITERATIONS} iterations; "
            f"are the chances of a right answer very small?"
        )


def solved(rules: Rules, skill: tuple[float, ...]) -> Solution:
    """The solution for these rules and chances, solved once per process."""
    return _solved(rules.edition, rules.mode, tuple(float(x) for x in skill))


@lru_cache(maxsize=64)
def _solved(edition: str, mode: str, skill: tuple[float, ...]) -> Solution:
    return solve(load_rules(edition, mode), skill)
