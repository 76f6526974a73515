"""How the kernel's hand is compiled: ``INLINE_PHASES``, whether LLVM inlines the hand's phases
into the hand and the hand into the loops that call it (``forceinline=INLINE_PHASES`` on them in
``sim.kernel.hand``).  A bound copy of the kernel (``sim.table.bindings.bound_kernels``) may
replace this file to compile the phases as functions of their own (pimc's)."""

INLINE_PHASES = True
