import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { settle } from './pages';
import { viewportOf } from './viewports';

const axeSource = readFileSync(require.resolve('axe-core'), 'utf8');

interface AxeViolation { id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[]; html: string; any?: Array<{ message: string }> }> }

/** Runs axe-core on the page as it is and returns its serious and critical violations, one line each. */
export async function seriousViolations(page: Page, label: string, width: number): Promise<{ serious: string[]; minor: string[] }> {
  await settle(page);
  // Evaluated through DevTools rather than a <script> tag: the app's CSP (script-src 'self') rightly blocks inline scripts.
  if (!await page.evaluate(() => 'axe' in window)) await page.evaluate(axeSource);
  const violations = await page.evaluate(() => (window as unknown as { axe: { run: (options: unknown) => Promise<{ violations: AxeViolation[] }> } })
    .axe.run({ resultTypes: ['violations'] }).then((result) => result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, any: n.any?.slice(0, 1).map((c) => ({ message: c.message })) })) }))));
  const line = (v: AxeViolation) => `${label} @${width}px: ${v.impact} ${v.id} (${v.help}) x${v.nodes.length}: ${v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)).join(', ')}
       first: ${v.nodes[0]?.html.slice(0, 160)} ${v.nodes[0]?.any?.[0]?.message ?? ''}`;
  const isSerious = (v: AxeViolation) => v.impact === 'serious' || v.impact === 'critical';
  return { serious: violations.filter(isSerious).map(line), minor: violations.filter((v) => !isSerious(v)).map((v) => `${label} @${width}px: ${v.impact} ${v.id} x${v.nodes.length}`) };
}

/** The page's serious and critical violations at each width (phone height at phone width, desktop's otherwise), in order. */
export async function seriousViolationsAt(page: Page, label: string, widths: number[]): Promise<string[]> {
  const found: string[] = [];
  for (const width of widths) {
    await page.setViewportSize(viewportOf(width));
    found.push(...(await seriousViolations(page, label, width)).serious);
  }
  return found;
}
