"""The web application (``euchre-sim serve``): four pages in plain JavaScript and the JSON API
under ``/api`` that they and any program ask, every asset served from the package.

``create_app()`` builds the FastAPI application behind ``analysis.web.guard`` (only the hosts
it was started for, no writes from another origin, bodies of at most 1 MB).  Each endpoint
reads its inputs, hands them to one function of ``analysis.web.answers`` (or a ``Game``) on a
worker thread of ``Work`` (a few at once, a time limit, stopped when the client leaves) and
answers JSON.  A mistake is a 4xx with ``{"error": one line}``, the line the command line
prints for it (a 429 says when to retry); nothing answers a traceback.
The framework's OpenAPI description is ``/openapi.json``; ``/docs`` lists it (a page of our own:
the framework's interactive page loads its scripts from the network, which this one does not).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from importlib import resources
from typing import Annotated

from fastapi import Depends, FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import (
    FileResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    StreamingResponse,
)
from starlette.exceptions import HTTPException as StarletteHTTPException

from analysis.inputs import InputError
from analysis.questions.advise import QUESTION as ADVISE
from analysis.questions.review import QUESTION as REVIEW
from analysis.questions.review import duplicate, review_record, show_how
from analysis.web import answers, questions
from analysis.web.game import Game, Games
from analysis.web.guard import Guard, Hosts
from analysis.web.work import Busy, Preparing, Stopped, Work

PAGES = ("advise", "chart", "review", "play", "docs")
STATIC = resources.files("analysis.web") / "static"
TYPES = {".js": "text/javascript", ".css": "text/css", ".html": "text/html", ".png": "image/png",
         ".svg": "image/svg+xml"}
RETRY_AFTER = 2          # seconds a busy answer (429) asks the client to wait


class ApiError(Exception):
    """An answer other than 200: ``status`` and the one line (``input``: the input it is
    about, named in the answer so that a page can mark its field)."""

    def __init__(self, status: int, message: str, headers: dict | None = None,
                 input: str | None = None):
        super().__init__(message)
        self.status, self.headers, self.input = status, headers, input


def _input_error(e: InputError) -> ApiError:
    return ApiError(400, e.worded(questions.words), input=e.input)


def _busy(e: Busy) -> ApiError:
    return ApiError(429, str(e), {"Retry-After": str(RETRY_AFTER)})


def _error(status: int, message: str, headers: dict | None = None,
           input: str | None = None) -> JSONResponse:
    body = {"error": message} if input is None else {"error": message, "input": input}
    return JSONResponse(body, status_code=status, headers=headers)


def _validation_line(exc: RequestValidationError) -> str:
    """The first problem of a request FastAPI could not read, in one line."""
    e = exc.errors()[0] if exc.errors() else {}
    where = ".".join(str(x) for x in e.get("loc", ())[1:]) or "request"
    return f"{where}: {e.get('msg', 'not valid')}, not {e.get('input')!r}"[:300]


async def _json_body(request: Request):
    """The request's body read as JSON, refused (415) unless it says it is JSON."""
    kind = request.headers.get("content-type", "")
    if kind.split(";")[0].strip().lower() != "application/json":
        said = f"not {kind[:60]!r}" if kind else "the request has none"
        raise ApiError(415, f"the body must be JSON, sent with Content-Type: application/json "
                       f"({said})")
    try:
        return json.loads(await request.body())
    except (ValueError, RecursionError) as e:
        raise ApiError(400, f"not JSON: {e}"[:300]) from None


