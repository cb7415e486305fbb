// A campaign as one JSON file: export through <a download> on an object URL (revoked after), and the Web
// Share sheet with the file where the device has one; import reads the text, and the engine validates the
// whole file (campaign.validate) before anything is written.

export function campaignFileName(campaign) {
  const slug = String(campaign.name ?? "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "campaign";
  return `${slug}.campaign.json`;
}

/** The file's content: the campaign record itself (it carries its schema). */
export function campaignBlob(campaign) {
  const indent = (campaign.log?.length ?? 0) > 200 ? 0 : 2; // a long log stays compact (tens of MB otherwise)
  return new Blob([JSON.stringify(campaign, null, indent)], { type: "application/json" });
}

export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** True when the Share sheet can take this file (iPad: AirDrop a campaign to another tablet). */
export function canShareFile(blob, name) {
  if (!navigator.canShare) return false;
  try { return navigator.canShare({ files: [new File([blob], name, { type: blob.type })] }); } catch { return false; }
}

export async function shareFile(blob, name, title) {
  await navigator.share({ files: [new File([blob], name, { type: blob.type })], title });
}

/** Read a chosen file as JSON; a parse failure is one problem with the path "(file)". A file holding a campaign
 * written as one JSON text (a campaign saved by a tool that quoted it) is read as that campaign. */
export async function readJsonFile(file) {
  const text = await file.text();
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { data: null, problems: [{ path: "(file)", message: `This is not a campaign file: it is not valid JSON (${error.message}).` }] };
  }
  if (typeof data !== "string") return { data, problems: [] };
  try {
    const inner = JSON.parse(data);
    if (inner && typeof inner === "object" && !Array.isArray(inner)) return { data: inner, problems: [] };
  } catch { /* not JSON inside: said below */ }
  return { data: null, problems: [{ path: "(file)", message: `This is not a campaign file: it holds one piece of text (“${data.slice(0, 60)}${data.length > 60 ? "…" : ""}”), not a campaign.` }] };
}
