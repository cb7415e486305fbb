"""Armageddon, Classic Unisystem (seed 000; rules/armageddon.md): d10 + Attribute + Skill against 9.

Modules: ``tables`` (rules as data), ``d10`` (Rules of 10 and 1), ``outcome`` (Success Levels),
``task`` and ``checks`` (Tasks, Tests, Resisted rolls), ``character`` (JSON state, derived values; its parts read
by ``character_parts``), ``penalties`` (automatic modifiers from the state), ``encumbrance``, ``damage`` (NdX×M+K,
applying damage), ``life`` (Consciousness, Survival, the death timer), ``healing`` (First Aid, resuscitation, daily
healing), ``essence``, ``fear``, ``clock`` (advance time / days), ``work`` (settings and the working copy),
``stat_block`` and ``stat_block_grammar`` (an NPC as the books print it), ``fields``, ``roll_state`` and ``ops_*``
(declared operations, one module per rule topic; ``operations.OPERATIONS`` is the entry point).
"""