def create_app(prepare: bool = True, jobs: int | None = None, limit: float | None = None,
               host: str = "127.0.0.1", port: int | None = None) -> FastAPI:
    """The application; ``prepare`` starts the background compile of a cold start; ``host``
    and ``port``: where the server listens, the only names it answers to (``port`` None: an
    application used in process, see ``analysis.web.guard.Hosts``)."""
    work = Work(**{k: v for k, v in (("jobs", jobs), ("limit", limit)) if v is not None})
    preparing = Preparing()
    games = Games()
    @contextlib.asynccontextmanager
    async def lifespan(_app):
        if prepare:
            preparing.start()
        yield

    app = FastAPI(title="euchre-sim", version=_version(), docs_url=None, redoc_url=None,
                  lifespan=lifespan,
                  description="Euchre questions answered with intervals: the advisor, one "
                              "decision from a seat's view, the equilibrium's strategy chart, "
                              "hand records graded, and games against the bots.")
    app.state.work, app.state.preparing, app.state.games = work, preparing, games
    app.add_middleware(Guard, hosts=Hosts(host, port))

    @app.exception_handler(ApiError)
    async def _api_error(request, exc: ApiError):
        return _error(exc.status, str(exc), exc.headers, exc.input)

    @app.exception_handler(InputError)
    async def _input(request, exc: InputError):
        e = _input_error(exc)
        return _error(e.status, str(e), input=e.input)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request, exc: RequestValidationError):
        return _error(422, _validation_line(exc))

    @app.exception_handler(StarletteHTTPException)
    async def _http(request, exc: StarletteHTTPException):
        return _error(exc.status_code, str(exc.detail))

    @app.exception_handler(Exception)
    async def _unexpected(request, exc: Exception):
        # a fault of ours, not the user's: one line, never a traceback page
        return _error(500, f"internal error: {type(exc).__name__}: {exc}"[:300])

    async def compute(request: Request, fn):
        """``fn(token)`` on a worker thread, its answer or its mistake as a 4xx; the token is
        cancelled when the client leaves (the computation stops at its next check)."""
        try:
            future, token = work.start(fn)
        except Busy as e:
            raise _busy(e) from None
        wrapped = asyncio.wrap_future(future)
        while True:
            done, _ = await asyncio.wait({wrapped}, timeout=0.25)
            if done:
                break
            if await request.is_disconnected():
                token.cancel()
        try:
            return wrapped.result()
        except Stopped as e:
            raise ApiError(408, str(e)) from None
        except KeyError as e:
            raise ApiError(404, str(e.args[0])) from None
        except InputError as e:
            raise _input_error(e) from None
        except ValueError as e:
            raise ApiError(400, str(e)) from None

    _pages(app)
    _advise_routes(app, work, compute)
    questions.add_routes(app, compute, skip=("advise", "review"))
    _other_routes(app, compute, preparing, work)
    _game_routes(app, games, compute)
    return app


def _version() -> str:
    from sim import __version__

    return __version__


def _pages(app: FastAPI) -> None:
    @app.get("/", include_in_schema=False)
    async def _home():
        return RedirectResponse("/advise")

    @app.get("/favicon.ico", include_in_schema=False)
    async def _icon():
        return FileResponse(str(STATIC / "favicon.svg"), media_type="image/svg+xml")

    def page(name):
        async def _page():
            return FileResponse(str(STATIC / f"{name}.html"), media_type="text/html")
        return _page

    for name in PAGES:
        app.add_api_route(f"/{name}", page(name), include_in_schema=False)

    @app.get("/static/{name}", include_in_schema=False)
    async def _static(name: str):
        path = STATIC / name
        suffix = "." + name.rsplit(".", 1)[-1] if "." in name else ""
        if "/" in name or name.startswith(".") or suffix not in TYPES or not path.is_file():
            raise ApiError(404, f"no file {name!r}")
        return FileResponse(str(path), media_type=TYPES[suffix])


_ADVISED = Annotated[dict, Depends(questions.dependency(ADVISE))]
_REVIEWED = Annotated[dict, Depends(questions.dependency(REVIEW))]


