// A QR code drawn as SVG (qrcode-generator; error correction M, the smallest version that holds the text), with the
// same text beside it to copy: a ~120-character code (plain addresses, as once the camera is granted) is version 6–7;
// with the browser's hidden (mDNS) host names it is ~200 characters, version 10 (57 modules), which a phone still reads
// (tests/web/test_live_scan.py scans one through a camera at 7 px a module).
import qrcode from "qrcode-generator";
import { html } from "../app/html.mjs";

/** The dark modules of ``text``'s QR code as one SVG path ("M x y h1v1h-1z" a module) and its size. */
export function qrPath(text) {
  const qr = qrcode(0, "M");
  qr.addData(text, "Byte");
  qr.make();
  const size = qr.getModuleCount();
  let path = "";
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      if (qr.isDark(row, column)) path += `M${column + 4} ${row + 4}h1v1h-1z`;
    }
  }
  return { path, size: size + 8 }; // four modules of quiet zone each side
}

export function QrCode({ text, label }) {
  const { path, size } = qrPath(text);
  return html`<svg class="qr-code" viewBox=${`0 0 ${size} ${size}`} role="img" aria-label=${label}
    shape-rendering="crispEdges"><rect width=${size} height=${size} fill="#fff" /><path d=${path} fill="#000" /></svg>`;
}
