// Reading a number typed in a form field, with its bounds and the words of its error: pure, so the page's forms and
// the modules tested in Node (tests/node/) read numbers alike.

/** Parse a number field's text: {value} or {error}; ``badInput`` is the element's validity.badInput. */
export function readNumber(raw, { min = null, max = null, required = true, label = "This field", badInput = false } = {}) {
  const text = String(raw ?? "").trim().replace(/^−/, "-");
  if (badInput) return { error: `${label}: enter a whole number (digits${min !== null && min < 0 ? ", a minus sign" : ""}).` };
  if (text === "") return required ? { error: `${label}: enter a number.` } : { value: null };
  if (!/^-?\d+$/.test(text)) return { error: `${label}: “${text}” is not a whole number.` };
  const value = Number(text);
  if (min !== null && value < min) return { error: `${label} must be at least ${min}.` };
  if (max !== null && value > max) return { error: `${label} must be at most ${max}.` };
  return { value };
}
