// Items as an editor holds them (rows of typed text) and as the sheet stores them, each field and bound from the game's
// declaration (``items`` resolved by games/sheet_spec.mjs): pure, so they are tested in Node (tests/node/).
import { readNumber } from "../../components/read_number.mjs";

export const isNumber = (field) => field.kind === "int" || field.kind === "number";
export const nameKey = (decl) => decl.fields.find((field) => field.kind === "text")?.key ?? "name";

/** Editable rows from stored items: numbers become the text shown in their fields ({text, bad}). */
export function itemRows(decl, items = []) {
  return items.map((item) => Object.fromEntries(decl.fields.map((field) => [field.key, isNumber(field)
    ? { text: item?.[field.key] === null || item?.[field.key] === undefined ? "" : String(item[field.key]), bad: false }
    : String(item?.[field.key] ?? "")])));
}

/** Each row's errors by key ({weight: "Weight (lb) of item 1 must be at least 0."}), from the declared bounds. */
export function itemErrors(decl, rows) {
  return rows.map((row, index) => Object.fromEntries(decl.fields.filter(isNumber).map((field) => [field.key,
    readNumber(row[field.key].text, { min: field.min ?? null, max: field.max ?? null, required: !field.optional,
      label: `${field.label} of item ${index + 1}`, badInput: row[field.key].bad }).error || null]).filter(([, error]) => error)));
}

/** The items as the sheet stores them: complete, readable rows only (a row without a name is not an item yet). */
export function itemsOf(decl, rows) {
  const errors = itemErrors(decl, rows);
  const named = nameKey(decl);
  return rows.filter((row, index) => String(row[named]).trim() && !Object.keys(errors[index]).length)
    .map((row) => Object.fromEntries(decl.fields.map((field) => [field.key, isNumber(field)
      ? readNumber(row[field.key].text, { required: false }).value ?? null : String(row[field.key]).trim()])));
}

export const itemsInvalid = (decl, rows) => itemErrors(decl, rows).some((errors) => Object.keys(errors).length);

