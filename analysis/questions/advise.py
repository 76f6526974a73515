"""The advisor's question: every option of one hand, seat and upcard priced
(``analysis.advise_hand``), one line an option and the recommendation at the terminal, the
options and the advice as JSON in the API (``advise --json`` prints the same)."""

from __future__ import annotations

from analysis.questions.record import POSITIONS, RULES, Input, Question

INPUTS = (
    Input("hand", "cards", required=True, argument=True, metavar="HAND", label="Hand",
          help="The player's five cards, e.g. \"JS AS 9H 9D TC\"."),
    Input("upcard", "card", required=True, metavar="CARD", label="Upcard",
          help="The upcard (round 2: the one turned down)."),
    Input("position", "choice", required=True, choices=POSITIONS, metavar="POS",
          label="Position", help="The player's seat: first, second, third or dealer."),
    Input("round", "choice", default="1", choices=("1", "2"), metavar="1|2", label="Round",
          help="Round of bidding: 1 order up or pass, 2 call a suit or pass."),
    Input("score", "score", metavar="US-THEM", label="Score (us-them)",
          help="Score before the hand, the player's team first: adds the chance of winning "
               "the game, which is then the answer."),
    RULES,
    Input("strategy", "strategy", default="tuned", metavar="NAME", table=True,
          label="Players around the table",
          help="The players everyone else is (and the player is after this bid)."),
    Input("deals", "int", low=1, metavar="N", label="Deals (blank: by precision)",
          help="Accepted deals to play (deals where the auction reaches the player)."),
    Input("precision", "float", low=0, above=True, metavar="POINTS",
          label="or precision (± points)",
          help="Deal until the paired 95% interval of the top two options is this narrow "
               "(default: every option within ±0.02 points)."),
    Input("discard", "card", metavar="CARD", label="Discard",
          help="As dealer in round 1: the card to discard after picking up."),
    Input("assume_passed", "bool", default=False,
          label="round 2: assume I passed in round 1",
          help="Round 2: assume the player passed in round 1, even with a hand his strategy "
               "would have ordered with (stated in the answer)."),
    Input("seed", "int", default=1, low=0, high=2**63 - 1, metavar="N", label="Seed",
          help="Run seed."),
)


def answer(values: dict, progress=None, cancel=None, batch=None, stop=None):
    """``advise_hand`` on the checked ``values`` (a DataFrame: its rows and ``attrs``);
    ``cancel()`` is asked after each batch (before 2 deals are in, when ``stop`` is given);
    ``batch`` and ``stop`` as ``advise_hand`` takes them."""
    from analysis.advise import advise_hand

    def step(done, total):
        if cancel is not None and (stop is None or done < 2):
            cancel()
        if progress is not None:
            progress(done, total)

    v = values
    return advise_hand(v["hand"], v["upcard"], v["position"], round_=v["round"],
                       score=v["score"], strategy=v["strategy"], rules=v["rules"],
                       deals=v["deals"], precision=v["precision"], seed=v["seed"],
                       discard=v["discard"], assume_passed=v["assume_passed"],
                       progress=step, batch=batch, stop=stop)


def text(df) -> str:
    from analysis.text.advice import format_advice

    return format_advice(df)


def as_json(df) -> dict:
    from analysis.text.advice import advice_json

    return advice_json(df)


QUESTION = Question(
    "advise", "Price every option for one hand: pass, order up, alone (or call a suit in "
    "round 2).",
    "The unseen cards are dealt at random consistent with what the player sees; every option "
    "is played on the same deals by the chosen strategy for everyone else.  Without deals or "
    "precision it deals until each option's 95% interval is within ±0.02 points.",
    INPUTS,
    examples=('euchre-sim advise "JS AS 9H 9D TC" --upcard 9S --position first',
              'euchre-sim advise "9C TC 9D TD QS" --upcard 9H --position second --round 2 '
              '--score 6-8'),
    progress=True, page="advise",
    answers=answer, texts=text, jsons=as_json)

__all__ = ["QUESTION", "INPUTS", "answer"]
