// Whether the server can be reached, said in a banner under the header: the service worker (/sw.js) opens
// the client shell without a network, and this is what then tells the player why the lists are empty and
// nothing can be played. The API's calls report each answer or network failure (api.js); the browser's
// own online and offline events count too.

import { h } from "./dom.js";
import { t } from "./i18n.js";

let down = typeof navigator !== "undefined" && navigator.onLine === false;
const banner = () => document.getElementById("offline-banner");

// offlineBanner is the banner for a page being drawn (the router draws it under the header each time),
// shown while the server is out of reach.
export function offlineBanner() {
  return h("p", { id: "offline-banner", class: "offline-banner", role: "status", hidden: !down }, t("offlineBanner"));
}

// serverReached records whether the last request reached the server (any answer, an error status
// included) or failed on the network.
export function serverReached(ok) {
  if (down === !ok) return;
  down = !ok;
  const b = banner();
  if (b) b.hidden = !down;
}

if (typeof window !== "undefined") {
  window.addEventListener("offline", () => serverReached(false));
  // Back online is only a hint: the next answer from the server says so for sure.
  window.addEventListener("online", () => fetch("/api/games", { method: "HEAD", cache: "no-store" }).then(() => serverReached(true), () => {}));
}
