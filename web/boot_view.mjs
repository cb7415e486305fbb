// The boot progress bar: names the stage, and on failure shows the reason and a Retry button.
// It speaks of the rules, never of Python or versions: the technical stage and the engine's version are in the
// title (the About screen names the version too).

const STEPS = 4;
const WORDS = { 1: "Starting the rules…", 2: "Starting the rules…", 3: "Loading the rules…" };

export class BootView {
  constructor(root = document) {
    this.bar = root.getElementById("boot-progress");
    this.text = root.getElementById("boot-stage");
    this.retry = root.getElementById("boot-retry");
    this.box = root.getElementById("boot");
  }

  stage(step, text) {
    this.box.classList.remove("failed");
    this.retry.hidden = true;
    this.bar.hidden = false;
    this.bar.max = STEPS;
    this.bar.value = step;
    this.text.textContent = WORDS[step] || "Starting the rules…";
    this.text.title = text || "";
    document.documentElement.dataset.bootStage = String(step);
  }

  ready(version) {
    this.bar.value = STEPS;
    this.bar.hidden = true;
    this.text.textContent = "Rules ready";
    this.text.title = `Rules engine version ${version}`;
    this.box.classList.add("done");
  }

  failed(text, onRetry) {
    this.box.classList.add("failed");
    this.bar.hidden = true;
    const late = /did not start within (\d+ s)/.exec(text || "");
    const said = late ? `The rules did not start within ${late[1]}.` : "The rules could not start.";
    this.text.textContent = `${said} Check your connection (the first visit needs it) and try again.`;
    this.text.title = text || "";
    this.retry.hidden = false;
    this.retry.onclick = onRetry;
    document.documentElement.dataset.ready = "failed";
  }
}
