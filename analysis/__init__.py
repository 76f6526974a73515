"""euchre-sim analysis: statistics, tables, charts and the command line (imports ``sim``)."""
