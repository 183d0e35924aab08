// Web Push for this browser: the service worker (/sw.js) registered, the browser's push subscription made
// with the server's VAPID key and handed to the server, which then reaches the player with no tab open.

import { api } from "./api.js";

export const pushSupported = () => typeof navigator !== "undefined" && "serviceWorker" in navigator &&
  typeof PushManager !== "undefined" && typeof Notification !== "undefined" && window.isSecureContext;

const bytes = (b64url) => {
  const s = atob(b64url.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((b64url.length + 3) % 4));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
};

// agent is a short name for this browser in the settings' list.
function agent() {
  const ua = navigator.userAgent;
  const b = /Firefox\//.test(ua) ? "Firefox" : /Edg\//.test(ua) ? "Edge" : /Chrome\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : "Browser";
  const os = /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iOS" : /Mac OS/.test(ua) ? "macOS" : /Windows/.test(ua) ? "Windows" : /Linux/.test(ua) ? "Linux" : "";
  return os ? `${b} · ${os}` : b;
}

// enablePush asks for permission, subscribes and registers the subscription; it throws "unsupported" or
// "blocked" when the browser cannot or will not.
export async function enablePush(key) {
  if (!pushSupported()) throw new Error("unsupported");
  if (await Notification.requestPermission() !== "granted") throw new Error("blocked");
  const reg = await navigator.serviceWorker.register("/sw.js");
  await navigator.serviceWorker.ready;
  let sub = await reg.pushManager.getSubscription();
  if (!sub) sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(key) });
  return api.addPush(sub.toJSON(), agent());
}
