// A screen that fails to render shows what happened and the way back, never an empty page. The
// boundary resets when the route changes, so leaving the broken screen works.
import { Component, html } from "../app/html.mjs";

export class ErrorBoundary extends Component {
  constructor(props) {
    super(props);
    this.state = { error: null };
  }

  static getDerivedStateFromError(error) {
    return { error };
  }

  componentDidCatch(error) {
    console.error("A screen failed to render:", error);
  }

  componentDidUpdate(previous) {
    if (previous.where !== this.props.where && this.state.error) this.setState({ error: null });
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return html`<section class="screen error-panel" aria-labelledby="error-title">
      <h1 id="error-title" tabindex="-1">This screen could not be shown</h1>
      <p role="alert">Something in what it reads is not as expected, so it stopped instead of showing wrong numbers. Nothing was changed or lost.</p>
      <p class="error-detail">${String(error?.message || error).slice(0, 300)}</p>
      <div class="row-actions">
        <a class="button primary" href="#/">All campaigns</a>
        <button type="button" onClick=${() => location.reload()}>Reload</button>
      </div>
    </section>`;
  }
}