def _advise_routes(app: FastAPI, work: Work, compute) -> None:
    @app.get("/api/advise", tags=["advisor"])
    async def advise(request: Request, q: _ADVISED,
                     progress: Annotated[bool, Query(description="stream JSON lines: the "
                                                     "computation's id, its progress, then "
                                                     "the answer")] = False):
        """Every option of one hand priced, as ``euchre-sim advise --json`` prints it.  Stopped
        before its stopping rule (the time limit, or ``POST /api/advise/{id}/stop``), it
        answers what the deals so far show, ``"stopped"`` saying why."""
        if not progress:
            return await compute(request, lambda token: answers.advise(
                q, token.check, stop=token.reason))
        # read here, so that a mistake is its 400 before the stream starts
        return _streamed(work, questions.checked(ADVISE, q))

    @app.get("/api/advise/cost", tags=["advisor"])
    async def advise_cost(request: Request, q: _ADVISED):
        """What the question will cost, from a warm-up on its first deals: seconds a deal, the
        default stopping rule's deals and seconds (and those of the ``deals`` or ``precision``
        given), and a ladder of deal counts with the seconds and interval each gives."""
        return await compute(request, lambda token: answers.advise_cost(
            q, work.limit, token.check))

    @app.post("/api/advise/{computation}/stop", tags=["advisor"])
    async def advise_stop(computation: str):
        """Stop the advisor's computation ``computation`` (the id its stream's first line
        gives); its stream then answers what the deals so far show."""
        try:
            work.stop(computation)
        except KeyError as e:
            raise ApiError(404, str(e.args[0])) from None
        return {"stopping": computation}


def _streamed(work: Work, q: dict) -> StreamingResponse:
    """The advisor's answer as JSON lines: ``{"id": ...}`` (the computation's, to stop it by),
    ``{"progress": [done, total]}`` while it deals, then ``{"answer": ...}`` (what the deals so
    far show when it was stopped) or ``{"error": ..., "status": ...}``; leaving stops it."""
    try:
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue = asyncio.Queue()

        def progress(done, total):
            loop.call_soon_threadsafe(queue.put_nowait, {"progress": [int(done), int(total)]})

        future, token = work.start(lambda token: answers.advise(
            q, token.check, progress, stop=token.reason))
    except Busy as e:
        raise _busy(e) from None
    future.add_done_callback(lambda f: loop.call_soon_threadsafe(queue.put_nowait, None))

    async def lines():
        try:
            yield json.dumps({"id": token.id}) + "\n"
            while True:
                item = await queue.get()
                if item is None:
                    break
                yield json.dumps(item) + "\n"
            try:
                yield json.dumps({"answer": future.result()}) + "\n"
            except Stopped as e:
                yield json.dumps({"error": str(e), "status": 408}) + "\n"
            except ValueError as e:
                yield json.dumps({"error": str(e), "status": 400}) + "\n"
        finally:
            token.cancel()         # the client left (or all is done): stop dealing

    return StreamingResponse(lines(), media_type="application/x-ndjson")


