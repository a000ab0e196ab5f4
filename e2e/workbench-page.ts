import { expect, type Locator, type Page } from '@playwright/test';

export function serverUrl(): URL {
  const url = process.env.EOG_E2E_URL;
  if (!url) throw new Error('EOG_E2E_URL is not set: run through e2e/playwright.config.ts (global setup starts eog serve)');
  return new URL(url);
}

/**
 * "N evaluations" in the status bar, whole: a plain substring would let "10 evaluations" pass
 * for "0 evaluations".
 */
export function evaluationsText(n: number): RegExp {
  return new RegExp(`(^|\\D)${n} evaluations`);
}

/** The workbench page with its regions, driven through accessible names and app state only. */
export class WorkbenchPage {
  readonly graph: Locator;
  readonly status: Locator;
  readonly inspector: Locator;
  readonly timeline: Locator;
  readonly result: Locator;

  constructor(readonly page: Page) {
    this.graph = page.getByRole('region', { name: 'Graph' });
    this.status = page.getByRole('status', { name: 'Status' });
    this.inspector = page.getByRole('complementary', { name: 'Inspector' });
    this.timeline = page.getByRole('region', { name: 'Timeline' });
    this.result = page.getByRole('region', { name: 'Result' });
  }

  async open(): Promise<void> {
    await this.page.goto(serverUrl().href);
    await expect(this.graph).toHaveAttribute('data-layout', 'done');
    await expect(this.status).toContainText('Connected');
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** A tab of the side panel (Diagnosis, Node, Hypotheses, Causal graph, Scopes, Settings). */
  tab(name: string): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  /** Shows a side tab; a click only when another is shown, so the keyboard focus stays where it was. */
  async openTab(name: string): Promise<void> {
    if ((await this.tab(name).getAttribute('aria-selected')) !== 'true') await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
  }

  /** The belief label the graph shows for a node (the accessible list mirrors the canvas). */
  nodeRow(id: string): Locator {
    return this.page.locator(`[data-node-id="${id}"]`);
  }

  /** Selects a node through the list mirror (hidden while the canvas is shown). */
  async select(id: string): Promise<void> {
    await this.nodeRow(id)
      .locator('button')
      .evaluate((b: HTMLButtonElement) => b.click());
    await expect(this.inspector).toHaveAttribute('data-node', id);
  }

  async evaluations(): Promise<number> {
    return Number(/(\d+) evaluations/.exec((await this.status.textContent()) ?? '')?.[1] ?? Number.NaN);
  }

  /** One Step, waiting until the status shows the next evaluation. */
  async step(): Promise<void> {
    const before = (await this.status.textContent())?.includes('evaluations') ? await this.evaluations() : 0;
    await this.button('Step').click();
    await expect(this.status).toContainText(evaluationsText(before + 1));
  }

  async reset(): Promise<void> {
    if (await this.button('Reset').isEnabled()) await this.button('Reset').click();
    await expect(this.status).toContainText(evaluationsText(0));
  }

  /** Runs to the end and shows the diagnosis (the Diagnosis tab). */
  async runToEnd(): Promise<void> {
    await this.button('Run').click();
    await expect(this.status).toContainText('finished');
    await this.openTab('Diagnosis');
    await expect(this.result).toBeVisible();
  }
}
