// "A large change asks first" (TABLE.md, No default that can hurt): an amount beyond what the character's
// pool holds asks before anything is rolled, saying what it will do in the game's words. Each game's quick
// actions and follow-ups name a ``large(args, sheet, ctx)`` built from these; it returns null (go ahead) or
// {title, text, confirm} (the drawer asks, Cancel changes nothing). ``ctx.engine(op, args)`` reads a value the
// sheet does not store (Semiautomagic's Toughness and Will).

/** The most a damage or loss text can come to: "30" → 30, "d6x4" → 24, "2d6+3" → 15, "1D10+1" → 11;
 * null when it cannot be read (the engine then says what is wrong with it). */
export function mostOf(text) {
  const source = String(text ?? "").trim().toLowerCase().replace(/\s+/g, "").replace(/−/g, "-");
  if (!source) return null;
  const terms = source.match(/[+-]?[^+-]+/g);
  if (!terms || terms.join("") !== source) return null;
  let total = 0;
  for (const term of terms) {
    const sign = term.startsWith("-") ? -1 : 1;
    const body = term.replace(/^[+-]/, "");
    const dice = body.match(/^(\d*)d(\d+)(?:[x×*](\d+))?$/);
    if (dice) {
      const most = (Number(dice[1] || 1)) * Number(dice[2]) * Number(dice[3] || 1);
      total += sign > 0 ? most : -(Number(dice[1] || 1)) * Number(dice[3] || 1); // a subtracted die: its least
    } else if (/^\d+$/.test(body)) {
      total += sign * Number(body);
    } else {
      return null;
    }
  }
  return total;
}

/** Whether the text is a plain number (the change is known before the roll). */
export const exact = (text) => /^\s*\d+\s*$/.test(String(text ?? ""));

/** "−20" with a real minus sign. */
export const signed = (value) => (value < 0 ? `−${Math.abs(value)}` : String(value));

/**
 * The words for a change of ``amount`` (its text) to a pool holding ``current``: null when it fits.
 * ``what(n)``: "30 damage"; ``pool``: "hit points"; ``after(n, known)``: what the character is left with.
 */
export function poolWarning({ text, current, name, what, pool, after, title, confirm = "Apply", more = (n) => n > current }) {
  const most = mostOf(text);
  if (most === null || current === null || current === undefined || !Number.isFinite(Number(current))) return null;
  if (!more(most)) return null;
  const known = exact(text);
  const said = known ? `${what(most)} is more than ${name}'s ${current} ${pool}` : `${String(text).trim()} can come to ${what(most)}, more than ${name}'s ${current} ${pool}`;
  return { title: title || `Apply ${what(most)}?`, text: `${said}: ${after(most, known)}. ${confirm} it?`, confirm };
}
