"""Armageddon, Classic Unisystem (seed 000; rules/armageddon.md): d10 + Attribute + Skill against 9.

Modules: ``tables`` (rules as data), ``d10`` (Rules of 10 and 1), ``outcome`` (Success Levels),
``task`` and ``checks`` (Tasks, Tests, Resisted rolls), ``character`` (JSON state, derived values),
``penalties`` (automatic modifiers from the state), ``encumbrance``, ``damage`` (NdX×M+K, applying
damage), ``life`` (Consciousness, Survival, First Aid, resuscitation, healing), ``essence``, ``fear``,
``clock`` (advance time / days), ``work`` (settings and the working copy), ``fields`` and ``ops_*``
(declared operations; ``operations.OPERATIONS`` is the entry point).
"""
