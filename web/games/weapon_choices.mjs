// The weapons an attack offers, as [value, words] pairs for the drawer's list: each weapon once (a sheet may list
// two rows of the same name, and the game's own bare-handed choice is added only when the sheet has none), so a GM
// never picks between two "Unarmed". Which one the list starts at is the drawer's (the last used: ``keep``).

/** ``pairs`` without a later pair of a value (or, for a bare-handed one, of words) already listed. */
export function onceEach(pairs) {
  const seen = new Set();
  return pairs.filter(([value]) => {
    const key = String(value).trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** ``own`` (the sheet's weapons as pairs) then ``bare`` ([value, words]) unless a weapon of the sheet is it already:
 * its value, or its name in ``bare``'s words ("Unarmed", "Punch"). */
export function withBareHands(own, bare) {
  const listed = onceEach(own);
  const named = (text) => String(text).trim().toLowerCase();
  const already = listed.some(([value]) => named(value) === named(bare[0]) || named(value) === named(bare[1]));
  return already ? listed : [...listed, bare];
}
