"""The local web application, ``euchre-sim serve``: the advisor, the strategy chart, hand review
and a game against the bots as pages in plain JavaScript (``static/``, served from the package),
and the JSON API under ``/api`` they and any program ask (``app``), each endpoint one call of the
functions the command line calls (``answers``, ``game``, in the seat's words: ``seen``) within
the limits of ``work``, behind the door of ``guard``.
Needs the ``web`` extra (FastAPI and uvicorn).
"""
