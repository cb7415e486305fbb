// Wiring only: start the engine worker first thing, then build the page from catalog.json (written by the
// build from the same py_rules), so forms appear while Python boots.
import { Engine } from "./rpc.mjs";
import { BootView } from "./boot_view.mjs";
import { StateStore } from "./state_store.mjs";
import { buildForm, clearErrors, keepShared, refreshShared, showError } from "./forms.mjs";
import { showResult } from "./result_view.mjs";
import { registerServiceWorker } from "./sw_client.mjs";

const root = document.documentElement;
const boot = new BootView();
const query = new URLSearchParams(location.search);
boot.stage(1, "Downloading the engine…");

const engine = new Engine({
  bootTimeoutMs: Number(query.get("boot_timeout")) * 1000 || undefined,
  onStage: ({ step, text }) => boot.stage(step, text),
  onReady: ({ version, marks, timeOrigin }) => {
    boot.ready(version);
    const shift = timeOrigin - performance.timeOrigin;
    root.dataset.bootMarks = Object.entries(marks).map(([name, ms]) => `${name}=${Math.round(ms + shift)}`).join(" ");
    root.dataset.readyMs = String(Math.round(performance.now()));
    root.dataset.ready = "true";
    // Precaching 15 MB competes with boot for the CPU and network, so it starts once the engine is up.
    registerServiceWorker({
      onUpdate: (reload) => {
        document.getElementById("update").hidden = false;
        document.getElementById("update-reload").onclick = reload;
      },
      onOffline: () => { root.dataset.offlineReady = "true"; },
    });
  },
  onBootError: (text) =>
    boot.failed(text, () => {
      root.dataset.ready = "false";
      boot.stage(1, "Downloading the engine…");
      engine.restart();
    }),
});


const store = new StateStore();
const ui = {
  systems: document.getElementById("systems"),
  select: document.getElementById("op-select"),
  summary: document.getElementById("op-summary"),
  formBox: document.getElementById("op-form"),
  results: document.getElementById("results"),
};

function opFromHash(operations) {
  const wanted = new URLSearchParams(location.hash.slice(1)).get("op");
  return operations.find((op) => op.id === wanted) || operations[0];
}

function render(catalog) {
  const bySystem = new Map(catalog.systems.map((system) => [system.id, catalog.operations.filter((op) => op.system === system.id)]));
  const forms = new Map();

  const showOp = (op) => {
    ui.systems.querySelectorAll("button").forEach((button) => button.setAttribute("aria-pressed", String(button.dataset.system === op.system)));
    ui.select.replaceChildren(
      ...bySystem.get(op.system).map((each) => {
        const option = document.createElement("option");
        option.value = each.id;
        option.textContent = `${each.title} (${each.covers.join(", ")})`;
        return option;
      }),
    );
    ui.select.value = op.id;
    ui.summary.textContent = `${op.summary} Source: ${op.source}.`;
    if (!forms.has(op.id)) forms.set(op.id, buildForm(op, store, (args, form) => submit(op, args, form)));
    const form = forms.get(op.id);
    refreshShared(op, form, store);
    ui.formBox.replaceChildren(form);
    history.replaceState(null, "", `#op=${encodeURIComponent(op.id)}`);
  };

  for (const system of catalog.systems) {
    const operations = bySystem.get(system.id);
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.system = system.id;
    button.textContent = system.name;
    button.disabled = operations.length === 0;
    button.addEventListener("click", () => showOp(operations[0]));
    ui.systems.append(button);
  }
  ui.select.addEventListener("change", () => showOp(catalog.operations.find((op) => op.id === ui.select.value)));
  window.addEventListener("hashchange", () => showOp(opFromHash(catalog.operations)));
  showOp(opFromHash(catalog.operations));
}

async function submit(op, args, form) {
  clearErrors(form);
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  try {
    const response = await engine.call(op.id, args);
    if (response.ok) {
      keepShared(op, form, args, response.result, store);
      showResult(ui.results, op, response.result);
    } else {
      showError(form, response.error);
    }
  } catch (error) {
    showError(form, { field: null, message: String(error?.message || error) });
  } finally {
    button.disabled = false;
  }
}

fetch("catalog.json")
  .then((response) => {
    if (!response.ok) throw new Error(`catalog.json: HTTP ${response.status}`);
    return response.json();
  })
  .then(render)
  .catch((error) => {
    ui.summary.textContent = `The list of rules could not be loaded (${error.message}). Reload the page.`;
  });
