/*
 * Browser globals of the callbacks given to page.evaluate / worker.evaluate: they run in Chromium, not in Node,
 * and the e2e code is typechecked with the server's Node-only libraries.
 */
declare const navigator: any;
declare const document: any;
declare const performance: { now(): number };
declare const self: any;
declare const window: any;
