/*
 * Browser globals of the callbacks given to page.evaluate / worker.evaluate: they run in Chromium, not in Node,
 * and the e2e code is typechecked with Node-only libraries. Imported by browser.ts so every project that pulls the
 * runner in (bench/firstPage.ts) sees them.
 */
declare global {
  const navigator: any;
  const document: any;
  const self: any;
  const window: any;
}

export {};
