"""Games: hand records scored in order to ``Rules.game_to``."""

from __future__ import annotations

from sim.records import parse_record
from sim.referee.actions import left_of
from sim.referee.replay import replay_record
from sim.rules import Rules

# ---------------------------------------------------------------------------------------------
# Games


class GameError(ValueError):
    """A hand that cannot be added to a game (wrong dealer, game over, illegal hand)."""


class GameScore:
    """The running score of one game to ``rules.game_to``.

    Hands are added in order with ``add(dealer, result)``; the deal must pass to the left
    (dealer + 1) after every hand, passed-out hands included; the first team to reach
    ``game_to`` wins, and adding a hand after that is an error.
    """

    def __init__(self, rules: Rules | None = None, first_dealer: int | None = None):
        self.rules = Rules() if rules is None else rules
        self.score = [0, 0]
        self.winner: int | None = None
        self.hands = 0
        self.next_dealer = first_dealer

    def add(self, dealer: int, result: dict) -> list[int]:
        """Apply one hand's result; return the score ``[team 0, team 1]`` after it."""
        n = self.hands + 1
        if self.winner is not None:
            raise GameError(
                f"hand {n}: the game is over: team {self.winner} won "
                f"{self.score[self.winner]}-{self.score[1 - self.winner]}"
            )
        if self.next_dealer is not None and dealer != self.next_dealer:
            raise GameError(
                f"hand {n}: seat {dealer} deals, but the deal passes to the left: "
                f"seat {self.next_dealer} deals this hand"
            )
        if "error" in result:
            raise GameError(f"hand {n}: {result['error']}")
        self.hands = n
        self.next_dealer = left_of(dealer)
        for t in (0, 1):
            self.score[t] += result["points"][t]
        for t in (0, 1):  # one team scores per hand, so at most one can reach game_to now
            if self.score[t] >= self.rules.game_to:
                self.winner = t
        return list(self.score)


def replay_game(records, rules: Rules | None = None, *, reneges: bool = False) -> GameScore:
    """Replay hand records in order as one game; raise ``GameError`` on the first problem."""
    game = GameScore(rules)
    for rec in records:
        rec = parse_record(rec)
        game.add(rec.dealer, replay_record(rec, rules, reneges))
    return game
