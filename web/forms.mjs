// Forms built from the catalog's parameter declarations (issue 2, "Forms from the catalog"). Every field
// is created with createElement and filled with textContent/value: user text is never parsed as HTML.
// Values go to the engine as typed; the engine validates them and names the field of any error.

const el = (tag, props = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "dataset") Object.assign(node.dataset, value);
    else if (key in node && key !== "list") node[key] = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children);
  return node;
};

/** The key under which a param's value is shared and kept, or null. */
export function shareKey(op, param) {
  if (param.state_key) return param.state_key;
  if (param.setting) return `${op.system}.setting.${param.name}`;
  return null;
}

function jsonText(value) {
  return value === undefined || value === null ? "" : JSON.stringify(value, null, 2);
}

function control(op, param, id, store) {
  const shared = shareKey(op, param);
  const stored = shared ? store.get(shared) : undefined;
  const initial = stored !== undefined ? stored : param.default;
  const common = { id, name: param.name, "aria-describedby": `${id}-help ${id}-error` };
  switch (param.kind) {
    case "bool":
      return el("input", { ...common, type: "checkbox", checked: Boolean(initial) });
    case "choice": {
      const select = el("select", common);
      for (const choice of param.choices) select.append(el("option", { value: choice, textContent: choice }));
      select.value = initial ?? param.choices[0];
      return select;
    }
    case "int":
    case "number":
      return el("input", {
        ...common, type: "number", inputMode: "decimal",
        step: param.kind === "int" ? "1" : "any",
        min: param.min ?? undefined, max: param.max ?? undefined,
        value: initial ?? "",
      });
    case "json":
      return el("textarea", {
        ...common, rows: 8, spellcheck: false, autocapitalize: "off",
        // A required sheet starts from the example; an optional one stays empty until the table fills it.
        value: jsonText(stored !== undefined ? stored : param.required ? param.example : param.default),
      });
    case "faces":
      return el("input", { ...common, type: "text", inputMode: "numeric", autocomplete: "off", placeholder: "faces in the order rolled", value: "" });
    default:
      return el("input", { ...common, type: "text", autocomplete: "off", maxLength: param.max_length ?? undefined, value: initial ?? "" });
  }
}

function field(op, param, store) {
  const id = `f-${op.id}-${param.name}`.replace(/[^\w-]/g, "_");
  const input = control(op, param, id, store);
  const label = el("label", { htmlFor: id, textContent: param.label + (param.required ? " *" : "") });
  const wrapper = el("div", { className: `field field-${param.kind}`, dataset: { field: param.name } }, label, input);
  if (param.kind === "json" && param.example !== null && param.example !== undefined) {
    const reset = el("button", { type: "button", className: "small", textContent: param.required ? "Reset to example" : "Fill with example" });
    reset.addEventListener("click", () => { input.value = jsonText(param.example); });
    wrapper.append(reset);
  }
  wrapper.append(
    el("small", { id: `${id}-help`, className: "help", textContent: param.help }),
    el("p", { id: `${id}-error`, className: "field-error", role: "alert", hidden: true }),
  );
  return wrapper;
}

/** Build the form for ``op``; ``onSubmit(args, form)`` receives the raw values by name. */
export function buildForm(op, store, onSubmit) {
  const form = el("form", { className: "op-form", noValidate: true, dataset: { op: op.id } });
  const settings = el("details", { className: "settings" }, el("summary", { textContent: "House-rule settings" }));
  for (const param of op.params) {
    (param.setting ? settings : form).append(field(op, param, store));
  }
  if (settings.children.length > 1) form.append(settings);
  form.append(
    el("p", { className: "form-error", role: "alert", hidden: true }),
    el("button", { type: "submit", className: "primary", textContent: op.rolls ? "Roll" : "Apply" }),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    onSubmit(readArgs(op, form), form);
  });
  return form;
}

function readArgs(op, form) {
  const args = {};
  for (const param of op.params) {
    const input = form.elements.namedItem(param.name);
    if (!input) continue;
    if (param.kind === "bool") args[param.name] = input.checked;
    else if (input.value !== "") args[param.name] = input.value;
  }
  return args;
}

export function clearErrors(form) {
  for (const node of form.querySelectorAll(".field-error, .form-error")) {
    node.textContent = "";
    node.hidden = true;
  }
  for (const node of form.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
}

/** Show an engine error next to its field (or above the button when it names none). */
export function showError(form, error) {
  const wrapper = error.field ? form.querySelector(`[data-field="${CSS.escape(error.field)}"]`) : null;
  const target = wrapper ? wrapper.querySelector(".field-error") : form.querySelector(".form-error");
  target.textContent = error.message;
  target.hidden = false;
  if (wrapper) {
    const input = wrapper.querySelector("input, select, textarea");
    input.setAttribute("aria-invalid", "true");
    wrapper.closest("details")?.setAttribute("open", "");
    input.focus();
  }
}

/**
 * After a successful call: keep the shared values the user submitted, then take every new state the result
 * lists in ``states`` (keyed by state_key; an attack changes both sides) and show them in this form.
 */
export function keepShared(op, form, args, result, store) {
  for (const param of op.params) {
    const key = shareKey(op, param);
    if (!key || !(param.name in args)) continue;
    try {
      store.set(key, param.kind === "json" ? JSON.parse(args[param.name]) : args[param.name]);
    } catch {
      // The engine accepted text JavaScript cannot parse (e.g. NaN): keep the last good value.
    }
  }
  for (const [key, value] of Object.entries(result.states || {})) store.set(key, value);
  refreshShared(op, form, store);
}

/** Refresh every state field of ``form`` from the store (another form may have changed it). */
export function refreshShared(op, form, store) {
  for (const param of op.params) {
    const key = shareKey(op, param);
    const value = key ? store.get(key) : undefined;
    const input = form.elements.namedItem(param.name);
    if (value === undefined || !input) continue;
    if (param.kind === "json") input.value = jsonText(value);
    else if (param.kind === "bool") input.checked = Boolean(value);
    else input.value = value;
  }
}
