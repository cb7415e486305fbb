// The boot progress bar: names the stage, and on failure shows the reason and a Retry button (issue 2).

const STEPS = 4;

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
    this.text.textContent = text;
    document.documentElement.dataset.bootStage = String(step);
  }

  ready(version) {
    this.bar.value = STEPS;
    this.bar.hidden = true;
    this.text.textContent = `Engine ready (rules ${version}).`;
    this.box.classList.add("done");
  }

  failed(text, onRetry) {
    this.box.classList.add("failed");
    this.bar.hidden = true;
    this.text.textContent = `${text} Check your connection (the first visit needs it) and try again.`;
    this.retry.hidden = false;
    this.retry.onclick = onRetry;
    document.documentElement.dataset.ready = "failed";
  }
}
