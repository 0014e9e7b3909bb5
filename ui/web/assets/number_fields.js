// The phone's number keyboard for count fields while the accessibility tree is on.
//
// Flutter's web engine sets inputmode itself on the hidden input it types into, but once its
// accessibility tree is on (a screen reader, or a test) the tree's own <input> is typed into,
// and that one only knows the input types text, url, tel, search and email: no number
// (flutter/flutter#178334). The app marks each count field with the semantics identifier
// "number-field" (ui/parts/count_field.py); every input inside such a node gets
// inputmode="numeric". Flutter rewrites an input's attributes when its node changes, so the
// mark is put back after every change of the tree.
(() => {
  const NUMBER_INPUTS = '[flt-semantics-identifier="number-field"] input';
  const markNumberInputs = () => {
    for (const input of document.querySelectorAll(NUMBER_INPUTS)) {
      if (input.getAttribute("inputmode") !== "numeric") {
        input.setAttribute("inputmode", "numeric");
      }
    }
  };
  new MutationObserver(markNumberInputs).observe(document.documentElement, {
    subtree: true, childList: true, attributes: true,
    attributeFilter: ["inputmode", "flt-semantics-identifier"],
  });
})();
