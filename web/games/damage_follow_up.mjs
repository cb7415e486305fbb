// "Apply the damage to the target": after a damage roll with a target picked from the campaign, the rolled
// total goes to that character's own Take-damage operation (their sheet changes, and is stored).

/** ``args``: what the damage was rolled with; ``apply``: {op, param (the sheet), amount (its damage field),
 * asText, extra(args) → more args for the target's operation, large: the game's "asks first" for that damage}. */
export function damageFollowUp(result, target, args, apply) {
  if (!result?.op?.endsWith(".roll_damage") || !target || !Number.isFinite(result.total)) return [];
  return [
    {
      key: "apply-damage",
      label: `Apply ${result.total} damage to ${target.sheet.name}`,
      op: apply.op,
      bindTarget: apply.param,
      fixed: {
        [apply.amount]: apply.asText ? String(result.total) : result.total,
        ...(apply.extra ? apply.extra(args || {}) : {}),
      },
      fields: [],
      now: true,
      large: apply.large,
    },
  ];
}
