// The text of a number field read as a number or refused in words naming the field (components/field.mjs shows it,
// every form and the house rules' settings read their numbers through it). Pure: tests/node/number_text.test.mjs.

/** Parse a number field: {value} or {error}; whole numbers unless ``decimals`` (a weight of 0.5 lb). ``badInput`` is
 * the element's validity.badInput. */
export function readNumber(
  raw,
  { min = null, max = null, required = true, label = "This field", badInput = false, decimals = false } = {},
) {
  const text = String(raw ?? "")
    .trim()
    .replace(/^−/, "-");
  const kind = decimals ? "number" : "whole number";
  if (badInput)
    return {
      error: `${label}: enter a ${kind} (digits${decimals ? ", a point" : ""}${min !== null && min < 0 ? ", a minus sign" : ""}).`,
    };
  if (text === "") return required ? { error: `${label}: enter a number.` } : { value: null };
  if (!(decimals ? /^-?\d{1,15}(\.\d{1,6})?$/ : /^-?\d+$/).test(text))
    return { error: `${label}: “${text}” is not a ${kind}.` };
  const value = Number(text);
  if (min !== null && value < min) return { error: `${label} must be at least ${min}.` };
  if (max !== null && value > max) return { error: `${label} must be at most ${max}.` };
  return { value };
}
