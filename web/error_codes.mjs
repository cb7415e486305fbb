// The error codes the page gives or compares, named once. Every one is declared, with its meaning, in
// py_rules/error_codes.py (the catalog's ``errors``); tests/test_error_codes.py holds this list to it, and every
// other module to comparing an error's ``code`` through these names, never a string of its own.
export const CODE = Object.freeze({
  stopped: "stopped", // the call ran past its deadline: the page stopped the engine and started a fresh one (rpc.mjs)
  notReady: "not_ready", // the engine is still starting (rpc.mjs)
  internal: "internal", // the engine failed on the request: a fault, never a verdict on the input
  needsDie: "needs_die", // typed dice ran out: the rules need one more die (the answer's ``die`` names it)
  diceUnused: "dice_unused", // more faces were typed than the roll needed
  ruleViolation: "rule_violation", // the rules do not allow this now
});
