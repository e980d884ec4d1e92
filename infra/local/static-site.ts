// Serves the built web app like S3 + CloudFront do: files by path, index.html for client-side routes,
// hashed assets cached for a year, and on every answer the security headers of infra/security-headers.ts,
// the module the CloudFront response-headers policy is made from.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { isVaultPath, securityHeaders, vaultCacheControl, vaultPageFile } from '../security-headers.js';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

/**
 * The local origin's security headers: those of AWS, with the local user-pool endpoint on the page's own
 * origin (/cognito) and no Strict-Transport-Security, which browsers ignore over plain-HTTP loopback.
 */
export const localSecurityHeaders = securityHeaders({ connectOrigins: [], https: false });

export function createStaticSite(root: string) {
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new Error(`The web app is not built (${path.join(root, 'index.html')} is missing): run npm run build:web`);
  }
  return function serve(req: IncomingMessage, res: ServerResponse): void {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const candidate = path.normalize(path.join(root, pathname));
    const inside = candidate.startsWith(root + path.sep);
    const isFile = inside && existsSync(candidate) && statSync(candidate).isFile();
    // Unknown paths without a file extension are app routes: a reload or a bookmark gets the app, and /vault/*
    // gets the vault's own page (vault.html), as CloudFront's viewer-request function does.
    const vault = !isFile && isVaultPath(pathname) && !path.extname(pathname);
    const file = isFile
      ? candidate
      : path.extname(pathname)
        ? undefined
        : path.join(root, vault ? vaultPageFile : 'index.html');
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain', ...localSecurityHeaders });
      res.end('Not found');
      return;
    }
    const immutable = file.includes(`${path.sep}assets${path.sep}`);
    res.writeHead(200, {
      'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': vault ? vaultCacheControl : immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...localSecurityHeaders,
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file).pipe(res);
  };
}
