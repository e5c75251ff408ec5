import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Browser, HTTPRequest, Page, PuppeteerNode } from 'puppeteer-core';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';

/** Page header and footer: HTML printed on every page (`pageNumber`, `totalPages` classes are filled in). */
export interface PdfPageOptions {
  headerTemplate?: string;
  footerTemplate?: string;
}

/** How many documents are printed at once (pages open in the one browser). */
export const PDF_CONCURRENCY = 2;
/** The longest one document may take to load and print. */
const RENDER_TIMEOUT_MS = 60_000;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** A FIFO limit on concurrent work. */
export class ConcurrencyLimit {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/**
 * Prints HTML to PDF in the system Chromium (CHROMIUM_PATH) through puppeteer-core. One browser is shared by
 * the process: launched on the first document, a new page per document (at most PDF_CONCURRENCY at once),
 * launched again after a crash, closed on shutdown. Pages run no JavaScript and load nothing from the network
 * (only `data:` URLs): the HTML is rendered from templates and answers, never trusted to fetch.
 */
@Injectable()
export class PdfRenderer implements OnModuleDestroy {
  private readonly logger = new Logger('PdfRenderer');
  private readonly slots = new ConcurrencyLimit(PDF_CONCURRENCY);
  private browser: Promise<Browser> | null = null;
  private closed = false;
  private launches = 0;

  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'chromiumPath'>) {}

  /** How many times a browser was launched (1 while the first one lives). */
  get launchCount(): number {
    return this.launches;
  }

  /** A4 PDF with margins and backgrounds. */
  async render(html: string, options: PdfPageOptions = {}): Promise<Buffer> {
    return this.slots.run(async () => {
      // a failed launch is the caller's error as it is (the next document tries again)
      const browser = await this.currentBrowser();
      try {
        return await this.print(browser, html, options);
      } catch (error) {
        // the browser died under this document: once more in a new one
        if (this.closed || browser.connected) throw error;
        this.logger.warn(`Chromium went away while printing (${(error as Error).message}); restarting it`);
        return this.print(await this.currentBrowser(), html, options);
      }
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    const browser = this.browser;
    this.browser = null;
    if (!browser) return;
    try {
      await (await browser).close();
    } catch {
      // never launched, or already gone
    }
  }

  private currentBrowser(): Promise<Browser> {
    if (this.closed) return Promise.reject(new Error('The PDF renderer is shut down'));
    if (!this.browser) {
      const launching = this.launch();
      this.browser = launching;
      // a failed launch is retried by the next document
      launching.catch(() => {
        if (this.browser === launching) this.browser = null;
      });
    }
    return this.browser;
  }

  private async launch(): Promise<Browser> {
    this.launches++;
    // loaded on the first PDF, not at every start of the api (about 0.2 s)
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const puppeteer = (require('puppeteer-core') as { default: PuppeteerNode }).default;
    const browser = await puppeteer.launch({
      executablePath: this.config.chromiumPath,
      headless: true,
      args: CHROMIUM_ARGS,
      // the app handles signals and closes the browser on shutdown; a pipe ends Chromium with the process
      pipe: true,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      protocolTimeout: RENDER_TIMEOUT_MS,
    });
    browser.once('disconnected', () => {
      void this.forget(browser);
    });
    if (this.closed) {
      await browser.close();
      throw new Error('The PDF renderer is shut down');
    }
    return browser;
  }

  /** Drops a browser that disconnected, so that the next document launches a new one. */
  private async forget(browser: Browser): Promise<void> {
    const current = this.browser;
    if (!current) return;
    try {
      if ((await current) !== browser) return;
    } catch {
      return;
    }
    if (this.browser === current) {
      this.browser = null;
      if (!this.closed) this.logger.warn('Chromium disconnected; the next PDF starts a new one');
    }
  }

  private async print(browser: Browser, html: string, options: PdfPageOptions): Promise<Buffer> {
    const page: Page = await browser.newPage();
    try {
      page.setDefaultTimeout(RENDER_TIMEOUT_MS);
      await page.setJavaScriptEnabled(false);
      await page.setRequestInterception(true);
      page.on('request', (request: HTTPRequest) => {
        const url = request.url();
        if (url.startsWith('data:') || url === 'about:blank') void request.continue();
        else void request.abort('blockedbyclient');
      });
      await page.setContent(html, { waitUntil: 'load' });
      const header = options.headerTemplate?.trim() ? options.headerTemplate : '<span></span>';
      const footer = options.footerTemplate?.trim() ? options.footerTemplate : '<span></span>';
      const withHeaderFooter = Boolean(options.headerTemplate?.trim() || options.footerTemplate?.trim());
      const pdf = await page.pdf({
        format: 'A4',
        printBackground: true,
        displayHeaderFooter: withHeaderFooter,
        headerTemplate: header,
        footerTemplate: footer,
        margin: { top: '20mm', bottom: '20mm', left: '15mm', right: '15mm' },
        timeout: RENDER_TIMEOUT_MS,
      });
      return Buffer.from(pdf);
    } finally {
      await page.close().catch(() => undefined);
    }
  }
}
