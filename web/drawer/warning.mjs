// Before a roll the rules forbid, a line above Roll says so in the game's words ("Jack can't act: frozen by fear
// (2 Turns). The rules forbid this roll; you may still roll it."). The GM can still roll — it is their table —
// unless the operation itself refuses (an unconscious investigator's skill roll: "it cannot be rolled now"). The
// engine's <game>.capacity answers for the one who acts (``forbidden``: the operations their state forbids now,
// each with its reason) and, for an attack, for the one attacked (cannot defend).
import { html } from "../app/html.mjs";
import { useCapacity } from "../screens/party/character_card.mjs";

const ATTACKS = new Set(["armageddon.attack", "semiautomagic.attack", "coc.attack"]);

/** The warning lines for ``op`` rolled by ``who`` (their capacity) against ``target`` (theirs), none when allowed. */
export function warningLines(op, who, mine, target, theirs) {
  const lines = [];
  const reason = mine?.forbidden?.[op];
  if (reason) {
    const refused = (mine.refused || []).includes(op);
    lines.push(
      `${who}: ${reason}. The rules forbid this roll${refused ? ": it cannot be rolled now." : "; you may still roll it."}`,
    );
  }
  if (ATTACKS.has(op) && theirs && !theirs.can_defend) {
    const why = theirs.limits.find((each) => each.what === "defend")?.reason;
    lines.push(`${target} can't defend${why ? `: ${why}` : ""}.`);
  }
  return lines;
}

export function RuleWarning({ op, game, sheet, target }) {
  const mine = useCapacity(game, sheet);
  const theirs = useCapacity(game, ATTACKS.has(op) ? target : null);
  const lines = warningLines(op, sheet?.name, mine, target?.name, theirs);
  if (!lines.length) return null;
  return html`<div class="rule-warning" role="status" data-rule-warning>
    ${lines.map((line) => html`<p key=${line}><span aria-hidden="true">⚠ </span>${line}</p>`)}
  </div>`;
}
