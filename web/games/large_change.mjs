// "A large change asks first" (TABLE.md, No default that can hurt): an amount beyond what the character's
// pool holds asks before anything is rolled, saying what it will do in the game's words. Each game's quick
// actions and follow-ups name a ``large(args, sheet, ctx)`` built from these; it returns null (go ahead) or
// {title, text, confirm} (the drawer asks, Cancel changes nothing). ``ctx.engine(op, args)`` reads a value the
// sheet does not store (Semiautomagic's Toughness and Will) and what a damage or loss text can come to.

/** What the text of ``field`` (a damage or a loss) of the operation ``op`` can come to, as the engine reads it:
 * ``{least, most, parts}`` from the door's ``dice_range`` (py_rules/dice_expr.py holds the one grammar of every
 * damage and loss text; the page keeps no copy of it). null when the engine cannot read the text: the operation
 * then says what is wrong with it. */
export async function rangeOf(ctx, op, field, text) {
  if (String(text ?? "").trim() === "") return null;
  try {
    return await ctx.engine("dice_range", { op, field, text: String(text) });
  } catch {
    return null;
  }
}

/** "−20" with a real minus sign. */
export const signed = (value) => (value < 0 ? `−${Math.abs(value)}` : String(value));

/**
 * The words for a change to a pool holding ``current``: null when it fits. ``text``: the change as typed;
 * ``range``: what it can come to ({least, most}: ``rangeOf``, or both the number typed); ``what(n)``: "30 damage";
 * ``pool``: "hit points"; ``after(n, known)``: what the character is left with.
 */
export function poolWarning({
  text,
  range,
  current,
  name,
  what,
  pool,
  after,
  title,
  confirm = "Apply",
  more = (n) => n > current,
}) {
  if (!range || current === null || current === undefined || !Number.isFinite(Number(current))) return null;
  const most = range.most;
  if (!more(most)) return null;
  const known = range.least === range.most;
  const said = known
    ? `${what(most)} is more than ${name}'s ${current} ${pool}`
    : `${String(text).trim()} can come to ${what(most)}, more than ${name}'s ${current} ${pool}`;
  return { title: title || `Apply ${what(most)}?`, text: `${said}: ${after(most, known)}. ${confirm} it?`, confirm };
}
