// A roll the game master asked for, as the roll drawer's spec (drawer/index.mjs): its operation, its arguments shown
// filled in (every default visible), the player's character bound, and the request's id so the roll answers it.
// Pure: reads only the catalog's declaration of the operation.

/** Fields a request leaves to the player even when it does not set them (a bonus or penalty die of their own). */
const ALWAYS = ["difficulty", "bonus", "penalty"];

/** The drawer's spec for ``request`` ({id, op, args, label}); null when this app does not know the operation. */
export function requestSpec(catalog, request) {
  const op = catalog.op(request.op);
  if (!op) return null;
  const sheet =
    op.params.find((param) => param.state_key && param.required) || op.params.find((param) => param.state_key);
  if (!sheet) return null;
  const args = request.args || {};
  const fields = op.params
    .filter((param) => !param.state_key && !param.setting && param.name !== "dice")
    .filter((param) => Object.hasOwn(args, param.name) || ALWAYS.includes(param.name))
    .map((param) => param.name);
  return {
    key: `request-${request.id}`,
    title: request.label || op.title,
    op: request.op,
    bind: sheet.name,
    fields,
    defaults: Object.fromEntries(fields.filter((name) => Object.hasOwn(args, name)).map((name) => [name, args[name]])),
    required: fields.filter((name) => Object.hasOwn(args, name)),
    request: request.id,
  };
}

/** What a proposal was, in words: "Skill roll: Spot Hidden — Failure". */
export function proposalWords(catalog, proposal) {
  const title = catalog.op(proposal.op)?.title || "A roll";
  const what = proposal.args?.skill || proposal.args?.characteristic || "";
  const outcome = proposal.saw?.outcome || "";
  return `${title}${what ? `: ${what}` : ""}${outcome ? ` — ${outcome}` : ""}`;
}