def _other_routes(app: FastAPI, compute, preparing: Preparing, work: Work) -> None:
    @app.get("/api/status", tags=["server"])
    async def status():
        """Whether the cold start's compile is done, step by step, and the computations in
        progress."""
        return {**preparing.status(), "running": work.running, "slots": work.jobs}

    @app.post("/api/review", tags=["review"])
    async def review(request: Request, q: _REVIEWED):
        """Hand records (the body: one JSON object a line, as ``replay`` and ``grade`` read
        them, or PTN records) reviewed, as ``euchre-sim review --json`` answers: the result,
        every decision graded, every card valued by the solver, each seat's accuracy; with
        ``show_how`` or ``duplicate`` those too (at most ``MAX_HANDS`` hands)."""
        text = await questions.body_text(request)
        return await compute(request, lambda token: answers.review_text(
            text, q.get("rules"), q["worlds"], q["seed"], token.check, q.get("show_how"),
            q.get("duplicate")))

    @app.get("/api/review", tags=["review"])
    async def review_run(request: Request, seed: int = 1, hand: int = 0,
                         strategy: str = "tuned", rules: str | None = None,
                         worlds: int = 4096):
        """Hand ``hand`` of a run with ``seed`` (as ``euchre-sim show``) reviewed."""
        return await compute(request, lambda token: answers.review_run(
            seed, hand, strategy, rules, worlds, token.check))

    @app.post("/api/review/show-how", tags=["review"], openapi_extra={"requestBody": {
        "required": True, "content": {"application/json": {
            "schema": {"type": "object"}, "example": {"record": {}, "step": 17}}}}})
    async def review_show_how(request: Request, rules: str | None = None, worlds: int = 256,
                              seed: int = 0, strategy: str = "tuned"):
        """Show me how: the body ``{"record": a hand record, "step": N, "choice": an action
        (optional: the best, as the review grades it), "partial": true for a hand in
        progress}``; the rest of the hand from decision N replayed with the choice there and
        ``strategy`` at every seat, beside what happened (``euchre-sim review --show-how``)."""
        body = await _review_body(request)
        step = body.get("step")

        def how(token):
            if not 2 <= worlds <= answers.MAX_WORLDS:
                raise ValueError(f"worlds: from 2 to {answers.MAX_WORLDS}, not {worlds}")
            return _or_400(show_how(body["record"], answers.rules_of(rules), step,
                                    body.get("choice"), answers.strategy(strategy), seed,
                                    worlds, bool(body.get("partial")), token.check,
                                    chosen_by=body.get("chosen_by", "asked for")))
        return await compute(request, how)

    @app.post("/api/review/duplicate", tags=["review"])
    async def review_duplicate(request: Request, seat: int = 0, rules: str | None = None,
                               seed: int = 0):
        """Duplicate: the body ``{"record": a hand record, "partial": ...}``; the same deal
        played by tuned, the equilibrium and pimc (few worlds) at ``seat``, tuned at the other
        seats: what each did with the seat's cards and what it scored (``euchre-sim review
        --duplicate``)."""
        body = await _review_body(request)
        return await compute(request, lambda token: _or_400(duplicate(
            body["record"], answers.rules_of(rules), seat, seed,
            partial=bool(body.get("partial")))))

    @app.get("/api/links/{code}", tags=["links"])
    async def link_open(code: str):
        """The hand record of a hand code (``euchre-sim link CODE``): what ``/review?h=CODE``
        and ``/advise?h=CODE`` open."""
        from sim.links import read_hand_code

        try:
            return {"code": code, "record": read_hand_code(code)}
        except ValueError as e:
            raise ApiError(400, str(e)) from None

    @app.post("/api/links", tags=["links"])
    async def link_make(request: Request):
        """The code of a finished hand record (the body, JSON), and the Review page's link to
        it (``euchre-sim link``); a record's ``"note"`` is left out (a link carries no text)."""
        from sim.links import hand_code

        record = await _json_body(request)
        if isinstance(record, dict):
            record = {k: v for k, v in record.items() if k != "note"}
        try:
            code = hand_code(record)
        except (ValueError, TypeError) as e:
            raise ApiError(400, str(e)) from None
        return {"code": code, "review": f"/review?h={code}", "advise": f"/advise?h={code}",
                "play": f"/play?h={code}"}


async def _review_body(request: Request) -> dict:
    body = await _json_body(request)
    if not isinstance(body, dict) or not isinstance(body.get("record"), dict):
        raise ApiError(400, "the body: {\"record\": a hand record, ...}")
    return body


def _or_400(answer: dict) -> dict:
    if "error" in answer:
        raise ValueError(answer["error"])
    return answer


