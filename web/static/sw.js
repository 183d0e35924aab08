// Surveyor's service worker. It keeps the client shell (the page, its stylesheet, its scripts, the manifest
// and the icons) so that the lobby opens without a network and says so (offline.js), and it shows the Web
// Push notifications the server sends (a JSON object with the title, the sentence in the player's language,
// the match's address and a tag per match, so that a newer note about a game replaces the older one) and
// opens the match when the player taps one.
//
// The shell is fetched from the network first, every time, and the cache updated with what came: a new
// client version is seen at once, and the cache is only the fallback when the server cannot be reached.
// The API (/api/: game states, lists, accounts, the sockets) is never touched: it passes straight to the
// server, so that no answer is kept (they may be private) and none is ever shown stale as if fresh.

const SHELL = "surveyor-shell-v1";
// FIXED are the shell's files besides the scripts, which the page itself lists as modulepreload links (the
// server lists every module there).
const FIXED = ["/app.css", "/manifest.json", "/icon.svg", "/icon-192.png", "/icon-512.png"];

// fillShell caches the whole shell, so that the first visit already opens offline next time.
async function fillShell() {
  const page = await fetch("/", { cache: "no-cache" });
  if (!page.ok) throw new Error(`the page: HTTP ${page.status}`);
  const html = await page.clone().text();
  const scripts = [...html.matchAll(/<link rel="modulepreload" href="(\/[^"]+)"/g)].map(m => m[1]);
  const cache = await caches.open(SHELL);
  await cache.put("/", page);
  await cache.addAll([...FIXED, ...scripts]);
}

self.addEventListener("install", (event) => {
  // The API goes to the network without waking the worker at all (the static routing API, where the
  // browser has it): a move or a state is never held up behind the worker's own work.
  if (event.addRoutes) {
    event.waitUntil(event.addRoutes([{ condition: { urlPattern: new URLPattern({ pathname: "/api/*" }) }, source: "network" }]).catch(() => {}));
  }
  event.waitUntil(fillShell().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const k of await caches.keys()) if (k !== SHELL) await caches.delete(k);
    await self.clients.claim();
  })());
});

// shellKey is where a request's answer is kept: every page route (/, /m/ID, /settings...) is the one page,
// kept as "/"; a file by its path; nothing for the API or another origin, or a method other than GET.
function shellKey(req) {
  if (req.method !== "GET") return null;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return null;
  if (req.mode === "navigate") return "/";
  return /\.[a-z0-9]+$/i.test(url.pathname) ? url.pathname : null;
}

self.addEventListener("fetch", (event) => {
  const key = shellKey(event.request);
  if (!key) return;
  event.respondWith((async () => {
    try {
      const res = await fetch(event.request);
      // Only the client's own page is kept for the page routes: another page the server serves without an
      // extension (an operator's, say) must not become the shell.
      const page = key !== "/" || (res.headers.get("Content-Type") || "").startsWith("text/html");
      if (res.ok && res.type === "basic" && page) {
        // Kept again only when it changed (its ETag): a page load does not rewrite the whole shell.
        const copy = res.clone(), tag = res.headers.get("ETag");
        event.waitUntil((async () => {
          const cache = await caches.open(SHELL), kept = await cache.match(key);
          if (!tag || !kept || kept.headers.get("ETag") !== tag) await cache.put(key, copy);
        })());
      }
      return res;
    } catch (err) {
      // No network, or no server: the shell as last seen, else the failure as it is.
      const kept = await caches.match(key, { cacheName: SHELL });
      if (kept) return kept;
      throw err;
    }
  })());
});

self.addEventListener("push", (event) => {
  let d = {};
  try { d = event.data ? event.data.json() : {}; } catch { d = { body: event.data ? event.data.text() : "" }; }
  event.waitUntil(self.registration.showNotification(d.title || "Surveyor", {
    body: d.body || "", tag: d.tag || undefined, renotify: !!d.tag, data: { url: d.url || "/" },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data && event.notification.data.url || "/", self.location.origin);
  event.waitUntil((async () => {
    const wins = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    for (const w of wins) {
      if (new URL(w.url).origin === url.origin && "focus" in w) {
        await w.focus();
        if ("navigate" in w) return w.navigate(url.href);
        return;
      }
    }
    return self.clients.openWindow(url.href);
  })());
});
