// The camera view that reads the other device's QR code: the browser's BarcodeDetector where it has one (Chromium
// on Android), else the barcode-detector ponyfill over zxing's wasm (iOS Safari has none), both loaded only when
// this view opens, the wasm from our own vendor/ folder (precached, so it works offline).
import { html, useEffect, useRef } from "../app/html.mjs";

async function detector() {
  if (typeof globalThis.BarcodeDetector === "function") {
    const formats = await globalThis.BarcodeDetector.getSupportedFormats?.().catch(() => []);
    if (formats?.includes("qr_code")) return new globalThis.BarcodeDetector({ formats: ["qr_code"] });
  }
  const { BarcodeDetector, setZXingModuleOverrides } = await import("../vendor/barcode_detector.mjs");
  setZXingModuleOverrides({ locateFile: (path) => new URL(`vendor/${path}`, document.baseURI).href });
  return new BarcodeDetector({ formats: ["qr_code"] });
}

/** ``onCode(text)`` once a table code is read; ``onStop(why)`` when the camera is refused or closed ("" closed). */
export function Scanner({ onCode, onStop }) {
  const video = useRef(null);
  useEffect(() => {
    let stream = null;
    let live = true;
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error("no camera");
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
        if (!live) return;
        video.current.srcObject = stream;
        await video.current.play();
        const reader = await detector();
        while (live) {
          const found = await reader.detect(video.current).catch(() => []);
          const code = found.map((each) => each.rawValue).find((text) => /RT1[OA]\./.test(text));
          if (code) {
            live = false;
            onCode(code);
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      } catch {
        if (live)
          onStop("The camera could not be used (it was refused or this device has none). Paste the code instead.");
      }
    })();
    return () => {
      live = false;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);
  return html`<div class="live-scanner">
    <video ref=${video} muted playsinline aria-label="The camera: point it at the other device's code"></video>
    <div class="row-actions"><button type="button" onClick=${() => onStop("")}>Close the camera</button></div>
  </div>`;
}
