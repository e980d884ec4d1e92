import { serveWebDist, launchChromium } from './measure-web.ts';
const server = await serveWebDist();
const browser = await launchChromium();
const context = await browser.newContext();
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(server.origin + '/');
await page.waitForFunction(() => document.querySelector('input[type=email]'), undefined, { polling: 'raf' });
const { profile } = await cdp.send('Profiler.stop');
// self time per function+url
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
const self = new Map<string, number>();
const dts = profile.timeDeltas!;
profile.samples!.forEach((id: number, i: number) => {
  const n: any = byId.get(id); const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/^.*\//, '')}:${n.callFrame.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + (dts[i] ?? 0) / 1000);
});
const byUrl = new Map<string, number>();
for (const [k, v] of self) { const u = k.split(' ')[1]!.split(':')[0]!; byUrl.set(u, (byUrl.get(u) ?? 0) + v); }
console.log([...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${v.toFixed(0)}ms ${k}`).join('\n'));
console.log('---');
console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 20).map(([k, v]) => `${v.toFixed(0)}ms ${k}`).join('\n'));
await browser.close(); await server.close();
