"""The decision API and its doors: any strategy asked one decision from one seat's view
(``agent``: ``sim.agent``), outside Python bots with ``act(view)`` (``bots``), our players as
OpenSpiel bots (``openspiel``), and a view's options priced on consistent worlds (``pricing``).
"""
