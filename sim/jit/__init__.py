"""How Numba compiles here: the compile clock and notice and the cache stamped by the sources
(``compiling``), calls between compiled functions that do not copy the callee (``apart``),
compiling a part ahead in a child process (``ahead``), and every use of Numba's private
internals behind one guarded door (``numba_private``).

Part of the foundation: every module that compiles imports it (through ``sim.bits``,
``sim.rng``, ``sim.scoring`` or ``sim.seats``) before its first compile.
"""
