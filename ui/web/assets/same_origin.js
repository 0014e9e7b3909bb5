// The page asks nothing of another origin (docs/decisions/web-renderer.md, "A clean console").
//
// flet-web 1.0.5's client has Rive's plugin, which at start appends a <script> from a CDN
// (cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm/.../rive_native.js); the app draws no Rive
// animation, and the page's content security policy blocks the script anyway, with a console
// error on every load. This runs before the client: a script of another origin is not added to
// the page, so nothing is asked for (the plugin waits for it for ever, as it did when blocked).
// tests/app/test_app_renderer.py fails when the client stops adding that script.
(() => {
  const append = Element.prototype.append;
  const foreign = (node) => node instanceof HTMLScriptElement && node.src !== "" &&
    new URL(node.src, location.href).origin !== location.origin;
  Element.prototype.append = function (...nodes) {
    return append.apply(this, nodes.filter((node) => !foreign(node)));
  };
})();
