// A roll on a player's device becomes a proposal (py_rules/table/__init__.py): made here from what the engine answered,
// kept in the record's outbox in the same write as the roll's own change (app/operation_actions.mjs), so a reload
// never loses one nor keeps a roll without it.
import { newId } from "../store/records.mjs";
import { isPlayer, makeProposal, withProposal } from "./record.mjs";
import { playerOps } from "./moves.mjs";

/** ``{proposal, into(record)}`` for a roll of ``op`` on player record ``campaign``; null on a game master's campaign
 * or for an operation a player does not propose (a look such as "Can they act?"). */
export function proposalOf(app, campaign, { op, args, bind, result, request = null }) {
  if (!isPlayer(campaign) || !playerOps(app.state.catalog).has(op)) return null;
  const declared = app.state.catalog.op(op)?.params || [];
  const proposal = makeProposal({
    joined: campaign.joined,
    op,
    args,
    bind,
    result,
    sheetParams: declared.filter((param) => param.state_key).map((param) => param.name),
    settingParams: declared.filter((param) => param.setting).map((param) => param.name),
    id: newId("p"),
    at: new Date().toISOString(),
    request,
  });
  return { proposal, into: (record) => withProposal(record, proposal) };
}
