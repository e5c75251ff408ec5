import { ConcurrencyLimit, PdfRenderer } from './pdf-renderer';

describe('ConcurrencyLimit (pages printed at once)', () => {
  it('runs at most `limit` jobs at a time, the others in arrival order, and goes on after a failure', async () => {
    const limit = new ConcurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const job = (n: number, fail = false) =>
      limit.run(async () => {
        started.push(n);
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        running--;
        if (fail) throw new Error(`job ${n} failed`);
        return n;
      });
    const results = await Promise.allSettled([job(1), job(2, true), job(3), job(4), job(5)]);
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(await job(6)).toBe(6);
  });
});

describe('PdfRenderer without a browser', () => {
  it('fails the document when Chromium cannot start, and tries again for the next one', async () => {
    const renderer = new PdfRenderer({ chromiumPath: '/nonexistent/chromium' });
    await expect(renderer.render('<p>x</p>')).rejects.toThrow();
    expect(renderer.launchCount).toBe(1);
    await expect(renderer.render('<p>x</p>')).rejects.toThrow();
    expect(renderer.launchCount).toBe(2);
    await renderer.onModuleDestroy();
    await expect(renderer.render('<p>x</p>')).rejects.toThrow('The PDF renderer is shut down');
  });
});
