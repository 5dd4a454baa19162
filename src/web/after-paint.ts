// The loader of a server-rendered page (decision 012). The server sends the app's entry script and
// its module preloads inside an inert <template> and this script in their place, so that the
// page's HTML and CSS have a slow connection to themselves and paint first; the app's code
// (about 115 KB) is then fetched and run to hydrate the page. A frame, then a task: the callback
// of the next frame runs before that frame's paint, the task after it.
//
// It imports nothing, so that it is a chunk of its own and the app's chunks stay as they are for
// the pages rendered in the browser; hence the template's id (APP_CODE_ID of
// domain/server-render.ts) is written out here. The browser tests of every server-rendered page
// fail if the two differ: the page is never hydrated.
const APP_CODE_ID = 'app-code';

function loadAppCode() {
  const code = document.getElementById(APP_CODE_ID);
  if (!(code instanceof HTMLTemplateElement)) {
    console.error(`PawStay: the page has no #${APP_CODE_ID} template, so its app cannot start`);
    return;
  }
  for (const node of code.content.children) {
    // A script made by the parser inside a template is never run, even when copied out of it.
    const element = node instanceof HTMLScriptElement ? document.createElement('script') : node.cloneNode(true);
    if (node instanceof HTMLScriptElement) for (const { name, value } of node.attributes) (element as Element).setAttribute(name, value);
    document.head.append(element);
  }
  code.remove();
}

// A tab opened in the background paints no frame until it is shown: its code loads at once.
if (document.visibilityState === 'hidden') loadAppCode();
else requestAnimationFrame(() => setTimeout(loadAppCode));
