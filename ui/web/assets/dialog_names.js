// A dialog is named by its title for a screen reader (docs/decisions/accessibility.md).
//
// The app names every dialog (ui.parts.dialogs.open_dialog: Flutter's semanticLabel). Flutter's
// web client puts that name on a node inside the dialog's node, role="alertdialog", and links
// neither (no aria-labelledby), so a screen reader opens a dialog without a name (axe-core:
// aria-dialog-name). This links each dialog to the first named node inside it, as Flutter
// builds it. tests/app/test_app_accessibility_browser.py checks it on every dialog the walk opens.
(() => {
  const unnamed = '[role=alertdialog]:not([aria-label]):not([aria-labelledby]),' +
    '[role=dialog]:not([aria-label]):not([aria-labelledby])';
  const name = () => {
    for (const dialog of document.querySelectorAll(unnamed)) {
      const title = dialog.querySelector('[aria-label]');
      if (title && title.id) dialog.setAttribute('aria-labelledby', title.id);
    }
  };
  new MutationObserver(name).observe(document.documentElement, { childList: true, subtree: true });
})();
