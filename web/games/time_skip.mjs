// "A time skip that runs dying rolls or Survival Tests asks first and says what it will run" (TABLE.md, No
// default that can hurt): a sheet's time move (Time passes, Next round, Hours pass, Days pass…) carries
// ``large: timeSkipCheck(op, sheetParam)``. Before anything is rolled the drawer asks the engine
// (encounter.sheet_time_check) what the move would run for that one character; when it would roll Survival
// Tests, dying rounds or CON rolls (or let a death timer run out) the drawer asks first, in the game's words,
// and Cancel changes nothing. The encounter's own "Time passes" asks the same way (encounter.time_check).

/** The drawer's ``large`` check for the time move ``op`` whose sheet field is ``sheetParam``. */
export function timeSkipCheck(op, sheetParam) {
  return async (args, sheet, ctx) => {
    const result = await ctx.engine("encounter.sheet_time_check", { move: op, args: { ...args, [sheetParam]: sheet } });
    const warnings = result?.details?.warnings || [];
    return warnings.length
      ? { title: "Let the time pass?", text: `${warnings.join(" ")} Go on?`, confirm: "Let the time pass" }
      : null;
  };
}
