"""Runs: what a run is (``spec``: the table and the checked run specification), the one batch
loop over an executor (``executors``), hands runs (``hands``), games runs (``games``), resumable
chunked runs (``chunked``), tables of outside bots played through the referee (``refereed``), which
kernel plays a table (``bindings``), run folders, their manifests and sizes (``folders``,
``manifests``, ``sizes``), the kernel against the referee (``crosscheck``) and a searching
player's costs by decision (``costs``, read by its record).  ``sim``'s API exports what users
need of it.
"""
