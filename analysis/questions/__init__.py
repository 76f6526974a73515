"""The questions people ask interactively, each answered in one place that the command line and
the web application both call (``review``: a hand record reviewed step by step).  A question
composes the analyses and their text, so it sits above them and below the user interfaces.
"""
