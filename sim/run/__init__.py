"""Runs: what a run is (``spec``: the checked run specification; who sits where is the ``Table``
of ``sim.table``, with the kernel that plays it), the one batch loop over an executor
(``executors``), hands runs (``hands``), games runs (``games``), resumable chunked runs
(``chunked``), tables of outside bots played through the referee (``refereed``, asking the
agents), run folders, their manifests and sizes (``folders``, ``manifests``, ``sizes``), the
kernel against the referee (``crosscheck``) and a searching player's costs by decision
(``costs``, read by its record).  ``sim``'s API exports what users need of it.
"""
