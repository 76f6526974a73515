"""The web application's side of the questions (``analysis.questions``): each question's route
(``GET /api/NAME`` with its inputs as the query's parameters, or ``POST`` with its text as the
body), made from its record, and ``GET /api/questions``, the listing the pages build their
forms from (inputs, labels, choices, defaults, bounds, and the web's own limits).

The web's own rules stay here: only built-in players (no request may name a file or load code),
the web's caps on deals and worlds (``limits``).  A mistake in an input is a
400 whose ``{"error": ..., "input": NAME}`` names it as the API does (``deals: ...``).
"""

import inspect  # no "from __future__ import annotations": FastAPI reads the routes' hints
from typing import Annotated

from fastapi import Query, Request

from analysis.inputs import InputError
from analysis.questions.record import Question, questions

TYPES = {"int": int, "float": float, "bool": bool}
MAX_WORLDS = 4096          # the most worlds a request may price a decision on (grade's default)
MAX_ROLLOUTS = 20_000      # the most worlds a request may roll a card play out on (each costs
                           # microseconds: a rollout, not a solve)
MAX_HANDS = 50             # hand records in one review request
MAX_DEALS = 2_000_000      # accepted deals in one advise request (the advisor's cap)


def strategy(spec: str | None, default: str = "tuned") -> str:
    """A built-in player's spec, checked: files, code and table paths are refused."""
    import sim

    spec = default if spec in (None, "") else str(spec).strip()
    name, _, params = spec.partition(":")
    if name not in sim.BUILTINS or "table=" in params or "/" in spec or "\\" in spec:
        from sim.players.files import did_you_mean

        hint = did_you_mean(name, sim.BUILTINS) if name not in sim.BUILTINS else ""
        raise ValueError(f"unknown strategy {spec!r}{hint}: choose one of "
                         f"{', '.join(sim.BUILTINS)}; the web application plays the built-in "
                         "players (with parameters such as pimc:worlds=200): strategy files, "
                         "code, outside bots and table files are for the command line")
    sim.load_strategy(spec)           # its parameters checked, as the command line checks them
    return spec


def rules_of(spec):
    """The rules of a spec as ``--rules`` takes it (a preset and/or options; rules already
    read are themselves)."""
    from sim import Rules, parse_rules

    return spec if isinstance(spec, Rules) else parse_rules(spec or None)


def limits(name: str) -> dict:
    """The web application's own bounds on a question's inputs (input -> (low, high))."""
    return {"advise": {"deals": (1, MAX_DEALS)},
            "decide": {"worlds": (2, MAX_WORLDS), "rollouts": (2, MAX_ROLLOUTS)},
            "review": {"worlds": (2, MAX_WORLDS)}}.get(name, {})


def words(name: str) -> str:
    """How the API names an input in a message: its parameter's name."""
    return name


def dependency(question: Question):
    """A FastAPI dependency: the question's inputs read from the request's query (the body's
    input is left to the route), as a dict of the values given."""
    params = []
    for i in question.inputs:
        if i.type == "body":
            continue
        kind = TYPES.get(i.type, str)
        extra = {"enum": list(map(str, i.options()))} if i.type == "choice" else None
        params.append(inspect.Parameter(
            i.name, inspect.Parameter.KEYWORD_ONLY, default=i.default,
            annotation=Annotated[kind | None, Query(description=i.help,
                                                    json_schema_extra=extra)]))

    def read(**given) -> dict:
        return {k: v for k, v in given.items() if v is not None}

    read.__signature__ = inspect.Signature(params, return_annotation=dict)
    return read


def checked(question: Question, raw: dict) -> dict:
    """The question's values from the request's ``raw`` ones, within the web's limits, its
    players the built-ins and its rules read (``InputError`` names a bad one)."""
    values = question.check(raw, limits(question.name))
    for i in question.inputs:
        try:
            if i.type == "strategy":
                values[i.name] = strategy(values[i.name], i.default)
            elif i.type == "rules":
                values[i.name] = rules_of(values[i.name])
        except InputError:
            raise
        except ValueError as e:         # "unknown strategy ...", "unknown rule ..."
            raise InputError(i.name, str(e), named=False) from None
    return values


async def body_text(request: Request) -> str:
    """The request's body as text (``Guard`` has refused one past the limit)."""
    return (await request.body()).decode("utf-8", errors="replace")


def add_routes(app, compute, skip=()) -> None:
    """A route for each question not in ``skip`` (those with routes of their own), and
    ``GET /api/questions``."""
    every = questions()

    @app.get("/api/questions", tags=["questions"])
    async def listing():
        """Every question the API answers: its inputs (name, type, default, bounds, choices,
        help and the page's label) and the web application's limits, as the pages read them to
        build their forms."""
        return {"questions": [{**q.listing(), "web_limits": {
            k: list(v) for k, v in limits(q.name).items()}} for q in every.values()]}

    for q in every.values():
        if q.name not in skip:
            _route(app, compute, q)


def _route(app, compute, question: Question) -> None:
    from fastapi import Depends

    body = next((i for i in question.inputs if i.type == "body"), None)
    given = Annotated[dict, Depends(dependency(question))]

    async def answer(request: Request, q: given):
        raw = dict(q)
        if body is not None:
            raw[body.name] = await body_text(request)
        values = checked(question, raw)
        return await compute(request, lambda token: question.json(
            question.answer(values, cancel=token.check)))

    answer.__doc__ = f"{question.title}\n\n{question.summary}" + (
        f"\n\nThe body: {body.help}" if body is not None else "")
    app.add_api_route(f"/api/{question.name}", answer, methods=[question.method],
                      tags=[question.name], name=question.name)


__all__ = ["add_routes", "dependency", "checked", "words", "body_text", "strategy", "rules_of",
           "limits", "MAX_DEALS", "MAX_HANDS", "MAX_WORLDS", "MAX_ROLLOUTS"]
