// Armageddon's changes that ask first (games/large_change.mjs): damage beyond the pool it hits, Essence spent beyond
// what is left (seed 000, Life Points, Essence; rules/armageddon.md §1.9, §1.12). The moves (armageddon_moves.mjs) and
// the damage an attack follows up with (armageddon.mjs) use them.

import { poolWarning, rangeOf, signed } from "./large_change.mjs";

/** The pool a damage or a loss lowers, as the sheet holds it now. */
const POOL_OF = {
  LP: ["life_points", "Life Points", "LP"],
  EP: ["endurance_points", "Endurance Points", "EP"],
  Essence: ["essence", "Essence", "Essence"],
};
const holding = (sheet, key) => sheet?.current?.[key] ?? sheet?.derived?.[key];

/** Damage beyond the pool it hits asks first ("30 damage is more than Jack's 26 Life Points: Jack will be at −4 LP"). */
export async function damageWarning(args, sheet, ctx) {
  const [key, pool, short] = POOL_OF[args.pool || "LP"] || POOL_OF.LP;
  const current = holding(sheet, key);
  const range = await rangeOf(ctx, "armageddon.apply_damage", "amount", args.amount);
  return poolWarning({
    text: args.amount,
    range,
    current,
    name: sheet.name,
    pool,
    what: (n) => `${n} damage`,
    after: (n, known) => `${sheet.name} ${known ? "will" : "could"} be at ${signed(current - n)} ${short}`,
  });
}

/** Essence spent beyond what is left asks first: below 0 the Willpower Test is rolled with the loss, or when the day
 * passes under the house rule that rolls the checks once a day (rules/armageddon.md §1.12, §1.16 A13). */
export async function essenceWarning(args, sheet, ctx) {
  const current = holding(sheet, "essence");
  const points = Number(args.amount ?? 0); // a whole-number field; the leak die is the engine's to read
  const leak =
    args.leak_die && args.leak_die !== "none"
      ? await rangeOf(ctx, "armageddon.lose_essence", "leak_die", args.leak_die)
      : null;
  if (!Number.isInteger(points) || (!leak && !(points > 0))) return null;
  const text = leak ? `${points}+${args.leak_die}` : String(points);
  const range = { least: points + (leak?.least ?? 0), most: points + (leak?.most ?? 0) };
  return poolWarning({
    text,
    range,
    current,
    name: sheet.name,
    pool: "Essence",
    what: (n) => `${n} Essence`,
    title: "Spend it?",
    confirm: "Spend",
    after: (n, known) =>
      `${sheet.name} ${known ? "will" : "could"} be at ${signed(current - n)} Essence, and below 0 ${
        ctx.settings?.essence_check_timing === "daily"
          ? "the Willpower Test is rolled when the day passes (house rule: once a day)"
          : "the Willpower Test is rolled at once"
      }`,
  });
}
