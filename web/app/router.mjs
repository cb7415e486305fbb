// Screens by location.hash, so reload and the back button keep the place: #/ (campaigns),
// #/c/<id> (party), #/c/<id>/sheet/<character id>, #/c/<id>/encounter[/<encounter id>], #/c/<id>/log, #/c/<id>/cast (the NPCs),
// #/c/<id>/rules, #/c/<id>/operations, #/c/<id>/table (the players' seats), #/about, #/c/<id>/tools (a campaign's tools for power users, from About),
// #/join[/<invitation code>] (a player joins a game held elsewhere: the link the game master sends).
import { useEffect, useState } from "./html.mjs";

export function parseHash(hash) {
  const parts = hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "about") return { screen: "about" };
  if (parts[0] === "join") return { screen: "join", code: parts.slice(1).join("/") };
  if (parts[0] !== "c" || !parts[1]) return { screen: "campaigns" };
  const campaignId = parts[1];
  if (parts[2] === "sheet" && parts[3]) return { screen: "sheet", campaignId, characterId: parts[3] };
  if (parts[2] === "encounter") return { screen: "encounter", campaignId, encounterId: parts[3] || null };
  if (parts[2] === "log") return { screen: "log", campaignId };
  if (parts[2] === "cast") return { screen: "cast", campaignId };
  if (parts[2] === "rules") return { screen: "rules", campaignId };
  if (parts[2] === "operations") return { screen: "operations", campaignId };
  if (parts[2] === "tools") return { screen: "tools", campaignId };
  if (parts[2] === "table") return { screen: "table", campaignId };
  return { screen: "party", campaignId };
}

export const paths = {
  home: () => "#/",
  about: () => "#/about",
  join: (code = "") => `#/join${code ? `/${encodeURIComponent(code)}` : ""}`,
  party: (id) => `#/c/${encodeURIComponent(id)}`,
  sheet: (id, characterId) => `#/c/${encodeURIComponent(id)}/sheet/${encodeURIComponent(characterId)}`,
  encounter: (id, encounterId = null) =>
    `#/c/${encodeURIComponent(id)}/encounter${encounterId ? `/${encodeURIComponent(encounterId)}` : ""}`,
  log: (id) => `#/c/${encodeURIComponent(id)}/log`,
  cast: (id) => `#/c/${encodeURIComponent(id)}/cast`,
  rules: (id) => `#/c/${encodeURIComponent(id)}/rules`,
  operations: (id) => `#/c/${encodeURIComponent(id)}/operations`,
  tools: (id) => `#/c/${encodeURIComponent(id)}/tools`,
  table: (id) => `#/c/${encodeURIComponent(id)}/table`,
};

export function navigate(hash) {
  if (location.hash !== hash) location.hash = hash;
}

export function useRoute() {
  const [route, setRoute] = useState(() => parseHash(location.hash));
  useEffect(() => {
    const update = () => setRoute(parseHash(location.hash));
    addEventListener("hashchange", update);
    return () => removeEventListener("hashchange", update);
  }, []);
  return route;
}
