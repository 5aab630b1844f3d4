/**
 * Lighthouse mobile performance of a storefront page: its default mobile profile (Moto G class
 * screen, simulated slow 4G, 4× CPU slowdown) on Debian's Chromium, headless without a sandbox.
 * Runs are sequential (two runs at once on two cores would slow each other) and the median by
 * score is reported with its LCP, TBT, CLS and FCP, plus every run's score to show the spread.
 */
import { spawn } from 'node:child_process';

type Run = { score: number; lcpMs: number; tbtMs: number; cls: number; fcpMs: number; speedIndexMs: number };

type LighthouseJson = {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number }>;
};

function lighthouseOnce(url: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'node_modules/.bin/lighthouse',
      [
        url,
        '--only-categories=performance',
        '--output=json',
        '--quiet',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update --disable-sync',
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited ${code}: ${err.slice(-500)}`));
      const report = JSON.parse(out) as LighthouseJson;
      const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
      resolve({
        score: Math.round(report.categories.performance.score * 100),
        lcpMs: Math.round(audit('largest-contentful-paint')),
        tbtMs: Math.round(audit('total-blocking-time')),
        cls: +audit('cumulative-layout-shift').toFixed(3),
        fcpMs: Math.round(audit('first-contentful-paint')),
        speedIndexMs: Math.round(audit('speed-index')),
      });
    });
  });
}

/** Median of `runs` Lighthouse runs (by score) of `url`. */
export async function benchLighthouse(url: string, runs = 3) {
  const results: Run[] = [];
  for (let i = 0; i < runs; i++) {
    // On a busy machine Chromium's trace sometimes misses the navigation (NO_NAVSTART): run it again.
    for (let attempt = 1; ; attempt++) {
      try {
        results.push(await lighthouseOnce(url));
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  }
  const sorted = [...results].sort((a, b) => a.score - b.score);
  return {
    url: new URL(url).pathname,
    median: sorted[Math.floor(sorted.length / 2)],
    scores: results.map((r) => r.score),
  };
}