def _game_routes(app: FastAPI, games: Games, compute) -> None:
    @app.post("/api/games", tags=["play"])
    async def new_game(request: Request, seed: int = 1, seat: int = 0,
                       partner: str = "tuned", opponents: str = "tuned",
                       rules: str | None = None,
                       h: Annotated[str | None, Query(description="a hand's code (euchre-sim "
                                                      "link): the game starts at its deal "
                                                      "and score")] = None):
        """A new game to 10 at ``seat`` against the bots (built-in players); with ``h``, from
        that hand's deal and score (the hands after it the seed's)."""
        def start(token):
            from sim.links import read_hand_code

            first = None
            if h:
                try:
                    first = read_hand_code(h)
                except ValueError as e:
                    raise ValueError(f"h: {e}") from None
            game = Game(answers.seed_of(seed), seat, answers.strategy(partner),
                        answers.strategy(opponents), answers.rules_of(rules), start=first)
            return games.add(game).state()
        return await compute(request, start)

    @app.get("/api/games/{game_id}", tags=["play"])
    async def game_state(game_id: str):
        """The game as the user's seat sees it."""
        return _game(games, game_id).state()

    @app.post("/api/games/{game_id}/act", tags=["play"], openapi_extra={"requestBody": {
        "required": True, "content": {"application/json": {
            "schema": {"type": "object"}, "example": {"action": "play", "card": "JH"}}}}})
    async def act(request: Request, game_id: str):
        """The user's action (as ``view.legal`` lists them), a JSON body; the bots then play to
        the user's next turn or the end of the hand."""
        game = _game(games, game_id)
        action = await _json_body(request)

        def move(token):
            with game.lock:
                game.act(action)
                return game.state()
        return await compute(request, move)

    @app.post("/api/games/{game_id}/next", tags=["play"])
    async def next_hand(request: Request, game_id: str):
        """Deal the next hand."""
        game = _game(games, game_id)

        def deal(token):
            with game.lock:
                game.next_hand()
                return game.state()
        return await compute(request, deal)

    _game_review_routes(app, games, compute)


def _game_review_routes(app: FastAPI, games: Games, compute) -> None:
    """A game's hint, its finished hands' review and its hand records."""
    @app.get("/api/games/{game_id}/hint", tags=["play"])
    async def hint(request: Request, game_id: str, worlds: int = 64):
        """The user's options priced, as ``decide --price`` prices them (tuned's choice
        marked), each with its interval; kept, so that the hand's grades can say where the move
        played stood in it."""
        game = _game(games, game_id)

        def priced(token):
            with game.lock:
                return game.hint(worlds)      # in plain Python while the solver compiles
        return await compute(request, priced)

    @app.get("/api/games/{game_id}/review", tags=["play"])
    async def hand_review(request: Request, game_id: str, hand: int = 0, worlds: int = 256):
        """A finished hand of the game (``hand``: 1 up; 0 the last) reviewed, the user's
        decisions graded, each beside the hint given for it (``"hint"``: its worlds, its best,
        the move's loss there with its interval, ``within`` it of the best)."""
        game = _game(games, game_id)
        if not game.records:
            raise ApiError(400, "no hand is finished yet")
        if not 0 <= hand <= len(game.records):
            raise ApiError(400, f"hand: from 1 to {len(game.records)}, not {hand}")
        record = game.records[hand - 1]
        number = hand if hand else len(game.records)

        def graded(token):
            if not 2 <= worlds <= answers.MAX_WORLDS:
                raise ValueError(f"worlds: from 2 to {answers.MAX_WORLDS}, not {worlds}")
            return game.beside_hints(review_record(
                record, game.rules, worlds, game.seed + hand, token.check, seats={game.seat}),
                number)
        return await compute(request, graded)

    @app.get("/api/games/{game_id}/records", tags=["play"],
             response_class=PlainTextResponse)
    async def records(game_id: str):
        """The finished hands as hand records, one JSON object a line (with the score before
        each), as ``euchre-sim grade`` reads them."""
        game = _game(games, game_id)
        return PlainTextResponse(game.jsonl(), media_type="application/x-ndjson", headers={
            "Content-Disposition": f'attachment; filename="euchre-game-{game.seed}.jsonl"'})


def _game(games: Games, game_id: str) -> Game:
    try:
        return games.get(game_id)
    except KeyError as e:
        raise ApiError(404, str(e.args[0])) from None


__all__ = ["create_app", "PAGES", "ApiError"]
