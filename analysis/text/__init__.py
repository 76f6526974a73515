"""Text for a person (and the JSON a program reads beside it): one module per study or command,
from the run summaries (``summary``) to the advisor's answer (``advice``) and a hand (``hand``).
"""
