// How large this browser draws text, told to the server (ui/web/text_scale.py).
//
// Flutter's web client scales its text by the page's root font size (16 px is 1; a browser set
// to 200% text gives 32 px), and does not tell the server. This script runs before the Flutter
// client starts, so the cookie goes with the client's websocket: the server lays out screens
// whose text could be cut (the scorepad's line labels) for that size.
(() => {
  // An unreadable size says "NaN", which the server takes as the usual size.
  const scale = parseFloat(getComputedStyle(document.documentElement).fontSize) / 16;
  document.cookie = `scorepad-text-scale=${Math.round(scale * 100) / 100}; path=/; SameSite=Strict`;
})();
